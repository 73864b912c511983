import ArgumentParser
import GestureScripting
import LayoutCore
import ScrollPhysics
import Simulation
import ToolOutput
import ToolSupport

// MARK: - Option groups every layout command shares

/// The largest item count the tool lays out: far beyond a photo library,
/// far below where a `Double` coordinate stops resolving whole points.
let maximumItemCount = 100_000_000

/// The viewport and items every layout command takes.
struct LayoutInputOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The viewport (scroll view bounds) size, WxH in points.")
  var viewport: SizeArgument

  @Option(parsing: .unconditional, help: "One item size per item, WxH,WxH,… (one section).")
  var itemSizes: SizeListArgument?

  @Option(
    parsing: .unconditional, help: "The number of items (with --item-size), in one section: 0…\(maximumItemCount).")
  var items: Int?

  @Option(parsing: .unconditional, help: "The size of every item, WxH (with --items).")
  var itemSize: SizeArgument?

  @Option(parsing: .unconditional, help: "Item counts per section, N,N,… (each item of --item-size).")
  var sections: IntListArgument?

  func validate() throws {
    try Check.viewport(viewport.value)
    try Check.size(itemSize?.value, "--item-size")
    for size in itemSizes?.value ?? [] { try Check.size(size, "--item-sizes") }
    try Check.count(items, 0...maximumItemCount, "--items")
    for count in sections?.value ?? [] { try Check.count(count, 0...maximumItemCount, "--sections") }
    let total = (sections?.value ?? []).reduce(0) { $0 + $1 }  // each ≤ 1e8, so no overflow below 9e10 sections
    try Check.count(total, 0...maximumItemCount, "--sections (in all)")
  }

  /// The items, from whichever options were given.
  func layoutItems(defaultItemSize: Size? = nil) throws -> LayoutItems {
    if let itemSizes {
      guard items == nil, sections == nil else {
        throw ValidationError("give either --item-sizes or --items/--sections, not both")
      }
      return LayoutItems(itemSizes.value)
    }
    guard let size = itemSize?.value ?? defaultItemSize else {
      throw ValidationError("give --item-size WxH with --items or --sections (or --item-sizes)")
    }
    if let sections {
      guard items == nil else { throw ValidationError("give either --items or --sections, not both") }
      return LayoutItems(sections: sections.value.map { .uniform(size, count: $0) })
    }
    guard let items else { throw ValidationError("give --items N, --sections N,N,… or --item-sizes WxH,…") }
    return LayoutItems(count: items, size: size)
  }

  var viewportValue: Viewport { Viewport(size: viewport.value) }

  /// For layouts whose items all have one size (the carousel, the
  /// prominent list): `--item-sizes` would be ignored, so it is refused.
  /// Their one size must be above 0 on both sides (a centred item of no
  /// width has no pitch).
  func refuseItemSizes(layout name: String) throws {
    guard itemSizes == nil else {
      throw ValidationError(
        "\(name) lays out items of one size: give --item-size WxH with --items N (it does not take --item-sizes)")
    }
    try Check.size(itemSize?.value, "--item-size", positive: true)
  }

  /// Items square at the viewport's height unless `--item-size` is given
  /// (the carousels; `--item-sizes` refused as `refuseItemSizes` says).
  func squareItems(layout name: String) throws -> LayoutItems {
    try refuseItemSizes(layout: name)
    let height = viewport.value.height
    return try layoutItems(defaultItemSize: Size(width: height, height: height))
  }
}

/// Where `inspect` looks and what it lists: every `inspect` command's.
struct OffsetOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The content offset X,Y.")
  var offset = PointArgument(.zero)

  @Flag(help: "Print every element, not only those in the visible rect.")
  var all = false

  func validate() throws { try Check.offset(offset.value, "--offset") }
}

/// Options of `scrollwork inspect` shared by every layout.
struct InspectOptions: ParsableArguments {
  @OptionGroup var input: LayoutInputOptions
  @OptionGroup var at: OffsetOptions

  var offset: PointArgument { at.offset }
  var all: Bool { at.all }
}

/// A gesture script given as text (`--script`) or as a file
/// (`--script-file`).
struct ScriptOptions: ParsableArguments {
  @Option(help: "The gesture script (see 'scrollwork simulate --help').")
  var script: String?

  @Option(help: "A file holding the gesture script.")
  var scriptFile: String?

  /// The script's text, or `nil` when neither option was given.
  func text() throws -> String? {
    switch (script, scriptFile) {
    case (nil, nil): return nil
    case (let text?, nil): return try loadScriptText(text)
    case (nil, let path?): return try loadScriptFile(path)
    default: throw ValidationError("give --script or --script-file, not both")
    }
  }

  /// The script's text; one of the options is required.
  func requiredText() throws -> String {
    guard let text = try text() else { throw ValidationError("give --script TEXT or --script-file PATH") }
    return text
  }
}

/// How fast a released scroll view slows down (`--deceleration`).
struct DecelerationArgument: ExpressibleByArgument {
  var value: DecelerationRate
  init?(argument: String) {
    switch argument {
    case "normal": value = .normal
    case "fast": value = .fast
    default:
      guard let rate = Double(argument), rate.isFinite, rate > 0, rate < 1 else { return nil }
      value = DecelerationRate(rate)
    }
  }
}

/// What every `simulate` command takes besides its layout: the script, the
/// starting offset, the frame rate and whether to print elements.
struct RunOptions: ParsableArguments {
  @OptionGroup var script: ScriptOptions

  @Option(parsing: .unconditional, help: "The starting content offset X,Y.")
  var offset = PointArgument(.zero)

  @Option(parsing: .unconditional, help: "Frames per second: 1…1000.")
  var fps: Double = 120

  @Flag(help: "Print the visible elements in every frame.")
  var elements = false

  func validate() throws {
    try Check.offset(offset.value, "--offset")
    try Check.inRange(fps, 1...1000, "--fps")
  }

  func gestureScript() throws -> GestureScript {
    try GestureScript(script.requiredText(), verbs: LayoutRegistry.scriptVerbs)
  }
}

/// Options of `scrollwork simulate` shared by every layout.
struct SimulateOptions: ParsableArguments {
  @OptionGroup var input: LayoutInputOptions
  @OptionGroup var run: RunOptions

  var offset: PointArgument { run.offset }
  var script: ScriptOptions { run.script }
  var fps: Double { run.fps }
  var elements: Bool { run.elements }

  @Flag(help: "Page by the viewport size, as isPagingEnabled.")
  var paging = false

  @Option(parsing: .unconditional, help: "Deceleration rate: normal, fast, or a number per millisecond in (0, 1).")
  var deceleration: DecelerationArgument?

  @Flag(help: "Do not rubber-band past the edges.")
  var noBounce = false

  func configuration(defaultRate: DecelerationRate = .normal) -> ScrollConfiguration {
    ScrollConfiguration(
      decelerationRate: deceleration?.value ?? defaultRate, isPagingEnabled: paging, bounces: !noBounce)
  }

  func gestureScript() throws -> GestureScript { try run.gestureScript() }

  /// The run these options describe, for `Simulator` (the script is parsed
  /// when the run starts).
  var simulation: SimulationRun {
    let run = self.run
    var simulation = SimulationRun(
      gestures: { try run.gestureScript() }, offset: offset.value, fps: fps, elements: elements,
      viewport: input.viewportValue)
    simulation.paging = paging
    simulation.deceleration = deceleration?.value
    simulation.bounces = !noBounce
    return simulation
  }
}
