import LayoutCore

/// A small, fast, seeded random number generator (SplitMix64): the
/// catalog's generators use it, so a seed gives the same configurations on
/// every machine, and the property tests use it (as `SplitMix64`), so a
/// failure's printed seed replays it.
public struct CatalogRandom: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly random double in `range`.
  public mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

  /// An integer in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// `true` with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }

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

/// One layout of the catalog: its name (the CLI's) and a generator of
/// random, valid configurations with items and bounds.
public struct CatalogLayout: Sendable {
  public let name: String
  public let random: @Sendable (inout CatalogRandom) -> RandomHostCase

  public init(name: String, random: @escaping @Sendable (inout CatalogRandom) -> RandomHostCase) {
    self.name = name
    self.random = random
  }
}

/// Every engine layout, with a random-configuration generator each: where
/// the property campaigns take their cases (adding a layout adds one entry
/// here; the CLI's registry must name the same layouts, which its tests
/// check).
public enum LayoutCatalog {
  /// The layouts, in the CLI's order.
  public static let all: [CatalogLayout] = [
    album, flow, photos, carousel, prominent, sticky, mosaic, waterfall, tags, tagTable,
  ]

  /// The layout called `name`, or `nil`.
  public static func layout(named name: String) -> CatalogLayout? { all.first { $0.name == name } }

  static func viewport(_ r: inout CatalogRandom) -> Rect {
    Rect(x: 0, y: 0, width: r.double(in: 240...1024).rounded(), height: r.double(in: 200...1366).rounded())
  }

  static func photoSizes(_ r: inout CatalogRandom) -> ItemSizeSource {
    let sizes = (0..<r.int(in: 1...6)).map { _ in
      r.chance(0.5)
        ? Size(width: 4032, height: 3024) : Size(width: r.double(in: 300...5000), height: r.double(in: 300...5000))
    }
    return .cycling(sizes)
  }

  static func counts(_ r: inout CatalogRandom, sections: ClosedRange<Int>, items: ClosedRange<Int>) -> [Int] {
    (0..<r.int(in: sections)).map { _ in r.int(in: items) }
  }

  static let album = CatalogLayout(name: "album") { r in
    let layout = AlbumPagerLayout(spacing: r.double(in: 0...200), minimumWidth: r.double(in: 0...120))
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: photoSizes(&r)), counts: [r.int(in: 0...300)], bounds: viewport(&r),
      horizontal: true, description: "album pager \(layout)")
  }

  static let flow = CatalogLayout(name: "flow") { r in
    let layout = FlowLayout(
      axis: r.chance(0.8) ? .vertical : .horizontal, lineSpacing: r.double(in: 0...20),
      interItemSpacing: r.double(in: 0...20),
      sectionInset: EdgeInsets(
        top: r.double(in: 0...30), left: r.double(in: 0...30), bottom: r.double(in: 0...30), right: r.double(in: 0...30)
      ),
      headerLength: r.chance(0.5) ? r.double(in: 10...60) : 0, footerLength: r.chance(0.3) ? r.double(in: 10...60) : 0,
      pinsHeaders: r.chance(0.5), pinsFooters: r.chance(0.2), alignment: r.pick(FlowLayout.Alignment.allCases))
    let sizes: ItemSizeSource =
      r.chance(0.5)
      ? .uniform(Size(width: r.double(in: 20...200), height: r.double(in: 20...200)))
      : .cycling(
        (0..<r.int(in: 2...9)).map { _ in Size(width: r.double(in: 10...240), height: r.double(in: 10...240)) })
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: sizes), counts: counts(&r, sections: 1...5, items: 0...200),
      bounds: viewport(&r), horizontal: layout.axis == .horizontal, description: "flow \(layout)")
  }

  static let photos = CatalogLayout(name: "photos") { r in
    let mode = r.pick([PhotoGridLayout.Mode.allPhotos, .months, .columns(r.int(in: 1...30))])
    let layout = PhotoGridLayout.photosMonths.with(mode: mode)
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .uniform(Size(width: 4032, height: 3024))),
      counts: counts(&r, sections: 1...8, items: 0...80), bounds: viewport(&r), description: "photos \(mode)")
  }

  static let carousel = CatalogLayout(name: "carousel") { r in
    var layout = r.pick([CarouselLayout.spotify, .coverFlow, .stackedCards, .plain])
    layout.spacing = r.double(in: 0...40)
    layout.snapping = r.pick(CenteredStrip.Snapping.allCases)
    let bounds = Rect(x: 0, y: 0, width: r.double(in: 240...1024).rounded(), height: r.double(in: 120...600).rounded())
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .viewportHeightSquares), counts: [r.int(in: 0...200)], bounds: bounds,
      horizontal: true, description: "carousel \(layout)")
  }

  static let prominent = CatalogLayout(name: "prominent") { r in
    let size = Size(width: r.double(in: 80...400), height: r.double(in: 60...400))
    let layout = ProminentLayout(
      itemSize: size, lineSpacing: r.double(in: 0...30), minScale: r.double(in: 0.3...1),
      minAlpha: r.double(in: 0.2...1))
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .uniform(size)), counts: [r.int(in: 0...200)], bounds: viewport(&r),
      description: "prominent \(layout)")
  }

  static let sticky = CatalogLayout(name: "sticky") { r in
    let parallax = r.chance(0.5)
    let layout = StickyHeaderLayout(
      headerHeight: r.chance(0.7) ? r.double(in: 50...300) : 0, menuHeight: r.chance(0.5) ? r.double(in: 20...60) : 0,
      sectionHeaderHeight: r.chance(0.7) ? r.double(in: 20...60) : 0,
      sectionFooterHeight: r.chance(0.3) ? r.double(in: 10...40) : 0,
      cellSize: r.chance(0.5) ? .items : .fullWidth(height: r.double(in: 30...120)), lineSpacing: r.double(in: 0...10),
      interItemSpacing: r.double(in: 0...10), isHeaderStretchy: r.chance(0.5), isHeaderOverlayEnabled: r.chance(0.5),
      maxHeaderOverlayAlpha: r.double(in: 0...1), isMenuSticky: r.chance(0.5), areSectionHeadersSticky: r.chance(0.7),
      isCellParallaxEnabled: parallax, maxCellParallax: parallax ? r.double(in: 1...60) : 0)
    let sizes = ItemSizeSource { _, count, viewport in .uniform(Size(width: viewport.width, height: 44), count: count) }
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: sizes), counts: counts(&r, sections: 1...6, items: 0...40),
      bounds: viewport(&r), description: "sticky \(layout)")
  }

  static let mosaic = CatalogLayout(name: "mosaic") { r in
    let layout = MosaicLayout(segmentHeight: r.double(in: 60...400), spacing: r.double(in: 0...12))
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .uniform(.zero)), counts: [r.int(in: 0...300)], bounds: viewport(&r),
      description: "mosaic \(layout)")
  }

  static let waterfall = CatalogLayout(name: "waterfall") { r in
    let layout = WaterfallLayout(
      columnCount: r.int(in: 1...6), columnSpacing: r.double(in: 0...16), itemSpacing: r.double(in: 0...16),
      headerHeight: r.chance(0.4) ? r.double(in: 10...60) : 0, footerHeight: r.chance(0.3) ? r.double(in: 10...40) : 0,
      direction: r.pick(WaterfallLayout.Direction.allCases))
    let sizes = photoSizes(&r)
    let estimated = r.chance(0.5)
    let host =
      estimated
      ? LayoutHost(itemSizes: sizes) { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      } : LayoutHost(layout, itemSizes: sizes)
    return RandomHostCase(
      host: host, counts: counts(&r, sections: 1...4, items: 0...120), bounds: viewport(&r),
      description: "waterfall \(layout)\(estimated ? ", estimated sizes" : "")")
  }

  static let tags = CatalogLayout(name: "tags") { r in
    let layout = TagCloudLayout(
      lineSpacing: r.double(in: 0...16), itemSpacing: r.double(in: 0...16), isRightToLeft: r.chance(0.3),
      paragraphLength: r.chance(0.5) ? r.int(in: 4...64) : 0)
    let estimate = Size(width: r.double(in: 30...140), height: r.double(in: 20...44))
    let host = LayoutHost(itemSizes: .uniform(estimate)) { items, viewport throws(LayoutError) in
      try layout.prepare(estimated: items, viewport: viewport)
    }
    return RandomHostCase(
      host: host, counts: [r.int(in: 0...3000)], bounds: viewport(&r),
      description: "tags \(layout), estimates \(estimate)")
  }

  static let tagTable = CatalogLayout(name: "tag-table") { r in
    let layout = TagTableLayout(
      cloud: TagCloudLayout(lineSpacing: r.double(in: 0...10)), rowSpacing: r.double(in: 0...10))
    let sizes = (0..<r.int(in: 2...8)).map { _ in Size(width: r.double(in: 30...160), height: r.double(in: 20...40)) }
    return RandomHostCase(
      host: LayoutHost(layout, itemSizes: .cycling(sizes)), counts: counts(&r, sections: 1...30, items: 0...14),
      bounds: viewport(&r), description: "tag-table \(layout)")
  }
}
