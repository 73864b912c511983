import ArgumentParser
import Benchmarks
import LayoutCatalog
import LayoutCore
import Scenes
import Simulation
import ToolOutput

// The table of tag clouds in the tool: rows exactly as tall as their
// clouds (the seed's collection view inside each table row, without a
// second layout pass). `inspect tag-table`, `simulate tag-table` and its
// demo scene.

extension TagTablePreset: @retroactive ExpressibleByArgument, LayoutPreset {}

enum TagTableEntry: LayoutEntry {
  static let name = "tag-table"
  static let demoPresets = [TagTablePreset.standard]
  static var inspectCommand: any ParsableCommand.Type { InspectTagTable.self }
  static var simulateCommand: any ParsableCommand.Type { SimulateTagTable.self }
  static var benchScenarios: [BenchScenario] { [] }

  static func scene(_ preset: TagTablePreset) -> SceneEntry {
    .tagTable(preset.layout, name: sceneName(preset), preset: preset.rawValue)
  }

  /// `--rows N` (each row is a cloud of sample words; their size is the text's).
  static func itemArguments(count: Int, size: Size) -> [String] { ["--rows", String(count)] }
}

/// `tag-table`'s options.
struct TagTableOptions: ParsableArguments {
  @Option(help: "Start from a preset.")
  var preset = TagTableEntry.defaultPreset

  @Option(parsing: .unconditional, help: "The viewport (scroll view bounds) size, WxH in points.")
  var viewport: SizeArgument

  @Option(parsing: .unconditional, help: "The number of rows, each a cloud of 3 to 14 words: 0…100000.")
  var rows: Int = 20

  @OptionGroup var text: TagTextOptions

  @Option(parsing: .unconditional, help: "Space between rows, ≥ 0.")
  var rowSpacing: Double?

  @Option(
    parsing: .unconditional,
    help: """
      Lay out every tag at this estimated size, WxH; a tag's real size (its text's) is learnt as it comes \
      into view (simulate), its row re-flowed and re-sized with the anchor held. Inspect shows the estimates.
      """)
  var estimated: SizeArgument?

  func validate() throws {
    try Check.viewport(viewport.value)
    try Check.count(rows, 0...100_000, "--rows")
    try Check.nonNegative(rowSpacing, "--row-spacing")
    try Check.size(estimated?.value, "--estimated", positive: true)
  }

  /// The preset with the options over it.
  var layout: TagTableLayout {
    var layout = preset.layout
    if let rowSpacing { layout.rowSpacing = rowSpacing }
    return layout
  }

  /// The words of each row.
  var rowTexts: [[String]] { TagTableScene.rowTexts(rows: rows) }

  /// What measures a tag's text.
  func tagText() throws -> TagText { try text.tagText(scale: 2) }

  /// The table of `texts`: each tag measured from its text, or with
  /// `--estimated` every tag the estimate (its text is measured later, as
  /// it comes into view).
  func prepare(_ texts: [[String]], text: TagText) throws -> PreparedTagTableLayout {
    let layout = self.layout
    let viewport = Viewport(size: viewport.value)
    if let estimated {
      return try layout.prepare(
        estimated: LayoutItems(sectionCounts: texts.map(\.count), size: estimated.value), viewport: viewport)
    }
    return try TagTableScene.prepareTable(layout, rows: texts, text: text, viewport: viewport)
  }

  /// The table and its rows' words.
  func prepare() throws -> (PreparedTagTableLayout, [[String]]) {
    let texts = rowTexts
    return (try prepare(texts, text: tagText()), texts)
  }
}

struct InspectTagTable: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: TagTableEntry.name,
    abstract: "A list whose rows each hold a tag cloud and are exactly as tall as it.",
    discussion: """
      Kinds: decoration:row (section = row) and cell (section = row, item = tag, with its "text"). \
      A row's height is its cloud's fitting height at the row's width. With --estimated WxH every \
      tag is that size instead, and the rows as tall as those clouds.

      Example: scrollwork inspect tag-table --viewport 390x844 --rows 5
      """)

  @OptionGroup var table: TagTableOptions

  @OptionGroup var at: OffsetOptions

  func run() throws {
    let (prepared, rows) = try table.prepare()
    print(Inspector.tagReport(name: TagTableEntry.name, prepared, texts: rows, offset: at.offset.value, all: at.all))
  }
}

struct SimulateTagTable: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: TagTableEntry.name, abstract: "Scroll the table of tag clouds.",
    discussion: """
      With --estimated WxH, tags start at that size and are measured from their text as they come into \
      view; each line then carries "anchor", "anchorScreenY", "correction" and "measured", as in simulate \
      tags, and --elements gives each tag's "text".

      Example: scrollwork simulate tag-table --viewport 390x844 --rows 2000 --estimated 80x30 \\
               --offset 0,60000 --script "drag 0,3000 0.3; release; wait 1.5"
      """)

  @OptionGroup var table: TagTableOptions
  @OptionGroup var options: RunOptions

  func run() throws {
    let gestures = try options.gestureScript()
    let run = (offset: options.offset.value, fps: options.fps, elements: options.elements)
    if table.estimated != nil {
      let rows = table.rowTexts
      let text = try table.tagText()
      try Simulator.runTagTable(
        table.prepare(rows, text: text), rows: rows, measure: text.size, gestures: gestures, run: run)
      return
    }
    let (prepared, _) = try table.prepare()
    try Simulator.runTagTable(prepared, gestures: gestures, run: run)
  }

}
