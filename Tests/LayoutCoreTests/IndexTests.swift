import LayoutCore
import ScrollworkTestSupport
import Testing

@Suite struct IndexTests {
  /// The uniform strip's arithmetic equals a brute-force filter, including
  /// queries that start or end exactly on slot edges.
  @Test func uniformStripMatchesBruteForce() {
    for trial in 0..<3000 {
      let seed = propertySeed(trial)
      var rng = SplitMix64(seed: seed)
      let extent = rng.chance(0.1) ? 0 : rng.double(in: 0.1...300)
      let pitch = rng.chance(0.05) ? 0 : extent + (rng.chance(0.2) ? 0 : rng.double(in: 0...40))
      let strip = UniformStrip(
        leading: rng.double(in: -200...200), extent: extent, pitch: pitch, count: rng.int(in: 0...300))
      for _ in 0..<10 {
        var lo = rng.double(in: -1000...(strip.length + 1000))
        if rng.chance(0.3), strip.count > 0 { lo = strip.end(rng.int(in: 0...(strip.count - 1))) }
        var hi = lo + rng.double(in: 0...800)
        if rng.chance(0.3), strip.count > 0 { hi = strip.start(rng.int(in: 0...(strip.count - 1))) }
        let expected = (0..<strip.count).filter { strip.start($0) < hi && lo < strip.end($0) }
        let found = Array(strip.slots(meeting: lo, hi))
        #expect(found == expected, "seed \(seed): \(strip) (\(lo), \(hi))")
      }
    }
  }

  @Test func uniformStripNearestSlot() {
    let strip = UniformStrip(leading: 10, extent: 100, pitch: 110, count: 5)
    #expect(strip.nearestSlot(to: -1000) == 0)
    #expect(strip.nearestSlot(to: strip.center(3) + 54) == 3)
    #expect(strip.nearestSlot(to: strip.center(3) + 56) == 4)
    #expect(strip.nearestSlot(to: 1e9) == 4)
    #expect(strip.nearestSlot(to: .nan) == 0)
    #expect(UniformStrip(extent: 1, pitch: 1, count: 0).nearestSlot(to: 0) == nil)
  }

  /// Candidates always contain every element that meets the interval.
  @Test func sortedExtentIndexContainsEveryHit() {
    for trial in 0..<2000 {
      let seed = propertySeed(trial, base: 99)
      var rng = SplitMix64(seed: seed)
      var index = SortedExtentIndex()
      var spans: [(Double, Double)] = []
      var key = rng.double(in: -100...100)
      for _ in 0..<rng.int(in: 0...200) {
        key += rng.chance(0.3) ? 0 : rng.double(in: 0...50)
        let start = key + rng.double(in: 0...30)
        let end = start + rng.double(in: 0...120)
        index.append(key: key, end: end)
        spans.append((start, end))
      }
      for _ in 0..<10 {
        let lo = rng.double(in: -200...(key + 300))
        let hi = lo + rng.double(in: 0...300)
        let candidates = index.candidates(meeting: lo, hi)
        for (i, span) in spans.enumerated() where span.0 < hi && lo < span.1 {
          #expect(candidates.contains(i), "seed \(seed): element \(i) \(span) missing for (\(lo), \(hi))")
        }
      }
    }
  }

  /// The two-level search finds exactly the range a linear scan defines,
  /// across many blocks.
  @Test func sortedExtentIndexRangeIsExactAcrossBlocks() {
    for trial in 0..<200 {
      let seed = propertySeed(trial, base: 123)
      var rng = SplitMix64(seed: seed)
      var index = SortedExtentIndex()
      var keys: [Double] = []
      var ends: [Double] = []
      var key = 0.0
      for _ in 0..<rng.int(in: 0...5000) {
        key += rng.chance(0.5) ? 0 : rng.double(in: 0...10)
        let end = key + rng.double(in: 0...40)
        index.append(key: key, end: end)
        keys.append(key)
        ends.append(max(end, ends.last ?? -.infinity))
      }
      for _ in 0..<20 {
        let lo = rng.double(in: -10...(key + 10))
        let hi = lo + rng.double(in: 0.001...100)
        let first = ends.firstIndex { $0 > lo } ?? ends.count
        let end = keys.firstIndex { $0 >= hi } ?? keys.count
        #expect(index.candidates(meeting: lo, hi) == first..<max(first, end), "seed \(seed)")
      }
    }
  }
}
