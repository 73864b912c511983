import Foundation
import Raster
import Testing

@Suite struct DecoderTests {
  let decoder = ImageDecoder()

  @Test func jpegRoundTripKeepsSizeAndColours() throws {
    let source = Fixtures.quadrants(width: 64, height: 48)
    let image = try decoder.decode(Fixtures.jpeg(source))
    #expect(image.size == PixelSize(width: 64, height: 48))
    let p = image[8, 8]
    #expect(p.r > 200 && p.g < 60 && p.b < 60 && p.a == 255, "top-left should stay red: \(p)")
    let q = image[56, 40]
    #expect(q.r > 200 && q.g > 200 && q.b < 60, "bottom-right should stay yellow: \(q)")
  }

  @Test func jpegDecodesAtReducedScaleInTheDCT() throws {
    let bytes = Fixtures.jpeg(Fixtures.quadrants(width: 512, height: 384))
    // 1/8 would be 64x48 < 70x50; 1/4 is 128x96 — the smallest at least as big.
    let image = try decoder.decode(bytes, atLeast: PixelSize(width: 70, height: 50))
    #expect(image.size == PixelSize(width: 128, height: 96))
    let thumb = try decoder.decode(bytes, atLeast: PixelSize(width: 10, height: 10))
    // 1/8 in the DCT (64x48), then box-halved twice while still ≥ 10x10.
    #expect(thumb.size == PixelSize(width: 16, height: 12))
    #expect(thumb[2, 2].r > 200 && thumb[2, 2].b < 60)
  }

  @Test func pngRoundTripIsExactAndPremultiplies() throws {
    var px = [UInt8](repeating: 0, count: 5 * 3 * 4)
    for i in 0..<15 {
      px[i * 4] = UInt8(i * 17)
      px[i * 4 + 1] = 200
      px[i * 4 + 2] = UInt8(255 - i * 10)
      px[i * 4 + 3] = i == 0 ? 0 : (i == 1 ? 128 : 255)
    }
    let straight = RGBAImage(width: 5, height: 3, straight: px)
    let bytes = try PNGEncoder.encode(straight)
    let decoded = try decoder.decode(bytes)
    #expect(decoded.size == straight.size)
    for i in 0..<straight.pixels.count {
      #expect(abs(Int(decoded.pixels[i]) - Int(straight.pixels[i])) <= 1, "byte \(i)")
    }
    #expect(decoded[1, 0].a == 128 && decoded[1, 0].g == 100, "premultiplied: 200 × 128/255 ≈ 100")
  }

  @Test func pngBoxFiltersWhenMuchSmallerIsAsked() throws {
    let bytes = try PNGEncoder.encode(Fixtures.quadrants(width: 200, height: 100))
    let image = try decoder.decode(bytes, atLeast: PixelSize(width: 40, height: 20))
    #expect(image.size == PixelSize(width: 50, height: 25))
  }

  @Test func emptyNonImageAndMissingFilesThrowClearErrors() throws {
    #expect(throws: DecodeError.empty) { try decoder.decode([]) }
    #expect(throws: DecodeError.notAnImage) { try decoder.decode(Array("hello, not a photo".utf8)) }
    let dir = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    _ = FileManager.default.createFile(atPath: dir + "/zero.jpg", contents: Data())
    #expect(throws: DecodeError.empty) { try decoder.decode(file: dir + "/zero.jpg") }
    #expect(throws: DecodeError.unreadable("no such file")) { try decoder.decode(file: dir + "/missing.jpg") }
    #expect(throws: DecodeError.unreadable("it is a folder")) { try decoder.decode(file: dir) }
    #expect(DecodeError.empty.description.contains("empty"))
  }

  @Test func truncatedJPEGIsReportedAsTruncated() throws {
    let bytes = Fixtures.jpeg(Fixtures.quadrants(width: 128, height: 96))
    for cut in [bytes.count / 2, bytes.count - 2, 700] {
      do {
        _ = try decoder.decode(Array(bytes.prefix(cut)))
        Issue.record("a JPEG cut at \(cut) of \(bytes.count) bytes decoded")
      } catch {
        guard case .truncated = error else {
          Issue.record("cut at \(cut): expected .truncated, got \(error)")
          continue
        }
      }
    }
    // Cut inside the header: libjpeg runs out of data before the frame.
    #expect(throws: DecodeError.self) { try decoder.decode(Array(bytes.prefix(40))) }
  }

  @Test func corruptJPEGIsReportedAsCorrupt() throws {
    var bytes = Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 48))
    // Give the first quantisation table (FF DB) an impossible length.
    let dqt = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDB })
    bytes[dqt + 2] = 0
    bytes[dqt + 3] = 1
    do {
      _ = try decoder.decode(bytes)
      Issue.record("a corrupt JPEG decoded")
    } catch {
      guard case .corrupt(let why) = error else {
        Issue.record("expected .corrupt, got \(error)")
        return
      }
      #expect(!why.isEmpty, "libjpeg's message is kept")
    }
  }

  @Test func truncatedAndCorruptPNGAreReported() throws {
    let bytes = try PNGEncoder.encode(Fixtures.quadrants(width: 64, height: 48))
    #expect(throws: DecodeError.self) { try decoder.decode(Array(bytes.prefix(bytes.count / 2))) }
    do {
      _ = try decoder.decode(Array(bytes.prefix(bytes.count - 20)))
    } catch {
      guard case .truncated = error else {
        Issue.record("expected .truncated, got \(error)")
        return
      }
    }
    // Flip a byte inside IDAT's data: the chunk's CRC no longer matches.
    var corrupt = bytes
    let idat = try #require((8..<corrupt.count - 4).first { corrupt[$0..<($0 + 4)].elementsEqual(Array("IDAT".utf8)) })
    corrupt[idat + 10] ^= 0xFF
    do {
      _ = try decoder.decode(corrupt)
      Issue.record("a corrupt PNG decoded")
    } catch {
      guard case .corrupt = error else {
        Issue.record("expected .corrupt, got \(error)")
        return
      }
    }
  }

  /// Bytes after the IEND chunk (appended metadata, a download's padding)
  /// do not make a complete PNG look truncated.
  @Test func bytesAfterTheEndOfAPNGAreIgnored() throws {
    let image = Fixtures.quadrants(width: 64, height: 48)
    let bytes = try PNGEncoder.encode(image)
    let padded = bytes + Array("JUNK after IEND".utf8)
    let decoded = try decoder.decode(padded)
    #expect(decoded.width == 64 && decoded.height == 48)
    #expect(decoded.pixels == (try decoder.decode(bytes)).pixels)
    // Cut inside the last chunk: still truncated.
    #expect(throws: DecodeError.self) { try decoder.decode(Array(bytes.dropLast(3))) }
  }

  @Test func decompressionBombsAreRejectedFromTheHeader() throws {
    let bomb = Fixtures.pngDeclaring(width: 100_000, height: 100_000)
    #expect(try decoder.info(bomb).storedSize == PixelSize(width: 100_000, height: 100_000))
    #expect(throws: DecodeError.tooLarge(PixelSize(width: 100_000, height: 100_000), limit: 100_000_000)) {
      try decoder.decode(bomb)
    }
    let small = ImageDecoder(maximumPixels: 1000)
    let jpeg = Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 48))
    #expect(throws: DecodeError.tooLarge(PixelSize(width: 64, height: 48), limit: 1000)) { try small.decode(jpeg) }
  }

  @Test(arguments: [false, true])
  func exifOrientationIsReadAndApplied(littleEndian: Bool) throws {
    let plain = Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 32))
    #expect(exifOrientation(ofJPEG: plain) == 1)
    for orientation in 1...8 {
      let tagged = Fixtures.withOrientation(plain, UInt16(orientation), littleEndian: littleEndian)
      #expect(exifOrientation(ofJPEG: tagged) == orientation)
      let info = try decoder.info(tagged)
      #expect(info.size == (orientation >= 5 ? PixelSize(width: 32, height: 64) : PixelSize(width: 64, height: 32)))
    }
    // 6: a quarter turn clockwise. The stored top-left (red) shows top-right.
    let six = try decoder.decode(Fixtures.withOrientation(plain, 6, littleEndian: littleEndian))
    #expect(six.size == PixelSize(width: 32, height: 64))
    #expect(six[28, 4].r > 200 && six[28, 4].g < 60, "red at top-right: \(six[28, 4])")
    #expect(six[4, 4].g > 200 && six[4, 4].r < 60, "green at top-left: \(six[4, 4])")
    // 8: a quarter turn counter-clockwise. Blue (stored top-right) shows top-left.
    let eight = try decoder.decode(Fixtures.withOrientation(plain, 8, littleEndian: littleEndian))
    #expect(eight[4, 4].b > 200 && eight[4, 4].r < 60, "blue at top-left: \(eight[4, 4])")
    // Scaled decoding asks for the upright size.
    let big = Fixtures.jpeg(Fixtures.quadrants(width: 400, height: 200))
    let thumb = try decoder.decode(
      Fixtures.withOrientation(big, 6, littleEndian: littleEndian), atLeast: PixelSize(width: 40, height: 90))
    #expect(thumb.size == PixelSize(width: 50, height: 100))
  }

  @Test func malformedEXIFFallsBackToUpright() {
    let plain = Fixtures.jpeg(Fixtures.quadrants(width: 16, height: 16))
    var bad = Fixtures.withOrientation(plain, 6, littleEndian: true)
    bad[12] = 0x58  // byte-order mark "XI": not TIFF
    #expect(exifOrientation(ofJPEG: bad) == 1)
    #expect(exifOrientation(ofJPEG: Fixtures.withOrientation(plain, 9, littleEndian: false)) == 1)
    #expect(exifOrientation(ofJPEG: Array(bad.prefix(20))) == 1)
    #expect(exifOrientation(ofJPEG: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) == 1)
  }

  @Test func orientedMapsEveryOrientationExactly() {
    // 3x2 image with distinct pixels; check the known corners.
    var px = [UInt8](repeating: 255, count: 3 * 2 * 4)
    for i in 0..<6 { px[i * 4] = UInt8(i) }
    let image = RGBAImage(width: 3, height: 2, premultiplied: px)
    // Stored: row 0 = 0 1 2, row 1 = 3 4 5. Upright top-left, per orientation:
    let expectedTopLeft: [Int: UInt8] = [1: 0, 2: 2, 3: 5, 4: 3, 5: 0, 6: 3, 7: 5, 8: 2]
    for (o, value) in expectedTopLeft {
      let upright = image.oriented(o)
      #expect(upright.size == (o >= 5 ? PixelSize(width: 2, height: 3) : PixelSize(width: 3, height: 2)))
      #expect(upright[0, 0].r == value, "orientation \(o)")
    }
  }
}
