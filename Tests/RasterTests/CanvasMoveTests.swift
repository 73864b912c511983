import LayoutCore
import Raster
import Testing

/// Canvas moves and row clears: what the viewer's damaged-rows drawing uses.
@Suite struct CanvasMoveTests {
  /// A canvas whose every pixel is unique: (x, y, x ^ y, 255).
  func numbered(_ w: Int, _ h: Int) -> Canvas {
    var c = Canvas(pixelSize: PixelSize(width: w, height: h), background: .black)
    c.withPixels { image in
      for y in 0..<h {
        for x in 0..<w {
          let i = (y * w + x) * 4
          image.pixels[i] = UInt8(x)
          image.pixels[i + 1] = UInt8(y)
          image.pixels[i + 2] = UInt8(x ^ y)
          image.pixels[i + 3] = 255
        }
      }
    }
    return c
  }

  @Test(arguments: [(0, 3), (0, -3), (2, 0), (-2, -1), (1, 4)])
  func movingARectangleShiftsItsPixelsAndNothingOutside(dx: Int, dy: Int) {
    let before = numbered(12, 10)
    var after = before
    let moved = after.movePixels(x: 2, y: 1, width: 7, height: 8, dx: dx, dy: dy)
    #expect(moved)
    for y in 0..<10 {
      for x in 0..<12 {
        let inside = (2..<9).contains(x) && (1..<9).contains(y)
        let source = (x - dx, y - dy)
        let fromInside = (2..<9).contains(source.0) && (1..<9).contains(source.1)
        if inside && fromInside {
          #expect(after.image[x, y] == before.image[source.0, source.1], "(\(x), \(y))")
        } else {
          // Outside, and the uncovered strip inside: as they were.
          #expect(after.image[x, y] == before.image[x, y], "(\(x), \(y))")
        }
      }
    }
  }

  @Test func aMoveAsLargeAsTheRectangleOrOfNothingChangesNothing() {
    let before = numbered(8, 8)
    var after = before
    let tooFar = after.movePixels(x: 0, y: 0, width: 8, height: 4, dx: 0, dy: 4)
    let still = after.movePixels(x: 0, y: 0, width: 8, height: 8, dx: 0, dy: 0)
    let outside = after.movePixels(x: 20, y: 0, width: 8, height: 8, dx: 0, dy: 1)
    #expect(!tooFar && !still && !outside)
    #expect(after.image.pixels == before.image.pixels)
    // A rectangle partly outside is clamped to the canvas.
    let clamped = after.movePixels(x: -4, y: -4, width: 20, height: 20, dx: 0, dy: 1)
    #expect(clamped)
    #expect(after.image[3, 1] == before.image[3, 0])
  }

  @Test func clearingRowsSetsThoseRowsOnly() {
    let before = numbered(6, 6)
    var after = before
    after.clear(Color(red: 1, green: 0, blue: 0), rows: 2..<4)
    for y in 0..<6 {
      for x in 0..<6 {
        if (2..<4).contains(y) {
          #expect(after.image[x, y] == (255, 0, 0, 255))
        } else {
          #expect(after.image[x, y] == before.image[x, y])
        }
      }
    }
    // Rows outside the canvas are clamped away.
    after.clear(.white, rows: -5..<0)
    after.clear(.white, rows: 6..<9)
    #expect(after.image[0, 0] == before.image[0, 0])
    #expect(after.image[0, 5] == before.image[0, 5])
  }
}
