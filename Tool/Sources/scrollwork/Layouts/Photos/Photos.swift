import ArgumentParser
import Benchmarks
import GestureScripting
import LayoutCatalog
import LayoutCore
import PhotoGrid
import Scenes
import Simulation
import ToolOutput

// The photo library grid in the tool: `inspect photos` (a mode, or a
// transition between two modes at a progress), `simulate photos` (scrolling
// plus the `mode`, `pinch`, `insert` and `delete` verbs), its demo scene and
// its benchmark scenarios.

extension PhotosPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

enum PhotosEntry: LayoutEntry {
  static let name = "photos"
  static var scriptVerbs: [LayoutVerb] { PhotoGridSession.verbs }
  static let demoPresets = [PhotosPreset.photosMonths]
  static var inspectCommand: any ParsableCommand.Type { InspectPhotos.self }
  static var simulateCommand: any ParsableCommand.Type { SimulatePhotos.self }
  static var benchScenarios: [BenchScenario] {
    [.photosAllToMonths, .photosPinch, .photosPinchBegin, .photosInsert, .photosStepInsert, .photosStepDelete]
  }

  /// The size every photo has when the command line gives only counts.
  static let photoSize = DefaultItemSizes.cameraPhoto

  static func scene(_ preset: PhotosPreset) -> SceneEntry {
    .photoLibrary(preset.layout, name: sceneName(preset), preset: preset.rawValue)
  }
}

// MARK: - Options and commands

/// `all`, `months` or `columns:N`.
struct ModeArgument: ExpressibleByArgument {
  var value: PhotoGridLayout.Mode
  init?(argument: String) {
    guard let mode = PhotoGridLayout.Mode(parsing: argument) else { return nil }
    value = mode
  }
  var defaultValueDescription: String { value.description }
  static var allValueStrings: [String] { ["all", "months", "columns:N"] }

  /// The column count is 1…30.
  func check(_ option: String) throws {
    if case .columns(let n) = value, !(1...30).contains(n) {
      throw ValidationError("\(option) columns:N takes N from 1 to 30 (got \(n))")
    }
  }
}

/// `photos`' own options.
struct PhotosOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = PhotosEntry.defaultPreset

  @Option(parsing: .unconditional, help: "The mode: all, months or columns:N (N from 1 to 30).")
  var mode = ModeArgument(argument: "all")!

  func validate() throws { try mode.check("--mode") }

  var layout: PhotoGridLayout { preset.layout.with(mode: mode.value) }

  /// Section counts from the input options (every photo `--item-size`, by
  /// default 4032x3024).
  static func counts(_ input: LayoutInputOptions) throws -> (counts: [Int], size: Size) {
    let items = try input.layoutItems(defaultItemSize: PhotosEntry.photoSize)
    let size = input.itemSize?.value ?? PhotosEntry.photoSize
    if input.itemSizes != nil {
      throw ValidationError("photos takes --sections or --items (with --item-size), not --item-sizes")
    }
    return (items.sections.map(\.count), size)
  }

  /// Runs `body`, naming `--viewport` when the grid has no room for its
  /// photos: the tool takes no inset or spacing options for the grid, so a
  /// viewport too narrow for the mode's columns is the culprit.
  func namingTheViewport<T>(_ input: LayoutInputOptions, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as LayoutError {
      guard case .invalidConfiguration(let why) = error, why.contains("no room for the photos") else { throw error }
      let size = input.viewport.value
      throw ValidationError(
        "--viewport \(JSONWriter.number(size.width))x\(JSONWriter.number(size.height)) is too narrow for the photo "
          + "grid in mode \(mode.value.description): its insets and spacing leave no room for the photos; give a "
          + "wider --viewport or fewer columns (--mode columns:N)")
    }
  }
}

struct InspectPhotos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "photos", abstract: "The photo library grid: All Photos, Months, N columns, and transitions.",
    discussion: """
      Example: scrollwork inspect photos --mode months --viewport 390x844 --sections 7,12,5 --offset 0,200
      A transition: … --mode all --to months --progress 0.5 prints the presented elements at interpolation \
      fraction 0.5, the target offset in the new mode and the presented offset.
      """)

  @OptionGroup var options: InspectOptions
  @OptionGroup var photos: PhotosOptions

  @Option(parsing: .unconditional, help: "Show a transition to this mode: all, months or columns:N.")
  var to: ModeArgument?

  @Option(parsing: .unconditional, help: "The transition's interpolation fraction, 0…1 (with --to; default 0.5).")
  var progress: Double?

  func validate() throws {
    try to?.check("--to")
    try Check.inRange(progress, 0...1, "--progress")
    if progress != nil && to == nil { throw ValidationError("--progress needs --to MODE") }
    if options.all && to != nil { throw ValidationError("--all shows one mode; leave it out with --to") }
  }

  func run() throws {
    let (counts, size) = try PhotosOptions.counts(options.input)
    let items = LayoutItems(sections: counts.map { .uniform(size, count: $0) })
    let viewport = options.input.viewportValue
    let a = try photos.namingTheViewport(options.input) { try photos.layout.prepare(items: items, viewport: viewport) }
    guard let to else {
      print(
        Inspector.report(
          name: PhotosEntry.name, a, state: ScrollState(contentOffset: options.offset.value), all: options.all,
          extra: [("mode", JSONWriter.string(photos.mode.value.description))]))
      return
    }
    let b = try photos.namingTheViewport(options.input) {
      try photos.preset.layout.with(mode: to.value).prepare(items: items, viewport: viewport)
    }
    print(
      Inspector.transition(
        name: PhotosEntry.name, from: a, mode: photos.mode.value, to: b, mode: to.value, offset: options.offset.value,
        progress: progress ?? 0.5))
  }
}

struct SimulatePhotos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "photos", abstract: "Scroll, change mode, pinch and update a photo library grid.",
    discussion: """
      Example: scrollwork simulate photos --viewport 390x844 --sections 7,12,5 --mode all \
      --script "drag 0,-200 0.2; release; wait 0.5; mode months 0.4; pinch 0.6 0.3; wait 0.5; insert 3 at 0; wait 0.4"
      One JSON line per frame: time, offset (presented), mode (the target mode), progress (1 at rest), events.
      """)

  @OptionGroup var options: SimulateOptions
  @OptionGroup var photos: PhotosOptions

  func run() throws {
    let (counts, size) = try PhotosOptions.counts(options.input)
    let script = try options.gestureScript()
    let session = try photos.namingTheViewport(options.input) {
      try PhotoGridSession(
        layout: photos.layout, counts: counts, photoSize: size, viewport: options.input.viewportValue,
        offset: options.offset.value, configuration: options.configuration())
    }
    try Simulator.run(session, gestures: script, sections: counts.count, fps: options.fps, elements: options.elements)
  }

}
