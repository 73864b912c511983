import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Tells which files of a folder were created, deleted, renamed or
/// written since the last look (Linux inotify), without blocking: the
/// viewer asks once a frame and rescans the folder (through its index,
/// so only the new files' headers are read) once changes have settled.
///
/// Not thread-safe: one thread asks.
public final class FolderWatcher {
  private let fd: Int32
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)
  /// Whether the last `changes()` found that the kernel dropped events
  /// (its queue overflowed): then any file may have changed.
  public private(set) var overflowed = false

  /// Watches `folder` (not its subfolders).
  ///
  /// - Throws: `LibraryError.folder` when inotify is not available or the
  ///   folder cannot be watched (the limit of watches is reached).
  public init(_ folder: String) throws(LibraryError) {
    #if canImport(Glibc)
      fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { throw .folder("cannot watch '\(folder)' (\(String(cString: strerror(errno))))") }
      let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)
      guard inotify_add_watch(fd, folder, mask) >= 0 else {
        let why = String(cString: strerror(errno))
        close(fd)
        throw .folder("cannot watch '\(folder)' (\(why))")
      }
    #else
      throw .folder("watching a folder needs Linux inotify")
    #endif
  }

  deinit { close(fd) }

  /// The names changed since the last call (empty when nothing did).
  ///
  /// - Complexity: O(events pending); never blocks.
  public func changes() -> Set<String> {
    var names: Set<String> = []
    overflowed = false
    #if canImport(Glibc)
      while true {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { break }
        var at = 0
        // struct inotify_event: wd (4), mask (4), cookie (4), len (4), name[len].
        while at + 16 <= n {
          let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self) }
          let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self) })
          guard at + 16 + length <= n else { break }
          if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
          let raw = buffer[(at + 16)..<(at + 16 + length)].prefix { $0 != 0 }
          if !raw.isEmpty { names.insert(String(decoding: raw, as: UTF8.self)) }
          at += 16 + length
        }
      }
    #endif
    return names
  }
}
