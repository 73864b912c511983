import Foundation
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output folder written so that a reader never sees a half-written
/// file or a mix of two runs, two runs never write it at once, and nothing
/// of the user's is deleted or replaced.
///
/// Design (documented in Guides/Reliability.md, "Output folders"):
/// - The folder is opened once (`Directory`); every name inside it is
///   reached through that descriptor without following a symbolic link, so
///   a link inside the folder never leads a write or a delete outside it.
/// - The folder is locked (`OutputLock`) for the whole run: a second run
///   into it fails at once, naming the lock file.
/// - Every file of a run is first written into a fresh hidden staging
///   folder inside the output folder, `.scrollwork-staging-XXXXXX`.
/// - `commit()` first does everything that needs new disk space (the
///   folders, the new manifest, a manifest listing both runs) and checks
///   that every file it would replace is one the previous run wrote and
///   that is unchanged (`OutputManifest`): anything else in the way (the
///   user's file, a link, a folder) fails the run before anything is
///   published. Then it renames the staged files into place (atomic on one
///   file system: a reader sees the old file or the new one, whole),
///   removes the previous run's files it did not write again *only while
///   they are exactly what that run wrote* (device, inode, size and
///   modification time, by the manifest), and puts the new manifest in
///   place.
/// - `abandon()` (a failed run) removes the staging folder and the folders
///   this run created: the previous output stays as it was.
///
/// A manifest entry that is forged, stale or not understood never causes
/// a delete: the file must still match the entry's identity, its path
/// must be one scrollwork writes (`OutputManifest.isOutputPath`), and it
/// is reached without following links.
public final class OutputFolder {
  /// The folder as given.
  public let path: String
  /// Where the run writes its files before `commit()`.
  public let staging: String
  /// The folders created for `path` (outermost first).
  public let created: [String]
  /// Writes the manifests into the staging folder (the page and the
  /// frames are written by their makers). A seam for tests: a writer that
  /// fails as a full disk does.
  public var write: (_ bytes: [UInt8], _ path: String) throws -> Void = { bytes, path in
    try writeFile(bytes, to: path)
  }

  private let root: Directory
  private let stagingName: String
  private let stagingFolder: Directory
  private let lock: OutputLock
  private var finished = false

  /// The file naming what the last run wrote (see `OutputManifest`).
  public static let manifestName = OutputManifest.fileName
  public static let stagingPrefix = ".scrollwork-staging-"
  /// The lock file's name (see `OutputLock`).
  public static let lockName = OutputLock.fileName

  /// What `commit()` did.
  public struct Published {
    /// Files of the previous run that were removed.
    public var removed: Int
    /// Files beside the new output (in its scene folders) that scrollwork
    /// did not write and left in place, relative to the folder.
    public var foreign: [String]
    /// Files the previous run wrote, not written again, that were left
    /// because they changed since (the user's now).
    public var changed: [String]
  }

  /// Creates `path` when needed (with its missing parents), locks it and
  /// makes a staging folder in it.
  ///
  /// - Throws: `CLIError` naming the problem: an empty path, a file in the
  ///   way, a folder that cannot be written, no space, another run holding
  ///   the lock.
  public init(_ path: String) throws {
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
          // Another run made it between the check and here: it is theirs
          // (not removed by abandon()); the lock then decides who goes on.
          var madeByOther: ObjCBool = false
          if code == EEXIST, fm.fileExists(atPath: folder, isDirectory: &madeByOther), madeByOther.boolValue {
            continue
          }
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
    do {
      root = try Directory(opening: path)
      lock = try OutputLock(root)
    } catch {
      Self.remove(created)
      throw error
    }
    var made: (String, Directory)?
    var code: Int32 = 0
    for _ in 0..<100 {
      let name = Self.stagingPrefix + String(UInt64.random(in: 0..<(1 << 36)), radix: 36)
      if mkdirat(root.descriptor, name, 0o700) == 0, let folder = root.folder(name) {
        made = (name, folder)
        break
      }
      code = errno
      if code != EEXIST { break }
    }
    guard let (name, folder) = made else {
      lock.release()
      Self.remove(created)
      let why = code == EACCES || code == EPERM || code == EROFS ? "permission denied" : Directory.reason(code)
      throw CLIError("cannot write in the output folder '\(path)' (\(why))")
    }
    self.path = path
    self.created = created
    stagingName = name
    stagingFolder = folder
    staging = path + "/" + name
  }

  deinit { if !finished { abandon() } }

  /// The folder holding `path`: `""` for a single relative component,
  /// `"/"` for a component of the root. (Foundation's
  /// `deletingLastPathComponent` traps on a single component on Linux.)
  public static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let head = trimmed[..<slash]
    return head.isEmpty ? "/" : String(head)
  }

  /// The last component of a relative path.
  static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Removes `folders` when empty, innermost first.
  static func remove(_ folders: [String]) {
    for folder in folders.reversed() { rmdir(folder) }
  }

  /// Everything but folders under `folder` (never through a link), as
  /// paths relative to it with `prefix`, sorted.
  static func files(in folder: Directory, prefix: String = "") -> [String] {
    var files: [String] = []
    for name in folder.names() {
      guard let info = folder.info(name) else { continue }
      if info.st_mode & S_IFMT == S_IFDIR, let sub = folder.folder(name) {
        files += Self.files(in: sub, prefix: prefix + name + "/")
      } else {
        files.append(prefix + name)
      }
    }
    return files.sorted()
  }

  /// The previous run's manifest (empty when there is none, or it is not
  /// a regular file: a link is not followed).
  public func previousManifest() -> OutputManifest {
    OutputManifest.parse(root.readFile(Self.manifestName, limit: 16 << 20) ?? [])
  }

  /// Replaces the staging folder's path in `message` with the output
  /// folder's, so that errors name the file the user asked for.
  public func published(_ message: String) -> String {
    message.replacingOccurrences(of: staging, with: path)
  }

  // MARK: Publishing

  /// Publishes the staged files (see the type's documentation) and
  /// releases the lock.
  ///
  /// - Throws: `CLIError` naming the path: before anything is published
  ///   when a folder or a manifest cannot be written (a full disk), or
  ///   something scrollwork did not write is in the way of a file (a
  ///   folder, a link, the user's file, a file changed since the last
  ///   run); while publishing when a rename fails (then the manifest lists
  ///   both runs' files, so the next run can still tell them apart).
  public func commit() throws -> Published {
    guard !finished else { throw CLIError("the output folder '\(path)' was already published or abandoned") }
    let new = Self.files(in: stagingFolder)
    let keep = Set(new)
    let old = previousManifest()
    let untouched = " nothing was published; '\(path)' is as the previous run left it"

    // 1. Everything that needs space, and every check, before anything is published.
    var made: [(Directory, String)] = []
    func undo() { for (parent, name) in made.reversed() { parent.removeEmptyFolder(name) } }
    var targets: [String: Directory] = ["": root]
    for folder in Set(new.map(Self.parent(of:))).sorted() where !folder.isEmpty {
      var current = root
      var partial = ""
      for part in folder.split(separator: "/").map(String.init) {
        partial += (partial.isEmpty ? "" : "/") + part
        if let known = targets[partial] {
          current = known
          continue
        }
        let target = path + "/" + partial
        if let info = current.info(part) {
          guard info.st_mode & S_IFMT == S_IFDIR, let opened = current.folder(part) else {
            undo()
            throw CLIError(
              "cannot write into '\(target)': it is \(Directory.kind(info)); scrollwork never follows or replaces "
                + "it (move it away, or choose another --out);\(untouched)")
          }
          current = opened
        } else {
          do {
            let opened = try current.makeFolder(part)
            made.append((current, part))
            current = opened
          } catch {
            undo()
            throw CLIError("\(error);\(untouched)")
          }
        }
        targets[partial] = current
      }
    }
    var inTheWay: [String] = []
    for relative in new {
      let target = path + "/" + relative
      guard let folder = targets[Self.parent(of: relative)], let info = folder.info(Self.name(of: relative)) else {
        continue
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        undo()
        throw CLIError("cannot write '\(target)': a folder is in the way;\(untouched)")
      }
      if !old.matches(relative, info) { inTheWay.append(relative) }
    }
    if !inTheWay.isEmpty {
      undo()
      let shown = inTheWay.prefix(5).map { "'\(path)/\($0)'" }.joined(separator: ", ")
      let more = inTheWay.count > 5 ? " and \(inTheWay.count - 5) more" : ""
      throw CLIError(
        "cannot replace \(shown)\(more): scrollwork did not write \(inTheWay.count == 1 ? "it" : "them"), or "
          + "\(inTheWay.count == 1 ? "it has" : "they have") changed since (not as '\(path)/\(Self.manifestName)' "
          + "records); move \(inTheWay.count == 1 ? "it" : "them") away, or choose another --out;\(untouched)")
    }
    var entries: [OutputManifest.Entry] = []
    for relative in new {
      guard
        let folder = stagingFolder.folder(relative: Self.parent(of: relative))
          ?? (Self.parent(of: relative).isEmpty ? stagingFolder : nil),
        let info = folder.info(Self.name(of: relative))
      else { continue }
      entries.append(OutputManifest.Entry(path: relative, info))
    }
    let manifest = OutputManifest(entries: entries)
    // Until the new manifest is in place, the folder's manifest lists both
    // runs (the previous run's files that are still unchanged, and this
    // run's): a failure while publishing leaves nothing unaccounted.
    var both = entries
    for entry in old.entries {
      guard
        let folder = root.folder(relative: Self.parent(of: entry.path))
          ?? (Self.parent(of: entry.path).isEmpty ? root : nil),
        let info = folder.info(Self.name(of: entry.path)), entry.matches(info)
      else { continue }
      both.append(entry)
    }
    let stagedManifest = staging + "/" + Self.manifestName
    let manifestPath = path + "/" + Self.manifestName
    do {
      try write(manifest.bytes, stagedManifest)
      try write(OutputManifest(entries: both).bytes, staging + "/" + Self.manifestName + "-both")
      try stagingFolder.move(Self.manifestName + "-both", to: root, as: Self.manifestName)
    } catch {
      undo()
      throw CLIError("cannot write '\(manifestPath)': \(Self.reason(error));\(untouched)")
    }

    // 2. Publish: renames need no new space.
    for (index, relative) in new.enumerated() {
      let target = path + "/" + relative
      let parent = Self.parent(of: relative)
      do {
        guard let from = parent.isEmpty ? stagingFolder : stagingFolder.folder(relative: parent),
          let to = targets[parent]
        else { throw CLIError("the staged file is gone") }
        try from.move(Self.name(of: relative), to: to, as: Self.name(of: relative))
      } catch {
        throw CLIError(
          "cannot move '\(target)' into place: \(error); \(index) of \(new.count) files were published; "
            + "the next run removes the rest of either run")
      }
    }

    // 3. Remove the previous run's files this run did not write again,
    // only while they are exactly what that run wrote.
    var removed = 0
    var changed: [String] = []
    for relative in Set(old.entries.map(\.path)).subtracting(keep).sorted() {
      let parent = Self.parent(of: relative)
      guard let folder = parent.isEmpty ? root : root.folder(relative: parent),
        let info = folder.info(Self.name(of: relative))
      else { continue }
      guard old.matches(relative, info) else {
        changed.append(relative)
        continue
      }
      if folder.removeFile(Self.name(of: relative)) { removed += 1 }
      // Its folders go too when nothing else is left in them.
      var folderPath = parent
      while !folderPath.isEmpty {
        let up = Self.parent(of: folderPath)
        guard let holder = up.isEmpty ? root : root.folder(relative: up),
          holder.removeEmptyFolder(Self.name(of: folderPath))
        else { break }
        folderPath = up
      }
    }
    do {
      try stagingFolder.move(Self.manifestName, to: root, as: Self.manifestName)
    } catch {
      throw CLIError("cannot write '\(manifestPath)': \(error)")
    }
    finish()

    // What is left beside the new output that scrollwork did not write.
    var foreign: [String] = []
    for folder in Set(new.compactMap { $0.contains("/") ? String($0.split(separator: "/")[0]) : nil }).sorted() {
      guard let opened = root.folder(folder) else { continue }
      for relative in Self.files(in: opened, prefix: folder + "/") where !keep.contains(relative) {
        foreign.append(relative)
      }
    }
    return Published(removed: removed, foreign: foreign, changed: changed)
  }

  /// Removes the staging folder and releases the lock.
  private func finish() {
    root.removeTree(stagingName)
    lock.release()
    finished = true
  }

  /// Removes the staging folder and the folders this run created (when
  /// empty), and releases the lock. Safe to call more than once.
  public func abandon() {
    guard !finished else { return }
    finish()
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
  public func writeFailure(_ error: any Error) -> String? {
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
