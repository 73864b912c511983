import ArgumentParser
import GestureScripting
import LayoutCatalog
import LayoutCore
import PhotoGrid
import Raster
import ScrollPhysics

// The photo library grid in the tool: `inspect photos` (a mode, or a
// transition between two modes at a progress), `simulate photos` (scrolling
// plus the `mode`, `pinch`, `insert` and `delete` verbs), its demo scene and
// its benchmark scenarios.

/// The photo grid's presets.
enum PhotosPreset: String, LayoutPreset {
  /// The Photos app's library grid: All Photos (one large photo, then a row
  /// of three), Months (a header and a summary photo per section) and
  /// square grids of 1…30 columns.
  case photosMonths

  var layout: PhotoGridLayout {
    switch self {
    case .photosMonths: .photosMonths
    }
  }
}

enum PhotosEntry: LayoutEntry {
  static let name = "photos"
  static var scriptVerbs: [LayoutVerb] { PhotoGridSession.verbs }
  static let defaultPreset = PhotosPreset.photosMonths
  static let demoPresets = [PhotosPreset.photosMonths]
  static var inspectCommand: any ParsableCommand.Type { InspectPhotos.self }
  static var simulateCommand: any ParsableCommand.Type { SimulatePhotos.self }
  static var benchScenarios: [BenchScenario] {
    [.photosAllToMonths, .photosPinch, .photosPinchBegin, .photosInsert, .photosStepInsert, .photosStepDelete]
  }

  /// The size every photo has when the command line gives only counts.
  static let photoSize = DefaultItemSizes.cameraPhoto

  static func scene(_ preset: PhotosPreset) -> SceneEntry {
    SceneEntry(
      name: sceneName(preset), layout: name, preset: preset.rawValue,
      title: "Photo library (photo grid, \(preset.rawValue) preset)",
      summary: "All Photos, a scroll, Months and back, then a pinch from three columns to five, to three and to one,"
        + " then new photos arrive above the one in view: every change animates by identity and the view stays put.",
      demoScript: demoScript,
      make: { context in try PhotosScene(layout: preset.layout, context: context) })
  }

  static let demoScript =
    "drag 0,-320 0.3; release; wait 1.0; mode months 0.45; wait 0.9; mode all 0.45; wait 0.6; mode columns:3 0.35;"
    + " wait 0.4; pinch 0.6 0.3; wait 0.6; pinch 1.8 0.3; wait 0.6; pinch 2 0.3; wait 0.7; insert 6 at 0; wait 0.8"
}

// MARK: - Scene

/// The photo grid scene: the session plus the photos and section titles.
struct PhotosScene: Scene, GestureForwarding {
  var session: PhotoGridSession
  var driven: PhotoGridSession {
    get { session }
    set { session = newValue }
  }
  private(set) var context: SceneContext
  /// Section titles by section identity.
  private(set) var titles: [String]
  /// Summary card titles (a day) by section identity.
  private(set) var days: [String]
  /// The photo of each item identity (identities past it, from a script's
  /// `insert`, cycle through the photos).
  private(set) var photosByID: [Photo]
  /// Whether the photos repeat to fill 48 cells (a small folder).
  let isPadded: Bool

  /// The fewest cells the scene shows: fewer photos repeat.
  static let minimumCells = 48

  init(layout: PhotoGridLayout, context: SceneContext) throws {
    let groups = PhotoSections.group(context.photos)
    // At least 48 photos: the photos repeat when there are fewer.
    var counts = groups.map(\.photos.count)
    var titles = groups.map(\.title)
    var days = groups.map(\.day)
    var order = groups.flatMap(\.photos)
    var total = order.count
    isPadded = total < Self.minimumCells
    while total < Self.minimumCells {
      let n = Swift.min(12, Self.minimumCells - total)
      counts.append(n)
      titles.append("More photos")
      days.append("More photos")
      order += (total..<(total + n)).map { $0 % Swift.max(1, context.photos.count) }
      total += n
    }
    self.titles = titles
    self.days = days
    photosByID = order.map { context.photo($0) }
    self.context = context
    session = try PhotoGridSession(
      layout: layout, counts: counts, photoSize: PhotosEntry.photoSize,
      viewport: Viewport(size: context.size, scale: context.scale), offset: .zero)
  }

  /// Shows `photos` instead (the folder changed), animated by identity:
  /// photos already shown keep theirs (matched by name), so new photos and
  /// months fade in at their places, those gone fade out, the rest move;
  /// the first photo on screen keeps its place when it stays. Returns
  /// `false`, changing nothing, when it cannot animate (a small folder
  /// whose photos repeat before or after): the caller rebuilds the scene.
  ///
  /// - Complexity: O(n log n) for n photos (grouping, then comparing the
  ///   identities): for a change of folder, not a frame.
  mutating func replacePhotos(_ photos: [Photo], at time: Double) -> Bool {
    guard !isPadded, photos.count >= Self.minimumCells else { return false }
    var identityOfName: [String: Int] = [:]
    for section in session.library.sections {
      for run in section.runs {
        for id in run where id < photosByID.count { identityOfName[photosByID[id].name] = id }
      }
    }
    var sectionOfTitle: [String: Int] = [:]
    for section in session.library.sections where titles.indices.contains(section.id) {
      sectionOfTitle[titles[section.id]] = section.id
    }
    var next = session
    var newTitles = titles
    var newDays = days
    var byID = photosByID
    var sections: [LibrarySnapshot<Int, Int>.Section] = []
    for group in PhotoSections.group(photos) {
      let sectionID: Int
      if let kept = sectionOfTitle.removeValue(forKey: group.title) {
        sectionID = kept
      } else {
        sectionID = next.unusedSectionIdentity()
      }
      while newTitles.count <= sectionID {
        newTitles.append("")
        newDays.append("")
      }
      newTitles[sectionID] = group.title
      newDays[sectionID] = group.day
      let items = group.photos.map { index -> Int in
        let photo = photos[index]
        if let id = identityOfName.removeValue(forKey: photo.name) {
          byID[id] = photo
          return id
        }
        let id = next.unusedIdentity()
        while byID.count <= id { byID.append(photo) }
        byID[id] = photo
        return id
      }
      sections.append(.init(id: sectionID, items: items))
    }
    let anchor = firstPhotoOnScreen().map { Point(x: $0.center.x, y: $0.center.y) - session.contentOffset }
    do {
      try next.replaceLibrary(with: LibrarySnapshot(sections: sections), at: time, anchoredAt: anchor)
    } catch {
      return false
    }
    session = next
    titles = newTitles
    days = newDays
    photosByID = byID
    context.photos = photos
    return true
  }

  /// The first cell on screen (top row first, then leading), at rest.
  func firstPhotoOnScreen() -> LayoutAttributes? {
    let top = session.contentOffset.y
    return session.visibleAttributes.filter { $0.id.kind == .cell && $0.frame.maxY > top }.min {
      ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX)
    }
  }

  /// The mode after `mode` for the viewer's M key: All Photos → Months →
  /// 3 columns → 5 columns → All Photos.
  static func nextMode(after mode: PhotoGridLayout.Mode) -> PhotoGridLayout.Mode {
    switch mode {
    case .allPhotos: .months
    case .months: .columns(3)
    case .columns(3): .columns(5)
    case .columns: .allPhotos
    }
  }

  /// The viewer's M key: animates to the next mode (`nextMode(after:)`)
  /// from the time of the last `advance`.
  mutating func cycleMode() {
    let next = Self.nextMode(after: session.mode)
    try? session.setMode(next, duration: 0.35, at: session.time)
  }

  /// Shows `mode` at `offset` at once, at time 0: a rebuilt scene (the
  /// viewer's rotate or resize) keeps the mode and place of the old one.
  mutating func show(mode: PhotoGridLayout.Mode, offset: Point) {
    if mode != session.mode {
      try? session.setMode(mode, duration: 0, at: 0)
      session.advance(to: 0)
    }
    session.setContentOffset(offset, animated: false, at: 0)
  }

  /// The frame of the first cell showing the photo named `name` at rest,
  /// or `nil` when no cell shows it.
  ///
  /// - Complexity: O(n) over the photos (for a change of folder, not a frame).
  func frame(ofPhotoNamed name: String) -> Rect? {
    guard let id = photosByID.firstIndex(where: { $0.name == name }) else { return nil }
    for (s, section) in session.library.sections.enumerated() {
      var start = 0
      for run in section.runs {
        if run.contains(id) {
          return session.animator.grid.attributes(
            for: .cell(start + id - run.lowerBound, section: s), at: ScrollState())?.frame
        }
        start += run.count
      }
    }
    return nil
  }

  /// The photo shown for item identity `id` (new identities cycle).
  func photo(_ id: Int) -> Photo {
    id >= 0 && id < photosByID.count ? photosByID[id] : context.photo(id)
  }

  func layers() -> [SceneLayer] {
    let scene = self
    let session = self.session
    func text(_ list: [String], _ a: LayoutAttributes) -> String {
      guard let id = session.sectionID(of: a), list.indices.contains(id) else { return "" }
      return list[id]
    }
    return [
      SceneLayer(
        region: Rect(origin: .zero, size: context.size), contentOffset: session.contentOffset,
        elements: session.visibleAttributes,
        photo: { a in session.photoID(of: a).map { scene.photo($0) } },
        style: { a in
          if a.id.kind == .cell {
            guard a.extras.styleProgress > 0 else { return ElementStyle() }
            let count = session.photoCount(inSection: a.id.section)
            return ElementStyle(
              summaryTitle: text(scene.days, a), summaryDetail: count == 1 ? "1 photo" : "\(count) photos")
          }
          return ElementStyle(
            fill: Color(hex: 0x000000, alpha: 0.86), label: text(scene.titles, a), labelSize: 17,
            labelPlacement: .bottomLeading)
        },
        background: Color(hex: 0x000000), centerLine: false, indexLabels: context.debug)
    ]
  }
}

/// The user's photos in sections: by EXIF capture month when photos have
/// a capture date (`DateTimeOriginal`; photos without one come last, in
/// name order), else twelve to a section, in name order.
enum PhotoSections {
  struct Group: Equatable {
    /// The header's title (`March 2024`).
    var title: String
    /// The summary card's title (the first photo's day, `12 March 2024`).
    var day: String
    /// Indices into the photos, in the section's order.
    var photos: [Int]
  }

  /// Groups `photos` into sections by the dates `date` gives (by default
  /// the capture date the library's index read: no file is opened here).
  ///
  /// - Complexity: O(n log n).
  static func group(_ photos: [Photo], date: (Photo) -> EXIFDate? = { $0.date }) -> [Group] {
    let dates = photos.map(date)
    guard dates.contains(where: { $0 != nil }) else {
      return stride(from: 0, to: photos.count, by: 12).map { start in
        let n = Swift.min(12, photos.count - start)
        let title = "Photos \(start + 1)–\(start + n)"
        return Group(title: title, day: title, photos: Array(start..<(start + n)))
      }
    }
    // Dated photos by date (then by name order), then the undated ones.
    let order = photos.indices.sorted { l, r in
      switch (dates[l], dates[r]) {
      case (let a?, let b?): a != b ? a < b : l < r
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): l < r
      }
    }
    var groups: [Group] = []
    var key: (Int, Int)?? = .none
    for index in order {
      let d = dates[index]
      let k = d.map { ($0.year, $0.month) }
      if let last = key, last.map({ [$0.0, $0.1] }) == k.map({ [$0.0, $0.1] }) {
        groups[groups.count - 1].photos.append(index)
      } else {
        groups.append(Group(title: d?.monthTitle ?? "Undated", day: d?.dayTitle ?? "Undated", photos: [index]))
        key = .some(k)
      }
    }
    return groups
  }
}

// MARK: - Options and commands

/// `all`, `months` or `columns:N`.
struct ModeArgument: ExpressibleByArgument {
  var value: PhotoGridLayout.Mode
  init?(argument: String) {
    guard let mode = PhotoGridLayout.Mode(parsing: argument) else { return nil }
    value = mode
  }
  var defaultValueDescription: String { value.description }
  static var allValueStrings: [String] { ["all", "months", "columns:N"] }

  /// The column count is 1…30.
  func check(_ option: String) throws {
    if case .columns(let n) = value, !(1...30).contains(n) {
      throw ValidationError("\(option) columns:N takes N from 1 to 30 (got \(n))")
    }
  }
}

/// `photos`' own options.
struct PhotosOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Start from a preset.")
  var preset = PhotosEntry.defaultPreset

  @Option(parsing: .unconditional, help: "The mode: all, months or columns:N (N from 1 to 30).")
  var mode = ModeArgument(argument: "all")!

  func validate() throws { try mode.check("--mode") }

  var layout: PhotoGridLayout { preset.layout.with(mode: mode.value) }

  /// Section counts from the input options (every photo `--item-size`, by
  /// default 4032x3024).
  static func counts(_ input: LayoutInputOptions) throws -> (counts: [Int], size: Size) {
    let items = try input.layoutItems(defaultItemSize: PhotosEntry.photoSize)
    let size = input.itemSize?.value ?? PhotosEntry.photoSize
    if input.itemSizes != nil {
      throw ValidationError("photos takes --sections or --items (with --item-size), not --item-sizes")
    }
    return (items.sections.map(\.count), size)
  }

  /// Runs `body`, naming `--viewport` when the grid has no room for its
  /// photos: the tool takes no inset or spacing options for the grid, so a
  /// viewport too narrow for the mode's columns is the culprit.
  func namingTheViewport<T>(_ input: LayoutInputOptions, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as LayoutError {
      guard case .invalidConfiguration(let why) = error, why.contains("no room for the photos") else { throw error }
      let size = input.viewport.value
      throw ValidationError(
        "--viewport \(JSONWriter.number(size.width))x\(JSONWriter.number(size.height)) is too narrow for the photo "
          + "grid in mode \(mode.value.description): its insets and spacing leave no room for the photos; give a "
          + "wider --viewport or fewer columns (--mode columns:N)")
    }
  }
}

struct InspectPhotos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "photos", abstract: "The photo library grid: All Photos, Months, N columns, and transitions.",
    discussion: """
      Example: scrollwork inspect photos --mode months --viewport 390x844 --sections 7,12,5 --offset 0,200
      A transition: … --mode all --to months --progress 0.5 prints the presented elements at interpolation \
      fraction 0.5, the target offset in the new mode and the presented offset.
      """)

  @OptionGroup var options: InspectOptions
  @OptionGroup var photos: PhotosOptions

  @Option(parsing: .unconditional, help: "Show a transition to this mode: all, months or columns:N.")
  var to: ModeArgument?

  @Option(parsing: .unconditional, help: "The transition's interpolation fraction, 0…1 (with --to; default 0.5).")
  var progress: Double?

  func validate() throws {
    try to?.check("--to")
    try Check.inRange(progress, 0...1, "--progress")
    if progress != nil && to == nil { throw ValidationError("--progress needs --to MODE") }
    if options.all && to != nil { throw ValidationError("--all shows one mode; leave it out with --to") }
  }

  func run() throws {
    let (counts, size) = try PhotosOptions.counts(options.input)
    let items = LayoutItems(sections: counts.map { .uniform(size, count: $0) })
    let viewport = options.input.viewportValue
    let a = try photos.namingTheViewport(options.input) { try photos.layout.prepare(items: items, viewport: viewport) }
    guard let to else {
      print(
        Inspector.report(
          name: PhotosEntry.name, a, state: ScrollState(contentOffset: options.offset.value), all: options.all,
          extra: [("mode", JSONWriter.string(photos.mode.value.description))]))
      return
    }
    let b = try photos.namingTheViewport(options.input) {
      try photos.preset.layout.with(mode: to.value).prepare(items: items, viewport: viewport)
    }
    let p = progress ?? 0.5
    let offset = options.offset.value
    let transition = LayoutTransition(
      from: a, at: ScrollState(x: offset.x, y: offset.y), to: b, at: ScrollState(), anchoredAt: nil)
    var elements: [LayoutAttributes] = []
    transition.visibleAttributes(progress: p, into: &elements)
    elements.sort { $0.id < $1.id }
    var o = JSONObject()
    o.add("layout", PhotosEntry.name)
    o.add("viewport", viewport.size)
    o.add("mode", photos.mode.value.description)
    o.add("to", to.value.description)
    o.add("progress", p)
    o.add("sourceOffset", transition.sourceOffset)
    o.add("targetOffset", transition.targetOffset)
    o.add("presentedOffset", transition.offset(at: p))
    o.add("contentSize", b.contentSize(at: transition.toState))
    o.add("elements", raw: "[" + elements.map(\.json).joined(separator: ",") + "]")
    print(o.text)
  }
}

struct SimulatePhotos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "photos", abstract: "Scroll, change mode, pinch and update a photo library grid.",
    discussion: """
      Example: scrollwork simulate photos --viewport 390x844 --sections 7,12,5 --mode all \
      --script "drag 0,-200 0.2; release; wait 0.5; mode months 0.4; pinch 0.6 0.3; wait 0.5; insert 3 at 0; wait 0.4"
      One JSON line per frame: time, offset (presented), mode (the target mode), progress (1 at rest), events.
      """)

  @OptionGroup var options: SimulateOptions
  @OptionGroup var photos: PhotosOptions

  func run() throws {
    let (counts, size) = try PhotosOptions.counts(options.input)
    let script = try options.gestureScript()
    let session = try photos.namingTheViewport(options.input) {
      try PhotoGridSession(
        layout: photos.layout, counts: counts, photoSize: size, viewport: options.input.viewportValue,
        offset: options.offset.value, configuration: options.configuration())
    }
    // Too many edits for the library are refused before anything runs.
    try PhotoGridSession.checkEdits(script, sections: counts.count)
    // A rehearsal on a copy: a step that cannot run fails before any output.
    var copy = session
    try script.run(on: &copy, fps: options.fps) { _, _ in }
    var live = session
    let withElements = options.elements
    try script.run(on: &live, fps: options.fps) { session, time in
      print(Self.frameJSON(time: time, session: &session, elements: withElements))
    }
  }

  static func frameJSON(time: Double, session: inout PhotoGridSession, elements: Bool) -> String {
    var o = JSONObject()
    o.add("time", time)
    o.add("offset", session.contentOffset)
    o.add("mode", session.mode.description)
    o.add("progress", session.progress)
    o.add("photos", session.library.totalCount)
    o.add("events", raw: "[" + session.drainEvents().map(JSONWriter.string).joined(separator: ",") + "]")
    if elements {
      let visible = session.visibleAttributes.sorted { $0.id < $1.id }
      o.add("elements", raw: "[" + visible.map(\.json).joined(separator: ",") + "]")
    }
    return o.text
  }
}

// MARK: - Benchmark scenarios

extension BenchScenario {
  /// n photos in sections of 100 (at least one section).
  static func benchLibrary(_ n: Int) -> LayoutItems {
    let full = n / 100
    var sections: [ItemSizes] = Array(repeating: .uniform(PhotosEntry.photoSize, count: 100), count: full)
    if n % 100 != 0 || sections.isEmpty { sections.append(.uniform(PhotosEntry.photoSize, count: n % 100)) }
    return LayoutItems(sections: sections)
  }

  /// A transition frame between two photo grid modes at n photos: both
  /// layouts' queries plus the interpolation, at random offsets and
  /// progress. The baseline interpolates every photo of A and B and keeps
  /// those whose presented frames meet the viewport (O(n)).
  static func photosTransition(_ name: String, from: PhotoGridLayout.Mode, to: PhotoGridLayout.Mode) -> BenchScenario {
    BenchScenario(name: name) { n, samples, seed in
      let items = benchLibrary(n)
      let viewport = Viewport(width: 390, height: 844)
      let heapBefore = heapBytes()
      let start = nanoseconds()
      let a = try PhotoGridLayout.photosMonths.with(mode: from).prepare(items: items, viewport: viewport)
      let b = try PhotoGridLayout.photosMonths.with(mode: to).prepare(items: items, viewport: viewport)
      let prepareNs = Double(nanoseconds() - start)
      let heapAfter = heapBytes()
      var rng = BenchRandom(seed: seed)
      let bounds = a.offsetBounds(at: ScrollState())
      let transitions = (0..<samples).map { _ in
        LayoutTransition(
          from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
          anchoredAt: nil)
      }
      let progress = (0..<samples).map { _ in rng.unit() }
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        transitions[i].visibleAttributes(progress: progress[i], into: &result)
      }
      var bytes: Int?
      if let heapBefore, let heapAfter { bytes = heapAfter - heapBefore }
      return BenchSubject(
        engine: engine, baseline: .interpolatingEverything(transitions, progress), keepAlive: (a, b, transitions),
        prepareNs: prepareNs, preparedBytes: bytes)
    }
  }

  /// All Photos → Months (the seed's switch) at n photos.
  static var photosAllToMonths: BenchScenario { photosTransition("photos-all-months", from: .allPhotos, to: .months) }

  /// A pinch from 3 to 5 columns at n photos.
  static var photosPinch: BenchScenario { photosTransition("photos-pinch-3-5", from: .columns(3), to: .columns(5)) }

  /// Beginning a pinch from 3 to 5 columns at n photos, at a random
  /// offset: the anchored transition (the anchor, the target offset, the
  /// candidates the frames are answered from) and its first frame. The
  /// floor is the direct query of the same viewport in A (a scroll frame
  /// at rest); the baseline interpolates every photo for that frame.
  static var photosPinchBegin: BenchScenario {
    BenchScenario(name: "photos-pinch-begin") { n, samples, seed in
      let items = benchLibrary(n)
      let viewport = Viewport(width: 390, height: 844)
      let start = nanoseconds()
      let a = try PhotoGridLayout.photosMonths.with(mode: .columns(3)).prepare(items: items, viewport: viewport)
      let b = try PhotoGridLayout.photosMonths.with(mode: .columns(5)).prepare(items: items, viewport: viewport)
      let prepareNs = Double(nanoseconds() - start)
      var rng = BenchRandom(seed: seed)
      let bounds = a.offsetBounds(at: ScrollState())
      let states = (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        let t = LayoutTransition(from: a, at: states[i], to: b, at: ScrollState(), anchoredAt: nil)
        t.visibleAttributes(progress: 0, into: &result)
      }
      let floor: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        a.attributes(in: Rect(origin: states[i].contentOffset, size: viewport.size), at: states[i], into: &result)
      }
      let transitions = states.map { LayoutTransition(from: a, at: $0, to: b, at: ScrollState(), anchoredAt: nil) }
      return BenchSubject(
        engine: engine, baseline: .interpolatingEverything(transitions, Array(repeating: 0, count: samples)),
        keepAlive: (a, b, transitions), prepareNs: prepareNs, preparedBytes: nil, floor: floor)
    }
  }

  /// A data update: 1,000 photos inserted at random places into n photos
  /// (All Photos). The prepare column times the update: the snapshot
  /// difference, preparing B and the anchored transition. The query is a
  /// frame of that transition; the baseline interpolates every photo.
  static var photosInsert: BenchScenario {
    BenchScenario(name: "photos-insert-1000") { n, samples, seed in
      let items = benchLibrary(n)
      let viewport = Viewport(width: 390, height: 844)
      var rng = BenchRandom(seed: seed)
      var next = 0
      let old = LibrarySnapshot<Int, Int>(
        sections: items.sections.enumerated().map { s, section in
          defer { next += section.count }
          return .init(id: s, items: Array(next..<(next + section.count)))
        })
      var sections = old.sections
      for k in 0..<1_000 {
        let s = Int(rng.next() % UInt64(sections.count))
        let at = Int(rng.next() % UInt64(sections[s].items.count + 1))
        sections[s].items.insert(next + k, at: at)
      }
      let new = LibrarySnapshot<Int, Int>(sections: sections)
      let layout = PhotoGridLayout.photosMonths
      let a = try layout.prepare(items: items, viewport: viewport)
      let y = a.contentHeight / 2
      let heapBefore = heapBytes()
      let start = nanoseconds()
      let change = SnapshotChange(from: old, to: new)
      let b = try layout.prepare(
        items: LayoutItems(sections: new.itemCounts.map { .uniform(PhotosEntry.photoSize, count: $0) }),
        viewport: viewport)
      let transition = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: y), to: b, at: ScrollState(), mapping: .dataChange(change), anchoredAt: nil)
      let prepareNs = Double(nanoseconds() - start)
      let heapAfter = heapBytes()
      let progress = (0..<samples).map { _ in rng.unit() }
      let transitions = Array(repeating: transition, count: samples)
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        transition.visibleAttributes(progress: progress[i], into: &result)
      }
      var bytes: Int?
      if let heapBefore, let heapAfter { bytes = heapAfter - heapBefore }
      return BenchSubject(
        engine: engine, baseline: .interpolatingEverything(transitions, progress),
        keepAlive: (old, new, transition), prepareNs: prepareNs, preparedBytes: bytes)
    }
  }
}

extension BenchScenario {
  /// One script step on `simulate photos --items n` (one section, All
  /// Photos, scrolled to the middle): the step as `PhotoGridSession` takes
  /// it (the library's runs, the mapping from ranges, preparing the grid,
  /// the anchored transition) plus the first frame's visible elements.
  /// The baseline is the step the way the tool took it before: the
  /// library as one integer per photo copied and edited, an edit per photo
  /// and the mapping built from them, and the new grid (O(n + k log k)).
  static func photosStep(
    _ name: String, verb: String, arguments: @escaping (_ n: Int, _ rng: inout BenchRandom) -> [String]
  )
    -> BenchScenario
  {
    BenchScenario(name: name) { n, samples, seed in
      let viewport = Viewport(width: 390, height: 844)
      let size = PhotosEntry.photoSize
      let start = nanoseconds()
      var session = try PhotoGridSession(
        layout: .photosMonths, counts: [n], photoSize: size, viewport: viewport, offset: .zero)
      let prepareNs = Double(nanoseconds() - start)
      session.setContentOffset(Point(x: 0, y: session.animator.grid.contentHeight / 2), animated: false, at: 0)
      session.advance(to: 0)
      var rng = BenchRandom(seed: seed)
      let steps = (0..<samples).map { _ in arguments(n, &rng) }
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        var copy = session
        try? copy.perform(nil, verb: verb, arguments: steps[i], duration: 0, at: 1)
        copy.visibleAttributes(into: &result)
      }
      let snapshot = LibrarySnapshot<Int, Int>(counts: [n])
      let layout = PhotoGridLayout.photosMonths
      let baseline = NaiveBaseline { i, _ in
        let a = Int(steps[i][0]) ?? 0
        let b = Int(steps[i][1]) ?? 0
        let new: LibrarySnapshot<Int, Int>
        let edits: [CollectionUpdate]
        if verb == "insert" {
          new = snapshot.inserting(Array(n..<(n + a)), atGlobal: b)
          edits = (0..<a).map { .insertItem(ItemPath(section: 0, item: b + $0)) }
        } else {
          new = snapshot.removing(globalRange: a..<(b + 1))
          edits = (a...b).map { .deleteItem(ItemPath(section: 0, item: $0)) }
        }
        blackHole(try? SnapshotChange(oldCounts: snapshot.itemCounts, newCounts: new.itemCounts, updates: edits))
        blackHole(
          try? layout.prepare(
            items: LayoutItems(sections: new.itemCounts.map { .uniform(size, count: $0) }), viewport: viewport))
      }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: (session, snapshot), prepareNs: prepareNs, preparedBytes: nil)
    }
  }

  /// `insert 1000 at 0`.
  static var photosStepInsert: BenchScenario {
    photosStep("photos-step-insert", verb: "insert") { _, _ in ["1000", "0"] }
  }

  /// `delete I..I+999` at a random I.
  static var photosStepDelete: BenchScenario {
    photosStep("photos-step-delete", verb: "delete") { n, rng in
      let first = Int(rng.double(in: 0...Double(Swift.max(0, n - 1000))))
      return [String(first), String(Swift.min(n, first + 1000) - 1)]
    }
  }
}

extension NaiveBaseline {
  /// A transition the O(n) way: every element of A and of B paired,
  /// interpolated and tested against the presented viewport.
  static func interpolatingEverything<A: PreparedLayout, B: PreparedLayout>(
    _ transitions: [LayoutTransition<A, B>], _ progress: [Double]
  ) -> NaiveBaseline {
    guard let first = transitions.first else { return NaiveBaseline { _, _ in } }
    var idsA: [ElementID] = []
    var idsB: [ElementID] = []
    for s in 0..<first.from.numberOfSections {
      idsA.append(ElementID(kind: .header, section: s, item: 0))
      for i in 0..<first.from.numberOfItems(inSection: s) { idsA.append(.cell(i, section: s)) }
    }
    for s in 0..<first.to.numberOfSections {
      idsB.append(ElementID(kind: .header, section: s, item: 0))
      for i in 0..<first.to.numberOfItems(inSection: s) { idsB.append(.cell(i, section: s)) }
    }
    return NaiveBaseline { i, result in
      let t = transitions[i]
      let p = progress[i]
      let viewport = t.viewportRect(at: p)
      let shiftA = t.offset(at: p) - t.sourceOffset
      let shiftB = t.offset(at: p) - t.targetOffset
      for id in idsA {
        guard let x = t.from.attributes(for: id, at: t.fromState) else { continue }
        var presented: LayoutAttributes
        if let idB = t.mapping.forward(id), let y = t.to.attributes(for: idB, at: t.toState) {
          presented = LayoutTransition<A, B>.interpolate(x, y, p)
        } else {
          presented = x
          presented.center = x.center + shiftA
          presented.alpha = x.alpha * (1 - p)
        }
        if presented.frame.intersects(viewport) { result.append(presented) }
      }
      for id in idsB {
        guard let y = t.to.attributes(for: id, at: t.toState) else { continue }
        if let idA = t.mapping.backward(id), t.from.attributes(for: idA, at: t.fromState) != nil { continue }
        var presented = y
        presented.center = y.center + shiftB
        presented.alpha = y.alpha * p
        if presented.frame.intersects(viewport) { result.append(presented) }
      }
    }
  }
}
