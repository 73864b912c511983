import LayoutCore
import ScrollworkTestSupport
import Testing

/// Flow and sticky sections prepared from estimates: measured sizes give
/// the geometry a fresh prepare with those sizes gives, and with an anchor
/// nothing from the anchor on moves relative to it.
@Suite struct EstimatedLayoutTests {
  static func randomFlow(_ rng: inout SplitMix64) -> FlowLayout {
    FlowLayout(
      axis: rng.chance(0.5) ? .vertical : .horizontal, lineSpacing: rng.double(in: 0...12),
      interItemSpacing: rng.double(in: 0...12),
      sectionInset: EdgeInsets(
        top: rng.double(in: 0...20), left: rng.double(in: 0...20), bottom: rng.double(in: 0...20),
        right: rng.double(in: 0...20)),
      headerLength: rng.chance(0.5) ? rng.double(in: 10...40) : 0,
      footerLength: rng.chance(0.3) ? rng.double(in: 10...40) : 0, pinsHeaders: rng.chance(0.5),
      pinsFooters: rng.chance(0.3), alignment: rng.pick(FlowLayout.Alignment.allCases))
  }

  static func randomSizes(_ rng: inout SplitMix64) -> [[Size]] {
    (0..<rng.int(in: 1...4)).map { _ in
      (0..<rng.int(in: 0...120)).map { _ in Size(width: rng.double(in: 5...260), height: rng.double(in: 5...160)) }
    }
  }

  /// Compares every element of two layouts at `state` (to 1e-6 pt:
  /// shifted frames round differently from frames placed in one pass).
  static func expectSame<A: PreparedLayout, B: PreparedLayout>(
    _ a: A, _ b: B, at state: ScrollState, _ message: String
  ) where A.State == ScrollState, B.State == ScrollState {
    let x = a.allAttributes(at: state).sorted { $0.id < $1.id }
    let y = b.allAttributes(at: state).sorted { $0.id < $1.id }
    #expect(x.count == y.count, "\(message)")
    for (p, q) in zip(x, y) {
      #expect(p.id == q.id && isClose(p.frame, q.frame, tolerance: 1e-6), "\(message): \(p) vs \(q)")
    }
    #expect(isClose(a.contentSize(at: state), b.contentSize(at: state), tolerance: 1e-6), "\(message)")
  }

  /// Every element of `before` from `anchor` on (later cells of its
  /// section, every later section) moved by the anchor's own shift along
  /// the scroll axis and not across, to `tolerance`.
  static func expectMovedWithTheAnchor(
    _ flow: PreparedFlowLayout, before: [LayoutAttributes], anchor: ElementID, anchorBefore: Rect,
    tolerance: Double, _ message: String
  ) throws {
    let axis = flow.scrollAxis
    let anchorAfter = try #require(flow.attributes(for: anchor, at: ScrollState())).frame
    let shift = anchorAfter.min(axis) - anchorBefore.min(axis)
    let s = anchor.section
    for a in before where a.id.section > s || (a.id.section == s && a.id.kind == .cell && a.id.item >= anchor.item) {
      let now = try #require(flow.attributes(for: a.id, at: ScrollState())).frame
      #expect(
        isClose(now.min(axis) - a.frame.min(axis), shift, tolerance: tolerance)
          && isClose(now.min(axis.cross), a.frame.min(axis.cross), tolerance: tolerance),
        "\(message): \(a.id) moved \(a.frame) → \(now), the anchor by \(shift)")
    }
  }

  /// Measured sizes without an anchor give what a fresh prepare with the
  /// same sizes gives once every cell is measured, in both axes, for every
  /// alignment (before that, lines of estimates keep their breaks:
  /// `FlowMeasurementTreeTests.linesOfEstimatesKeepTheirBreaksUntilMeasured`);
  /// and the visible-rect query agrees with brute force at every step.
  @Test func flowUpdatesEqualAFreshPrepare() throws {
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xF10E)
      var rng = SplitMix64(seed: seed)
      let layout = Self.randomFlow(&rng)
      let truth = Self.randomSizes(&rng)
      let viewport = Viewport(width: rng.double(in: 200...500), height: rng.double(in: 200...800))
      let estimate = Size(width: rng.double(in: 20...120), height: rng.double(in: 20...80))
      var sizes = truth.map { $0.map { _ in estimate } }
      var flow = try layout.prepare(
        estimated: LayoutItems(sections: sizes.map { .uniform(estimate, count: $0.count) }), viewport: viewport)
      #expect(flow.scrollAxis == layout.axis)
      var ids = truth.enumerated().flatMap { s, items in items.indices.map { ElementID.cell($0, section: s) } }
      ids.shuffle(using: &rng)
      for (step, id) in ids.enumerated() {
        #expect(!flow.isMeasured(id))
        let accepted1 = flow.setMeasuredSize(truth[id.section][id.item], for: id)
        #expect(accepted1)
        #expect(flow.isMeasured(id))
        sizes[id.section][id.item] = truth[id.section][id.item]
        guard step % 7 == 0 || step == ids.count - 1 else { continue }
        let offset = Point(x: rng.double(in: 0...2000), y: rng.double(in: 0...2000))
        if step == ids.count - 1 {
          let fresh = try layout.prepare(items: LayoutItems(sections: sizes.map { .each($0) }), viewport: viewport)
          Self.expectSame(flow, fresh, at: ScrollState(contentOffset: offset), "seed \(seed) step \(step)")
        }
        let rect = Rect(origin: offset, size: viewport.size)
        let state = ScrollState(contentOffset: offset)
        #expect(
          flow.attributes(in: rect, at: state).map(\.id).sorted()
            == bruteForce(flow.allAttributes(at: state), in: rect).map(\.id), "seed \(seed) step \(step)")
      }
      #expect(flow.measuredCount == ids.count)
    }
  }

  /// With an anchor, a size learnt before the anchor's line moves the
  /// anchor's line and everything after it together: the same shift along
  /// the scroll axis for every cell from the anchor's line on (and for the
  /// later sections), none across.
  @Test func flowKeepsTheAnchorsLines() throws {
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xF10F)
      var rng = SplitMix64(seed: seed)
      var layout = Self.randomFlow(&rng)
      layout.pinsHeaders = false
      layout.pinsFooters = false
      let truth = Self.randomSizes(&rng)
      let viewport = Viewport(width: rng.double(in: 200...500), height: rng.double(in: 200...800))
      var flow = try layout.prepare(
        estimated: LayoutItems(sections: truth.map { .uniform(Size(width: 80, height: 30), count: $0.count) }),
        viewport: viewport)
      let axis = layout.axis
      for _ in 0..<40 {
        guard let s = truth.indices.filter({ truth[$0].count > 2 }).randomElement(using: &rng) else { break }
        let anchorItem = rng.int(in: 1...(truth[s].count - 1))
        let item = rng.int(in: 0...(anchorItem - 1))
        let anchor = ElementID.cell(anchorItem, section: s)
        let before = flow.allAttributes(at: ScrollState())
        let anchorBefore = try #require(flow.attributes(for: anchor, at: ScrollState())).frame
        // Cells of one line are centred on it: another centre means an
        // earlier line (the anchor holds its line only against those).
        let cell = try #require(flow.attributes(for: .cell(item, section: s), at: ScrollState())).frame
        guard abs(cell.center[axis] - anchorBefore.center[axis]) > 1e-6 else { continue }
        let accepted2 = flow.setMeasuredSize(truth[s][item], for: .cell(item, section: s), keepingLinesFrom: anchor)
        #expect(accepted2)
        try Self.expectMovedWithTheAnchor(
          flow, before: before, anchor: anchor, anchorBefore: anchorBefore, tolerance: 1e-6, "seed \(seed)")
      }
    }
  }

  /// Sticky sections of `.items` cells: measured sizes give what a fresh
  /// prepare with the same sizes gives; uniform cell sizes take none.
  @Test func stickyUpdatesEqualAFreshPrepare() throws {
    for index in 0..<40 {
      let seed = propertySeed(index, base: 0x571C)
      var rng = SplitMix64(seed: seed)
      let layout = RandomLayouts.stickyLayout(&rng, cellSize: .items)
      let truth = Self.randomSizes(&rng)
      let viewport = Viewport(width: rng.double(in: 200...500), height: rng.double(in: 200...800))
      let estimate = Size(width: viewport.size.width, height: 44)
      var sizes = truth.map { $0.map { _ in estimate } }
      var list = try layout.prepare(
        estimated: LayoutItems(sections: sizes.map { .uniform(estimate, count: $0.count) }), viewport: viewport)
      var ids = truth.enumerated().flatMap { s, items in items.indices.map { ElementID.cell($0, section: s) } }
      ids.shuffle(using: &rng)
      for (step, id) in ids.enumerated() {
        #expect(!list.isMeasured(id))
        let accepted3 = list.setMeasuredSize(truth[id.section][id.item], for: id)
        #expect(accepted3)
        sizes[id.section][id.item] = truth[id.section][id.item]
        guard step % 5 == 0 || step == ids.count - 1 else { continue }
        let fresh = try layout.prepare(items: LayoutItems(sections: sizes.map { .each($0) }), viewport: viewport)
        let offset = Point(x: 0, y: rng.double(in: -100...3000))
        Self.expectSame(list, fresh, at: ScrollState(contentOffset: offset), "seed \(seed) step \(step)")
      }
      #expect(list.measuredCount == ids.count)
    }
    var fixed = StickyHeaderLayout()
    fixed.cellSize = .fullWidth(height: 40)
    #expect(throws: LayoutError.self) {
      try fixed.prepare(
        estimated: LayoutItems(count: 3, size: Size(width: 10, height: 10)), viewport: Viewport(width: 300, height: 500)
      )
    }
    var uniform = try StickyHeaderLayout().prepare(
      items: LayoutItems(count: 3, size: Size(width: 10, height: 10)), viewport: Viewport(width: 300, height: 500))
    let accepted4 = uniform.setMeasuredSize(Size(width: 10, height: 30), for: .cell(1))
    #expect(!accepted4)
  }

  /// A table of clouds of estimates: once every tag is measured (in any
  /// order), it equals the table prepared from the measured sizes.
  @Test func tagTableUpdatesEqualAFreshPrepare() throws {
    for index in 0..<30 {
      let seed = propertySeed(index, base: 0x7AB1)
      var rng = SplitMix64(seed: seed)
      let layout = TagTableLayout(
        cloud: TagCloudLayout(
          lineSpacing: rng.double(in: 0...10), itemSpacing: rng.double(in: 0...10),
          headerHeight: rng.chance(0.5) ? rng.double(in: 10...30) : 0),
        rowSpacing: rng.double(in: 0...10),
        tableInset: EdgeInsets(top: rng.double(in: 0...20), left: 0, bottom: rng.double(in: 0...20), right: 0))
      let truth = (0..<rng.int(in: 1...12)).map { _ in
        (0..<rng.int(in: 0...40)).map { _ in Size(width: rng.double(in: 20...200), height: rng.double(in: 16...60)) }
      }
      let viewport = Viewport(width: rng.double(in: 250...500), height: 800)
      var table = try layout.prepare(
        estimated: LayoutItems(sections: truth.map { .uniform(Size(width: 80, height: 30), count: $0.count) }),
        viewport: viewport)
      var ids = truth.enumerated().flatMap { s, items in items.indices.map { ElementID.cell($0, section: s) } }
      ids.shuffle(using: &rng)
      for id in ids {
        #expect(!table.isMeasured(id))
        let accepted = table.setMeasuredSize(truth[id.section][id.item], for: id)
        #expect(accepted && table.isMeasured(id))
      }
      let fresh = try layout.prepare(items: LayoutItems(sections: truth.map { .each($0) }), viewport: viewport)
      Self.expectSame(table, fresh, at: ScrollState(), "seed \(seed)")
    }
  }

  /// After a resize, cells that filled the old room are to be measured
  /// again, and the count of measured cells says how many are left, for
  /// the flow and the sticky list alike.
  @Test func aResizeForgetsFullWidthCellsAndCountsTheRest() throws {
    let items = LayoutItems(count: 40, size: Size(width: 80, height: 30))
    let viewport = Viewport(width: 390, height: 844)
    var flow = try FlowLayout().prepare(estimated: items, viewport: viewport)
    var list = try StickyHeaderLayout(cellSize: .items).prepare(estimated: items, viewport: viewport)
    for item in 0..<10 {
      // Every third cell as wide as the room: its text would wrap anew.
      let size = Size(width: item % 3 == 0 ? 10_000 : 100, height: 40)
      flow.setMeasuredSize(size, for: .cell(item))
      list.setMeasuredSize(size, for: .cell(item))
    }
    #expect(flow.measuredCount == 10 && list.measuredCount == 10)
    let narrower = Viewport(width: 300, height: 844)
    let resizedFlow = try flow.resized(to: narrower)
    let resizedList = try list.resized(to: narrower)
    for resized in [resizedFlow.measuredCount, resizedList.measuredCount] { #expect(resized == 6) }
    #expect((0..<40).filter { resizedFlow.isMeasured(.cell($0)) }.count == resizedFlow.measuredCount)
    #expect((0..<40).filter { resizedList.isMeasured(.cell($0)) }.count == resizedList.measuredCount)
  }

  /// Bad sizes and identities change nothing.
  @Test func badMeasurementsChangeNothing() throws {
    var flow = try FlowLayout().prepare(
      estimated: LayoutItems(count: 50, size: Size(width: 80, height: 30)), viewport: Viewport(width: 390, height: 844))
    let before = flow.allAttributes(at: ScrollState())
    for size in [Size(width: .nan, height: 1), Size(width: -1, height: 1), Size(width: 1, height: .infinity)] {
      let accepted5 = flow.setMeasuredSize(size, for: .cell(3))
      #expect(!accepted5)
    }
    let accepted6 = flow.setMeasuredSize(Size(width: 10, height: 10), for: .cell(50))
    #expect(!accepted6)
    let accepted7 = flow.setMeasuredSize(Size(width: 10, height: 10), for: .cell(0, section: 1))
    #expect(!accepted7)
    let accepted8 = flow.setMeasuredSize(
      Size(width: 10, height: 10), for: ElementID(kind: .header, section: 0, item: 0))
    #expect(!accepted8)
    #expect(flow.allAttributes(at: ScrollState()) == before)
    #expect(flow.measuredCount == 0)
  }

  /// `prepare(items:estimate:viewport:)`, the one call the CLI's four
  /// `--estimated` commands make: with an estimate, every estimating layout
  /// lays out the estimate (equal to `prepare(estimated:)` of the same
  /// counts) with nothing measured, and `items.size(of:)` hands back the
  /// real sizes, after which it equals a fresh prepare; without one, it is
  /// `prepare(items:)`. Bad estimates and counts are refused as item sizes
  /// and counts are.
  @Test func oneCallPreparesWithOrWithoutAnEstimate() throws {
    let viewport = Viewport(width: 390, height: 844)
    let truth = LayoutItems(sections: [
      .each((0..<40).map { Size(width: 390, height: 30 + Double($0 % 7) * 11) }),
      .each((0..<25).map { Size(width: 390, height: 50 + Double($0 % 5) * 13) }),
    ])
    let estimate = Size(width: 390, height: 44)
    func check<L: EstimatingLayout>(_ layout: L, _ name: String) throws where L.Prepared.State == ScrollState {
      var prepared = try layout.prepare(items: truth, estimate: estimate, viewport: viewport)
      let direct = try layout.prepare(
        estimated: LayoutItems(sectionCounts: [40, 25], size: estimate), viewport: viewport)
      Self.expectSame(prepared, direct, at: ScrollState(), "\(name): estimated")
      let fresh = try layout.prepare(items: truth, viewport: viewport)
      let same = try layout.prepare(items: truth, estimate: nil, viewport: viewport)
      Self.expectSame(same, fresh, at: ScrollState(), "\(name): no estimate")
      // The estimate shows: the first cell is not its real size yet.
      let first = try #require(prepared.attributes(for: .cell(0), at: ScrollState()))
      let real = try #require(fresh.attributes(for: .cell(0), at: ScrollState()))
      #expect(first.frame.size != real.frame.size, "\(name)")
      for s in 0..<2 {
        for i in 0..<truth.sections[s].count {
          let id = ElementID.cell(i, section: s)
          #expect(!prepared.isMeasured(id), "\(name) \(id)")
          let size = try #require(truth.size(of: id))
          let accepted = prepared.setMeasuredSize(size, for: id)
          #expect(accepted, "\(name) \(id)")
        }
      }
      Self.expectSame(prepared, fresh, at: ScrollState(), "\(name): measured")
      // Bad estimates are refused as bad item sizes; a negative count as it
      // is without an estimate.
      for bad in [Size(width: -1, height: 4), Size(width: .nan, height: 4), Size(width: 4, height: .infinity)] {
        #expect(throws: LayoutError.self, "\(name) \(bad)") {
          _ = try layout.prepare(items: truth, estimate: bad, viewport: viewport)
        }
      }
      #expect(throws: LayoutError.invalidItemCount(section: 0, count: -1), "\(name)") {
        _ = try layout.prepare(
          items: LayoutItems(sections: [.uniform(estimate, count: -1)]), estimate: estimate, viewport: viewport)
      }
    }
    try check(FlowLayout(), "flow")
    try check(StickyHeaderLayout(), "sticky")
    try check(WaterfallLayout(columnCount: 1), "waterfall")
    try check(TagTableLayout(), "tag table")
  }

  /// `LayoutItems.size(of:)`: a cell's size, `nil` for anything else.
  @Test func itemsAnswerACellsSizeAndNilOtherwise() {
    let items = LayoutItems(sections: [
      .uniform(Size(width: 3, height: 4), count: 2), .each([Size(width: 5, height: 6)]), .uniform(.zero, count: -2),
    ])
    #expect(items.size(of: .cell(1)) == Size(width: 3, height: 4))
    #expect(items.size(of: .cell(0, section: 1)) == Size(width: 5, height: 6))
    for id in [
      ElementID.cell(2), .cell(1, section: 1), .cell(0, section: 2), .cell(0, section: 3), .cell(-1),
      .cell(0, section: -1), ElementID(kind: .header, section: 0, item: 0),
    ] {
      #expect(items.size(of: id) == nil, "\(id)")
    }
    #expect(
      LayoutItems(sectionCounts: [2, 0], size: Size(width: 1, height: 2)).sections == [
        .uniform(Size(width: 1, height: 2), count: 2), .uniform(Size(width: 1, height: 2), count: 0),
      ])
  }
}
