import CRasterShim
import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import Scenes
import ToolOutput
import ToolSupport
import Viewer

/// `scrollwork view` once its options are read: the photos (a folder,
/// indexed with its progress on screen, or the sample album), the window,
/// the session's frame loop, the screenshot and the statistics on exit.
package struct ViewerLaunch {
  /// The viewport in points.
  package var viewport: Size
  /// Window pixels per point.
  package var scale: Double
  /// A folder of photos, or `nil` for the sample album.
  package var photos: String?
  /// Where the index and thumbnails are kept (`nil`: the default).
  package var cache: String?
  /// The scenes Tab cycles through, and the first shown.
  package var scenes: [SceneEntry]
  package var first: Int
  /// The debug overlay at the start; statistics every second.
  package var debug: Bool
  package var stats: Bool
  /// Frames per second (`nil`: the display's rate).
  package var rate: Double?
  /// Quit after this many seconds.
  package var exitAfter: Double?
  /// Where the last frame is written on exit.
  package var screenshotOnExit: String?

  /// Headers read for the first screen when there is no index: a
  /// screenful of the grid at 390 x 844 pt (about 7 rows of 3) and the
  /// next, a few times over for wider windows.
  package static let firstScreenHeaders = 96

  /// Memberwise.
  package init(
    viewport: Size, scale: Double, photos: String?, cache: String?, scenes: [SceneEntry], first: Int, debug: Bool,
    stats: Bool, rate: Double?, exitAfter: Double?, screenshotOnExit: String?
  ) {
    self.viewport = viewport
    self.scale = scale
    self.photos = photos
    self.cache = cache
    self.scenes = scenes
    self.first = first
    self.debug = debug
    self.stats = stats
    self.rate = rate
    self.exitAfter = exitAfter
    self.screenshotOnExit = screenshotOnExit
  }

  /// Opens the window and runs until the user quits (or `exitAfter`).
  ///
  /// - Throws: `CLIError` when the window cannot open or the screenshot
  ///   cannot be written; the photo library's errors for a bad folder.
  package func run() throws {
    // A folder's first screen starts before anything else (the font, the
    // window) and overlaps them: warm, the index is read while the font
    // loads and the window opens (on a cold disk the two share the disk,
    // and the gain was within the noise; see the viewer guide).
    var started: (cache: CacheFolder?, scanner: LibraryScanner, job: BackgroundJob<FirstScreenLibrary>)?
    if let photos {
      try PhotoFolder.check(photos)
      let cacheFolder = try PhotoFolder.cache(cache, report: warn)
      let scanner = PhotoFolder.scanner(photos, cache: cacheFolder, report: warn)
      started = (
        cacheFolder, scanner, IndexingScreen.startFirstScreen(scanner, headers: Self.firstScreenHeaders)
      )
    }
    let font: Font?
    do {
      font = try Font.named("DejaVu Sans:bold")
    } catch {
      warn("warning: no font for labels (\(error)); labels and numbers are left out")
      font = nil
    }
    // 128 MB of photos in memory: decoded levels, and the resampled tiles
    // of pixel-snapped elements (up to `ElementPainter.tileBudget`).
    let imageCache = ImageCache(
      byteLimit: (128 << 20) - ElementPainter.tileBudget, samples: SampleRenderer(font: font))
    let painter = ElementPainter(cache: imageCache, font: font)
    var window: X11Window?
    var loader: ThumbnailLoader?
    var watched: LibraryScanner?
    var firstScreen: FirstScreenLibrary?
    defer { loader?.stop() }
    let photoList: [Photo]
    if let (cacheFolder, scanner, job) = started {
      // The window first, showing the scan's progress.
      let pixelSize = ViewerSession.pixelSize(viewport, scale: scale)
      let opened: X11Window
      do {
        opened = try X11Window(width: pixelSize.width, height: pixelSize.height, title: "scrollwork view: indexing")
      } catch {
        throw CLIError(error.description)
      }
      if stats { print("window up at \(ProcessClock.milliseconds()) ms") }
      // The first screen from what is cheap (the index, else modification
      // times and a screenful of headers); the full scan settles it in the background.
      guard
        let first = try IndexingScreen.firstScreen(
          job, scanner: scanner, window: opened, pixelSize: pixelSize, scale: scale, font: font)
      else { return }
      if first.photos.isEmpty {
        // Nothing cheap to show: the whole scan, as before (and its messages).
        guard
          let library = try IndexingScreen.run(
            scanner, window: opened, pixelSize: pixelSize, scale: scale, font: font, report: { warn($0) })
        else { return }
        if stats {
          print(
            "indexed \(library.photos.count) photos at \(ProcessClock.milliseconds()) ms "
              + "(\(library.reused) from the index, \(library.read) headers read, \(library.problems.count) skipped)")
        }
        photoList = library.photos
      } else {
        if stats {
          print(
            "first screen: \(first.photos.count) photos at \(ProcessClock.milliseconds()) ms ("
              + (first.order == .index
                ? "from the index" : "by modification time, \(first.headersRead) headers read") + ")")
        }
        photoList = first.photos
        firstScreen = first
      }
      window = opened
      watched = scanner
      let thumbnails = PhotoFolder.loader(
        cache: cacheFolder, workers: Swift.max(1, ProcessInfo.processInfo.activeProcessorCount - 1), report: warn)
      painter.requestImage = { thumbnails.request($0) }
      loader = thumbnails
    } else {
      photoList = SampleAlbum.photos()
      // The sample photos are drawn off the frame too, each worker with its own font.
      let thumbnails = ThumbnailLoader(
        store: nil, workers: Swift.max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
        samples: { SampleRenderer(font: try? Font.named("DejaVu Sans:bold")) })
      painter.requestImage = { thumbnails.request($0) }
      loader = thumbnails
    }
    var session = try ViewerSession(
      viewport: viewport, scale: scale, photos: photoList, painter: painter, scenes: scenes, scene: first,
      debug: debug,
      rate: rate,
      window: window, loader: loader)
    if let watched {
      session.watch(watched)
      if let firstScreen { session.index(watched, after: firstScreen) }
    }
    session.printStats = stats
    session.exitAfter = exitAfter
    let outcome = try session.run()
    if let screenshotOnExit, let last = outcome.lastFrame {
      do {
        // A temporary name, then a rename: a failure leaves no half-written PNG.
        let temporary = screenshotOnExit + ".scrollwork-partial"
        try writeFile(try PNGEncoder.encode(last.image), to: temporary)
        guard rename(temporary, screenshotOnExit) == 0 else {
          unlink(temporary)
          throw CLIError("cannot move it into place")
        }
      } catch {
        throw CLIError("cannot write the screenshot '\(screenshotOnExit)': \(error)")
      }
    }
    print(outcome.stats.summary(budget: 1000 / outcome.rate))
    if stats { print(outcome.stats.phaseSummary) }
  }
}
