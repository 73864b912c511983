import Foundation
import LayoutCore
import Raster
import Testing

/// Golden-image tests: small scenes drawn and compared with PNGs in
/// `Golden/`, pixel by pixel with a tolerance (font rasterisers and libm
/// may differ by a few levels between machines).
///
/// Re-record with `SCROLLWORK_RECORD=1 swift test --filter GoldenTests`;
/// a missing golden file is recorded and the test fails once.
@Suite struct GoldenTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path

  /// Compares `image` with `Golden/<name>.png`: a pixel differs when any
  /// channel is more than `tolerance` levels off; at most `allowed` of the
  /// pixels may differ.
  func assertGolden(_ image: RGBAImage, _ name: String, tolerance: Int = 6, allowed: Double = 0.002) throws {
    let path = Self.folder + "/" + name + ".png"
    let record = ProcessInfo.processInfo.environment["SCROLLWORK_RECORD"] == "1"
    if record || !FileManager.default.fileExists(atPath: path) {
      try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
      try writeFile(PNGEncoder.encode(image), to: path)
      if !record { Issue.record("recorded missing golden \(name).png; run again") }
      return
    }
    let golden = try ImageDecoder().decode(file: path)
    try #require(golden.size == image.size, "\(name): size \(image.size) vs golden \(golden.size)")
    var differing = 0
    var worst = 0
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
      var d = 0
      for k in 0..<4 { d = max(d, abs(Int(image.pixels[i + k]) - Int(golden.pixels[i + k]))) }
      worst = max(worst, d)
      if d > tolerance { differing += 1 }
    }
    let fraction = Double(differing) / Double(image.width * image.height)
    if fraction > allowed {
      try? writeFile(PNGEncoder.encode(image), to: NSTemporaryDirectory() + name + "-actual.png")
    }
    let actual = NSTemporaryDirectory() + name + "-actual.png"
    #expect(
      fraction <= allowed, "\(name): \(differing) pixels off by more than \(tolerance) (worst \(worst)); see \(actual)")
  }

  func painter() -> ElementPainter {
    let font = try? Font.named("DejaVu Sans:bold")
    return ElementPainter(cache: ImageCache(samples: SampleRenderer(font: font)), font: font)
  }

  /// Every attribute the renderer honours, one element each.
  @Test func elementsScene() throws {
    let painter = painter()
    let photos = SampleAlbum.photos(count: 6)
    var canvas = Canvas(pixelSize: PixelSize(width: 240, height: 160), scale: 2, background: Color(hex: 0x101014))
    let clip = Rect(x: 0, y: 0, width: 120, height: 80)
    let elements: [(LayoutAttributes, Photo?, ElementStyle)] = [
      // A 3:1 panorama aspect-filled into a square, rounded.
      (
        LayoutAttributes(id: .cell(0), center: Point(x: 20, y: 20), size: Size(width: 32, height: 32)), photos[5],
        ElementStyle(cornerRadius: 6)
      ),
      // Scaled 1.3× and turned ~20°, at 60 % alpha.
      (
        LayoutAttributes(
          id: .cell(1), center: Point(x: 60, y: 22), size: Size(width: 30, height: 22),
          transform: AffineTransform(a: 1.3 * 0.94, b: 1.3 * 0.342, c: -1.3 * 0.342, d: 1.3 * 0.94, tx: 0, ty: 0),
          alpha: 0.6), photos[0], ElementStyle()
      ),
      // A content rect wider than the element, shifted (parallax), with the header overlay.
      (
        LayoutAttributes(
          id: .cell(2), center: Point(x: 100, y: 20), size: Size(width: 30, height: 30),
          extras: AttributeExtras(contentRect: Rect(x: -12, y: 0, width: 54, height: 30), overlayAlpha: 0.5)),
        photos[2], ElementStyle()
      ),
      // A header: a fill and a label.
      (
        LayoutAttributes(
          id: ElementID(kind: .header, section: 0, item: 0), center: Point(x: 60, y: 55),
          size: Size(width: 110, height: 16)), nil,
        ElementStyle(
          fill: Color(hex: 0x2C2C2E), cornerRadius: 4, label: "Header 1", labelSize: 9, labelPlacement: .bottomLeading)
      ),
      // Half outside the clip.
      (
        LayoutAttributes(id: .cell(3), center: Point(x: 118, y: 72), size: Size(width: 20, height: 14)), photos[3],
        ElementStyle(label: "4", labelSize: 8)
      ),
    ]
    for (a, photo, style) in elements {
      painter.draw(a, photo: photo, style: style, on: &canvas, origin: .zero, clip: clip)
    }
    painter.drawIndexLabel(elements[0].0, on: &canvas, origin: .zero, clip: clip)
    painter.drawCenterLine(in: clip, on: &canvas)
    #expect(painter.failures.isEmpty)
    try assertGolden(canvas.image, "elements")
  }

  /// The sample album's first six photos, small.
  @Test func samplePhotos() throws {
    let font = try? Font.named("DejaVu Sans:bold")
    let renderer = SampleRenderer(font: font)
    var canvas = Canvas(pixelSize: PixelSize(width: 300, height: 190), background: .white)
    for (i, photo) in SampleAlbum.photos(count: 6).enumerated() {
      guard case .sample(let sample) = photo.source else { continue }
      let scale = 90 / Double(max(photo.size.width, photo.size.height))
      let size = PixelSize(width: Int(Double(photo.size.width) * scale), height: Int(Double(photo.size.height) * scale))
      let image = renderer.render(sample, size: size)
      let rect = Rect(
        x: Double(5 + (i % 3) * 98), y: Double(i < 3 ? 0 : 95), width: Double(size.width), height: Double(size.height))
      canvas.drawQuad(
        size: rect.size, transform: AffineTransform(translationX: rect.minX, y: rect.minY),
        paint: .image(
          image, imageRect: Rect(origin: .zero, size: rect.size), visibleRect: Rect(origin: .zero, size: rect.size),
          fallback: .black))
    }
    try assertGolden(canvas.image, "sample-photos")
  }

  /// A JPEG decoded at 1/4 in the DCT, box-filtered and drawn shrunk.
  @Test func thumbnailOfADecodedJPEG() throws {
    let bytes = Fixtures.jpeg(Fixtures.quadrants(width: 320, height: 240), quality: 90)
    let image = try ImageDecoder().decode(bytes, atLeast: PixelSize(width: 48, height: 36))
    var canvas = Canvas(pixelSize: PixelSize(width: 64, height: 48), background: .black)
    canvas.drawQuad(
      size: Size(width: 48, height: 36), transform: AffineTransform(translationX: 8, y: 6),
      paint: .image(
        image, imageRect: Rect(x: 0, y: 0, width: 48, height: 36), visibleRect: Rect(x: 0, y: 0, width: 48, height: 36),
        fallback: .black),
      cornerRadius: 8)
    try assertGolden(canvas.image, "jpeg-thumbnail")
  }
}
