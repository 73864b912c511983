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

  func run() throws { print(try PhotoFolder.index(folder, cache: cache)) }
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
