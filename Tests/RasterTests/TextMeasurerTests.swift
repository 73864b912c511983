import CFreeType
import LayoutCore
import Raster
import Testing

/// FreeType, driven directly through its C API: the reference widths the
/// measurer must reproduce.
final class ReferenceFace {
  var library: FT_Library?
  var face: FT_Face?

  init(path: String, pixelSize: Int) throws {
    #expect(FT_Init_FreeType(&library) == 0)
    #expect(FT_New_Face(library, path, 0, &face) == 0)
    _ = try #require(face)
    #expect(FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0)
  }

  deinit {
    if let face { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
  }

  /// The sum of the hinted advances plus `FT_Get_Kerning` between
  /// neighbours, in pixels.
  func width(_ text: String) -> Double {
    var total = 0.0
    var previous: FT_UInt = 0
    for scalar in text.unicodeScalars {
      let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
      if previous != 0 && index != 0 {
        var kern = FT_Vector()
        _ = FT_Get_Kerning(face, previous, index, FT_UInt(FT_KERNING_DEFAULT.rawValue), &kern)
        total += Double(kern.x) / 64
      }
      _ = FT_Load_Glyph(face, index, Int32(FT_LOAD_DEFAULT))
      total += Double(face!.pointee.glyph.pointee.advance.x) / 64
      previous = index
    }
    return total
  }

  var kerningSupported: Bool { face!.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 }
}

@Suite struct TextMeasurerTests {
  static let style = TextStyle(family: "DejaVu Sans", size: 15)

  @Test func asciiWidthIsTheSumOfAdvancesAndKerning() throws {
    for scale in [1.0, 2.0, 3.0] {
      let measurer = try TextMeasurer(style: Self.style, scale: scale)
      let reference = try ReferenceFace(path: measurer.font.path, pixelSize: measurer.pixelSize)
      #expect(reference.kerningSupported == measurer.font.hasKerning)
      for text in ["AVATAR Yo, To.", "Wave LT", "scrollwork", "", " ", "Typography: AWAY, Tea, you"]
        + SampleWords.all.prefix(60)
      {
        #expect(measurer.width(of: text) == reference.width(text) / scale, "'\(text)' at \(scale)x")
      }
    }
  }

  @Test func kerningChangesWidthsWhenTheFaceHasIt() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    guard measurer.font.hasKerning else { return }
    let a = try #require(measurer.font.metrics(of: "A", pixelSize: measurer.pixelSize))
    let v = try #require(measurer.font.metrics(of: "V", pixelSize: measurer.pixelSize))
    let kern = measurer.font.kerning(a.index, v.index, pixelSize: measurer.pixelSize)
    #expect(kern < 0)
    #expect(measurer.width(of: "AV") == (a.advance + v.advance + kern) / 2)
  }

  @Test func lineHeightComesFromTheFaceMetrics() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    #expect(measurer.ascender > 0 && measurer.descender > 0)
    #expect(measurer.lineHeight >= measurer.ascender + measurer.descender)
    #expect(measurer.lineHeight < 2 * Self.style.size)
    let block = measurer.measure("one two three four five six", maxWidth: 40)
    #expect(block.size.height == Double(block.lines.count) * measurer.lineHeight)
  }

  @Test func noWrappedLineIsWiderThanTheMaximum() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    let words = SampleWords.all
    for k in 0..<200 {
      let text = (0..<(1 + k % 17)).map { words[($0 * 31 + k * 7) % words.count] }.joined(separator: " ")
      let maxWidth = Double(8 + (k * 13) % 240)
      let block = measurer.measure(text, maxWidth: maxWidth)
      for line in block.lines {
        let oneCharacter = line.text.unicodeScalars.count == 1
        #expect(line.width <= maxWidth || oneCharacter, "'\(line.text)' \(line.width) > \(maxWidth)")
        #expect(line.width == measurer.width(of: line.text))
      }
      // Nothing is lost: the lines hold the words in order.
      #expect(block.lines.map(\.text).joined().filter { $0 != " " } == text.filter { $0 != " " })
      #expect(block.size.width == block.lines.map(\.width).max())
      // Greedy: no line's first word would have fitted on the line before.
      for (a, b) in zip(block.lines, block.lines.dropFirst()) {
        guard let first = b.text.split(separator: " ").first, !a.text.isEmpty,
          a.text.split(separator: " ").last.map({ measurer.width(of: $0) <= maxWidth }) ?? false,
          measurer.width(of: first) <= maxWidth
        else { continue }
        #expect(measurer.width(of: a.text + " " + first) > maxWidth, "'\(a.text)' + '\(first)' fit \(maxWidth)")
      }
    }
  }

  @Test func longWordsAreBrokenBetweenCharacters() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    let word = "supercalifragilisticexpialidocious"
    let block = measurer.measure("a " + word + " b", maxWidth: 60)
    #expect(block.lines.count >= 4)
    #expect(block.lines.first?.text == "a")
    #expect(block.lines.map(\.text).joined().filter { $0 != " " } == "a" + word + "b")
    #expect(block.lines.allSatisfy { $0.width <= 60 })
    // A line too narrow for any character still makes progress.
    let narrow = measurer.measure("abc", maxWidth: 1)
    #expect(narrow.lines.map(\.text) == ["a", "b", "c"])
  }

  @Test func emptyAndBlankTextIsOneEmptyLine() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    for text in ["", "   "] {
      let block = measurer.measure(text, maxWidth: 100)
      #expect(block.lines.map(\.text) == [""])
      #expect(block.size == Size(width: 0, height: measurer.lineHeight))
    }
    #expect(measurer.measure("a\n\nb").lines.map(\.text) == ["a", "", "b"])
    let tag = measurer.tagSize(of: "", padding: (vertical: 4, horizontal: 10), maxWidth: 300)
    #expect(tag == Size(width: 20, height: measurer.lineHeight + 8))
  }

  @Test func tagSizesAreClampedToTheMaximumWidth() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    let text = "a rather long tag that will need to wrap over several lines"
    let tag = measurer.tagSize(of: text, padding: (vertical: 4, horizontal: 10), maxWidth: 120)
    #expect(tag.width <= 120)
    let inner = measurer.measure(text, maxWidth: 100)
    #expect(tag.height == inner.size.height + 8)
    let short = measurer.tagSize(of: "swift", padding: (vertical: 4, horizontal: 10), maxWidth: 120)
    #expect(short.width == measurer.width(of: "swift") + 20)
    #expect(short.height == measurer.lineHeight + 8)
    let bad = measurer.tagSize(of: "x", padding: (vertical: .nan, horizontal: -4), maxWidth: .infinity)
    #expect(bad == Size(width: measurer.width(of: "x"), height: measurer.lineHeight))
  }

  @Test func missingGlyphsGetAVisibleBox() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    let missing = "\u{E000}\u{10FFFD}"  // private-use characters no font maps
    let metrics = try #require(measurer.font.metrics(of: "\u{E000}", pixelSize: measurer.pixelSize))
    #expect(metrics.index == 0)
    #expect(measurer.width(of: missing) > 0)
    var canvas = Canvas(pixelSize: PixelSize(width: 80, height: 40), scale: 2, background: .black)
    canvas.draw(measurer.measure(missing), measurer: measurer, at: Point(x: 2, y: 2), color: .white)
    #expect(canvas.image.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element > 128 })
  }

  @Test func badSizesAreRejected() {
    #expect(throws: TextError.self) { try TextMeasurer(style: TextStyle(size: .nan)) }
    #expect(throws: TextError.self) { try TextMeasurer(style: TextStyle(size: -3)) }
    #expect(throws: TextError.self) { try TextMeasurer(style: Self.style, scale: 0) }
    #expect(Font.pixelSize(points: 1e308, scale: 1e10) == 1)
  }

  @Test func drawnTextCoversTheMeasuredWidth() throws {
    let measurer = try TextMeasurer(style: Self.style, scale: 2)
    for text in ["HIH", "MINIMUM", "AVATAR"] {
      let width = measurer.width(of: text)
      var canvas = Canvas(pixelSize: PixelSize(width: 300, height: 60), scale: 2, background: .black)
      canvas.draw(measurer.measure(text), measurer: measurer, at: Point(x: 10, y: 5), color: .white)
      var minX = Int.max
      var maxX = Int.min
      for y in 0..<canvas.height {
        for x in 0..<canvas.width where canvas.image[x, y].r > 0 {
          minX = Swift.min(minX, x)
          maxX = Swift.max(maxX, x)
        }
      }
      // Ink starts after the pen and ends before the advance (these
      // letters' bearings are small and not negative), within a pixel.
      #expect(minX >= 20 && minX <= 24, "\(text): ink starts at \(minX)")
      let end = Int(((10 + width) * 2).rounded())
      #expect(maxX < end + 1 && maxX >= end - 5, "\(text): ink ends at \(maxX), advance at \(end)")
    }
  }

  @Test func sampleWordsAreManyAndDistinct() {
    #expect(SampleWords.all.count >= 300)
    #expect(Set(SampleWords.all).count == SampleWords.all.count)
    #expect(SampleWords.words(1000).count == 1000)
    #expect(SampleWords.words(-5).isEmpty)
  }
}
