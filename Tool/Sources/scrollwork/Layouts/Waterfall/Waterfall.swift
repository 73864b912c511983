import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import LayoutHost
import Scenes
import Simulation
import ToolOutput

// The waterfall in the tool: presets, options, `inspect waterfall`,
// `simulate waterfall`, its demo scene and its benchmark scenarios.

extension WaterfallPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

extension WaterfallLayout.Direction: @retroactive ExpressibleByArgument {}

enum WaterfallEntry: LayoutEntry {
  static let name = "waterfall"
  static let demoPresets = [WaterfallPreset.cht]
  static var simulateCommand: any ParsableCommand.Type { SimulateWaterfall.self }
  static var benchScenarios: [BenchScenario] { [.waterfall] }

  static func scene(_ preset: WaterfallPreset) -> SceneEntry {
    .waterfall(preset.layout, name: sceneName(preset), preset: preset.rawValue)
  }
}

/// `waterfall`'s own options: a preset, then any value over it.
struct WaterfallOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = WaterfallEntry.defaultPreset

  @Option(parsing: .unconditional, help: "The number of columns: 1…\(WaterfallLayout.maximumColumnCount).")
  var columns: Int?

  @Option(parsing: .unconditional, help: "Space between columns, ≥ 0.")
  var columnSpacing: Double?

  @Option(parsing: .unconditional, help: "Space between the items of a column, ≥ 0.")
  var itemSpacing: Double?

  @Option(parsing: .unconditional, help: "Section insets top,left,bottom,right, each ≥ 0.")
  var sectionInset: InsetsArgument?

  @Option(parsing: .unconditional, help: "Section header height, ≥ 0 (0 for none).")
  var headerHeight: Double?

  @Option(parsing: .unconditional, help: "Section footer height, ≥ 0 (0 for none).")
  var footerHeight: Double?

  @Option(parsing: .unconditional, help: "Which side column 0 is on.")
  var direction: WaterfallLayout.Direction?

  @Option(parsing: .unconditional, help: "N photo-like items (landscape, portrait, square, panorama) instead of sizes.")
  var photosLike: Int?

  @Option(
    parsing: .unconditional,
    help: """
      Lay out with this estimated item size, WxH (its aspect ratio at the column's width); the items' sizes \
      are the real ones, learnt as cells come into view (simulate) with the anchor held. Inspect shows the \
      estimates.
      """)
  var estimated: SizeArgument?

  func validate() throws {
    try Check.count(columns, 1...WaterfallLayout.maximumColumnCount, "--columns")
    try Check.nonNegative(columnSpacing, "--column-spacing")
    try Check.nonNegative(itemSpacing, "--item-spacing")
    try Check.insets(sectionInset?.value, "--section-inset")
    try Check.nonNegative(headerHeight, "--header-height")
    try Check.nonNegative(footerHeight, "--footer-height")
    try Check.count(photosLike, 0...10_000_000, "--photos-like")
    try Check.size(estimated?.value, "--estimated", positive: true)
  }

  var layout: WaterfallLayout {
    var layout = preset.layout
    if let columns { layout.columnCount = columns }
    if let columnSpacing { layout.columnSpacing = columnSpacing }
    if let itemSpacing { layout.itemSpacing = itemSpacing }
    if let sectionInset { layout.sectionInset = sectionInset.value }
    if let headerHeight { layout.headerHeight = headerHeight }
    if let footerHeight { layout.footerHeight = footerHeight }
    if let direction { layout.direction = direction }
    return layout
  }

  func items(_ input: LayoutInputOptions) throws -> LayoutItems {
    guard let photosLike else { return try input.layoutItems() }
    guard input.itemSizes == nil, input.items == nil, input.sections == nil else {
      throw ValidationError("give either --photos-like N or item sizes, not both")
    }
    return LayoutItems(SamplePhotoSizes.sizes(photosLike))
  }
}

struct SimulateWaterfall: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: WaterfallEntry.name, abstract: "Scroll a waterfall.",
    discussion: """
      With --estimated WxH, items start at that aspect ratio and take their own as they come into view; \
      each line then carries "anchor", "anchorScreenY", "correction" and "measured", as in simulate tags.

      Example: scrollwork simulate waterfall --viewport 390x844 --photos-like 2000 --estimated 3x4 \\
               --offset 0,60000 --script "drag 0,3000 0.3; release; wait 1.5"
      """)

  @OptionGroup var options: SimulateOptions
  @OptionGroup var waterfall: WaterfallOptions

  @Flag(help: "With --estimated: leave the columns' starts unsettled at the top (to compare).")
  var noSettle = false

  func run() throws {
    let items = try waterfall.items(options.input)
    guard let estimate = waterfall.estimated?.value else {
      try Simulator.run(
        name: WaterfallEntry.name, waterfall.layout, items: items, estimate: nil, options: options.simulation)
      return
    }
    try WaterfallSimulation.run(
      waterfall.layout, items: items, estimate: estimate, options: options.simulation, settles: !noSettle)
  }
}

extension WaterfallOptions: ScrollingOptions {
  static let inspectHelp = (
    abstract: "Pinterest-style columns: each item goes into the shortest column at its own aspect ratio.",
    discussion: """
    Items are --item-sizes (intrinsic sizes; an item's height is column width × h/w), or \
    --photos-like N. Ties go to the leftmost column (the rightmost with --direction rightToLeft). \
    With --estimated WxH every item is laid out at that aspect ratio instead.

    Example: scrollwork inspect waterfall --viewport 390x844 --columns 3 --column-spacing 4 \\
               --item-spacing 4 --photos-like 100 --offset 0,500
    """
  )
  static let simulateAbstract = "Scroll a waterfall."

  func prepare(_ input: LayoutInputOptions) throws -> PreparedWaterfallLayout {
    try layout.prepare(items: items(input), estimate: estimated?.value, viewport: input.viewportValue)
  }

  func extras(_ prepared: PreparedWaterfallLayout, state: ScrollState) -> [(String, String)] {
    [("preset", JSONWriter.string(preset.rawValue))]
  }
}
