import CRasterShim
import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import ScrollPhysics
import ToolOutput
import ToolSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `scrollwork demo` and `scrollwork render` share: checking folders,
/// reading photos, recording scenes, writing the page, reporting.
package struct RenderJob {
  package var output: String
  package var photoFolder: String?
  /// `--cache`: where the photo index and thumbnails are kept (default:
  /// `$XDG_CACHE_HOME/scrollwork`).
  package var cacheFolder: String? = nil
  package var size: Size
  package var scale: Double
  package var fps: Double
  package var debug: Bool
  package var everyFrame = false
  /// The scenes to record, each with its script.
  package var scenes: [(entry: SceneEntry, script: String)]
  package var title: String
  /// Seams for tests, called with the photos' names after the photo folder
  /// is listed, and with the photos once they are loaded (before any
  /// scene): a test removes or replaces a file there, as a user might.
  package var afterListingPhotos: ([String]) -> Void = { _ in }
  package var afterLoadingPhotos: ([Photo]) -> Void = { _ in }
  /// Where warnings go, one line each (standard error; a test collects them).
  package var report: (String) -> Void = warn

  /// A job writing `scenes` into `output`, drawn at `size` points and
  /// `scale`, `fps` frames a second; the other settings keep their defaults.
  package init(
    output: String, photoFolder: String?, size: Size, scale: Double, fps: Double, debug: Bool,
    scenes: [(entry: SceneEntry, script: String)], title: String
  ) {
    self.output = output
    self.photoFolder = photoFolder
    self.size = size
    self.scale = scale
    self.fps = fps
    self.debug = debug
    self.scenes = scenes
    self.title = title
  }

  /// Checks the options' numbers.
  package static func check(size: Size, scale: Double, fps: Double) throws {
    try check(size: size, scale: scale)
    guard fps.isFinite, fps >= 1, fps <= 120 else { throw CLIError("--fps must be between 1 and 120") }
  }

  /// Checks the viewport and scale options.
  package static func check(size: Size, scale: Double) throws {
    guard size.isPositive, size.width >= 64, size.height >= 64, size.width <= 4096, size.height <= 4096 else {
      throw CLIError("--size must be between 64x64 and 4096x4096 points")
    }
    guard scale.isFinite, scale > 0, scale <= 4 else { throw CLIError("--scale must be in (0, 4]") }
    guard size.width * scale * size.height * scale <= 16_000_000 else {
      throw CLIError("--size × --scale gives more than 16 megapixels per frame")
    }
  }

  /// Runs the job. Throws before any work for a bad folder; when nothing
  /// could be rendered (nothing is published); and, after publishing the
  /// scenes that did render, when some scene could not be rendered, so a
  /// script sees the failure in the exit status.
  package func run() throws {
    let started = Date()
    // Folders first: a clear error before any work.
    if let photoFolder { try PhotoFolder.check(photoFolder) }
    let folder = try OutputFolder(output)
    var committed = false
    // A failed run leaves nothing: no staged file, no folder it created.
    defer { if !committed { folder.abandon() } }

    let font: Font?
    do {
      font = try Font.named("DejaVu Sans:bold")
    } catch {
      report("warning: \(error); labels and numbers are left out")
      font = nil
    }
    // 192 MB of photos in memory: decoded levels, and the resampled tiles
    // of pixel-snapped elements (a few frames' worth: each frame waits for
    // its photos, so tiles only save redrawing still ones).
    let tileBytes = 12 << 20
    // Decoded photos and tiles come and go by the hundred: each gets its
    // own mapping, returned to the system when freed (render over 20,000
    // photos: 323 → 286 MB at its peak). Not in the viewer, where giving
    // mappings back on the frame thread costs more than the memory.
    _ = sw_fix_mmap_threshold(128 << 10)
    let cache = ImageCache(byteLimit: (192 << 20) - tileBytes, samples: SampleRenderer(font: font))
    var skipped: [String: String] = [:]
    let photos: [Photo]
    var loader: ThumbnailLoader?
    if let photoFolder {
      let cacheFolder = try PhotoFolder.cache(self.cacheFolder, report: report)
      let scanner = PhotoFolder.scanner(photoFolder, cache: cacheFolder, report: report)
      let library = try PhotoFolder.scan(
        scanner, afterListing: afterListingPhotos, nothing: "nothing rendered", report: report)
      for p in library.problems { skipped[p.name] = p.reason }
      photos = library.photos
      afterLoadingPhotos(photos)
      loader = PhotoFolder.loader(cache: cacheFolder, report: report)
    } else {
      photos = SampleAlbum.photos()
    }
    defer { loader?.stop() }

    let painter = ElementPainter(cache: cache, font: font, tileByteLimit: tileBytes)
    let context = SceneContext(size: size, scale: scale, photos: photos, debug: debug)
    let recorder = SceneRecorder(painter: painter, context: context)
    if let loader {
      // Photos decode on all cores (and come from the thumbnails on disk):
      // each frame waits for its own, then draws complete.
      painter.requestImage = { loader.request($0) }
      recorder.beforePaint = { layers in
        for layer in layers where layer.draw == nil {
          for element in layer.elements {
            if let photo = layer.photo(element) {
              painter.prefetch(element, photo: photo, scale: context.scale, style: layer.style(element))
            }
          }
        }
        loader.waitUntilIdle()
        _ = loader.deliver(to: painter)
      }
    }
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
        let scene = try recorder.record(
          entry, scriptText: script, fps: fps, folder: folder.staging, everyFrame: everyFrame)
        if tty { print("\r\u{1B}[K", terminator: "") }
        print(
          "\(entry.name): \(scene.frameCount) frames, \(String(format: "%.1f", scene.duration)) s → "
            + "\(output)/\(scene.animation) (\(scene.bytes / 1024) KiB), \(scene.keyFrames.count) key frames")
        recorded.append(scene)
      } catch {
        if tty { print("\r\u{1B}[K", terminator: "") }
        // A file that cannot be written (a full disk, a size limit) fails
        // the run: the next scenes would fail alike, and publishing part of
        // the output would replace a complete earlier one.
        if let message = folder.writeFailure(error) {
          throw CLIError("\(entry.name): \(message); nothing was published, '\(output)' is as it was before this run")
        }
        report("\(entry.name): not rendered: \(error)")
        failed.append(entry.name)
        // Nothing of a failed scene is published, not even its first frames.
        try? FileManager.default.removeItem(atPath: folder.staging + "/" + entry.name)
      }
      for (name, error) in painter.failures.sorted(by: { $0.key < $1.key }) where skipped[name] == nil {
        // Read once when the folder was loaded, gone when a larger size
        // was needed.
        let reason =
          error == .unreadable(FileReadError.missing.description)
          ? "the file vanished during the run (it was read when the folder was loaded)" : error.description
        skipped[name] = reason
        report("skipped \(FolderListing.printable(name)): \(FolderListing.printable(reason))")
      }
    }
    guard !recorded.isEmpty else { throw CLIError("nothing could be rendered") }

    let page = output + "/index.html"
    let stagedPage = folder.staging + "/index.html"
    let source = photoFolder.map { "Photos from \($0)" } ?? "The built-in sample album"
    let rate = fps == fps.rounded() ? String(Int(fps)) : String(fps)
    let note = "\(source) at \(Int(size.width))x\(Int(size.height)) points, \(rate) fps. Made by scrollwork."
    do {
      try DemoPage.html(recorded, title: title, note: note).write(toFile: stagedPage, atomically: true, encoding: .utf8)
    } catch {
      let why = folder.writeFailure(error) ?? "cannot write '\(page)': \(error.localizedDescription)"
      throw CLIError("\(why); nothing was published, '\(output)' is as it was before this run")
    }
    let published = try folder.commit()
    committed = true
    if published.removed > 0 { print("removed \(published.removed) file(s) left by an earlier run") }
    func list(_ files: [String]) -> String {
      files.prefix(5).joined(separator: ", ") + (files.count > 5 ? ", …" : "")
    }
    if !published.changed.isEmpty {
      print(
        "kept \(published.changed.count) file(s) of the earlier run that changed since it wrote them: "
          + list(published.changed))
    }
    if !published.foreign.isEmpty {
      print(
        "left \(published.foreign.count) file(s) scrollwork did not write beside the output: \(list(published.foreign))"
      )
    }
    var summary =
      "\(recorded.count) scene(s) rendered in \(String(format: "%.1f", Date().timeIntervalSince(started))) s"
    if !failed.isEmpty { summary += ", \(failed.count) failed (\(failed.joined(separator: ", ")))" }
    if photoFolder != nil || !skipped.isEmpty {
      // Photos that failed only when their pixels were decoded are skipped, not used.
      let used = photos.count(where: { skipped[$0.name] == nil })
      summary += "; \(used) photo(s) used, \(skipped.count) skipped"
    }
    print(summary + ".")
    print("Open \(URL(fileURLWithPath: page).standardizedFileURL.absoluteString)")
    if !failed.isEmpty {
      throw CLIError(
        "\(failed.count) of \(scenes.count) scene(s) not rendered (\(list(failed))); the other \(recorded.count) were published"
      )
    }
  }
}
