import LayoutCore
import ScrollworkTestSupport
import Testing

/// Seeded property tests over random sticky-header configurations: the
/// index against brute force, continuity in the offset, sticky invariants.
@Suite struct StickyHeaderPropertyTests {
  struct Case {
    var layout: StickyHeaderLayout
    var items: LayoutItems
    var viewport: Viewport
    var prepared: PreparedStickyHeaderLayout
  }

  static func randomCase(_ rng: inout SplitMix64) throws -> Case {
    func length(_ upper: Double) -> Double { rng.chance(0.3) ? 0 : rng.double(in: 1...upper) }
    let viewport = Viewport(width: rng.double(in: 100...500), height: rng.double(in: 100...1000))
    var layout = StickyHeaderLayout()
    layout.headerHeight = rng.chance(0.3) ? 0 : rng.double(in: 10...1200)
    layout.menuHeight = length(120)
    layout.sectionHeaderHeight = length(120)
    layout.sectionFooterHeight = length(120)
    layout.lineSpacing = rng.chance(0.3) ? 0 : rng.double(in: 0...20)
    layout.interItemSpacing = rng.chance(0.5) ? 0 : rng.double(in: 0...300)
    layout.isHeaderStretchy = rng.chance(0.6)
    layout.isHeaderOverlayEnabled = rng.chance(0.6)
    layout.maxHeaderOverlayAlpha = rng.double(in: 0...1)
    layout.isMenuSticky = rng.chance(0.6)
    layout.areSectionHeadersSticky = rng.chance(0.6)
    layout.isCellParallaxEnabled = rng.chance(0.6)
    layout.maxCellParallax = rng.double(in: 0...100)
    switch rng.int(in: 0...2) {
    case 0: layout.cellSize = .items
    case 1: layout.cellSize = .fullWidth(height: rng.chance(0.1) ? 0 : rng.double(in: 1...300))
    default: layout.cellSize = .fixed(Size(width: rng.double(in: 0...600), height: rng.double(in: 0...300)))
    }
    var sections: [ItemSizes] = []
    for _ in 0..<rng.int(in: 0...6) {
      let count = rng.int(in: 0...8)
      if rng.chance(0.5) {
        sections.append(.uniform(Size(width: rng.double(in: 0...600), height: rng.double(in: 0...300)), count: count))
      } else {
        sections.append(
          .each(
            (0..<count).map { _ in
              Size(width: rng.double(in: 0...600), height: rng.chance(0.1) ? 0 : rng.double(in: 0...300))
            }))
      }
    }
    let items = LayoutItems(sections: sections)
    return Case(
      layout: layout, items: items, viewport: viewport,
      prepared: try layout.prepare(items: items, viewport: viewport))
  }

  /// `a <= b` up to rounding: frames are stored as centre and size, so an
  /// edge read back may differ from the computed one in the last bits.
  func isAtMost(_ a: Double, _ b: Double) -> Bool { a <= b + 1e-9 * Swift.max(1, abs(b)) }

  static func randomOffset(_ c: Case, _ rng: inout SplitMix64) -> Double {
    let height = c.prepared.contentHeight
    let H = c.viewport.size.height
    return rng.double(in: (-1.5 * H)...(height + H))
  }

  @Test func indexReturnsExactlyTheBruteForceSet() throws {
    for index in 0..<2000 {
      let seed = propertySeed(index, base: 0x57_1C4E)
      var rng = SplitMix64(seed: seed)
      let c = try Self.randomCase(&rng)
      let p = c.prepared
      for _ in 0..<4 {
        let state = ScrollState(x: 0, y: Self.randomOffset(c, &rng))
        let all = p.allAttributes(at: state)
        let viewportRect = Rect(origin: state.contentOffset, size: c.viewport.size)
        let random = Rect(
          x: rng.double(in: -100...600), y: Self.randomOffset(c, &rng), width: rng.double(in: 0...600),
          height: rng.chance(0.1) ? 0 : rng.double(in: 0...1500))
        for rect in [viewportRect, random] {
          let found = p.attributes(in: rect, at: state).sortedByID
          #expect(found == bruteForce(all, in: rect), "seed \(seed) offset \(state.contentOffset.y) rect \(rect)")
          #expect(Set(found.map(\.id)).count == found.count, "seed \(seed): duplicates")
        }
        for a in all {
          #expect(p.attributes(for: a.id, at: state) == a, "seed \(seed) \(a.id)")
          #expect(a.isFinite, "seed \(seed) \(a.id)")
        }
        // Every element is reported: header, menu, per section header,
        // cells (all of them, unless cells have no size: then none) and footer.
        var expected = (c.layout.headerHeight > 0 ? 1 : 0) + (c.layout.menuHeight > 0 ? 1 : 0)
        for s in 0..<c.items.sections.count {
          let n = p.numberOfItems(inSection: s)
          #expect(n == c.items.sections[s].count || n == 0, "seed \(seed)")
          expected += n
        }
        expected +=
          c.items.sections.count
          * ((c.layout.sectionHeaderHeight > 0 ? 1 : 0)
            + (c.layout.sectionFooterHeight > 0 ? 1 : 0))
        #expect(all.count == expected, "seed \(seed)")
      }
    }
  }

  /// Every number moves by at most a few times the change of offset: no
  /// jumps at the pin points, the header's stretch or the parallax clamps.
  @Test func attributesAreContinuousInTheOffset() throws {
    let epsilon = 1e-4
    for index in 0..<1000 {
      let seed = propertySeed(index, base: 0xC0_471E)
      var rng = SplitMix64(seed: seed)
      let c = try Self.randomCase(&rng)
      for _ in 0..<4 {
        let o = Self.randomOffset(c, &rng)
        let before = c.prepared.allAttributes(at: ScrollState(x: 0, y: o)).sortedByID
        let after = c.prepared.allAttributes(at: ScrollState(x: 0, y: o + epsilon)).sortedByID
        #expect(before.map(\.id) == after.map(\.id), "seed \(seed)")
        guard before.count == after.count else { continue }
        for (a, b) in zip(before, after) {
          let bound = 3 * epsilon + 1e-9 * Swift.max(1, abs(o))
          var deltas = [
            a.center.x - b.center.x, a.center.y - b.center.y, a.size.width - b.size.width,
            a.size.height - b.size.height, a.transform.a - b.transform.a, a.transform.d - b.transform.d,
            a.extras.overlayAlpha - b.extras.overlayAlpha,
          ]
          if let ca = a.extras.contentRect, let cb = b.extras.contentRect { deltas.append(ca.minY - cb.minY) }
          #expect((a.extras.contentRect == nil) == (b.extras.contentRect == nil))
          for delta in deltas { #expect(abs(delta) <= bound, "seed \(seed) offset \(o) \(a.id) moved \(delta)") }
        }
      }
    }
  }

  @Test func stickySectionHeadersStayInTheirSections() throws {
    for index in 0..<1000 {
      let seed = propertySeed(index, base: 0x5EC7)
      var rng = SplitMix64(seed: seed)
      var c = try Self.randomCase(&rng)
      c.layout.areSectionHeadersSticky = true
      if c.layout.sectionHeaderHeight == 0 { c.layout.sectionHeaderHeight = 30 }
      let p = try c.layout.prepare(items: c.items, viewport: c.viewport)
      func header(_ s: Int, _ o: Double) -> Rect? {
        p.attributes(for: ElementID(kind: .header, section: s, item: 0), at: ScrollState(x: 0, y: o))?.frame
      }
      func footer(_ s: Int) -> Rect? {
        p.attributes(for: ElementID(kind: .footer, section: s, item: 0), at: ScrollState())?.frame
      }
      for _ in 0..<6 {
        let o = Self.randomOffset(c, &rng)
        let pin = p.pinLine(at: o)
        for s in 0..<p.numberOfSections {
          let resting = try #require(header(s, -1e12)).minY
          let last = try #require(header(s, 1e12)).minY
          let frame = try #require(header(s, o))
          #expect(
            isClose(frame.minY, Swift.min(Swift.max(pin, resting), last)),
            "seed \(seed) section \(s) offset \(o)")
          if let footer = footer(s) {
            #expect(isAtMost(frame.maxY, footer.minY), "seed \(seed) section \(s) offset \(o)")
            #expect(isClose(last + frame.height, footer.minY), "seed \(seed): leaves with its footer")
          }
          if s + 1 < p.numberOfSections {
            let next = try #require(header(s + 1, o))
            #expect(isAtMost(frame.maxY, next.minY), "seed \(seed) section \(s) offset \(o)")
          }
          // A section with cells keeps its header until its last cell's end.
          let n = p.numberOfItems(inSection: s)
          if n > 0, let lastCell = p.attributes(for: .cell(n - 1, section: s), at: ScrollState()) {
            #expect(
              isClose(last + frame.height, Swift.max(resting + frame.height, lastCell.frame.maxY)),
              "seed \(seed) section \(s)")
          }
        }
      }
    }
  }

  @Test func stretchyHeaderAndMenuInvariants() throws {
    for index in 0..<1000 {
      let seed = propertySeed(index, base: 0x57_2E7C)
      var rng = SplitMix64(seed: seed)
      var c = try Self.randomCase(&rng)
      c.layout.isHeaderStretchy = true
      c.layout.isMenuSticky = true
      c.layout.headerHeight = rng.double(in: 10...1200)
      c.layout.menuHeight = rng.double(in: 1...120)
      let p = try c.layout.prepare(items: c.items, viewport: c.viewport)
      let h = c.layout.headerHeight
      let H = c.viewport.size.height
      for _ in 0..<6 {
        let o = Self.randomOffset(c, &rng)
        let state = ScrollState(x: 0, y: o)
        let header = try #require(p.attributes(for: ElementID(kind: .stretchyHeader, section: 0, item: 0), at: state))
        let drawn = header.transformedFrame
        let tolerance = 1e-9
        #expect(isClose(drawn.minY, Swift.min(o, h), tolerance: tolerance), "seed \(seed) offset \(o)")
        #expect(isClose(drawn.height, Swift.max(h, Swift.min(H, h - o)), tolerance: tolerance), "seed \(seed)")
        if o < 0 && h - o <= H { #expect(isClose(drawn.maxY, h, tolerance: tolerance), "seed \(seed) offset \(o)") }
        let menu = try #require(p.attributes(for: ElementID(kind: .menu, section: 0, item: 0), at: state))
        #expect(isClose(menu.frame.minY, Swift.max(h, o)), "seed \(seed) offset \(o)")
        #expect(header.zIndex < menu.zIndex)
      }
    }
  }

  /// The shared checker over the same random configurations.
  @Test func sharedCheckerPassesOnRandomStickyLayouts() throws {
    for index in 0..<500 {
      let seed = propertySeed(index, base: 0x57_C4EC)
      var rng = SplitMix64(seed: seed)
      let c = try Self.randomCase(&rng)
      var checker = LayoutChecker(c.prepared) { rng in ScrollState(x: 0, y: Self.randomOffset(c, &rng)) }
      checker.states = 3
      let failures = checker.failures(using: &rng)
      #expect(failures.isEmpty, "seed \(seed): \(failures)")
    }
  }
}
