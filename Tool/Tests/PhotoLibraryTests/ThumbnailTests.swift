import Foundation
import LayoutCore
import PhotoLibrary
import Raster
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ThumbnailTests {
  /// A folder of `count` JPEGs of 800×600 and the library scanned from it.
  func library(_ dir: String, count: Int) throws -> [Photo] {
    for i in 0..<count {
      let image = RGBAImage(width: 800, height: 600, fill: (UInt8(i * 40 % 256), 90, 160, 255))
      try write(
        SyntheticLibrary.withEXIF(
          try JPEGEncoder.encode(image), date: EXIFDate(year: 2021, month: 1, day: i + 1), orientation: 1),
        dir + "/p\(i).jpg")
    }
    return try LibraryScanner(folder: dir, index: nil).run().photos
  }

  @Test func theLoaderDecodesOffTheCallerAndTheStoreAnswersTheSecondTime() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    let photos = try library(dir, count: 4)
    let store = try ThumbnailStore(cache: CacheFolder(cacheDir))
    let cache = ImageCache(samples: nil)
    let loader = ThumbnailLoader(store: store, workers: 2)
    defer { loader.stop() }
    let need = PixelSize(width: 180, height: 130)
    for photo in photos {
      let found = cache.cachedImage(for: photo, atLeast: need)
      #expect(found.image == nil && !found.exact)
      loader.request(photo, level: found.level, size: ImageCache.levelSize(photo.size, level: found.level))
    }
    loader.waitUntilIdle()
    let delivered = loader.deliver(into: cache)
    #expect(delivered.count == 4)
    #expect(delivered.allSatisfy { $0.averageColor != nil })
    for photo in photos {
      let found = cache.cachedImage(for: photo, atLeast: need)
      #expect(found.exact)
      #expect(found.image.map { $0.width >= 180 && $0.height >= 130 && $0.width <= 400 } == true, "DCT-scaled")
    }
    #expect(loader.statistics.storeHits == 0)

    // A second loader (a second start): every thumbnail from the disk store, the same size.
    let second = ThumbnailLoader(store: store, workers: 1)
    defer { second.stop() }
    let level = ImageCache.level(for: photos[0].size, atLeast: need)
    second.request(photos[0], level: level, size: ImageCache.levelSize(photos[0].size, level: level))
    second.waitUntilIdle()
    let done = second.takeReady()
    #expect(second.statistics.storeHits == 1)
    #expect((try? done.first?.result.get())?.size == (try? cache.image(for: photos[0], atLeast: need))?.size)
  }

  @Test func requestsNotRenewedAreCancelledAndFailuresAreRemembered() throws {
    let dir = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let photos = try library(dir, count: 3)
    // The third file breaks after indexing: its decode fails, once.
    try write(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/p2.jpg")).prefix(200)), dir + "/p2.jpg")
    let cache = ImageCache(samples: nil)
    let loader = ThumbnailLoader(store: nil, workers: 1)
    defer { loader.stop() }
    let broken = photos.first { $0.name == "p2.jpg" }!
    loader.request(broken, level: 2, size: ImageCache.levelSize(broken.size, level: 2))
    loader.waitUntilIdle()
    _ = loader.deliver(into: cache)
    #expect(cache.failure(for: broken) != nil, "the decode's error is kept")
    #expect(throws: DecodeError.self) { try cache.image(for: broken, atLeast: PixelSize(width: 10, height: 10)) }

    // Many requests, then frames pass without renewing them: most are cancelled, none are left.
    let stalled = ThumbnailLoader(store: nil, workers: 1)
    defer { stalled.stop() }
    for level in 0...5 {
      for photo in photos where photo != broken {
        stalled.request(photo, level: level, size: ImageCache.levelSize(photo.size, level: level))
      }
    }
    stalled.nextFrame()
    stalled.nextFrame()
    stalled.nextFrame()
    stalled.waitUntilIdle()
    let stats = stalled.statistics
    #expect(stats.decoded + stats.cancelled == 12)
    #expect(stats.cancelled > 0, "requests that scrolled away are not decoded")
  }

  /// Given a renderer factory, the loader draws the built-in sample
  /// photos off the frame, as the frame would have (the same pixels);
  /// without one it declines them, and the painter then decodes them
  /// during the frame.
  @Test func samplePhotosAreDrawnByTheWorkersWhenTheLoaderHasARenderer() throws {
    let photo = SampleAlbum.photos(count: 3)[2]
    let size = ImageCache.levelSize(photo.size, level: 4)
    let plain = ThumbnailLoader(store: nil, workers: 1)
    defer { plain.stop() }
    #expect(!plain.request(photo, level: 4, size: size))
    let loader = ThumbnailLoader(store: nil, workers: 2, samples: { SampleRenderer(font: nil) })
    defer { loader.stop() }
    #expect(loader.request(photo, level: 4, size: size))
    loader.waitUntilIdle()
    let cache = ImageCache(samples: SampleRenderer(font: nil))
    let done = loader.deliver(into: cache)
    #expect(done.count == 1)
    let image = try #require(try? done.first?.result.get())
    guard case .sample(let sample) = photo.source else { return }
    #expect(image == SampleRenderer(font: nil).render(sample, size: size))
    // A painter with the declining loader draws the sample photo itself.
    let painter = ElementPainter(cache: ImageCache(samples: SampleRenderer(font: nil)), font: nil)
    painter.requestImage = { plain.request($0) }
    var canvas = Canvas(pixelSize: PixelSize(width: 80, height: 60), scale: 1)
    painter.draw(
      LayoutAttributes(id: .cell(0), center: Point(x: 40, y: 30), size: Size(width: 80, height: 60)), photo: photo,
      style: ElementStyle(fill: .white), on: &canvas, origin: .zero, clip: Rect(x: 0, y: 0, width: 80, height: 60))
    #expect(painter.missingCount == 0)
    #expect(painter.cache.count == 1)
  }

  /// A snapped element's photo comes resampled from the worker: the frame
  /// that receives it copies it, and draws the same pixels as a painter
  /// that decodes and resamples during the frame.
  @Test func tilesAreMadeByTheWorkersAndDrawnAsTheFrameWouldMakeThem() throws {
    let photo = SampleAlbum.photos(count: 5)[4]
    let element = LayoutAttributes(
      id: .cell(0), center: Point(x: 40.3, y: 30.6), size: Size(width: 61, height: 47))
    let clip = Rect(x: 0, y: 0, width: 100, height: 80)
    let loader = ThumbnailLoader(store: nil, workers: 1, samples: { SampleRenderer(font: nil) })
    defer { loader.stop() }
    let painter = ElementPainter(cache: ImageCache(samples: nil), font: nil)
    painter.requestImage = { loader.request($0) }
    var canvas = Canvas(pixelSize: PixelSize(width: 200, height: 160), scale: 2)
    painter.beginFrame()
    painter.draw(element, photo: photo, style: ElementStyle(), on: &canvas, origin: .zero, clip: clip)
    #expect(painter.missingCount == 1)
    #expect(painter.keptTileCount == 0)
    loader.waitUntilIdle()
    let done = loader.deliver(to: painter)
    #expect(done.count == 1)
    #expect(done.first?.tile?.request == ElementPainter.TileRequest(width: 122, height: 94, fill: ElementStyle().fill))
    #expect(painter.keptTileCount == 1)
    painter.beginFrame()
    canvas = Canvas(pixelSize: PixelSize(width: 200, height: 160), scale: 2)
    painter.draw(element, photo: photo, style: ElementStyle(), on: &canvas, origin: .zero, clip: clip)
    #expect(painter.missingCount == 0)
    #expect(painter.keptTileCount == 1, "the worker's tile is used, none made in the frame")
    let direct = ElementPainter(cache: ImageCache(samples: SampleRenderer(font: nil)), font: nil)
    var expected = Canvas(pixelSize: PixelSize(width: 200, height: 160), scale: 2)
    direct.draw(element, photo: photo, style: ElementStyle(), on: &expected, origin: .zero, clip: clip)
    #expect(canvas.image == expected.image)
  }

  @Test func theStoreIgnoresAndRemovesABadThumbnailAndTrimsOnlyItsOwnFiles() throws {
    let dir = temporaryFolder()
    let cacheDir = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: cacheDir)
    }
    let photos = try library(dir, count: 1)
    let store = try ThumbnailStore(cache: CacheFolder(cacheDir), byteBudget: 1)
    let loader = ThumbnailLoader(store: store, workers: 1)
    defer { loader.stop() }
    loader.request(photos[0], level: 2, size: ImageCache.levelSize(photos[0].size, level: 2))
    loader.waitUntilIdle()
    let files = try FileManager.default.contentsOfDirectory(atPath: store.folder).filter { $0.hasSuffix(".thumb") }
    #expect(files.count == 1)
    // Corrupt it: the next load decodes the photo again and rewrites the thumbnail.
    try write(Array("SWTHUMB1garbage!garbage".utf8), store.folder + "/" + files[0])
    let again = ThumbnailLoader(store: store, workers: 1)
    defer { again.stop() }
    again.request(photos[0], level: 2, size: ImageCache.levelSize(photos[0].size, level: 2))
    again.waitUntilIdle()
    #expect(again.statistics.storeHits == 0)
    #expect((try? again.takeReady().first?.result.get())?.width == 200)
    // A user's file named like a thumbnail, without the magic: never trimmed.
    try write(Array("mine".utf8), store.folder + "/keep.thumb")
    store.trim()
    #expect(FileManager.default.fileExists(atPath: store.folder + "/keep.thumb"))
    let left = try FileManager.default.contentsOfDirectory(atPath: store.folder).filter { $0 != "keep.thumb" }
    #expect(left.isEmpty, "over the budget: the store's own thumbnails go (\(left))")
  }
}
