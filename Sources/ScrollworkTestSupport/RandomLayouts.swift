import LayoutCatalog
import LayoutCore
import LayoutHost

/// A small, fast, seeded random number generator (SplitMix64): the random
/// layouts use it, so a seed gives the same configurations on every
/// machine; the property tests, the fuzzers and the benches use it, so a
/// failure's printed seed replays it. (The one seeded generator of the
/// package.)
///
/// In hostile mode (`isHostile`, what the fuzz harness draws with), the
/// catalog's generators draw their whole configuration space, and
/// `double(in:)` and `count(in:)` sometimes answer a hostile value (NaN,
/// ±∞, huge, tiny, negative, the extent limit; counts up to `Int.max` and
/// negative) instead of one in the range: configurations a layout must
/// refuse with an error, never a trap. Otherwise (the default) every value
/// is in its range and the draws are those the property tests replay.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64
  /// Whether draws may be hostile (see above).
  public var isHostile = false

  /// A generator of ordinary draws from `seed`.
  public init(seed: UInt64) { state = seed }

  /// A generator from `seed`, hostile (see above) when `hostile`.
  public init(seed: UInt64, hostile: Bool) {
    state = seed
    isHostile = hostile
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The values a hostile draw picks from.
  public static let hostileDoubles: [Double] = [
    .nan, .infinity, -.infinity, 0, -0.0, -1, 1e-300, 1e300, -1e300, .greatestFiniteMagnitude,
    LayoutLimits.maximumExtent, LayoutLimits.maximumExtent * 2, .leastNonzeroMagnitude,
  ]
  /// The counts a hostile draw picks from.
  /// The counts a hostile draw picks from: all but 0 are more than a host
  /// takes (`LayoutHost.maximumItemCount`) or negative, so the host refuses
  /// them before an item source could try to list that many sizes.
  public static let hostileCounts = [Int.max, Int.max - 1, Int.min, -1, (1 << 40) + 1, 1 << 48, 1 << 62, 0]

  /// A uniformly random double in `range`; in hostile mode, one time in 16
  /// a hostile value or a random bit pattern instead.
  public mutating func double(in range: ClosedRange<Double>) -> Double {
    if isHostile && next() % 16 == 0 {
      return next() % 4 == 0 ? Double(bitPattern: next()) : pick(Self.hostileDoubles)
    }
    return Double.random(in: range, using: &self)
  }

  /// An integer in `range` (never hostile: it may index or bound a loop).
  public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// A count of items or columns in `range`; in hostile mode, one time in
  /// 16 a hostile count (`hostileCounts`) instead.
  public mutating func count(in range: ClosedRange<Int>) -> Int {
    if isHostile && next() % 16 == 0 { return pick(Self.hostileCounts) }
    return int(in: range)
  }

  /// A double in `0..<1` (53 random bits).
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// `true` with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0...1, using: &self) < p }

  /// One of `values` (which must not be empty).
  public mutating func pick<T>(_ values: [T]) -> T { values[int(in: 0...(values.count - 1))] }
}

/// One layout drawn at random from its configuration space: a host not yet
/// prepared, the counts and bounds to prepare it with, its scroll axis, and
/// a description for failure messages.
public struct RandomHostCase: Sendable, CustomStringConvertible {
  public var host: any LayoutHosting
  public var counts: [Int]
  public var bounds: Rect
  public var horizontal: Bool
  public var description: String

  public init(host: any LayoutHosting, counts: [Int], bounds: Rect, horizontal: Bool = false, description: String) {
    self.host = host
    self.counts = counts
    self.bounds = bounds
    self.horizontal = horizontal
    self.description = description
  }

  /// The host, prepared at `bounds` for `counts`.
  public func prepared() throws(HostError) -> any LayoutHosting {
    var host = self.host
    try host.prepare(bounds: bounds, counts: counts)
    return host
  }
}

/// A layout configuration drawn at random that takes estimated sizes: how
/// to prepare items as estimates (a `SelfSizingLayout` that learns the real
/// sizes later), and a description for failure messages.
public struct EstimatedCase: Sendable, CustomStringConvertible {
  public var description: String
  /// Prepares `items` as estimates in `viewport`.
  public var prepare: @Sendable (LayoutItems, Viewport) throws(LayoutError) -> any SelfSizingLayout

  public init(
    description: String,
    prepare: @escaping @Sendable (LayoutItems, Viewport) throws(LayoutError) -> any SelfSizingLayout
  ) {
    self.description = description
    self.prepare = prepare
  }
}

/// One layout of the catalog: its name (the CLI's), a generator of random,
/// valid configurations with items and bounds, and for a layout that takes
/// estimated sizes, a generator of configurations to prepare estimates
/// with (`RandomLayouts.estimating`).
public struct RandomLayout: Sendable {
  public let name: String
  public let random: @Sendable (inout SplitMix64) -> RandomHostCase
  /// Random configurations prepared from estimates; `nil` for a layout
  /// that takes no estimates (its guide says why).
  public let estimated: (@Sendable (inout SplitMix64) -> EstimatedCase)?

  public init(
    name: String, estimated: (@Sendable (inout SplitMix64) -> EstimatedCase)? = nil,
    random: @escaping @Sendable (inout SplitMix64) -> RandomHostCase
  ) {
    self.name = name
    self.estimated = estimated
    self.random = random
  }
}

/// A random-configuration generator for every layout of `LayoutCatalog`:
/// where the property campaigns, the host fuzzer (`FuzzHost`) and the layout
/// fuzzer (`FuzzLayouts`, in hostile mode: `SplitMix64.isHostile`) take
/// their cases. Test support only: no product an app links holds it.
/// `CatalogCoverageTests` checks that it covers the catalog, in its order,
/// with an estimated-size generator exactly for the layouts that take
/// estimates.
public enum RandomLayouts {
  /// The layouts, in the CLI's order.
  public static let all: [RandomLayout] = [
    album, flow, photos, carousel, looping, prominent, sticky, mosaic, waterfall, tags, tagTable,
  ]

  /// The layouts that take estimated sizes (`RandomLayout.estimated`):
  /// the anchor tests and the fuzzers run every one of them.
  public static var estimating: [RandomLayout] { all.filter { $0.estimated != nil } }

  /// The layout called `name`, or `nil`.
  public static func layout(named name: String) -> RandomLayout? { all.first { $0.name == name } }

  static func viewport(_ r: inout SplitMix64) -> Rect {
    Rect(x: 0, y: 0, width: r.double(in: 240...1024).rounded(), height: r.double(in: 200...1366).rounded())
  }

  static func photoSizes(_ r: inout SplitMix64) -> ItemSizeSource {
    let sizes = (0..<r.int(in: 1...6)).map { _ in
      r.chance(0.5)
        ? DefaultItemSizes.cameraPhoto : Size(width: r.double(in: 300...5000), height: r.double(in: 300...5000))
    }
    return .cycling(sizes)
  }

  static func insets(_ r: inout SplitMix64) -> EdgeInsets {
    EdgeInsets(
      top: r.double(in: 0...20), left: r.double(in: 0...40), bottom: r.double(in: 0...20), right: r.double(in: 0...40))
  }

  /// A random centre effect (hostile mode: the carousel's whole space).
  static func effect(_ r: inout SplitMix64) -> CenterEffect {
    if r.chance(0.5) {
      return CenterEffect(
        tolerance: r.double(in: 0...0.2), slope: r.double(in: 0...2), minScale: r.double(in: 0...1),
        minAlpha: r.double(in: 0...1))
    }
    let unit: CenterEffect.Unit = r.pick([.pitch, .halfViewport, .points(r.double(in: 1...400))])
    let shift: CenterEffect.Shift = r.pick([
      .none, .compress(fraction: r.double(in: 0...1), reach: r.double(in: 0...4)),
      .stack(peek: r.double(in: 0...40), depth: r.double(in: 0...4)),
    ])
    return CenterEffect(
      unit: unit, plateau: r.double(in: 0...1), span: r.double(in: 0...3), minScale: r.double(in: 0...1),
      minAlpha: r.double(in: 0...1), side: r.chance(0.5) ? .both : .trailing, shift: shift,
      zOrder: r.chance(0.5) ? .nearestOnTop : .leadingOnTop)
  }

  static func counts(_ r: inout SplitMix64, sections: ClosedRange<Int>, items: ClosedRange<Int>) -> [Int] {
    (0..<r.int(in: sections)).map { _ in r.count(in: items) }
  }

  static let album = RandomLayout(name: "album") { r in
    let layout = AlbumPagerLayout(spacing: r.double(in: 0...200), minimumWidth: r.double(in: 0...120))
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: photoSizes(&r)), counts: [r.count(in: 0...300)], bounds: viewport(&r),
      horizontal: true, description: "album pager \(layout)")
  }

  static func flowLayout(_ r: inout SplitMix64) -> FlowLayout {
    FlowLayout(
      axis: r.chance(0.8) ? .vertical : .horizontal, lineSpacing: r.double(in: 0...20),
      interItemSpacing: r.double(in: 0...20),
      sectionInset: EdgeInsets(
        top: r.double(in: 0...30), left: r.double(in: 0...30), bottom: r.double(in: 0...30), right: r.double(in: 0...30)
      ),
      headerLength: r.chance(0.5) ? r.double(in: 10...60) : 0, footerLength: r.chance(0.3) ? r.double(in: 10...60) : 0,
      pinsHeaders: r.chance(0.5), pinsFooters: r.chance(0.2), alignment: r.pick(FlowLayout.Alignment.allCases))
  }

  static let flow = RandomLayout(
    name: "flow",
    estimated: { r in
      var drawn = flowLayout(&r)
      drawn.axis = r.chance(0.5) ? .vertical : .horizontal
      let layout = drawn
      return EstimatedCase(description: "flow \(layout), estimated sizes") { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      }
    }
  ) { r in
    let layout = flowLayout(&r)
    let sizes: ItemSizeSource =
      r.chance(0.5)
      ? .uniform(Size(width: r.double(in: 20...200), height: r.double(in: 20...200)))
      : .cycling(
        (0..<r.int(in: 2...9)).map { _ in Size(width: r.double(in: 10...240), height: r.double(in: 10...240)) })
    let estimated = r.chance(0.4)
    let host = LayoutHost(layout, itemSizes: sizes, estimated: estimated)
    return RandomHostCase(
      host: host, counts: counts(&r, sections: 1...5, items: 0...200), bounds: viewport(&r),
      horizontal: layout.axis == .horizontal, description: "flow \(layout)\(estimated ? ", estimated sizes" : "")")
  }

  static let photos = RandomLayout(name: "photos") { r in
    var mode = r.pick([PhotoGridLayout.Mode.allPhotos, .months, .columns(r.int(in: 1...30))])
    var layout = PhotoGridLayout.photosMonths.with(mode: mode)
    if r.isHostile {
      // Column counts out of range, and every parameter.
      if r.chance(0.2) { mode = .columns(r.pick([0, -1, 31, Int.max, Int.min])) }
      layout = layout.with(mode: mode)
      if r.chance(0.5) {
        layout = PhotoGridLayout(
          mode: mode, largeHeightFraction: r.double(in: 0...2), largeInsets: insets(&r), smallInsets: insets(&r),
          headerHeight: r.double(in: 0...80), summaryHeightFraction: r.double(in: 0...2), summaryInsets: insets(&r),
          summaryCornerRadius: r.double(in: 0...40), columnSpacing: r.double(in: 0...20))
      }
    }
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: LayoutCatalog.photos.defaultItemSizes.source),
      counts: counts(&r, sections: 1...8, items: 0...80), bounds: viewport(&r), description: "photos \(mode)")
  }

  static let carousel = RandomLayout(name: "carousel") { r in
    var layout = r.pick([CarouselLayout.spotify, .coverFlow, .stackedCards, .plain])
    layout.spacing = r.double(in: 0...40)
    layout.snapping = r.pick(CenteredStrip.Snapping.allCases)
    if r.isHostile && r.chance(0.5) {
      layout = CarouselLayout(
        itemSize: r.chance(0.5) ? nil : Size(width: r.double(in: 1...600), height: r.double(in: 1...600)),
        spacing: r.double(in: -50...100), effect: effect(&r), snapping: r.pick(CenteredStrip.Snapping.allCases),
        preferredDecelerationRate: r.double(in: 0.9...0.999))
    }
    let bounds = Rect(x: 0, y: 0, width: r.double(in: 240...1024).rounded(), height: r.double(in: 120...600).rounded())
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .viewportHeightSquares), counts: [r.count(in: 0...200)], bounds: bounds,
      horizontal: true, description: "carousel \(layout)")
  }

  /// Looping carousels: counts from none to a few periods, so that some
  /// are too few to loop (the plain strip) and most loop.
  static let looping = RandomLayout(name: "looping") { r in
    var layout = r.pick([LoopingCarouselLayout.spotify, .coverFlow, .stackedCards, .plain])
    layout.spacing = r.double(in: 0...40)
    layout.snapping = r.pick(CenteredStrip.Snapping.allCases)
    if r.chance(0.3) { layout.itemSize = Size(width: r.double(in: 40...400), height: r.double(in: 40...400)) }
    if r.isHostile && r.chance(0.5) {
      layout = LoopingCarouselLayout(
        itemSize: r.chance(0.5) ? nil : Size(width: r.double(in: 1...600), height: r.double(in: 1...600)),
        spacing: r.double(in: -50...100), effect: effect(&r), snapping: r.pick(CenteredStrip.Snapping.allCases),
        preferredDecelerationRate: r.double(in: 0.9...0.999))
    }
    let bounds = Rect(x: 0, y: 0, width: r.double(in: 240...1024).rounded(), height: r.double(in: 120...600).rounded())
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .viewportHeightSquares), counts: [r.count(in: 0...60)], bounds: bounds,
      horizontal: true, description: "looping \(layout)")
  }

  static let prominent = RandomLayout(name: "prominent") { r in
    let size = Size(width: r.double(in: 80...400), height: r.double(in: 60...400))
    var layout = ProminentLayout(
      itemSize: size, lineSpacing: r.double(in: 0...30), minScale: r.double(in: 0.3...1),
      minAlpha: r.double(in: 0.2...1))
    if r.isHostile {
      layout = ProminentLayout(
        itemSize: size, lineSpacing: r.double(in: -50...100), minScale: r.double(in: 0...1),
        minAlpha: r.double(in: 0...1), snapping: r.pick(CenteredStrip.Snapping.allCases),
        preferredDecelerationRate: r.double(in: 0.9...0.999))
    }
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .uniform(size)), counts: [r.count(in: 0...200)], bounds: viewport(&r),
      description: "prominent \(layout)")
  }

  /// A random sticky-header configuration: any mix of header, menu,
  /// section headers and footers, cells of their items' sizes or full
  /// width, and every effect on or off. The one generator of random sticky
  /// set-ups (the host's, the fuzzers' and the measurement tests').
  ///
  /// - Parameters:
  ///   - cellSize: the cells' sizing, or random when `nil`.
  ///   - integral: every length a whole number of points (for tests that
  ///     compare sums exactly).
  public static func stickyLayout(
    _ r: inout SplitMix64, cellSize: StickyHeaderLayout.CellSize? = nil, integral: Bool = false
  ) -> StickyHeaderLayout {
    func length(_ range: ClosedRange<Double>) -> Double {
      let v = r.double(in: range)
      return integral ? v.rounded() : v
    }
    let parallax = r.chance(0.5)
    return StickyHeaderLayout(
      headerHeight: r.chance(0.7) ? length(50...300) : 0, menuHeight: r.chance(0.5) ? length(20...60) : 0,
      sectionHeaderHeight: r.chance(0.7) ? length(20...60) : 0,
      sectionFooterHeight: r.chance(0.3) ? length(10...40) : 0,
      cellSize: cellSize ?? (r.chance(0.5) ? .items : .fullWidth(height: length(30...120))),
      lineSpacing: length(0...10),
      interItemSpacing: length(0...10), isHeaderStretchy: r.chance(0.5), isHeaderOverlayEnabled: r.chance(0.5),
      maxHeaderOverlayAlpha: r.double(in: 0...1), isMenuSticky: r.chance(0.5), areSectionHeadersSticky: r.chance(0.7),
      isCellParallaxEnabled: parallax, maxCellParallax: parallax ? length(1...60) : 0)
  }

  static let sticky = RandomLayout(
    name: "sticky",
    estimated: { r in
      let layout = stickyLayout(&r, cellSize: .items)
      return EstimatedCase(description: "sticky \(layout), estimated sizes") { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      }
    }
  ) { r in
    var layout = stickyLayout(&r)
    if r.isHostile && r.chance(0.3) {
      layout.cellSize = .fixed(Size(width: r.double(in: 0...400), height: r.double(in: 0...400)))
    }
    let sizes = ItemSizeSource { _, count, viewport in .uniform(Size(width: viewport.width, height: 44), count: count) }
    let estimated = layout.cellSize == .items && r.chance(0.4)
    let host = LayoutHost(layout, itemSizes: sizes, estimated: estimated)
    return RandomHostCase(
      host: host, counts: counts(&r, sections: 1...6, items: 0...40), bounds: viewport(&r),
      description: "sticky \(layout)\(estimated ? ", estimated sizes" : "")")
  }

  static let mosaic = RandomLayout(name: "mosaic") { r in
    var layout = MosaicLayout(segmentHeight: r.double(in: 60...400), spacing: r.double(in: 0...12))
    if r.isHostile {
      let segments = MosaicLayout.Segment.allCases
      layout = MosaicLayout(
        segmentHeight: r.double(in: 1...400), spacing: r.double(in: 0...20),
        opening: (0..<r.int(in: 0...3)).map { _ in r.pick(segments) },
        cycle: (0..<r.int(in: 0...4)).map { _ in r.pick(segments) })
    }
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .uniform(.zero)), counts: [r.count(in: 0...300)], bounds: viewport(&r),
      description: "mosaic \(layout)")
  }

  static let waterfall = RandomLayout(
    name: "waterfall",
    estimated: { r in
      let layout = WaterfallLayout(
        columnCount: r.int(in: 1...6), columnSpacing: r.double(in: 0...16), itemSpacing: r.double(in: 0...16),
        headerHeight: r.chance(0.4) ? r.double(in: 10...60) : 0,
        footerHeight: r.chance(0.3) ? r.double(in: 10...40) : 0, direction: r.pick(WaterfallLayout.Direction.allCases))
      return EstimatedCase(description: "waterfall \(layout), estimated sizes") { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      }
    }
  ) { r in
    var layout = WaterfallLayout(
      columnCount: r.int(in: 1...6), columnSpacing: r.double(in: 0...16), itemSpacing: r.double(in: 0...16),
      headerHeight: r.chance(0.4) ? r.double(in: 10...60) : 0, footerHeight: r.chance(0.3) ? r.double(in: 10...40) : 0,
      direction: r.pick(WaterfallLayout.Direction.allCases))
    if r.isHostile {
      // Column counts out of range, per-section counts, insets.
      var perSection: [Int: Int] = [:]
      for _ in 0..<r.int(in: 0...3) { perSection[r.int(in: -1...4)] = r.count(in: 1...6) }
      layout = WaterfallLayout(
        columnCount: r.count(in: 1...6), columnSpacing: layout.columnSpacing, itemSpacing: layout.itemSpacing,
        sectionInset: EdgeInsets(
          top: r.double(in: 0...40), left: r.double(in: 0...40), bottom: r.double(in: 0...40),
          right: r.double(in: 0...40)),
        headerHeight: layout.headerHeight, footerHeight: layout.footerHeight, sectionColumnCounts: perSection,
        direction: layout.direction)
    }
    let sizes = photoSizes(&r)
    let estimated = r.chance(0.5)
    let host = LayoutHost(layout, itemSizes: sizes, estimated: estimated)
    return RandomHostCase(
      host: host, counts: counts(&r, sections: 1...4, items: 0...120), bounds: viewport(&r),
      description: "waterfall \(layout)\(estimated ? ", estimated sizes" : "")")
  }

  static let tags = RandomLayout(
    name: "tags",
    estimated: { r in
      let layout = TagCloudLayout(
        lineSpacing: r.double(in: 0...16), itemSpacing: r.double(in: 0...16), isRightToLeft: r.chance(0.3),
        paragraphLength: r.chance(0.5) ? r.int(in: 4...64) : 0)
      return EstimatedCase(description: "tags \(layout), estimated sizes") { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      }
    }
  ) { r in
    var layout = TagCloudLayout(
      lineSpacing: r.double(in: 0...16), itemSpacing: r.double(in: 0...16), isRightToLeft: r.chance(0.3),
      paragraphLength: r.chance(0.5) ? r.int(in: 4...64) : 0)
    var known = false
    if r.isHostile {
      // Insets, a header, paragraph lengths out of range; known sizes too.
      layout = TagCloudLayout(
        lineSpacing: layout.lineSpacing, itemSpacing: layout.itemSpacing, sectionInset: insets(&r),
        headerHeight: r.double(in: 0...60), isRightToLeft: layout.isRightToLeft,
        paragraphLength: r.chance(0.1) ? r.pick([-1, Int.max, Int.min]) : r.int(in: 0...12))
      known = r.chance(0.3)
    }
    let estimate = Size(width: r.double(in: 30...140), height: r.double(in: 20...44))
    let host = LayoutHost(layout, itemSizes: .uniform(estimate), estimated: !known)
    return RandomHostCase(
      host: host, counts: [r.count(in: 0...3000)], bounds: viewport(&r),
      description: "tags \(layout), \(known ? "sizes" : "estimates") \(estimate)")
  }

  static let tagTable = RandomLayout(
    name: "tag-table",
    estimated: { r in
      let layout = TagTableLayout(
        cloud: TagCloudLayout(
          lineSpacing: r.double(in: 0...10), itemSpacing: r.double(in: 0...12), headerHeight: r.double(in: 0...30),
          isRightToLeft: r.chance(0.3)),
        rowSpacing: r.double(in: 0...10), tableInset: insets(&r))
      return EstimatedCase(description: "tag-table \(layout), estimated sizes") { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      }
    }
  ) { r in
    var layout = TagTableLayout(
      cloud: TagCloudLayout(lineSpacing: r.double(in: 0...10)), rowSpacing: r.double(in: 0...10))
    if r.isHostile {
      layout = TagTableLayout(
        cloud: TagCloudLayout(
          lineSpacing: r.double(in: 0...20), itemSpacing: r.double(in: 0...20), sectionInset: insets(&r),
          headerHeight: r.double(in: 0...60), isRightToLeft: r.chance(0.5)),
        rowSpacing: r.double(in: 0...20), tableInset: insets(&r))
    }
    let sizes = (0..<r.int(in: 2...8)).map { _ in Size(width: r.double(in: 30...160), height: r.double(in: 20...40)) }
    let estimated = r.chance(0.4)
    let host = LayoutHost(layout, itemSizes: .cycling(sizes), estimated: estimated)
    return RandomHostCase(
      host: host, counts: counts(&r, sections: 1...30, items: 0...14), bounds: viewport(&r),
      description: "tag-table \(layout)\(estimated ? ", estimated sizes" : "")")
  }
}
