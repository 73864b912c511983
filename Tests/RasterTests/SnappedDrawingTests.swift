import LayoutCore
import Raster
import Testing

/// Pixel-snapped drawing: an element that is only translated, opaque,
/// undarkened and square-cornered is drawn as a copy of its photo
/// resampled once to the pixels it covers.
@Suite struct SnappedDrawingTests {
  static let photos = SampleAlbum.photos(count: 6)

  func painter(snaps: Bool = true) -> ElementPainter {
    let painter = ElementPainter(cache: ImageCache(samples: SampleRenderer(font: nil)), font: nil)
    painter.snapsToPixels = snaps
    return painter
  }

  func canvas() -> Canvas { Canvas(pixelSize: PixelSize(width: 200, height: 160), scale: 2, background: .black) }

  func tile(
    at center: Point, size: Size = Size(width: 40, height: 30), transform: AffineTransform = .identity
  )
    -> LayoutAttributes
  {
    LayoutAttributes(id: .cell(0), center: center, size: size, transform: transform)
  }

  /// The largest difference of any channel between two images.
  func worst(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  /// On whole pixels, the copy is the quad the unsnapped path draws, to
  /// rounding (the resample walks pixels where the quad walks points).
  @Test func onWholePixelsTheCopyMatchesTheQuad() {
    for photo in Self.photos {
      var snapped = canvas()
      var exact = canvas()
      let element = tile(at: Point(x: 40, y: 30))  // 60×45 px from (40, 30) px
      painter().draw(
        element, photo: photo, style: ElementStyle(), on: &snapped, origin: .zero,
        clip: Rect(origin: .zero, size: snapped.size))
      painter(snaps: false).draw(
        element, photo: photo, style: ElementStyle(), on: &exact, origin: .zero,
        clip: Rect(origin: .zero, size: exact.size))
      #expect(worst(snapped.image, exact.image) <= 2, "\(photo.name)")
    }
  }

  /// Off whole pixels the element's edges snap: every pixel of the
  /// rounded rectangle is the photo, none outside it changes, and moving
  /// by whole pixels moves the same pixels.
  @Test func offWholePixelsTheElementSnapsAndMovesByWholePixels() {
    let painter = painter()
    let photo = Self.photos[1]
    var first = canvas()
    // x from 20.3 pt (40.6 px → 41) to 60.3 pt (120.6 → 121, 80 px wide); y 15.2 → 30.4 → 30, 60 px high.
    painter.draw(
      tile(at: Point(x: 40.3, y: 30.2)), photo: photo, style: ElementStyle(fill: .white), on: &first, origin: .zero,
      clip: Rect(origin: .zero, size: first.size))
    var second = canvas()
    // 3 px right and 5 px down (1.5 and 2.5 points).
    painter.draw(
      tile(at: Point(x: 41.8, y: 32.7)), photo: photo, style: ElementStyle(fill: .white), on: &second, origin: .zero,
      clip: Rect(origin: .zero, size: second.size))
    let a = first.image
    let b = second.image
    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
      Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
    }
    var inside = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let within = (41..<121).contains(x) && (30..<90).contains(y)
        if within {
          inside += 1
          #expect(pixel(a, x, y) == pixel(b, x + 3, y + 5))
          #expect(pixel(a, x, y)[3] == 255)
        } else {
          #expect(pixel(a, x, y) == [0, 0, 0, 255], "(\(x), \(y)) outside the snapped element changed")
        }
      }
    }
    #expect(inside == 80 * 60)
    #expect(painter.keptTileCount == 1)
  }

  /// The photo is resampled once: drawing again at other offsets copies
  /// the kept tile; another size makes another.
  @Test func tilesAreKeptBySize() {
    let painter = painter()
    var canvas = canvas()
    for dy in stride(from: 0.0, to: 10, by: 0.25) {
      painter.draw(
        tile(at: Point(x: 40, y: 30 + dy)), photo: Self.photos[0], style: ElementStyle(), on: &canvas, origin: .zero,
        clip: Rect(origin: .zero, size: canvas.size))
    }
    #expect(painter.keptTileCount == 1)
    painter.draw(
      tile(at: Point(x: 40, y: 30), size: Size(width: 41, height: 30)), photo: Self.photos[0], style: ElementStyle(),
      on: &canvas, origin: .zero, clip: Rect(origin: .zero, size: canvas.size))
    #expect(painter.keptTileCount == 2)
  }

  /// While the wanted level loads elsewhere, a stand-in level is drawn
  /// snapped from a tile of its own, made once (the same pixels as its
  /// quad, to rounding), and that tile goes when the wanted level's
  /// arrives.
  @Test func aStandInIsResampledOnceAndReplacedByTheWantedLevel() throws {
    let photo = Self.photos[4]
    let element = tile(at: Point(x: 40, y: 30))  // 80×60 px
    let wanted = ImageCache.level(for: photo.size, atLeast: PixelSize(width: 80, height: 60))
    let coarse = try ImageCache(samples: SampleRenderer(font: nil))
      .image(for: photo, atLeast: ImageCache.levelSize(photo.size, level: wanted + 1))
    var requests: [ElementPainter.ImageRequest] = []
    let quad = painter(snaps: false)
    let painter = painter()
    painter.cache.insert(coarse, for: photo, level: wanted + 1)
    painter.requestImage = {
      requests.append($0); return true
    }
    quad.cache.insert(coarse, for: photo, level: wanted + 1)
    quad.requestImage = { _ in true }
    var a = canvas()
    var b = canvas()
    for dy in [0.0, 0.5, 1, 1.5] {
      a = canvas()
      painter.draw(
        tile(at: Point(x: 40, y: 30 + dy)), photo: photo, style: ElementStyle(), on: &a, origin: .zero,
        clip: Rect(origin: .zero, size: a.size))
    }
    quad.draw(
      tile(at: Point(x: 40, y: 31.5)), photo: photo, style: ElementStyle(), on: &b, origin: .zero,
      clip: Rect(origin: .zero, size: b.size))
    #expect(painter.missingCount == 4, "each frame drew a stand-in")
    // The stand-in is a preview at half the element's pixels, each of its
    // pixels copied to 2×2: the element at (40, 33) px, 80×60 px.
    let half = ElementPainter.makeTile(
      coarse, photoSize: photo.size, ElementPainter.TileRequest(width: 40, height: 30, fill: ElementStyle().fill))
    var differences = 0
    for y in 0..<a.image.height {
      for x in 0..<a.image.width {
        let at = (y * a.image.width + x) * 4
        let drawn = Array(a.image.pixels[at..<at + 4])
        if (40..<120).contains(x), (33..<93).contains(y) {
          let from = ((y - 33) / 2 * half.width + (x - 40) / 2) * 4
          #expect(drawn == Array(half.pixels[from..<from + 4]), "(\(x), \(y))")
          differences += zip(drawn, b.image.pixels[at..<at + 4]).map { abs(Int($0) - Int($1)) }.reduce(0, +)
        } else {
          #expect(drawn == [0, 0, 0, 255], "(\(x), \(y)) outside the element changed")
        }
      }
    }
    // Clipped to start at an odd pixel of a pair (row 34, column 41): the same pixels there.
    var clipped = canvas()
    painter.draw(
      tile(at: Point(x: 40, y: 31.5)), photo: photo, style: ElementStyle(), on: &clipped, origin: .zero,
      clip: Rect(x: 20.5, y: 17, width: 60, height: 60))
    for y in 33..<93 {
      for x in 40..<120 {
        let at = (y * a.image.width + x) * 4
        let expected = y >= 34 && x >= 41 ? Array(a.image.pixels[at..<at + 4]) : [0, 0, 0, 255]
        #expect(Array(clipped.image.pixels[at..<at + 4]) == expected, "(\(x), \(y))")
      }
    }
    // Close to the full-resolution quad of the same stand-in on average.
    #expect(Double(differences) / Double(80 * 60 * 4) < 6, "\(Double(differences) / Double(80 * 60 * 4))")
    #expect(painter.keptTileCount(of: photo) == 1, "the stand-in was resampled once")
    #expect(!painter.prefetch(element, photo: photo, scale: 2), "still loading: asked for again")
    let request = try #require(requests.last?.tile)
    #expect(requests.last?.level == wanted)
    // The wanted level and its tile arrive (as a loader delivers them).
    let full = try ImageCache(samples: SampleRenderer(font: nil))
      .image(for: photo, atLeast: ImageCache.levelSize(photo.size, level: wanted))
    painter.cache.insert(full, for: photo, level: wanted)
    painter.insertTile(
      ElementPainter.makeTile(full, photoSize: photo.size, request), of: photo,
      source: PixelSize(width: full.width, height: full.height), for: request)
    #expect(painter.keptTileCount(of: photo) == 1, "the stand-in's tile was replaced")
    #expect(painter.prefetch(element, photo: photo, scale: 2), "held at its size: nothing left to do")
    var c = canvas()
    painter.draw(
      element, photo: photo, style: ElementStyle(), on: &c, origin: .zero, clip: Rect(origin: .zero, size: c.size))
    #expect(painter.keptTileCount(of: photo) == 1)
    #expect(c.image != a.image, "the wanted level is drawn now")
  }

  /// Forgetting one photo drops its tiles and decoded levels only.
  @Test func removingOnePhotoKeepsTheOthersTiles() {
    let painter = painter()
    var canvas = canvas()
    for photo in Self.photos.prefix(2) {
      painter.draw(
        tile(at: Point(x: 40, y: 30)), photo: photo, style: ElementStyle(), on: &canvas, origin: .zero,
        clip: Rect(origin: .zero, size: canvas.size))
    }
    #expect(painter.keptTileCount == 2)
    let decoded = painter.cache.count
    painter.removeImages(of: [Self.photos[0].source])
    #expect(painter.keptTileCount == 1)
    #expect(painter.cache.count < decoded && painter.cache.count > 0)
    #expect(painter.cache.cachedImage(for: Self.photos[1], atLeast: PixelSize(width: 1, height: 1)).image != nil)
    #expect(painter.cache.cachedImage(for: Self.photos[0], atLeast: PixelSize(width: 1, height: 1)).image == nil)
  }

  /// Elements that are scaled, rotated, translucent, darkened or rounded
  /// are drawn as quads, exactly as without snapping.
  @Test func otherElementsAreQuadsAsBefore() {
    let cases: [(LayoutAttributes, ElementStyle)] = [
      (tile(at: Point(x: 40.3, y: 30.2), transform: AffineTransform(scale: 1.2)), ElementStyle()),
      (
        tile(
          at: Point(x: 40.3, y: 30.2), transform: AffineTransform(a: 0.94, b: 0.342, c: -0.342, d: 0.94, tx: 0, ty: 0)),
        ElementStyle()
      ),
      (
        LayoutAttributes(id: .cell(0), center: Point(x: 40.3, y: 30.2), size: Size(width: 40, height: 30), alpha: 0.5),
        ElementStyle()
      ),
      (
        LayoutAttributes(
          id: .cell(0), center: Point(x: 40.3, y: 30.2), size: Size(width: 40, height: 30),
          extras: AttributeExtras(overlayAlpha: 0.4)), ElementStyle()
      ),
      (tile(at: Point(x: 40.3, y: 30.2)), ElementStyle(cornerRadius: 6)),
    ]
    for (element, style) in cases {
      let snapping = painter()
      var a = canvas()
      var b = canvas()
      snapping.draw(
        element, photo: Self.photos[2], style: style, on: &a, origin: .zero, clip: Rect(origin: .zero, size: a.size))
      painter(snaps: false).draw(
        element, photo: Self.photos[2], style: style, on: &b, origin: .zero, clip: Rect(origin: .zero, size: b.size))
      #expect(a.image == b.image)
      #expect(snapping.keptTileCount == 0)
    }
  }

  /// A content rectangle that leaves part of the element uncovered (a
  /// parallax shift) shows the style's fill there; the clip holds.
  @Test func uncoveredPixelsTakeTheFillAndTheClipHolds() {
    var canvas = canvas()
    let element = LayoutAttributes(
      id: .cell(0), center: Point(x: 50, y: 40), size: Size(width: 40, height: 30),
      extras: AttributeExtras(contentRect: Rect(x: 10, y: 0, width: 40, height: 30)))
    let clip = Rect(x: 0, y: 0, width: 60, height: 80)  // x < 120 px
    painter().draw(
      element, photo: Self.photos[3], style: ElementStyle(fill: Color(hex: 0x00FF00)), on: &canvas, origin: .zero,
      clip: clip)
    let image = canvas.image
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
    }
    // Element: x 60..<140 px, y 50..<110 px; content from x 80 px; clip to x 120.
    #expect(pixel(60, 60) == [0, 255, 0, 255])
    #expect(pixel(79, 109) == [0, 255, 0, 255])
    #expect(pixel(80, 60) != [0, 255, 0, 255])
    #expect(pixel(119, 60)[3] == 255)
    #expect(pixel(120, 60) == [0, 0, 0, 255])
    #expect(pixel(59, 60) == [0, 0, 0, 255])
    #expect(pixel(100, 49) == [0, 0, 0, 255])
    #expect(pixel(100, 110) == [0, 0, 0, 255])
  }

  /// Hostile geometry never traps and draws nothing or a quad.
  @Test func hostileGeometryIsRefused() {
    let painter = painter()
    var canvas = canvas()
    let bad: [LayoutAttributes] = [
      tile(at: Point(x: 1e300, y: 0)),
      tile(at: Point(x: 40, y: 30), size: Size(width: 1e12, height: 30)),
      LayoutAttributes(
        id: .cell(0), center: Point(x: 40, y: 30), size: Size(width: 40, height: 30),
        extras: AttributeExtras(contentRect: Rect(x: 0, y: 0, width: 1e9, height: 1e9))),
      LayoutAttributes(
        id: .cell(0), center: Point(x: 40, y: 30), size: Size(width: 40, height: 30),
        extras: AttributeExtras(contentRect: Rect(x: .nan, y: 0, width: 40, height: 30))),
      tile(at: Point(x: 40, y: 30), size: Size(width: 0.1, height: 0.1)),
    ]
    for element in bad {
      painter.draw(
        element, photo: Self.photos[0], style: ElementStyle(), on: &canvas, origin: .zero,
        clip: Rect(origin: .zero, size: canvas.size))
    }
    #expect(painter.keptTileCount <= 1)
  }
}
