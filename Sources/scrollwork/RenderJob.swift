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
    let folder = try OutputFolder(output)
    var committed = false
    // A failed run leaves nothing: no staged file, no folder it created.
    defer { if !committed { folder.abandon() } }

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
        let scene = try recorder.record(
          entry, scriptText: script, fps: fps, folder: folder.staging, everyFrame: everyFrame)
        if tty { print("\r\u{1B}[K", terminator: "") }
        print(
          "\(entry.name): \(scene.frameCount) frames, \(String(format: "%.1f", scene.duration)) s → "
            + "\(output)/\(scene.animation) (\(scene.bytes / 1024) KiB), \(scene.keyFrames.count) key frames")
        recorded.append(scene)
      } catch {
        if tty { print("\r\u{1B}[K", terminator: "") }
        warn("\(entry.name): not rendered: \(error)")
        failed.append(entry.name)
        // Nothing of a failed scene is published, not even its first frames.
        try? FileManager.default.removeItem(atPath: folder.staging + "/" + entry.name)
      }
      for (name, error) in painter.failures where skipped[name] == nil {
        skipped[name] = error.description
        warn("skipped \(name): \(error)")
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
      throw CLIError("cannot write '\(page)': \(error.localizedDescription)")
    }
    let stale = try folder.commit()
    committed = true
    if stale > 0 { print("removed \(stale) file(s) left by an earlier run") }
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

/// An output folder written so that a reader never sees a half-written file
/// or a mix of two runs, and nothing of the user's is deleted.
///
/// Design (documented in Guides/Reliability.md):
/// - Every file of a run is first written into a fresh hidden staging folder
///   inside the output folder, `.scrollwork-staging-XXXXXX`, made with
///   `mkdtemp`. Making it is also the write check: no probe file is created
///   or deleted, so a user's file of any name is safe.
/// - `commit()` renames the staged files into place (a rename on one file
///   system is atomic: a reader sees the old file or the new one), then
///   deletes the files the *previous* run wrote that this run did not, as
///   listed in the previous run's manifest `.scrollwork-manifest`, and
///   writes the new manifest. Files not in a manifest are never deleted;
///   a file of the same name as a new output is replaced.
/// - `abandon()` (a failed run) removes the staging folder and the folders
///   this run created, so a failed render leaves no empty folder and no
///   partial output.
struct OutputFolder {
  /// The folder as given.
  let path: String
  /// Where the run writes its files before `commit()`.
  let staging: String
  /// The folders created for `path` (outermost first).
  let created: [String]

  /// The file naming what the last run wrote, one relative path a line.
  static let manifestName = ".scrollwork-manifest"
  static let stagingPrefix = ".scrollwork-staging-"

  /// Creates `path` when needed (with its missing parents) and a staging
  /// folder in it.
  ///
  /// - Throws: `CLIError` naming the problem: an empty path, a file in the
  ///   way, a folder that cannot be written, no space.
  init(_ path: String) throws {
    guard !path.isEmpty else { throw CLIError("--out is empty: give the folder to write into") }
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    var created: [String] = []
    if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw CLIError("the output path '\(path)' is a file, not a folder") }
    } else {
      // Create the missing folders one by one, remembering them for abandon().
      var missing: [String] = []
      var ancestor = path
      while !ancestor.isEmpty, ancestor != "/", !fm.fileExists(atPath: ancestor) {
        missing.append(ancestor)
        ancestor = (ancestor as NSString).deletingLastPathComponent
      }
      for folder in missing.reversed() {
        do {
          try fm.createDirectory(atPath: folder, withIntermediateDirectories: false)
          created.append(folder)
        } catch {
          Self.remove(created)
          var isFolder: ObjCBool = false
          let parent = ancestor.isEmpty ? "." : ancestor
          let why =
            fm.fileExists(atPath: parent, isDirectory: &isFolder) && !isFolder.boolValue
            ? "'\(parent)' is a file" : "'\(parent)' is not writable"
          throw CLIError("cannot create the output folder '\(path)': \(why)")
        }
      }
    }
    var template = Array((path + "/" + Self.stagingPrefix + "XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      let code = errno
      Self.remove(created)
      let why = code == EACCES || code == EPERM || code == EROFS ? "permission denied" : String(cString: strerror(code))
      throw CLIError("cannot write in the output folder '\(path)' (\(why))")
    }
    self.path = path
    staging = String(cString: made)
    self.created = created
  }

  /// Removes `folders` when empty, innermost first.
  static func remove(_ folders: [String]) {
    for folder in folders.reversed() { rmdir(folder) }
  }

  /// The regular files under `root`, as paths relative to it.
  static func files(under root: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      var info = stat()
      if lstat(root + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG { files.append(relative) }
    }
    return files.sorted()
  }

  /// The previous run's files, from its manifest: relative paths without
  /// `..`, so a doctored manifest cannot reach outside the folder.
  func previousFiles() -> [String] {
    guard let bytes = try? RegularFile.read(path + "/" + Self.manifestName, limit: 16 << 20),
      let text = String(validating: bytes, as: UTF8.self)
    else { return [] }
    return text.split(whereSeparator: \.isNewline).map(String.init).filter { line in
      !line.hasPrefix("#") && !line.hasPrefix("/") && !line.split(separator: "/").contains("..") && !line.isEmpty
    }
  }

  /// Publishes the staged files (see the type's documentation) and
  /// returns how many files of the previous run were removed.
  ///
  /// - Throws: `CLIError` when a file cannot be moved into place.
  func commit() throws -> Int {
    let fm = FileManager.default
    let new = Self.files(under: staging)
    let old = previousFiles()
    for relative in new {
      let target = path + "/" + relative
      let parent = (target as NSString).deletingLastPathComponent
      do {
        try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw CLIError("cannot create '\(parent)': \(error.localizedDescription)")
      }
      guard rename(staging + "/" + relative, target) == 0 else {
        throw CLIError("cannot write '\(target)': \(String(cString: strerror(errno)))")
      }
    }
    let keep = Set(new)
    var removed = 0
    for relative in old where !keep.contains(relative) {
      let file = path + "/" + relative
      var info = stat()
      guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      if unlink(file) == 0 { removed += 1 }
      // Its folder goes too when nothing else is left in it.
      var parent = (relative as NSString).deletingLastPathComponent
      while !parent.isEmpty, rmdir(path + "/" + parent) == 0 { parent = (parent as NSString).deletingLastPathComponent }
    }
    let manifest =
      (["# files written by the last scrollwork run; the next run removes those it does not write again"] + new)
      .joined(separator: "\n") + "\n"
    do {
      try writeFile(Array(manifest.utf8), to: path + "/" + Self.manifestName)
    } catch {
      throw CLIError("cannot write '\(path)/\(Self.manifestName)': \(error)")
    }
    try? fm.removeItem(atPath: staging)
    return removed
  }

  /// Removes the staging folder and the folders this run created (when
  /// empty).
  func abandon() {
    try? FileManager.default.removeItem(atPath: staging)
    Self.remove(created)
  }
}
