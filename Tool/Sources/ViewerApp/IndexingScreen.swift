import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import Scenes
import ToolSupport
import Viewer

/// The viewer's first screen for a photo folder: the window is up at once
/// and shows how far the scan has got while it runs on another thread.
package enum IndexingScreen {
  /// Scans with `scanner` while drawing its progress in `window` at 30 Hz.
  ///
  /// - Returns: the library, or `nil` when the user closed the window or
  ///   pressed Q or Escape first.
  /// - Throws: the scan's error.
  package static func run(
    _ scanner: LibraryScanner, window: X11Window, pixelSize: PixelSize, scale: Double, font: Font?,
    report: @escaping @Sendable (String) -> Void
  ) throws -> ScannedLibrary? {
    try show(scanner, window: window, pixelSize: pixelSize, scale: scale, font: font) {
      try PhotoFolder.scan(scanner, report: report)
    }
  }

  /// The first screen's library (`LibraryScanner.firstScreen(headers:)`)
  /// on a thread of its own, started now: the listing and the index read
  /// (or `stat`s and header reads) start before the font is loaded and the
  /// window opens, and overlap them instead of following them.
  package static func startFirstScreen(_ scanner: LibraryScanner, headers: Int) -> BackgroundJob<FirstScreenLibrary> {
    BackgroundJob {
      do throws(LibraryError) {
        return try scanner.firstScreen(headers: headers)
      } catch {
        throw CLIError(error.description)
      }
    }
  }

  /// Waits for `job` (`startFirstScreen`), the indexing screen up meanwhile.
  ///
  /// - Returns: the library, or `nil` when the user closed the window or
  ///   pressed Q or Escape first.
  package static func firstScreen(
    _ job: BackgroundJob<FirstScreenLibrary>, scanner: LibraryScanner, window: X11Window, pixelSize: PixelSize,
    scale: Double,
    font: Font?
  ) throws -> FirstScreenLibrary? {
    try show(scanner, job: job, window: window, pixelSize: pixelSize, scale: scale, font: font)
  }

  /// Runs `work` on another thread while drawing the scan's progress.
  private static func show<T: Sendable>(
    _ scanner: LibraryScanner, window: X11Window, pixelSize: PixelSize, scale: Double, font: Font?,
    work: @escaping @Sendable () throws -> T
  ) throws -> T? {
    try show(scanner, job: BackgroundJob(work), window: window, pixelSize: pixelSize, scale: scale, font: font)
  }

  /// Draws the scan's progress until `job` has finished.
  private static func show<T: Sendable>(
    _ scanner: LibraryScanner, job: BackgroundJob<T>, window: X11Window, pixelSize: PixelSize, scale: Double,
    font: Font?
  ) throws -> T? {
    // Finished before the window was up: no progress screen at all.
    if let result = job.take() { return try result.get() }
    var canvas = Canvas(pixelSize: pixelSize, scale: scale, background: Color(hex: 0x000000))
    while true {
      if let result = job.take() { return try result.get() }
      for event in window.pollEvents() {
        switch event {
        case .close, .key(.escape), .key(.character("q")): return nil
        default: break
        }
      }
      draw(scanner.progress, on: &canvas, font: font)
      canvas.image.pixels.withUnsafeBufferPointer {
        _ = window.upload(rgba: $0, width: canvas.width, height: canvas.height)
      }
      window.show()
      // Drawn at 30 Hz; the result looked for every 4 ms meanwhile.
      let next = monotonicSeconds() + 1.0 / 30
      while monotonicSeconds() < next, job.take() == nil {
        sleep(untilMonotonic: Swift.min(next, monotonicSeconds() + 0.004))
      }
    }
  }

  /// "Indexing photos" with a bar and "n of N".
  package static func draw(_ progress: LibraryScanner.Progress, on canvas: inout Canvas, font: Font?) {
    let size = Size(width: Double(canvas.width) / canvas.scale, height: Double(canvas.height) / canvas.scale)
    let full = Rect(origin: .zero, size: size)
    canvas.fill(full, Color(hex: 0x000000))
    let bar = Rect(x: 32, y: size.height / 2, width: Swift.max(1, size.width - 64), height: 6)
    canvas.fill(bar, Color(hex: 0x3A3A3C), cornerRadius: 3)
    let fraction = progress.total > 0 ? Double(progress.done) / Double(progress.total) : 0
    canvas.fill(
      Rect(x: bar.minX, y: bar.minY, width: Swift.max(6, bar.width * Swift.min(1, fraction)), height: bar.height),
      Color(hex: 0x0A84FF), cornerRadius: 3)
    guard let font else { return }
    canvas.draw("Indexing photos", font: font, size: 20, at: Point(x: 32, y: bar.minY - 24), color: .white)
    let counts = progress.total > 0 ? "\(progress.done) of \(progress.total)" : "listing the folder"
    canvas.draw(counts, font: font, size: 14, at: Point(x: 32, y: bar.maxY + 26), color: Color(hex: 0xAEAEB2))
  }
}
