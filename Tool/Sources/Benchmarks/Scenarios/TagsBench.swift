import GestureScripting
import LayoutCore
import Raster
import ScrollPhysics
import ToolSupport

/// Tag sizes for the benchmarks: what a 15 pt tag of one or two words
/// measures, drawn at random (60–200 pt wide, 30 pt tall, a tenth wrapped
/// to two or three lines).
package func benchTagSizes(_ n: Int, seed: UInt64) -> [Size] {
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
  package static var tagCloud: BenchScenario {
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
  package static var tagUpdate: BenchScenario {
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
  package static var tagMeasure: BenchScenario {
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
  package static var tagScrollFrame: BenchScenario {
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
  package static var tagRevisitFrame: BenchScenario {
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
