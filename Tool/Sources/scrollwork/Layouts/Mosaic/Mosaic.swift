import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation
import ToolOutput

// The mosaic in the tool: presets, options, `inspect mosaic`,
// `simulate mosaic`, its demo scene and its benchmark scenarios.

extension MosaicPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

extension MosaicLayout.Segment: @retroactive ExpressibleByArgument {}

enum MosaicEntry: LayoutEntry {
  static let name = "mosaic"
  static let demoPresets = [MosaicPreset.appleMosaic]
  static var benchScenarios: [BenchScenario] { [.mosaic] }

  static func scene(_ preset: MosaicPreset) -> SceneEntry {
    .mosaic(preset.layout, name: sceneName(preset), preset: preset.rawValue)
  }
}

/// `mosaic`'s own options: a preset, then any value over it.
struct MosaicOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = MosaicEntry.defaultPreset

  @Option(parsing: .unconditional, help: "Each segment's height, > 0.")
  var segmentHeight: Double?

  @Option(parsing: .unconditional, help: "The gap after each cut and between segments, ≥ 0.")
  var spacing: Double?

  @Option(
    parsing: .upToNextOption,
    help: "The segment styles that repeat after the opening, in order (default: the preset's).")
  var cycle: [MosaicLayout.Segment] = []

  func validate() throws {
    try Check.positive(segmentHeight, "--segment-height")
    try Check.nonNegative(spacing, "--spacing")
  }

  var layout: MosaicLayout {
    var layout = preset.layout
    if let segmentHeight { layout.segmentHeight = segmentHeight }
    if let spacing { layout.spacing = spacing }
    if !cycle.isEmpty { layout.cycle = cycle }
    return layout
  }
}

extension MosaicOptions: ScrollingOptions {
  static let inspectHelp = (
    abstract: "A mosaic of fixed-height segments (Apple's sample), exact for every rectangle.",
    discussion: """
    Items' sizes are not read: give --items N (or --sections). Segment k of a section spans \
    spacing + k·(h + spacing) to (k + 1)·(h + spacing); cuts are at ⌈W·fraction⌉.

    Example: scrollwork inspect mosaic --viewport 390x844 --items 20 --offset 0,400
    """
  )
  static let simulateAbstract = "Scroll a mosaic."

  func prepare(_ input: LayoutInputOptions) throws -> PreparedMosaicLayout {
    // Items' sizes are not read, so `--items N` alone will do.
    try layout.prepare(items: input.layoutItems(defaultItemSize: .zero), viewport: input.viewportValue)
  }

  func extras(_ prepared: PreparedMosaicLayout, state: ScrollState) -> [(String, String)] {
    [("preset", JSONWriter.string(preset.rawValue))]
  }
}
