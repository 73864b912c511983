import LayoutCore
import ScrollworkTestSupport
import Testing

/// The Jungle Cup roster at rest and at chosen offsets: geometry, each
/// behaviour, z-order, switching data sources, bad input.
@Suite struct StickyHeaderLayoutTests {
  static let viewport = Viewport(width: 390, height: 844)

  static func roster(
    _ counts: [Int] = [4, 6, 3], layout: StickyHeaderLayout = .jungleCup
  ) throws
    -> PreparedStickyHeaderLayout
  {
    try layout.prepare(items: LayoutItems(sections: counts.map { .uniform(.zero, count: $0) }), viewport: viewport)
  }

  static func element(
    _ p: PreparedStickyHeaderLayout, _ kind: ElementKind, _ section: Int = 0, item: Int = 0,
    at y: Double
  ) -> LayoutAttributes? {
    p.attributes(for: ElementID(kind: kind, section: section, item: item), at: ScrollState(x: 0, y: y))
  }

  @Test func jungleCupGeometryAtRest() throws {
    let p = try Self.roster()
    let at0 = { (kind: ElementKind, s: Int, i: Int) in Self.element(p, kind, s, item: i, at: 0)?.frame }
    #expect(at0(.stretchyHeader, 0, 0) == Rect(x: 0, y: 0, width: 390, height: 300))
    #expect(at0(.menu, 0, 0) == Rect(x: 0, y: 300, width: 390, height: 70))
    #expect(at0(.header, 0, 0) == Rect(x: 0, y: 370, width: 390, height: 50))
    #expect(at0(.cell, 0, 0) == Rect(x: 0, y: 420, width: 390, height: 200))
    #expect(at0(.cell, 0, 1) == Rect(x: 0, y: 623, width: 390, height: 200))
    #expect(at0(.footer, 0, 0) == Rect(x: 0, y: 1229, width: 390, height: 50))  // 420 + 4·200 + 3·3
    #expect(at0(.header, 1, 0) == Rect(x: 0, y: 1279, width: 390, height: 50))
    #expect(at0(.cell, 3, 0) == nil)
    // 370 + (50 + 809 + 50) + (50 + 1215 + 50) + (50 + 606 + 50)
    #expect(p.contentSize(at: ScrollState()) == Size(width: 390, height: 3300))
    #expect(p.numberOfSections == 3)
    #expect(p.numberOfItems(inSection: 1) == 6)
    #expect(p.numberOfItems(inSection: 7) == 0)
  }

  @Test func interItemSpacingInsetsCells() throws {
    var layout = StickyHeaderLayout.jungleCup
    layout.interItemSpacing = 10
    let p = try Self.roster(layout: layout)
    #expect(Self.element(p, .cell, 1, item: 2, at: 0)?.frame.minX == 10)
    #expect(Self.element(p, .cell, 1, item: 2, at: 0)?.frame.width == 370)
    #expect(Self.element(p, .header, 1, at: 0)?.frame.width == 390)
  }

  @Test func stretchyHeaderEdgesWhilePulling() throws {
    let p = try Self.roster()
    let h = 300.0
    let H = 844.0
    for step in 0...2000 {
      let o = -Double(step) * 0.7
      let header = try #require(Self.element(p, .stretchyHeader, at: o))
      let drawn = header.transformedFrame
      // The top stays at the viewport's top; the bottom where it was until
      // the header fills the viewport.
      #expect(isClose(drawn.minY, o, tolerance: 1e-12), "offset \(o)")
      #expect(isClose(drawn.maxY, min(h, o + H), tolerance: 1e-12), "offset \(o)")
      #expect(isClose(drawn.height, min(H, h - o), tolerance: 1e-12), "offset \(o)")
      // Scaled about its centre: it widens symmetrically.
      #expect(isClose(drawn.midX, 195), "offset \(o)")
      #expect(isClose(drawn.width / 390, drawn.height / h), "offset \(o)")
      #expect(header.zIndex == PreparedStickyHeaderLayout.headerZIndex)
    }
  }

  @Test func stretchyHeaderStaysUnderTheContentThenLeaves() throws {
    let p = try Self.roster()
    for step in 0...1200 {
      let o = Double(step) * 0.5
      let header = try #require(Self.element(p, .stretchyHeader, at: o))
      #expect(header.transform.isIdentity)
      #expect(header.frame.height == 300)
      #expect(header.frame.minY == min(o, 300), "offset \(o)")
    }
    // Gone from the visible set once the content has carried it off screen.
    let visible = p.visibleAttributes(at: ScrollState(x: 0, y: 601)).map(\.id.kind)
    #expect(!visible.contains(.stretchyHeader))
  }

  @Test func headerTallerThanTheViewportNeverShrinks() throws {
    var layout = StickyHeaderLayout.jungleCup
    layout.headerHeight = 1000
    let p = try Self.roster(layout: layout)
    for o in stride(from: -500.0, through: 1500, by: 25) {
      let header = try #require(Self.element(p, .stretchyHeader, at: o))
      #expect(header.transformedFrame.height == 1000, "offset \(o)")
    }
  }

  @Test func overlayAlphaRange() throws {
    let p = try Self.roster()
    var previous = 0.0
    for step in -200...1200 {
      let o = Double(step) * 0.5
      let alpha = try #require(Self.element(p, .stretchyHeader, at: o)).extras.overlayAlpha
      #expect(isClose(alpha, min(max(o / 300, 0), 0.6)), "offset \(o)")
      #expect(alpha >= previous)
      previous = alpha
    }
    #expect(Self.element(p, .stretchyHeader, at: -50)?.extras.overlayAlpha == 0)
    #expect(Self.element(p, .stretchyHeader, at: 180)?.extras.overlayAlpha == 0.6)
    #expect(Self.element(p, .stretchyHeader, at: 5000)?.extras.overlayAlpha == 0.6)
    var off = StickyHeaderLayout.jungleCup
    off.isHeaderOverlayEnabled = false
    #expect(Self.element(try Self.roster(layout: off), .stretchyHeader, at: 150)?.extras.overlayAlpha == 0)
  }

  @Test func parallaxRange() throws {
    let p = try Self.roster()
    let max = 60.0
    var range = (low: 0.0, high: 0.0)
    for o in stride(from: -400.0, through: 3000, by: 7.5) {
      for a in p.visibleAttributes(at: ScrollState(x: 0, y: o)) where a.id.kind == .cell {
        let content = try #require(a.extras.contentRect)
        #expect(content.height == a.size.height + 2 * max)
        #expect(content.width == a.size.width)
        // The photo always covers the cell: no edge shows.
        #expect(content.minY <= 0 && content.maxY >= a.size.height, "offset \(o) \(a.id)")
        let shift = content.minY + max
        #expect(shift >= -max && shift <= max)
        range = (Swift.min(range.low, shift), Swift.max(range.high, shift))
        let d = a.center.y - (o + 422)
        #expect(isClose(shift, min(max, Swift.max(-max, -max * d / (422 + 100)))), "offset \(o)")
      }
    }
    // Visible cells come close to both ends (they reach them just off screen).
    #expect(range.low < -55 && range.high > 55)
    // A cell centred in the viewport is not shifted; one just entering at
    // the bottom is shifted fully up, one just leaving at the top fully down.
    let cell = try #require(Self.element(p, .cell, 1, item: 2, at: 0)).frame
    #expect(Self.element(p, .cell, 1, item: 2, at: cell.midY - 422)?.extras.contentRect?.minY == -60)
    #expect(Self.element(p, .cell, 1, item: 2, at: cell.minY - 844)?.extras.contentRect?.minY == -120)
    #expect(Self.element(p, .cell, 1, item: 2, at: cell.maxY)?.extras.contentRect?.minY == 0)
  }

  @Test func stickyMenuStopsAtTheTop() throws {
    let p = try Self.roster()
    for o in stride(from: -300.0, through: 3000, by: 5) {
      #expect(Self.element(p, .menu, at: o)?.frame.minY == Swift.max(300, o), "offset \(o)")
    }
    var off = StickyHeaderLayout.jungleCup
    off.isMenuSticky = false
    let plain = try Self.roster(layout: off)
    #expect(Self.element(plain, .menu, at: 1000)?.frame.minY == 300)
    // Without a sticky menu, section headers stick to the viewport's top.
    #expect(Self.element(plain, .header, 0, at: 1000)?.frame.minY == 1000)
  }

  /// The pinned section header at every half point across each section
  /// boundary of the roster.
  @Test func pinnedSectionHeadersAcrossBoundaries() throws {
    let p = try Self.roster()
    let starts = [370.0, 1279, 2594]  // section starts
    let footers = [1229.0, 2544, 3250]  // footer starts (= items' ends)
    for s in 0..<3 {
      for step in -400...400 {
        let o = starts[s] - 70 + Double(step) * 0.5
        let pin = Swift.max(300, o) + 70  // under the sticky menu
        let header = try #require(Self.element(p, .header, s, at: o)).frame
        let expected = Swift.min(Swift.max(pin, starts[s]), footers[s] - 50)
        #expect(header.minY == expected, "section \(s) offset \(o)")
        // Never over its own footer nor the next section's header.
        #expect(header.maxY <= footers[s])
        if s + 1 < 3 {
          let next = try #require(Self.element(p, .header, s + 1, at: o)).frame
          #expect(header.maxY <= next.minY, "section \(s) offset \(o)")
        }
      }
      // Leaving with the section: at the footer's start minus the menu,
      // the header sits on its footer.
      let leaving = try #require(Self.element(p, .header, s, at: footers[s] - 70)).frame
      #expect(leaving.maxY == footers[s])
    }
  }

  @Test func zOrder() throws {
    let p = try Self.roster()
    for o in [-200.0, 0, 150, 300, 371, 1000, 1250, 2600] {
      let all = p.visibleAttributes(at: ScrollState(x: 0, y: o))
      let z = { (kind: ElementKind) in all.filter { $0.id.kind == kind }.map(\.zIndex) }
      let cells = z(.cell)
      for c in cells {
        for m in z(.menu) { #expect(m > c) }
        for sh in z(.header) { #expect(sh > c) }
        for f in z(.footer) { #expect(f > c) }
        for h in z(.stretchyHeader) { #expect(h < c) }
      }
      let maxOther = all.filter { $0.id.kind != .menu }.map(\.zIndex).max() ?? 0
      for m in z(.menu) { #expect(m > maxOther, "offset \(o)") }
      let minOther = all.filter { $0.id.kind != .stretchyHeader }.map(\.zIndex).min() ?? 0
      for h in z(.stretchyHeader) { #expect(h < minOther, "offset \(o)") }
    }
  }

  @Test func eachBehaviourSwitchesOffOnItsOwn() throws {
    let plain = try Self.roster(
      layout: StickyHeaderLayout(
        headerHeight: 300, menuHeight: 70, sectionHeaderHeight: 50, sectionFooterHeight: 50,
        cellSize: .fullWidth(height: 200), lineSpacing: 3))
    let jungle = try Self.roster()
    for o in [-150.0, 120, 800, 1500] {
      let state = ScrollState(x: 0, y: o)
      // Plain: every element at rest.
      for a in plain.allAttributes(at: state) {
        #expect(a == plain.attributes(for: a.id, at: ScrollState()), "offset \(o) \(a.id)")
        #expect(a.extras.contentRect == nil && a.extras.overlayAlpha == 0 && a.transform.isIdentity)
      }
      // Switch each one off on the preset: only its element returns to rest.
      let switches: [(WritableKeyPath<StickyHeaderLayout, Bool>, ElementKind)] = [
        (\.isHeaderStretchy, .stretchyHeader), (\.isMenuSticky, .menu),
        (\.areSectionHeadersSticky, .header), (\.isCellParallaxEnabled, .cell),
      ]
      for (path, kind) in switches {
        var layout = StickyHeaderLayout.jungleCup
        layout[keyPath: path] = false
        let p = try Self.roster(layout: layout)
        for a in p.allAttributes(at: state) {
          // Under a menu that scrolls away, sticky section headers pin to the
          // viewport's top instead (checked in stickyMenuStopsAtTheTop).
          if path == \.isMenuSticky && a.id.kind == .header { continue }
          let reference = a.id.kind == kind ? plain : jungle
          let expected = try #require(reference.attributes(for: a.id, at: state))
          #expect(a.frame == expected.frame, "\(path) offset \(o) \(a.id)")
          #expect(a.transform == expected.transform, "\(path) offset \(o) \(a.id)")
          #expect(a.extras.contentRect == expected.extras.contentRect, "\(path) offset \(o) \(a.id)")
        }
      }
    }
  }

  @Test func switchingDataSourcesPreparesNewGeometry() throws {
    let owls = try Self.roster([4, 6, 3])
    let tigers = try Self.roster([2, 9])
    #expect(tigers.numberOfSections == 2)
    #expect(tigers.numberOfItems(inSection: 1) == 9)
    #expect(tigers.attributes(for: ElementID(kind: .header, section: 2, item: 0), at: ScrollState()) == nil)
    #expect(owls.attributes(for: ElementID(kind: .header, section: 2, item: 0), at: ScrollState()) != nil)
    // 370 + (50 + 403 + 50) + (50 + 1824 + 50)
    #expect(tigers.contentSize(at: ScrollState()).height == 2797)
    #expect(Self.element(tigers, .header, 1, at: 0)?.frame.minY == 873)
    // Preparing the first data source again gives the first geometry again.
    let again = try Self.roster([4, 6, 3])
    #expect(again.allAttributes(at: ScrollState(x: 0, y: 900)) == owls.allAttributes(at: ScrollState(x: 0, y: 900)))
  }

  @Test func cellsOfVaryingHeights() throws {
    var layout = StickyHeaderLayout.jungleCup
    layout.cellSize = .items
    let sizes = [Size(width: 100, height: 40), Size(width: 500, height: 0), Size(width: 200, height: 120)]
    let p = try layout.prepare(
      items: LayoutItems(sections: [.each(sizes), .uniform(Size(width: 80, height: 30), count: 3)]),
      viewport: Self.viewport)
    let frames = (0..<3).map { Self.element(p, .cell, 0, item: $0, at: 0)?.frame }
    #expect(frames[0] == Rect(x: 0, y: 420, width: 100, height: 40))
    #expect(frames[1] == Rect(x: 0, y: 463, width: 390, height: 0))  // width clamped to the room
    #expect(frames[2] == Rect(x: 0, y: 466, width: 200, height: 120))
    #expect(Self.element(p, .footer, 0, at: 0)?.frame.minY == 586)
    #expect(Self.element(p, .cell, 1, item: 2, at: 0)?.frame == Rect(x: 0, y: 636 + 50 + 66, width: 80, height: 30))
  }

  @Test func absentElements() throws {
    let p = try Self.roster(
      layout: StickyHeaderLayout(
        cellSize: .fullWidth(height: 100), isHeaderStretchy: true,
        isMenuSticky: true, areSectionHeadersSticky: true))
    let kinds = Set(p.allAttributes(at: ScrollState(x: 0, y: 50)).map(\.id.kind))
    #expect(kinds == [.cell])
    #expect(Self.element(p, .cell, 0, item: 0, at: 0)?.frame.minY == 0)
    #expect(Self.element(p, .menu, at: 0) == nil)
  }

  @Test func badInput() throws {
    let items = LayoutItems(sections: [.uniform(.zero, count: 3)])
    let bad: [StickyHeaderLayout] = [
      StickyHeaderLayout(headerHeight: -1), StickyHeaderLayout(menuHeight: .nan),
      StickyHeaderLayout(sectionHeaderHeight: .infinity), StickyHeaderLayout(lineSpacing: -3),
      StickyHeaderLayout(cellSize: .fullWidth(height: -200)),
      StickyHeaderLayout(cellSize: .fixed(Size(width: .nan, height: 10))),
      StickyHeaderLayout(maxHeaderOverlayAlpha: 1.5), StickyHeaderLayout(maxCellParallax: -60),
    ]
    for layout in bad {
      #expect(throws: LayoutError.self) { try layout.prepare(items: items, viewport: Self.viewport) }
    }
    #expect(throws: LayoutError.self) {
      try StickyHeaderLayout.jungleCup.prepare(items: items, viewport: Viewport(width: 0, height: 844))
    }
    #expect(throws: LayoutError.self) {
      try StickyHeaderLayout.jungleCup.prepare(
        items: LayoutItems(sections: [.uniform(.zero, count: -1)]),
        viewport: Self.viewport)
    }
    let p = try Self.roster()
    for o in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
      for a in p.allAttributes(at: ScrollState(x: o, y: o)) { #expect(a.isFinite, "offset \(o) \(a.id)") }
    }
    let state = ScrollState()
    #expect(p.attributes(for: ElementID(kind: .cell, section: -1, item: 0), at: state) == nil)
    #expect(p.attributes(for: ElementID(kind: .cell, section: 0, item: 4), at: state) == nil)
    #expect(p.attributes(for: ElementID(kind: .menu, section: 1, item: 0), at: state) == nil)
    #expect(p.attributes(for: ElementID(kind: .decoration("x"), section: 0, item: 0), at: state) == nil)
    #expect(p.attributes(in: Rect(x: .nan, y: .nan, width: 10, height: 10), at: state).isEmpty)
    let empty = try StickyHeaderLayout.jungleCup.prepare(items: .empty, viewport: Self.viewport)
    #expect(empty.contentSize(at: state).height == 370)
    #expect(empty.allAttributes(at: state).count == 2)
  }

  @Test func aMillionCellsPrepareAndQueryFast() throws {
    let p = try Self.roster([1_000_000, 1_000_000])
    let o = 300_000_000.0
    let visible = p.visibleAttributes(at: ScrollState(x: 0, y: o))
    #expect(visible.count < 10)
    #expect(visible.contains { $0.id.kind == .header && $0.frame.minY == o + 70 })
  }

  /// Cells with no height are absent, as headers and footers with no height
  /// are: no zero-size cells, no line spacing between them.
  @Test func cellsWithNoHeightAreAbsent() throws {
    var layout = StickyHeaderLayout.jungleCup
    layout.cellSize = .fullWidth(height: 0)
    let prepared = try layout.prepare(
      items: LayoutItems(sections: [.uniform(Size(width: 1, height: 1), count: 5)]),
      viewport: Viewport(width: 390, height: 844))
    #expect(prepared.numberOfItems(inSection: 0) == 0)
    #expect(prepared.attributes(for: .cell(0), at: ScrollState()) == nil)
    let all = prepared.allAttributes(at: ScrollState())
    #expect(!all.contains { $0.id.kind == .cell })
    // Header 300 + menu 70 + section header 50 + footer 50.
    #expect(prepared.contentSize(at: ScrollState()).height == 470)
  }
}
