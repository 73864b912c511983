import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the tool keeps what it can rebuild: the photo indexes and the
/// thumbnails. `$XDG_CACHE_HOME/scrollwork`, else `~/.cache/scrollwork`,
/// or a folder the user names.
///
/// Everything in it is the tool's own: it deletes only files it wrote
/// there (named and marked as its own, regular files, never through a
/// link).
public struct CacheFolder: Hashable, Sendable {
  /// The folder's path.
  public let path: String

  /// The default place: `$XDG_CACHE_HOME/scrollwork` when the variable is
  /// an absolute path (the XDG rule), else `$HOME/.cache/scrollwork`;
  /// `nil` when neither is set.
  public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/scrollwork" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/scrollwork" }
    return nil
  }

  /// Opens (creating, with its parents, mode 0700) the cache folder.
  ///
  /// - Throws: `LibraryError.cache` when `path` is a file, a symbolic
  ///   link, or cannot be created or written.
  public init(_ path: String) throws(LibraryError) {
    guard !path.isEmpty else { throw .cache("the cache folder path is empty") }
    self.path = path
    try Self.makeFolder(path)
  }

  /// A subfolder (created when missing, never through a link).
  func subfolder(_ name: String) throws(LibraryError) -> String {
    let sub = path + "/" + name
    try Self.makeFolder(sub)
    return sub
  }

  static func makeFolder(_ path: String) throws(LibraryError) {
    var info = stat()
    if lstat(path, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFLNK {
        // A link the user made to put the cache elsewhere is followed only
        // when it leads to a folder.
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
          throw .cache("the cache folder '\(path)' is a symbolic link that does not lead to a folder")
        }
      } else if info.st_mode & S_IFMT != S_IFDIR {
        throw .cache("the cache folder '\(path)' is a file, not a folder")
      }
    } else {
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .cache("cannot create the cache folder '\(path)' (\(String(cString: strerror(errno))))")
      }
    }
    guard access(path, W_OK | X_OK) == 0 else { throw .cache("cannot write in the cache folder '\(path)'") }
  }

  /// A stable 64-bit FNV-1a hash, as 16 hex digits (file names for keys).
  static func hashName(_ text: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      h ^= UInt64(byte)
      h = h &* 0x100_0000_01b3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
