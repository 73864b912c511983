@testable import LayoutCore
import ScrollworkTestSupport
import Testing

/// The waterfall: the shortest-column rule and its ties, right-to-left,
/// sections (headers, footers, insets, their own column counts), the index
/// against brute force and an independent model, measured-size updates
/// against a fresh prepare, and bad input.
@Suite struct WaterfallLayoutTests {
  let state = ScrollState()

  /// Every element, placed item by item the plain way (CHT's loop):
  /// independent of the engine's per-column index.
  static func model(_ layout: WaterfallLayout, _ items: LayoutItems, width W: Double) -> [LayoutAttributes] {
    modelWithHeight(layout, items, width: W).attributes
  }

  static func modelWithHeight(
    _ layout: WaterfallLayout, _ items: LayoutItems, width W: Double
  )
    -> (attributes: [LayoutAttributes], height: Double)
  {
    var result: [LayoutAttributes] = []
    var top = 0.0
    let inset = layout.sectionInset
    for (s, sizes) in items.sections.enumerated() {
      if layout.headerHeight > 0 {
        result.append(
          LayoutAttributes(
            id: ElementID(kind: .header, section: s, item: 0),
            frame: Rect(x: 0, y: top, width: W, height: layout.headerHeight), zIndex: 1))
      }
      let itemsTop = top + layout.headerHeight + inset.top
      let columns = layout.columnCount(inSection: s)
      let width = max(
        0, (max(0, W - inset.left - inset.right) - Double(columns - 1) * layout.columnSpacing) / Double(columns))
      var next = Array(repeating: 0.0, count: columns)
      var bottom = 0.0
      for i in 0..<sizes.count {
        let c = next.firstIndex(of: next.min()!)!
        let size = sizes[i]
        let h = size.width > 0 ? width * size.height / size.width : 0
        let visual = layout.direction == .leftToRight ? c : columns - 1 - c
        let x = inset.left + Double(visual) * (width + layout.columnSpacing)
        result.append(
          LayoutAttributes(id: .cell(i, section: s), frame: Rect(x: x, y: itemsTop + next[c], width: width, height: h)))
        bottom = max(bottom, next[c] + h)
        next[c] += h + layout.itemSpacing
      }
      let footerTop = itemsTop + bottom + inset.bottom
      if layout.footerHeight > 0 {
        result.append(
          LayoutAttributes(
            id: ElementID(kind: .footer, section: s, item: 0),
            frame: Rect(x: 0, y: footerTop, width: W, height: layout.footerHeight), zIndex: 1))
      }
      top = footerTop + layout.footerHeight
    }
    return (result.sortedByID, top)
  }

  func frames(_ prepared: PreparedWaterfallLayout, section: Int = 0) -> [Rect] {
    (0..<prepared.numberOfItems(inSection: section)).map {
      prepared.attributes(for: .cell($0, section: section), at: state)!.frame
    }
  }

  /// Three 100 pt columns in 320 pt, 10 pt apart; heights from aspect ratios.
  let sizes = [
    Size(width: 1000, height: 1000), Size(width: 400, height: 200), Size(width: 10, height: 10),
    Size(width: 50, height: 100), Size(width: 3, height: 3), Size(width: 2, height: 2),
  ]

  @Test func shortestColumnTiesGoLeft() throws {
    let prepared = try WaterfallLayout(columnCount: 3, columnSpacing: 10, itemSpacing: 10)
      .prepare(items: LayoutItems(sizes), viewport: Viewport(width: 320, height: 600))
    #expect(
      frames(prepared) == [
        // All columns empty: leftmost first, then the next ties.
        Rect(x: 0, y: 0, width: 100, height: 100),
        Rect(x: 110, y: 0, width: 100, height: 50),
        Rect(x: 220, y: 0, width: 100, height: 100),
        // Next free: 110, 60, 110: the middle column.
        Rect(x: 110, y: 60, width: 100, height: 200),
        // 110, 270, 110: a tie, the left one wins.
        Rect(x: 0, y: 110, width: 100, height: 100),
        Rect(x: 220, y: 110, width: 100, height: 100),
      ])
    #expect(prepared.contentSize(at: state) == Size(width: 320, height: 260))
  }

  @Test func rightToLeftMirrors() throws {
    let items = LayoutItems(sizes)
    let viewport = Viewport(width: 320, height: 600)
    let ltr = try WaterfallLayout(columnCount: 3).prepare(items: items, viewport: viewport)
    let rtl = try WaterfallLayout(columnCount: 3, direction: .rightToLeft).prepare(items: items, viewport: viewport)
    #expect(frames(rtl)[0] == Rect(x: 220, y: 0, width: 100, height: 100))
    for (a, b) in zip(frames(ltr), frames(rtl)) {
      #expect(b == Rect(x: 320 - a.maxX, y: a.minY, width: a.width, height: a.height))
    }
    // Insets mirror too when they are symmetric.
    let inset = EdgeInsets(top: 0, left: 7, bottom: 0, right: 7)
    let a = try WaterfallLayout(columnCount: 2, sectionInset: inset).prepare(items: items, viewport: viewport)
    let b = try WaterfallLayout(columnCount: 2, sectionInset: inset, direction: .rightToLeft)
      .prepare(items: items, viewport: viewport)
    for (l, r) in zip(frames(a), frames(b)) { #expect(isClose(r.minX, 320 - l.maxX) && r.minY == l.minY) }
  }

  @Test func sectionsHeadersFootersAndTheirOwnColumns() throws {
    let layout = WaterfallLayout(
      columnCount: 2, columnSpacing: 10, itemSpacing: 4,
      sectionInset: EdgeInsets(top: 5, left: 10, bottom: 7, right: 10),
      headerHeight: 40, footerHeight: 30, sectionColumnCounts: [1: 1, 9: 3])
    let items = LayoutItems(sections: [
      .uniform(Size(width: 1, height: 1), count: 3), .each([Size(width: 2, height: 1), Size(width: 4, height: 1)]),
      .uniform(.zero, count: 0),
    ])
    let prepared = try layout.prepare(items: items, viewport: Viewport(width: 320, height: 600))
    // Section 0: header 0..<40, items from 45 in two 145 pt columns.
    #expect(
      prepared.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: state)?.frame
        == Rect(x: 0, y: 0, width: 320, height: 40))
    #expect(
      frames(prepared, section: 0) == [
        Rect(x: 10, y: 45, width: 145, height: 145), Rect(x: 165, y: 45, width: 145, height: 145),
        Rect(x: 10, y: 194, width: 145, height: 145),
      ])
    // Footer: below the longest column (339) and the bottom inset.
    #expect(
      prepared.attributes(for: ElementID(kind: .footer, section: 0, item: 0), at: state)?.frame
        == Rect(x: 0, y: 346, width: 320, height: 30))
    // Section 1 starts at 376, one 300 pt column.
    #expect(prepared.attributes(for: ElementID(kind: .header, section: 1, item: 0), at: state)?.frame.minY == 376)
    #expect(
      frames(prepared, section: 1) == [
        Rect(x: 10, y: 421, width: 300, height: 150), Rect(x: 10, y: 575, width: 300, height: 75),
      ])
    // Section 2 is empty: header, both insets, footer.
    let footer = try #require(prepared.attributes(for: ElementID(kind: .footer, section: 2, item: 0), at: state))
    #expect(footer.frame == Rect(x: 0, y: 657 + 30 + 40 + 12, width: 320, height: 30))
    #expect(prepared.contentHeight == 657 + 30 + 40 + 12 + 30)
    #expect(prepared.attributes(for: ElementID(kind: .header, section: 0, item: 1), at: state) == nil)
    #expect(prepared.attributes(for: ElementID(kind: .decoration("x"), section: 0, item: 0), at: state) == nil)
    let all = prepared.allAttributes(at: state).sortedByID
    #expect(all == Self.model(layout, items, width: 320))
    #expect(all.filter { $0.id.kind != .cell }.allSatisfy { $0.zIndex == 1 })
  }

  @Test func zeroWidthItemsHaveZeroHeight() throws {
    let prepared = try WaterfallLayout(columnCount: 2, itemSpacing: 3)
      .prepare(
        items: LayoutItems([Size(width: 0, height: 50), .zero, Size(width: 1, height: 1)]),
        viewport: Viewport(width: 210, height: 400))
    #expect(
      frames(prepared) == [
        Rect(x: 0, y: 0, width: 100, height: 0), Rect(x: 110, y: 0, width: 100, height: 0),
        Rect(x: 0, y: 3, width: 100, height: 100),
      ])
  }

  @Test func emptyOneAndTwoItemLayouts() throws {
    let viewport = Viewport(width: 390, height: 844)
    let empty = try WaterfallLayout().prepare(items: .empty, viewport: viewport)
    #expect(empty.contentSize(at: state) == Size(width: 390, height: 0))
    #expect(empty.allAttributes(at: state).isEmpty)
    #expect(empty.attributes(for: .cell(0), at: state) == nil)
    let none = try WaterfallLayout().prepare(items: LayoutItems(count: 0, size: .zero), viewport: viewport)
    #expect(none.numberOfItems(inSection: 0) == 0)
    #expect(none.allAttributes(at: state).isEmpty)
    let one = try WaterfallLayout().prepare(items: LayoutItems([Size(width: 2, height: 3)]), viewport: viewport)
    #expect(one.allAttributes(at: state).map(\.frame) == [Rect(x: 0, y: 0, width: 190, height: 285)])
    #expect(one.contentHeight == 285)
    #expect(one.attributes(for: .cell(1), at: state) == nil)
    #expect(one.attributes(for: .cell(0, section: 1), at: state) == nil)
    #expect(one.attributes(for: .cell(-1), at: state) == nil)
    let two = try WaterfallLayout().prepare(
      items: LayoutItems(count: 2, size: Size(width: 1, height: 1)), viewport: viewport)
    #expect(
      two.allAttributes(at: state).sortedByID.map(\.frame) == [
        Rect(x: 0, y: 0, width: 190, height: 190), Rect(x: 200, y: 0, width: 190, height: 190),
      ])
  }

  static func randomCase(_ rng: inout SplitMix64) -> (WaterfallLayout, LayoutItems, Viewport) {
    var layout = WaterfallLayout(columnCount: rng.int(in: 1...5))
    layout.columnSpacing = rng.chance(0.3) ? 0 : rng.double(in: 0...20)
    layout.itemSpacing = rng.chance(0.3) ? 0 : rng.double(in: 0...20)
    func inset() -> Double { rng.chance(0.5) ? 0 : rng.double(in: 0...30) }
    layout.sectionInset = EdgeInsets(top: inset(), left: inset(), bottom: inset(), right: inset())
    layout.headerHeight = rng.chance(0.5) ? 0 : rng.double(in: 1...80)
    layout.footerHeight = rng.chance(0.5) ? 0 : rng.double(in: 1...80)
    layout.direction = rng.chance(0.5) ? .leftToRight : .rightToLeft
    var sections: [ItemSizes] = []
    for s in 0..<rng.int(in: 0...4) {
      if rng.chance(0.3) { layout.sectionColumnCounts[s] = rng.int(in: 1...6) }
      let count = rng.int(in: 0...60)
      if rng.chance(0.2) {
        sections.append(.uniform(Size(width: rng.double(in: 0...4000), height: rng.double(in: 0...4000)), count: count))
      } else {
        sections.append(
          .each(
            (0..<count).map { _ in
              rng.chance(0.05) ? .zero : Size(width: rng.double(in: 1...4000), height: rng.double(in: 0...6000))
            }))
      }
    }
    return (
      layout, LayoutItems(sections: sections),
      Viewport(width: rng.double(in: 50...900), height: rng.double(in: 100...1000))
    )
  }

  @Test func indexMatchesBruteForceAndTheModel() throws {
    for index in 0..<400 {
      let seed = propertySeed(index, base: 0x3A7E_2FA1)
      var rng = SplitMix64(seed: seed)
      let (layout, items, viewport) = Self.randomCase(&rng)
      let prepared = try layout.prepare(items: items, viewport: viewport)
      let all = prepared.allAttributes(at: state).sortedByID
      let (model, height) = Self.modelWithHeight(layout, items, width: viewport.size.width)
      #expect(all.count == model.count, "seed \(seed)")
      for (a, b) in zip(all, model) {
        #expect(
          a.id == b.id && isClose(a.frame, b.frame) && a.zIndex == b.zIndex,
          "seed \(seed) \(a.id) \(a.frame) \(b.frame)")
        #expect(prepared.attributes(for: a.id, at: state) == a, "seed \(seed) \(a.id)")
        #expect(a.isFinite, "seed \(seed)")
      }
      #expect(isClose(prepared.contentHeight, height), "seed \(seed)")
      let width = viewport.size.width
      for _ in 0..<20 {
        let y = rng.double(in: -50...(prepared.contentHeight + 50))
        let rect: Rect
        switch rng.int(in: 0...2) {
        case 0: rect = Rect(x: 0, y: y, width: width, height: viewport.size.height)
        case 1:
          rect = Rect(
            x: rng.double(in: -10...width), y: y, width: rng.double(in: 0...80), height: rng.double(in: 0...10))
        default: rect = Rect(x: rng.double(in: -10...width), y: y, width: rng.double(in: 0...width), height: 0)
        }
        let found = prepared.attributes(in: rect, at: state).sortedByID
        #expect(found == bruteForce(all, in: rect), "seed \(seed) rect \(rect)")
        #expect(Set(found.map(\.id)).count == found.count, "seed \(seed): duplicates")
      }
      // Rectangles on element edges.
      for a in all.prefix(30) {
        for rect in [
          Rect(x: a.frame.minX, y: a.frame.maxY, width: 5, height: 5),
          Rect(x: 0, y: a.frame.minY - 2, width: width, height: 2),
        ] {
          #expect(
            prepared.attributes(in: rect, at: state).sortedByID == bruteForce(all, in: rect),
            "seed \(seed) rect \(rect)")
        }
      }
    }
  }

  /// Measured sizes keep every item in its column and every column packed
  /// (consecutive items `itemSpacing` apart); `settled()` then equals a
  /// fresh prepare of `items` (the given sizes with the measured ones).
  @Test func measuredSizesKeepColumnsPackedAndSettleToAFreshPrepare() throws {
    for index in 0..<300 {
      let seed = propertySeed(index, base: 0x5E1F_512E)
      var rng = SplitMix64(seed: seed)
      let (layout, items, viewport) = Self.randomCase(&rng)
      guard !items.sections.isEmpty else { continue }
      var prepared = try layout.prepare(items: items, viewport: viewport)
      let columnsBefore = prepared.allAttributes(at: state).filter { $0.id.kind == .cell }.map {
        ($0.id, $0.frame.minX)
      }
      for _ in 0..<3 {
        let s = rng.int(in: 0...(items.sections.count - 1))
        let n = items.sections[s].count
        guard n > 0 else { continue }
        let updates = (0..<rng.int(in: 1...4)).map { _ in
          (item: rng.int(in: 0...(n - 1)), size: Size(width: rng.double(in: 1...500), height: rng.double(in: 0...900)))
        }
        prepared = try prepared.updating(sizes: updates, inSection: s)
        let width = prepared.sections[s].columnWidth
        // The last size given for an item is the one it has.
        for (k, u) in updates.enumerated() where !updates[(k + 1)...].contains(where: { $0.item == u.item }) {
          let frame = try #require(prepared.attributes(for: .cell(u.item, section: s), at: state)?.frame)
          #expect(isClose(frame.height, width * u.size.height / u.size.width), "seed \(seed)")
        }
        #expect(prepared.invariantViolations().isEmpty, "seed \(seed): \(prepared.invariantViolations())")
        Self.expectPackedColumns(prepared, "seed \(seed)")
      }
      let columnsAfter = prepared.allAttributes(at: state).filter { $0.id.kind == .cell }.map { ($0.id, $0.frame.minX) }
      #expect(columnsBefore.elementsEqual(columnsAfter) { $0 == $1 }, "seed \(seed): no item changes column")
      let settled = try prepared.settled()
      let fresh = try layout.prepare(items: prepared.items, viewport: viewport)
      let a = settled.allAttributes(at: state).sortedByID
      let b = fresh.allAttributes(at: state).sortedByID
      #expect(a.count == b.count, "seed \(seed)")
      for (x, y) in zip(a, b) {
        #expect(x.id == y.id && isClose(x.frame, y.frame, tolerance: 1e-6), "seed \(seed) \(x.id)")
      }
      for t in 0..<settled.numberOfSections { #expect(settled.topSlack(inSection: t) == 0, "seed \(seed)") }
    }
  }

  /// Every column of every section: consecutive items exactly
  /// `itemSpacing` apart (to rounding), and none starting above its
  /// section's items area.
  static func expectPackedColumns(_ prepared: PreparedWaterfallLayout, _ message: String) {
    let spacing = prepared.layout.itemSpacing
    for (s, section) in prepared.sections.enumerated() {
      for (c, lane) in section.lanes.enumerated() {
        var previous: Rect?
        for p in lane.items.indices {
          let frame = prepared.cell(section, s, column: c, position: p).frame
          if let previous {
            let gap = frame.minY - previous.maxY
            #expect(
              abs(gap - spacing) <= 1e-6 * (1 + abs(frame.minY)), "\(message): section \(s) column \(c) gap \(gap)")
          } else {
            #expect(frame.minY >= section.itemsTop - 1e-6 * (1 + abs(frame.minY)), "\(message): starts above")
          }
          previous = frame
        }
      }
    }
  }

  @Test func measuredSizesMoveLaterItemsAndSections() throws {
    let layout = WaterfallLayout(columnCount: 2, columnSpacing: 10, itemSpacing: 10, footerHeight: 20)
    let square = Size(width: 1, height: 1)
    let items = LayoutItems(sections: [.uniform(square, count: 3), .uniform(square, count: 1)])
    let prepared = try layout.prepare(items: items, viewport: Viewport(width: 210, height: 400))
    #expect(
      frames(prepared) == [
        Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 110, y: 0, width: 100, height: 100),
        Rect(x: 0, y: 110, width: 100, height: 100),
      ])
    #expect(frames(prepared, section: 1) == [Rect(x: 0, y: 230, width: 100, height: 100)])
    // Item 1 measures 3× taller: item 2 stays, the footer and section 1 move down 90.
    let taller = try prepared.updating(sizes: [(item: 1, size: Size(width: 1, height: 3))])
    #expect(
      frames(taller) == [
        Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 110, y: 0, width: 100, height: 300),
        Rect(x: 0, y: 110, width: 100, height: 100),
      ])
    #expect(taller.attributes(for: ElementID(kind: .footer, section: 0, item: 0), at: state)?.frame.minY == 300)
    #expect(frames(taller, section: 1) == [Rect(x: 0, y: 320, width: 100, height: 100)])
    #expect(taller.contentHeight == 440)
    // Then item 0 measures 4× taller: item 2 keeps its column and moves down
    // with it (a measurement never moves an item sideways); the section
    // grows to the longer column.
    let both = try taller.updating(sizes: [(item: 0, size: Size(width: 1, height: 4))])
    #expect(frames(both)[2] == Rect(x: 0, y: 410, width: 100, height: 100))
    #expect(frames(both, section: 1) == [Rect(x: 0, y: 530, width: 100, height: 100)])
    // Settled, item 2 goes to the shorter column, as a fresh prepare puts it.
    let settled = try both.settled()
    #expect(frames(settled)[2] == Rect(x: 110, y: 310, width: 100, height: 100))
    #expect(frames(settled, section: 1) == [Rect(x: 0, y: 430, width: 100, height: 100)])
    // The original is a value: unchanged.
    #expect(frames(prepared)[1].height == 100)
  }

  func error(_ body: () throws(LayoutError) -> Void) -> LayoutError? {
    do {
      try body()
      return nil
    } catch { return error }
  }

  func isConfiguration(_ error: LayoutError?) -> Bool {
    if case .invalidConfiguration = error { return true }
    return false
  }

  @Test func badInputThrows() throws {
    let viewport = Viewport(width: 390, height: 844)
    let items = LayoutItems(count: 3, size: Size(width: 1, height: 1))
    func prepare(_ layout: WaterfallLayout, _ items: LayoutItems) -> LayoutError? {
      error { () throws(LayoutError) in _ = try layout.prepare(items: items, viewport: viewport) }
    }
    for count in [0, -1, 1025, Int.min] {
      #expect(isConfiguration(prepare(WaterfallLayout(columnCount: count), items)), "\(count)")
    }
    #expect(isConfiguration(prepare(WaterfallLayout(sectionColumnCounts: [0: 0]), items)))
    for bad in [Double.nan, -1, Double.infinity] {
      #expect(isConfiguration(prepare(WaterfallLayout(columnSpacing: bad), items)))
      #expect(isConfiguration(prepare(WaterfallLayout(itemSpacing: bad), items)))
      #expect(isConfiguration(prepare(WaterfallLayout(sectionInset: EdgeInsets(left: bad)), items)))
      #expect(isConfiguration(prepare(WaterfallLayout(headerHeight: bad), items)))
      #expect(isConfiguration(prepare(WaterfallLayout(footerHeight: bad), items)))
    }
    let nan = Size(width: 1, height: .nan)
    // NaN sizes are not equal to themselves: match the case.
    func isSize(_ error: LayoutError?, item: Int) -> Bool {
      if case .invalidItemSize(0, item, _) = error { return true }
      return false
    }
    #expect(isSize(prepare(WaterfallLayout(), LayoutItems([.zero, nan])), item: 1))
    #expect(prepare(WaterfallLayout(), LayoutItems(count: -3, size: .zero)) == .invalidItemCount(section: 0, count: -3))
    // Int.max items: a typed error before anything is allocated.
    #expect(isConfiguration(prepare(WaterfallLayout(), LayoutItems(count: Int.max, size: .zero))))
    #expect(
      isConfiguration(
        prepare(WaterfallLayout(), LayoutItems(sections: [.uniform(.zero, count: Int.max), .uniform(.zero, count: 5)])))
    )
    // An aspect ratio too tall for the engine.
    let tall = Size(width: 1e-300, height: 1e300)
    #expect(prepare(WaterfallLayout(), LayoutItems([tall])) == .invalidItemSize(section: 0, item: 0, tall))
    // Columns wider than the room clamp to width 0.
    let narrow = try WaterfallLayout(columnCount: 4, columnSpacing: 200).prepare(items: items, viewport: viewport)
    #expect(frames(narrow).allSatisfy { $0.width == 0 && $0.height == 0 && $0.isFinite })
    // Updates: no such section or item, bad sizes; the original is untouched.
    let prepared = try WaterfallLayout().prepare(items: items, viewport: viewport)
    let before = prepared.allAttributes(at: state).sortedByID
    #expect(
      isConfiguration(error { () throws(LayoutError) in _ = try prepared.updating(sizes: [(0, .zero)], inSection: 1) }))
    #expect(isConfiguration(error { () throws(LayoutError) in _ = try prepared.updating(sizes: [(3, .zero)]) }))
    #expect(isConfiguration(error { () throws(LayoutError) in _ = try prepared.updating(sizes: [(-1, .zero)]) }))
    #expect(isSize(error { () throws(LayoutError) in _ = try prepared.updating(sizes: [(1, nan)]) }, item: 1))
    #expect(
      error { () throws(LayoutError) in _ = try prepared.updating(sizes: [(1, tall)]) }
        == .invalidItemSize(section: 0, item: 1, tall))
    #expect(prepared.allAttributes(at: state).sortedByID == before)
    #expect(try prepared.updating(sizes: []).allAttributes(at: state).sortedByID == before)
    // Non-finite rectangles find nothing and do not trap.
    #expect(prepared.attributes(in: Rect(x: 0, y: .nan, width: 10, height: 10), at: state).isEmpty)
    #expect(prepared.attributes(in: Rect(x: .nan, y: 0, width: 10, height: 10), at: state).isEmpty)
    #expect(prepared.attributes(in: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), at: state).count == 3)
  }
}
