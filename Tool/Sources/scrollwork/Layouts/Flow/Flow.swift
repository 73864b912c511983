import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation

// The flow layout in the tool: presets, options, `inspect flow`,
// `simulate flow`, its demo scene and its benchmark scenarios.

extension FlowPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

enum FlowEntry: LayoutEntry {
  static let name = "flow"
  static let demoPresets = [FlowPreset.photos]
  static var benchScenarios: [BenchScenario] { [.flowGrid, .flowVaried] }

  static func scene(_ preset: FlowPreset) -> SceneEntry {
    .flowGrid(preset.layout, name: sceneName(preset), preset: preset.rawValue)
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

extension FlowOptions: ScrollingOptions {
  static let inspectHelp = (
    abstract: "A flow layout (UICollectionViewFlowLayout's behaviour).",
    discussion: "Example: scrollwork inspect flow --viewport 390x844 --items 100 --item-size 120x120 --offset 0,400"
  )
  static let simulateAbstract = "Scroll a flow layout."

  func prepare(_ input: LayoutInputOptions) throws -> PreparedFlowLayout {
    try layout.prepare(items: input.layoutItems(), estimate: estimated?.value, viewport: input.viewportValue)
  }

  func simulate(name: String, _ input: LayoutInputOptions, _ run: SimulationRun) throws {
    try Simulator.run(name: name, layout, items: input.layoutItems(), estimate: estimated?.value, options: run)
  }
}
