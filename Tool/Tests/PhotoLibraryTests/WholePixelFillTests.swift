import CRasterShim
import LayoutCore
import Raster
import ScrollworkTestSupport
import Testing

/// The album's whole frame made cheap: an opaque colour rectangle on whole
/// pixels is filled row by row, and an opaque tile is copied row by row.
/// Both must write the compositor's bits.
@Suite struct WholePixelFillTests {
  /// The quad `Canvas.fill` describes, composited by the C compositor
  /// itself (the reference the row fill must equal).
  private func composited(
    _ pixels: [UInt8], width: Int, height: Int, scale: Double, rect: Rect, color: Color, clip: Rect?
  ) -> [UInt8] {
    var out = pixels
    let device = AffineTransform(translationX: rect.minX, y: rect.minY).concatenating(AffineTransform(scale: scale))
    guard let inverse = device.inverted else { return out }
    var minX = rect.minX * scale
    var minY = rect.minY * scale
    var maxX = rect.maxX * scale
    var maxY = rect.maxY * scale
    if let clip {
      minX = max(minX, (clip.minX * scale).rounded(.down))
      minY = max(minY, (clip.minY * scale).rounded(.down))
      maxX = min(maxX, (clip.maxX * scale).rounded(.up))
      maxY = min(maxY, (clip.maxY * scale).rounded(.up))
    }
    let x0 = Int(max(0, min(Double(width), minX.rounded(.down))))
    let y0 = Int(max(0, min(Double(height), minY.rounded(.down))))
    let x1 = Int(max(0, min(Double(width), maxX.rounded(.up))))
    let y1 = Int(max(0, min(Double(height), maxY.rounded(.up))))
    guard x0 < x1, y0 < y1 else { return out }
    var quad = sw_quad()
    quad.x0 = Int32(x0)
    quad.y0 = Int32(y0)
    quad.x1 = Int32(x1)
    quad.y1 = Int32(y1)
    quad.dst_width = Int32(width)
    quad.a = inverse.a
    quad.b = inverse.b
    quad.c = inverse.c
    quad.d = inverse.d
    quad.tx = inverse.tx
    quad.ty = inverse.ty
    quad.half_w = rect.width / 2
    quad.half_h = rect.height / 2
    quad.radius = 0
    quad.pixels_per_unit = abs(device.a * device.d - device.b * device.c).squareRoot()
    quad.opacity = 1
    quad.keep = 1
    quad.flat = (color.red * 255, color.green * 255, color.blue * 255, 255)
    out.withUnsafeMutableBufferPointer { dst in
      quad.dst = dst.baseAddress
      sw_composite_quad(&quad)
    }
    return out
  }

  @Test func opaqueRectanglesOnWholePixelsFillTheCompositorsBits() {
    let width = 64
    let height = 48
    var checked = 0
    for i in 0..<600 {
      var rng = SplitMix64(seed: propertySeed(i, base: 0x5EED))
      func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
      let scale = [1.0, 2.0, 3.0][Int(rng.next() % 3)]
      // Edges on whole pixels: pixel counts divided by the scale.
      func edge(_ limit: Int) -> Double { Double(Int(rng.next() % UInt64(limit + 16)) - 8) / scale }
      let a = edge(width)
      let b = edge(width)
      let c = edge(height)
      let d = edge(height)
      guard a != b, c != d else { continue }
      let rect = Rect(x: min(a, b), y: min(c, d), width: abs(a - b), height: abs(c - d))
      let color = Color(red: unit(), green: unit(), blue: unit())
      // A clip in fractional points half the time (rounded outward to pixels).
      let clip: Rect? =
        rng.next() % 2 == 0
        ? nil
        : Rect(
          x: unit() * Double(width) / scale, y: unit() * Double(height) / scale,
          width: unit() * Double(width) / scale, height: unit() * Double(height) / scale)
      // A varied destination: random opaque pixels drawn over the whole canvas.
      var noise = [UInt8](repeating: 255, count: width * height * 4)
      for p in 0..<(width * height) {
        for k in 0..<3 { noise[p * 4 + k] = UInt8(truncatingIfNeeded: rng.next()) }
      }
      var canvas = Canvas(pixelSize: PixelSize(width: width, height: height), scale: scale)
      let whole = Size(width: Double(width) / scale, height: Double(height) / scale)
      canvas.drawQuad(
        size: whole, transform: .identity,
        paint: .image(
          RGBAImage(width: width, height: height, premultiplied: noise), imageRect: Rect(origin: .zero, size: whole),
          visibleRect: Rect(origin: .zero, size: whole), fallback: .black))
      let background = canvas.image.pixels
      canvas.fill(rect, color, clip: clip)
      let expected = composited(
        background, width: width, height: height, scale: scale, rect: rect, color: color, clip: clip)
      #expect(canvas.image.pixels == expected, "case \(i): \(rect) at \(scale)x, clip \(String(describing: clip))")
      if expected != background { checked += 1 }
    }
    // Most cases changed pixels (the comparison is not of untouched canvases).
    #expect(checked > 300)
  }

  @Test func anOpaqueTileCopiesTheBitsCompositingGives() {
    for i in 0..<200 {
      var rng = SplitMix64(seed: propertySeed(i, base: 0xB117))
      let tw = 1 + Int(rng.next() % 40)
      let th = 1 + Int(rng.next() % 30)
      var tile = [UInt8](repeating: 255, count: tw * th * 4)
      for p in 0..<(tw * th) {
        for k in 0..<3 { tile[p * 4 + k] = UInt8(truncatingIfNeeded: rng.next()) }
      }
      let width = 48
      let height = 40
      let dst = (0..<(width * height * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      // The tile placed at (px, py); the region copied clipped to both.
      let px = Int(rng.next() % 40) - 10
      let py = Int(rng.next() % 30) - 10
      let x0 = max(0, px)
      let y0 = max(0, py)
      let x1 = min(width, px + tw)
      let y1 = min(height, py + th)
      guard x0 < x1, y0 < y1 else { continue }
      var over = dst
      var copy = dst
      tile.withUnsafeBufferPointer { src in
        over.withUnsafeMutableBufferPointer { o in
          sw_blit_over(
            o.baseAddress, Int32(width), src.baseAddress, Int32(tw), Int32(-px), Int32(-py), Int32(x0), Int32(y0),
            Int32(x1), Int32(y1))
        }
        copy.withUnsafeMutableBufferPointer { o in
          sw_blit_copy(
            o.baseAddress, Int32(width), src.baseAddress, Int32(tw), Int32(-px), Int32(-py), Int32(x0), Int32(y0),
            Int32(x1), Int32(y1))
        }
      }
      #expect(copy == over, "case \(i)")
      #expect(copy != dst)
      #expect(tile.withUnsafeBufferPointer { sw_all_opaque($0.baseAddress, tw * th) } == 1)
      // One translucent pixel anywhere: not opaque.
      var translucent = tile
      translucent[Int(rng.next() % UInt64(tw * th)) * 4 + 3] = 254
      #expect(translucent.withUnsafeBufferPointer { sw_all_opaque($0.baseAddress, tw * th) } == 0)
    }
  }
}
