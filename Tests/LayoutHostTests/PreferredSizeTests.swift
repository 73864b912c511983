import LayoutCore
@testable import LayoutHost
import ScrollworkTestSupport
import Testing

/// Self-sizing cells through the host: preferred sizes, the anchor, the
/// content offset adjustment.
@Suite struct PreferredSizeTests {
  /// A tag cloud of estimates in short paragraphs (so a measured width
  /// re-flows only its own paragraph).
  static func cloud() throws -> any LayoutHosting {
    var host = LayoutHost(itemSizes: .uniform(Size(width: 80, height: 30))) { items, viewport throws(LayoutError) in
      try TagCloudLayout(paragraphLength: 8).prepare(estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [5000])
    try host.setBounds(Rect(x: 0, y: 20_000, width: 390, height: 844))
    return host
  }

  static func screen(_ host: any LayoutHosting) -> [ElementID: Point] {
    Dictionary(
      host.elements(in: host.bounds).map { ($0.id, $0.frame.origin - host.bounds.origin) },
      uniquingKeysWith: { a, _ in a })
  }

  static func takesSizes<P: PreparedLayout>(_: P.Type) -> Bool { P.takesPreferredSizes }

  /// The host asks the layout's type: every self-sizing layout says yes,
  /// seen from generic code too (its own default wins over the protocol's).
  @Test func selfSizingLayoutsAndOnlyTheyTakePreferredSizes() throws {
    #expect(Self.takesSizes(PreparedTagCloudLayout.self))
    #expect(Self.takesSizes(PreparedWaterfallLayout.self))
    #expect(Self.takesSizes(PreparedFlowLayout.self))
    #expect(Self.takesSizes(PreparedStickyHeaderLayout.self))
    #expect(!Self.takesSizes(PreparedCenteredLayout.self))
    var carousel = try CarouselLayout.plain.prepare(
      items: LayoutItems(count: 10, size: Size(width: 50, height: 50)),
      viewport: Viewport(size: Size(width: 390, height: 300)))
    let unchanged = carousel.attributes(for: .cell(3), at: ScrollState())
    #expect(carousel.recordPreferredSize(Size(width: 80, height: 80), for: .cell(3), anchoredAt: .zero) == nil)
    #expect(carousel.attributes(for: .cell(3), at: ScrollState()) == unchanged)
    // A flow's uniform section shares one size: a preferred size changes
    // nothing there (no offset is given back), and the host's context is
    // empty.
    var flow = try FlowLayout().prepare(
      items: LayoutItems(count: 10, size: Size(width: 50, height: 50)),
      viewport: Viewport(size: Size(width: 390, height: 844)))
    let cell = flow.attributes(for: .cell(3), at: ScrollState())
    #expect(flow.recordPreferredSize(Size(width: 80, height: 80), for: .cell(3), anchoredAt: .zero) == nil)
    #expect(flow.attributes(for: .cell(3), at: ScrollState()) == cell)
    var host = LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 50, height: 50)))
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [200])
    let shown = host.elements(in: host.bounds)
    #expect(!host.shouldInvalidate(forPreferredSize: Size(width: 80, height: 80), of: .cell(3)))
    let context = host.invalidationContext(forPreferredSize: Size(width: 80, height: 80), of: .cell(3))
    #expect(context.elements.isEmpty && context.contentOffsetAdjustment == .zero)
    host.invalidate(with: context)
    #expect(host.elements(in: host.bounds) == shown)
  }

  /// What a host compares a preferred size with
  /// (`sizeTakingPreferredSize(for:at:)`, which this module's layouts
  /// answer from their own methods) is, for every layout that takes
  /// estimates, its definition: the element's size when the layout takes
  /// a preferred size for it and it exists, `nil` otherwise; and recording
  /// a preferred size through the existential gives the same layout and
  /// offset as `SelfSizingLayout`'s three steps.
  @Test(arguments: RandomLayouts.estimating.map(\.name))
  func theSizeAHostComparesWithIsTheElementsOwn(_ name: String) throws {
    let entry = try #require(RandomLayouts.layout(named: name)?.estimated)
    var r = SplitMix64(seed: 0x51_2E)
    for _ in 0..<4 {
      let drawn = entry(&r)
      let items = LayoutItems(sections: [
        .uniform(Size(width: 80, height: 30), count: 40), .uniform(Size(width: 60, height: 30), count: 25),
      ])
      var layout = try drawn.prepare(items, Viewport(width: 390, height: 844))
      let ids: [ElementID] =
        (-1...41).map { ElementID.cell($0) } + [.cell(3, section: 1), .cell(25, section: 1), .cell(0, section: 2)]
        + [.cell(0, section: -1), ElementID(kind: .header, section: 0, item: 0), .cell(Int.max)]
      for id in ids {
        let exists =
          id.section >= 0 && id.section < layout.numberOfSections && id.item >= 0
          && id.item < layout.numberOfItems(inSection: id.section)
        let expected =
          exists && layout.takesPreferredSize(for: id) ? layout.geometry(for: id, at: ScrollState())?.size : nil
        #expect(layout.sizeTakingPreferredSize(for: id, at: ScrollState()) == expected, "\(drawn) \(id)")
      }
      // Recording: the concrete method against the three steps it stands for.
      let offset = Point(x: 0, y: 300)
      var stepwise = layout
      let id = ElementID.cell(5, section: 1)
      let size = Size(width: 70, height: 52)
      let mark = stepwise.mark(.firstVisible, at: offset)
      let recorded = stepwise.setMeasuredSize(size, for: id, keepingLinesFrom: mark.id)
      let expectedOffset = recorded ? stepwise.offset(keeping: mark, from: offset) : nil
      #expect(layout.recordPreferredSize(size, for: id, anchoredAt: offset) == expectedOffset, "\(drawn)")
      let rect = Rect(x: 0, y: 0, width: 390, height: 2000)
      #expect(
        layout.attributes(in: rect, at: ScrollState()) == stepwise.attributes(in: rect, at: ScrollState()),
        "\(drawn)")
    }
  }

  /// Which elements a layout sizes: cells of sections with per-item sizes,
  /// not a uniform section's, not supplementaries; the host asks before
  /// saying a preferred size invalidates.
  @Test func theLayoutSaysWhichElementsItSizes() throws {
    let flow = try FlowLayout(headerLength: 30).prepare(
      estimated: LayoutItems(sections: [.each([Size(width: 50, height: 50), Size(width: 60, height: 50)])]),
      viewport: Viewport(size: Size(width: 390, height: 844)))
    #expect(
      flow.takesPreferredSize(for: .cell(1))
        && !flow.takesPreferredSize(for: ElementID(kind: .header, section: 0, item: 0)))
    let uniform = try FlowLayout().prepare(
      items: LayoutItems(count: 4, size: Size(width: 50, height: 50)),
      viewport: Viewport(size: Size(width: 390, height: 844)))
    #expect(!uniform.takesPreferredSize(for: .cell(1)))
    let sticky = try StickyHeaderLayout(cellSize: .fullWidth(height: 44)).prepare(
      items: LayoutItems(count: 4, size: .zero), viewport: Viewport(size: Size(width: 390, height: 844)))
    #expect(!sticky.takesPreferredSize(for: .cell(1)))
    let cloud = try TagCloudLayout().prepare(
      estimated: LayoutItems(count: 4, size: Size(width: 80, height: 30)),
      viewport: Viewport(size: Size(width: 390, height: 844)))
    #expect(
      cloud.takesPreferredSize(for: .cell(2))
        && !cloud.takesPreferredSize(for: ElementID(kind: .footer, section: 0, item: 0)))
    let carousel = try CarouselLayout.plain.prepare(
      items: LayoutItems(count: 10, size: Size(width: 50, height: 50)),
      viewport: Viewport(size: Size(width: 390, height: 300)))
    #expect(!carousel.takesPreferredSize(for: .cell(1)))
    var host = LayoutHost(itemSizes: .uniform(Size(width: 80, height: 30))) { items, viewport throws(LayoutError) in
      try FlowLayout(headerLength: 30).prepare(estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [20])
    #expect(host.shouldInvalidate(forPreferredSize: Size(width: 90, height: 30), of: .cell(2)))
    #expect(
      !host.shouldInvalidate(
        forPreferredSize: Size(width: 390, height: 60), of: ElementID(kind: .header, section: 0, item: 0)))
  }

  /// A horizontal flow of estimates scrolled far to the right: preferred
  /// sizes of cells to the left of the viewport move the offset along x
  /// only, by the content's change in width, and nothing on screen moves.
  @Test func aHorizontalFlowAdjustsTheOffsetAlongX() throws {
    var host = LayoutHost(itemSizes: .uniform(Size(width: 80, height: 40))) { items, viewport throws(LayoutError) in
      try FlowLayout(axis: .horizontal, lineSpacing: 6, interItemSpacing: 4).prepare(
        estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 844, height: 390), counts: [6000])
    try host.setBounds(Rect(x: 30_000, y: 0, width: 844, height: 390))
    var rng = SplitMix64(seed: 20)
    var adjusted = 0
    for step in 0..<150 {
      let before = Self.screen(host)
      let item = rng.int(in: 0...2000)
      guard let frame = host.attributes(for: .cell(item)), frame.frame.maxX < host.bounds.minX - 400 else { continue }
      let size = Size(width: rng.double(in: 30...200), height: rng.double(in: 20...120))
      guard host.shouldInvalidate(forPreferredSize: size, of: .cell(item)) else { continue }
      let context = host.invalidationContext(forPreferredSize: size, of: .cell(item))
      #expect(context.contentOffsetAdjustment.y == 0, "step \(step)")
      #expect(context.contentSizeAdjustment.height == 0, "step \(step)")
      #expect(isClose(context.contentOffsetAdjustment.x, context.contentSizeAdjustment.width), "step \(step)")
      if context.contentOffsetAdjustment.x != 0 { adjusted += 1 }
      host.invalidate(with: context)
      let after = Self.screen(host)
      for (id, position) in before {
        guard let moved = after[id] else { continue }
        #expect(isClose(moved, position), "step \(step): \(id) moved on screen from \(position) to \(moved)")
      }
    }
    #expect(adjusted > 20)
  }

  @Test func sizesAboveTheViewportMoveTheOffsetByTheSizeChangeAndNothingOnScreenMoves() throws {
    var host = try Self.cloud()
    #expect(host.isSelfSizing)
    var rng = SplitMix64(seed: 3)
    for step in 0..<200 {
      let before = Self.screen(host)
      // An item whose whole paragraph is above the viewport.
      let item = rng.int(in: 0...2000)
      let last = item / 8 * 8 + 7
      guard let end = host.attributes(for: .cell(last)), end.frame.maxY < host.bounds.minY - 1 else { continue }
      let size = Size(width: rng.double(in: 30...300), height: rng.double(in: 18...70))
      guard host.shouldInvalidate(forPreferredSize: size, of: .cell(item)) else { continue }
      let context = host.invalidationContext(forPreferredSize: size, of: .cell(item))
      #expect(!context.invalidatesEverything)
      #expect(context.invalidates(.cell(item)))
      #expect(isClose(context.contentOffsetAdjustment.y, context.contentSizeAdjustment.height), "step \(step)")
      host.invalidate(with: context)
      #expect(isClose(host.attributes(for: .cell(item))!.size.height, size.height) || size.height < 30)
      // The answer the context kept for the new bounds is the engine's.
      let kept = host.elements(in: host.bounds)
      for a in kept { #expect(host.attributes(for: a.id) == a, "step \(step): \(a.id) kept stale") }
      let inner = host.bounds.inset(by: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
      #expect(Set(host.elements(in: inner).map(\.id)).isSubset(of: kept.map(\.id)), "step \(step)")
      let after = Self.screen(host)
      for (id, position) in before {
        guard let moved = after[id] else { continue }
        #expect(isClose(moved, position), "step \(step): \(id) moved on screen from \(position) to \(moved)")
      }
      #expect(!host.shouldInvalidate(forPreferredSize: host.attributes(for: .cell(item))!.size, of: .cell(item)))
    }
  }

  /// A waterfall of estimates, three columns, scrolled deep.
  static func waterfall() throws -> any LayoutHosting {
    var host = LayoutHost(itemSizes: .cycling([Size(width: 3, height: 4), Size(width: 4, height: 3)])) {
      items, viewport throws(LayoutError) in
      try WaterfallLayout(columnCount: 3, columnSpacing: 4, itemSpacing: 4).prepare(
        estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [5000])
    try host.setBounds(Rect(x: 0, y: 20_000, width: 390, height: 844))
    return host
  }

  /// Every layout that takes estimates, as the host sees it.
  static let selfSizing: [(String, @Sendable () throws -> any LayoutHosting)] = [
    ("tags", { try cloud() }), ("waterfall", { try waterfall() }),
  ]

  @Test(arguments: 0..<2)
  func theAnchorKeepsItsScreenPositionWhateverIsMeasured(_ which: Int) throws {
    var host = try Self.selfSizing[which].1()
    #expect(host.isSelfSizing, "\(Self.selfSizing[which].0)")
    var rng = SplitMix64(seed: 8)
    var measured = Set<Int>()
    for step in 0..<300 {
      // The anchor as documented: the first element on screen that has its real size, else the first.
      let visible = host.elements(in: host.bounds).filter { $0.id.kind == .cell }.sorted { $0.id < $1.id }
      guard let anchor = visible.first(where: { measured.contains($0.id.item) }) ?? visible.first else { break }
      let anchorScreen = anchor.frame.minY - host.bounds.minY
      // Mostly items near the viewport, some far away.
      let item = rng.chance(0.7) ? clamp(anchor.id.item + rng.int(in: -40...60), 0, 4999) : rng.int(in: 0...4999)
      let size =
        which == 0
        ? Size(width: rng.double(in: 30...300), height: rng.double(in: 18...70))
        : Size(width: 127.33, height: rng.double(in: 40...300))
      let context = host.invalidationContext(forPreferredSize: size, of: .cell(item))
      host.invalidate(with: context)
      measured.insert(item)
      guard item != anchor.id.item, let now = host.attributes(for: anchor.id) else { continue }
      #expect(
        abs(now.frame.minY - host.bounds.minY - anchorScreen) <= 1e-9, "step \(step): the anchor \(anchor.id) moved")
    }
  }

  @Test func badPreferredSizesAndUnknownElementsChangeNothing() throws {
    var host = try Self.cloud()
    let before = host.elements(in: host.bounds)
    for size in [Size(width: .nan, height: 10), Size(width: -1, height: 10), Size(width: 1e300, height: 10)] {
      #expect(!host.shouldInvalidate(forPreferredSize: size, of: .cell(3)))
      let context = host.invalidationContext(forPreferredSize: size, of: .cell(3))
      #expect(context.elements.isEmpty && context.contentOffsetAdjustment == .zero)
    }
    #expect(!host.shouldInvalidate(forPreferredSize: Size(width: 10, height: 10), of: .cell(Int.max)))
    #expect(host.elements(in: host.bounds) == before)
  }

  /// The context's comparison of two attributes (field by field, in
  /// place) is `==`: a change of any one field is seen, and equal values
  /// are equal.
  @Test func sameIsEqualityApartFromIdentity() {
    let base = LayoutAttributes(
      id: .cell(3, section: 1), center: Point(x: 10, y: 20), size: Size(width: 30, height: 40),
      transform: .identity, alpha: 0.5, zIndex: 2, isHidden: false,
      extras: AttributeExtras(contentRect: Rect(x: 1, y: 2, width: 3, height: 4), overlayAlpha: 0.1))
    var changes: [(String, (inout LayoutAttributes) -> Void)] = [
      ("id", { $0.id = .cell(4, section: 1) }), ("kind", { $0.id.kind = .header }),
      ("center.x", { $0.center.x += 1 }), ("center.y", { $0.center.y += 1 }),
      ("width", { $0.size.width += 1 }), ("height", { $0.size.height += 1 }),
      ("transform", { $0.transform = AffineTransform(scale: 2) }), ("alpha", { $0.alpha = 1 }),
      ("zIndex", { $0.zIndex = 3 }), ("isHidden", { $0.isHidden = true }),
      ("contentRect", { $0.extras.contentRect = nil }), ("overlayAlpha", { $0.extras.overlayAlpha = 0.2 }),
      ("cornerRadius", { $0.extras.cornerRadius = 4 }), ("styleProgress", { $0.extras.styleProgress = 1 }),
      ("isLeaving", { $0.extras.isLeaving = true }),
    ]
    changes.append(("nothing", { _ in }))
    for (name, change) in changes {
      var other = base
      change(&other)
      var a = base
      let same = withUnsafePointer(to: &a) { p in
        withUnsafePointer(to: &other) { q in LayoutHost<PreparedTagCloudLayout>.same(p, q) }
      }
      // The merge calls it on elements it has matched by identity.
      var matched = other
      matched.id = base.id
      #expect(same == (base == matched), "\(name)")
    }
    var signed = base
    signed.center.x = -0.0
    var unsigned = base
    unsigned.center.x = 0.0
    let equal = withUnsafePointer(to: &signed) { p in
      withUnsafePointer(to: &unsigned) { q in LayoutHost<PreparedTagCloudLayout>.same(p, q) }
    }
    #expect(equal, "-0 and 0 are equal, as `==` says")
  }

  @Test func layoutsThatDoNotSelfSizeNeverInvalidateForAPreferredSize() throws {
    var host = LayoutHost(CarouselLayout.plain, itemSizes: .viewportHeightSquares)
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 300), counts: [20])
    #expect(!host.isSelfSizing)
    #expect(!host.shouldInvalidate(forPreferredSize: Size(width: 10, height: 10), of: .cell(0)))
    #expect(host.invalidationContext(forPreferredSize: Size(width: 10, height: 10), of: .cell(0)).elements.isEmpty)
  }
}

extension PreferredSizeTests {
  /// The issue's case: one paragraph of 20,000 tags of estimates, scrolled
  /// deep; tags above the screen learn their widths (which re-breaks their
  /// lines): nothing on screen moves, whatever the re-breaking does.
  @Test func widthsLearntAboveTheScreenMoveNothingOnScreenInOneLongParagraph() throws {
    var host = LayoutHost(itemSizes: .uniform(Size(width: 80, height: 30))) { items, viewport throws(LayoutError) in
      try TagCloudLayout().prepare(estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [20_000])
    try host.setBounds(Rect(x: 0, y: host.contentSize.height * 0.8, width: 390, height: 844))
    var rng = SplitMix64(seed: 20)
    var moved = 0
    for step in 0..<300 {
      let before = Self.screen(host)
      guard let top = host.elements(in: host.bounds).map(\.id.item).min() else { break }
      // A tag just above the screen, as a fast drag upward measures them.
      let item = Swift.max(0, top - rng.int(in: 1...40))
      let size = Size(width: rng.double(in: 30...200), height: rng.double(in: 24...40))
      let context = host.invalidationContext(forPreferredSize: size, of: .cell(item))
      host.invalidate(with: context)
      let after = Self.screen(host)
      let shifted = before.filter { id, position in after[id].map { !isClose($0, position) } ?? false }
      if !shifted.isEmpty {
        moved += 1
        Issue.record(
          "step \(step): \(shifted.count) of \(before.count) tags on screen moved after tag \(item) measured")
      }
      if moved > 3 { break }
    }
  }
}

/// At the top of the content the offset holds, not the first element: a
/// first line that grows around its first cell pushes the rest down and
/// leaves the top of the content in view. Below the top the first element
/// holds as before.
@Suite struct PreferredSizeAtTheTopTests {
  static func flowOfEstimates() throws -> LayoutHost<PreparedFlowLayout> {
    var host = LayoutHost(itemSizes: .uniform(Size(width: 80, height: 40))) { items, viewport throws(LayoutError) in
      try FlowLayout().prepare(estimated: items, viewport: viewport)
    }
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [400])
    return host
  }

  @Test func atTheTopTheOffsetHolds() throws {
    var host = try Self.flowOfEstimates()
    let before = try #require(host.attributes(for: .cell(0)))
    // Cell 1 grows from 40 to 140 points: its line grows by 100, and cell
    // 0 (centred in the line) moves down by 50.
    let context = host.invalidationContext(forPreferredSize: Size(width: 60, height: 140), of: .cell(1))
    #expect(context.contentOffsetAdjustment == .zero)
    #expect(context.contentSizeAdjustment.height == 100)
    host.invalidate(with: context)
    #expect(host.bounds.origin == .zero)
    let after = try #require(host.attributes(for: .cell(0)))
    #expect(after.frame.minY == before.frame.minY + 50)
  }

  @Test func belowTheTopTheFirstElementHolds() throws {
    var host = try Self.flowOfEstimates()
    try host.setBounds(Rect(x: 0, y: 1, width: 390, height: 844))
    let before = try #require(host.attributes(for: .cell(0)))
    let context = host.invalidationContext(forPreferredSize: Size(width: 60, height: 140), of: .cell(1))
    #expect(context.contentOffsetAdjustment.y == 50)
    host.invalidate(with: context)
    let after = try #require(host.attributes(for: .cell(0)))
    #expect(after.frame.minY - host.bounds.minY == before.frame.minY - 1)
  }
}
