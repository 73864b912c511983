import ArgumentParser
import CRasterShim
import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import Scenes
import ToolOutput
import ToolSupport
import Viewer
import ViewerApp

/// `scrollwork view`: the layouts in an X11 window, driven by mouse,
/// wheel and keyboard at 120 Hz.
struct View: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show the layouts in a window (X11) and drive them with the mouse, wheel and keyboard.",
    discussion: """
      Keys: Tab next layout, M next mode, D debug overlay, R rotate, Q or Escape quit.
      A left-button drag is a finger (on the album, on the pager or the filmstrip under the \
      pointer); the wheel scrolls. Frames are paced at 120 Hz; the frame-time median, p99 and \
      dropped frames are printed on exit (and every second with --stats).
      Needs an X11 display (DISPLAY); under CI use Xvfb (Scripts/check-viewer.sh).

      Example: scrollwork view --layout album --photos ~/Pictures --size 390x844 --scale 2
      """)

  @Option(help: "The layout to show first.")
  var layout: LayoutName?

  @Option(help: "The layout's preset (default: the layout's own). Presets: \(LayoutRegistry.presetSummary).")
  var preset: PresetName?

  @Option(help: "A folder of JPEG/PNG photos (default: the built-in sample album).")
  var photos: String?

  @Option(help: "Where the photo index and thumbnails are kept (default: $XDG_CACHE_HOME/scrollwork).")
  var cache: String?

  @Option(help: "The viewport in points, WxH (default: 390x844).")
  var size: SizeArgument?

  @Option(help: "Window pixels per point.")
  var scale: Double = 2

  @Flag(help: "Start with the debug overlay (item numbers, centre lines).")
  var debug = false

  @Flag(help: "Print frame statistics every second.")
  var stats = false

  @Option(help: "Write the last frame shown to this PNG file on exit.")
  var screenshotOnExit: String?

  @Option(help: "Quit after this many seconds (for scripts).")
  var exitAfter: Double?

  @Option(
    parsing: .unconditional,
    help: "Frames per second, 1 to 1000 (default: the display's refresh rate, or 120 when it gives none).")
  var rate: Double?

  /// Headers read for the first screen when there is no index: a
  /// screenful of the grid at 390 x 844 pt (about 7 rows of 3) and the
  /// next, a few times over for wider windows.
  static let firstScreenHeaders = 96

  func run() throws {
    // A line at a time even into a pipe: scripts read --stats as it comes.
    _ = sw_line_buffer_stdout()
    let viewport = size?.value ?? Size(width: 390, height: 844)
    try RenderJob.check(size: viewport, scale: scale)
    try Check.inRange(rate, 1...1000, "--rate")
    if let exitAfter, !(exitAfter.isFinite && exitAfter >= 0) {
      throw CLIError("--exit-after must be a number of seconds, 0 or more")
    }
    let first = try ViewScenes.index(layout: layout, preset: preset)
    if let screenshotOnExit {
      let folder = (screenshotOnExit as NSString).deletingLastPathComponent
      var isFolder: ObjCBool = false
      guard
        folder.isEmpty || (FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue)
      else { throw CLIError("--screenshot-on-exit: the folder '\(folder)' does not exist") }
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
    if let photos {
      try PhotoFolder.check(photos)
      let cacheFolder = try PhotoFolder.cache(cache, report: warn)
      let scanner = PhotoFolder.scanner(photos, cache: cacheFolder, report: warn)
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
          scanner, window: opened, pixelSize: pixelSize, scale: scale, font: font,
          headers: Self.firstScreenHeaders)
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
      viewport: viewport, scale: scale, photos: photoList, painter: painter, scenes: ViewScenes.entries, scene: first,
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
