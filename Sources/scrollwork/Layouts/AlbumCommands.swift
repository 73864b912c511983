import Album
import ArgumentParser
import LayoutCore
import ScrollPhysics

/// The album's own options: a preset and overrides of its constants.
struct AlbumOptions: ParsableArguments {
  @Option(help: "The constants to start from: photosLab (the seed's).")
  var preset: String = "photosLab"

  @Option(help: "Pager: how much narrower a photo gets as it leaves its page.")
  var spacing: Double?

  @Option(help: "Pager: the narrowest a photo cell gets.")
  var minimumWidth: Double?

  @Option(help: "Strip: the width of a folded thumbnail.")
  var normalWidth: Double?

  @Option(help: "Strip: the widest an unfolded thumbnail gets.")
  var maximumWidth: Double?

  @Option(help: "Strip: the gap between folded thumbnails.")
  var normalSpacing: Double?

  @Option(help: "Strip: the gap on each side of an unfolded thumbnail.")
  var fullSpacing: Double?

  @Flag(help: "Ask the renderer for the centre line and index labels (reported in the output).")
  var debug = false

  func configuration(stripHeight: Double = 44) throws -> AlbumConfiguration {
    guard preset == "photosLab" else { throw ValidationError("--preset takes photosLab") }
    var c = AlbumConfiguration.photosLab(stripHeight: stripHeight, debug: debug)
    if let spacing { c.pager.spacing = spacing }
    if let minimumWidth { c.pager.minimumWidth = minimumWidth }
    if let normalWidth { c.strip.normalWidth = normalWidth }
    if let maximumWidth { c.strip.maximumWidth = maximumWidth }
    if let normalSpacing { c.strip.normalSpacing = normalSpacing }
    if let fullSpacing { c.strip.fullSpacing = fullSpacing }
    return c
  }
}

/// `I,F` or `I,P`: an index and a fraction or progress.
struct IndexAmountArgument: ExpressibleByArgument {
  var index: Int
  var amount: Double
  init?(argument: String) {
    let parts = argument.split(separator: ",")
    guard parts.count == 2, let i = Int(parts[0]), let a = Double(parts[1]), a.isFinite else { return nil }
    index = i
    amount = a
  }
}

struct InspectAlbumPager: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "album-pager",
    abstract: "The album's big-photo pager (parallax) at an offset.",
    discussion: """
      Photos are --item-sizes (pixel sizes); each is aspect-fitted into the viewport. Adds \
      "page" and "fraction" (the current page, clamped into the album, and x/W − page).

      Example: scrollwork inspect album-pager --viewport 390x600 --item-sizes 4000x3000,3000x4000 --offset 195,0
      """)

  @OptionGroup var options: InspectOptions
  @OptionGroup var album: AlbumOptions

  func run() throws {
    let prepared = try album.configuration().pager.prepare(
      items: options.input.layoutItems(), viewport: options.input.viewportValue)
    let state = ScrollState(contentOffset: options.offset.value)
    var extra: [(String, String)] = [("preset", JSONWriter.string(album.preset))]
    if let p = prepared.position(atOffset: state.contentOffset.x) {
      extra += [("page", String(p.index)), ("fraction", JSONWriter.number(p.fraction))]
    }
    print(Inspector.report(name: "album-pager", prepared, state: state, all: options.all, extra: extra))
  }
}

struct InspectAlbumStrip: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "album-strip",
    abstract: "The album's thumbnail filmstrip, following the pager or leading (accordion).",
    discussion: """
      --follow I,F: the strip mirrors pager page I at fraction F (I + F clamped into the album, as the \
      coordinator does); the offset is the one the album \
      coordinator sets (the matching point on the centre line) unless --offset is given. \
      --accordion I,P: thumbnail I unfolded by P; the offset centres it unless --offset is given. \
      Adds "unfolded" [[index, amount], …] and "centredThumbnail".

      Example: scrollwork inspect album-strip --viewport 390x44 --item-sizes 400x300,300x400,400x400 --follow 0,0.5
      """)

  @OptionGroup var input: LayoutInputOptions
  @OptionGroup var album: AlbumOptions

  @Option(help: "Follow pager page I at fraction F: I,F.")
  var follow: IndexAmountArgument?

  @Option(help: "Lead with thumbnail I unfolded by progress P: I,P.")
  var accordion: IndexAmountArgument?

  @Option(help: "The content offset X,Y (default: the one the coordinator would set).")
  var offset: PointArgument?

  @Flag(help: "Print every element, not only those in the visible rect.")
  var all = false

  func run() throws {
    let prepared = try album.configuration().strip.prepare(items: input.layoutItems(), viewport: input.viewportValue)
    var state: FilmstripState
    let defaultX: Double
    switch (follow, accordion) {
    case (let f?, nil):
      // As the coordinator does: the album position I + F clamped into the
      // album, then split into a page and a fraction.
      let last = Double(max(0, prepared.count - 1))
      let t = clamp(Double(f.index) + clamp(f.amount, 0, 1), 0, last)
      let page = Int(t.rounded(.down))
      state = .following(index: page, fraction: t - Double(page))
      defaultX = prepared.contentX(atThumbnailCoordinate: t, at: state) - prepared.viewport.size.width / 2
    case (nil, let a?):
      state = .accordion(index: a.index, progress: a.amount)
      defaultX = prepared.centeredOffset(ofThumbnail: a.index, at: state)
    default:
      throw ValidationError("give one of --follow I,F or --accordion I,P")
    }
    state.contentOffset = offset?.value ?? Point(x: defaultX, y: 0)
    let unfolded = prepared.resolvedUnfolded(state).map { "[\($0.index),\(JSONWriter.number($0.amount))]" }
    let centre = state.contentOffset.x + prepared.viewport.size.width / 2
    var extra: [(String, String)] = [
      ("preset", JSONWriter.string(album.preset)), ("unfolded", "[" + unfolded.joined(separator: ",") + "]"),
    ]
    if let k = prepared.thumbnail(atContentX: centre, at: state) { extra.append(("centredThumbnail", String(k))) }
    print(Inspector.report(name: "album-strip", prepared, state: state, all: all, extra: extra))
  }
}

struct SimulateAlbum: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "album",
    abstract: "Run gestures on the album (pager and filmstrip kept in sync).",
    discussion: """
      --viewport is the whole album; the strip takes the bottom --strip-height points, the pager the \
      rest. Script steps take a target: 'pager drag -200 0.3', 'strip drag 60 0.4' (no target: pager).
      Each line: {"time", "leader", "pagerOffset", "stripOffset", "photo", "fraction", "position", \
      "thumbnail" (under the strip's centre line), "animated", "progress", "accordion", "events"}; \
      photo/thumbnail/animated are null for an empty album or when nothing is unfolded.

      Example: scrollwork simulate album --viewport 390x844 --strip-height 44 \\
               --item-sizes 4000x3000,3000x4000,4000x4000 --script "strip drag -50 0.3; strip release; wait 1"
      """)

  @OptionGroup var input: LayoutInputOptions
  @OptionGroup var album: AlbumOptions

  @Option(help: "The filmstrip's height in points.")
  var stripHeight: Double = 44

  @Option(help: "The photo shown first.")
  var photo: Int = 0

  @Option(help: "The gesture script, or a file holding one (see 'scrollwork simulate --help').")
  var script: String

  @Option(help: "Frames per second.")
  var fps: Double = 120

  @Flag(help: "Print both strips' visible elements in every frame.")
  var elements = false

  func run() throws {
    guard fps.isFinite, fps > 0, fps <= 1000 else { throw ValidationError("--fps must be between 0 and 1000") }
    let gestures = try GestureScript(loadScriptText(script))
    var coordinator = try AlbumCoordinator(
      photos: input.layoutItems(), viewport: input.viewport.value,
      configuration: album.configuration(stripHeight: stripHeight), photo: photo)
    let withElements = elements
    try gestures.run(on: &coordinator, fps: fps) { coordinator, _ in
      print(Self.frameJSON(&coordinator, elements: withElements))
    }
  }

  static func frameJSON(_ coordinator: inout AlbumCoordinator, elements: Bool) -> String {
    let frame = coordinator.frame(attributes: elements)
    func optional(_ value: Int?) -> String { value.map(String.init) ?? "null" }
    var o = JSONObject()
    o.add("time", frame.time)
    o.add("leader", frame.leader.rawValue)
    o.add("pagerOffset", frame.pagerOffset)
    o.add("stripOffset", frame.stripOffset)
    o.add("photo", raw: optional(frame.pagerPosition?.index))
    o.add("fraction", frame.pagerPosition?.fraction ?? 0)
    o.add("position", frame.position)
    o.add("thumbnail", raw: optional(frame.centredThumbnail))
    o.add("animated", raw: optional(frame.animatedThumbnail))
    o.add("progress", frame.progress)
    o.add("accordion", frame.accordion.rawValue)
    if frame.debug { o.add("debug", true) }
    let events = coordinator.drainEvents().map { JSONWriter.string($0.0.rawValue + "." + $0.1.name) }
    o.add("events", raw: "[" + events.joined(separator: ",") + "]")
    if elements {
      o.add("pagerElements", raw: "[" + frame.pagerAttributes.sortedByIdentity.map(\.json).joined(separator: ",") + "]")
      o.add("stripElements", raw: "[" + frame.stripAttributes.sortedByIdentity.map(\.json).joined(separator: ",") + "]")
    }
    return o.text
  }
}

extension Array where Element == LayoutAttributes {
  fileprivate var sortedByIdentity: [LayoutAttributes] { sorted { $0.id < $1.id } }
}
