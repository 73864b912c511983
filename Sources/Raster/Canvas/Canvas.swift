import LayoutCore

/// An RGBA raster to draw layouts on, in points (y down) mapped to pixels
/// by `scale`.
///
/// Pixels are 8-bit **premultiplied** RGBA (see `RGBAImage`). Every shape
/// is a quad: a rectangle of `size` in its own coordinates, placed by an
/// affine transform, with rounded corners, anti-aliased edges (coverage
/// from the distance to the edge in device pixels), an opacity and a
/// paint (a colour, or an image sampled bilinearly). Drawing composites
/// source-over. Non-finite geometry draws nothing; nothing traps.
public struct Canvas: Sendable {
  public private(set) var image: RGBAImage
  /// Pixels per point.
  public let scale: Double

  /// A canvas of `pixelSize` filled with `background`. A non-finite or
  /// non-positive `scale` clamps to 1.
  public init(pixelSize: PixelSize, scale: Double = 1, background: Color = .black) {
    self.scale = scale.isFinite && scale > 0 ? scale : 1
    let (r, g, b, a) = background.premultiplied255
    image = RGBAImage(
      width: pixelSize.width, height: pixelSize.height,
      fill: (UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()), UInt8(a.rounded())))
  }

  public var width: Int { image.width }
  public var height: Int { image.height }
  /// The canvas size in points.
  public var size: Size { Size(width: Double(image.width) / scale, height: Double(image.height) / scale) }

  /// What fills a quad.
  public enum Paint {
    /// One colour.
    case color(Color)
    /// `image` stretched over `imageRect` (in the quad's coordinates),
    /// shown only inside `visibleRect` (outside it, `fallback` shows).
    case image(RGBAImage, imageRect: Rect, visibleRect: Rect, fallback: Color)
  }

  /// Fills `rect` (points) with `color`, optionally with rounded corners.
  public mutating func fill(_ rect: Rect, _ color: Color, cornerRadius: Double = 0, clip: Rect? = nil) {
    drawQuad(
      size: rect.size, transform: AffineTransform(translationX: rect.minX, y: rect.minY), paint: .color(color),
      cornerRadius: cornerRadius, clip: clip)
  }

  /// Fills the canvas with `color`, replacing what was there.
  public mutating func clear(_ color: Color) {
    self = Canvas(pixelSize: image.size, scale: scale, background: color)
  }

  /// Outlines `rect` with lines `width` points wide, drawn inside it.
  public mutating func stroke(_ rect: Rect, _ color: Color, width: Double = 1, clip: Rect? = nil) {
    let w = Swift.min(width, rect.width / 2, rect.height / 2)
    fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: w), color, clip: clip)
    fill(Rect(x: rect.minX, y: rect.maxY - w, width: rect.width, height: w), color, clip: clip)
    fill(Rect(x: rect.minX, y: rect.minY + w, width: w, height: rect.height - 2 * w), color, clip: clip)
    fill(Rect(x: rect.maxX - w, y: rect.minY + w, width: w, height: rect.height - 2 * w), color, clip: clip)
  }

  /// Draws a quad: the rectangle `(0, 0, size)` in its own coordinates,
  /// mapped to canvas points by `transform`.
  ///
  /// - Parameters:
  ///   - cornerRadius: clamped to `0...min(width, height) / 2`.
  ///   - opacity: multiplies the paint's alpha (clamped to 0...1).
  ///   - overlay: darkens the paint towards black by this fraction (0...1),
  ///     before opacity.
  ///   - clip: a rectangle in canvas points outside which nothing changes
  ///     (rounded outward to whole pixels).
  /// - Complexity: O(pixels in the quad's bounding box within the clip).
  public mutating func drawQuad(
    size: Size, transform: AffineTransform, paint: Paint, cornerRadius: Double = 0, opacity: Double = 1,
    overlay: Double = 0, clip: Rect? = nil
  ) {
    guard size.isPositive, transform.isFinite, opacity.isFinite, opacity > 0 else { return }
    let device = transform.concatenating(AffineTransform(scale: scale))
    guard let inverse = device.inverted, inverse.isFinite else { return }
    // Bounding box in pixels, clipped.
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for corner in [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height)] {
      let p = device.apply(to: corner)
      minX = Swift.min(minX, p.x)
      minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x)
      maxY = Swift.max(maxY, p.y)
    }
    if let clip {
      guard clip.isFinite else { return }
      minX = Swift.max(minX, (clip.minX * scale).rounded(.down))
      minY = Swift.max(minY, (clip.minY * scale).rounded(.down))
      maxX = Swift.min(maxX, (clip.maxX * scale).rounded(.up))
      maxY = Swift.min(maxY, (clip.maxY * scale).rounded(.up))
    }
    let x0 = Int(Swift.max(0, Swift.min(Double(width), minX.rounded(.down))))
    let y0 = Int(Swift.max(0, Swift.min(Double(height), minY.rounded(.down))))
    let x1 = Int(Swift.max(0, Swift.min(Double(width), maxX.rounded(.up))))
    let y1 = Int(Swift.max(0, Swift.min(Double(height), maxY.rounded(.up))))
    guard x0 < x1, y0 < y1 else { return }

    // Local units per device pixel, for anti-aliasing by distance.
    let pixelsPerUnit = (abs(device.a * device.d - device.b * device.c)).squareRoot()
    let halfW = size.width / 2
    let halfH = size.height / 2
    let radius = Swift.max(0, Swift.min(cornerRadius.isFinite ? cornerRadius : 0, halfW, halfH))
    let innerW = halfW - radius
    let innerH = halfH - radius
    let alpha = Swift.min(1, opacity)
    let keep = 1 - Swift.max(0, Swift.min(1, overlay.isFinite ? overlay : 0))

    var flat = (0.0, 0.0, 0.0, 0.0)
    var texture: RGBAImage?
    var fallback = (0.0, 0.0, 0.0, 0.0)
    var imageRect = Rect.zero
    var visible = Rect.zero
    switch paint {
    case .color(let color):
      flat = color.premultiplied255
    case .image(let image, let rect, let visibleRect, let fallbackColor):
      fallback = fallbackColor.premultiplied255
      if image.width > 0, image.height > 0, rect.size.isPositive, rect.isFinite, visibleRect.isFinite {
        texture = image
        imageRect = rect
        visible = visibleRect
      } else {
        flat = fallback
      }
    }
    let texW = texture?.width ?? 0
    let texH = texture?.height ?? 0
    let sxScale = texture == nil ? 0 : Double(texW) / imageRect.width
    let syScale = texture == nil ? 0 : Double(texH) / imageRect.height
    let canvasWidth = width
    let texPixels = texture?.pixels ?? []

    image.pixels.withUnsafeMutableBufferPointer { dstBuffer in
      texPixels.withUnsafeBufferPointer { texBuffer in
        guard let dst = dstBuffer.baseAddress else { return }
        let tex = texBuffer.baseAddress
        for y in y0..<y1 {
          let py = Double(y) + 0.5
          var u = inverse.a * (Double(x0) + 0.5) + inverse.c * py + inverse.tx
          var v = inverse.b * (Double(x0) + 0.5) + inverse.d * py + inverse.ty
          var o = (y * canvasWidth + x0) * 4
          for _ in x0..<x1 {
            defer {
              u += inverse.a
              v += inverse.b
              o += 4
            }
            // Signed distance to the rounded rectangle, in local units.
            let qx = abs(u - halfW) - innerW
            let qy = abs(v - halfH) - innerH
            let outside = (Swift.max(qx, 0) * Swift.max(qx, 0) + Swift.max(qy, 0) * Swift.max(qy, 0)).squareRoot()
            let distance = outside + Swift.min(Swift.max(qx, qy), 0) - radius
            let coverage = Swift.min(1, Swift.max(0, 0.5 - distance * pixelsPerUnit))
            if coverage <= 0 { continue }
            var (r, g, b, a) = flat
            if let tex, u >= visible.minX, u < visible.maxX, v >= visible.minY, v < visible.maxY {
              // Bilinear sample at the texel centre under (u, v).
              let sx = Swift.min(Double(texW) - 1, Swift.max(0, (u - imageRect.minX) * sxScale - 0.5))
              let sy = Swift.min(Double(texH) - 1, Swift.max(0, (v - imageRect.minY) * syScale - 0.5))
              let ix = Int(sx)
              let iy = Int(sy)
              let fx = sx - Double(ix)
              let fy = sy - Double(iy)
              let ix1 = Swift.min(ix + 1, texW - 1)
              let iy1 = Swift.min(iy + 1, texH - 1)
              let p00 = (iy * texW + ix) * 4
              let p10 = (iy * texW + ix1) * 4
              let p01 = (iy1 * texW + ix) * 4
              let p11 = (iy1 * texW + ix1) * 4
              let w00 = (1 - fx) * (1 - fy)
              let w10 = fx * (1 - fy)
              let w01 = (1 - fx) * fy
              let w11 = fx * fy
              r = Double(tex[p00]) * w00 + Double(tex[p10]) * w10 + Double(tex[p01]) * w01 + Double(tex[p11]) * w11
              g = Double(tex[p00 + 1]) * w00 + Double(tex[p10 + 1]) * w10 + Double(tex[p01 + 1]) * w01
                + Double(tex[p11 + 1]) * w11
              b = Double(tex[p00 + 2]) * w00 + Double(tex[p10 + 2]) * w10 + Double(tex[p01 + 2]) * w01
                + Double(tex[p11 + 2]) * w11
              a = Double(tex[p00 + 3]) * w00 + Double(tex[p10 + 3]) * w10 + Double(tex[p01 + 3]) * w01
                + Double(tex[p11 + 3]) * w11
            } else if texture != nil {
              (r, g, b, a) = fallback
            }
            let k = coverage * alpha
            let sr = r * keep * k
            let sg = g * keep * k
            let sb = b * keep * k
            let sa = a * k
            let inv = 1 - sa / 255
            dst[o] = UInt8(Swift.min(255, sr + Double(dst[o]) * inv + 0.5))
            dst[o + 1] = UInt8(Swift.min(255, sg + Double(dst[o + 1]) * inv + 0.5))
            dst[o + 2] = UInt8(Swift.min(255, sb + Double(dst[o + 2]) * inv + 0.5))
            dst[o + 3] = UInt8(Swift.min(255, sa + Double(dst[o + 3]) * inv + 0.5))
          }
        }
      }
    }
  }

  /// Composites an 8-bit coverage mask (glyphs) in `color`, its top-left
  /// pixel at `(x, y)` in canvas pixels.
  mutating func blendMask(
    _ mask: UnsafeBufferPointer<UInt8>, width mw: Int, height mh: Int, pitch: Int, x: Int, y: Int, color: Color,
    clip: (Int, Int, Int, Int)? = nil
  ) {
    let (cr, cg, cb, ca) = color.premultiplied255
    var (cx0, cy0, cx1, cy1) = (0, 0, width, height)
    if let clip {
      cx0 = Swift.max(cx0, clip.0)
      cy0 = Swift.max(cy0, clip.1)
      cx1 = Swift.min(cx1, clip.2)
      cy1 = Swift.min(cy1, clip.3)
    }
    let canvasWidth = width
    image.pixels.withUnsafeMutableBufferPointer { dst in
      for row in 0..<mh {
        let dy = y + row
        guard dy >= cy0, dy < cy1 else { continue }
        for col in 0..<mw {
          let dx = x + col
          guard dx >= cx0, dx < cx1 else { continue }
          let m = Double(mask[row * pitch + col]) / 255
          if m == 0 { continue }
          let o = (dy * canvasWidth + dx) * 4
          let inv = 1 - ca * m / 255
          dst[o] = UInt8(Swift.min(255, cr * m + Double(dst[o]) * inv + 0.5))
          dst[o + 1] = UInt8(Swift.min(255, cg * m + Double(dst[o + 1]) * inv + 0.5))
          dst[o + 2] = UInt8(Swift.min(255, cb * m + Double(dst[o + 2]) * inv + 0.5))
          dst[o + 3] = UInt8(Swift.min(255, ca * m + Double(dst[o + 3]) * inv + 0.5))
        }
      }
    }
  }

  /// Writes `pixels` into the canvas at `(x, y)` (pixels), replacing what
  /// was there: for generators that compute every pixel themselves.
  public mutating func withPixels<R>(_ body: (inout RGBAImage) throws -> R) rethrows -> R {
    try body(&image)
  }
}
