import ArgumentParser
import LayoutCore
import LayoutHost
import ToolSupport

// `scrollwork replay LAYOUT [its options] --calls FILE`: one subcommand per
// layout of the registry, each made of the layout's own options plus
// `ReplayOptions`; each builds a `LayoutHost` and hands it to `Replayer`.

/// A layout's `replay` subcommand: its options make a host.
protocol ReplayCommand: ParsableCommand {
  /// The options every replay takes.
  var replay: ReplayOptions { get }
  /// A host for the layout these options describe (not yet prepared).
  func makeHost() throws -> any LayoutHosting
}

extension ReplayCommand {
  func run() throws {
    let host = try makeHost()
    guard let calls = replay.calls else { throw ValidationError("give --calls FILE (or - for standard input)") }
    let failures = try Replayer.run(host: host, calls: calls)
    if failures > 0 { throw ExitCode(1) }
  }
}

/// What every `replay` subcommand takes besides its layout's options.
struct ReplayOptions: ParsableArguments {
  @Option(help: "The calls, JSON Lines (one call per line); - for standard input.")
  var calls: String?

  @Option(parsing: .unconditional, help: "The size of every item, WxH (the layout's default when absent).")
  var itemSize: SizeArgument?

  @Option(parsing: .unconditional, help: "Item sizes WxH,WxH,…, used in turn (item i of a section gets size i mod n).")
  var itemSizes: SizeListArgument?

  @Option(parsing: .unconditional, help: "The display scale, pixels per point: 1…4.")
  var scale: Double = 2

  func validate() throws {
    try Check.size(itemSize?.value, "--item-size")
    for size in itemSizes?.value ?? [] { try Check.size(size, "--item-sizes") }
    try Check.inRange(scale, 1...4, "--scale")
    if itemSize != nil && itemSizes != nil {
      throw ValidationError("give either --item-size or --item-sizes, not both")
    }
  }

  /// The item sizes given, or `fallback`.
  func source(default fallback: ItemSizeSource?) throws -> ItemSizeSource {
    if let itemSize { return .uniform(itemSize.value) }
    if let itemSizes { return .cycling(itemSizes.value) }
    guard let fallback else { throw ValidationError("give --item-size WxH or --item-sizes WxH,…") }
    return fallback
  }

  /// A host for `layout` with these item sizes.
  func host<L: CollectionLayout>(_ layout: L, default fallback: ItemSizeSource?) throws -> any LayoutHosting
  where L.Prepared.State == ScrollState {
    LayoutHost(layout, itemSizes: try source(default: fallback), scale: scale)
  }

  /// A host for `layout` with these item sizes, or with the layout's
  /// `--estimated` size a host over estimates: every item starts at
  /// `estimate` and takes the preferred sizes the calls give
  /// (`LayoutHost(_:itemSizes:estimated:scale:)`).
  func host<L: EstimatingLayout>(
    _ layout: L, estimate: Size?, default fallback: ItemSizeSource?
  ) throws
    -> any LayoutHosting
  where L.Prepared.State == ScrollState {
    guard let estimate else { return try host(layout, default: fallback) }
    guard itemSize == nil, itemSizes == nil else {
      throw ValidationError("give either --estimated or --item-size/--item-sizes (with --estimated, items start at it)")
    }
    return LayoutHost(layout, itemSizes: .uniform(estimate), estimated: true, scale: scale)
  }
}

extension LayoutEntry {
  /// Parses `arguments` as this layout's replay subcommand and makes its
  /// host (a replay's `transition` call names its target this way).
  static func replayHost(arguments: [String]) throws -> any LayoutHosting {
    let command = try replayCommand.parse(arguments)
    guard let replay = command as? any ReplayCommand else { throw CLIError("\(name) has no replay command") }
    return try replay.makeHost()
  }
}

struct ReplayFlow: ReplayCommand {
  static let configuration = CommandConfiguration(commandName: "flow", abstract: "Replay calls on a flow layout.")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var flow: FlowOptions
  /// UIKit's `UICollectionViewFlowLayout.itemSize` default: 50×50.
  func makeHost() throws -> any LayoutHosting {
    try replay.host(flow.layout, estimate: flow.estimated?.value, default: .uniform(Size(width: 50, height: 50)))
  }
}

struct ReplayAlbum: ReplayCommand {
  static let configuration = CommandConfiguration(
    commandName: "album", abstract: "Replay calls on the album's pager (photos at their pixel sizes).")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var album: AlbumOptions
  func makeHost() throws -> any LayoutHosting {
    try replay.host(album.configuration().pager, default: .uniform(PhotosEntry.photoSize))
  }
}

struct ReplayPhotos: ReplayCommand {
  static let configuration = CommandConfiguration(commandName: "photos", abstract: "Replay calls on the photo grid.")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var photos: PhotosOptions
  func makeHost() throws -> any LayoutHosting {
    try replay.host(photos.layout, default: .uniform(PhotosEntry.photoSize))
  }
}

struct ReplayCarousel: ReplayCommand {
  static let configuration = CommandConfiguration(commandName: "carousel", abstract: "Replay calls on a carousel.")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var carousel: CarouselOptions
  func makeHost() throws -> any LayoutHosting {
    try replay.host(carousel.layout(itemSize: replay.itemSize?.value), default: .viewportHeightSquares)
  }
}

struct ReplayLooping: ReplayCommand {
  static let configuration = CommandConfiguration(
    commandName: "looping", abstract: "Replay calls on a looping carousel.")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var looping: LoopingOptions
  func makeHost() throws -> any LayoutHosting {
    try replay.host(looping.layout(itemSize: replay.itemSize?.value), default: .viewportHeightSquares)
  }
}

struct ReplayProminent: ReplayCommand {
  static let configuration = CommandConfiguration(
    commandName: "prominent", abstract: "Replay calls on the prominent-cell list (items 200×200 unless --item-size).")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var prominent: ProminentOptions
  func makeHost() throws -> any LayoutHosting {
    let size = replay.itemSize?.value ?? ProminentLayout().itemSize
    return try replay.host(prominent.layout(itemSize: size), default: .uniform(size))
  }
}

struct ReplaySticky: ReplayCommand {
  static let configuration = CommandConfiguration(
    commandName: "sticky", abstract: "Replay calls on the sticky-header roster (rows 44 pt tall by default).")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var sticky: StickyOptions
  func makeHost() throws -> any LayoutHosting {
    try replay.host(
      sticky.layout(), estimate: sticky.estimated?.value,
      default: ItemSizeSource { _, count, viewport in .uniform(Size(width: viewport.width, height: 44), count: count) })
  }
}

struct ReplayMosaic: ReplayCommand {
  static let configuration = CommandConfiguration(commandName: "mosaic", abstract: "Replay calls on the mosaic.")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var mosaic: MosaicOptions
  func makeHost() throws -> any LayoutHosting { try replay.host(mosaic.layout, default: .uniform(.zero)) }
}

struct ReplayWaterfall: ReplayCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall", abstract: "Replay calls on the waterfall (photo-like sizes by default).")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var waterfall: WaterfallOptions
  func makeHost() throws -> any LayoutHosting {
    try replay.host(
      waterfall.layout, estimate: waterfall.estimated?.value, default: .cycling(WaterfallEntry.photoLikeSizes(97)))
  }
}

struct ReplayTags: ReplayCommand {
  static let configuration = CommandConfiguration(
    commandName: "tags",
    abstract: "Replay calls on a tag cloud: tags measured from --words/--texts, or --estimated sizes to self-size.")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var tags: TagOptions
  func makeHost() throws -> any LayoutHosting {
    let layout = tags.layout
    if let estimated = tags.estimated?.value {
      return LayoutHost(itemSizes: .uniform(estimated), scale: replay.scale) { items, viewport throws(LayoutError) in
        try layout.prepare(estimated: items, viewport: viewport)
      }
    }
    let text = try tags.tagText()
    let width = tags.tagWidth
    return try replay.host(layout, default: .cycling(tags.tagTexts().map { text.size($0, maxWidth: width) }))
  }
}

struct ReplayTagTable: ReplayCommand {
  static let configuration = CommandConfiguration(
    commandName: "tag-table", abstract: "Replay calls on a table of tag clouds (section s holds row s's words).")
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var table: TagTableOptions
  func makeHost() throws -> any LayoutHosting {
    if let estimate = table.estimated?.value {
      return try replay.host(table.layout, estimate: estimate, default: nil)
    }
    let (prepared, _) = try table.prepare()
    // Each row's tags as measured for the table's viewport, reused in turn.
    let rows = (0..<prepared.numberOfSections).map { s in
      (0..<prepared.numberOfItems(inSection: s)).compactMap {
        prepared.attributes(for: .cell($0, section: s), at: ScrollState())?.size
      }
    }
    let source = ItemSizeSource { section, count, _ in
      guard !rows.isEmpty, !rows[section % rows.count].isEmpty else {
        return .uniform(Size(width: 40, height: 30), count: count)
      }
      let row = rows[section % rows.count]
      return .each((0..<count).map { row[$0 % row.count] })
    }
    return LayoutHost(prepared.layout, itemSizes: source, scale: replay.scale)
  }
}

extension AlbumEntry { static var replayCommand: any ParsableCommand.Type { ReplayAlbum.self } }
extension FlowEntry { static var replayCommand: any ParsableCommand.Type { ReplayFlow.self } }
extension PhotosEntry { static var replayCommand: any ParsableCommand.Type { ReplayPhotos.self } }
extension CarouselEntry { static var replayCommand: any ParsableCommand.Type { ReplayCarousel.self } }
extension LoopingEntry { static var replayCommand: any ParsableCommand.Type { ReplayLooping.self } }
extension ProminentEntry { static var replayCommand: any ParsableCommand.Type { ReplayProminent.self } }
extension StickyEntry { static var replayCommand: any ParsableCommand.Type { ReplaySticky.self } }
extension MosaicEntry { static var replayCommand: any ParsableCommand.Type { ReplayMosaic.self } }
extension WaterfallEntry { static var replayCommand: any ParsableCommand.Type { ReplayWaterfall.self } }
extension TagsEntry { static var replayCommand: any ParsableCommand.Type { ReplayTags.self } }
extension TagTableEntry { static var replayCommand: any ParsableCommand.Type { ReplayTagTable.self } }
