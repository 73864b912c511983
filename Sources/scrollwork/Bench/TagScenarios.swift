import LayoutCore
import Raster
import ScrollPhysics

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
      "tag-cloud",
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
    BenchScenario(name: "tag-update") { n, samples, seed in
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
    BenchScenario(name: "tag-measure") { n, samples, _ in
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

  /// A frame of the self-sizing scroll: the scroller jumps to a region it
  /// has not shown (each call a new one), measures the newly visible tags
  /// (sizes looked up, not set in text: see `tag-measure`), updates the
  /// layout, holds the anchor, and queries what is visible. The baseline
  /// measures every tag up front and prepares them all (what a layout
  /// without estimates needs).
  ///
  /// The estimate has a width (80×30), so measured widths re-flow lines:
  /// paragraphs of 64 tags bound that work (with whole-section paragraphs a
  /// width change may re-flow to the end of the section).
  static var tagScrollFrame: BenchScenario {
    BenchScenario(name: "tag-scroll-frame") { n, samples, seed in
      let sizes = benchTagSizes(n, seed: seed)
      let layout = TagCloudLayout(paragraphLength: 64)
      let viewport = Viewport(width: 390, height: 844)
      let start = nanoseconds()
      let cloud = try layout.prepare(
        estimated: LayoutItems(count: n, size: Size(width: 80, height: 30)), viewport: viewport)
      let prepareNs = Double(nanoseconds() - start)
      var scroller = SelfSizingScroller(layout: cloud)
      var call = 0
      var time = 0.0
      let engine: (Int, inout [LayoutAttributes]) -> Void = { _, result in
        call += 1
        time += 1.0 / 120
        let height = scroller.layout.contentSize(at: scroller.state).height
        let y = (Double(call) * 7919).truncatingRemainder(dividingBy: max(1, height - viewport.size.height))
        try? scroller.setContentOffset(nil, Point(x: 0, y: y), animated: false, at: time)
        _ = scroller.layoutFrame(measure: { id, _ in sizes[id.item] }, into: &result)
      }
      let baseline = NaiveBaseline { _, _ in
        blackHole(try? layout.prepare(items: LayoutItems(sizes), viewport: viewport))
      }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: sizes, prepareNs: prepareNs, preparedBytes: nil)
    }
  }
}
