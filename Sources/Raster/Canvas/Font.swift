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
/// pixel size. No kerning or shaping: labels are short Latin text.
/// Not thread-safe.
public final class Font {
  struct GlyphKey: Hashable {
    var scalar: UInt32
    var pixelSize: Int
  }

  struct Glyph {
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

  func glyph(_ scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? {
    let key = GlyphKey(scalar: scalar.value, pixelSize: pixelSize)
    if let glyph = glyphs[key] { return glyph }
    guard let face else { return nil }
    if currentPixelSize != pixelSize {
      guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return nil }
      currentPixelSize = pixelSize
    }
    guard FT_Load_Char(face, FT_ULong(scalar.value), Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph else {
      return nil
    }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let rows = Int(bitmap.rows)
    let pitch = Int(bitmap.pitch)
    var mask = [UInt8](repeating: 0, count: width * rows)
    if let buffer = bitmap.buffer, pitch >= width {
      for r in 0..<rows {
        for c in 0..<width { mask[r * width + c] = buffer[r * pitch + c] }
      }
    }
    let glyph = Glyph(
      mask: mask, width: width, rows: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
      advance: Double(slot.pointee.advance.x) / 64)
    glyphs[key] = glyph
    return glyph
  }

  /// The advance width of `text` at `pixelSize`, in pixels.
  public func width(of text: String, pixelSize: Int) -> Double {
    text.unicodeScalars.reduce(0) { $0 + (glyph($1, pixelSize: pixelSize)?.advance ?? 0) }
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
    let pixelSize = Swift.max(1, Swift.min(2000, Int((size * scale).rounded())))
    var penX = origin.x * scale
    let baseline = Int((origin.y * scale).rounded())
    let clipPixels = clip.map {
      (
        Int(($0.minX * scale).rounded(.down)), Int(($0.minY * scale).rounded(.down)),
        Int(($0.maxX * scale).rounded(.up)), Int(($0.maxY * scale).rounded(.up))
      )
    }
    for scalar in text.unicodeScalars {
      guard let glyph = font.glyph(scalar, pixelSize: pixelSize) else { continue }
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
    let pixelSize = Swift.max(1, Swift.min(2000, Int((size * scale).rounded())))
    let width = font.width(of: text, pixelSize: pixelSize) / scale
    draw(
      text, font: font, size: size, at: Point(x: center.x - width / 2, y: center.y + size * 0.36), color: color,
      clip: clip)
  }
}
