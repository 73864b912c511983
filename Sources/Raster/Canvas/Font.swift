import CFontconfig
import CFreeType
import LayoutCore

/// Why a font could not be loaded.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// fontconfig found no font for the pattern.
  case notFound(String)
  /// FreeType could not open the file.
  case unreadable(String, code: Int32)

  public var description: String {
    switch self {
    case .notFound(let pattern): "no font matches '\(pattern)' (is fonts-dejavu-core installed?)"
    case .unreadable(let path, let code): "FreeType cannot open '\(path)' (error \(code))"
    }
  }
}

/// A font face rasterised by FreeType, with a glyph cache.
///
/// ```swift
/// let font = try Font.named("DejaVu Sans:bold")
/// canvas.draw("12", font: font, size: 40, at: Point(x: 10, y: 50), color: .white)
/// ```
///
/// Glyphs are anti-aliased 8-bit coverage masks, cached per character and
/// pixel size. Pens advance by FreeType's (hinted) advances plus the
/// font's kerning (`FT_Get_Kerning`), the same numbers `TextMeasurer` adds
/// up, so measured and drawn text agree to the pixel. No shaping (see
/// `Guides/SelfSizing.md`). A character the font lacks draws as a hollow
/// box (the font's own `.notdef` when it has an outline). Not thread-safe.
public final class Font {
  struct GlyphKey: Hashable {
    var scalar: UInt32
    var pixelSize: Int
  }

  struct Glyph {
    /// The glyph's index in the face (0: `.notdef`, the font lacks it).
    var index: UInt32
    var mask: [UInt8]
    var width: Int
    var rows: Int
    var left: Int
    var top: Int
    var advance: Double
  }

  /// The font file.
  public let path: String
  private var library: FT_Library?
  private var face: FT_Face?
  private var currentPixelSize = 0
  private var glyphs: [GlyphKey: Glyph] = [:]
  private var advances: [GlyphKey: GlyphMetrics] = [:]
  private var kerns: [KernKey: Double] = [:]
  private var lineMetrics: [Int: LineMetrics] = [:]
  /// Whether the face has a kerning table FreeType reads.
  public private(set) var hasKerning = false

  /// A glyph's index and advance, without its bitmap.
  public struct GlyphMetrics: Hashable, Sendable {
    /// The glyph's index in the face (0 when the font lacks the character).
    public var index: UInt32
    /// The pen advance in pixels.
    public var advance: Double
  }

  struct KernKey: Hashable {
    var left: UInt32
    var right: UInt32
    var pixelSize: Int
  }

  /// A face's vertical metrics at one pixel size (FreeType's scaled size
  /// metrics), in pixels.
  public struct LineMetrics: Hashable, Sendable {
    /// From the baseline up to the top of the tallest glyphs.
    public var ascender: Double
    /// From the baseline down to the bottom of the lowest (positive).
    public var descender: Double
    /// Baseline to baseline: ascender + descender + the font's line gap.
    public var lineHeight: Double
  }

  /// Opens the font file at `path`.
  ///
  /// - Throws: `FontError.unreadable`.
  public init(file path: String) throws(FontError) {
    self.path = path
    var library: FT_Library?
    let initError = FT_Init_FreeType(&library)
    guard initError == 0, let library else { throw .unreadable(path, code: initError) }
    var face: FT_Face?
    let error = FT_New_Face(library, path, 0, &face)
    guard error == 0, face != nil else {
      FT_Done_FreeType(library)
      throw .unreadable(path, code: error)
    }
    self.library = library
    self.face = face
    if let face { hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 }
  }

  deinit {
    if let face { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
  }

  /// The file fontconfig picks for `pattern` (`"DejaVu Sans:bold"`), or
  /// `nil` when it finds nothing.
  public static func locate(_ pattern: String) -> String? {
    guard let config = FcInitLoadConfigAndFonts() else { return nil }
    defer { FcConfigDestroy(config) }
    guard let pat = FcNameParse(pattern) else { return nil }
    defer { FcPatternDestroy(pat) }
    FcConfigSubstitute(config, pat, FcMatchPattern)
    FcDefaultSubstitute(pat)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pat, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
    return String(cString: file)
  }

  /// The font fontconfig picks for `pattern`.
  ///
  /// - Throws: `FontError.notFound` or `.unreadable`.
  public static func named(_ pattern: String) throws(FontError) -> Font {
    guard let path = locate(pattern) else { throw .notFound(pattern) }
    return try Font(file: path)
  }

  /// Sets the face's pixel size; `false` when FreeType refuses it.
  private func use(pixelSize: Int) -> Bool {
    guard let face else { return false }
    if currentPixelSize != pixelSize {
      guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return false }
      currentPixelSize = pixelSize
    }
    return true
  }

  func glyph(_ scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? {
    let key = GlyphKey(scalar: scalar.value, pixelSize: pixelSize)
    if let glyph = glyphs[key] { return glyph }
    guard let face, use(pixelSize: pixelSize) else { return nil }
    let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
    guard FT_Load_Glyph(face, index, Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph else {
      return nil
    }
    let bitmap = slot.pointee.bitmap
    var width = Int(bitmap.width)
    var rows = Int(bitmap.rows)
    let pitch = Int(bitmap.pitch)
    var mask = [UInt8](repeating: 0, count: width * rows)
    if let buffer = bitmap.buffer, pitch >= width {
      for r in 0..<rows {
        for c in 0..<width { mask[r * width + c] = buffer[r * pitch + c] }
      }
    }
    var left = Int(slot.pointee.bitmap_left)
    var top = Int(slot.pointee.bitmap_top)
    var advance = Double(slot.pointee.advance.x) / 64
    if index == 0 && (width == 0 || rows == 0 || mask.allSatisfy { $0 == 0 }) {
      // The font lacks the character and its .notdef draws nothing: a
      // hollow box, 0.6 em wide and cap-high, so the gap is visible.
      let box = Self.missingGlyphBox(pixelSize: pixelSize)
      (mask, width, rows, left, top) = (box.mask, box.width, box.rows, box.left, box.top)
      advance = box.advance
    }
    let glyph = Glyph(index: index, mask: mask, width: width, rows: rows, left: left, top: top, advance: advance)
    glyphs[key] = glyph
    return glyph
  }

  /// The hollow box drawn for a missing character at `pixelSize`.
  static func missingGlyphBox(pixelSize: Int) -> Glyph {
    let width = Swift.max(3, pixelSize / 2)
    let rows = Swift.max(3, (pixelSize * 7) / 10)
    let stroke = Swift.max(1, pixelSize / 16)
    var mask = [UInt8](repeating: 0, count: width * rows)
    for r in 0..<rows {
      for c in 0..<width where r < stroke || r >= rows - stroke || c < stroke || c >= width - stroke {
        mask[r * width + c] = 255
      }
    }
    let advance = Double(Swift.max(width + 2, (pixelSize * 6) / 10))
    return Glyph(index: 0, mask: mask, width: width, rows: rows, left: 1, top: rows, advance: advance)
  }

  /// `scalar`'s glyph index and pen advance at `pixelSize` (pixels), as
  /// drawing uses them; `nil` when FreeType cannot load even `.notdef`.
  ///
  /// - Complexity: a dictionary look-up once cached.
  public func metrics(of scalar: Unicode.Scalar, pixelSize: Int) -> GlyphMetrics? {
    let key = GlyphKey(scalar: scalar.value, pixelSize: pixelSize)
    if let metrics = advances[key] { return metrics }
    guard let glyph = glyph(scalar, pixelSize: pixelSize) else { return nil }
    let metrics = GlyphMetrics(index: glyph.index, advance: glyph.advance)
    advances[key] = metrics
    return metrics
  }

  /// The kerning between glyphs `left` and `right` (indices) at
  /// `pixelSize`, in pixels (`FT_Get_Kerning`, `FT_KERNING_DEFAULT`): 0
  /// when the face has no kerning table or either glyph is missing.
  public func kerning(_ left: UInt32, _ right: UInt32, pixelSize: Int) -> Double {
    guard hasKerning, left != 0, right != 0 else { return 0 }
    let key = KernKey(left: left, right: right, pixelSize: pixelSize)
    if let kern = kerns[key] { return kern }
    guard let face, use(pixelSize: pixelSize) else { return 0 }
    var vector = FT_Vector()
    let kern =
      FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_DEFAULT.rawValue), &vector) == 0
      ? Double(vector.x) / 64 : 0
    kerns[key] = kern
    return kern
  }

  /// The face's ascender, descender and line height at `pixelSize`, in
  /// pixels (FreeType's scaled size metrics); zeros when the size is
  /// refused.
  public func lineMetrics(pixelSize: Int) -> LineMetrics {
    if let metrics = lineMetrics[pixelSize] { return metrics }
    guard let face, use(pixelSize: pixelSize), let size = face.pointee.size else {
      return LineMetrics(ascender: 0, descender: 0, lineHeight: 0)
    }
    let m = size.pointee.metrics
    let ascender = Double(m.ascender) / 64
    let descender = -Double(m.descender) / 64
    let metrics = LineMetrics(
      ascender: ascender, descender: descender, lineHeight: Swift.max(Double(m.height) / 64, ascender + descender))
    lineMetrics[pixelSize] = metrics
    return metrics
  }

  /// The advance width of `text` at `pixelSize`, in pixels: advances plus
  /// kerning between neighbours.
  public func width(of text: some StringProtocol, pixelSize: Int) -> Double {
    var width = 0.0
    var previous: UInt32 = 0
    for scalar in text.unicodeScalars {
      guard let m = metrics(of: scalar, pixelSize: pixelSize) else { continue }
      width += kerning(previous, m.index, pixelSize: pixelSize) + m.advance
      previous = m.index
    }
    return width
  }

  /// The pixel size text of `size` points is drawn and measured at on a
  /// canvas of `scale` pixels per point (1…2000).
  public static func pixelSize(points size: Double, scale: Double) -> Int {
    let pixels = size * scale
    guard pixels.isFinite else { return 1 }
    return Swift.max(1, Swift.min(2000, Int(pixels.rounded())))
  }
}

extension Canvas {
  /// Draws `text` with its baseline starting at `origin` (points), `size`
  /// points tall (em size).
  ///
  /// - Parameter clip: nothing outside it (canvas points) changes.
  public mutating func draw(
    _ text: String, font: Font, size: Double, at origin: Point, color: Color, clip: Rect? = nil
  ) {
    guard size.isFinite, size > 0, origin.isFinite else { return }
    let pixelSize = Font.pixelSize(points: size, scale: scale)
    var penX = origin.x * scale
    var previous: UInt32 = 0
    let baseline = Int((origin.y * scale).rounded())
    let clipPixels = clip.map {
      (
        Int(($0.minX * scale).rounded(.down)), Int(($0.minY * scale).rounded(.down)),
        Int(($0.maxX * scale).rounded(.up)), Int(($0.maxY * scale).rounded(.up))
      )
    }
    for scalar in text.unicodeScalars {
      guard let glyph = font.glyph(scalar, pixelSize: pixelSize) else { continue }
      penX += font.kerning(previous, glyph.index, pixelSize: pixelSize)
      previous = glyph.index
      if glyph.width > 0, glyph.rows > 0 {
        glyph.mask.withUnsafeBufferPointer { mask in
          blendMask(
            mask, width: glyph.width, height: glyph.rows, pitch: glyph.width,
            x: Int(penX.rounded()) + glyph.left, y: baseline - glyph.top, color: color, clip: clipPixels)
        }
      }
      penX += glyph.advance
    }
  }

  /// Draws `text` centred on `center` (points): horizontally by its
  /// advance width, vertically by the font's cap height (about 0.72 em).
  public mutating func draw(
    _ text: String, font: Font, size: Double, centeredAt center: Point, color: Color, clip: Rect? = nil
  ) {
    guard size.isFinite, size > 0 else { return }
    let pixelSize = Font.pixelSize(points: size, scale: scale)
    let width = font.width(of: text, pixelSize: pixelSize) / scale
    draw(
      text, font: font, size: size, at: Point(x: center.x - width / 2, y: center.y + size * 0.36), color: color,
      clip: clip)
  }
}
