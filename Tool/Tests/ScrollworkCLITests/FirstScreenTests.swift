import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The viewer's first screen before the whole folder is read, and the
/// loader's per-frame budget.
@Suite struct FirstScreenTests {
  /// Writes a small JPEG dated `date`, modified at `modified` (seconds since 1970).
  func photo(_ path: String, width: Int, height: Int, date: EXIFDate, modified: Int) throws {
    let image = RGBAImage(width: width, height: height, fill: (90, 140, 200, 255))
    let bytes = SyntheticLibrary.withEXIF(try JPEGEncoder.encode(image), date: date, orientation: 1)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var times = [
      timespec(tv_sec: modified, tv_nsec: 0), timespec(tv_sec: modified, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
  }

  @Test func withoutAnIndexTheFirstFilesByModificationTimeAreReadAndTheRestFollow() throws {
    let dir = temporaryFolder("first-screen")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Modified in the order e, d, c, b, a; "e" and "d" are read.
    let base = 1_600_000_000
    for (i, name) in ["e", "d", "c", "b", "a"].enumerated() {
      try photo(
        dir + "/\(name).jpg", width: 40 + i * 8, height: 30, date: EXIFDate(year: 2019, month: 1, day: 1 + i),
        modified: base + i * 86_400)
    }
    try Data("not a photo".utf8).write(to: URL(fileURLWithPath: dir + "/broken.jpg"))
    var times = [timespec(tv_sec: base - 86_400, tv_nsec: 0), timespec(tv_sec: base - 86_400, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, dir + "/broken.jpg", &times, 0) == 0)
    let scanner = LibraryScanner(folder: dir, index: nil)
    let first = try scanner.firstScreen(headers: 3)
    #expect(first.order == .modificationTimes)
    #expect(first.listed == 6)
    #expect(first.headersRead == 3)
    // The broken file was among the first three read: left out; the others follow by modification time.
    #expect(first.photos.map(\.name) == ["e.jpg", "d.jpg", "c.jpg", "b.jpg", "a.jpg"])
    #expect(first.photos[0].size == PixelSize(width: 40, height: 30))
    #expect(first.photos[1].size == PixelSize(width: 48, height: 30))
    #expect(first.photos[0].date == EXIFDate(year: 2019, month: 1, day: 1))
    // Unread: the median size of those read, the modification time as the date.
    #expect(first.photos[2].size == PixelSize(width: 48, height: 30))
    #expect(first.photos[2].date?.year == 2020)
  }

  @Test func withAnIndexTheFirstScreenIsTheIndexsLibrary() throws {
    let dir = temporaryFolder("first-screen-index")
    let cacheDir = temporaryFolder("first-screen-cache")
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    for (i, name) in ["x", "y", "z"].enumerated() {
      try photo(
        dir + "/\(name).jpg", width: 32, height: 24 + i, date: EXIFDate(year: 2021, month: 3 - i, day: 1),
        modified: 1_600_000_000 + i)
    }
    let cache = try CacheFolder(cacheDir)
    let full = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    let first = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).firstScreen(headers: 0)
    #expect(first.order == .index)
    #expect(first.headersRead == 0)
    #expect(first.photos == full.photos)
    #expect(first.photos.map(\.name) == ["z.jpg", "y.jpg", "x.jpg"], "by capture date")
  }

  @Test func aMissingFolderIsAnError() {
    let scanner = LibraryScanner(folder: "/nonexistent/scrollwork-first-screen", index: nil)
    #expect(throws: LibraryError.self) { _ = try scanner.firstScreen(headers: 10) }
  }

  @Test func theLoaderHandsOverAtMostTheBudgetAFrame() throws {
    let loader = ThumbnailLoader(store: nil, workers: 2, samples: { SampleRenderer(font: nil) })
    defer { loader.stop() }
    let photos = Array(SampleAlbum.photos().prefix(5))
    for photo in photos { loader.request(photo, level: 4, size: PixelSize(width: 32, height: 32)) }
    loader.waitUntilIdle()
    #expect(loader.readyCount == photos.count)
    let first = loader.takeReady(limit: 2)
    #expect(first.count == 2)
    #expect(loader.readyCount == photos.count - 2)
    #expect(loader.takeReady(limit: 0).isEmpty)
    let rest = loader.takeReady(limit: 10)
    #expect(rest.count == photos.count - 2)
    #expect(Set((first + rest).map(\.photo.name)) == Set(photos.map(\.name)))
    #expect(loader.readyCount == 0)
  }

  @Test func whileScrollingFewerDecodersStartAndAllResumeAfter() throws {
    let loader = ThumbnailLoader(store: nil, workers: 4, samples: { SampleRenderer(font: nil) })
    defer { loader.stop() }
    #expect(loader.scrollingWorkers == 2)
    loader.setScrolling(true)
    let photos = Array(SampleAlbum.photos().prefix(6))
    for photo in photos { loader.request(photo, level: 4, size: PixelSize(width: 32, height: 32)) }
    // Still every request is decoded, fewer at a time.
    loader.waitUntilIdle()
    #expect(loader.readyCount == photos.count)
    loader.setScrolling(false)
    #expect(loader.takeReady().count == photos.count)
  }
}
