import CRasterShim
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

  /// What the painter asks a background loader for: a level of a photo
  /// and, for an element drawn pixel-snapped, the photo resampled to the
  /// element's content pixels too, so that the frame that receives it
  /// only copies it (`ElementPainter.makeTile`, `insertTile`).
  public struct ImageRequest: Sendable {
    public var photo: Photo
    /// The cache level wanted and its pixel size.
    public var level: Int
    public var size: PixelSize
    /// The resampled photo wanted besides, or `nil`.
    public var tile: TileRequest?

    public init(photo: Photo, level: Int, size: PixelSize, tile: TileRequest? = nil) {
      self.photo = photo
      self.level = level
      self.size = size
      self.tile = tile
    }
  }

  /// A photo resampled to `width × height` pixels (aspect-filled, centred),
  /// `fill` where it could not cover them (degenerate photo sizes only).
  public struct TileRequest: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var fill: Color

    public init(width: Int, height: Int, fill: Color) {
      self.width = width
      self.height = height
      self.fill = fill
    }
  }

  /// When set, a photo the cache does not hold at the size drawn is
  /// asked for through this closure instead of being decoded during the
  /// frame: a background loader decodes it (and resamples it for a
  /// snapped element) and the caller delivers it (`ThumbnailLoader`'s
  /// `deliver(to:)`). Meanwhile the nearest cached level is drawn, else the
  /// photo's placeholder (the style's fill). The closure returns whether it
  /// takes the photo; one it does not take (a source the loader does not
  /// decode) is decoded during the frame, as without the closure.
  public var requestImage: ((ImageRequest) -> Bool)?
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
  private var tiles: LRUCache<TileKey, Tile>
  /// The most bytes of resampled photos kept (`tileBudget` by default).
  public var tileByteLimit: Int { tiles.byteLimit }

  /// Forgets every decoded and resampled photo (files changed on disk):
  /// the next frames decode them again.
  public func removeAllImages() {
    cache.removeAll()
    tiles.removeAll()
    standIns.removeAll()
  }

  /// Forgets the decoded and resampled images of the photos from
  /// `sources` only (their sizes turned out other than guessed), keeping
  /// every other photo's: what is on screen and unchanged is not decoded
  /// again.
  ///
  /// - Complexity: O(images and tiles held).
  public func removeImages(of sources: Set<Photo.Source>) {
    guard !sources.isEmpty else { return }
    cache.removeImages(of: sources)
    tiles.removeAll { sources.contains($0.source) }
  }

  /// The resampled photos kept for pixel-snapped drawing.
  public var keptTileCount: Int { tiles.count }

  /// Starts counting `missingCount` for a new frame.
  public func beginFrame() { missingCount = 0 }

  /// - Parameter tileByteLimit: the most bytes of resampled photos kept
  ///   for pixel-snapped drawing (negative counts as 0: nothing is kept,
  ///   every element is drawn as a quad).
  public init(cache: ImageCache, font: Font?, tileByteLimit: Int = ElementPainter.tileBudget) {
    self.cache = cache
    self.font = font
    tiles = LRUCache(byteLimit: tileByteLimit)
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
    // The layout's corner radius (a Months summary card) and the style's: the larger.
    let extras = attributes.extras
    let radius = Swift.max(style.cornerRadius, extras.cornerRadius.isFinite ? extras.cornerRadius : 0)
    let tile = photo == nil ? nil : tileRequest(attributes, content: content, style: style, scale: canvas.scale)
    // Whether the image drawn is the one wanted (not a stand-in level).
    var exact = true
    if let photo, content.size.isPositive {
      let (filled, need) = Self.photoSizes(attributes, content: content, photo: photo, scale: canvas.scale)
      let found = requestImage == nil ? nil : cache.cachedImage(for: photo, atLeast: need)
      if let requestImage, let found, cache.failure(for: photo) == nil,
        found.exact
          || requestImage(
            ImageRequest(
              photo: photo, level: found.level, size: ImageCache.levelSize(photo.size, level: found.level), tile: tile))
      {
        exact = found.exact
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
    // A stand-in level is snapped too: its tile (kept apart from the
    // wanted level's, by the stand-in's size) is resampled once and
    // copied while the wanted level loads (a page sliding in from a
    // stand-in would otherwise be resampled every frame of the slide),
    // and dropped once the wanted level's tile is there.
    let snapped: Bool
    if case .image(let image, _, _, _) = paint, let photo, let tile {
      snapped = drawSnapped(
        attributes, image: image, photo: photo, tile: tile, content: content, origin: origin, clip: clip,
        exact: exact, on: &canvas)
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

  /// The resampled photo an element drawn pixel-snapped needs (its
  /// content rectangle's size in whole pixels), or `nil` when the element
  /// is drawn as a quad: it is scaled or turned, not fully opaque,
  /// darkened, rounded, or its content is too large to keep (over a
  /// quarter of `tileByteLimit`) or not finite.
  ///
  /// - Complexity: O(1).
  public func tileRequest(
    _ attributes: LayoutAttributes, content: Rect, style: ElementStyle, scale: Double
  )
    -> TileRequest?
  {
    let t = attributes.transform
    let radius = Swift.max(
      style.cornerRadius, attributes.extras.cornerRadius.isFinite ? attributes.extras.cornerRadius : 0)
    guard snapsToPixels, t.a == 1, t.b == 0, t.c == 0, t.d == 1, attributes.alpha >= 1, radius == 0,
      !(attributes.extras.overlayAlpha > 0), let w = Self.pixels(content.width, scale),
      let h = Self.pixels(content.height, scale), w > 0, h > 0, w * h * 4 <= tileByteLimit / 4
    else { return nil }
    return TileRequest(width: w, height: h, fill: style.fill)
  }

  /// `points × scale` rounded to whole pixels, for values well inside
  /// `Int` (else `nil`).
  static func pixels(_ points: Double, _ scale: Double) -> Int? {
    let p = (points * scale).rounded()
    return p.isFinite && abs(p) < 1e8 ? Int(p) : nil
  }

  /// Draws a photo element as a pixel copy: its rectangle and its content
  /// rectangle snap to whole canvas pixels (the origin rounded, the sizes
  /// rounded, so an element keeps its pixel size as it scrolls), and the
  /// photo resampled to the content's pixels (`tile`, from `tiles`, else
  /// made now and kept) is copied. Pixels of the element the content
  /// rectangle leaves out take the style's fill.
  ///
  /// - Returns: `false` (drawing nothing) when the geometry does not fit
  ///   in whole pixels, or the fill is translucent where the content
  ///   leaves pixels uncovered, so the caller draws the quad.
  /// - Complexity: O(pixels copied) once the tile is kept; a resample of
  ///   the content rectangle's pixels the first time.
  func drawSnapped(
    _ attributes: LayoutAttributes, image: RGBAImage, photo: Photo, tile request: TileRequest, content: Rect,
    origin: Point, clip: Rect, exact: Bool = true, on canvas: inout Canvas
  ) -> Bool {
    let scale = canvas.scale
    let t = attributes.transform
    guard clip.isFinite, let x = Self.pixels(attributes.center.x - attributes.size.width / 2 + t.tx + origin.x, scale),
      let y = Self.pixels(attributes.center.y - attributes.size.height / 2 + t.ty + origin.y, scale),
      let w = Self.pixels(attributes.size.width, scale), let h = Self.pixels(attributes.size.height, scale),
      let cx = Self.pixels(content.minX, scale), let cy = Self.pixels(content.minY, scale), w > 0, h > 0
    else { return false }
    let element = Canvas.PixelRect(x0: x, y0: y, x1: x + w, y1: y + h)
    let contentPixels = Canvas.PixelRect(
      x0: x + cx, y0: y + cy, x1: x + cx + request.width, y1: y + cy + request.height)
    // The clip rounded outward, as quads round it.
    let bounds = Double(Swift.max(canvas.width, canvas.height)) + 1
    func edge(_ v: Double) -> Int { Int(Swift.max(-1, Swift.min(bounds, v))) }
    let clipPixels = Canvas.PixelRect(
      x0: edge((clip.minX * scale).rounded(.down)), y0: edge((clip.minY * scale).rounded(.down)),
      x1: edge((clip.maxX * scale).rounded(.up)), y1: edge((clip.maxY * scale).rounded(.up)))
    let region = element.intersection(clipPixels).intersection(canvas.pixelBounds)
    guard !region.isEmpty else { return true }
    if !contentPixels.contains(region) {
      guard request.fill.alpha >= 1 else { return false }
      canvas.fillPixels(region, request.fill)
    }
    let key = TileKey(source: photo.source, sourceWidth: image.width, sourceHeight: image.height, request: request)
    let tile: Tile
    if let kept = tiles[key] {
      tile = kept
    } else {
      tile = Self.tile(image, photo: photo, request, exact: exact)
      keep(tile, for: key, exact: exact)
    }
    canvas.blit(tile.image, x: contentPixels.x0, y: contentPixels.y0, in: region, as: tile.blit)
    return true
  }

  /// The tile a snapped element copies. A stand-in coarser than the
  /// element's pixels is resampled at half their resolution and copied
  /// at twice its size: it is a preview shown while the wanted level
  /// loads, coarser than that already, and so costs the frame that makes
  /// it a quarter of a full resample (a full page's 1.3 million pixels at
  /// 2x took 7–10 ms, over a frame's budget). A translucent one is made
  /// whole (the doubled copy copies, it does not blend).
  static func tile(_ image: RGBAImage, photo: Photo, _ request: TileRequest, exact: Bool) -> Tile {
    if !exact, image.width * image.height < request.width * request.height, request.width >= 2, request.height >= 2 {
      let half = TileRequest(
        width: (request.width + 1) / 2, height: (request.height + 1) / 2, fill: request.fill)
      let preview = Tile(makeTile(image, photoSize: photo.size, half), doubled: true)
      if preview.blit == .doubled { return preview }
    }
    return Tile(makeTile(image, photoSize: photo.size, request))
  }

  /// `image` (a level of a photo of `photoSize`) aspect-filled and centred
  /// in `request`'s pixels, as a quad draws it: what a snapped element
  /// copies. A pure function, for background threads too; `parallel:
  /// false` keeps the work on the calling thread.
  ///
  /// - Complexity: O(width × height).
  public static func makeTile(
    _ image: RGBAImage, photoSize: PixelSize, _ request: TileRequest, parallel: Bool = true
  ) -> RGBAImage {
    var canvas = Canvas(
      pixelSize: PixelSize(width: request.width, height: request.height), scale: 1, background: .clear)
    let size = Size(width: Double(request.width), height: Double(request.height))
    let photo = Size(width: Double(photoSize.width), height: Double(photoSize.height))
    canvas.drawQuad(
      size: size, transform: .identity,
      paint: .image(
        image, imageRect: Rect(center: Point(x: size.width / 2, y: size.height / 2), size: photo.aspectFill(size)),
        visibleRect: Rect(origin: .zero, size: size), fallback: request.fill), parallel: parallel)
    return canvas.image
  }

  /// Keeps `tile`, made by `makeTile` from a `source`-sized level of
  /// `photo` for `request` (on a loader's worker), for the frames that
  /// draw that photo snapped. A tile whose size is not the request's is
  /// ignored.
  public func insertTile(_ tile: RGBAImage, of photo: Photo, source: PixelSize, for request: TileRequest) {
    guard tile.width == request.width, tile.height == request.height else { return }
    let key = TileKey(source: photo.source, sourceWidth: source.width, sourceHeight: source.height, request: request)
    keep(Tile(tile), for: key, exact: true)
  }

  /// Keeps `tile`; one made from the wanted level replaces the tiles made
  /// from stand-in levels of the same photo at the same size.
  ///
  /// - Complexity: O(stand-in tiles made and not yet replaced), at most 64.
  private func keep(_ tile: Tile, for key: TileKey, exact: Bool) {
    if exact {
      if !standIns.isEmpty {
        for old in standIns where old.source == key.source && old.request == key.request && old != key {
          tiles.remove(old)
          standIns.remove(old)
        }
      }
    } else {
      // Keys the cache evicted meanwhile are forgotten now and then.
      if standIns.count >= 64 { standIns = standIns.filter { tiles.contains($0) } }
      standIns.insert(key)
    }
    tiles.insert(tile, bytes: tile.image.pixels.count, for: key)
  }
  /// The keys of tiles made from stand-in levels (some perhaps evicted).
  private var standIns: Set<TileKey> = []

  /// The tiles kept for `photo` (stand-ins' included); for tests.
  public func keptTileCount(of photo: Photo) -> Int {
    tiles.keysByRecency.lazy.filter { $0.source == photo.source }.count
  }

  /// A resampled photo and how it is copied, found once, when it is kept:
  /// an opaque tile row by row (`memcpy`) without looking at its alpha
  /// every frame, a stand-in's opaque preview at half the element's
  /// pixels at twice its size, any other source-over.
  struct Tile {
    var image: RGBAImage
    var blit: Canvas.Blit

    /// - Parameter doubled: `image` is at half the element's pixels (an
    ///   opaque one is copied at twice its size; a translucent one cannot
    ///   be, and is blended at its size: the caller makes a whole tile).
    init(_ image: RGBAImage, doubled: Bool = false) {
      self.image = image
      let opaque = image.pixels.withUnsafeBufferPointer { sw_all_opaque($0.baseAddress, $0.count / 4) != 0 }
      blit = opaque ? (doubled ? .doubled : .copy) : .over
    }
  }

  /// What a resampled photo in `tiles` was made from.
  struct TileKey: Hashable {
    var source: Photo.Source
    var sourceWidth: Int
    var sourceHeight: Int
    var request: TileRequest
  }

  /// The most bytes of resampled photos a painter keeps for
  /// pixel-snapped drawing unless told otherwise (a tile larger than a
  /// quarter of its limit is not snapped): 32 MB, six full screens of an
  /// iPhone at 2x.
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
  /// With `requestImage` set, a photo it takes is requested, not decoded
  /// (with the tile a snapped element of `style` needs).
  ///
  /// - Returns: whether nothing is left to do for it: the photo is held
  ///   at that size, cannot be decoded, or there is nothing to draw;
  ///   `false` while a request for it is pending.
  /// - Complexity: O(1) for a cached photo; a decode otherwise.
  @discardableResult
  public func prefetch(
    _ attributes: LayoutAttributes, photo: Photo, scale: Double, style: ElementStyle = ElementStyle()
  ) -> Bool {
    guard attributes.isFinite, attributes.size.isPositive, failures[photo.name] == nil else { return true }
    let content = attributes.extras.contentRect ?? Rect(origin: .zero, size: attributes.size)
    guard content.size.isPositive else { return true }
    let need = Self.photoSizes(attributes, content: content, photo: photo, scale: scale).need
    if let requestImage {
      let found = cache.cachedImage(for: photo, atLeast: need)
      if found.exact || cache.failure(for: photo) != nil { return true }
      let tile = tileRequest(attributes, content: content, style: style, scale: scale)
      if requestImage(
        ImageRequest(
          photo: photo, level: found.level, size: ImageCache.levelSize(photo.size, level: found.level), tile: tile))
      {
        return false
      }
    }
    do {
      _ = try cache.image(for: photo, atLeast: need)
    } catch {
      failures[photo.name] = error
    }
    return true
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
