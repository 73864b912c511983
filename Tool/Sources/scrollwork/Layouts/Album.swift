import Album
import ArgumentParser
import GestureScripting
import LayoutCore
import Raster
import ScrollPhysics

// The Photos-style album in the tool: pager + filmstrip + coordinator.
// `inspect album --surface pager|strip`, `simulate album`, the demo's main
// scene and the album's benchmark scenarios.

/// The album's presets.
enum AlbumPreset: String, LayoutPreset {
  /// The seed's constants (100 pt page spacing, 40 pt narrowest photo,
  /// 30/15/2/160 pt filmstrip widths and spacings) and the seed's follower
  /// offset (`FollowerOffsetRule.seedUnitStep`).
  case photosLab
  /// The same constants (the default) with the follower's centre line on the thumbnail
  /// coordinate (`FollowerOffsetRule.thumbnailCoordinate`): the thumbnail
  /// under the centre line is always the pager's nearest page.
  case standard

  func configuration(stripHeight: Double, debug: Bool) -> AlbumConfiguration {
    switch self {
    case .photosLab: AlbumConfiguration.photosLab(stripHeight: stripHeight, debug: debug)
    case .standard: AlbumConfiguration(stripHeight: stripHeight, debug: debug, followerOffset: .thumbnailCoordinate)
    }
  }
}

extension FollowerOffsetRule: @retroactive ExpressibleByArgument {}

enum AlbumEntry: LayoutEntry {
  static let name = "album"
  /// `standard`: the seed's constants with a follower that never jumps at
  /// a page turn; `photosLab` reproduces the seed's follower as well.
  static let defaultPreset = AlbumPreset.standard
  static let demoPresets = [AlbumPreset.standard]
  static var inspectCommand: any ParsableCommand.Type { InspectAlbum.self }
  static var simulateCommand: any ParsableCommand.Type { SimulateAlbum.self }
  static var benchScenarios: [BenchScenario] {
    [.albumFrame, .albumPager, .filmstripLeading, .filmstripFollowing]
  }

  static func scene(_ preset: AlbumPreset) -> SceneEntry {
    AlbumScene.entry(preset)
  }
}

/// Which of the album's two scroll views `inspect album` shows.
enum AlbumSurface: String, CaseIterable, ExpressibleByArgument {
  /// The big-photo pager (parallax).
  case pager
  /// The thumbnail filmstrip (following or accordion).
  case strip
}

/// The album's own options: a preset and overrides of its constants.
struct AlbumOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The constants to start from.")
  var preset = AlbumEntry.defaultPreset

  @Option(parsing: .unconditional, help: "Pager: how much narrower a photo gets as it leaves its page.")
  var spacing: Double?

  @Option(parsing: .unconditional, help: "Pager: the narrowest a photo cell gets.")
  var minimumWidth: Double?

  @Option(parsing: .unconditional, help: "Strip: the width of a folded thumbnail.")
  var normalWidth: Double?

  @Option(parsing: .unconditional, help: "Strip: the widest an unfolded thumbnail gets.")
  var maximumWidth: Double?

  @Option(parsing: .unconditional, help: "Strip: the gap between folded thumbnails.")
  var normalSpacing: Double?

  @Option(parsing: .unconditional, help: "Strip: the gap on each side of an unfolded thumbnail.")
  var fullSpacing: Double?

  @Option(
    parsing: .unconditional, help: "Strip: where the following strip puts its centre line (default: the preset's).")
  var followerOffset: FollowerOffsetRule?

  @Flag(help: "Ask the renderer for the centre line and index labels (reported in the output).")
  var debug = false

  func validate() throws {
    try Check.nonNegative(spacing, "--spacing")
    try Check.nonNegative(minimumWidth, "--minimum-width")
    try Check.positive(normalWidth, "--normal-width")
    try Check.positive(maximumWidth, "--maximum-width")
    try Check.nonNegative(normalSpacing, "--normal-spacing")
    try Check.nonNegative(fullSpacing, "--full-spacing")
    let strip = configuration().strip
    if strip.maximumWidth < strip.normalWidth {
      let (wide, narrow) = (JSONWriter.number(strip.maximumWidth), JSONWriter.number(strip.normalWidth))
      throw ValidationError(
        maximumWidth != nil
          ? "--maximum-width takes a width of at least --normal-width (\(narrow) points), up to "
            + "\(JSONWriter.number(Check.maximumLength)) (got \(wide))"
          : "--normal-width takes a width up to --maximum-width (\(wide) points) (got \(narrow))")
    }
  }

  func configuration(stripHeight: Double = 44) -> AlbumConfiguration {
    var c = preset.configuration(stripHeight: stripHeight, debug: debug)
    if let spacing { c.pager.spacing = spacing }
    if let minimumWidth { c.pager.minimumWidth = minimumWidth }
    if let normalWidth { c.strip.normalWidth = normalWidth }
    if let maximumWidth { c.strip.maximumWidth = maximumWidth }
    if let normalSpacing { c.strip.normalSpacing = normalSpacing }
    if let fullSpacing { c.strip.fullSpacing = fullSpacing }
    if let followerOffset { c.followerOffset = followerOffset }
    return c
  }
}

struct InspectAlbum: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "album",
    abstract: "One of the album's two surfaces at an offset: the big-photo pager or the thumbnail filmstrip.",
    discussion: """
      Photos are --item-sizes (pixel sizes).

      --surface pager (default): each photo is aspect-fitted into the viewport. Adds "page" and \
      "fraction" (the current page, clamped into the album, and x/W − page).

      --surface strip: --follow I,F: the strip mirrors pager page I (0…count − 1) at fraction F \
      (0…1; I + F past the last photo is refused, not clamped); the offset is the one the coordinator sets unless --offset \
      is given. --accordion I,P: thumbnail I unfolded by P (0…1); the offset centres it unless --offset \
      is given. Adds "unfolded" [[index, amount], …] and "centredThumbnail".

      Examples:
        scrollwork inspect album --viewport 390x600 --item-sizes 4000x3000,3000x4000 --offset 195,0
        scrollwork inspect album --surface strip --viewport 390x44 --item-sizes 400x300,300x400 --follow 0,0.5
      """)

  @OptionGroup var input: LayoutInputOptions
  @OptionGroup var album: AlbumOptions

  @Option(parsing: .unconditional, help: "Which surface.")
  var surface = AlbumSurface.pager

  @Option(parsing: .unconditional, help: "Strip: follow pager page I at fraction F: I,F.")
  var follow: IndexAmountArgument?

  @Option(parsing: .unconditional, help: "Strip: lead with thumbnail I unfolded by progress P (0…1): I,P.")
  var accordion: IndexAmountArgument?

  @Option(
    parsing: .unconditional,
    help: "The content offset X,Y (pager default 0,0; strip default: the one the coordinator would set).")
  var offset: PointArgument?

  @Flag(help: "Print every element, not only those in the visible rect.")
  var all = false

  func validate() throws {
    try Check.offset(offset?.value, "--offset")
    try Check.finite(follow?.amount, "--follow's fraction")
    try Check.inRange(accordion?.amount, 0...1, "--accordion's progress")
    if surface == .pager, follow != nil || accordion != nil {
      throw ValidationError("--follow and --accordion go with --surface strip")
    }
  }

  func run() throws {
    switch surface {
    case .pager: try inspectPager()
    case .strip: try inspectStrip()
    }
  }

  func inspectPager() throws {
    let prepared = try album.configuration().pager.prepare(items: input.layoutItems(), viewport: input.viewportValue)
    let state = ScrollState(contentOffset: offset?.value ?? .zero)
    var extra: [(String, String)] = [
      ("surface", JSONWriter.string("pager")), ("preset", JSONWriter.string(album.preset.rawValue)),
    ]
    if let p = prepared.position(atOffset: state.contentOffset.x) {
      extra += [("page", String(p.index)), ("fraction", JSONWriter.number(p.fraction))]
    }
    print(Inspector.report(name: AlbumEntry.name, prepared, state: state, all: all, extra: extra))
  }

  func inspectStrip() throws {
    let configuration = album.configuration()
    let items = try input.layoutItems()
    let prepared = try configuration.strip.prepare(items: items, viewport: input.viewportValue)
    // The pager only lends its page width (the viewport's) to the position map.
    let pager = try configuration.pager.prepare(items: items, viewport: input.viewportValue)
    let positions = AlbumPositionMap(pager: pager, strip: prepared)
    var state: FilmstripState
    let defaultX: Double
    switch (follow, accordion) {
    case (let f?, nil):
      // Honoured exactly or refused: the position I + F must lie in the album.
      let last = max(0, prepared.count - 1)
      guard (0...last).contains(f.index), (0...1).contains(f.amount), Double(f.index) + f.amount <= Double(last)
      else {
        throw ValidationError(
          "--follow takes I,F with page I from 0 to \(last) and fraction F from 0 to 1, I + F at most \(last) "
            + "(got \(f.index),\(JSONWriter.number(f.amount)))")
      }
      let t = Double(f.index) + f.amount
      let page = positions.followingPage(position: t) ?? PagerPosition(index: 0, fraction: 0)
      state = .following(index: page.index, fraction: page.fraction)
      let centre = positions.followerCentreX(
        position: Double(page.index) + page.fraction, rule: configuration.followerOffset, strip: prepared, at: state)
      defaultX = centre - prepared.viewport.size.width / 2
    case (nil, let a?):
      guard prepared.count == 0 || (0..<prepared.count).contains(a.index) else {
        throw ValidationError("--accordion's index takes 0…\(prepared.count - 1) (got \(a.index))")
      }
      state = .accordion(index: a.index, progress: a.amount)
      defaultX = prepared.centeredOffset(ofThumbnail: a.index, at: state)
    default:
      throw ValidationError("give one of --follow I,F or --accordion I,P with --surface strip")
    }
    state.contentOffset = offset?.value ?? Point(x: defaultX, y: 0)
    let unfolded = prepared.resolvedUnfolded(state).map { "[\($0.index),\(JSONWriter.number($0.amount))]" }
    let centre = state.contentOffset.x + prepared.viewport.size.width / 2
    var extra: [(String, String)] = [
      ("surface", JSONWriter.string("strip")), ("preset", JSONWriter.string(album.preset.rawValue)),
      ("followerOffset", JSONWriter.string(configuration.followerOffset.rawValue)),
      ("unfolded", "[" + unfolded.joined(separator: ",") + "]"),
    ]
    if let k = prepared.thumbnail(atContentX: centre, at: state) { extra.append(("centredThumbnail", String(k))) }
    print(Inspector.report(name: AlbumEntry.name, prepared, state: state, all: all, extra: extra))
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

  @Option(parsing: .unconditional, help: "The filmstrip's height in points, > 0 and below the viewport's height.")
  var stripHeight: Double = 44

  @Option(parsing: .unconditional, help: "The photo shown first: 0…count − 1.")
  var photo: Int = 0

  @OptionGroup var script: ScriptOptions

  @Option(parsing: .unconditional, help: "Frames per second: 1…1000.")
  var fps: Double = 120

  @Flag(help: "Print both strips' visible elements in every frame.")
  var elements = false

  func validate() throws {
    try Check.inRange(fps, 1...1000, "--fps")
    // The strip takes --strip-height (≥ 1 pt) and the pager the rest (≥ 1 pt).
    let height = input.viewport.value.height
    guard height >= 2 else {
      throw ValidationError(
        "--viewport's height takes at least 2 points for the album (got \(height)): the filmstrip takes "
          + "--strip-height (≥ 1) and the pager the rest (≥ 1)")
    }
    try Check.inRange(stripHeight, 1...(height - 1), "--strip-height")
    let count = (try? input.layoutItems().totalCount) ?? 0
    try Check.count(photo, 0...max(0, count - 1), "--photo")
  }

  func run() throws {
    let gestures = try GestureScript(script.requiredText(), verbs: LayoutRegistry.scriptVerbs)
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

/// The Photos screen: big photos paging above, the accordion filmstrip
/// below, driven by one `AlbumCoordinator` (targets `pager` and `strip`).
struct AlbumScene: Scene, GestureForwarding {
  var album: AlbumCoordinator
  var driven: AlbumCoordinator {
    get { album }
    set { album = newValue }
  }
  var context: SceneContext

  /// The demo: three pager swipes, a strip drag that folds the strip (a
  /// hold before lifting, so it settles at once: a fling would coast for
  /// seconds first), the unfold, one swipe back.
  static func entry(_ preset: AlbumPreset) -> SceneEntry {
    SceneEntry(
      name: AlbumEntry.sceneName(preset), layout: AlbumEntry.name, preset: preset.rawValue,
      title: "Photos album (pager + filmstrip)",
      summary: "Swipe the pager across three photos (parallax between pages; the filmstrip follows), drag the "
        + "filmstrip (it folds), let it settle (the thumbnail under the centre line unfolds and centres), swipe back.",
      demoScript: """
        pager drag -180 0.2; pager release; wait 0.6
        pager drag -180 0.2; pager release; wait 0.6
        pager drag -180 0.2; pager release; wait 0.7
        strip drag -100 0.6; strip hold 0.2; strip release; wait 1.0
        pager drag 180 0.2; pager release; wait 0.8
        """,
      make: { context in
        let configuration = preset.configuration(stripHeight: 44, debug: context.debug)
        let album = try AlbumCoordinator(
          photos: LayoutItems(context.photoSizes), viewport: context.size, configuration: configuration)
        return AlbumScene(album: album, context: context)
      })
  }

  /// The demo's album scene (the default preset).
  static var entry: SceneEntry { entry(AlbumEntry.defaultPreset) }

  func layers() -> [SceneLayer] {
    let frame = album.frame()
    let context = self.context
    let pager = Rect(origin: .zero, size: frame.pagerViewport)
    let strip = Rect(origin: Point(x: 0, y: frame.pagerViewport.height), size: frame.stripViewport)
    return [
      SceneLayer(
        region: pager, contentOffset: frame.pagerOffset, elements: frame.pagerAttributes,
        photo: { context.photo($0.id.item) }, style: { _ in ElementStyle(fill: .black) }, background: .black,
        centerLine: frame.debug, indexLabels: frame.debug),
      SceneLayer(
        region: strip, contentOffset: frame.stripOffset, elements: frame.stripAttributes,
        photo: { context.photo($0.id.item) }, style: { _ in ElementStyle(fill: Color(hex: 0x2C2C2E)) },
        background: Color(hex: 0x0B0B0C), centerLine: frame.debug, indexLabels: frame.debug),
    ]
  }
}

/// Photo sizes of a phone library: landscape, portrait, square, panorama.
func benchPhotos(_ n: Int) -> LayoutItems {
  let shapes = [
    Size(width: 4032, height: 3024), Size(width: 3024, height: 4032), Size(width: 1920, height: 1080),
    Size(width: 1080, height: 1920), Size(width: 3000, height: 3000), Size(width: 6000, height: 2000),
  ]
  var rng = BenchRandom(seed: 42)
  var sizes: [Size] = []
  sizes.reserveCapacity(n)
  for _ in 0..<n { sizes.append(shapes[Int(rng.next() % UInt64(shapes.count))]) }
  return LayoutItems(sizes)
}

extension BenchScenario {
  /// The album's big-photo pager on a 390×600 page, at random offsets.
  static var albumPager: BenchScenario {
    .layout(
      "album-pager",
      input: benchPhotos,
      prepare: { photos in
        try AlbumPagerLayout.photosLab.prepare(items: photos, viewport: Viewport(width: 390, height: 600))
      },
      states: horizontalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// The filmstrip leading: one thumbnail folding or unfolding at a random
  /// progress, the strip at a random offset.
  static var filmstripLeading: BenchScenario {
    filmstrip("filmstrip-leading") { strip, index, rng in
      var state = FilmstripState.accordion(index: index, progress: rng.unit())
      let bounds = strip.offsetBounds(at: state)
      state.contentOffset = Point(x: rng.double(in: bounds.min.x...bounds.max.x), y: 0)
      return state
    }
  }

  /// The filmstrip following the pager: photo i at fraction f, the strip
  /// where the coordinator puts it.
  static var filmstripFollowing: BenchScenario {
    filmstrip("filmstrip-following") { strip, index, rng in
      var state = FilmstripState.following(index: index, fraction: rng.unit())
      let x = strip.contentX(atThumbnailCoordinate: Double(index) + 0.5, at: state)
      state.contentOffset = Point(x: x - strip.viewport.size.width / 2, y: 0)
      return state
    }
  }

  /// A 390×44 `photosLab` filmstrip, queried at states drawn by `state`
  /// for random thumbnails.
  static func filmstrip(
    _ name: String, state: @escaping (PreparedFilmstripLayout, Int, inout BenchRandom) -> FilmstripState
  ) -> BenchScenario {
    .layout(
      name,
      input: benchPhotos,
      prepare: { photos in
        try FilmstripLayout.photosLab.prepare(items: photos, viewport: Viewport(width: 390, height: 44))
      },
      states: { prepared, samples, rng in
        (0..<samples).map { _ in state(prepared, Int(rng.next() % UInt64(max(1, prepared.count))), &rng) }
      },
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// A whole album frame at 120 Hz: the finger moves the pager, the
  /// coordinator syncs the strip, and both strips are queried into reused
  /// buffers. The baseline is the seed's frame: both layouts loop over
  /// every item.
  static var albumFrame: BenchScenario {
    BenchScenario(name: "album-frame") { n, samples, seed in
      let photos = benchPhotos(n)
      let heapBefore = heapBytes()
      let start = nanoseconds()
      let album = AlbumBox(try AlbumCoordinator(photos: photos, viewport: Size(width: 390, height: 644)))
      let prepareNs = Double(nanoseconds() - start)
      let heapAfter = heapBytes()
      // A long pager drag in progress: each sample moves the finger to a
      // random place within a few pages of the middle of the album.
      var rng = BenchRandom(seed: seed)
      let middle = Double(n / 2) * 390
      let translations = (0..<samples).map { _ in -rng.double(in: 0...1600) }
      try album.coordinator.setContentOffset("pager", Point(x: middle, y: 0), animated: false, at: 0)
      try album.coordinator.touchDown("pager", at: 0)
      var tick = 0
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        tick += 1
        try? album.coordinator.drag("pager", translation: Point(x: translations[i], y: 0), at: Double(tick) / 120)
        album.coordinator.discardEvents()
        let c = album.coordinator
        let pagerState = ScrollState(contentOffset: c.pagerSurface.contentOffset)
        c.pager.attributes(
          in: Rect(origin: pagerState.contentOffset, size: c.pager.viewport.size), at: pagerState, into: &result)
        c.strip.attributes(
          in: Rect(origin: c.stripState.contentOffset, size: c.strip.viewport.size), at: c.stripState, into: &result)
      }
      // The baseline replays the same frames' states through the seed's loops.
      var pagerStates: [ScrollState] = []
      var stripStates: [FilmstripState] = []
      for i in 0..<samples {
        var copy = album.coordinator
        try? copy.drag("pager", translation: Point(x: translations[i], y: 0), at: 1_000 + Double(i))
        pagerStates.append(ScrollState(contentOffset: copy.pagerSurface.contentOffset))
        stripStates.append(copy.stripState)
      }
      let pagerBaseline = NaiveBaseline.loopingOverCells(album.coordinator.pager, pagerStates)
      let stripBaseline = NaiveBaseline.loopingOverCells(album.coordinator.strip, stripStates)
      let baseline = NaiveBaseline { i, result in
        pagerBaseline.query(i, &result)
        stripBaseline.query(i, &result)
      }
      var bytes: Int?
      if let heapBefore, let heapAfter { bytes = heapAfter - heapBefore }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: album, prepareNs: prepareNs, preparedBytes: bytes)
    }
  }
}

/// The album, shared by the benchmark's closures.
final class AlbumBox {
  var coordinator: AlbumCoordinator
  init(_ coordinator: AlbumCoordinator) { self.coordinator = coordinator }
}
