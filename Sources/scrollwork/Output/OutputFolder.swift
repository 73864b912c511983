import Foundation
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output folder written so that a reader never sees a half-written file
/// or a mix of two runs, and nothing of the user's is deleted.
///
/// Design (documented in Guides/Reliability.md, "Output folders"):
/// - Every file of a run is first written into a fresh hidden staging folder
///   inside the output folder, `.scrollwork-staging-XXXXXX`, made with
///   `mkdtemp`. Making it is also the write check: no probe file is created
///   or deleted, so a user's file of any name is safe.
/// - `commit()` first does everything that needs new disk space (the
///   folders, the new manifest, a manifest listing both runs), so that a
///   full disk fails before anything is published; then it renames the
///   staged files into place (a rename on one file system is atomic: a
///   reader sees the old file or the new one), removes the earlier output
///   this run did not write again (`staleFiles(keeping:)`) and puts the new
///   manifest in place. A file of the same name as a new output is
///   replaced; any other file is left.
/// - `abandon()` (a failed run) removes the staging folder and the folders
///   this run created, so a failed render leaves no empty folder and no
///   partial output: the previous output stays as it was.
struct OutputFolder {
  /// The folder as given.
  let path: String
  /// Where the run writes its files before `commit()`.
  let staging: String
  /// The folders created for `path` (outermost first).
  let created: [String]
  /// Writes the manifests (the page and the frames are written by their
  /// makers). A seam for tests: a writer that fails as a full disk does.
  var write: (_ bytes: [UInt8], _ path: String) throws -> Void = { bytes, path in try writeFile(bytes, to: path) }

  /// The file naming what the last run wrote, one relative path a line.
  static let manifestName = ".scrollwork-manifest"
  static let stagingPrefix = ".scrollwork-staging-"

  /// What `commit()` did.
  struct Published {
    /// Files of an earlier run that were removed.
    var removed: Int
    /// Files beside the new output (in its scene folders) that scrollwork
    /// did not write and left in place, relative to the folder.
    var foreign: [String]
  }

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
        ancestor = Self.parent(of: ancestor)
      }
      for folder in missing.reversed() {
        guard mkdir(folder, 0o777) == 0 else {
          let code = errno
          Self.remove(created)
          var isFolder: ObjCBool = false
          let parent = ancestor.isEmpty ? "." : ancestor
          let why =
            fm.fileExists(atPath: parent, isDirectory: &isFolder) && !isFolder.boolValue
            ? "'\(parent)' is a file"
            : code == EACCES || code == EPERM || code == EROFS
              ? "'\(parent)' is not writable" : String(cString: strerror(code))
          throw CLIError("cannot create the output folder '\(path)': \(why)")
        }
        created.append(folder)
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

  /// The folder holding `path`: `""` for a single relative component,
  /// `"/"` for a component of the root. (Foundation's
  /// `deletingLastPathComponent` traps on a single component on Linux.)
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let head = trimmed[..<slash]
    return head.isEmpty ? "/" : String(head)
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

  // MARK: Output of versions without a manifest

  /// Every scene folder name any version of scrollwork has written: the
  /// registry's scenes (every layout, every preset) and the names of the
  /// first versions (`coverflow` and `stack` were carousel scenes before
  /// scenes were named `layout-preset`).
  static var knownSceneNames: Set<String> {
    Set(LayoutRegistry.all.flatMap { $0.allScenes.map(\.name) })
      .union(["album", "flow", "carousel", "coverflow", "stack", "prominent", "sticky"])
  }

  /// Whether `name` is a file name scrollwork writes in a scene folder:
  /// `animation.png`, `key-NN.png` (two or more digits) or
  /// `frame-NNNN.png` (four or more digits), exactly.
  static func isOutputFileName(_ name: String) -> Bool {
    func digits(_ text: Substring, atLeast count: Int) -> Bool {
      text.count >= count && text.allSatisfy { ("0"..."9").contains($0) }
    }
    if name == "animation.png" { return true }
    guard name.hasSuffix(".png") else { return false }
    let stem = name.dropLast(4)
    if stem.hasPrefix("key-") { return digits(stem.dropFirst(4), atLeast: 2) }
    if stem.hasPrefix("frame-") { return digits(stem.dropFirst(6), atLeast: 4) }
    return false
  }

  /// Whether `relative` is a path scrollwork has written (manifest or
  /// not): `SCENE/NAME` with a known scene folder and an output file name,
  /// and the file is a regular file (not a link) that begins with the PNG
  /// signature. Anything else is not ours.
  func isOurOutput(_ relative: String, scenes: Set<String>) -> Bool {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, scenes.contains(String(parts[0])), Self.isOutputFileName(String(parts[1])) else {
      return false
    }
    let file = path + "/" + relative
    var info = stat()
    guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    return (try? RegularFile.readPrefix(file, count: 8)) == signature
  }

  /// The files of earlier runs that a run writing `new` (relative paths)
  /// removes, sorted: those the previous manifest lists, and those whose
  /// path is one scrollwork writes (`isOurOutput`), which covers output of
  /// versions without a manifest. `index.html` is never in it: every run
  /// writes it again.
  func staleFiles(keeping new: Set<String>) -> [String] {
    let scenes = Self.knownSceneNames
    var stale = Set(previousFiles())
    let fm = FileManager.default
    for scene in scenes.sorted() {
      guard let names = try? fm.contentsOfDirectory(atPath: path + "/" + scene) else { continue }
      for name in names where isOurOutput(scene + "/" + name, scenes: scenes) { stale.insert(scene + "/" + name) }
    }
    return stale.subtracting(new).sorted()
  }

  /// Replaces the staging folder's path in `message` with the output
  /// folder's, so that errors name the file the user asked for.
  func published(_ message: String) -> String {
    message.replacingOccurrences(of: staging, with: path)
  }

  // MARK: Publishing

  /// Publishes the staged files (see the type's documentation).
  ///
  /// - Throws: `CLIError` naming the path: before anything is published
  ///   when a folder or a manifest cannot be written (a full disk) or a
  ///   folder is in the way of a file; while publishing when a rename
  ///   fails (then the manifest lists both runs' files, so the next run
  ///   removes what it does not write again).
  func commit() throws -> Published {
    let new = Self.files(under: staging)
    let keep = Set(new)
    let old = previousFiles()
    let stale = staleFiles(keeping: keep)
    let untouched = " nothing was published; '\(path)' is as the previous run left it"

    // 1. Everything that needs space, before anything is published.
    var made: [String] = []
    func undo() { Self.remove(made) }
    for folder in Set(new.map(Self.parent(of:))).filter({ !$0.isEmpty }).sorted() {
      var partial = ""
      for part in folder.split(separator: "/") {
        partial += (partial.isEmpty ? "" : "/") + part
        let target = path + "/" + partial
        var info = stat()
        if lstat(target, &info) == 0 {
          guard info.st_mode & S_IFMT == S_IFDIR else {
            undo()
            throw CLIError(
              "cannot write into '\(target)': it is \(RegularFile.kind(of: info.st_mode) ?? "a file");\(untouched)")
          }
          continue
        }
        guard mkdir(target, 0o777) == 0 else {
          let why = String(cString: strerror(errno))
          undo()
          throw CLIError("cannot create '\(target)': \(why);\(untouched)")
        }
        made.append(target)
      }
    }
    for relative in new {
      let target = path + "/" + relative
      var info = stat()
      if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        undo()
        throw CLIError("cannot write '\(target)': a folder is in the way;\(untouched)")
      }
    }
    let header = "# files written by the last scrollwork run; the next run removes those it does not write again"
    let manifest = Array(([header] + new).joined(separator: "\n").utf8) + [0x0A]
    let stagedManifest = staging + "/" + Self.manifestName
    let manifestPath = path + "/" + Self.manifestName
    do {
      try write(manifest, stagedManifest)
      // Until the new manifest is in place, the folder's manifest lists
      // both runs: a failure while publishing leaves nothing unaccounted.
      let both = Array(Set(old).union(new)).sorted()
      try write(Array(([header] + both).joined(separator: "\n").utf8) + [0x0A], manifestPath)
    } catch {
      undo()
      throw CLIError("cannot write '\(manifestPath)': \(Self.reason(error));\(untouched)")
    }

    // 2. Publish: renames need no new space.
    for (index, relative) in new.enumerated() {
      let target = path + "/" + relative
      guard rename(staging + "/" + relative, target) == 0 else {
        throw CLIError(
          "cannot move '\(target)' into place: \(String(cString: strerror(errno))); \(index) of \(new.count) "
            + "files were published; the next run removes the rest of either run")
      }
    }

    // 3. Remove the earlier output this run did not write again.
    var removed = 0
    for relative in stale {
      let file = path + "/" + relative
      var info = stat()
      guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      if unlink(file) == 0 { removed += 1 }
      // Its folder goes too when nothing else is left in it.
      var parent = Self.parent(of: relative)
      while !parent.isEmpty, parent != "/", rmdir(path + "/" + parent) == 0 { parent = Self.parent(of: parent) }
    }
    guard rename(stagedManifest, manifestPath) == 0 else {
      throw CLIError("cannot write '\(manifestPath)': \(String(cString: strerror(errno)))")
    }
    try? FileManager.default.removeItem(atPath: staging)

    // What is left beside the new output that scrollwork did not write.
    var foreign: [String] = []
    for folder in Set(new.compactMap { $0.split(separator: "/").count > 1 ? String($0.split(separator: "/")[0]) : nil })
      .sorted()
    {
      for relative in Self.files(under: path + "/" + folder) where !keep.contains(folder + "/" + relative) {
        foreign.append(folder + "/" + relative)
      }
    }
    return Published(removed: removed, foreign: foreign)
  }

  /// Removes the staging folder and the folders this run created (when
  /// empty).
  func abandon() {
    try? FileManager.default.removeItem(atPath: staging)
    Self.remove(created)
  }

  /// The words of a write error (`EncodeError.write` carries them).
  static func reason(_ error: any Error) -> String {
    if let error = error as? EncodeError, case .write(_, let why) = error { return why }
    return "\(error)"
  }

  /// The message of an error that failed to write a file under the staging
  /// folder (a full disk, a file-size limit, a read-only folder), naming
  /// the file as it would have been published; `nil` for other errors.
  func writeFailure(_ error: any Error) -> String? {
    if let error = error as? EncodeError, case .write(let file, let why) = error {
      return "cannot write '\(published(file))': \(why)"
    }
    if let error = error as? CocoaError, (512..<1024).contains(error.code.rawValue) {
      let file = (error.userInfo[NSFilePathErrorKey] as? String).map(published) ?? path
      let underlying = error.userInfo[NSUnderlyingErrorKey]
      let why =
        (underlying as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
        ?? (underlying as? NSError)?.localizedDescription ?? error.localizedDescription
      return "cannot write '\(file)': \(why)"
    }
    return nil
  }
}
