import ArgumentParser
import Foundation
import PhotoLibrary
import Scenes
import ToolOutput
import ToolSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `scrollwork index FOLDER`: builds or refreshes a photo folder's index
/// (what `view` and `render` read at start), with progress.
struct Index: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Index a photo folder (headers only, on all cores) so that view and render start at once.",
    discussion: """
      Reads each new or changed file's header (size, orientation, capture date; never the pixels) \
      and keeps it in an SQLite index in the cache folder, keyed by name, size and modification \
      time. Prints a progress bar on a terminal, a line per 10% otherwise; skipped files are named \
      on standard error, one line each. The last line: photos, skipped, read, from the index, time.

      Example: scrollwork index ~/Pictures
      """)

  @Argument(help: "The photo folder.")
  var folder: String

  @Option(help: "Where the photo index and thumbnails are kept (default: $XDG_CACHE_HOME/scrollwork).")
  var cache: String?

  func run() throws {
    let start = Date()
    try PhotoFolder.check(folder)
    guard let cacheFolder = try PhotoFolder.cache(cache, report: warn) else {
      if let path = CacheFolder.defaultPath() {
        throw CLIError(
          "cannot use the cache folder '\(FolderListing.printable(path))' to keep the index in (see above): "
            + "give --cache DIR or set XDG_CACHE_HOME to a folder you can write")
      }
      throw CLIError("no cache folder to keep the index in: set XDG_CACHE_HOME or HOME, or give --cache")
    }
    let scanner = PhotoFolder.scanner(folder, cache: cacheFolder, report: warn)
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
      library = try PhotoFolder.scan(scanner, nothing: "the index holds no photo", report: warn)
      done.withLock { $0 = true }
    } catch {
      done.withLock { $0 = true }
      throw error
    }
    if tty { print("\r\u{1B}[K", terminator: "") }
    let seconds = Date().timeIntervalSince(start)
    print(
      "\(library.photos.count) photos, \(library.problems.count) skipped; \(library.read) headers read, "
        + "\(library.reused) from the index, in \(String(format: "%.2f", seconds)) s")
  }
}

/// `scrollwork generate-photos FOLDER`: a large photo folder for
/// measuring the library (`Scripts/photo-library-bench.sh`).
struct GeneratePhotos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate-photos",
    abstract: "Write a folder of synthetic camera photos (EXIF dates, some turned) for benchmarks.",
    discussion: """
      Writes COUNT JPEGs copied from a few distinct images of the given size, each with its own \
      EXIF capture date (orientation 6 or 8 on some), plus two PNGs, a truncated JPEG, an empty \
      file and a text file. The folder must be new or empty.

      Example: scrollwork generate-photos /tmp/photos --count 20000
      """)

  @Argument(help: "The folder to create (new or empty).")
  var folder: String

  @Option(help: "Photos to write (0 to 1000000).")
  var count = 2000

  @Option(help: "Megapixels per photo (0.01 to 50).")
  var megapixels = 12.0

  @Option(help: "Distinct images the photos are copies of (1 to 16).")
  var distinct = 4

  func run() throws {
    let summary: SyntheticLibrary.Summary
    do throws(LibraryError) {
      summary = try SyntheticLibrary.write(
        into: folder, options: SyntheticLibrary.Options(count: count, megapixels: megapixels, distinct: distinct)
      ) { n in
        if n % 2048 == 0 {
          print("wrote \(n) photos")
          fflush(nil)
        }
      }
    } catch {
      throw CLIError(error.description)
    }
    print("\(summary.photos) photos and \(summary.others) other files, \(summary.bytes >> 20) MiB in '\(folder)'")
  }
}
