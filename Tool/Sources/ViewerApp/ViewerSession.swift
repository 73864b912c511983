import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import Scenes
import ToolOutput
import ToolSupport
import Viewer

/// The viewer's frame loop: window events in, one frame out per period.
///
/// Each frame reads the monotonic clock once; that reading (seconds since
/// the window opened) is the time every event of the frame and the
/// scene's `advance(to:)` get, as a value.
package struct ViewerSession {
  package struct Outcome {
    package var stats: FrameStats
    package var lastFrame: Canvas?
    /// The frame rate paced at.
    package var rate: Double
  }

  package var viewport: Size
  package let scale: Double
  package private(set) var photos: [Photo]
  package let painter: ElementPainter
  package var sceneIndex: Int
  /// The scenes Tab cycles through (`sceneIndex` indexes them; never empty).
  package let scenes: [SceneEntry]
  package var debug: Bool
  /// Frames per second: the one asked for, else the display's refresh
  /// rate, else 120.
  package let rate: Double
  package var printStats = false
  package var exitAfter: Double?

  private var scene: any Scene
  private var recorder: SceneRecorder
  private var regions: [SurfaceRegion]
  private var targets: [String?]
  private let window: X11Window
  /// Decodes file photos off the frame (`nil` for the sample album).
  private let loader: ThumbnailLoader?
  /// Each layer's content offset at the last frame (for prefetching ahead).
  private var lastOffsets: [Point] = []
  /// The photo folder, watched: changes lead to a rescan once they settle.
  private var folder: (watcher: FolderWatcher, scanner: LibraryScanner)?
  /// When the folder last changed (nil: no change waiting).
  private var folderChangedAt: Double?
  /// A rescan running on another thread.
  private var rescan: BackgroundJob<ScannedLibrary>?
  /// Bumped by every rebuild: a new scene is always drawn.
  private var generation = 0
  /// A scene replaced while the folder changed, animating into the new one.
  private var sceneChange: SceneChange?

  package init(
    viewport: Size, scale: Double, photos: [Photo], painter: ElementPainter, scenes: [SceneEntry], scene index: Int,
    debug: Bool,
    rate: Double?, window opened: X11Window? = nil, loader: ThumbnailLoader? = nil
  ) throws {
    self.loader = loader
    self.viewport = viewport
    self.scale = scale
    self.photos = photos
    self.painter = painter
    self.sceneIndex = index
    self.scenes = scenes
    self.debug = debug
    let context = SceneContext(size: viewport, scale: scale, photos: photos, debug: debug)
    recorder = SceneRecorder(painter: painter, context: context)
    scene = try ViewScenes.make(scenes[index], context, keeping: nil)
    regions = ViewScenes.regions(scene)
    targets = ViewScenes.targets(scene)
    if let opened {
      window = opened
      opened.resize(width: recorder.pixelSize.width, height: recorder.pixelSize.height)
    } else {
      do {
        window = try X11Window(
          width: recorder.pixelSize.width, height: recorder.pixelSize.height,
          title: "scrollwork view: \(scenes[index].name)")
      } catch {
        throw CLIError(error.description)
      }
    }
    self.rate = rate ?? Self.displayRate(window.refreshRate)
    warmCache()
    // The line scripts wait for: the window is up and the photos are ready.
    print(
      "window 0x\(String(window.windowID, radix: 16)): \(recorder.pixelSize.width)x\(recorder.pixelSize.height) px, "
        + (window.usesSharedMemory ? "MIT-SHM" : "XPutImage") + (window.usesXInput2 ? ", XInput 2" : ", core input")
        + ", \(self.rate == self.rate.rounded() ? String(Int(self.rate)) : String(self.rate)) Hz ("
        + (rate != nil ? "--rate" : window.refreshRate.map { "display: \(Int($0)) Hz" } ?? "display: no rate")
        + "), layout \(scenes[index].name)")
    fflush(nil)
  }

  /// Watches `scanner`'s folder: files added, removed or rewritten while
  /// the viewer runs are picked up (a rescan through the index 0.3 s
  /// after the last change; the scene is rebuilt keeping its place).
  package mutating func watch(_ scanner: LibraryScanner) {
    do throws(LibraryError) {
      folder = (try FolderWatcher(scanner.folder), scanner)
    } catch {
      warn("warning: \(error); changes to the folder are seen at the next start")
    }
  }

  /// Follows the watched folder: notes changes, starts a rescan once they
  /// have settled for 0.3 s, and shows its photos when it is done.
  private mutating func followFolder(at t: Double) throws {
    guard let folder else { return }
    let changed = folder.watcher.changes()
    if !changed.isEmpty || folder.watcher.overflowed { folderChangedAt = t }
    if let since = folderChangedAt, t - since >= 0.3, rescan == nil {
      folderChangedAt = nil
      rescan = BackgroundJob { [scanner = folder.scanner] in try scanner.run() }
    }
    guard let job = rescan, let result = job.take() else { return }
    rescan = nil
    switch result {
    case .failure(let error):
      warn("the folder changed and could not be read again: \(error)")
    case .success(let library):
      guard !library.photos.isEmpty, library.photos != photos else { return }
      let before = Set(photos.map(\.name))
      let after = Set(library.photos.map(\.name))
      // A file rewritten in place: its decoded images are stale.
      if !before.intersection(changed).isEmpty || library.photos.count == photos.count {
        painter.removeAllImages()
      }
      try replacePhotos(with: library.photos, at: t)
      print(
        "folder changed: \(photos.count) photos (\(after.subtracting(before).count) added, "
          + "\(before.subtracting(after).count) removed)")
      fflush(nil)
    }
  }

  /// The most finished thumbnails taken into the frame per frame. Taking
  /// one costs little (it was decoded and resampled on a worker), but each
  /// one taken is drawn again this frame: 12 tiles of a 3-column grid at
  /// 390 pt are about a screenful's third, which the damaged-rows draw
  /// does in well under a millisecond, while the decoders (one on two
  /// cores) finish far fewer than 12 × 120 a second; the budget only
  /// spreads a burst (a screenful read back from the thumbnail store at
  /// once) over a few frames instead of one long frame.
  package static let deliveriesPerFrame = 12

  /// Photos named as undecodable so far (each once).
  private var namedFailures: Set<String> = []

  /// Names each photo that turned out corrupt only when its pixels were
  /// decoded, once, as the header pass names the files it skips
  /// ("skipped NAME: reason" on standard error).
  private mutating func reportFailures(_ delivered: [ThumbnailLoader.Done]) {
    for done in delivered {
      guard case .failure(let error) = done.result, !namedFailures.contains(done.photo.name) else { continue }
      namedFailures.insert(done.photo.name)
      warn("skipped \(done.photo.name): \(error)")
    }
  }

  /// Shows `new` photos in place of the current ones: the grid animates
  /// the change by identity (the first photo on screen anchored); other
  /// scenes move what was on screen to its new place by photo.
  /// `groups` and `plan`, when given, were worked out on another thread (a
  /// plan made from another library than the grid's is worked out again).
  private mutating func replacePhotos(
    with new: [Photo], at t: Double, groups: [PhotoSections.Group]? = nil, plan: PhotosScene.Replacement? = nil
  ) throws {
    photos = new
    if var grid = scene as? PhotosScene,
      (plan.map { grid.replacePhotos($0, at: t) } ?? false) || grid.replacePhotos(photos, at: t, groups: groups)
    {
      scene = grid
      recorder = SceneRecorder(painter: painter, context: grid.context)
      generation += 1
    } else {
      let viewed = ViewScenes.viewedPhoto(scene)
      let before = scene.layers()
      try rebuild(keeping: scene)
      if let viewed { ViewScenes.show(viewed, in: &scene) }
      scene.advance(to: t)
      sceneChange = SceneChange(from: before, start: t)
    }
  }

  /// The full scan behind a first screen (`FirstScreenLibrary`), running
  /// (`job` is `nil` until the first frame is drawn).
  private var indexing: (job: BackgroundJob<ScannedLibrary>?, scanner: LibraryScanner, order: FirstScreenLibrary.Order)?
  private var indexingTitleAt = -1.0

  /// Indexes `scanner`'s folder on another thread while the first screen
  /// (`first`) is shown; its photos replace the first screen's when the
  /// scan is done, the anchor photo kept in place. The window's title
  /// says how far it has got meanwhile. The scan starts once the first
  /// frame is drawn: on two cores it would otherwise take half the
  /// machine from that frame (its listing and index read repeat the first
  /// screen's).
  package mutating func index(_ scanner: LibraryScanner, after first: FirstScreenLibrary) {
    indexing = (nil, scanner, first.order)
  }

  /// Follows the full scan: started after the first frame, progress in
  /// the title (4 times a second), then its photos, its skipped files named.
  private mutating func followIndexing(at t: Double, drawn: Bool) throws {
    guard let job = indexing else { return }
    guard let running = job.job else {
      if drawn { indexing?.job = BackgroundJob { [scanner = job.scanner] in try scanner.run() } }
      return
    }
    guard let result = running.take() else {
      if t - indexingTitleAt >= 0.25 {
        indexingTitleAt = t
        let progress = job.scanner.progress
        let counts = progress.total > 0 ? "\(progress.done) of \(progress.total)" : "listing"
        window.setTitle("scrollwork view: \(scenes[sceneIndex].name) (indexing \(counts))")
      }
      return
    }
    indexing = nil
    window.setTitle("scrollwork view: \(scenes[sceneIndex].name)")
    switch result {
    case .failure(let error):
      warn("the folder could not be indexed: \(error); the photos shown are those found first")
    case .success(let library):
      for problem in library.problems where !namedFailures.contains(problem.name) {
        namedFailures.insert(problem.name)
        warn("skipped \(problem.name): \(problem.reason)")
      }
      if printStats {
        print(
          "indexed \(library.photos.count) photos at \(ProcessClock.milliseconds()) ms "
            + "(\(library.reused) from the index, \(library.read) headers read, \(library.problems.count) skipped)")
      }
      guard !library.photos.isEmpty, library.photos != photos else { return }
      // The sort into months and the comparison of sizes take tens of
      // milliseconds at 20,000 photos: not on the frame's thread.
      // So do the grid's new identities and their diff, from the grid as
      // it is now (applied only if its library is still the same).
      let shown = photos
      let found = library.photos
      let basis = (scene as? PhotosScene)?.replacementBasis
      settling = BackgroundJob {
        // Sizes guessed before their headers were read: images decoded for them are dropped.
        let known = Dictionary(shown.map { ($0.name, $0.size) }, uniquingKeysWith: { a, _ in a })
        let resized = Set(
          found.lazy.filter { photo in known[photo.name].map { $0 != photo.size } ?? false }.map(\.source))
        let groups = PhotoSections.group(found)
        let plan = basis.flatMap { PhotosScene.plan(found, groups: groups, basis: $0) }
        return SettledLibrary(photos: found, groups: groups, plan: plan, resized: resized)
      }
    }
  }

  /// The full scan's photos, grouped on another thread, waiting to replace
  /// the first screen's.
  private struct SettledLibrary: Sendable {
    var photos: [Photo]
    var groups: [PhotoSections.Group]
    /// The grid's replacement, worked out from the grid when the scan ended.
    var plan: PhotosScene.Replacement?
    /// The photos whose size differs from the one guessed first: only
    /// their decoded images are dropped (the others', on screen, stay).
    var resized: Set<Photo.Source>
  }
  private var settling: BackgroundJob<SettledLibrary>?

  /// Shows the full scan's photos once they are grouped and the user is not
  /// scrolling: the replacement (its identity transition) costs a frame
  /// tens of milliseconds at 20,000 photos, which a scroll would show as a
  /// hitch and a grid at rest does not (the photos then move into place,
  /// animated, as a scroll view's batch update moves its cells).
  private mutating func settleLibrary(at t: Double, moving: Bool) throws {
    guard !moving, let job = settling, let result = job.take() else { return }
    settling = nil
    guard case .success(let settled) = result else { return }
    painter.removeImages(of: settled.resized)
    try replacePhotos(with: settled.photos, at: t, groups: settled.groups, plan: settled.plan)
  }

  /// Average colours learnt from decoded photos that had none, written to
  /// the index every 2 s (and at exit): the next start draws them as
  /// placeholders.
  private var learntColors: [String: UInt32] = [:]
  private static let indexWrites = DispatchQueue(label: "scrollwork.view.index-writes", qos: .utility)
  private var colorsWrittenAt = 0.0

  private mutating func learnColors(_ delivered: [ThumbnailLoader.Done], at t: Double, final: Bool = false) {
    guard let index = folder?.scanner.index else { return }
    for done in delivered where done.photo.placeholder == nil {
      if let color = done.averageColor { learntColors[done.photo.name] = color }
    }
    guard !learntColors.isEmpty, final || t - colorsWrittenAt >= 2 else { return }
    colorsWrittenAt = t
    let colors = learntColors
    learntColors.removeAll()
    // The database write (and any wait for its lock) is not the frame's:
    // a serial queue below the frame's priority; the last one is waited for.
    let write = { @Sendable in
      do throws(LibraryError) {
        try index.setColors(colors)
      } catch {
        warn("warning: \(error)")
      }
    }
    if final { Self.indexWrites.sync(execute: write) } else { Self.indexWrites.async(execute: write) }
  }

  /// The window's pixels for a viewport in points at `scale`.
  package static func pixelSize(_ viewport: Size, scale: Double) -> PixelSize {
    PixelSize(width: Int((viewport.width * scale).rounded()), height: Int((viewport.height * scale).rounded()))
  }

  /// The pace for a display refreshing `refresh` times a second: that
  /// rate when it is one a display has (24…1000 Hz), else 120.
  package static func displayRate(_ refresh: Double?) -> Double {
    guard let refresh, refresh.isFinite, (24...1000).contains(refresh) else { return 120 }
    return refresh
  }

  /// Rebuilds the scene for the current entry, viewport and debug flag,
  /// keeping the place when the entry is the same.
  private mutating func rebuild(keeping previous: (any Scene)?) throws {
    let context = SceneContext(size: viewport, scale: scale, photos: photos, debug: debug)
    recorder = SceneRecorder(painter: painter, context: context)
    generation += 1
    scene = try ViewScenes.make(scenes[sceneIndex], context, keeping: previous)
    regions = ViewScenes.regions(scene)
    targets = ViewScenes.targets(scene)
    warmCache()
  }

  /// Decodes the photos the scene will show as it pages, once, before the
  /// frames that need them (a decode is tens of milliseconds: mid-swipe it
  /// would drop frames).
  private func warmCache() {
    // Photos from a folder load in the background, asked for frame by frame (`prefetchAhead`).
    guard loader == nil else { return }
    for (element, photo) in ViewScenes.upcomingPhotos(scene) {
      painter.prefetch(element, photo: photo, scale: scale)
    }
  }

  /// Asks the loader for the photos one screen ahead of each surface
  /// that is moving, in the direction it moves (the album's pager: the
  /// next page; a grid: the next screenful), so they are decoded before
  /// they are on screen; requests not renewed lapse (`ThumbnailLoader`).
  ///
  /// At rest, once every photo on screen is drawn at its size
  /// (`screenComplete`), the photos one screen away on every side are
  /// asked for too, as a photo app readies the pages next to the one
  /// shown: the next swipe starts on a decoded page, not a stand-in.
  private mutating func prefetchAhead(_ layers: [SceneLayer], screenComplete: Bool) {
    defer { lastOffsets = layers.map(\.contentOffset) }
    guard loader != nil, lastOffsets.count == layers.count else { return }
    var moving = false
    for (i, layer) in layers.enumerated() {
      let dx = layer.contentOffset.x - lastOffsets[i].x
      let dy = layer.contentOffset.y - lastOffsets[i].y
      guard abs(dx) > 0.25 || abs(dy) > 0.25 else { continue }
      moving = true
      let ahead = Point(
        x: layer.contentOffset.x + (abs(dx) > 0.25 ? (dx > 0 ? 1 : -1) * layer.region.width : 0),
        y: layer.contentOffset.y + (abs(dy) > 0.25 ? (dy > 0 ? 1 : -1) * layer.region.height : 0))
      var probe = scene
      guard (try? probe.setContentOffset(target(i), ahead, animated: false, at: 0)) != nil else { continue }
      let moved = probe.layers()
      guard i < moved.count else { continue }
      for element in moved[i].elements {
        if let photo = moved[i].photo(element) {
          painter.prefetch(element, photo: photo, scale: scale, style: moved[i].style(element))
        }
      }
    }
    guard !moving else {
      restingNeighbours = nil
      return
    }
    guard screenComplete else { return }
    let offsets = layers.map(\.contentOffset)
    if restingNeighbours?.offsets != offsets {
      restingNeighbours = (offsets, ViewScenes.neighbourPhotos(scene, layers: layers))
    }
    // Renewed every frame at rest (requests not renewed lapse) until each
    // is decoded: then the rest costs nothing.
    let painter = painter
    let scale = scale
    restingNeighbours?.photos.removeAll { element, photo, style in
      painter.prefetch(element, photo: photo, scale: scale, style: style)
    }
  }

  /// The photos one screen away from each layer's rest, on each side it
  /// can scroll to, that are not on screen (found once per rest).
  private var restingNeighbours: (offsets: [Point], photos: [(LayoutAttributes, Photo, ElementStyle)])?

  private func target(_ surface: Int) -> String? { surface < targets.count ? targets[surface] : nil }

  /// Applies one command; returns false to quit.
  private mutating func apply(_ command: InputCommand) throws -> Bool {
    switch command {
    case .quit:
      return false
    case .touchDown(let s, let t):
      try scene.touchDown(target(s), at: t)
    case .drag(let s, let translation, let t):
      try scene.drag(target(s), translation: translation, at: t)
    case .release(let s, let t):
      try scene.release(target(s), at: t)
    case .resize(let size):
      let clamped = Size(width: Swift.max(64, size.width), height: Swift.max(64, size.height))
      guard clamped != viewport else { break }
      viewport = clamped
      try rebuild(keeping: scene)
    case .key(.nextLayout):
      sceneIndex = (sceneIndex + 1) % scenes.count
      try rebuild(keeping: nil)
      print("layout \(scenes[sceneIndex].name)")
      fflush(nil)
    case .key(.nextMode):
      // The photo grid cycles its modes (animated); other scenes ignore M.
      if var photos = scene as? PhotosScene {
        photos.cycleMode()
        scene = photos
      }
    case .key(.toggleDebug):
      debug.toggle()
      try rebuild(keeping: scene)
    case .key(.rotate):
      viewport = Size(width: viewport.height, height: viewport.width)
      try rebuild(keeping: scene)
      window.resize(width: recorder.pixelSize.width, height: recorder.pixelSize.height)
    case .key(.quit):
      return false
    }
    return true
  }

  /// Runs until Q, Escape, the window closing or `exitAfter`.
  package mutating func run() throws -> Outcome {
    var mapper = InputMapper(scale: scale)
    let start = monotonicSeconds()
    var pacer = FramePacer(rate: rate, start: start)
    var stats = FrameStats()
    var last: Canvas?
    var lastShown: ShownFrame?
    var lastReport = start
    var running = true
    var reportedFirstFrame = false
    var reportedComplete = false
    var lastFrameOffsets: [Point]?
    var scrolling = false
    var stoppedAt: Double?
    var missingOnScreen = false
    var lastLayers: [SceneLayer]?
    var framePainter = FramePainter(painter: painter, background: recorder.background, scale: scale)
    var counts = (full: 0, partial: 0, rows: 0)
    while running {
      let frameStart = monotonicSeconds()
      let t = frameStart - start
      let events = window.pollEvents()
      // The window was uncovered or resized: draw even an unchanged frame.
      let exposed = events.contains(.expose) || events.contains { if case .resize = $0 { true } else { false } }
      for event in events where running {
        for command in mapper.handle(event, at: t, regions: regions) where running {
          running = try apply(command)
        }
      }
      for command in mapper.tick(at: t) { running = try apply(command) && running }
      if let exitAfter, t >= exitAfter { running = false }
      try followIndexing(at: t, drawn: last != nil)
      try settleLibrary(at: t, moving: scrolling || mapper.isTouching)
      try followFolder(at: t)
      scene.advance(to: t)
      // Photos decoded since the last frame: drawn now.
      loader?.nextFrame()
      let delivered = loader?.deliver(to: painter, limit: Self.deliveriesPerFrame) ?? []
      reportFailures(delivered)
      let arrived = delivered.count
      learnColors(delivered, at: t)
      // A frame equal to the one on screen is not drawn again (a scene at
      // rest costs a layout query per frame, not a redraw).
      var layers = scene.layers()
      prefetchAhead(layers, screenComplete: last != nil && !missingOnScreen)
      if let change = sceneChange {
        layers = change.layers(over: layers, at: t)
        if change.isFinished(at: t) { sceneChange = nil }
      }
      // Shown at whole device pixels, as UIKit shows a scroll view: a
      // scroll moves the frame's pixels by whole rows.
      layers = FrameDamage.snapped(layers, scale: scale)
      let shown = ShownFrame(layers, pixelSize: recorder.pixelSize, generation: generation)
      // Scrolling stops: the first frame whose offsets equal the last one's.
      let offsets = layers.map(\.contentOffset)
      if let previous = lastFrameOffsets, previous != offsets {
        scrolling = true
        stoppedAt = nil
      } else if scrolling {
        scrolling = false
        stoppedAt = t
      }
      lastFrameOffsets = offsets
      loader?.setScrolling(scrolling)
      // What to draw: nothing (the frame on screen is this one), only the
      // damaged rows, or everything.
      let arrivedNames: Set<String> = arrived > 0 ? Set(delivered.map(\.photo.name)) : []
      var damage: FrameDamage?
      var drawAll =
        last == nil || exposed || lastShown == nil || lastShown?.generation != generation
        || lastShown?.pixelSize != recorder.pixelSize || last?.scale != scale
      if !drawAll, shown != lastShown || arrived > 0, let lastLayers {
        damage = FrameDamage.plan(
          from: lastLayers, to: layers, arrived: arrivedNames, pixelSize: recorder.pixelSize, scale: scale)
        if damage == nil { drawAll = true }
      }
      if !drawAll, damage?.rows.isEmpty ?? true, damage?.moving == nil {
        // Nothing on screen changed; photos still missing are asked for again.
        framePainter.renewMissing(layers)
        damage = nil
      }
      if drawAll || damage != nil {
        painter.beginFrame()
        let drawStart = monotonicSeconds()
        // One canvas for every frame (`last` is its only owner): no
        // allocation, no page faults.
        var canvas = last ?? Canvas(pixelSize: recorder.pixelSize, scale: scale)
        last = nil
        if canvas.image.size != recorder.pixelSize || canvas.scale != scale {
          canvas = Canvas(pixelSize: recorder.pixelSize, scale: scale, background: recorder.background)
        }
        let rows: [Range<Int>]
        if let damage, !drawAll {
          framePainter.draw(layers, damage: damage, on: &canvas)
          rows = damage.rows
          counts.partial += 1
        } else {
          framePainter.drawAll(layers, on: &canvas)
          rows = [0..<canvas.height]
          counts.full += 1
        }
        counts.rows += rows.reduce(0) { $0 + $1.count }
        let uploadStart = monotonicSeconds()
        canvas.image.pixels.withUnsafeBufferPointer { pixels in
          if drawAll {
            _ = window.upload(rgba: pixels, width: canvas.width, height: canvas.height)
          } else {
            _ = window.upload(rgba: pixels, width: canvas.width, height: canvas.height, rows: rows)
          }
        }
        let showStart = monotonicSeconds()
        if drawAll {
          window.show()
        } else {
          window.show(
            rows: rows,
            moving: damage?.moving.map { ((x: $0.x, y: $0.y, width: $0.width, height: $0.height), dx: 0, dy: $0.dy) })
        }
        last = canvas
        lastShown = shown
        lastLayers = layers
        if printStats, !reportedFirstFrame {
          reportedFirstFrame = true
          print("first frame at \(ProcessClock.milliseconds()) ms")
        }
        if printStats, !reportedComplete, !framePainter.isMissingAny {
          reportedComplete = true
          print("visible thumbnails complete at \(ProcessClock.milliseconds()) ms")
        }
        missingOnScreen = framePainter.isMissingAny
        let end = monotonicSeconds()
        stats.record(
          milliseconds: (end - frameStart) * 1000,
          phases: [
            ("scene", (drawStart - frameStart) * 1000), ("draw", (uploadStart - drawStart) * 1000),
            ("convert", (showStart - uploadStart) * 1000), ("show", (end - showStart) * 1000),
          ])
        // A frame over its budget is named with its phases (a script finds
        // what the percentiles only count).
        if printStats, end - frameStart > pacer.period {
          func ms(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1000) }
          print(
            "slow frame at \(Int((t * 1000).rounded())) ms: \(ms(end - frameStart)) ms (scene \(ms(drawStart - frameStart)), "
              + "draw \(ms(uploadStart - drawStart)), convert \(ms(showStart - uploadStart)), show \(ms(end - showStart)); "
              + "\(drawAll ? "whole" : "in part"), \(arrived) thumbnails arrived, "
              + "\(painter.missingCount) drawn from a stand-in\(sceneChange == nil ? "" : ", changing scene"))")
        }
      }
      // Once per stop: how long after scrolling stopped every photo on
      // screen was drawn at its size.
      if printStats, let stop = stoppedAt, !missingOnScreen {
        stoppedAt = nil
        print("thumbnails complete \(Int(((t - stop) * 1000).rounded())) ms after scrolling stopped")
        fflush(nil)
      }
      let end = monotonicSeconds()
      pacer.frameDone(at: end)
      stats.dropped = pacer.dropped
      if printStats, end - lastReport >= 1 {
        lastReport = end
        print(stats.summary(budget: pacer.period * 1000))
        print(stats.phaseSummary)
        print(
          "frames drawn: \(counts.full) whole, \(counts.partial) in part; rows uploaded: \(counts.rows) "
            + "(\(counts.full + counts.partial > 0 ? counts.rows / (counts.full + counts.partial) : 0) a frame of \(recorder.pixelSize.height))"
        )
      }
      if running { sleep(untilMonotonic: pacer.deadline) }
    }
    learnColors([], at: monotonicSeconds() - start, final: true)
    // Failures of the painter's own decodes (the loader's were named as they came).
    for (name, error) in painter.failures.sorted(by: { $0.key < $1.key }) where !namedFailures.contains(name) {
      warn("skipped \(name): \(error)")
    }
    return Outcome(stats: stats, lastFrame: last, rate: rate)
  }
}

/// What a frame shows, to tell whether it changed: each layer's region,
/// offset and elements, the canvas size and the scene's generation (a
/// rebuilt scene is always drawn).
package struct ShownFrame: Equatable {
  package var regions: [Rect]
  package var offsets: [Point]
  package var elements: [[LayoutAttributes]]
  package var pixelSize: PixelSize
  package var generation: Int

  package init(_ layers: [SceneLayer], pixelSize: PixelSize, generation: Int) {
    regions = layers.map(\.region)
    offsets = layers.map(\.contentOffset)
    elements = layers.map(\.elements)
    self.pixelSize = pixelSize
    self.generation = generation
  }
}
