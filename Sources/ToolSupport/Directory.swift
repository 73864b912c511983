#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder reached through an open descriptor: every name below it is
/// resolved with `openat`, `fstatat`, `renameat`, `unlinkat` relative to
/// that descriptor and never through a symbolic link (`O_NOFOLLOW`,
/// `AT_SYMLINK_NOFOLLOW`), so nothing done through it can reach outside
/// the folder, whatever links a user (or another program) puts inside it.
///
/// Names are single path components: `""`, `"."`, `".."`, names holding
/// `/` or a NUL are refused (`nil` or a thrown `CLIError`), so a forged
/// name cannot climb out either.
///
/// The descriptor is closed when the value is released.
public final class Directory {
  /// The open folder.
  public let descriptor: Int32
  /// The folder's path, for messages only (never opened again).
  public let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close(descriptor) }

  /// Opens the folder at `path`. `path` itself is the user's choice and is
  /// followed if it is a link; nothing below it ever is.
  ///
  /// - Throws: `CLIError` naming the path and the reason.
  public convenience init(opening path: String) throws {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      throw CLIError("cannot open the folder '\(path)': \(Self.reason(errno))")
    }
    self.init(descriptor: fd, path: path)
  }

  /// Whether `name` is one path component that stays in the folder.
  public static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(0x2F) && !name.utf8.contains(0)
  }

  /// What is at `name`, without following a link; `nil` when nothing is
  /// there (or the name is not a plain name).
  public func info(_ name: String) -> stat? {
    guard Self.isPlainName(name) else { return nil }
    var info = stat()
    return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
  }

  /// The folder's own status.
  public func info() -> stat {
    var info = stat()
    _ = fstat(descriptor, &info)
    return info
  }

  /// The sub-folder `name`, opened without following a link: `nil` when it
  /// is missing, a link, a file or anything but a real folder.
  public func folder(_ name: String) -> Directory? {
    guard Self.isPlainName(name) else { return nil }
    let fd = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    return Directory(descriptor: fd, path: path + "/" + name)
  }

  /// The folder at `relative` (components separated by `/`), each
  /// component opened without following a link.
  public func folder(relative: String) -> Directory? {
    var current: Directory? = self
    for part in relative.split(separator: "/", omittingEmptySubsequences: false) {
      current = current?.folder(String(part))
    }
    return current
  }

  /// Makes the sub-folder `name` (it must not exist) and opens it.
  ///
  /// - Throws: `CLIError` naming the path and the system's reason.
  public func makeFolder(_ name: String, mode: mode_t = 0o777) throws -> Directory {
    guard Self.isPlainName(name) else { throw CLIError("'\(name)' is not a plain file name") }
    guard mkdirat(descriptor, name, mode) == 0 else {
      throw CLIError("cannot create '\(path)/\(name)': \(Self.reason(errno))")
    }
    guard let made = folder(name) else {
      throw CLIError("cannot open '\(path)/\(name)' after making it: \(Self.reason(errno))")
    }
    return made
  }

  /// The names in the folder (without `.` and `..`), sorted.
  public func names() -> [String] {
    let copy = dup(descriptor)
    guard copy >= 0, let stream = fdopendir(copy) else {
      if copy >= 0 { close(copy) }
      return []
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Moves `name` to `destination`/`newName` (`renameat`: atomic on one
  /// file system; a link at the destination is replaced, not followed).
  ///
  /// - Throws: `CLIError` with the system's reason.
  public func move(_ name: String, to destination: Directory, as newName: String) throws {
    guard Self.isPlainName(name), Self.isPlainName(newName) else {
      throw CLIError("'\(name)' is not a plain file name")
    }
    guard renameat(descriptor, name, destination.descriptor, newName) == 0 else {
      throw CLIError(Self.reason(errno))
    }
  }

  /// Removes the file (or link) `name`; `true` when it was removed.
  @discardableResult public func removeFile(_ name: String) -> Bool {
    Self.isPlainName(name) && unlinkat(descriptor, name, 0) == 0
  }

  /// Removes the sub-folder `name` when it is empty (never a link).
  @discardableResult public func removeEmptyFolder(_ name: String) -> Bool {
    Self.isPlainName(name) && unlinkat(descriptor, name, AT_REMOVEDIR) == 0
  }

  /// Removes the sub-folder `name` and everything in it, never following
  /// a link (a link is removed, not its target). For folders the tool made
  /// itself (its staging folder).
  public func removeTree(_ name: String) {
    guard let info = info(name) else { return }
    if info.st_mode & S_IFMT == S_IFDIR, let sub = folder(name) {
      for child in sub.names() { sub.removeTree(child) }
      removeEmptyFolder(name)
    } else {
      removeFile(name)
    }
  }

  /// Reads the regular file `name` (never through a link, never blocking
  /// on a FIFO) when it holds at most `limit` bytes; `nil` otherwise.
  public func readFile(_ name: String, limit: Int) -> [UInt8]? {
    guard Self.isPlainName(name) else { return nil }
    let fd = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) <= Int64(limit) else {
      return nil
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if n == 0 { break }
      guard bytes.count + n <= limit else { return nil }
      bytes.append(contentsOf: buffer[0..<n])
    }
    return bytes
  }

  /// The kind of what `info` describes, in words: "a file", "a folder",
  /// "a symbolic link", …
  public static func kind(_ info: stat) -> String {
    switch info.st_mode & S_IFMT {
    case S_IFREG: "a file"
    case S_IFDIR: "a folder"
    case S_IFLNK: "a symbolic link"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }

  /// The system's words for `code`.
  public static func reason(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }
}
