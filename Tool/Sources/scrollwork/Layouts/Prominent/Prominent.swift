import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation
import ScrollPhysics

// The prominent-cell list in the tool: options, `inspect prominent`,
// `simulate prominent`, its demo scene and the benchmark.

extension ProminentPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

enum ProminentEntry: LayoutEntry {
  static let name = "prominent"
  static let demoPresets = [ProminentPreset.standard]
  static var benchScenarios: [BenchScenario] { [.prominent] }

  static func scene(_ preset: ProminentPreset) -> SceneEntry {
    .prominent(preset.layout(itemSize: .zero), name: sceneName(preset), preset: preset.rawValue)
  }
}

/// `prominent`'s own options.
struct ProminentOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = ProminentEntry.defaultPreset

  @Option(parsing: .unconditional, help: "Space between items, ≥ 0.")
  var lineSpacing: Double?

  @Option(parsing: .unconditional, help: "The scale of items a pitch or more from the centre, 0…1.")
  var minScale: Double?

  @Option(parsing: .unconditional, help: "The alpha of items a pitch or more from the centre, 0…1.")
  var minAlpha: Double?

  @Option(parsing: .unconditional, help: "Snapping (default: the preset's).")
  var snap: SnapArgument?

  func validate() throws {
    try Check.nonNegative(lineSpacing, "--line-spacing")
    try Check.inRange(minScale, 0...1, "--min-scale")
    try Check.inRange(minAlpha, 0...1, "--min-alpha")
  }

  func layout(input: LayoutInputOptions) throws -> ProminentLayout {
    try input.refuseItemSizes(layout: ProminentEntry.name)
    guard let size = input.itemSize?.value else {
      throw ValidationError("prominent needs --item-size WxH (every item has that size) with --items N or --sections")
    }
    return layout(itemSize: size)
  }

  func layout(itemSize size: Size) -> ProminentLayout {
    var layout = preset.layout(itemSize: size)
    if let lineSpacing { layout.lineSpacing = lineSpacing }
    if let minScale { layout.minScale = minScale }
    if let minAlpha { layout.minAlpha = minAlpha }
    if let snap { layout.snapping = snap.value }
    return layout
  }
}

extension ProminentOptions: ScrollingOptions {
  static let inspectHelp = (
    abstract: "A vertical list whose item nearest the centre is full size and opaque, the others smaller and fainter.",
    discussion: """
    Offset 0,i·pitch (pitch = item height + line spacing) centres item i.

    Example: scrollwork inspect prominent --viewport 375x400 --items 20 --item-size 200x200 --offset 0,315
    """
  )
  static let simulateAbstract =
    "Scroll a prominent-cell list (fast deceleration by default); releases snap an item to the centre."

  func prepare(_ input: LayoutInputOptions) throws -> PreparedCenteredLayout {
    try layout(input: input).prepare(items: input.layoutItems(), viewport: input.viewportValue)
  }

  func extras(_ prepared: PreparedCenteredLayout, state: ScrollState) -> [(String, String)] {
    Inspector.centeredExtras(prepared, state: state)
  }

  func decelerationRate(_ input: LayoutInputOptions) throws -> DecelerationRate {
    try layout(input: input).decelerationRate
  }
}
