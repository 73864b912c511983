import ArgumentParser
import Benchmarks
import GestureScripting
import LayoutCatalog
import LayoutCore
import Raster
import Scenes
import Simulation
import ToolOutput
import ToolSupport

// Tag clouds in the tool: self-sizing tags measured from their text with
// FreeType, as they come into view, without scroll jumps. `inspect tags`,
// `simulate tags`, the demo scene and the benchmarks; the table of clouds
// is `TagTableEntry` in `Layouts/TagTable.swift`.

extension TagsPreset: @retroactive ExpressibleByArgument, LayoutPreset {}

enum TagsEntry: LayoutEntry {
  static let name = "tags"
  static let demoPresets = [TagsPreset.standard]
  static var inspectCommand: any ParsableCommand.Type { InspectTags.self }
  static var simulateCommand: any ParsableCommand.Type { SimulateTags.self }
  static var benchScenarios: [BenchScenario] {
    [.tagCloud, .tagUpdate, .tagMeasure, .tagScrollFrame, .tagRevisitFrame]
  }

  static func scene(_ preset: TagsPreset) -> SceneEntry {
    .tagCloud(preset.layout, name: sceneName(preset), preset: preset.rawValue)
  }

  /// `--words N --estimated WxH` (tags are words; the estimate sets their size).
  static func itemArguments(count: Int, size: Size) -> [String] {
    ["--words", String(count), "--estimated", "\(JSONWriter.number(size.width))x\(JSONWriter.number(size.height))"]
  }
}

/// How tags are measured and drawn: one measurer for both, so measured and
/// drawn text agree to the pixel.
struct TagOptions: ParsableArguments {
  @Option(help: "Start from a preset.")
  var preset = TagsEntry.defaultPreset

  @Option(parsing: .unconditional, help: "The viewport (scroll view bounds) size, WxH in points.")
  var viewport: SizeArgument

  @Option(help: "A text file: one tag per line (empty lines are skipped).")
  var texts: String?

  @Option(parsing: .unconditional, help: "N tags from the built-in word list: 0…1000000.")
  var words: Int?

  @OptionGroup var text: TagTextOptions

  @Option(parsing: .unconditional, help: "The widest a tag may be (default: the room between the insets), > 0.")
  var maxWidth: Double?

  @Option(parsing: .unconditional, help: "Lay out with this estimated size, WxH, and measure tags as they show.")
  var estimated: SizeArgument?

  @Option(parsing: .unconditional, help: "Space between lines, ≥ 0.")
  var lineSpacing: Double?

  @Option(parsing: .unconditional, help: "Space between tags in a line, ≥ 0.")
  var itemSpacing: Double?

  @Option(
    parsing: .unconditional,
    help: """
      Break a line before every Nth tag (0: never). With --estimated, a measured width re-flows \
      lines up to the end of its paragraph: a paragraph may hold at most 10000 tags (give N, say 64, \
      for large clouds). 0…1000000.
      """)
  var paragraphLength: Int?

  func validate() throws {
    try Check.viewport(viewport.value)
    try Check.count(words, 0...1_000_000, "--words")
    try Check.positive(maxWidth, "--max-width")
    try Check.size(estimated?.value, "--estimated", positive: true)
    try Check.nonNegative(lineSpacing, "--line-spacing")
    try Check.nonNegative(itemSpacing, "--item-spacing")
    try Check.count(paragraphLength, 0...1_000_000, "--paragraph-length")
    if (texts == nil) == (words == nil) { throw ValidationError("give one of --texts FILE or --words N") }
  }

  var layout: TagCloudLayout {
    var layout = preset.layout
    if let lineSpacing { layout.lineSpacing = lineSpacing }
    if let itemSpacing { layout.itemSpacing = itemSpacing }
    if let paragraphLength { layout.paragraphLength = paragraphLength }
    return layout
  }

  var viewportValue: Viewport { Viewport(size: viewport.value) }

  /// The tags' texts.
  func tagTexts() throws -> [String] {
    if let words { return SampleWords.words(words) }
    guard let texts else { return [] }
    // UTF-8 with or without a byte-order mark; LF, CRLF or CR line ends.
    let lines = TextFile.lines(try TextFile.read(texts, option: "--texts")).filter { !$0.allSatisfy(\.isWhitespace) }
    guard lines.count <= 1_000_000 else { throw ValidationError("--texts holds more than 1000000 tags") }
    return lines
  }

  func tagText() throws -> TagText { try text.tagText(scale: viewportValue.scale) }

  /// The widest a tag may be in this viewport.
  var tagWidth: Double {
    let room = layout.maxTagWidth(forWidth: viewport.value.width)
    return maxWidth.map { Swift.min($0, room) } ?? room
  }

  /// The cloud: measured sizes, or the estimate for every tag.
  func prepare(_ texts: [String], text: TagText) throws -> PreparedTagCloudLayout {
    try text.prepareCloud(
      layout, texts: texts, estimated: estimated?.value, maxWidth: tagWidth, viewport: viewportValue)
  }
}

struct InspectTags: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: TagsEntry.name,
    abstract: "A tag cloud: tags sized from their text (FreeType), flowing left to right.",
    discussion: """
      Each tag is its text (wrapped at the tag's widest, less the padding) plus the padding. With \
      --estimated WxH the cloud is laid out with that size and the tags whose frames start above \
      --measured-through Y are measured, in order; the others keep the estimate. Each cell carries \
      its "text". Adds "measured" (how many tags have their real size).

      Example: scrollwork inspect tags --words 40 --viewport 390x844 --font-size 15 --padding 6,10
      """)

  @OptionGroup var tags: TagOptions

  @Option(parsing: .unconditional, help: "With --estimated: measure the tags starting above this y.")
  var measuredThrough: Double?

  @OptionGroup var at: OffsetOptions

  func validate() throws {
    try Check.finite(measuredThrough, "--measured-through")
    if measuredThrough != nil, tags.estimated == nil {
      throw ValidationError("--measured-through goes with --estimated")
    }
  }

  func run() throws {
    let texts = try tags.tagTexts()
    let text = try tags.tagText()
    var cloud = try tags.prepare(texts, text: text)
    if let measuredThrough {
      let width = cloud.maxItemWidth
      _ = cloud.measure(through: measuredThrough) { id in
        id.item < texts.count ? text.size(texts[id.item], maxWidth: width) : nil
      }
    }
    print(
      Inspector.tagReport(
        name: TagsEntry.name, cloud, texts: [texts], offset: at.offset.value, all: at.all, measured: cloud.measuredCount
      ))
  }
}

struct SimulateTags: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: TagsEntry.name,
    abstract: "Scroll a self-sizing tag cloud: tags are measured as they come into view, without a jump.",
    discussion: """
      Each line: {"time", "offset", "velocity", "phase", "anchor" ([section, item], or "offset" \
      where the offset itself holds: at the top, or nothing on screen), "anchorScreenY" (left out when \
      the anchor is not an element on screen), "correction" (points the offset moved this frame to hold the anchor), \
      "measured" (tags measured this frame), "clamped", "events"}; --elements adds the visible tags \
      with their text.

      Example: scrollwork simulate tags --words 2000 --viewport 390x844 --estimated 80x30 \\
               --script "drag 0,-3000 0.5; release; wait 2" --elements
      """)

  @OptionGroup var tags: TagOptions
  @OptionGroup var options: RunOptions

  func run() throws {
    let gestures = try options.gestureScript()
    let texts = try tags.tagTexts()
    let text = try tags.tagText()
    let cloud = try tags.prepare(texts, text: text)
    try Simulator.runSelfSizing(
      cloud, offset: options.offset.value, gestures: gestures, fps: options.fps, elements: options.elements,
      measure: { id, maxWidth in id.item < texts.count ? text.size(texts[id.item], maxWidth: maxWidth) : nil },
      elementJSON: { tagJSON($0, texts: [texts]) })
  }
}

/// How tags' texts are set, for the tag cloud and the table of clouds.
struct TagTextOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The text size in points: 1…200.")
  var fontSize: Double = 15

  @Option(parsing: .unconditional, help: "The padding around the text, V,H (two numbers) in points, each ≥ 0.")
  var padding = PairArgument(Point(x: 6, y: 10))

  func validate() throws {
    try Check.inRange(fontSize, 1...200, "--font-size")
    try Check.nonNegative(padding.value.x, "--padding")
    try Check.nonNegative(padding.value.y, "--padding")
  }

  /// What measures and draws a tag's text at `scale` pixels per point.
  func tagText(scale: Double) throws -> TagText {
    try TagText(size: fontSize, padding: (padding.value.x, padding.value.y), scale: scale)
  }
}
