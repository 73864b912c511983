import LayoutCore
import Raster
import ScrollworkTestSupport
import Testing

@Suite struct CanvasTests {
  func pixel(_ c: Canvas, _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { c.image[x, y] }

  @Test func pixelAlignedFillIsExactAndStaysInside() {
    var c = Canvas(pixelSize: PixelSize(width: 10, height: 10), background: .black)
    c.fill(Rect(x: 2, y: 3, width: 4, height: 5), Color(red: 1, green: 0, blue: 0))
    #expect(pixel(c, 2, 3) == (255, 0, 0, 255))
    #expect(pixel(c, 5, 7) == (255, 0, 0, 255))
    #expect(pixel(c, 1, 3) == (0, 0, 0, 255))
    #expect(pixel(c, 6, 3) == (0, 0, 0, 255))
    #expect(pixel(c, 2, 8) == (0, 0, 0, 255))
  }

  @Test func edgesAreAntiAliasedByCoverage() {
    var c = Canvas(pixelSize: PixelSize(width: 4, height: 1), background: .black)
    c.fill(Rect(x: 0, y: -1, width: 1.5, height: 3), .white)
    #expect(pixel(c, 0, 0).r == 255)
    #expect((120...136).contains(pixel(c, 1, 0).r), "half-covered pixel: \(pixel(c, 1, 0))")
    #expect(pixel(c, 2, 0).r == 0)
  }

  @Test func opacityBlendsSourceOver() {
    var c = Canvas(pixelSize: PixelSize(width: 2, height: 2), background: .black)
    c.drawQuad(
      size: Size(width: 2, height: 2), transform: .identity, paint: .color(.white), opacity: 0.5)
    #expect((127...128).contains(pixel(c, 0, 0).r))
    #expect(pixel(c, 0, 0).a == 255)
    var clear = Canvas(pixelSize: PixelSize(width: 1, height: 1), background: .clear)
    clear.fill(Rect(x: 0, y: 0, width: 1, height: 1), Color(red: 1, green: 1, blue: 1, alpha: 0.5))
    #expect(pixel(clear, 0, 0) == (128, 128, 128, 128), "premultiplied storage")
  }

  @Test func overlayDarkensBeforeOpacity() {
    var c = Canvas(pixelSize: PixelSize(width: 1, height: 1), background: .black)
    c.drawQuad(size: Size(width: 1, height: 1), transform: .identity, paint: .color(.white), overlay: 0.75)
    #expect((63...64).contains(pixel(c, 0, 0).r))
  }

  @Test func roundedCornersLeaveTheCornerAlone() {
    var c = Canvas(pixelSize: PixelSize(width: 20, height: 20), background: .black)
    c.fill(Rect(x: 0, y: 0, width: 20, height: 20), .white, cornerRadius: 8)
    #expect(pixel(c, 0, 0).r == 0)
    #expect(pixel(c, 10, 0).r == 255)
    #expect(pixel(c, 10, 10).r == 255)
    // A radius above half the side clamps to a circle.
    var d = Canvas(pixelSize: PixelSize(width: 20, height: 20), background: .black)
    d.fill(Rect(x: 0, y: 0, width: 20, height: 20), .white, cornerRadius: 1000)
    #expect(pixel(d, 2, 2).r == 0)
    #expect(pixel(d, 10, 1).r > 200)
  }

  @Test func transformsApplyAndClipHolds() {
    // A 10×2 bar turned a quarter about its centre (10, 10) becomes 2×10.
    var c = Canvas(pixelSize: PixelSize(width: 20, height: 20), background: .black)
    let a = LayoutAttributes(
      id: .cell(0), center: Point(x: 10, y: 10), size: Size(width: 10, height: 2),
      transform: AffineTransform(rotationCos: 0, sin: 1))
    let m = ElementPainter.elementToCanvas(a, origin: .zero)
    c.drawQuad(size: a.size, transform: m, paint: .color(.white), clip: Rect(x: 0, y: 0, width: 20, height: 12))
    #expect(pixel(c, 10, 6).r == 255)
    #expect(pixel(c, 10, 11).r == 255)
    #expect(pixel(c, 10, 13).r == 0, "clipped")
    #expect(pixel(c, 6, 10).r == 0, "no longer horizontal")
  }

  @Test func badGeometryDrawsNothing() {
    var c = Canvas(pixelSize: PixelSize(width: 4, height: 4), background: .black)
    let before = c.image
    c.fill(Rect(x: .nan, y: 0, width: 2, height: 2), .white)
    c.fill(Rect(x: 0, y: 0, width: -2, height: 2), .white)
    c.drawQuad(size: Size(width: 2, height: 2), transform: AffineTransform(scale: 0), paint: .color(.white))
    c.drawQuad(size: Size(width: 2, height: 2), transform: AffineTransform(scale: .infinity), paint: .color(.white))
    c.fill(Rect(x: 0, y: 0, width: 1e300, height: 1e300), .white, clip: Rect(x: 0, y: 0, width: .nan, height: 1))
    #expect(c.image == before)
  }

  @Test func imagesAreSampledBilinearly() {
    // A 2×1 black|white image stretched over 8 pixels rises monotonically.
    let src = RGBAImage(width: 2, height: 1, premultiplied: [0, 0, 0, 255, 255, 255, 255, 255])
    var c = Canvas(pixelSize: PixelSize(width: 8, height: 1), background: .black)
    let rect = Rect(x: 0, y: 0, width: 8, height: 1)
    c.drawQuad(
      size: rect.size, transform: .identity, paint: .image(src, imageRect: rect, visibleRect: rect, fallback: .black))
    let row = (0..<8).map { Int(pixel(c, $0, 0).r) }
    #expect(row.first == 0 && row.last == 255, "\(row)")
    #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 }, "\(row)")
    #expect(Set(row).count >= 4, "a gradient, not a step: \(row)")
  }

  @Test func textDrawsGlyphsWhenTheFontIsFound() throws {
    let font = try Font.named("DejaVu Sans")
    #expect(font.path.hasSuffix(".ttf"))
    var c = Canvas(pixelSize: PixelSize(width: 60, height: 30), background: .black)
    c.draw("42", font: font, size: 20, at: Point(x: 4, y: 24), color: .white)
    let lit = (0..<30).flatMap { y in (0..<60).map { x in c.image[x, y].r } }.filter { $0 > 128 }.count
    #expect(lit > 40, "glyph pixels: \(lit)")
    #expect(font.width(of: "42", pixelSize: 20) > 15)
  }

  /// Clearing all but the inside of rectangles that are then filled with an
  /// opaque colour gives the bits of a full clear and the same fills, from
  /// any earlier content, at any scale and placement.
  @Test func clearingAroundOpaqueFillsGivesTheBitsOfAFullClear() {
    var rng = SplitMix64(seed: propertySeed(7))
    func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
    for i in 0..<200 {
      let scale = [1.0, 2.0, 3.0, 1.37][i % 4]
      let size = PixelSize(width: 8 + Int(rng.next() % 60), height: 8 + Int(rng.next() % 60))
      var earlier = Canvas(pixelSize: size, scale: scale)
      earlier.fill(Rect(x: 0, y: 0, width: 100, height: 100), Color(red: unit(), green: unit(), blue: unit()))
      let rects = (0..<(1 + Int(rng.next() % 3))).map { _ in
        Rect(x: unit() * 30 - 5, y: unit() * 30 - 5, width: unit() * 40, height: unit() * 40)
      }
      let colors = rects.map { _ in Color(red: unit(), green: unit(), blue: unit()) }
      var full = earlier
      full.clear(.black)
      var partial = earlier
      partial.clear(.black, exceptInsideOf: rects + [Rect(x: .nan, y: 0, width: 1, height: 1)])
      for (rect, color) in zip(rects, colors) {
        full.fill(rect, color)
        partial.fill(rect, color)
      }
      let same = full.image == partial.image
      #expect(same, "case \(i): \(rects) at \(scale)x")
    }
  }

  /// Rectangles far from the origin (past 2^32 px) cover nothing: the
  /// fill's coordinates there round by more than the 1 px margin.
  @Test func hugeRectanglesFallBackToAFullClear() {
    let size = PixelSize(width: 200, height: 50)
    var earlier = Canvas(pixelSize: size, scale: 3)
    earlier.fill(Rect(x: 0, y: 0, width: 100, height: 100), Color(red: 0.2, green: 0.9, blue: 0.4))
    let rect = Rect(x: -144_416_076_200_223.5, y: -1, width: 144_416_076_200_266.03, height: 18.67)
    var full = earlier
    full.clear(.black)
    full.fill(rect, .white)
    var partial = earlier
    partial.clear(.black, exceptInsideOf: [rect])
    partial.fill(rect, .white)
    let same = full.image == partial.image
    #expect(same)
  }

  /// An image rectangle so thin that texels per point overflow (a
  /// subnormal width) draws the fallback colour (white: grey where it
  /// covers part of a pixel) instead of reading outside the image (red).
  @Test func aSubnormalImageRectangleDrawsTheFallback() {
    var canvas = Canvas(pixelSize: PixelSize(width: 8, height: 8), scale: 1)
    let image = RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255))
    let width = Double.leastNormalMagnitude / 4
    let thin = Rect(x: 0, y: 0, width: width, height: 8)
    canvas.drawQuad(
      size: Size(width: width, height: 8), transform: AffineTransform(translationX: 2.5, y: 0),
      paint: .image(image, imageRect: thin, visibleRect: thin, fallback: .white))
    var touched = 0
    for y in 0..<8 {
      for x in 0..<8 {
        let p = pixel(canvas, x, y)
        #expect(p.r == p.g && p.g == p.b, "(\(x), \(y)) is \(p)")
        if p.r > 0 { touched += 1 }
      }
    }
    #expect(touched > 0, "the quad covers part of a column")
  }
}

@Suite struct ElementPainterTests {
  @Test func aPhotoThatFailsDrawsTheFillAndIsReported() {
    let painter = ElementPainter(cache: ImageCache(), font: nil)
    let photo = Photo(name: "gone.jpg", size: PixelSize(width: 40, height: 30), source: .file("/nonexistent/gone.jpg"))
    var canvas = Canvas(pixelSize: PixelSize(width: 20, height: 20), background: .black)
    let a = LayoutAttributes(id: .cell(0), center: Point(x: 10, y: 10), size: Size(width: 20, height: 20))
    painter.draw(
      a, photo: photo, style: ElementStyle(fill: Color(red: 0, green: 1, blue: 0)), on: &canvas, origin: .zero,
      clip: Rect(x: 0, y: 0, width: 20, height: 20))
    #expect(canvas.image[10, 10] == (0, 255, 0, 255))
    #expect(painter.failures["gone.jpg"] == .unreadable("no such file"))
  }

  @Test func contentRectPlacesThePhotoAndTheRestShowsTheFill() {
    // A 2×1 red|blue image aspect-filled into the left half of a 20×10 element.
    let image = RGBAImage(width: 2, height: 1, premultiplied: [255, 0, 0, 255, 0, 0, 255, 255])
    var canvas = Canvas(pixelSize: PixelSize(width: 20, height: 10), background: .black)
    let content = Rect(x: 0, y: 0, width: 10, height: 10)
    let filled = Size(width: 2, height: 1).aspectFill(content.size)  // 20×10, centred on the content rect
    canvas.drawQuad(
      size: Size(width: 20, height: 10), transform: .identity,
      paint: .image(
        image, imageRect: Rect(center: content.center, size: filled), visibleRect: content, fallback: .white))
    #expect(canvas.image[1, 5].r > 200 && canvas.image[1, 5].b < 60, "left edge shows the image's middle-left: red")
    #expect(canvas.image[8, 5].b > 200, "right of the content centre: blue")
    #expect(canvas.image[15, 5] == (255, 255, 255, 255), "outside the content rect: the fallback")
  }
}
