import LayoutCore
import LayoutHost
import ScrollworkTestSupport

/// One hosted layout the tests drive: a name, a host not yet prepared, the
/// section counts to prepare it with, and the bounds.
struct HostCase: Sendable, CustomStringConvertible {
  var name: String
  var host: any LayoutHosting
  var counts: [Int]
  var bounds = Rect(x: 0, y: 0, width: 390, height: 844)
  var horizontal = false

  var description: String { name }

  init(
    name: String, host: any LayoutHosting, counts: [Int], bounds: Rect = Rect(x: 0, y: 0, width: 390, height: 844),
    horizontal: Bool = false
  ) {
    self.name = name
    self.host = host
    self.counts = counts
    self.bounds = bounds
    self.horizontal = horizontal
  }

  /// A case drawn from the catalog: named `layout#seed`, described in full on failure.
  init(_ layout: RandomLayout, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let drawn = layout.random(&random)
    self.init(
      name: "\(layout.name)#\(seed) (\(drawn.description.prefix(300)))", host: drawn.host, counts: drawn.counts,
      bounds: drawn.bounds, horizontal: drawn.horizontal)
  }

  /// A host prepared at `bounds`.
  func prepared() throws -> any LayoutHosting {
    var host = self.host
    try host.prepare(bounds: bounds, counts: counts)
    return host
  }
}

/// The cases every host property runs on: the presets below, then random
/// configurations of every layout of the catalog (`RandomLayouts`, where a
/// new layout brings its own generator), three seeds each.
let hostCases: [HostCase] =
  presetCases + RandomLayouts.all.flatMap { layout in (1...3).map { HostCase(layout, seed: $0) } }

/// A spread of every engine layout, with presets whose attributes depend on
/// the offset in each way (`ScrollDependence`).
let presetCases: [HostCase] = [
  HostCase(
    name: "flow", host: LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 120, height: 120))),
    counts: [40, 7, 90]),
  HostCase(
    name: "flow-pinned",
    host: LayoutHost(
      FlowLayout(lineSpacing: 2, interItemSpacing: 2, headerLength: 34, pinsHeaders: true),
      itemSizes: .cycling([Size(width: 100, height: 80), Size(width: 60, height: 120)])),
    counts: [30, 5, 60]),
  HostCase(
    name: "sticky",
    host: LayoutHost(
      StickyHeaderLayout.jungleCup,
      itemSizes: ItemSizeSource { _, count, viewport in .uniform(Size(width: viewport.width, height: 44), count: count)
      }),
    counts: [12, 20, 9]),
  HostCase(
    name: "carousel-spotify", host: LayoutHost(CarouselLayout.spotify, itemSizes: .viewportHeightSquares), counts: [60],
    bounds: Rect(x: 0, y: 0, width: 390, height: 300), horizontal: true),
  HostCase(
    name: "carousel-coverflow", host: LayoutHost(CarouselLayout.coverFlow, itemSizes: .viewportHeightSquares),
    counts: [60], bounds: Rect(x: 0, y: 0, width: 390, height: 300), horizontal: true),
  HostCase(
    name: "prominent", host: LayoutHost(ProminentLayout(), itemSizes: .uniform(Size(width: 200, height: 200))),
    counts: [80]),
  HostCase(
    name: "album-pager",
    host: LayoutHost(
      AlbumPagerLayout(), itemSizes: .cycling([Size(width: 4032, height: 3024), Size(width: 3024, height: 4032)])),
    counts: [50], horizontal: true),
  HostCase(name: "mosaic", host: LayoutHost(MosaicLayout.appleMosaic, itemSizes: .uniform(.zero)), counts: [100]),
  HostCase(
    name: "waterfall",
    host: LayoutHost(
      WaterfallLayout(columnCount: 3, columnSpacing: 4, itemSpacing: 4),
      itemSizes: .cycling([Size(width: 300, height: 400), Size(width: 400, height: 300), Size(width: 300, height: 300)])
    ),
    counts: [120]),
  HostCase(
    name: "photos-months",
    host: LayoutHost(
      PhotoGridLayout.photosMonths.with(mode: .months), itemSizes: .uniform(Size(width: 4032, height: 3024))),
    counts: [7, 12, 5, 30]),
  HostCase(
    name: "photos-all",
    host: LayoutHost(PhotoGridLayout.photosMonths, itemSizes: .uniform(Size(width: 4032, height: 3024))),
    counts: [7, 12, 5, 30]),
  HostCase(
    name: "tags-estimated",
    host: LayoutHost(itemSizes: .uniform(Size(width: 80, height: 30))) { items, viewport throws(LayoutError) in
      try TagCloudLayout().prepare(estimated: items, viewport: viewport)
    },
    counts: [400]),
]
