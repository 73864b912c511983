import LayoutCore
import ScrollworkTestSupport

/// One row of the benchmark: a layout at an item count.
package struct BenchResult {
  package var scenario: String
  package var items: Int
  package var prepareNsPerItem: Double
  package var bytesPerItem: Double?
  package var queryMedianNs: Double
  package var queryP99Ns: Double
  package var allocationsPerQuery: Double?
  package var resultsPerQuery: Double
  package var baselineMedianNs: Double
  package var floorMedianNs: Double
  package var growth: Double?

  package var baselineRatio: Double { baselineMedianNs / max(queryMedianNs, 1e-9) }
  package var floorRatio: Double { queryMedianNs / max(floorMedianNs, 1e-9) }

  /// Memberwise, for the other targets of the tool's package.
  package init(
    scenario: String, items: Int, prepareNsPerItem: Double, bytesPerItem: Double?, queryMedianNs: Double,
    queryP99Ns: Double, allocationsPerQuery: Double?, resultsPerQuery: Double, baselineMedianNs: Double,
    floorMedianNs: Double, growth: Double?
  ) {
    self.scenario = scenario
    self.items = items
    self.prepareNsPerItem = prepareNsPerItem
    self.bytesPerItem = bytesPerItem
    self.queryMedianNs = queryMedianNs
    self.queryP99Ns = queryP99Ns
    self.allocationsPerQuery = allocationsPerQuery
    self.resultsPerQuery = resultsPerQuery
    self.baselineMedianNs = baselineMedianNs
    self.floorMedianNs = floorMedianNs
    self.growth = growth
  }
}

/// The seed's way: per query, a loop over every item's precomputed frame.
/// Each scenario gives the work its seed did for a hit.
package struct NaiveBaseline {
  /// Runs one query into `result`.
  package var query: (_ sample: Int, _ result: inout [LayoutAttributes]) -> Void

  /// Memberwise, for the other targets of the tool's package.
  package init(query: @escaping (_ sample: Int, _ result: inout [LayoutAttributes]) -> Void) {
    self.query = query
  }
}

/// A layout under test at one size: how to query it (engine and baseline)
/// at sample `i`.
package struct BenchSubject {
  package var engine: (_ sample: Int, _ result: inout [LayoutAttributes]) -> Void
  package var baseline: NaiveBaseline
  /// The prepared geometry, kept alive while measuring.
  package var keepAlive: Any
  /// How long `prepare` took, in nanoseconds.
  package var prepareNs: Double
  /// How much the heap grew while preparing (the prepared geometry).
  package var preparedBytes: Int?
  /// The floor to compare with, when not the default (copying the
  /// engine's results): the host scenarios compare with the engine's own
  /// direct query.
  package var floor: ((_ sample: Int, _ result: inout [LayoutAttributes]) -> Void)? = nil
  /// How many times each sample is timed in a row (default: 8, or 32
  /// without `--quick`). The host's scroll frames take 1: their samples are
  /// consecutive frames, timed in order as UIKit makes them, so each
  /// frame's bounds-change context follows the previous frame's (the
  /// steady state of a scroll); repeating a frame would start each repeat
  /// from bounds no context left.
  package var repeats: Int? = nil
  /// How many elements the last `engine` call answered, for a subject that
  /// reads its answer in place instead of copying it into the buffer (the
  /// host's scroll frames, as the UIKit layout reads them); `nil`: the
  /// buffer's count.
  package var lastResultCount: (() -> Int)? = nil

  /// Memberwise, for the other targets of the tool's package.
  package init(
    engine: @escaping (_ sample: Int, _ result: inout [LayoutAttributes]) -> Void, baseline: NaiveBaseline,
    keepAlive: Any, prepareNs: Double, preparedBytes: Int?,
    floor: ((_ sample: Int, _ result: inout [LayoutAttributes]) -> Void)? = nil, repeats: Int? = nil,
    lastResultCount: (() -> Int)? = nil
  ) {
    self.engine = engine
    self.baseline = baseline
    self.keepAlive = keepAlive
    self.prepareNs = prepareNs
    self.preparedBytes = preparedBytes
    self.floor = floor
    self.repeats = repeats
    self.lastResultCount = lastResultCount
  }
}

/// A benchmark scenario: builds a subject for `n` items with `samples`
/// random scroll states drawn from `seed`.
package struct BenchScenario {
  package var name: String
  package var make: (_ n: Int, _ samples: Int, _ seed: UInt64) throws -> BenchSubject

  /// Memberwise, for the other targets of the tool's package.
  package init(name: String, make: @escaping (_ n: Int, _ samples: Int, _ seed: UInt64) throws -> BenchSubject) {
    self.name = name
    self.make = make
  }
}

package enum BenchRunner {
  /// Measures `scenario` at `n` items.
  package static func run(_ scenario: BenchScenario, n: Int, quick: Bool) throws -> BenchResult {
    let samples = quick ? 200 : 400
    let subject = try scenario.make(n, samples, 0x5C20_11D0 &+ UInt64(n))

    var buffer: [LayoutAttributes] = []
    buffer.reserveCapacity(4096)
    // Warm up and count results.
    var total = 0
    for i in 0..<samples {
      buffer.removeAll(keepingCapacity: true)
      subject.engine(i, &buffer)
      total += subject.lastResultCount?() ?? buffer.count
    }
    // Allocations per steady-state query into the reused buffer.
    var allocations: Double?
    if let before = allocationCount() {
      for i in 0..<samples {
        buffer.removeAll(keepingCapacity: true)
        subject.engine(i, &buffer)
      }
      if let after = allocationCount() { allocations = Double(after - before) / Double(samples) }
    }
    let repeats = subject.repeats ?? (quick ? 8 : 32)
    let engine = timeSamples(count: samples, repeats: repeats) { i in
      buffer.removeAll(keepingCapacity: true)
      subject.engine(i, &buffer)
    }
    // Floor: copying each sample's results into the reused buffer.
    var answers: [[LayoutAttributes]] = []
    answers.reserveCapacity(samples)
    for i in 0..<samples {
      var one: [LayoutAttributes] = []
      subject.engine(i, &one)
      answers.append(one)
    }
    let floor = timeSamples(count: samples, repeats: repeats) { i in
      buffer.removeAll(keepingCapacity: true)
      if let own = subject.floor {
        own(i, &buffer)
      } else {
        buffer.append(contentsOf: answers[i])
      }
    }
    // Baseline: O(n) per query, so fewer samples at large n.
    let baselineSamples = max(5, min(samples, 20_000_000 / max(n, 1)))
    let baseline = timeSamples(count: baselineSamples, repeats: 1) { i in
      buffer.removeAll(keepingCapacity: true)
      subject.baseline.query(i, &buffer)
    }
    blackHole(buffer)
    blackHole(subject.keepAlive)
    let bytes = subject.preparedBytes.map { Double($0) / Double(max(n, 1)) }
    let e = Stats(engine)
    return BenchResult(
      scenario: scenario.name, items: n, prepareNsPerItem: subject.prepareNs / Double(max(n, 1)), bytesPerItem: bytes,
      queryMedianNs: e.median, queryP99Ns: e.p99, allocationsPerQuery: allocations,
      resultsPerQuery: Double(total) / Double(samples), baselineMedianNs: Stats(baseline).median,
      floorMedianNs: Stats(floor).median, growth: nil)
  }
}

extension BenchScenario {
  /// A scenario for a layout: prepares it (timed, heap measured), draws
  /// `samples` scroll states, and pairs the engine's query with the seed's
  /// naive loop.
  package static func layout<P: PreparedLayout>(
    _ name: String,
    prepare: @escaping (_ n: Int) throws -> P,
    states: @escaping (_ prepared: P, _ samples: Int, _ rng: inout BenchRandom) -> [P.State],
    baseline: @escaping (_ prepared: P, _ states: [P.State]) -> NaiveBaseline
  ) -> BenchScenario {
    layout(name, input: { $0 }, prepare: prepare, states: states, baseline: baseline)
  }

  /// The same, with the input (item sizes) built outside the timed prepare.
  package static func layout<Input, P: PreparedLayout>(
    _ name: String,
    input: @escaping (_ n: Int) -> Input,
    prepare: @escaping (_ input: Input) throws -> P,
    states: @escaping (_ prepared: P, _ samples: Int, _ rng: inout BenchRandom) -> [P.State],
    baseline: @escaping (_ prepared: P, _ states: [P.State]) -> NaiveBaseline
  ) -> BenchScenario {
    BenchScenario(name: name) { n, samples, seed in
      let made = input(n)
      let heapBefore = heapBytes()
      let start = nanoseconds()
      let prepared = try prepare(made)
      let prepareNs = Double(nanoseconds() - start)
      let heapAfter = heapBytes()
      var rng = BenchRandom(seed: seed)
      let drawn = states(prepared, samples, &rng)
      let size = prepared.viewport.size
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        let state = drawn[i]
        prepared.attributes(in: Rect(origin: state.contentOffset, size: size), at: state, into: &result)
      }
      var bytes: Int?
      if let heapBefore, let heapAfter { bytes = heapAfter - heapBefore }
      return BenchSubject(
        engine: engine, baseline: baseline(prepared, drawn), keepAlive: (prepared, made), prepareNs: prepareNs,
        preparedBytes: bytes)
    }
  }
}

/// The benches draw offsets with the package's one seeded generator.
package typealias BenchRandom = SplitMix64

extension NaiveBaseline {
  /// The seeds' common shape: every cell's frame precomputed in `prepare`;
  /// per query, a loop over all of them, and for each that meets the rect
  /// the per-item attributes (the layout's own `attributes(for:at:)`, which
  /// is what the seed computes for a hit).
  package static func loopingOverCells<P: PreparedLayout>(_ prepared: P, _ states: [P.State]) -> NaiveBaseline {
    var ids: [ElementID] = []
    var frames: [Rect] = []
    guard let state = states.first else { return NaiveBaseline { _, _ in } }
    for s in 0..<prepared.numberOfSections {
      for i in 0..<prepared.numberOfItems(inSection: s) {
        if let attributes = prepared.attributes(for: .cell(i, section: s), at: state) {
          ids.append(attributes.id)
          frames.append(attributes.frame)
        }
      }
    }
    let size = prepared.viewport.size
    return NaiveBaseline { i, result in
      let state = states[i]
      let rect = Rect(origin: state.contentOffset, size: size)
      for k in frames.indices where frames[k].intersects(rect) {
        if let attributes = prepared.attributes(for: ids[k], at: state) { result.append(attributes) }
      }
    }
  }
}

/// `samples` random vertical offsets within the layout's resting range.
package func verticalOffsets<P: PreparedLayout>(
  _ prepared: P, _ samples: Int, _ rng: inout BenchRandom
) -> [ScrollState]
where P.State == ScrollState {
  let bounds = prepared.offsetBounds(at: ScrollState())
  return (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
}

/// `samples` random horizontal offsets within the layout's resting range.
package func horizontalOffsets<P: PreparedLayout>(
  _ prepared: P, _ samples: Int, _ rng: inout BenchRandom
) -> [ScrollState]
where P.State == ScrollState {
  let bounds = prepared.offsetBounds(at: ScrollState())
  return (0..<samples).map { _ in ScrollState(x: rng.double(in: bounds.min.x...bounds.max.x), y: 0) }
}
