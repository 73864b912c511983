import Foundation
import PhotoLibrary
import Raster
import ToolSupport

/// The tool's use of the photo library: a folder scanned through its index
/// in the cache folder, and the thumbnail loader over the same cache.
/// `view`, `render` and `index` all go through here.
package enum PhotoFolder {
  /// The cache folder: `--cache` when given, else the default
  /// (`$XDG_CACHE_HOME/scrollwork`); `nil`, with a warning, when there is
  /// none or it cannot be used (the tool then works without an index or
  /// thumbnails on disk).
  package static func cache(_ option: String?, report: (String) -> Void) throws -> CacheFolder? {
    if let option {
      do throws(LibraryError) {
        return try CacheFolder(option)
      } catch {
        throw CLIError("--cache: \(error)")
      }
    }
    guard let path = CacheFolder.defaultPath() else {
      report("warning: no cache folder (HOME and XDG_CACHE_HOME are unset); photos are indexed anew each run")
      return nil
    }
    do throws(LibraryError) {
      return try CacheFolder(path)
    } catch {
      report("warning: \(error); photos are indexed anew each run")
      return nil
    }
  }

  /// Checks that `path` is a folder the tool can list.
  package static func check(_ path: String) throws {
    do throws(LibraryError) {
      try FolderListing.check(path)
    } catch {
      throw CLIError(error.description)
    }
  }

  /// A scanner for `path` with its index in `cache` (none without a
  /// cache; an index that cannot be opened is reported and left out).
  package static func scanner(_ path: String, cache: CacheFolder?, report: (String) -> Void) -> LibraryScanner {
    var index: LibraryIndex?
    if let cache {
      do throws(LibraryError) {
        index = try LibraryIndex(folder: path, cache: cache)
        if let reason = index?.rebuildReason { report("warning: \(reason)") }
      } catch {
        report("warning: \(error); reading every photo's header")
      }
    }
    return LibraryScanner(folder: path, index: index)
  }

  /// Scans `scanner`'s folder; each skipped file is reported once, and a
  /// folder without any photo is an error.
  package static func scan(
    _ scanner: LibraryScanner, afterListing: ([String]) -> Void = { _ in }, nothing: String = "nothing to show",
    report: (String) -> Void
  ) throws -> ScannedLibrary {
    let library: ScannedLibrary
    do throws(LibraryError) {
      library = try scanner.run(afterListing: afterListing)
    } catch {
      throw CLIError(error.description)
    }
    for problem in library.problems {
      report("skipped \(FolderListing.printable(problem.name)): \(FolderListing.printable(problem.reason))")
    }
    guard !library.photos.isEmpty else {
      let folder = FolderListing.printable(scanner.folder)
      if library.problems.isEmpty { throw CLIError("'\(folder)' holds no JPEG, PNG, HEIC or WebP file; \(nothing)") }
      throw CLIError(
        "no photo in '\(folder)' could be read (\(library.problems.count) file(s) skipped); \(nothing)")
    }
    return library
  }

  /// A loader with the on-disk thumbnails of `cache` (none without one).
  /// The thumbnail folder is trimmed to its budget on another thread
  /// first (least recently used first, only the store's own files).
  ///
  /// - Parameter workers: decoding threads: `render` uses every core; the
  ///   viewer leaves one to the frame loop (measured at 20,000 photos: the
  ///   grid's p99 18.4 → 15.9 ms and peak memory 304 → 221 MB while
  ///   thumbnails stream in, for 0.26 s more until the first screen is
  ///   complete, cold).
  package static func loader(
    cache: CacheFolder?, workers: Int = ProcessInfo.processInfo.activeProcessorCount, report: (String) -> Void
  ) -> ThumbnailLoader {
    var store: ThumbnailStore?
    if let cache {
      do throws(LibraryError) {
        let opened = try ThumbnailStore(cache: cache)
        Thread { opened.trim() }.start()
        store = opened
      } catch {
        report("warning: \(error); thumbnails are not kept on disk")
      }
    }
    return ThumbnailLoader(store: store, workers: workers)
  }
}
