import LayoutCore
import ScrollworkTestSupport
import Testing

/// The pieces flow and sticky share: the one binary search, the section
/// model and the pinned-element rule.
@Suite struct IndexSectionTests {
  @Test func partitionPointFindsTheFirstIndexPastTheBoundary() {
    for trial in 0..<2000 {
      let seed = propertySeed(trial, base: 0x9A27)
      var rng = SplitMix64(seed: seed)
      var values: [Double] = []
      var v = rng.double(in: -100...100)
      for _ in 0..<rng.int(in: 0...200) {
        values.append(v)
        v += rng.chance(0.2) ? 0 : rng.double(in: 0...10)
      }
      let probe = rng.double(in: -150...2200)
      let low = rng.int(in: 0...values.count)
      let high = rng.int(in: low...values.count)
      let found = partitionPoint(in: low..<high) { values[$0] > probe }
      let expected = (low..<high).first { values[$0] > probe } ?? high
      #expect(found == expected, "seed \(seed)")
    }
    // Extreme ranges: the midpoint cannot overflow.
    #expect(partitionPoint(in: (Int.max - 10)..<Int.max) { $0 >= Int.max - 3 } == Int.max - 3)
    #expect(partitionPoint(in: 0..<0) { _ in true } == 0)
  }

  @Test func sectionSearchMatchesBruteForceIncludingEmptyIntervals() {
    for trial in 0..<1000 {
      let seed = propertySeed(trial, base: 0x5EC7)
      var rng = SplitMix64(seed: seed)
      var sections = SectionExtents()
      var cursor = 0.0
      for _ in 0..<rng.int(in: 0...100) {
        let start = cursor
        let itemsStart = start + (rng.chance(0.3) ? 0 : rng.double(in: 0...50))
        let itemsEnd = itemsStart + (rng.chance(0.2) ? 0 : rng.double(in: 0...500))
        cursor = itemsEnd + (rng.chance(0.3) ? 0 : rng.double(in: 0...50))
        sections.append(SectionExtent(start: start, itemsStart: itemsStart, itemsEnd: itemsEnd, end: cursor))
      }
      #expect(sections.end == cursor)
      for _ in 0..<10 {
        let lo = rng.double(in: -100...(cursor + 100))
        let hi = rng.chance(0.2) ? lo : lo + rng.double(in: 0...800)
        let met = sections.sections(meeting: lo, hi)
        for s in 0..<sections.count {
          let e = sections[s]
          if e.start < hi && lo < e.end || (lo == hi && e.start < lo && lo < e.end) {
            #expect(met.contains(s), "seed \(seed): section \(s) meets (\(lo), \(hi))")
          }
        }
      }
      #expect(sections.sections(meeting: 10, 5).isEmpty)
      #expect(sections.sections(meeting: .nan, 5).isEmpty)
    }
  }

  @Test func pinnedHeaderRestsRidesThePinLineAndLeavesWithItsSection() {
    let section = SectionExtent(start: 100, itemsStart: 150, itemsEnd: 600, end: 650)
    #expect(section.headerLength == 50 && section.footerLength == 50 && section.isOrdered)
    #expect(PinnedSupplementary.headerStart(pinLine: 0, length: 50, in: section) == 100)
    #expect(PinnedSupplementary.headerStart(pinLine: 300, length: 50, in: section) == 300)
    #expect(PinnedSupplementary.headerStart(pinLine: 580, length: 50, in: section) == 550)
    #expect(PinnedSupplementary.headerStart(pinLine: .nan, length: 50, in: section) == 100)
    // A section too short for its header keeps it at rest.
    let short = SectionExtent(start: 100, itemsStart: 130, itemsEnd: 140, end: 140)
    #expect(PinnedSupplementary.headerStart(pinLine: 140, length: 50, in: short) == 100)
  }

  @Test func pinnedFooterMirrorsTheHeader() {
    let section = SectionExtent(start: 100, itemsStart: 150, itemsEnd: 600, end: 650)
    // Visible trailing edge far below: at rest after the items.
    #expect(PinnedSupplementary.footerStart(pinLine: 2000, length: 50, in: section) == 600)
    // Riding the trailing edge.
    #expect(PinnedSupplementary.footerStart(pinLine: 400, length: 50, in: section) == 350)
    // Never before the items.
    #expect(PinnedSupplementary.footerStart(pinLine: 120, length: 50, in: section) == 150)
    #expect(PinnedSupplementary.footerStart(pinLine: .nan, length: 50, in: section) == 600)
  }

  /// The pinned rule is the sticky layout's `stickyTop` and the flow
  /// layout's former clamp, for random values.
  @Test func oneRuleForFlowAndSticky() {
    var rng = SplitMix64(seed: propertySeed(0, base: 0x1DE))
    for _ in 0..<5000 {
      let pin = rng.double(in: -500...1500)
      let rest = rng.double(in: 0...800)
      let last = rng.double(in: -100...1000)
      #expect(
        PreparedStickyHeaderLayout.stickyTop(pinLine: pin, restingTop: rest, lastTop: last)
          == clamp(pin, rest, last))
      #expect(
        PinnedSupplementary.leadingStart(pinLine: pin, restingStart: rest, lastStart: last) == clamp(pin, rest, last))
    }
  }

  @Test func zeroLengthIntervalsMeetTheSlotsAroundThem() {
    let strip = UniformStrip(leading: 0, extent: 10, pitch: 12, count: 5)
    #expect(Array(strip.slots(meeting: 15, 15)) == [1])
    #expect(strip.slots(meeting: 11, 11).isEmpty)  // in the gap
    #expect(strip.slots(meeting: 12, 12).isEmpty)  // on an edge: no slot strictly contains it
    var index = SortedExtentIndex()
    for i in 0..<5 { index.append(key: Double(i) * 12, end: Double(i) * 12 + 10) }
    #expect(index.candidates(meeting: 15, 15).contains(1))
  }
}
