import CRasterShim
import Foundation
import Raster
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Crafted PNGs: zlib streams of stored (uncompressed) deflate blocks, so
/// any bit depth and interlacing can be written without an encoder.
enum CraftedPNG {
  static func be(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  /// A zlib stream holding `raw` in stored blocks.
  static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var at = 0
    repeat {
      let n = Swift.min(65535, raw.count - at)
      let final: UInt8 = at + n == raw.count ? 1 : 0
      out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
      out += raw[at..<(at + n)]
      at += n
    } while at < raw.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + be(b << 16 | a)
  }

  /// An 8-bit grey PNG (`interlaced`: Adam7) whose pixel at (x, y) is `grey(x, y)`.
  static func grey(width: Int, height: Int, interlaced: Bool, _ grey: (Int, Int) -> UInt8) -> [UInt8] {
    var raw: [UInt8] = []
    let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
      interlaced
      ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
      : [(0, 0, 1, 1)]
    for p in passes {
      let cols = width > p.x0 ? (width - p.x0 + p.dx - 1) / p.dx : 0
      guard cols > 0 else { continue }
      for y in stride(from: p.y0, to: height, by: p.dy) {
        raw.append(0)
        for x in stride(from: p.x0, to: width, by: p.dx) { raw.append(grey(x, y)) }
      }
    }
    return png(width: width, height: height, depth: 8, colorType: 0, interlace: interlaced ? 1 : 0, raw: raw)
  }

  /// A 1-bit grey PNG, black on the left half, white on the right
  /// (`width` a multiple of 16): a decompression bomb's shape (12 KB per
  /// 10,000² when compressed; stored here).
  static func oneBit(width: Int, height: Int) -> [UInt8] {
    let half = width / 16
    let row: [UInt8] = [0] + [UInt8](repeating: 0, count: half) + [UInt8](repeating: 0xFF, count: half)
    var raw: [UInt8] = []
    raw.reserveCapacity(row.count * height)
    for _ in 0..<height { raw += row }
    return png(width: width, height: height, depth: 1, colorType: 0, interlace: 0, raw: raw)
  }

  static func png(width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8, raw: [UInt8]) -> [UInt8] {
    let ihdr = be(UInt32(width)) + be(UInt32(height)) + [depth, colorType, 0, 0, interlace]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Fixtures.chunk("IHDR", ihdr)
      + Fixtures.chunk("IDAT", zlibStored(raw)) + Fixtures.chunk("IEND", [])
  }
}

/// The premultiplied pixel at (x, y).
func px(_ image: RGBAImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
  let i = (y * image.width + x) * 4
  return (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3])
}

/// Decoding to the size on screen: one decode's memory follows the size
/// asked for, not what the file claims.
@Suite struct DecodeBudgetTests {
  @Test func aOneBitPNGBombDecodesRowByRowToTheSizeAskedFor() throws {
    let bytes = CraftedPNG.oneBit(width: 4000, height: 4000)
    let decoder = ImageDecoder()
    let image = try decoder.decode(bytes, atLeast: PixelSize(width: 100, height: 100))
    // 4000 → 125 by five halvings (62 would be under 100).
    #expect(image.width == 125 && image.height == 125)
    #expect(px(image, 0, 0) == (0, 0, 0, 255))
    #expect(px(image, 124, 124) == (255, 255, 255, 255))
    // Boxes of 32 pixels: the edge at x = 2000 falls in the middle of box 62.
    #expect(px(image, 61, 3).0 == 0)
    #expect(px(image, 62, 3).0 == 128)
    #expect(px(image, 63, 3).0 == 255)
    // What it may cost: a few hundred KB, not the 64 MB of the full image.
    let worst = decoder.worstCaseBytes(
      format: .png, storedSize: PixelSize(width: 10_000, height: 10_000), atLeast: PixelSize(width: 200, height: 200))
    #expect(worst < 4 << 20, "\(worst) bytes")
  }

  @Test(arguments: [false, true])
  func scaledPNGMatchesTheFullDecodeHalved(interlaced: Bool) throws {
    let pattern: (Int, Int) -> UInt8 = { x, y in UInt8((x * 7 + y * 13) % 256) }
    let bytes = CraftedPNG.grey(width: 203, height: 97, interlaced: interlaced, pattern)
    let full = try ImageDecoder().decode(bytes)
    #expect(px(full, 10, 5).0 == pattern(10, 5))
    let small = try ImageDecoder().decode(bytes, atLeast: PixelSize(width: 40, height: 20))
    var halved = full
    while halved.width / 2 >= 40, halved.height / 2 >= 20 { halved = halved.halved() }
    #expect(small.width == halved.width && small.height == halved.height)
    // One box average against repeated 2×2 averages: equal up to rounding.
    var worst = 0
    for y in 0..<(small.height - 1) {
      for x in 0..<(small.width - 1) {
        worst = Swift.max(worst, abs(Int(px(small, x, y).0) - Int(px(halved, x, y).0)))
      }
    }
    #expect(worst <= 2, "largest difference \(worst)")
  }

  @Test func interlacedAndPlainPNGsDecodeToTheSameBoxes() throws {
    let pattern: (Int, Int) -> UInt8 = { x, y in UInt8((x * x + y * 3) % 251) }
    let plain = try ImageDecoder().decode(
      CraftedPNG.grey(width: 150, height: 77, interlaced: false, pattern), atLeast: PixelSize(width: 30, height: 15))
    let adam7 = try ImageDecoder().decode(
      CraftedPNG.grey(width: 150, height: 77, interlaced: true, pattern), atLeast: PixelSize(width: 30, height: 15))
    #expect(plain == adam7)
  }

  @Test func aTruncatedScaledPNGIsTruncatedNotATrap() throws {
    let bytes = CraftedPNG.oneBit(width: 1600, height: 1600)
    // IEND kept, image data cut: the zlib stream ends early.
    let idat = 8 + 25
    let cut = Array(bytes[0..<(idat + 5000)]) + Fixtures.chunk("IEND", [])
    #expect(throws: DecodeError.self) { try ImageDecoder().decode(cut, atLeast: PixelSize(width: 50, height: 50)) }
  }

  func jpeg(width: Int, height: Int, progressive: Bool) throws -> [UInt8] {
    let bytes = Fixtures.jpeg(width: width, height: height, progressive: progressive)
    #expect(!bytes.isEmpty, "the encoder failed")
    return bytes
  }

  @Test func aProgressiveJPEGAboveTheDecodeBudgetIsRefusedNamingIt() throws {
    let progressive = try jpeg(width: 1600, height: 1200, progressive: true)
    let baseline = try jpeg(width: 1600, height: 1200, progressive: false)
    let tight = ImageDecoder(maximumDecodeBytes: 4 << 20)
    // Baseline decodes a few rows at a time: within 4 MiB at 1/8.
    let small = try tight.decode(baseline, atLeast: PixelSize(width: 200, height: 150))
    #expect(small.width == 200 && small.height == 150)
    // Progressive keeps 1600×1200×3×2 bytes of coefficients: refused.
    // (4:2:0: 200 × 150 blocks of luma, 100 × 75 of each chroma; 128 bytes a block.)
    // The need named is what the decode would reserve: the coefficients
    // and 8 MiB for libjpeg's other buffers.
    let coefficients = (200 * 150 + 2 * 100 * 75) * 128
    #expect(throws: DecodeError.overBudget(needed: coefficients + (8 << 20), limit: 4 << 20)) {
      try tight.decode(progressive, atLeast: PixelSize(width: 200, height: 150))
    }
    #expect(
      DecodeError.overBudget(needed: coefficients + (8 << 20), limit: 4 << 20).description
        == "decoding the image would take 14 MiB of working memory, above the limit of 4 MiB per decode")
    // The default budget decodes it.
    let decoded = try ImageDecoder().decode(progressive, atLeast: PixelSize(width: 200, height: 150))
    #expect(decoded.width == 200)
    // And the worst case a loader budgets with says so, capped by the budget.
    let worst = tight.worstCaseBytes(
      format: .jpeg, storedSize: PixelSize(width: 10_000, height: 10_000), atLeast: PixelSize(width: 200, height: 200))
    // 1/8 in the DCT gives 1250² (its copies: 12 bytes a pixel), plus at most the budget.
    #expect(worst > 4 << 20 && worst <= 1250 * 1250 * 12 + (4 << 20), "\(worst)")
  }

  @Test func aWebPDecodesScaledWhileItDecodes() throws {
    guard sw_webp_available() != 0 else { return }
    let image = Fixtures.quadrants(width: 800, height: 600)
    let webp = try ModernEncoder.webp(image)
    let small = try ImageDecoder().decode(webp, atLeast: PixelSize(width: 100, height: 75))
    #expect(small.width == 100 && small.height == 75)
    let full = try ImageDecoder().decode(webp)
    #expect(full.width == 800 && full.height == 600)
    // The quadrants' colours survive the scaling (lossy: within a margin).
    let a = px(small, 10, 10)
    let b = px(full, 80, 80)
    #expect(abs(Int(a.0) - Int(b.0)) < 24 && abs(Int(a.1) - Int(b.1)) < 24)
  }

  @Test func heifAboveTheBudgetIsRefusedFromItsSize() throws {
    // libheif decodes whole: 10,000² needs about 550 MB; the header says so.
    let decoder = ImageDecoder()
    let worst = decoder.worstCaseBytes(
      format: .heif, storedSize: PixelSize(width: 10_000, height: 10_000), atLeast: PixelSize(width: 200, height: 200))
    #expect(worst <= decoder.maximumDecodeBytes + (2 << 20), "\(worst)")
    #expect(throws: DecodeError.overBudget(needed: 10_000 * 10_000 * 11 / 2, limit: decoder.maximumDecodeBytes)) {
      // A HEIF header declaring 10,000²: refused before libheif decodes.
      try decoder.checkBudget(format: .heif, storedSize: PixelSize(width: 10_000, height: 10_000), atLeast: nil)
    }
    #expect(DecodeError.tooLarge(PixelSize(width: 0, height: 0), limit: 100).description.contains("0x0") == false)
  }
}
