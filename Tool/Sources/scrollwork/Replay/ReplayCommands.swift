import ArgumentParser
import HostReplaying
import LayoutCatalog
import LayoutCore
import LayoutHost
import Scenes
import ToolSupport

// `scrollwork replay LAYOUT [its options] --calls FILE`: one generic
// subcommand (`ReplayLayout`) per layout of the registry, made of the
// layout's own options plus `ReplayOptions`; it builds a `LayoutHost` and
// hands it to `Replayer`.

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
    let failures = try Replayer.run(host: host, calls: calls, makeHost: LayoutRegistry.replayHost(named:))
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

  /// The sizes and the scale given, which make the layout's host.
  var sizes: ReplaySizes { ReplaySizes(itemSize: itemSize?.value, itemSizes: itemSizes?.value, scale: scale) }
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

/// `scrollwork replay NAME`: one command for every layout of the registry,
/// made of `ReplayOptions` and the layout's own options (`Entry.Options`),
/// whose `host(_:)` makes the host.
struct ReplayLayout<Entry: LayoutEntry>: ReplayCommand {
  static var configuration: CommandConfiguration {
    let summary = LayoutCatalog.layout(named: Entry.name)?.summary ?? Entry.name
    return CommandConfiguration(
      commandName: Entry.name, abstract: "Replay calls on the \(Entry.name) layout: \(summary).")
  }
  @OptionGroup var replay: ReplayOptions
  @OptionGroup var options: Entry.Options
  func makeHost() throws -> any LayoutHosting { try options.host(replay) }
}

/// A layout's own options as `replay` uses them: the host they describe.
protocol ReplayableOptions: ParsableArguments {
  /// A host (not yet prepared) for the layout these options describe, with
  /// the item sizes `replay` gives, or the layout's defaults
  /// (`LayoutCatalog`'s `defaultItemSizes`).
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting
}

extension FlowOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(layout, estimate: estimated?.value, default: LayoutCatalog.flow.defaultItemSizes.source)
  }
}

extension AlbumOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(configuration().pager, default: LayoutCatalog.album.defaultItemSizes.source)
  }
}

extension PhotosOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(layout, default: LayoutCatalog.photos.defaultItemSizes.source)
  }
}

extension CarouselOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(
      layout(itemSize: replay.itemSize?.value), default: LayoutCatalog.carousel.defaultItemSizes.source)
  }
}

extension LoopingOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(
      layout(itemSize: replay.itemSize?.value), default: LayoutCatalog.looping.defaultItemSizes.source)
  }
}

extension ProminentOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    let size = replay.itemSize?.value ?? ProminentLayout().itemSize
    return try replay.sizes.host(layout(itemSize: size), default: .uniform(size))
  }
}

extension StickyOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(layout(), estimate: estimated?.value, default: LayoutCatalog.sticky.defaultItemSizes.source)
  }
}

extension MosaicOptions: ReplayableOptions {
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(layout, default: LayoutCatalog.mosaic.defaultItemSizes.source)
  }
}

extension WaterfallOptions: ReplayableOptions {
  /// Photo-like sizes by default (a waterfall of equal items is a grid).
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    try replay.sizes.host(
      layout, estimate: estimated?.value,
      default: .cycling(
        SamplePhotoSizes.sizes(97), upTo: WaterfallLayout.maximumItemCount, uniform: SamplePhotoSizes.sizes(1)[0]))
  }
}

extension TagOptions: ReplayableOptions {
  /// Tags measured from --words/--texts, or --estimated sizes to self-size.
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    let layout = self.layout
    if let estimated = estimated?.value {
      return LayoutHost(itemSizes: .uniform(estimated), scale: replay.scale) { items, viewport throws(LayoutError) in
        try LayoutLimits.checkStoredCount(items, layout: "tag cloud")
        try TagText.checkEstimatedParagraph(layout.paragraphLength, count: items.totalCount)
        return try layout.prepare(estimated: items, viewport: viewport)
      }
    }
    let text = try tagText()
    let width = tagWidth
    return try replay.sizes.host(layout, default: .cycling(tagTexts().map { text.size($0, maxWidth: width) }))
  }
}

extension TagTableOptions: ReplayableOptions {
  /// Section s holds row s's words, as measured for the table's viewport.
  func host(_ replay: ReplayOptions) throws -> any LayoutHosting {
    if let estimate = estimated?.value {
      return try replay.sizes.host(layout, estimate: estimate, default: nil)
    }
    let (prepared, _) = try prepare()
    return LayoutHost(prepared.layout, itemSizes: .rows(of: prepared), scale: replay.scale)
  }
}

extension AlbumEntry { typealias Options = AlbumOptions }
extension FlowEntry { typealias Options = FlowOptions }
extension PhotosEntry { typealias Options = PhotosOptions }
extension CarouselEntry { typealias Options = CarouselOptions }
extension LoopingEntry { typealias Options = LoopingOptions }
extension ProminentEntry { typealias Options = ProminentOptions }
extension StickyEntry { typealias Options = StickyOptions }
extension MosaicEntry { typealias Options = MosaicOptions }
extension WaterfallEntry { typealias Options = WaterfallOptions }
extension TagsEntry { typealias Options = TagOptions }
extension TagTableEntry { typealias Options = TagTableOptions }

extension LayoutRegistry {
  /// The host of a replayed `transition` call's target: a layout name and
  /// its replay options (`"photos --mode columns:5"`).
  static func replayHost(named command: String) throws -> any LayoutHosting {
    let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let name = words.first, let entry = entry(named: name) else {
      throw CLIError("'\(command)' does not start with a layout name (\(names.joined(separator: ", ")))")
    }
    do {
      return try entry.replayHost(arguments: Array(words.dropFirst()))
    } catch {
      throw CLIError("\(name): " + entry.replayCommand.message(for: error))
    }
  }
}
