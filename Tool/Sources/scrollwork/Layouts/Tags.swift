import ArgumentParser
import GestureScripting
import LayoutCore
import Raster
import ScrollPhysics
import ToolSupport

// Tag clouds in the tool: self-sizing tags measured from their text with
// FreeType, as they come into view, without scroll jumps. `inspect tags`,
// `simulate tags`, the demo scene and the benchmarks; the table of clouds
// is `TagTableEntry` in `Layouts/TagTable.swift`.

/// The tag cloud's presets.
enum TagsPreset: String, LayoutPreset {
  /// 8 pt spacings and insets, 15 pt text, 6 pt × 10 pt padding.
  case standard
  /// The same, mirrored for right-to-left scripts.
  case rightToLeft

  var layout: TagCloudLayout {
    switch self {
    case .standard: TagCloudLayout()
    case .rightToLeft: TagCloudLayout(isRightToLeft: true)
    }
  }
}

enum TagsEntry: LayoutEntry {
  static let name = "tags"
  static let defaultPreset = TagsPreset.standard
  static let demoPresets = [TagsPreset.standard]
  static var inspectCommand: any ParsableCommand.Type { InspectTags.self }
  static var simulateCommand: any ParsableCommand.Type { SimulateTags.self }
  static var benchScenarios: [BenchScenario] {
    [.tagCloud, .tagUpdate, .tagMeasure, .tagScrollFrame, .tagRevisitFrame]
  }

  /// A long cloud of real words, prepared with an 80×30 estimate; the
  /// scroller measures each tag with FreeType as it comes into view and
  /// keeps the first visible tag in place while sizes change.
  static func scene(_ preset: TagsPreset) -> SceneEntry {
    SceneEntry(
      name: sceneName(preset), layout: name, preset: preset.rawValue,
      title: "Self-sizing tag cloud",
      summary: "Hundreds of word tags laid out with an 80×30 estimate; each is measured (FreeType) as it comes "
        + "into view and the offset is corrected so nothing on screen jumps. A fling, a drag back.",
      demoScript:
        "drag 0,-420 0.3; release; wait 1.6; drag 0,-300 0.25; release; wait 1.4; drag 0,260 0.3; release; wait 1",
      make: { context in
        let texts = SampleWords.words(600).enumerated().map { i, word in
          i % 7 == 3 ? word + " " + SampleWords.all[(i * 37 + 11) % SampleWords.all.count] : word
        }
        let text = try TagText(size: 15, padding: (6, 10), scale: context.scale)
        let layout = preset.layout
        let cloud = try layout.prepare(
          estimated: LayoutItems(count: texts.count, size: Size(width: 80, height: 30)),
          viewport: Viewport(size: context.size, scale: context.scale))
        return TagScene(scroller: SelfSizingScroller(layout: cloud), texts: texts, text: text, context: context)
      })
  }

  /// `--words N --estimated WxH` (tags are words; the estimate sets their size).
  static func itemArguments(count: Int, size: Size) -> [String] {
    ["--words", String(count), "--estimated", "\(JSONWriter.number(size.width))x\(JSONWriter.number(size.height))"]
  }
}

/// How tags are measured and drawn: one measurer for both, so measured and
/// drawn text agree to the pixel.
struct TagText {
  let measurer: TextMeasurer
  let padding: (vertical: Double, horizontal: Double)

  init(size: Double, padding: (Double, Double), scale: Double) throws {
    do {
      measurer = try TextMeasurer(style: TextStyle(size: size), scale: scale)
    } catch {
      throw CLIError("cannot measure text: \(error)")
    }
    self.padding = padding
  }

  /// The tag's size: its text wrapped at `maxWidth` minus the padding, plus
  /// the padding, no wider than `maxWidth`.
  func size(_ text: String, maxWidth: Double) -> Size {
    measurer.tagSize(of: text, padding: padding, maxWidth: maxWidth)
  }

  func draw(_ text: String, _ a: LayoutAttributes, on canvas: inout Canvas, origin: Point, clip: Rect) {
    let frame = a.frame.offsetBy(dx: origin.x, dy: origin.y)
    canvas.drawTag(
      text, in: frame, measurer: measurer, padding: padding, background: Color(hex: 0xE5E5EA),
      color: Color(hex: 0x1C1C1E), cornerRadius: 8, clip: clip)
  }
}

/// The tag cloud on screen: a self-sizing scroller that measures newly
/// visible tags every frame, before drawing.
struct TagScene: Scene, GestureForwarding {
  var scroller: SelfSizingScroller<PreparedTagCloudLayout>
  var driven: SelfSizingScroller<PreparedTagCloudLayout> {
    get { scroller }
    set { scroller = newValue }
  }
  var texts: [String]
  var text: TagText
  var context: SceneContext
  var visible: [LayoutAttributes] = []

  init(scroller: SelfSizingScroller<PreparedTagCloudLayout>, texts: [String], text: TagText, context: SceneContext) {
    self.scroller = scroller
    self.texts = texts
    self.text = text
    self.context = context
    measureVisible()
  }

  mutating func measureVisible() {
    visible.removeAll(keepingCapacity: true)
    let texts = self.texts
    let text = self.text
    _ = scroller.layoutFrame(
      measure: { id, maxWidth in
        id.kind == .cell && id.item < texts.count ? text.size(texts[id.item], maxWidth: maxWidth) : nil
      }, into: &visible)
  }

  /// Every frame measures the tags that came into view.
  mutating func advance(to time: Double) {
    scroller.advance(to: time)
    measureVisible()
  }

  func layers() -> [SceneLayer] {
    let texts = self.texts
    let text = self.text
    return [
      SceneLayer(
        region: Rect(origin: .zero, size: context.size), contentOffset: scroller.surface.contentOffset,
        elements: visible, photo: { _ in nil }, style: { _ in ElementStyle() }, background: .white,
        indexLabels: context.debug,
        draw: { a, canvas, origin, clip in
          guard a.id.kind == .cell, a.id.item < texts.count else { return }
          text.draw(texts[a.id.item], a, on: &canvas, origin: origin, clip: clip)
        })
    ]
  }
}

/// Where the tags' texts come from and how they are measured: what
/// `inspect tags` and `simulate tags` share.
struct TagOptions: ParsableArguments {
  @Option(help: "Start from a preset.")
  var preset = TagsEntry.defaultPreset

  @Option(parsing: .unconditional, help: "The viewport (scroll view bounds) size, WxH in points.")
  var viewport: SizeArgument

  @Option(help: "A text file: one tag per line (empty lines are skipped).")
  var texts: String?

  @Option(parsing: .unconditional, help: "N tags from the built-in word list: 0…1000000.")
  var words: Int?

  @Option(parsing: .unconditional, help: "The text size in points: 1…200.")
  var fontSize: Double = 15

  @Option(parsing: .unconditional, help: "The padding around the text, V,H (two numbers) in points, each ≥ 0.")
  var padding = PairArgument(Point(x: 6, y: 10))

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
    try Check.inRange(fontSize, 1...200, "--font-size")
    try Check.nonNegative(padding.value.x, "--padding")
    try Check.nonNegative(padding.value.y, "--padding")
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

  func tagText() throws -> TagText {
    try TagText(size: fontSize, padding: (padding.value.x, padding.value.y), scale: viewportValue.scale)
  }

  /// The widest a tag may be in this viewport.
  var tagWidth: Double {
    let room = layout.maxTagWidth(forWidth: viewport.value.width)
    return maxWidth.map { Swift.min($0, room) } ?? room
  }

  /// The most tags a paragraph of an estimated cloud may hold: each
  /// measured width re-flows the lines to the end of its paragraph, so a
  /// paragraph of a million tags would cost a million steps per tag
  /// measured (minutes per frame). 10,000 keeps a measurement under a
  /// millisecond or so.
  static let maximumEstimatedParagraph = 10_000

  /// Refuses an estimated cloud of `count` tags whose paragraphs
  /// (`--paragraph-length`, 0: the whole cloud) hold more than
  /// `maximumEstimatedParagraph` tags.
  static func checkEstimatedParagraph(_ paragraphLength: Int, count: Int) throws(LayoutError) {
    let paragraph = paragraphLength > 0 ? Swift.min(paragraphLength, count) : count
    guard paragraph <= maximumEstimatedParagraph else {
      throw .invalidConfiguration(
        "with estimated sizes a paragraph holds at most \(maximumEstimatedParagraph) tags (each measured width "
          + "re-flows lines to its paragraph's end), and these \(count) tags make paragraphs of \(paragraph): "
          + "give --paragraph-length 1…\(maximumEstimatedParagraph)")
    }
  }

  /// The cloud: measured sizes, or the estimate for every tag.
  func prepare(_ texts: [String], text: TagText) throws -> PreparedTagCloudLayout {
    if let estimated {
      try Self.checkEstimatedParagraph(layout.paragraphLength, count: texts.count)
      return try layout.prepare(
        estimated: LayoutItems(count: texts.count, size: estimated.value), viewport: viewportValue)
    }
    let width = tagWidth
    return try layout.prepare(items: LayoutItems(texts.map { text.size($0, maxWidth: width) }), viewport: viewportValue)
  }
}

/// An element's JSON with its tag's text: `texts[section][item]` for cells
/// (a cloud is section 0; a table's rows are sections).
func tagJSON(_ a: LayoutAttributes, texts: [[String]]) -> String {
  guard a.id.kind == .cell, a.id.section >= 0, a.id.section < texts.count, a.id.item >= 0,
    a.id.item < texts[a.id.section].count
  else { return a.json }
  return String(a.json.dropLast()) + ",\"text\":" + JSONWriter.string(texts[a.id.section][a.id.item]) + "}"
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

  @Option(parsing: .unconditional, help: "The content offset X,Y.")
  var offset = PointArgument(.zero)

  @Flag(help: "Print every element, not only those in the visible rect.")
  var all = false

  func validate() throws {
    try Check.offset(offset.value, "--offset")
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
    var state = ScrollState(contentOffset: offset.value)
    state.contentOffset = state.contentOffset.sanitized
    let elements = (all ? cloud.allAttributes(at: state) : cloud.visibleAttributes(at: state)).sorted { $0.id < $1.id }
    var o = JSONObject()
    o.add("layout", TagsEntry.name)
    o.add("viewport", cloud.viewport.size)
    o.add("offset", state.contentOffset)
    o.add("contentSize", cloud.contentSize(at: state))
    o.add("measured", cloud.measuredCount)
    o.add("elements", raw: "[" + elements.map { tagJSON($0, texts: [texts]) }.joined(separator: ",") + "]")
    print(o.text)
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

/// Tag sizes for the benchmarks: what a 15 pt tag of one or two words
/// measures, drawn at random (60–200 pt wide, 30 pt tall, a tenth wrapped
/// to two or three lines).
func benchTagSizes(_ n: Int, seed: UInt64) -> [Size] {
  var rng = BenchRandom(seed: seed)
  var sizes: [Size] = []
  sizes.reserveCapacity(n)
  for _ in 0..<n {
    let lines = rng.unit() < 0.1 ? (rng.unit() < 0.5 ? 2.0 : 3.0) : 1.0
    sizes.append(Size(width: rng.double(in: 60...200), height: 12 + 18 * lines))
  }
  return sizes
}

extension BenchScenario {
  /// The tag cloud of `n` tags prepared with an 80×30 estimate on a
  /// 390×844 screen, queried at random offsets (the query alone).
  static var tagCloud: BenchScenario {
    .layout(
      "tags-query",
      prepare: { n in
        try TagCloudLayout().prepare(
          estimated: LayoutItems(count: n, size: Size(width: 80, height: 30)),
          viewport: Viewport(width: 390, height: 844))
      },
      states: { prepared, samples, rng in
        let bounds = prepared.offsetBounds(at: ScrollState())
        return (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
      },
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// Measured-size updates: each sample gives 32 random tags of a cloud
  /// prepared with estimates (widths known, heights estimated) a new
  /// measured height, alternating between two so every call changes
  /// geometry. Time per sample / 32 is the cost per item. No query: k = 0.
  /// The baseline is what a layout without updates does: a full prepare
  /// with the new sizes.
  static var tagUpdate: BenchScenario {
    BenchScenario(name: "tags-update") { n, samples, seed in
      let perSample = 32
      let sizes = benchTagSizes(n, seed: seed)
      let layout = TagCloudLayout()
      let viewport = Viewport(width: 390, height: 844)
      let estimates = LayoutItems(sizes.map { Size(width: $0.width, height: 30) })
      let heapBefore = heapBytes()
      let start = nanoseconds()
      var cloud = try layout.prepare(estimated: estimates, viewport: viewport)
      let prepareNs = Double(nanoseconds() - start)
      let bytes = heapBytes().flatMap { after in heapBefore.map { after - $0 } }
      var rng = BenchRandom(seed: seed ^ 0xA5)
      let picks = (0..<(samples * perSample)).map { _ in Int(rng.next() % UInt64(max(1, n))) }
      var flip = false
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
        guard n > 0 else { return }
        flip.toggle()
        for k in 0..<perSample {
          let g = picks[i * perSample + k]
          let size = sizes[g]
          cloud.setMeasuredSize(Size(width: size.width, height: flip ? size.height : size.height + 5), for: .cell(g))
        }
      }
      let baseline = NaiveBaseline { _, _ in
        blackHole(try? layout.prepare(items: LayoutItems(sizes), viewport: viewport))
      }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: sizes, prepareNs: prepareNs, preparedBytes: bytes)
    }
  }

  /// Text measurement per tag: a word (or two) of the sample list set in
  /// 15 pt DejaVu Sans at 2×, wrapped at 358 pt inside 12 pt padding
  /// (`TextMeasurer.tagSize`), glyph caches warm. The item count only
  /// picks how many distinct tags are cycled through. The baseline is the
  /// one-line width alone (`TextMeasurer.width`).
  static var tagMeasure: BenchScenario {
    BenchScenario(name: "tags-measure") { n, samples, _ in
      let measurer = try TextMeasurer(style: TextStyle(size: 15), scale: 2)
      let words = SampleWords.words(max(1, min(n, 100_000)))
      for word in words.prefix(2000) { _ = measurer.tagSize(of: word, padding: (6, 12), maxWidth: 358) }
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
        blackHole(measurer.tagSize(of: words[i % words.count], padding: (6, 12), maxWidth: 358))
      }
      let baseline = NaiveBaseline { i, _ in blackHole(measurer.width(of: words[i % words.count])) }
      return BenchSubject(engine: engine, baseline: baseline, keepAlive: measurer, prepareNs: 0, preparedBytes: nil)
    }
  }

  /// A frame of the self-sizing scroll on a first visit: the scroller
  /// jumps to a region it has not shown (each call the next screen down,
  /// 100 pt below the last), measures the newly visible tags (sizes looked
  /// up, not set in text: see `tags-measure`), updates the layout, holds
  /// the anchor, and queries what is visible. Every call measures a
  /// screenful of tags, whatever `n`: when the cloud has no unvisited
  /// screen left (small clouds, after a few calls), the scroller starts
  /// again on a copy of the cloud as prepared, which is all estimates (the
  /// copy, O(n) once per pass over the cloud, is in the time: a pass is
  /// about `n / 50` calls, 20 at 1,000 tags). The baseline measures every
  /// tag up front and prepares them all (what a layout without estimates
  /// needs).
  ///
  /// The estimate has a width (80×30), so measured widths re-flow lines:
  /// paragraphs of 64 tags bound that work (with whole-section paragraphs a
  /// width change may re-flow to the end of the section).
  static var tagScrollFrame: BenchScenario {
    BenchScenario(name: "tags-scroll-frame") { n, samples, seed in
      let setup = try SelfSizingBench(n: n, seed: seed)
      let (sizes, cloud, viewport) = (setup.sizes, setup.cloud, setup.viewport)
      var scroller = SelfSizingScroller(layout: cloud)
      var y = 0.0
      var time = 0.0
      let engine: (Int, inout [LayoutAttributes]) -> Void = { _, result in
        time += 1.0 / 120
        let height = scroller.layout.contentSize(at: scroller.state).height
        if y + viewport.size.height > height {
          scroller = SelfSizingScroller(layout: cloud)
          y = 0
        }
        try? scroller.setContentOffset(nil, Point(x: 0, y: y), animated: false, at: time)
        _ = scroller.layoutFrame(measure: { id, _ in sizes[id.item] }, into: &result)
        scroller.consumeEvents { _ in }
        // The next screen starts below everything shown (measuring may
        // have moved content, so from where the anchor holds now).
        y = scroller.state.contentOffset.y + viewport.size.height + 100
      }
      return setup.subject(engine: engine)
    }
  }

  /// A frame of the self-sizing scroll over tags already measured: ten
  /// stops half a screen apart near the top are shown once at setup, then
  /// each call jumps to the next stop and lays out a frame (nothing left to
  /// measure: the anchor mark, the check for unmeasured tags and the
  /// query). Compare with `tags-scroll-frame`, which measures a screenful
  /// every call. The baseline is as there.
  static var tagRevisitFrame: BenchScenario {
    BenchScenario(name: "tags-revisit-frame") { n, samples, seed in
      let setup = try SelfSizingBench(n: n, seed: seed)
      let (sizes, cloud, viewport) = (setup.sizes, setup.cloud, setup.viewport)
      var scroller = SelfSizingScroller(layout: cloud)
      var time = 0.0
      var scratch: [LayoutAttributes] = []
      var stops: [Double] = []
      for _ in 0..<10 {
        let y = stops.last.map { $0 + viewport.size.height / 2 } ?? 0
        let height = scroller.layout.contentSize(at: scroller.state).height
        guard y + viewport.size.height <= height || stops.isEmpty else { break }
        time += 1.0 / 120
        try? scroller.setContentOffset(nil, Point(x: 0, y: y), animated: false, at: time)
        // Until a frame measures nothing: the screen is all measured.
        var passes = 0
        while passes < 4, scroller.layoutFrame(measure: { id, _ in sizes[id.item] }, into: &scratch).measured > 0 {
          passes += 1
        }
        stops.append(scroller.state.contentOffset.y)
      }
      // A call counter of its own: the runner repeats each sample index.
      var call = 0
      let engine: (Int, inout [LayoutAttributes]) -> Void = { _, result in
        time += 1.0 / 120
        call += 1
        try? scroller.setContentOffset(nil, Point(x: 0, y: stops[call % stops.count]), animated: false, at: time)
        _ = scroller.layoutFrame(measure: { id, _ in sizes[id.item] }, into: &result)
        // The frame's delegate events are handled, as a host's frame loop
        // does (left queued, the queue would grow and reallocate).
        scroller.consumeEvents { _ in }
      }
      return setup.subject(engine: engine)
    }
  }
}

/// The self-sizing frame benches' cloud: `n` tags of `benchTagSizes`,
/// prepared with an 80×30 estimate in paragraphs of 64 tags on a 390×844
/// screen (the prepare timed), and their baseline: a prepare with every
/// size known, which is what a layout without estimates needs.
private struct SelfSizingBench {
  let sizes: [Size]
  let layout = TagCloudLayout(paragraphLength: 64)
  let viewport = Viewport(width: 390, height: 844)
  let cloud: PreparedTagCloudLayout
  let prepareNs: Double

  init(n: Int, seed: UInt64) throws {
    sizes = benchTagSizes(n, seed: seed)
    let start = nanoseconds()
    cloud = try layout.prepare(estimated: LayoutItems(count: n, size: Size(width: 80, height: 30)), viewport: viewport)
    prepareNs = Double(nanoseconds() - start)
  }

  func subject(engine: @escaping (Int, inout [LayoutAttributes]) -> Void) -> BenchSubject {
    let (layout, sizes, viewport) = (self.layout, self.sizes, self.viewport)
    let baseline = NaiveBaseline { _, _ in
      blackHole(try? layout.prepare(items: LayoutItems(sizes), viewport: viewport))
    }
    return BenchSubject(engine: engine, baseline: baseline, keepAlive: sizes, prepareNs: prepareNs, preparedBytes: nil)
  }
}
