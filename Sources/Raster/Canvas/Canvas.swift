import CRasterShim
import Dispatch
import LayoutCore

#if canImport(Glibc)
  import Glibc
#endif

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
    image = RGBAImage(width: pixelSize.width, height: pixelSize.height, fill: background.premultipliedBytes)
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

  /// Fills the canvas with `color`, replacing what was there, in place:
  /// a canvas drawn again every frame allocates nothing (unless its pixels
  /// are shared with a copy, which keeps the old ones).
  ///
  /// - Complexity: O(pixels).
  public mutating func clear(_ color: Color) {
    image.fill(color.premultipliedBytes)
  }

  /// Fills the canvas with `color` like `clear(_:)`, except the pixels at
  /// least one pixel inside one of `covered` (rectangles in points): for a
  /// caller that fills those rectangles with an opaque colour next, which
  /// sets such pixels without reading them, so the result is the same bits
  /// as after a full clear, without writing most pixels twice. Non-finite
  /// rectangles, and rectangles with an edge more than 2^32 pixels from
  /// the origin (where the fill's coordinates round by more than a pixel),
  /// cover nothing.
  ///
  /// - Complexity: O(pixels + rows × covered log covered).
  public mutating func clear(_ color: Color, exceptInsideOf covered: [Rect]) {
    // Each rectangle's pixels whose centres lie 1.5 px or more inside it.
    var inner: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
    let w = Double(width)
    let h = Double(height)
    // Past 2^32 px, the fill's own coordinates round by more than the
    // 1 px margin: such a rectangle covers nothing here.
    let bound = 4_294_967_296.0
    for rect in covered where rect.isFinite {
      guard abs(rect.minX * scale) <= bound, abs(rect.maxX * scale) <= bound, abs(rect.minY * scale) <= bound,
        abs(rect.maxY * scale) <= bound
      else { continue }
      let x0 = Swift.max(0, (rect.minX * scale).rounded(.up) + 1)
      let y0 = Swift.max(0, (rect.minY * scale).rounded(.up) + 1)
      let x1 = Swift.min(w, (rect.maxX * scale).rounded(.down) - 1)
      let y1 = Swift.min(h, (rect.maxY * scale).rounded(.down) - 1)
      guard x0 < x1, y0 < y1 else { continue }
      inner.append((Int(x0), Int(y0), Int(x1), Int(y1)))
    }
    guard !inner.isEmpty else { return clear(color) }
    let pattern = color.premultipliedBytes
    let rowWidth = width
    let rows = height
    var spans: [(Int, Int)] = []
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for y in 0..<rows {
        spans.removeAll(keepingCapacity: true)
        for rect in inner where rect.y0 <= y && y < rect.y1 { spans.append((rect.x0, rect.x1)) }
        spans.sort { $0.0 < $1.0 }
        var x = 0
        for (start, end) in spans {
          if start > x {
            sw_fill_pattern(base + (y * rowWidth + x) * 4, start - x, pattern.0, pattern.1, pattern.2, pattern.3)
          }
          x = Swift.max(x, end)
        }
        if x < rowWidth {
          sw_fill_pattern(base + (y * rowWidth + x) * 4, rowWidth - x, pattern.0, pattern.1, pattern.2, pattern.3)
        }
      }
    }
  }

  /// Sets rows `rows` (pixel rows, clamped to the canvas) to `color`,
  /// replacing what was there: the same bits `clear(_:)` gives them.
  ///
  /// - Complexity: O(pixels in the rows).
  public mutating func clear(_ color: Color, rows: Range<Int>) {
    let lower = Swift.max(0, rows.lowerBound)
    let upper = Swift.min(height, rows.upperBound)
    guard lower < upper else { return }
    let pattern = color.premultipliedBytes
    let rowWidth = width
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      sw_fill_pattern(
        base + lower * rowWidth * 4, (upper - lower) * rowWidth, pattern.0, pattern.1, pattern.2, pattern.3)
    }
  }

  /// Moves the pixels of the rectangle `x..<x+w`, `y..<y+h` (pixels) by
  /// `dx`, `dy` whole pixels, as a scroll of that region moves them: a
  /// pixel moved out of the rectangle is dropped, and the strip the move
  /// uncovers keeps its old pixels (the caller draws it again). The
  /// rectangle is clamped to the canvas; a move as large as the rectangle
  /// moves nothing.
  ///
  /// - Returns: whether any pixel moved.
  /// - Complexity: O(w × h): a `memmove` per row.
  @discardableResult
  public mutating func movePixels(x: Int, y: Int, width w: Int, height h: Int, dx: Int, dy: Int) -> Bool {
    let x0 = Swift.max(0, x)
    let y0 = Swift.max(0, y)
    let x1 = Swift.min(width, x + Swift.max(0, w))
    let y1 = Swift.min(height, y + Swift.max(0, h))
    guard x0 < x1, y0 < y1, dx != 0 || dy != 0, abs(dx) < x1 - x0, abs(dy) < y1 - y0 else { return false }
    // The source part whose destination stays inside the rectangle.
    let sx0 = Swift.max(x0, x0 - dx)
    let sx1 = Swift.min(x1, x1 - dx)
    let sy0 = Swift.max(y0, y0 - dy)
    let sy1 = Swift.min(y1, y1 - dy)
    let stride = width * 4
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      sw_move_rect(base, stride, Int32(sx0), Int32(sy0), Int32(sx1 - sx0), Int32(sy1 - sy0), Int32(dx), Int32(dy))
    }
    return true
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
  ///   - parallel: whether a large quad is drawn in bands on all cores
  ///     (the default); `false` keeps it on the calling thread (a
  ///     low-priority background worker must not spread onto the frame's
  ///     cores). The pixels are the same either way.
  /// - Complexity: O(pixels in the quad's bounding box within the clip).
  public mutating func drawQuad(
    size: Size, transform: AffineTransform, paint: Paint, cornerRadius: Double = 0, opacity: Double = 1,
    overlay: Double = 0, clip: Rect? = nil, parallel: Bool = true
  ) {
    guard size.isPositive, transform.isFinite, opacity.isFinite, opacity > 0 else { return }
    let device = transform.concatenating(AffineTransform(scale: scale))
    guard let inverse = device.inverted, inverse.isFinite else { return }
    // Bounding box in pixels, clipped.
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for corner in [
      Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height),
    ] {
      let p = device.apply(to: corner)
      minX = Swift.min(minX, p.x)
      minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x)
      maxY = Swift.max(maxY, p.y)
    }
    // An opaque colour over whole pixels (every pixel of the quad covered
    // fully): see `fillWholePixels` below.
    let onWholePixels =
      device.b == 0 && device.c == 0 && device.a == device.d && device.a > 0 && minX == minX.rounded()
      && minY == minY.rounded() && maxX == maxX.rounded() && maxY == maxY.rounded()
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
    let alpha = Swift.min(1, opacity)
    let keep = 1 - Swift.max(0, Swift.min(1, overlay.isFinite ? overlay : 0))
    if onWholePixels, radius == 0, alpha == 1, keep == 1, case .color(let color) = paint,
      color.premultiplied255.3 == 255
    {
      fillWholePixels(x0: x0, y0: y0, x1: x1, y1: y1, color.premultiplied255)
      return
    }

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
    quad.half_w = halfW
    quad.half_h = halfH
    quad.radius = radius
    quad.pixels_per_unit = pixelsPerUnit
    quad.opacity = alpha
    quad.keep = keep
    var texture: RGBAImage?
    switch paint {
    case .color(let color):
      quad.flat = color.premultiplied255
    case .image(let image, let rect, let visibleRect, let fallbackColor):
      quad.flat = fallbackColor.premultiplied255
      // Texels per point; a rectangle so thin that it overflows (a
      // subnormal width) shows the fallback colour.
      let sxScale = Double(image.width) / rect.width
      let syScale = Double(image.height) / rect.height
      if image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max),
        rect.size.isPositive, rect.isFinite, visibleRect.isFinite, sxScale.isFinite, syScale.isFinite
      {
        texture = image
        quad.tex_width = Int32(image.width)
        quad.tex_height = Int32(image.height)
        quad.image_x = rect.minX
        quad.image_y = rect.minY
        quad.sx_scale = sxScale
        quad.sy_scale = syScale
        quad.vis_min_x = visibleRect.minX
        quad.vis_min_y = visibleRect.minY
        quad.vis_max_x = visibleRect.maxX
        quad.vis_max_y = visibleRect.maxY
      }
    }
    // The pixel loop is C (see Composite.h): debug builds stay fast.
    let texPixels = texture?.pixels ?? []
    let rows = y1 - y0
    let bands = parallel && (x1 - x0) * rows >= Self.bandThreshold ? Swift.min(Self.bandCount, rows) : 1
    image.pixels.withUnsafeMutableBufferPointer { dst in
      texPixels.withUnsafeBufferPointer { tex in
        quad.dst = dst.baseAddress
        quad.tex = texture == nil ? nil : tex.baseAddress
        if bands > 1 {
          // Each pixel depends only on itself: bands of rows on every core
          // give the same bits as one pass.
          let whole = BandQuad(quad: quad)
          DispatchQueue.concurrentPerform(iterations: bands) { i in
            var band = whole.quad
            band.y0 = Int32(y0 + rows * i / bands)
            band.y1 = Int32(y0 + rows * (i + 1) / bands)
            sw_composite_quad(&band)
          }
        } else {
          sw_composite_quad(&quad)
        }
      }
    }
  }

  /// An opaque colour quad whose edges lie on whole pixels, scaled the
  /// same along both axes, square-cornered, at opacity 1 and undarkened:
  /// every pixel centre of it lies at least half a pixel inside, so its
  /// coverage is 1 and source-over writes the colour itself (the bytes
  /// the compositor's `flat_bytes` gives). Rows are filled as a `memset`
  /// would, on this thread: a fill is bound by memory, not by the cores,
  /// and bands on other threads cost their wake-ups. `VectorPathTests`
  /// compares it with the compositor, bit for bit.
  private mutating func fillWholePixels(x0: Int, y0: Int, x1: Int, y1: Int, _ flat: (Double, Double, Double, Double)) {
    func byte(_ v: Double) -> UInt8 {
      let r = v + 0.5
      return r >= 255 ? 255 : (r <= 0 ? 0 : UInt8(r))
    }
    let (r, g, b, a) = (byte(flat.0), byte(flat.1), byte(flat.2), byte(flat.3))
    let rowWidth = width
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for y in y0..<y1 { sw_fill_pattern(base + (y * rowWidth + x0) * 4, x1 - x0, r, g, b, a) }
    }
  }

  /// A quad handed to the band workers: each writes only its own rows of
  /// `dst` and reads the texture, both alive for the whole call.
  private struct BandQuad: @unchecked Sendable {
    var quad: sw_quad
  }

  /// Quads covering at least this many pixels are drawn in bands of rows
  /// on all cores.
  static let bandThreshold = 4_096

  /// Bands per large quad: two per online core (at least 1, at most 16).
  static let bandCount: Int = {
    #if canImport(Glibc)
      let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
      let cores = 1
    #endif
    return Swift.max(1, Swift.min(16, 2 * Swift.max(1, cores)))
  }()

  /// A rectangle of whole canvas pixels: `[x0, x1) × [y0, y1)`.
  struct PixelRect: Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    func intersection(_ other: PixelRect) -> PixelRect {
      PixelRect(
        x0: Swift.max(x0, other.x0), y0: Swift.max(y0, other.y0), x1: Swift.min(x1, other.x1),
        y1: Swift.min(y1, other.y1))
    }

    func contains(_ other: PixelRect) -> Bool {
      other.isEmpty || (x0 <= other.x0 && y0 <= other.y0 && x1 >= other.x1 && y1 >= other.y1)
    }
  }

  /// The whole canvas as a pixel rectangle.
  var pixelBounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

  /// How `blit` writes a source's pixels.
  enum Blit: Equatable {
    /// Source-over: a translucent pixel blends as a quad's texel at full
    /// coverage does (an opaque row is copied).
    case over
    /// Every pixel of the source is opaque (the caller knows): rows are
    /// copied as they are, the same bits as `over` without reading their
    /// alpha first.
    case copy
    /// An opaque source at twice its size: each of its pixels covers 2×2
    /// canvas pixels (a preview at half resolution, for the cost of a copy).
    case doubled
  }

  /// Writes `source` pixel for pixel (no resampling; `.doubled`: each
  /// pixel to 2×2), its top-left at canvas pixel `(x, y)`, inside
  /// `region` (clamped to the canvas and the source's extent).
  ///
  /// - Complexity: O(pixels written): a `memcpy` per opaque row.
  mutating func blit(_ source: RGBAImage, x: Int, y: Int, in region: PixelRect, as mode: Blit = .over) {
    let factor = mode == .doubled ? 2 : 1
    let placed = PixelRect(x0: x, y0: y, x1: x + factor * source.width, y1: y + factor * source.height)
    let r = region.intersection(placed).intersection(pixelBounds)
    guard !r.isEmpty else { return }
    let canvasWidth = Int32(width)
    source.pixels.withUnsafeBufferPointer { src in
      image.pixels.withUnsafeMutableBufferPointer { dst in
        let blit =
          switch mode {
          case .over: sw_blit_over
          case .copy: sw_blit_copy
          case .doubled: sw_blit_copy_doubled
          }
        blit(
          dst.baseAddress, canvasWidth, src.baseAddress, Int32(source.width), Int32(-x), Int32(-y), Int32(r.x0),
          Int32(r.y0), Int32(r.x1), Int32(r.y1))
      }
    }
  }

  /// Sets every pixel of `region` (clamped to the canvas) to `color`,
  /// replacing what was there: an opaque colour drawn at full coverage.
  ///
  /// - Complexity: O(pixels set).
  mutating func fillPixels(_ region: PixelRect, _ color: Color) {
    let r = region.intersection(pixelBounds)
    guard !r.isEmpty else { return }
    let (cr, cg, cb, ca) = color.premultipliedBytes
    let rowWidth = width
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for y in r.y0..<r.y1 {
        sw_fill_pattern(
          base + (y * rowWidth + r.x0) * 4, r.x1 - r.x0, cr, cg, cb, ca)
      }
    }
  }

  /// Composites an 8-bit coverage mask (glyphs) in `color`, its top-left
  /// pixel at `(x, y)` in canvas pixels.
  mutating func blendMask(
    _ mask: UnsafeBufferPointer<UInt8>, width mw: Int, height mh: Int, pitch: Int, x: Int, y: Int, color: Color,
    clip: (Int, Int, Int, Int)? = nil
  ) {
    var (cx0, cy0, cx1, cy1) = (0, 0, width, height)
    if let clip {
      cx0 = Swift.max(cx0, clip.0)
      cy0 = Swift.max(cy0, clip.1)
      cx1 = Swift.min(cx1, clip.2)
      cy1 = Swift.min(cy1, clip.3)
    }
    let (r, g, b, a) = color.premultiplied255
    let rgba = [r, g, b, a]
    let canvasWidth = Int32(width)
    image.pixels.withUnsafeMutableBufferPointer { dst in
      sw_blend_mask(
        dst.baseAddress, canvasWidth, mask.baseAddress, Int32(mw), Int32(mh), Int32(pitch), Int32(x), Int32(y), rgba,
        Int32(cx0), Int32(cy0), Int32(cx1), Int32(cy1))
    }
  }

  /// Writes `pixels` into the canvas at `(x, y)` (pixels), replacing what
  /// was there: for generators that compute every pixel themselves.
  public mutating func withPixels<R>(_ body: (inout RGBAImage) throws -> R) rethrows -> R {
    try body(&image)
  }
}
