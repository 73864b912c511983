import LayoutCore

/// Every layout of the package, one `LayoutDescriptor` each, in the order the
/// tool lists them. This is the one list: adding a layout adds its
/// descriptor here (see `Guides/AddingALayout.md`), and the tests check that
/// the tool's commands, the random generators of the property campaigns and
/// fuzzers, and the documentation's layout lists name exactly these.
public enum LayoutCatalog {
  /// The layouts, in the tool's order (the album, the main act, first).
  public static let all: [LayoutDescriptor] = [
    album, flow, photos, carousel, looping, prominent, sticky, mosaic, waterfall, tags, tagTable,
  ]

  /// The layout called `name`, or `nil`.
  ///
  /// - Complexity: O(l) for l layouts (ten).
  public static func layout(named name: String) -> LayoutDescriptor? { all.first { $0.name == name } }

  /// The names, in order.
  public static var names: [String] { all.map(\.name) }

  /// The layouts that take estimated sizes.
  public static var estimating: [LayoutDescriptor] { all.filter(\.takesEstimates) }

  public static let album = LayoutDescriptor(
    name: "album", summary: "a paged strip of big photos with parallax, synced with an accordion filmstrip",
    guide: "Album.md", configurationTypes: [AlbumPagerLayout.self, FilmstripLayout.self],
    presets: AlbumPreset.descriptors,
    defaultItemSizes: .uniform(DefaultItemSizes.cameraPhoto), takesEstimates: false, isHorizontal: true)

  public static let flow = LayoutDescriptor(
    name: "flow", summary: "UICollectionViewFlowLayout's lines, with headers, footers and pinning",
    guide: "FlowLayout.md", configurationTypes: [FlowLayout.self],
    presets: FlowPreset.descriptors,
    defaultItemSizes: .uniform(DefaultItemSizes.flowItem), takesEstimates: true)

  public static let photos = LayoutDescriptor(
    name: "photos", summary: "the Photos library grid: All Photos, Months, N columns, animated between",
    guide: "PhotoGrid.md", configurationTypes: [PhotoGridLayout.self],
    presets: PhotosPreset.descriptors,
    defaultItemSizes: .uniform(DefaultItemSizes.cameraPhoto), takesEstimates: false)

  public static let carousel = LayoutDescriptor(
    name: "carousel", summary: "a horizontal strip that scales, fades and snaps around its centre",
    guide: "Carousel.md", configurationTypes: [CarouselLayout.self],
    presets: CarouselPreset.descriptors,
    defaultItemSizes: .viewportHeightSquares, takesEstimates: false, isHorizontal: true)

  public static let looping = LayoutDescriptor(
    name: "looping", summary: "the carousel without ends: its items repeat in both directions, seamlessly",
    guide: "LoopingCarousel.md", configurationTypes: [LoopingCarouselLayout.self],
    presets: LoopingPreset.descriptors,
    defaultItemSizes: .viewportHeightSquares, takesEstimates: false, isHorizontal: true)

  public static let prominent = LayoutDescriptor(
    name: "prominent", summary: "a vertical list whose centred item is full size and on top", guide: "Prominent.md",
    configurationTypes: [ProminentLayout.self],
    presets: ProminentPreset.descriptors,
    defaultItemSizes: .uniform(ProminentLayout().itemSize), takesEstimates: false)

  public static let sticky = LayoutDescriptor(
    name: "sticky", summary: "a stretchy header, a sticky menu, sticky section headers and parallax cells",
    guide: "Sticky.md", configurationTypes: [StickyHeaderLayout.self],
    presets: StickyPreset.descriptors,
    defaultItemSizes: .viewportWidthRows(height: 44), takesEstimates: true)

  public static let mosaic = LayoutDescriptor(
    name: "mosaic", summary: "Apple's mosaic: segments of one, two or three items in repeating shapes",
    guide: "Mosaic.md", configurationTypes: [MosaicLayout.self],
    presets: MosaicPreset.descriptors,
    defaultItemSizes: .uniform(.zero), takesEstimates: false)

  public static let waterfall = LayoutDescriptor(
    name: "waterfall", summary: "columns of items at their own aspect ratios, each placed in the shortest column",
    guide: "Waterfall.md", configurationTypes: [WaterfallLayout.self],
    presets: WaterfallPreset.descriptors,
    defaultItemSizes: .uniform(DefaultItemSizes.cameraPhoto), takesEstimates: true)

  public static let tags = LayoutDescriptor(
    name: "tags", summary: "a tag cloud: self-sizing words in lines, left to right or right to left",
    guide: "TagCloud.md", configurationTypes: [TagCloudLayout.self],
    presets: TagsPreset.descriptors,
    defaultItemSizes: .uniform(Size(width: 80, height: 30)), takesEstimates: true)

  public static let tagTable = LayoutDescriptor(
    name: "tag-table", summary: "a table whose rows are tag clouds", guide: "TagCloud.md",
    configurationTypes: [TagTableLayout.self],
    presets: TagTablePreset.descriptors,
    defaultItemSizes: .uniform(Size(width: 80, height: 30)), takesEstimates: true)
}
