import Raster
import Testing

@Suite struct CacheTests {
  @Test func levelsPickTheSmallestSizeStillBigEnough() {
    let size = PixelSize(width: 1000, height: 800)
    #expect(ImageCache.level(for: size, atLeast: PixelSize(width: 1000, height: 800)) == 0)
    #expect(ImageCache.level(for: size, atLeast: PixelSize(width: 501, height: 10)) == 0)
    #expect(ImageCache.level(for: size, atLeast: PixelSize(width: 500, height: 400)) == 1)
    #expect(ImageCache.level(for: size, atLeast: PixelSize(width: 240, height: 190)) == 2)
    #expect(ImageCache.level(for: size, atLeast: PixelSize(width: 0, height: 0)) == 10)
    #expect(ImageCache.level(for: size, atLeast: PixelSize(width: 5000, height: 1)) == 0)
  }

  @Test func memoryStaysWithinTheBound() throws {
    let photos = SampleAlbum.photos(count: 12)
    let limit = 300_000
    let cache = ImageCache(byteLimit: limit, samples: SampleRenderer(font: nil))
    var seed: UInt64 = 0x5EED
    for step in 0..<200 {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      let photo = photos[Int(seed >> 33) % photos.count]
      let side = 20 + Int((seed >> 20) % 300)
      let image = try cache.image(for: photo, atLeast: PixelSize(width: side, height: side))
      #expect(image.width >= Swift.min(side, photo.size.width) || image.height >= Swift.min(side, photo.size.height))
      #expect(cache.byteCount <= limit, "step \(step) seed 0x5EED: \(cache.byteCount) > \(limit)")
    }
    #expect(cache.hits > 0 && cache.misses > 0)
  }

  @Test func leastRecentlyUsedGoesFirst() throws {
    let photos = SampleAlbum.photos(count: 3)
    let small = PixelSize(width: 60, height: 60)
    let probe = ImageCache(samples: SampleRenderer(font: nil))
    let one = try probe.image(for: photos[0], atLeast: small).byteCount
    let cache = ImageCache(byteLimit: one * 2 + one / 2, samples: SampleRenderer(font: nil))
    _ = try cache.image(for: photos[0], atLeast: small)
    _ = try cache.image(for: photos[1], atLeast: small)
    _ = try cache.image(for: photos[0], atLeast: small)  // 0 is now the most recent
    #expect(cache.hits == 1)
    _ = try cache.image(for: photos[2], atLeast: small)  // evicts 1
    #expect(cache.count == 2)
    _ = try cache.image(for: photos[0], atLeast: small)
    #expect(cache.hits == 2, "photo 0 stayed")
    _ = try cache.image(for: photos[1], atLeast: small)
    #expect(cache.misses == 4, "photo 1 was evicted and decoded again")
  }

  /// Photos whose sizes changed lose every level; the others keep theirs
  /// (served again without a decode).
  @Test func removingSomePhotosKeepsTheOthers() throws {
    let photos = SampleAlbum.photos(count: 3)
    let cache = ImageCache(samples: SampleRenderer(font: nil))
    for photo in photos {
      _ = try cache.image(for: photo, atLeast: PixelSize(width: 40, height: 40))
      _ = try cache.image(for: photo, atLeast: PixelSize(width: 10, height: 10))
    }
    #expect(cache.count == 6 && cache.misses == 6)
    cache.removeImages(of: [photos[1].source])
    #expect(cache.count == 4)
    #expect(cache.cachedImage(for: photos[1], atLeast: PixelSize(width: 10, height: 10)).image == nil)
    _ = try cache.image(for: photos[0], atLeast: PixelSize(width: 40, height: 40))
    _ = try cache.image(for: photos[2], atLeast: PixelSize(width: 10, height: 10))
    #expect(cache.misses == 6, "the other photos' images stayed")
    cache.removeImages(of: [])
    #expect(cache.count == 4)
  }

  @Test func imagesLargerThanTheBoundAreNotKept() throws {
    let cache = ImageCache(byteLimit: 1000, samples: SampleRenderer(font: nil))
    let image = try cache.image(for: SampleAlbum.photos(count: 1)[0], atLeast: PixelSize(width: 100, height: 100))
    #expect(image.byteCount > 1000)
    #expect(cache.count == 0 && cache.byteCount == 0)
  }

  @Test func failuresAreRememberedAndNotRetried() {
    let cache = ImageCache()
    let photo = Photo(name: "gone.jpg", size: PixelSize(width: 10, height: 10), source: .file("/nonexistent/gone.jpg"))
    #expect(throws: DecodeError.unreadable("no such file")) {
      try cache.image(for: photo, atLeast: PixelSize(width: 5, height: 5))
    }
    #expect(throws: DecodeError.unreadable("no such file")) {
      try cache.image(for: photo, atLeast: PixelSize(width: 9, height: 9))
    }
    #expect(cache.misses == 1)
    #expect(cache.failure(for: photo) == .unreadable("no such file"))
  }
}

@Suite struct SampleAlbumTests {
  @Test func twentyFourPhotosInEveryAspect() {
    let photos = SampleAlbum.photos()
    #expect(photos.count == 24)
    let ratios = Set(photos.map { Double($0.size.width) / Double($0.size.height) }.map { ($0 * 100).rounded() })
    #expect(ratios == [133, 75, 178, 100, 56, 300], "4:3 3:4 16:9 1:1 9:16 3:1")
    #expect(SampleAlbum.photos(count: -3).isEmpty)
    // Neighbours differ in aspect, so the album is visibly mixed.
    for (a, b) in zip(photos, photos.dropFirst()) { #expect(a.size != b.size) }
  }

  @Test func renderingIsDeterministicAndPhotosDiffer() throws {
    let font = try? Font.named("DejaVu Sans:bold")
    let renderer = SampleRenderer(font: font)
    let photos = SampleAlbum.photos(count: 2)
    guard case .sample(let first) = photos[0].source, case .sample(let second) = photos[1].source else {
      Issue.record("samples expected")
      return
    }
    let a = renderer.render(first, size: PixelSize(width: 120, height: 90))
    let b = SampleRenderer(font: font).render(first, size: PixelSize(width: 120, height: 90))
    #expect(a == b)
    #expect(a.isOpaque)
    let c = renderer.render(second, size: PixelSize(width: 120, height: 90))
    #expect(a != c)
  }
}
