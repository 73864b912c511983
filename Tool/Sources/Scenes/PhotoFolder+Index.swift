import Foundation
import PhotoLibrary
import ToolOutput
import ToolSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PhotoFolder {
  /// `scrollwork index FOLDER`: builds or refreshes `folder`'s index in the
  /// cache folder (`--cache`, else the default), printing progress on
  /// standard output while the scan runs: a bar on a terminal, a line per
  /// 10% otherwise. Skipped files are named on standard error.
  ///
  /// Bad input: a folder that cannot be listed, no usable cache folder, a
  /// folder without a readable photo: a `CLIError` saying which.
  ///
  /// - Returns: the summary line: photos, skipped, headers read, from the
  ///   index, time.
  package static func index(_ folder: String, cache: String?) throws -> String {
    let start = Date()
    try check(folder)
    guard let cacheFolder = try self.cache(cache, report: warn) else {
      if let path = CacheFolder.defaultPath() {
        throw CLIError(
          "cannot use the cache folder '\(FolderListing.printable(path))' to keep the index in (see above): "
            + "give --cache DIR or set XDG_CACHE_HOME to a folder you can write")
      }
      throw CLIError("no cache folder to keep the index in: set XDG_CACHE_HOME or HOME, or give --cache")
    }
    let scanner = self.scanner(folder, cache: cacheFolder, report: warn)
    let tty = isatty(STDOUT_FILENO) != 0
    let done = Locked(false)
    // Progress from another thread while the scan runs on this one.
    let reporter = Thread {
      var lastTenth = -1
      while !done.withLock({ $0 }) {
        let p = scanner.progress
        if p.total > 0 {
          if tty {
            let width = 30
            let filled = p.done * width / p.total
            print(
              "\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                + "] \(p.done)/\(p.total)", terminator: "")
            fflush(nil)
          } else if p.done * 10 / p.total > lastTenth {
            lastTenth = p.done * 10 / p.total
            print("indexed \(p.done) of \(p.total)")
            fflush(nil)
          }
        }
        usleep(100_000)
      }
    }
    reporter.start()
    let library: ScannedLibrary
    do {
      library = try scan(scanner, nothing: "the index holds no photo", report: warn)
      done.withLock { $0 = true }
    } catch {
      done.withLock { $0 = true }
      throw error
    }
    if tty { print("\r\u{1B}[K", terminator: "") }
    let seconds = Date().timeIntervalSince(start)
    return "\(library.photos.count) photos, \(library.problems.count) skipped; \(library.read) headers read, "
      + "\(library.reused) from the index, in \(String(format: "%.2f", seconds)) s"
  }
}
