import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

/// Preferred sizes through the host for the flow and the sticky list,
/// whose later lines and sections move through trees of shifts: cells
/// measured off screen (the cells on screen keep their estimates, so the
/// first of them is the anchor) move nothing on screen when they are
/// above it (the offset takes the change), and what the host answers for
/// its bounds is, after every update, what a brute-force filter of the
/// layout's elements gives.
@Suite struct FlowTreePreferredSizeTests {
  static func screen<P: PreparedLayout>(_ host: LayoutHost<P>) -> [ElementID: Point] {
    Dictionary(
      host.elements(in: host.bounds).map { ($0.id, $0.frame.origin - host.bounds.origin) },
      uniquingKeysWith: { a, _ in a })
  }

  static func check<P: PreparedLayout>(
    _ host: inout LayoutHost<P>, sections: Int, perSection: Int, seed: UInt64, size: (inout SplitMix64) -> Size
  ) throws where P.State == ScrollState {
    var rng = SplitMix64(seed: seed)
    var aboveSteps = 0
    for step in 0..<160 {
      let before = Self.screen(host)
      let id = ElementID.cell(rng.int(in: 0...(perSection - 1)), section: rng.int(in: 0...(sections - 1)))
      guard let frame = host.attributes(for: id)?.frame, !frame.intersects(host.bounds) else { continue }
      let above = frame.maxY < host.bounds.minY - 1
      let new = size(&rng)
      guard host.shouldInvalidate(forPreferredSize: new, of: id) else { continue }
      let context = host.invalidationContext(forPreferredSize: new, of: id)
      host.invalidate(with: context)
      if above {
        aboveSteps += 1
        // Above the screen, so before the anchor: nothing on screen moves.
        let after = Self.screen(host)
        for (other, position) in before where other.kind == .cell {
          guard let moved = after[other] else { continue }
          #expect(isClose(moved, position), "seed \(seed) step \(step): \(other) moved from \(position) to \(moved)")
        }
      }
      let prepared = try #require(host.prepared)
      let state = ScrollState(contentOffset: host.bounds.origin)
      let expected = bruteForce(prepared.allAttributes(at: state), in: host.bounds)
      let answer = host.elements(in: host.bounds).sortedByID
      #expect(answer.map(\.id) == expected.map(\.id), "seed \(seed) step \(step)")
      for (a, b) in zip(answer, expected) {
        #expect(isClose(a.frame, b.frame, tolerance: 1e-9), "seed \(seed) step \(step): \(a) vs \(b)")
      }
    }
    #expect(aboveSteps > 10, "seed \(seed)")
  }

  @Test(arguments: 0..<3)
  func flowCellsKeepTheScreenAndTheAnswerExact(_ index: Int) throws {
    let seed = propertySeed(index, base: 0xF10A)
    // No headers or footers: they are measured, so one on screen would be
    // the anchor rather than the first cell (the flow keeps lines only
    // from a cell).
    let layout = FlowLayout(
      lineSpacing: 4, interItemSpacing: 4, sectionInset: EdgeInsets(top: 8, left: 6, bottom: 8, right: 6))
    var host = LayoutHost(itemSizes: .uniform(Size(width: 80, height: 30))) { items, viewport throws(LayoutError) in
      try layout.prepare(estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: Array(repeating: 400, count: 6))
    try host.setBounds(Rect(x: 0, y: host.contentSize.height / 2, width: 390, height: 844))
    try Self.check(&host, sections: 6, perSection: 400, seed: seed) { rng in
      Size(width: rng.double(in: 40...200).rounded(), height: rng.double(in: 20...90).rounded())
    }
  }

  @Test(arguments: 0..<3)
  func stickyCellsKeepTheScreenAndTheAnswerExact(_ index: Int) throws {
    let seed = propertySeed(index, base: 0x571A)
    let layout = StickyHeaderLayout(
      headerHeight: 120, menuHeight: 40, sectionHeaderHeight: 30, sectionFooterHeight: 12, cellSize: .items)
    var host = LayoutHost(itemSizes: .uniform(Size(width: 390, height: 44))) { items, viewport throws(LayoutError) in
      try layout.prepare(estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: Array(repeating: 300, count: 6))
    try host.setBounds(Rect(x: 0, y: host.contentSize.height / 2, width: 390, height: 844))
    try Self.check(&host, sections: 6, perSection: 300, seed: seed) { rng in
      Size(width: 390, height: rng.double(in: 20...160))
    }
  }
}
