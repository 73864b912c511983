@testable import Raster
import Testing

/// The copy under snapped drawing: opaque rows are copied, a row with any
/// translucent pixel blends each pixel source-over.
@Suite struct BlitTests {
  @Test func opaqueRowsCopyAndTranslucentPixelsBlend() {
    var canvas = Canvas(pixelSize: PixelSize(width: 8, height: 3), scale: 1, background: .black)
    canvas.fillPixels(Canvas.PixelRect(x0: 0, y0: 0, x1: 8, y1: 3), Color(red: 0, green: 0, blue: 1, alpha: 1))
    // 5 × 2: row 0 opaque; row 1 opaque but for its last pixel, half
    // transparent (premultiplied 100, 50, 0, 128).
    var pixels: [UInt8] = []
    for y in 0..<2 {
      for x in 0..<5 {
        pixels += y == 1 && x == 4 ? [100, 50, 0, 128] : [UInt8(x * 40), UInt8(y * 90), 7, 255]
      }
    }
    let source = RGBAImage(width: 5, height: 2, premultiplied: pixels)
    canvas.blit(source, x: 2, y: 1, in: Canvas.PixelRect(x0: 0, y0: 0, x1: 8, y1: 3))
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(canvas.image.pixels[(y * 8 + x) * 4..<(y * 8 + x) * 4 + 4]) }
    for y in 1...2 {
      for x in 2..<7 where !(y == 2 && x == 6) {
        #expect(pixel(x, y) == [UInt8((x - 2) * 40), UInt8((y - 1) * 90), 7, 255], "(\(x), \(y))")
      }
    }
    // Blue under half: 100, 50, 255 · (1 − 128/255) ≈ 127, alpha 255.
    let blended = pixel(6, 2)
    #expect(blended[0] == 100 && blended[1] == 50 && abs(Int(blended[2]) - 127) <= 1 && blended[3] == 255)
    // Outside the source: untouched.
    #expect(pixel(0, 0) == [0, 0, 255, 255] && pixel(7, 2) == [0, 0, 255, 255] && pixel(3, 0) == [0, 0, 255, 255])
  }
}
