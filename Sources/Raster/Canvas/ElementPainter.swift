import LayoutCore

/// How one element looks, besides its layout attributes.
public struct ElementStyle: Hashable, Sendable {
  /// Where a label sits in the element.
  public enum Placement: Hashable, Sendable {
    case center
    case topLeading
    case bottomLeading
  }

  /// The element's colour where no photo covers it (and while a photo
  /// cannot be decoded).
  public var fill: Color
  public var cornerRadius: Double
  /// Text drawn over the element, or `nil`.
  public var label: String?
  /// The label's size in points.
  public var labelSize: Double
  public var labelColor: Color
  public var labelPlacement: Placement
  /// A summary cell's title (a day or month), drawn over a top gradient
  /// with a "more" button at alpha `styleProgress`; `nil` for none.
  public var summaryTitle: String?
  /// A smaller line under the summary title, or `nil`.
  public var summaryDetail: String?

  public init(
    fill: Color = Color(hex: 0x3A3A3C), cornerRadius: Double = 0, label: String? = nil, labelSize: Double = 15,
    labelColor: Color = .white, labelPlacement: Placement = .center, summaryTitle: String? = nil,
    summaryDetail: String? = nil
  ) {
    self.fill = fill
    self.cornerRadius = cornerRadius
    self.label = label
    self.labelSize = labelSize
    self.labelColor = labelColor
    self.labelPlacement = labelPlacement
    self.summaryTitle = summaryTitle
    self.summaryDetail = summaryDetail
  }
}

/// Draws layout attributes on a canvas: the photo aspect-filled into the
/// content rect (or the element), clipped to the element's rounded
/// rectangle, placed by the element's transform about its centre, with its
/// alpha and header overlay; then the label.
///
/// Photos come from an `ImageCache` at the resolution they are drawn at.
/// A photo that fails to decode draws as the style's fill with a "!" and
/// its error is kept in `failures` (reported once per photo by callers).
///
/// Not thread-safe.
public final class ElementPainter {
  public let cache: ImageCache
  public let font: Font?
  /// Photos that could not be drawn, by name, with why.
  public private(set) var failures: [String: DecodeError] = [:]

  /// When set, a photo the cache does not hold at the size drawn is
  /// asked for through this closure (photo, cache level, that level's
  /// pixel size) instead of being decoded during the frame: a background
  /// loader decodes it and the caller `insert`s it into `cache`. Meanwhile
  /// the nearest cached level is drawn, else the photo's placeholder (the
  /// style's fill). The closure returns whether it takes the photo; one it
  /// does not take (a source the loader does not decode) is decoded during
  /// the frame, as without the closure.
  public var requestImage: ((Photo, Int, PixelSize) -> Bool)?
  /// Photos drawn since `beginFrame()` without their image at the size
  /// wanted (a placeholder or another level stood in).
  public private(set) var missingCount = 0

  /// Whether a photo element that is only translated, fully opaque,
  /// undarkened and square-cornered (a grid tile, an album page at rest
  /// or sliding) is drawn pixel-snapped: its edges on whole pixels and its
  /// photo resampled once to the pixels it covers, then copied each frame
  /// (see `drawSnapped`). On by default; off draws every element as an
  /// anti-aliased, bilinearly sampled quad at its exact position.
  public var snapsToPixels = true
  /// Resampled photos for pixel-snapped drawing, least recently used
  /// dropped first.
  private var tiles = LRUCache<TileKey, RGBAImage>(byteLimit: ElementPainter.tileBudget)

  /// Forgets every decoded and resampled photo (files changed on disk):
  /// the next frames decode them again.
  public func removeAllImages() {
    cache.removeAll()
    tiles.removeAll()
  }

  /// The resampled photos kept for pixel-snapped drawing.
  public var keptTileCount: Int { tiles.count }

  /// Starts counting `missingCount` for a new frame.
  public func beginFrame() { missingCount = 0 }

  public init(cache: ImageCache, font: Font?) {
    self.cache = cache
    self.font = font
  }

  /// The map from the element's own coordinates (origin at its top-left,
  /// untransformed) to canvas points, given where content point (0, 0) is
  /// on the canvas.
  public static func elementToCanvas(_ attributes: LayoutAttributes, origin: Point) -> AffineTransform {
    AffineTransform(translationX: -attributes.size.width / 2, y: -attributes.size.height / 2)
      .concatenating(attributes.transform)
      .concatenating(
        AffineTransform(translationX: attributes.center.x + origin.x, y: attributes.center.y + origin.y))
  }

  /// Draws one element.
  ///
  /// - Parameters:
  ///   - origin: the canvas point where the layout's content point (0, 0)
  ///     is (a panel's origin minus its content offset).
  ///   - clip: the panel's rectangle on the canvas.
  /// - Complexity: O(pixels covered), plus a decode on a cache miss.
  public func draw(
    _ attributes: LayoutAttributes, photo: Photo?, style: ElementStyle, on canvas: inout Canvas, origin: Point,
    clip: Rect
  ) {
    guard attributes.isFinite, !attributes.isHidden, attributes.size.isPositive, attributes.alpha > 0 else { return }
    let m = Self.elementToCanvas(attributes, origin: origin)
    let local = Rect(origin: .zero, size: attributes.size)
    let content = attributes.extras.contentRect ?? local
    var paint = Canvas.Paint.color(style.fill)
    var failed = false
    if let photo, content.size.isPositive {
      let (filled, need) = Self.photoSizes(attributes, content: content, photo: photo, scale: canvas.scale)
      let found = requestImage == nil ? nil : cache.cachedImage(for: photo, atLeast: need)
      if let requestImage, let found, cache.failure(for: photo) == nil,
        found.exact || requestImage(photo, found.level, ImageCache.levelSize(photo.size, level: found.level))
      {
        if !found.exact { missingCount += 1 }
        if let image = found.image {
          paint = .image(
            image, imageRect: Rect(center: content.center, size: filled), visibleRect: content, fallback: style.fill)
        } else if let placeholder = photo.placeholder {
          // The photo's average colour (from the index) until it is decoded.
          paint = .color(Color(hex: placeholder))
        }
      } else {
        do {
          let image = try cache.image(for: photo, atLeast: need)
          paint = .image(
            image, imageRect: Rect(center: content.center, size: filled), visibleRect: content, fallback: style.fill)
        } catch {
          failures[photo.name] = error
          failed = true
        }
      }
    }
    // The layout's corner radius (a Months summary card) and the style's: the larger.
    let extras = attributes.extras
    let radius = Swift.max(style.cornerRadius, extras.cornerRadius.isFinite ? extras.cornerRadius : 0)
    let snapped: Bool
    if case .image(let image, _, _, _) = paint, let photo {
      snapped = drawSnapped(
        attributes, image: image, photo: photo, content: content, style: style, radius: radius, origin: origin,
        clip: clip, on: &canvas)
    } else {
      snapped = false
    }
    if !snapped {
      canvas.drawQuad(
        size: attributes.size, transform: m, paint: paint, cornerRadius: radius,
        opacity: attributes.alpha, overlay: extras.overlayAlpha, clip: clip)
    }
    if extras.styleProgress > 0, style.summaryTitle != nil {
      drawSummaryAccessories(attributes, style: style, transform: m, on: &canvas, clip: clip)
    }
    let label = failed ? "!" : style.label
    if let label, let font {
      let zoom = abs(attributes.transform.a * attributes.transform.d - attributes.transform.b * attributes.transform.c)
        .squareRoot()
      let size = style.labelSize * zoom
      guard size > 1 else { return }
      let color = style.labelColor.withAlpha(attributes.alpha)
      let pad = Swift.min(8, attributes.size.width / 6)
      switch style.labelPlacement {
      case .center:
        canvas.draw(label, font: font, size: size, centeredAt: m.apply(to: local.center), color: color, clip: clip)
      case .topLeading:
        canvas.draw(
          label, font: font, size: size, at: m.apply(to: Point(x: pad, y: pad + style.labelSize * 0.8)), color: color,
          clip: clip)
      case .bottomLeading:
        canvas.draw(
          label, font: font, size: size, at: m.apply(to: Point(x: pad, y: attributes.size.height - pad)),
          color: color, clip: clip)
      }
    }
  }

  /// Draws a photo element as a pixel copy when it can: the element only
  /// translated, fully opaque, undarkened and square-cornered (a grid
  /// tile, an album page). Its rectangle and its content rectangle snap to
  /// whole canvas pixels, the photo is resampled once to the content
  /// rectangle's pixels (kept in `tiles`, keyed by the cached image it came
  /// from and the size) and each frame copies it. Pixels of the element
  /// the content rectangle leaves out take the style's fill.
  ///
  /// - Returns: `false` (drawing nothing) when the element does not
  ///   qualify, so the caller draws the quad.
  /// - Complexity: O(pixels copied) once the tile is kept; a resample of
  ///   the content rectangle's pixels the first time.
  func drawSnapped(
    _ attributes: LayoutAttributes, image: RGBAImage, photo: Photo, content: Rect, style: ElementStyle,
    radius: Double, origin: Point, clip: Rect, on canvas: inout Canvas
  ) -> Bool {
    let t = attributes.transform
    guard snapsToPixels, t.a == 1, t.b == 0, t.c == 0, t.d == 1, attributes.alpha >= 1, radius == 0,
      !(attributes.extras.overlayAlpha > 0), clip.isFinite
    else { return false }
    let scale = canvas.scale
    // Whole pixels, for values well inside Int (else not snapped).
    func pixels(_ points: Double) -> Int? {
      let p = (points * scale).rounded()
      return p.isFinite && abs(p) < 1e8 ? Int(p) : nil
    }
    guard let x = pixels(attributes.center.x - attributes.size.width / 2 + t.tx + origin.x),
      let y = pixels(attributes.center.y - attributes.size.height / 2 + t.ty + origin.y),
      let w = pixels(attributes.size.width), let h = pixels(attributes.size.height),
      let cx = pixels(content.minX), let cy = pixels(content.minY),
      let cw = pixels(content.width), let ch = pixels(content.height),
      w > 0, h > 0, cw > 0, ch > 0, cw * ch * 4 <= Self.tileBudget / 4
    else { return false }
    let element = Canvas.PixelRect(x0: x, y0: y, x1: x + w, y1: y + h)
    let contentPixels = Canvas.PixelRect(x0: x + cx, y0: y + cy, x1: x + cx + cw, y1: y + cy + ch)
    // The clip rounded outward, as quads round it.
    let bounds = Double(Swift.max(canvas.width, canvas.height)) + 1
    func edge(_ v: Double) -> Int { Int(Swift.max(-1, Swift.min(bounds, v))) }
    let clipPixels = Canvas.PixelRect(
      x0: edge((clip.minX * scale).rounded(.down)), y0: edge((clip.minY * scale).rounded(.down)),
      x1: edge((clip.maxX * scale).rounded(.up)), y1: edge((clip.maxY * scale).rounded(.up)))
    let region = element.intersection(clipPixels).intersection(canvas.pixelBounds)
    guard !region.isEmpty else { return true }
    if !contentPixels.contains(region) {
      guard style.fill.alpha >= 1 else { return false }
      canvas.fillPixels(region, style.fill)
    }
    let tile = tile(of: image, photo: photo, width: cw, height: ch, fill: style.fill)
    canvas.blit(tile, x: contentPixels.x0, y: contentPixels.y0, in: region)
    return true
  }

  /// `image` (a cached level of `photo`) aspect-filled into `width ×
  /// height` pixels, from `tiles` or resampled now and kept.
  func tile(of image: RGBAImage, photo: Photo, width: Int, height: Int, fill: Color) -> RGBAImage {
    let key = TileKey(
      source: photo.source, sourceWidth: image.width, sourceHeight: image.height, width: width, height: height,
      fill: fill)
    if let kept = tiles[key] { return kept }
    var canvas = Canvas(pixelSize: PixelSize(width: width, height: height), scale: 1, background: .clear)
    let size = Size(width: Double(width), height: Double(height))
    let photoSize = Size(width: Double(photo.size.width), height: Double(photo.size.height))
    canvas.drawQuad(
      size: size, transform: .identity,
      paint: .image(
        image, imageRect: Rect(center: Point(x: size.width / 2, y: size.height / 2), size: photoSize.aspectFill(size)),
        visibleRect: Rect(origin: .zero, size: size), fallback: fill))
    tiles.insert(canvas.image, bytes: width * height * 4, for: key)
    return canvas.image
  }

  /// What a resampled photo in `tiles` was made from.
  struct TileKey: Hashable {
    var source: Photo.Source
    var sourceWidth: Int
    var sourceHeight: Int
    var width: Int
    var height: Int
    var fill: Color
  }

  /// The most bytes of resampled photos kept for pixel-snapped drawing
  /// (a tile larger than a quarter of it is not snapped).
  public static let tileBudget = 32 << 20

  /// A summary card's accessories at alpha `styleProgress × alpha`: a
  /// gradient from dark to clear over the top third, the title and detail
  /// at the top-left and a rounded "more" button (•••) at the top-right.
  ///
  /// - Complexity: O(pixels covered by the top third and the text).
  func drawSummaryAccessories(
    _ attributes: LayoutAttributes, style: ElementStyle, transform m: AffineTransform, on canvas: inout Canvas,
    clip: Rect
  ) {
    let a = Swift.min(1, Swift.max(0, attributes.extras.styleProgress)) * attributes.alpha
    guard a > 0 else { return }
    let w = attributes.size.width
    let h = attributes.size.height
    // The gradient: nested bands from the top, each a little darker where
    // they overlap, so the ramp is smooth and has no seams between bands.
    let bands = 16
    let depth = Swift.min(h, 100)
    for k in 0..<bands {
      let height = depth * Double(bands - k) / Double(bands)
      canvas.drawQuad(
        size: Size(width: w, height: height), transform: m, paint: .color(Color(hex: 0x000000, alpha: 0.05)),
        cornerRadius: 0, opacity: a, overlay: 0, clip: clip)
    }
    guard let font else { return }
    let zoom = abs(attributes.transform.a * attributes.transform.d - attributes.transform.b * attributes.transform.c)
      .squareRoot()
    let white = Color.white.withAlpha(a)
    if let title = style.summaryTitle, 22 * zoom > 1 {
      canvas.draw(title, font: font, size: 22 * zoom, at: m.apply(to: Point(x: 14, y: 34)), color: white, clip: clip)
    }
    if let detail = style.summaryDetail, 14 * zoom > 1 {
      canvas.draw(
        detail, font: font, size: 14 * zoom, at: m.apply(to: Point(x: 14, y: 54)),
        color: Color.white.withAlpha(a * 0.8),
        clip: clip)
    }
    // The "more" button: a small translucent pill with three dots.
    let button = Size(width: 34, height: 24)
    guard w > button.width + 28 else { return }
    let corner = AffineTransform(translationX: w - 12 - button.width, y: 14).concatenating(m)
    canvas.drawQuad(
      size: button, transform: corner, paint: .color(Color(hex: 0xFFFFFF, alpha: 0.28)), cornerRadius: 12,
      opacity: a, overlay: 0, clip: clip)
    canvas.draw(
      "•••", font: font, size: 12 * zoom,
      centeredAt: corner.apply(to: Point(x: button.width / 2, y: button.height / 2)),
      color: white, clip: clip)
  }

  /// The photo's aspect-filled size in the element's content rect (points)
  /// and the pixels it covers on a canvas of `scale` (the cache request).
  static func photoSizes(
    _ attributes: LayoutAttributes, content: Rect, photo: Photo, scale: Double
  ) -> (
    filled: Size, need: PixelSize
  ) {
    let photoSize = Size(width: Double(photo.size.width), height: Double(photo.size.height))
    let filled = photoSize.aspectFill(content.size)
    let t = attributes.transform
    let zoom = Swift.max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot(), 0.01)
    let w = filled.width * scale * zoom
    let h = filled.height * scale * zoom
    // Finite and within Int: the cache clamps the level; a bad size asks for 1×1.
    let need = PixelSize(
      width: w.isFinite && w < 1e9 ? Int(w.rounded(.up)) : 1, height: h.isFinite && h < 1e9 ? Int(h.rounded(.up)) : 1)
    return (filled, need)
  }

  /// Decodes into the cache what `draw` would need to show `photo` in
  /// `attributes` on a canvas of `scale`, without drawing: for warming the
  /// cache before a photo comes into view. A failure is kept in `failures`.
  /// With `requestImage` set, a photo it takes is requested, not decoded.
  ///
  /// - Complexity: O(1) for a cached photo; a decode otherwise.
  public func prefetch(_ attributes: LayoutAttributes, photo: Photo, scale: Double) {
    guard attributes.isFinite, attributes.size.isPositive, failures[photo.name] == nil else { return }
    let content = attributes.extras.contentRect ?? Rect(origin: .zero, size: attributes.size)
    guard content.size.isPositive else { return }
    let need = Self.photoSizes(attributes, content: content, photo: photo, scale: scale).need
    if let requestImage {
      let found = cache.cachedImage(for: photo, atLeast: need)
      if found.exact || cache.failure(for: photo) != nil
        || requestImage(photo, found.level, ImageCache.levelSize(photo.size, level: found.level))
      {
        return
      }
    }
    do {
      _ = try cache.image(for: photo, atLeast: need)
    } catch {
      failures[photo.name] = error
    }
  }

  /// The debug overlay for one cell: its item number in a small dark tag
  /// at the top-left corner of the transformed frame. Supplementary and
  /// decoration elements get none (they carry their own labels).
  public func drawIndexLabel(_ attributes: LayoutAttributes, on canvas: inout Canvas, origin: Point, clip: Rect) {
    guard let font, attributes.isFinite, attributes.id.kind == .cell else { return }
    let frame = attributes.transformedFrame.offsetBy(dx: origin.x, dy: origin.y)
    let text = String(attributes.id.item)
    let size = 10.0
    let width = font.width(of: text, pixelSize: Int((size * canvas.scale).rounded())) / canvas.scale
    let tag = Rect(x: frame.minX + 2, y: frame.minY + 2, width: width + 6, height: size + 4)
    canvas.fill(tag, Color.black.withAlpha(0.6), cornerRadius: 3, clip: clip)
    canvas.draw(text, font: font, size: size, at: Point(x: tag.minX + 3, y: tag.maxY - 3.5), color: .white, clip: clip)
  }

  /// The debug overlay's centre line: a thin vertical line through the
  /// middle of `region` (where a pager or filmstrip centres its item).
  public func drawCenterLine(in region: Rect, on canvas: inout Canvas, color: Color = Color(hex: 0xFF3B30, alpha: 0.9))
  {
    canvas.fill(Rect(x: region.midX - 0.5, y: region.minY, width: 1, height: region.height), color, clip: region)
  }
}
