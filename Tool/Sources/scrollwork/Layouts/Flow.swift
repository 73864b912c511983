import ArgumentParser
import LayoutCore
import Raster
import ScrollPhysics

// The flow layout in the tool: presets, options, `inspect flow`,
// `simulate flow`, its demo scene and its benchmark scenarios.

/// The flow layout's presets.
enum FlowPreset: String, LayoutPreset {
  /// `UICollectionViewFlowLayout`'s defaults: vertical, 10 pt spacings, no
  /// insets, headers or footers.
  case uikit
  /// A photo grid: 2 pt spacings and 34 pt section headers pinned to the top.
  case photos

  var layout: FlowLayout {
    switch self {
    case .uikit: FlowLayout()
    case .photos: FlowLayout(lineSpacing: 2, interItemSpacing: 2, headerLength: 34, pinsHeaders: true)
    }
  }
}

enum FlowEntry: LayoutEntry {
  static let name = "flow"
  static let defaultPreset = FlowPreset.uikit
  static let demoPresets = [FlowPreset.photos]
  static var inspectCommand: any ParsableCommand.Type { InspectFlow.self }
  static var simulateCommand: any ParsableCommand.Type { SimulateFlow.self }
  static var benchScenarios: [BenchScenario] { [.flowGrid, .flowVaried] }

  /// A photo grid, three square thumbnails to a row, in sections of twelve.
  static func scene(_ preset: FlowPreset) -> SceneEntry {
    SceneEntry(
      name: sceneName(preset), layout: name, preset: preset.rawValue,
      title: "Photo grid (flow layout, \(preset.rawValue) preset)",
      summary: "Square thumbnails, three to a row, aspect-filled and cropped"
        + (preset.layout.pinsHeaders ? "; section headers pin to the top" : "")
        + ". A fling, a rubber-band at the end, a drag back.",
      demoScript:
        "drag 0,-260 0.3; release; wait 1.2; drag 0,-200 0.2; release; wait 1.6; drag 0,240 0.3; release; wait 0.8",
      make: { context in try makeScene(preset.layout, context) })
  }

  static func makeScene(_ layout: FlowLayout, _ context: SceneContext) throws -> any Scene {
    let columns = 3.0
    let room = context.size.width - layout.sectionInset.left - layout.sectionInset.right
    let side = ((room - layout.interItemSpacing * (columns - 1)) / columns).rounded(.down)
    let perSection = 12
    let count = Swift.max(context.photos.count, 48)
    let sections = (0..<((count + perSection - 1) / perSection)).map { s in
      ItemSizes.uniform(Size(width: side, height: side), count: Swift.min(perSection, count - s * perSection))
    }
    let prepared = try layout.prepare(
      items: LayoutItems(sections: sections), viewport: Viewport(size: context.size, scale: context.scale))
    return ScrollerScene(
      scroller: LayoutScroller(layout: prepared, state: ScrollState()),
      name: "grid",
      region: Rect(origin: .zero, size: context.size),
      photo: { a in a.id.kind == .cell ? context.photo(a.id.section * perSection + a.id.item) : nil },
      style: { a in
        a.id.kind == .cell
          ? ElementStyle()
          : ElementStyle(
            fill: Color(hex: 0x1C1C1E, alpha: 0.92), label: "Section \(a.id.section + 1)", labelSize: 15,
            labelPlacement: .bottomLeading)
      },
      debug: context.debug)
  }
}

/// `flow`'s own options: a preset, then any value over it.
struct FlowOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = FlowEntry.defaultPreset

  @Option(parsing: .unconditional, help: "Scroll direction.")
  var axis: Axis?

  @Option(parsing: .unconditional, help: "Space between lines, ≥ 0.")
  var lineSpacing: Double?

  @Option(parsing: .unconditional, help: "Minimum space between items in a line, ≥ 0.")
  var interItemSpacing: Double?

  @Option(parsing: .unconditional, help: "Section insets top,left,bottom,right, each ≥ 0.")
  var sectionInset: InsetsArgument?

  @Option(parsing: .unconditional, help: "Section header length along the scroll axis, ≥ 0 (0 for none).")
  var headerLength: Double?

  @Option(parsing: .unconditional, help: "Section footer length along the scroll axis, ≥ 0 (0 for none).")
  var footerLength: Double?

  @Flag(inversion: .prefixedNo, help: "Pin section headers to the visible bounds.")
  var pinHeaders: Bool?

  @Flag(inversion: .prefixedNo, help: "Pin section footers to the visible bounds.")
  var pinFooters: Bool?

  @Option(parsing: .unconditional, help: "How items share a line's spare room.")
  var alignment: FlowLayout.Alignment?

  @Option(
    parsing: .unconditional,
    help: """
      Lay out with this estimated item size, WxH; the items' sizes are the real ones, learnt as cells come \
      into view (simulate) with the anchor held. Inspect shows the estimates.
      """)
  var estimated: SizeArgument?

  func validate() throws {
    try Check.nonNegative(lineSpacing, "--line-spacing")
    try Check.nonNegative(interItemSpacing, "--inter-item-spacing")
    try Check.insets(sectionInset?.value, "--section-inset")
    try Check.nonNegative(headerLength, "--header-length")
    try Check.nonNegative(footerLength, "--footer-length")
    try Check.size(estimated?.value, "--estimated", positive: true)
  }

  var layout: FlowLayout {
    var layout = preset.layout
    if let axis { layout.axis = axis }
    if let lineSpacing { layout.lineSpacing = lineSpacing }
    if let interItemSpacing { layout.interItemSpacing = interItemSpacing }
    if let sectionInset { layout.sectionInset = sectionInset.value }
    if let headerLength { layout.headerLength = headerLength }
    if let footerLength { layout.footerLength = footerLength }
    if let pinHeaders { layout.pinsHeaders = pinHeaders }
    if let pinFooters { layout.pinsFooters = pinFooters }
    if let alignment { layout.alignment = alignment }
    return layout
  }
}

struct InspectFlow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flow", abstract: "A flow layout (UICollectionViewFlowLayout's behaviour).",
    discussion: "Example: scrollwork inspect flow --viewport 390x844 --items 100 --item-size 120x120 --offset 0,400")

  @OptionGroup var options: InspectOptions
  @OptionGroup var flow: FlowOptions

  func run() throws {
    let prepared = try flow.layout.prepare(
      items: options.input.layoutItems(), estimate: flow.estimated?.value, viewport: options.input.viewportValue)
    print(
      Inspector.report(
        name: FlowEntry.name, prepared, state: ScrollState(contentOffset: options.offset.value), all: options.all))
  }
}

struct SimulateFlow: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "flow", abstract: "Scroll a flow layout.")

  @OptionGroup var options: SimulateOptions
  @OptionGroup var flow: FlowOptions

  func run() throws {
    try Simulator.run(
      name: FlowEntry.name, flow.layout, items: options.input.layoutItems(), estimate: flow.estimated?.value,
      options: options)
  }
}

extension BenchScenario {
  /// A Photos-style grid: 4 columns of square thumbnails, 2 pt apart, on a
  /// 390×844 screen, scrolled to random offsets.
  static var flowGrid: BenchScenario {
    .layout(
      "flow-grid",
      prepare: { n in
        try FlowLayout(lineSpacing: 2, interItemSpacing: 2)
          .prepare(
            items: LayoutItems(count: n, size: Size(width: 96, height: 96)), viewport: Viewport(width: 390, height: 844)
          )
      },
      states: verticalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// A flow of photos at their own aspect ratios (120 pt tall, 60–240 pt
  /// wide): per-item sizes, so frames are stored and found by binary search.
  static var flowVaried: BenchScenario {
    .layout(
      "flow-varied",
      input: { n in
        var rng = BenchRandom(seed: 7)
        return LayoutItems((0..<n).map { _ in Size(width: rng.double(in: 60...240), height: 120) })
      },
      prepare: { items in
        try FlowLayout(lineSpacing: 2, interItemSpacing: 2).prepare(
          items: items, viewport: Viewport(width: 390, height: 844))
      },
      states: verticalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }
}
