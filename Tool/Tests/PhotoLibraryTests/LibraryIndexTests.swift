import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh folder under the temporary directory.
func temporaryFolder(_ name: String = #function) -> String {
  let path = NSTemporaryDirectory() + "scrollwork-library-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// A small JPEG with an EXIF date and orientation.
func photoBytes(width: Int = 64, height: Int = 48, date: EXIFDate, orientation: Int = 1) throws -> [UInt8] {
  let image = RGBAImage(width: width, height: height, fill: (200, 120, 40, 255))
  var data = try JPEGEncoder.encode(image)
  data = SyntheticLibrary.withEXIF(data, date: date, orientation: orientation)
  return data
}

func write(_ bytes: [UInt8], _ path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

@Suite struct LibraryIndexTests {
  @Test func aSecondScanReadsTheIndexAndAChangedFileIsReadAgain() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    try write(try photoBytes(date: EXIFDate(year: 2024, month: 5, day: 1)), dir + "/b.jpg")
    try write(try photoBytes(date: EXIFDate(year: 2023, month: 1, day: 2), orientation: 6), dir + "/a.jpg")
    try write([], dir + "/empty.jpg")
    let cache = try CacheFolder(cacheDir)
    let first = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    #expect(first.read == 3 && first.reused == 0)
    #expect(first.photos.map(\.name) == ["a.jpg", "b.jpg"], "by date")
    #expect(first.photos[0].size == PixelSize(width: 48, height: 64), "orientation 6 turns the size")
    #expect(first.photos[0].date == EXIFDate(year: 2023, month: 1, day: 2))
    #expect(first.problems.map(\.name) == ["empty.jpg"])

    let second = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    #expect(second.read == 0 && second.reused == 3, "everything from the index")
    #expect(second.photos == first.photos)
    #expect(second.problems == first.problems, "a bad file is listed again, from the index")

    // b.jpg changes (a new date and size): read again; the stale row is not used.
    try write(try photoBytes(width: 80, date: EXIFDate(year: 2020, month: 2, day: 3)), dir + "/b.jpg")
    let third = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    #expect(third.read == 1 && third.reused == 2)
    #expect(third.photos.map(\.name) == ["b.jpg", "a.jpg"])
    #expect(third.photos[0].size.width == 80)

    // a.jpg goes: gone from the library and from the index.
    unlink(dir + "/a.jpg")
    let fourth = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    #expect(fourth.photos.map(\.name) == ["b.jpg"])
    #expect(fourth.reused == 2 && fourth.read == 0)
  }

  @Test func aFileThatVanishesBetweenListingAndReadingIsAProblemNotAnError() throws {
    let dir = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for name in ["a.jpg", "b.jpg"] {
      try write(try photoBytes(date: EXIFDate(year: 2022, month: 1, day: 1)), dir + "/" + name)
    }
    let library = try LibraryScanner(folder: dir, index: nil).run(afterListing: { _ in unlink(dir + "/b.jpg") })
    #expect(library.photos.map(\.name) == ["a.jpg"])
    #expect(
      library.problems == [LibraryProblem(name: "b.jpg", reason: "the file vanished after the folder was listed")])
  }

  @Test(arguments: ["garbage", "empty-db", "other-folder", "bad-rows"])
  func aCorruptOrForeignIndexIsRebuiltNeverTrusted(kind: String) throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    try write(try photoBytes(date: EXIFDate(year: 2022, month: 1, day: 1)), dir + "/a.jpg")
    let cache = try CacheFolder(cacheDir)
    let index = try LibraryIndex(folder: dir, cache: cache)
    _ = try LibraryScanner(folder: dir, index: index).run()
    let file = index.path
    switch kind {
    case "garbage":
      // Not a database at all: SQLite's header overwritten.
      try write(Array(repeating: 0x41, count: 4096), file)
    case "empty-db":
      try write([], file)
    case "other-folder":
      // A valid index, of another folder, at this folder's name.
      let other = temporaryFolder()
      defer { try? FileManager.default.removeItem(atPath: other) }
      let foreign = try LibraryIndex(file: cacheDir + "/foreign.sqlite", folder: other)
      try foreign.update([
        IndexedFile(
          name: "a.jpg", byteCount: 1, modified: 1,
          header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 9, height: 9)), problem: nil)
      ])
      unlink(file)
      #expect(rename(cacheDir + "/foreign.sqlite", file) == 0)
    default:
      // Rows out of range: ignored, their files read again.
      try index.update([
        IndexedFile(
          name: "a.jpg",
          byteCount: Int64(try FileManager.default.attributesOfItem(atPath: dir + "/a.jpg")[.size] as! Int),
          modified: modifiedTime(dir + "/a.jpg"),
          header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: -5, height: 0)), problem: nil)
      ])
    }
    let reopened = try LibraryIndex(folder: dir, cache: cache)
    // (An empty file is an empty database: used as a new index.)
    if kind == "garbage" || kind == "other-folder" { #expect(reopened.rebuildReason != nil, "says it rebuilt") }
    let library = try LibraryScanner(folder: dir, index: reopened).run()
    #expect(library.photos.map(\.size) == [PixelSize(width: 64, height: 48)], "the file's own header, not the index's")
    #expect(library.read == 1)
  }

  @Test func aLinkAtTheIndexNameIsRefusedNotFollowed() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    let cache = try CacheFolder(cacheDir)
    let path = try LibraryIndex(folder: dir, cache: cache).path
    unlink(path)
    let victim = cacheDir + "/victim.txt"
    try write(Array("keep me".utf8), victim)
    #expect(symlink(victim, path) == 0)
    #expect(throws: LibraryError.self) { try LibraryIndex(folder: dir, cache: cache) }
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
  }
}

func modifiedTime(_ path: String) -> Int64 {
  var info = stat()
  stat(path, &info)
  return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
}

@Suite struct PlaceholderColorTests {
  @Test func colorsLearntFromThumbnailsComeBackAsPlaceholdersAndAChangedFileLosesIts() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    try write(try photoBytes(date: EXIFDate(year: 2024, month: 1, day: 1)), dir + "/a.jpg")
    let cache = try CacheFolder(cacheDir)
    let first = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    #expect(first.photos[0].placeholder == nil, "nothing decoded yet")
    // The loader works the colour out while decoding; the viewer writes it back.
    let loader = ThumbnailLoader(store: nil, workers: 1)
    defer { loader.stop() }
    loader.request(first.photos[0], level: 2, size: ImageCache.levelSize(first.photos[0].size, level: 2))
    loader.waitUntilIdle()
    let done = try #require(loader.takeReady().first)
    let color = try #require(done.averageColor)
    // photoBytes is a flat (200, 120, 40) image: its JPEG averages close to it.
    #expect(abs(Int(color >> 16) - 200) < 8 && abs(Int(color >> 8 & 0xFF) - 120) < 8 && abs(Int(color & 0xFF) - 40) < 8)
    try LibraryIndex(folder: dir, cache: cache).setColors(["a.jpg": color, "gone.jpg": 0x123456])
    let second = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    #expect(second.photos[0].placeholder == color)
    // Rewritten: its colour is not trusted any more.
    try write(try photoBytes(width: 70, date: EXIFDate(year: 2024, month: 1, day: 1)), dir + "/a.jpg")
    let third = try LibraryScanner(folder: dir, index: LibraryIndex(folder: dir, cache: cache)).run()
    #expect(third.photos[0].placeholder == nil)
  }

  @Test func thePainterDrawsThePlaceholderUntilThePhotoArrives() throws {
    let photo = Photo(
      name: "p.jpg", size: PixelSize(width: 400, height: 300), source: .file("/nonexistent/p.jpg"),
      placeholder: 0x336699)
    let painter = ElementPainter(cache: ImageCache(samples: nil), font: nil)
    var asked: [Int] = []
    painter.requestImage = { request in
      asked.append(request.level)
      return true
    }
    var canvas = Canvas(pixelSize: PixelSize(width: 40, height: 30), scale: 1)
    let element = LayoutAttributes(id: .cell(0), center: Point(x: 20, y: 15), size: Size(width: 40, height: 30))
    painter.draw(
      element, photo: photo, style: ElementStyle(), on: &canvas, origin: .zero,
      clip: Rect(x: 0, y: 0, width: 40, height: 30))
    #expect(asked.count == 1, "requested, not decoded on the frame")
    #expect(painter.missingCount == 1)
    let p = canvas.image[20, 15]
    #expect(p.r == 0x33 && p.g == 0x66 && p.b == 0x99, "\(p)")
  }
}
