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
    try ViewerLaunch(
      viewport: viewport, scale: scale, photos: photos, cache: cache, scenes: ViewScenes.entries, first: first,
      debug: debug, stats: stats, rate: rate, exitAfter: exitAfter, screenshotOnExit: screenshotOnExit
    ).run()
  }
}
