#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read as a regular file. Each case names what the
/// path is, in words a user can act on.
public enum FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing exists at the path.
  case missing
  /// The path is a symbolic link to nothing.
  case danglingLink
  /// Resolving the path runs in a circle of symbolic links (`ELOOP`).
  case symlinkLoop
  /// The path names something that is not a regular file: a folder, a
  /// FIFO, a device or a socket (its kind in words). Never opened for a
  /// blocking read, so a FIFO cannot hang the process.
  case notARegularFile(kind: String)
  /// The process may not read it.
  case permissionDenied
  /// The file is larger than the limit, in bytes.
  case tooLarge(limit: Int)
  /// Another error, with the system's message.
  case system(code: Int32, message: String)

  public var description: String {
    switch self {
    case .missing: "no such file"
    case .danglingLink: "it is a symbolic link to a file that does not exist"
    case .symlinkLoop: "it is a loop of symbolic links"
    case .notARegularFile(let kind): "it is \(kind)"
    case .permissionDenied: "permission denied"
    case .tooLarge(let limit): "larger than \(limit) bytes"
    case .system(let code, let message): "\(message) (errno \(code))"
    }
  }
}

#if canImport(Glibc)
  private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(fd, buffer, count)
  }
#elseif canImport(Musl)
  private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Musl.read(fd, buffer, count)
  }
#else
  private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Darwin.read(fd, buffer, count)
  }
#endif

/// Reading whole regular files without ever blocking on a FIFO or a device.
public enum RegularFile {
  /// Reads the file at `path`, which must be a regular file of at most
  /// `limit` bytes.
  ///
  /// The file is opened with `O_NONBLOCK` (so opening a FIFO or a device
  /// returns at once) and checked with `fstat` on the open descriptor, so
  /// the check and the read see the same file even if the path is replaced
  /// in between. Symbolic links are followed; a loop of them is reported as
  /// one.
  ///
  /// - Complexity: O(file size).
  /// - Throws: `FileReadError`.
  public static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw openError(errno, path: path) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw system(errno) }
    if let kind = kind(of: info.st_mode) { throw .notARegularFile(kind: kind) }
    let limit = Swift.max(0, limit)
    if Int64(info.st_size) > Int64(limit) { throw .tooLarge(limit: limit) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw system(errno)
      }
      if n == 0 { break }
      // The file may grow while it is read: the limit holds all the same.
      guard bytes.count + n <= limit else { throw .tooLarge(limit: limit) }
      bytes.append(contentsOf: buffer[0..<n])
    }
    return bytes
  }

  /// Reads at most the first `count` bytes of the regular file at `path`
  /// (all of a shorter file), checked as `read(_:limit:)` checks: for
  /// headers such as a JPEG's EXIF segment, without reading whole photos.
  ///
  /// - Complexity: O(min(count, file size)).
  /// - Throws: `FileReadError`.
  public static func readPrefix(_ path: String, count: Int) throws(FileReadError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw openError(errno, path: path) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw system(errno) }
    if let kind = kind(of: info.st_mode) { throw .notARegularFile(kind: kind) }
    // Straight into the result: at most the file's size (it may grow or
    // shrink while it is read; a short read ends the prefix).
    let capacity = Swift.max(0, Swift.min(count, Int(clamping: info.st_size)))
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, filled in
      filled = 0
      while filled < capacity {
        let n = systemRead(fd, buffer.baseAddress! + filled, capacity - filled)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if n == 0 { break }
        filled += n
      }
    }
    if failure != 0 { throw system(failure) }
    return bytes
  }

  /// A regular file opened for reading at offsets (`pread`): for headers
  /// whose parts lie apart in a large file (a WebP's chunks, a HEIF's
  /// boxes), read without reading what lies between.
  public final class Opened {
    let fd: Int32
    /// The file's size in bytes when it was opened (0 for files such as
    /// those of /proc, which say 0 and still have bytes).
    public let size: Int64

    /// Opens `path` as `read(_:limit:)` does (never blocking, checked with
    /// `fstat` on the open descriptor).
    ///
    /// - Throws: `FileReadError`.
    public init(_ path: String) throws(FileReadError) {
      let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { throw openError(errno, path: path) }
      var info = stat()
      guard fstat(fd, &info) == 0 else {
        let code = errno
        close(fd)
        throw system(code)
      }
      if let kind = kind(of: info.st_mode) {
        close(fd)
        throw .notARegularFile(kind: kind)
      }
      self.fd = fd
      size = Int64(info.st_size)
    }

    deinit { close(fd) }

    /// At most `count` bytes from `offset` (fewer at the end of the file).
    ///
    /// - Complexity: O(count).
    /// - Throws: `FileReadError.system` for a failed read (EIO from
    ///   `/proc/self/mem`, a disk error).
    public func read(at offset: Int64, count: Int) throws(FileReadError) -> [UInt8] {
      let capacity = Swift.max(0, count)
      var failure: Int32 = 0
      let fd = self.fd
      let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, filled in
        filled = 0
        while filled < capacity {
          let n = pread(fd, buffer.baseAddress! + filled, capacity - filled, off_t(offset) + off_t(filled))
          if n < 0 {
            if errno == EINTR { continue }
            failure = errno
            break
          }
          if n == 0 { break }
          filled += n
        }
      }
      if failure != 0 { throw RegularFile.system(failure) }
      return bytes
    }
  }

  /// The kind of a non-regular file in words ("a folder", "a FIFO (named
  /// pipe)", …), or `nil` for a regular file.
  public static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }

  /// What is at `path` without following a last symbolic link: `nil` when
  /// nothing is there.
  static func linkMode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode : nil
  }

  static func openError(_ code: Int32, path: String) -> FileReadError {
    switch code {
    case ENOENT:
      // A symbolic link whose target is missing exists itself.
      if let mode = linkMode(path), mode & S_IFMT == S_IFLNK { return .danglingLink }
      return .missing
    case ELOOP: return .symlinkLoop
    case EACCES, EPERM: return .permissionDenied
    case ENXIO, ENODEV: return .notARegularFile(kind: "a device or socket")
    default: return system(code)
    }
  }

  static func system(_ code: Int32) -> FileReadError {
    .system(code: code, message: strerror(code).map { String(cString: $0) } ?? "error")
  }
}
