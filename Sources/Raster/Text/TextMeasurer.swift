import LayoutCore

/// A font weight, as fontconfig names it.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
  case light, regular, medium, bold, black
}

/// What text is set in: a family, a size in points and a weight.
public struct TextStyle: Hashable, Sendable {
  /// The font family fontconfig looks up (`"DejaVu Sans"`).
  public var family: String
  /// The em size in points.
  public var size: Double
  public var weight: FontWeight

  public init(family: String = "DejaVu Sans", size: Double = 15, weight: FontWeight = .regular) {
    self.family = family
    self.size = size
    self.weight = weight
  }

  /// The fontconfig pattern for the style (`"DejaVu Sans:weight=bold"`).
  public var pattern: String { "\(family):weight=\(weight.rawValue)" }
}

/// One line of wrapped text: its characters and its advance width.
public struct TextLine: Hashable, Sendable {
  /// The line's text (words joined by single spaces, no trailing space).
  public var text: String
  /// The advance width in points (advances plus kerning).
  public var width: Double
}

/// Text set in a style, broken into lines: the size it takes and its lines.
public struct TextBlock: Hashable, Sendable {
  public var lines: [TextLine]
  /// The widest line's width by the lines' count times the line height.
  public var size: Size
  /// Baseline to baseline, in points.
  public var lineHeight: Double
  /// From a line's top to its baseline, in points.
  public var ascender: Double
}

/// Why a measurer could not be made.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The size or scale is not finite and positive.
  case invalidSize(Double)
  /// The font could not be found or opened.
  case font(FontError)

  public var description: String {
    switch self {
    case .invalidSize(let size): "invalid text size \(size): it must be finite and positive"
    case .font(let error): error.description
    }
  }
}

/// Measures text in one style with FreeType, exactly as `Canvas` draws it:
/// widths are FreeType's advances plus its kerning at the pixel size the
/// canvas uses (`size × scale`, rounded), divided by the scale; the line
/// height is the face's ascender + descender + line gap. Wrapping is greedy
/// at spaces; a word longer than the line is broken between characters.
///
/// ```swift
/// let measurer = try TextMeasurer(style: TextStyle(size: 15), scale: 2)
/// measurer.width(of: "swift")                   // one line, points
/// measurer.measure("a long tag", maxWidth: 80)  // wrapped: lines and size
/// ```
///
/// A character the font lacks measures (and draws) as a box; nothing traps.
/// Not thread-safe (it shares its `Font`'s caches).
public final class TextMeasurer {
  /// The font the text is measured (and drawn) with.
  public let font: Font
  public let style: TextStyle
  /// Pixels per point: the canvas's scale.
  public let scale: Double
  /// The FreeType pixel size (`style.size × scale`, rounded, 1…2000).
  public let pixelSize: Int
  /// The face's metrics at `pixelSize`, in points.
  public let lineHeight: Double
  public let ascender: Double
  public let descender: Double
  let spaceWidth: Double
  let space: Font.GlyphMetrics?

  /// A measurer for `style` on a canvas of `scale` pixels per point,
  /// with `font` (or the font fontconfig picks for the style).
  ///
  /// - Throws: `TextError` for a size or scale that is not finite and
  ///   positive, or a font that cannot be found.
  public init(style: TextStyle, scale: Double = 2, font: Font? = nil) throws(TextError) {
    guard style.size.isFinite, style.size > 0 else { throw .invalidSize(style.size) }
    guard scale.isFinite, scale > 0 else { throw .invalidSize(scale) }
    if let font {
      self.font = font
    } else {
      do { self.font = try Font.named(style.pattern) } catch { throw .font(error) }
    }
    self.style = style
    self.scale = scale
    pixelSize = Font.pixelSize(points: style.size, scale: scale)
    let metrics = self.font.lineMetrics(pixelSize: pixelSize)
    lineHeight = metrics.lineHeight / scale
    ascender = metrics.ascender / scale
    descender = metrics.descender / scale
    space = self.font.metrics(of: " ", pixelSize: pixelSize)
    spaceWidth = (space?.advance ?? 0) / scale
  }

  /// The width of `text` on one line, in points.
  ///
  /// - Complexity: O(characters), a cache look-up each.
  public func width(of text: some StringProtocol) -> Double {
    font.width(of: text, pixelSize: pixelSize) / scale
  }

  /// `text` broken into lines no wider than `maxWidth` (points; `nil`, a
  /// non-finite or non-positive width: one line per paragraph). Runs of
  /// spaces collapse to one; `\n` starts a new line; a word wider than the
  /// line is broken between characters (at least one per line). The empty
  /// string is one empty line, as tall as any.
  public func measure(_ text: String, maxWidth: Double? = nil) -> TextBlock {
    let limit = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 * scale : nil } ?? .infinity
    var lines: [TextLine] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      wrap(paragraph, limit: limit, into: &lines)
    }
    let widest = lines.reduce(0.0) { Swift.max($0, $1.width) }
    return TextBlock(
      lines: lines, size: Size(width: widest, height: Double(lines.count) * lineHeight), lineHeight: lineHeight,
      ascender: ascender)
  }

  /// The size of `text` wrapped at `maxWidth` (see `measure`).
  public func size(of text: String, maxWidth: Double? = nil) -> Size { measure(text, maxWidth: maxWidth).size }

  /// A tag's size: `text` wrapped to `maxWidth` minus the horizontal
  /// padding, plus the padding on each side, no wider than `maxWidth`.
  /// Negative or non-finite paddings count as 0.
  public func tagSize(of text: String, padding: (vertical: Double, horizontal: Double), maxWidth: Double?) -> Size {
    let v = Swift.max(0, padding.vertical.finiteOr(0))
    let h = Swift.max(0, padding.horizontal.finiteOr(0))
    let room = maxWidth.map { Swift.max(1 / scale, $0 - 2 * h) }
    let text = measure(text, maxWidth: room).size
    var width = text.width + 2 * h
    if let maxWidth, maxWidth.isFinite, maxWidth >= 0 { width = Swift.min(width, maxWidth) }
    return Size(width: width, height: text.height + 2 * v)
  }

  /// The tag sizes of `texts` (see `tagSize(of:padding:maxWidth:)`).
  ///
  /// - Complexity: O(total characters).
  public func tagSizes(_ texts: [String], padding: (vertical: Double, horizontal: Double), maxWidth: Double?) -> [Size]
  {
    texts.map { tagSize(of: $0, padding: padding, maxWidth: maxWidth) }
  }

  /// Greedy wrapping of one paragraph, in pixels.
  func wrap(_ paragraph: Substring, limit: Double, into lines: inout [TextLine]) {
    let linesBefore = lines.count
    var line = ""
    var lineWidth = 0.0  // pixels
    var lastIndex: UInt32 = 0  // the line's last glyph, for kerning
    func flush() {
      lines.append(TextLine(text: line, width: lineWidth / scale))
      line = ""
      lineWidth = 0
      lastIndex = 0
    }
    let spaceIndex = space?.index ?? 0
    let spaceAdvance = space?.advance ?? 0
    for word in paragraph.split(separator: " ") {
      let (wordWidth, firstIndex, wordLast) = measureWord(word)
      if !line.isEmpty {
        let joined =
          lineWidth + font.kerning(lastIndex, spaceIndex, pixelSize: pixelSize) + spaceAdvance
          + font.kerning(spaceIndex, firstIndex, pixelSize: pixelSize) + wordWidth
        if joined <= limit {
          line += " "
          line += word
          lineWidth = joined
          lastIndex = wordLast
          continue
        }
        flush()
      }
      if wordWidth <= limit {
        line = String(word)
        lineWidth = wordWidth
        lastIndex = wordLast
        continue
      }
      // Too long for any line: break between characters.
      for scalar in word.unicodeScalars {
        guard let m = font.metrics(of: scalar, pixelSize: pixelSize) else { continue }
        let next = lineWidth + font.kerning(lastIndex, m.index, pixelSize: pixelSize) + m.advance
        if !line.isEmpty && next > limit {
          flush()
          line.unicodeScalars.append(scalar)
          lineWidth = m.advance
        } else {
          line.unicodeScalars.append(scalar)
          lineWidth = next
        }
        lastIndex = m.index
      }
    }
    // The last line; an empty paragraph is one empty line.
    if !line.isEmpty || lines.count == linesBefore { flush() }
  }

  /// A word's width in pixels and its first and last glyph indices.
  func measureWord(_ word: Substring) -> (width: Double, first: UInt32, last: UInt32) {
    var width = 0.0
    var first: UInt32 = 0
    var previous: UInt32 = 0
    var started = false
    for scalar in word.unicodeScalars {
      guard let m = font.metrics(of: scalar, pixelSize: pixelSize) else { continue }
      if !started {
        first = m.index
        started = true
      }
      width += font.kerning(previous, m.index, pixelSize: pixelSize) + m.advance
      previous = m.index
    }
    return (width, first, previous)
  }
}
