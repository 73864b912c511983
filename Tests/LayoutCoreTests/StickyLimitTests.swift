import LayoutCore
import ScrollworkTestSupport
import Testing

/// The sticky-header layout's limits, from the two fuzz findings kept in
/// `Fuzz/Crashers/FuzzLayouts/`: content past `LayoutLimits.maximumExtent`
/// is `LayoutError.contentTooLarge` at prepare
/// (`sticky-huge-section-header-query-miss`: a section header 8.5e245 pt
/// tall was accepted and missed by the query), and a stretchy header is 0
/// or at least `Viewport.minimumExtent` tall
/// (`sticky-subnormal-stretchy-header`: a 5e-324 pt header was scaled by
/// ∞). Lengths that do not add up into the content (the cells' side
/// insets, the parallax) are bounded by `maximumExtent` too, and content
/// that overflows `Double` is `.contentTooLarge` like any other.
@Suite struct StickyLimitTests {
  static let limit = LayoutLimits.maximumExtent
  let viewport = Viewport(width: 390, height: 844)

  /// Every effect on, so sticky headers, the stretch and the parallax are
  /// all exercised by the queries.
  static func allEffects(
    header: Double = 0, menu: Double = 0, sectionHeader: Double = 0, sectionFooter: Double = 0,
    cellSize: StickyHeaderLayout.CellSize = .items, lineSpacing: Double = 0
  ) -> StickyHeaderLayout {
    StickyHeaderLayout(
      headerHeight: header, menuHeight: menu, sectionHeaderHeight: sectionHeader, sectionFooterHeight: sectionFooter,
      cellSize: cellSize, lineSpacing: lineSpacing, interItemSpacing: 8, isHeaderStretchy: true,
      isHeaderOverlayEnabled: true, maxHeaderOverlayAlpha: 0.6, isMenuSticky: true, areSectionHeadersSticky: true,
      isCellParallaxEnabled: true, maxCellParallax: 40)
  }

  /// A configuration, its items and the content height they add up to.
  struct Case {
    var name: String
    var layout: StickyHeaderLayout
    var items: LayoutItems
    var height: Double
  }

  /// Content of `height` (past the limit, or at it when `excess` is 0),
  /// reached through each part of the layout in turn. Every item is within
  /// the limit on its own, so only the sum can pass it; every sum is exact.
  static func cases(excess: Double) -> [Case] {
    let l = limit
    let half = l / 2
    let small = Size(width: 100, height: 100)
    return [
      Case(
        name: "a section header after the top header and menu",
        layout: allEffects(header: 1000, menu: 208, sectionHeader: l - 1208 - 200 + excess),
        items: LayoutItems(count: 2, size: small), height: l + excess),
      Case(
        name: "section headers of sections without items",
        layout: allEffects(sectionHeader: half + excess / 2),
        items: LayoutItems(sections: [.uniform(small, count: 0), .uniform(small, count: 0)]), height: l + excess),
      Case(
        name: "the top header and the menu",
        layout: allEffects(header: half, menu: half - 100 + excess), items: LayoutItems(count: 1, size: small),
        height: l + excess),
      Case(
        name: "section footers",
        layout: allEffects(sectionFooter: half - 100 + excess / 2),
        items: LayoutItems(sections: [.uniform(small, count: 1), .uniform(small, count: 1)]), height: l + excess),
      Case(
        name: "items of varying heights",
        layout: allEffects(),
        items: LayoutItems([Size(width: 50, height: half + excess / 2), Size(width: 60, height: half + excess / 2)]),
        height: l + excess),
      Case(
        name: "full-width cells",
        layout: allEffects(cellSize: .fullWidth(height: half + excess / 2)),
        items: LayoutItems(count: 2, size: .zero), height: l + excess),
      Case(
        name: "fixed cells between section headers and footers",
        layout: allEffects(
          sectionHeader: 500, sectionFooter: 500, cellSize: .fixed(Size(width: 100, height: half - 1000 + excess / 2))),
        items: LayoutItems(sections: [.uniform(.zero, count: 1), .uniform(.zero, count: 1)]), height: l + excess),
      Case(
        name: "line spacing",
        layout: allEffects(lineSpacing: half - 150 + excess / 2), items: LayoutItems(count: 3, size: small),
        height: l + excess),
    ]
  }

  // MARK: - Content past the limit

  /// Each way content can pass `LayoutLimits.maximumExtent`, by as little
  /// as 1/16 pt (the spacing of Doubles there), is
  /// `.contentTooLarge(extent:limit:)` with the exact extent. Without the
  /// check at the end of `PreparedStickyHeaderLayout.init` every one of
  /// them prepared.
  @Test func contentPastTheLimitIsContentTooLarge() {
    for excess in [0x1p-4, 1, 1e6, Self.limit] {
      for c in Self.cases(excess: excess) {
        #expect(
          throws: LayoutError.contentTooLarge(extent: c.height, limit: Self.limit), "\(c.name), excess \(excess)"
        ) {
          try c.layout.prepare(items: c.items, viewport: viewport)
        }
      }
    }
  }

  /// The fuzz input's shape: a 1000 pt stretchy header and a 208 pt menu
  /// (the first section starts at 1208), then a section header 8.5e245 pt
  /// tall. Its frame's top rounds to 0, above its section's start, and a
  /// thin rectangle at y = 57 met it by brute force but not by the query.
  /// Now prepare rejects it; so it does for a 1e250 pt header, footer, cell
  /// or spacing.
  @Test func hugeFiniteLengthsAreContentTooLarge() {
    let items = LayoutItems(count: 2, size: Size(width: 100, height: 100))
    let fuzzed = Self.allEffects(header: 1000, menu: 208, sectionHeader: 8.5e245)
    // The same sums as prepare: header and menu, the section header, two
    // 100 pt cells.
    let fuzzedHeight = (1000.0 + 208) + 8.5e245 + 200
    #expect(throws: LayoutError.contentTooLarge(extent: fuzzedHeight, limit: Self.limit)) {
      try fuzzed.prepare(items: items, viewport: viewport)
    }
    let huge = 1e250
    let cases: [(StickyHeaderLayout, Double)] = [
      (Self.allEffects(sectionHeader: huge), huge + 200),
      (Self.allEffects(sectionFooter: huge), 200 + huge),
      (Self.allEffects(header: huge), huge + 200),
      (Self.allEffects(menu: huge), huge + 200),
      (Self.allEffects(cellSize: .fullWidth(height: huge)), huge + huge),
      (Self.allEffects(lineSpacing: huge), 100 + huge + 100),
    ]
    for (layout, height) in cases {
      #expect(throws: LayoutError.contentTooLarge(extent: height, limit: Self.limit), "\(layout)") {
        try layout.prepare(items: items, viewport: viewport)
      }
    }
  }

  // MARK: - Content at the limit

  /// The same parts adding up to exactly `LayoutLimits.maximumExtent`, or a
  /// little less, are accepted with that content height, and the query
  /// returns exactly the brute-force set: thin rectangles 1 pt inside and
  /// outside every element's edges (coordinates there are exact to 1/32
  /// pt), the fuzz input's thin rectangle at y = 57 and the viewport, at
  /// offsets from a far pull-down to past the end; then the shared checker.
  @Test func contentAtTheLimitPreparesAndItsQueriesMatchBruteForce() throws {
    for excess in [0, -1, -0x1p-4, -1e6] {
      for c in Self.cases(excess: excess) {
        let p = try c.layout.prepare(items: c.items, viewport: viewport)
        #expect(p.contentHeight == c.height, "\(c.name), excess \(excess)")
        let H = viewport.size.height
        let offsets = [-1e6, -H, 0, 57, 1208, c.height / 2, c.height - H, c.height - 1, c.height + H]
        for offset in offsets {
          let state = ScrollState(x: 0, y: offset)
          let all = p.allAttributes(at: state)
          #expect(all.allSatisfy { $0.isFinite }, "\(c.name), offset \(offset)")
          var rects = [
            Rect(x: 0, y: 57, width: 390, height: 0.5), Rect(x: 0, y: 57, width: 390, height: 0),
            Rect(origin: state.contentOffset, size: viewport.size),
          ]
          for a in all {
            let f = a.frame
            for y in [f.minY - 1, f.minY + 0.5, f.maxY - 1, f.maxY + 0.5] {
              rects.append(Rect(x: -10, y: y, width: 410, height: 0.5))
            }
          }
          for rect in rects {
            let found = p.attributes(in: rect, at: state).sortedByID
            #expect(found == bruteForce(all, in: rect), "\(c.name), excess \(excess), offset \(offset), \(rect)")
          }
        }
        for index in 0..<8 {
          let seed = propertySeed(index, base: 0x57_1717)
          var rng = SplitMix64(seed: seed)
          let failures = LayoutChecker(p).failures(using: &rng)
          #expect(failures.isEmpty, "\(c.name), excess \(excess), seed \(seed): \(failures)")
        }
      }
    }
  }

  // MARK: - The stretchy header's height

  /// Heights between 0 and `Viewport.minimumExtent` (2⁻¹⁰ pt), subnormal
  /// ones included.
  static let tooShort: [Double] = [
    .leastNonzeroMagnitude, Double.leastNormalMagnitude / 8, .leastNormalMagnitude, 1e-100, Viewport.minimumExtent / 2,
    Viewport.minimumExtent.nextDown,
  ]

  /// A stretchy header shorter than `Viewport.minimumExtent` but not 0 is
  /// `.invalidConfiguration`, from `validate()` and from `prepare`, and the
  /// message names the height. Without the check (the fuzz input was
  /// 5e-324 pt) every one of them prepared.
  @Test func aStretchyHeaderBelowTheMinimumIsInvalidConfiguration() {
    for h in Self.tooShort {
      let layout = StickyHeaderLayout(headerHeight: h, isHeaderStretchy: true)
      for error in [
        #expect(throws: LayoutError.self, "\(h)") { try layout.validate() },
        #expect(throws: LayoutError.self, "\(h)") {
          try layout.prepare(items: LayoutItems(count: 3, size: Size(width: 10, height: 10)), viewport: viewport)
        },
      ] {
        guard case .invalidConfiguration(let message) = error else {
          Issue.record("height \(h): expected invalidConfiguration, got \(String(describing: error))")
          continue
        }
        #expect(message.contains("stretchy") && message.contains("\(h)"), "\(message)")
      }
    }
  }

  /// Pulled down far (to −1e300, −∞, −Double.greatestFiniteMagnitude) in
  /// a viewport up to 2⁴⁸ pt tall, a stretchy header of every height that
  /// prepares keeps finite attributes: its scale is min(H, h − o) / h. The
  /// heights that prepare are exactly 0 and those from
  /// `Viewport.minimumExtent` on; a 5e-324 pt header (the fuzz input) was
  /// scaled by ∞ before the check.
  @Test func everyStretchyHeaderThatPreparesStaysFiniteWhenPulledFar() throws {
    let accepted: [Double] = [0, Viewport.minimumExtent, Viewport.minimumExtent.nextUp, 0.01, 1, 300]
    let items = LayoutItems(sections: [
      .uniform(Size(width: 100, height: 100), count: 4), .each([Size(width: 10, height: 3)]),
    ])
    for H in [844, 1, Viewport.minimumExtent, Self.limit] {
      let viewport = Viewport(width: 390, height: H)
      for h in Self.tooShort + accepted {
        var layout = Self.allEffects(header: h, menu: 70, sectionHeader: 50, sectionFooter: 50)
        layout.isHeaderOverlayEnabled = true
        guard let p = try? layout.prepare(items: items, viewport: viewport) else {
          #expect(!accepted.contains(h), "height \(h) in a viewport \(H) pt tall was rejected")
          continue
        }
        #expect(accepted.contains(h), "height \(h) in a viewport \(H) pt tall prepared")
        for o in [-1.0, -H, -1e6, -Self.limit, -1e300, -.greatestFiniteMagnitude, -.infinity, .nan, 0, h] {
          let state = ScrollState(x: 0, y: o)
          let all = p.allAttributes(at: state)
          for a in all {
            #expect(a.isFinite && a.transformedFrame.isFinite, "height \(h), viewport \(H), offset \(o): \(a)")
          }
          let header = p.attributes(for: ElementID(kind: .stretchyHeader, section: 0, item: 0), at: state)
          guard h > 0 else {
            #expect(header == nil)
            continue
          }
          let stretched = try #require(header, "height \(h)")
          let offset = o.isFinite ? o : 0
          let drawn = Swift.max(h, Swift.min(H, h - offset))
          #expect(stretched.transform.a == stretched.transform.d)
          #expect(stretched.transform.a.isFinite && stretched.transform.a >= 1)
          // The drawn height from the scale (the transformed frame's edges
          // at −1e300 would cancel).
          #expect(
            isClose(stretched.size.height * stretched.transform.d, drawn),
            "height \(h), viewport \(H), offset \(o): \(stretched)")
        }
      }
    }
  }

  /// The limit is on the stretch, not on short headers: a header that does
  /// not stretch may be any length, subnormal ones included, and stays
  /// finite (its overlay alpha is clamped, even where offset ÷ height is
  /// infinite).
  @Test func aShortHeaderThatDoesNotStretchIsAccepted() throws {
    for h in Self.tooShort {
      let layout = StickyHeaderLayout(headerHeight: h, isHeaderOverlayEnabled: true, maxHeaderOverlayAlpha: 0.5)
      let p = try layout.prepare(items: LayoutItems(count: 3, size: Size(width: 10, height: 10)), viewport: viewport)
      for o in [-1e300, -1, 0, 1, 1e300] {
        let header = try #require(
          p.attributes(for: ElementID(kind: .stretchyHeader, section: 0, item: 0), at: ScrollState(x: 0, y: o)))
        #expect(header.isFinite && header.transform.isIdentity, "height \(h), offset \(o)")
        #expect(header.extras.overlayAlpha == (o > 0 ? 0.5 : 0), "height \(h), offset \(o)")
      }
    }
  }

  // MARK: - Lengths outside the content

  /// The cells' side inset and the parallax do not add into the content
  /// height, so the content check cannot see them: past
  /// `LayoutLimits.maximumExtent` they are `.invalidConfiguration` naming
  /// the length, and every value that prepares passes the shared checker.
  /// Before the bound a 1e308 pt parallax made every cell's `contentRect`
  /// infinitely tall, and a 1e300 pt inset put cells of varying sizes at
  /// x = 1e300, where the whole-plane query never finds them.
  @Test func sideInsetAndParallaxAreBoundedByTheLimit() throws {
    let items = LayoutItems(sections: [
      .each([Size(width: 10, height: 10), Size(width: 20, height: 30)]),
      .uniform(Size(width: 10, height: 10), count: 3),
    ])
    let values = [0, 300, Self.limit, Self.limit.nextUp, 1e300, 1e308, .greatestFiniteMagnitude]
    for name in ["interItemSpacing", "maxCellParallax"] {
      for value in values {
        var layout = StickyHeaderLayout.jungleCup
        layout.cellSize = .items
        if name == "interItemSpacing" { layout.interItemSpacing = value } else { layout.maxCellParallax = value }
        let prepared: PreparedStickyHeaderLayout
        do {
          prepared = try layout.prepare(items: items, viewport: viewport)
        } catch {
          #expect(value > Self.limit, "\(name) \(value) was rejected: \(error)")
          guard case .invalidConfiguration(let message) = error else {
            Issue.record("\(name) \(value): expected invalidConfiguration, got \(error)")
            continue
          }
          #expect(message.contains(name), "\(message)")
          continue
        }
        #expect(value <= Self.limit, "\(name) \(value) prepared")
        for index in 0..<4 {
          let seed = propertySeed(index, base: 0x57_5107)
          var rng = SplitMix64(seed: seed)
          let failures = LayoutChecker(prepared).failures(using: &rng)
          #expect(failures.isEmpty, "\(name) \(value), seed \(seed): \(failures)")
        }
      }
    }
  }

  // MARK: - Content that overflows to infinity

  /// Content whose height overflows `Double` (parts of
  /// `Double.greatestFiniteMagnitude` each) is past the limit like any
  /// other: `.contentTooLarge` with an infinite extent, as the doc on
  /// `prepare` promises, whether the sum overflows between sections, in a
  /// uniform section's pitch (cell height plus spacing), in its strip or
  /// in cells of varying heights. It used to be `.invalidConfiguration`
  /// ("beyond the representable range"), while finite content past the
  /// limit was `.contentTooLarge`.
  @Test func contentThatOverflowsToInfinityIsContentTooLarge() {
    let huge = Double.greatestFiniteMagnitude
    let small = Size(width: 100, height: 100)
    let cases: [(String, StickyHeaderLayout, LayoutItems)] = [
      ("the top header and the menu", Self.allEffects(header: huge, menu: huge), LayoutItems(count: 1, size: small)),
      (
        "section headers and footers", Self.allEffects(sectionHeader: huge, sectionFooter: huge),
        LayoutItems(sections: [.uniform(small, count: 1), .each([small])])
      ),
      (
        "a full-width cell's pitch", Self.allEffects(cellSize: .fullWidth(height: huge), lineSpacing: huge),
        LayoutItems(count: 2, size: .zero)
      ),
      ("full-width cells", Self.allEffects(cellSize: .fullWidth(height: huge)), LayoutItems(count: 3, size: .zero)),
      (
        "fixed cells", Self.allEffects(cellSize: .fixed(Size(width: 10, height: huge))),
        LayoutItems(sections: [.uniform(.zero, count: 1), .uniform(.zero, count: 1)])
      ),
      ("line spacing of uniform items", Self.allEffects(lineSpacing: huge), LayoutItems(count: 3, size: small)),
      (
        "line spacing of items of varying heights", Self.allEffects(lineSpacing: huge),
        LayoutItems([small, Size(width: 50, height: 10), small])
      ),
    ]
    for (name, layout, items) in cases {
      #expect(throws: LayoutError.contentTooLarge(extent: .infinity, limit: Self.limit), "\(name)") {
        try layout.prepare(items: items, viewport: viewport)
      }
    }
  }
}
