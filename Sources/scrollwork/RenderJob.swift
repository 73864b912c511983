import Foundation
import LayoutCore
import Raster
import ScrollPhysics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `scrollwork demo` and `scrollwork render` share: checking folders,
/// reading photos, recording scenes, writing the page, reporting.
struct RenderJob {
  var output: String
  var photoFolder: String?
  var size: Size
  var scale: Double
  var fps: Double
  var debug: Bool
  var everyFrame = false
  /// The scenes to record, each with its script.
  var scenes: [(entry: SceneEntry, script: String)]
  var title: String

  /// Checks the options' numbers.
  static func check(size: Size, scale: Double, fps: Double) throws {
    guard size.isPositive, size.width >= 64, size.height >= 64, size.width <= 4096, size.height <= 4096 else {
      throw CLIError("--size must be between 64x64 and 4096x4096 points")
    }
    guard scale.isFinite, scale > 0, scale <= 4 else { throw CLIError("--scale must be in (0, 4]") }
    guard size.width * scale * size.height * scale <= 16_000_000 else {
      throw CLIError("--size × --scale gives more than 16 megapixels per frame")
    }
    guard fps.isFinite, fps >= 1, fps <= 120 else { throw CLIError("--fps must be between 1 and 120") }
  }

  /// Runs the job. Throws only when nothing could be rendered (or before
  /// any work, for a bad folder).
  func run() throws {
    let started = Date()
    // Folders first: a clear error before any work.
    if let photoFolder { try PhotoLibrary.checkFolder(photoFolder) }
    try checkOutputFolder(output)

    let font: Font?
    do {
      font = try Font.named("DejaVu Sans:bold")
    } catch {
      warn("warning: \(error); labels and numbers are left out")
      font = nil
    }
    let cache = ImageCache(byteLimit: 192 << 20, samples: SampleRenderer(font: font))
    var skipped: [String: String] = [:]
    let photos: [Photo]
    if let photoFolder {
      let library = try PhotoLibrary.load(photoFolder, cache: cache) { problem in
        warn("skipped \(problem.name): \(problem.reason)")
      }
      for p in library.problems { skipped[p.name] = p.reason }
      guard !library.photos.isEmpty else {
        if library.problems.isEmpty { throw CLIError("'\(photoFolder)' holds no JPEG or PNG file; nothing rendered") }
        throw CLIError(
          "no photo in '\(photoFolder)' could be read (\(library.problems.count) file(s) skipped); nothing rendered")
      }
      photos = library.photos
    } else {
      photos = SampleAlbum.photos()
    }

    let painter = ElementPainter(cache: cache, font: font)
    let context = SceneContext(size: size, scale: scale, photos: photos, debug: debug)
    let recorder = SceneRecorder(painter: painter, context: context)
    let tty = isatty(STDOUT_FILENO) != 0
    if tty {
      recorder.progress = { name, done, total in
        if done % 4 == 0 || done == total {
          print("\r\u{1B}[K  \(name): frame \(done)/\(total)", terminator: "")
          fflush(nil)  // all streams: `stdout` is not concurrency-safe to name in Swift 6
        }
      }
    }
    var recorded: [RecordedScene] = []
    var failed: [String] = []
    for (entry, script) in scenes {
      do {
        let scene = try recorder.record(entry, scriptText: script, fps: fps, folder: output, everyFrame: everyFrame)
        if tty { print("\r\u{1B}[K", terminator: "") }
        print(
          "\(entry.name): \(scene.frameCount) frames, \(String(format: "%.1f", scene.duration)) s → "
            + "\(output)/\(scene.animation) (\(scene.bytes / 1024) KiB), \(scene.keyFrames.count) key frames")
        recorded.append(scene)
      } catch {
        if tty { print("\r\u{1B}[K", terminator: "") }
        warn("\(entry.name): not rendered: \(error)")
        failed.append(entry.name)
      }
      for (name, error) in painter.failures where skipped[name] == nil {
        skipped[name] = error.description
        warn("skipped \(name): \(error)")
      }
    }
    guard !recorded.isEmpty else { throw CLIError("nothing could be rendered") }

    let page = output + "/index.html"
    let source = photoFolder.map { "Photos from \($0)" } ?? "The built-in sample album"
    let rate = fps == fps.rounded() ? String(Int(fps)) : String(fps)
    let note = "\(source) at \(Int(size.width))x\(Int(size.height)) points, \(rate) fps. Made by scrollwork."
    do {
      try DemoPage.html(recorded, title: title, note: note).write(toFile: page, atomically: true, encoding: .utf8)
    } catch {
      throw CLIError("cannot write '\(page)': \(error.localizedDescription)")
    }
    var summary =
      "\(recorded.count) scene(s) rendered in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
    if !failed.isEmpty { summary += ", \(failed.count) failed (\(failed.joined(separator: ", ")))" }
    if photoFolder != nil || !skipped.isEmpty { summary += "; \(photos.count) photo(s) used, \(skipped.count) skipped" }
    print(summary + ".")
    print("Open \(URL(fileURLWithPath: page).standardizedFileURL.absoluteString)")
  }
}

/// Prints to standard error.
func warn(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
