import Foundation
import Raster
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The header pass is no stricter than the decoders it feeds, reads only
/// what the header needs, and holds files to the limits the decoder holds
/// them to.
@Suite struct HeaderPassTests {
  func jpeg() -> [UInt8] { Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 48)) }

  @Test func strayBytesBeforeAMarkerAreSkippedAsLibjpegSkipsThem() throws {
    let j = jpeg()
    // Junk after the first segment, before the next marker, and a 0xFF00 pair.
    let first = 4 + (Int(j[4]) << 8 | Int(j[5]))
    let junk = Array(j[0..<first]) + [0x00, 0x12, 0x34, 0xFF, 0x00, 0x55] + Array(j[first...])
    let header = try #require(try ImageHeader.parse(junk))
    #expect(header.storedSize == PixelSize(width: 64, height: 48))
    let image = try ImageDecoder().decode(junk)
    #expect(image.width == 64)
  }

  @Test func aPhotoshopAPP13SegmentIsRead() throws {
    let j = jpeg()
    let payload = Array("Photoshop 3.0".utf8) + [0] + Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, 0]
    let app13: [UInt8] = [0xFF, 0xED, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    let adobe: [UInt8] = [0xFF, 0xEE, 0, 14] + Array("Adobe".utf8) + [0, 100, 0x80, 0, 0, 0, 1]
    let file = Array(j[0..<2]) + app13 + adobe + Array(j[2...])
    #expect(try ImageHeader.parse(file)?.storedSize == PixelSize(width: 64, height: 48))
  }

  @Test func exifDatesThatDoNotExistAreNoDates() {
    func date(_ text: String) -> EXIFDate? { EXIFDate(exif: Array(text.utf8)) }
    #expect(date("2023:02:30 10:00:00") == nil)
    #expect(date("2023:02:29 10:00:00") == nil)
    #expect(date("2024:02:29 10:00:00") == EXIFDate(year: 2024, month: 2, day: 29, hour: 10))
    #expect(date("1900:02:29 00:00:00") == nil)
    #expect(date("2000:02:29 00:00:00") != nil)
    #expect(date("2023:04:31 00:00:00") == nil)
    #expect(date("2023:12:31 23:59:60") != nil)
  }

  func writeFile(_ bytes: [UInt8], size: Int64? = nil) throws -> String {
    let path = Fixtures.temporaryDirectory() + "/f"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    if let size { #expect(truncate(path, off_t(size)) == 0) }
    return path
  }

  func le32(_ v: Int) -> [UInt8] {
    [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
  }

  @Test func aSparseWebPIsReadChunkByChunk() throws {
    // VP8X, then a 200 MB chunk of nothing (a hole), then the frame.
    let big = 200 << 20
    var bytes: [UInt8] = Array("RIFF".utf8) + le32(big + 64) + Array("WEBP".utf8)
    bytes += Array("VP8X".utf8) + le32(10) + [0, 0, 0, 0] + [0x1F, 0x03, 0x00] + [0xEF, 0x01, 0x00]
    bytes += Array("JUNK".utf8) + le32(big)
    let path = try writeFile(bytes, size: Int64(bytes.count + big))
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    // The frame lies 200 MB in, far past the most a header read takes
    // (`maximumReadBytes`, 4 MiB): it is found only by walking the chunks'
    // headers, never by reading the bytes between them.
    #expect(big > ImageHeader.maximumReadBytes)
    let header = try ImageHeader.read(file: path)
    #expect(header.storedSize == PixelSize(width: 800, height: 496))
  }

  @Test(arguments: ["VP8 ", "VP8L"])
  func webPFramesWithoutVP8XAreRead(kind: String) throws {
    var bytes: [UInt8] = Array("RIFF".utf8) + le32(40) + Array("WEBP".utf8)
    if kind == "VP8 " {
      bytes += Array("VP8 ".utf8) + le32(10) + [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A, 0x40, 0x01, 0xF0, 0x00]
    } else {
      // 320 × 240: 14-bit width − 1, 14-bit height − 1.
      let bits = (320 - 1) | (240 - 1) << 14
      bytes += Array("VP8L".utf8) + le32(5) + [0x2F] + le32(bits) + [0]
    }
    let path = try writeFile(bytes)
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    #expect(try ImageHeader.read(file: path).storedSize == PixelSize(width: 320, height: 240))
  }

  @Test func anAnimatedWebPShowsItsFirstFrame() throws {
    guard ModernEncoder.canWriteWebP else { return }
    let still = try ModernEncoder.webp(RGBAImage(width: 64, height: 32, fill: (0, 200, 0, 255)), quality: 90)
    // The still's chunks (after RIFF size WEBP) become the first frame, at (8, 4) on a 96 × 48 canvas.
    let frameChunks = Array(still[12...])
    func le24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }
    let anmf = le24(4) + le24(2) + le24(63) + le24(31) + le24(100) + [0] + frameChunks
    var body: [UInt8] = Array("WEBP".utf8)
    body += Array("VP8X".utf8) + le32(10) + [0x02, 0, 0, 0] + le24(95) + le24(47)
    body += Array("ANIM".utf8) + le32(6) + [0, 0, 0, 0, 0, 0]
    body += Array("ANMF".utf8) + le32(anmf.count) + anmf + (anmf.count & 1 == 1 ? [0] : [])
    let animated = Array("RIFF".utf8) + le32(body.count) + body
    #expect(try ImageHeader.parse(animated)?.storedSize == PixelSize(width: 96, height: 48))
    let image = try ImageDecoder().decode(animated)
    #expect(image.width == 96 && image.height == 48)
    #expect(px(image, 0, 0).3 == 0, "transparent outside the frame")
    let inside = px(image, 40, 20)
    #expect(inside.3 == 255 && inside.1 > 150 && inside.0 < 60, "\(inside)")
    let small = try ImageDecoder().decode(animated, atLeast: PixelSize(width: 24, height: 12))
    #expect(small.width == 24 && small.height == 12)
    #expect(px(small, 10, 5).1 > 150)
  }

  @Test func aHEICDeclaring65535SquaredNamesItsSizeAndTheLimit() throws {
    guard ModernEncoder.canWriteHEIC else { return }
    var heic = try ModernEncoder.heic(RGBAImage(width: 64, height: 64, fill: (10, 20, 30, 255)))
    // Every `ispe` property (the image's and its tiles') says 65535 × 65535.
    var at = 0
    while at + 16 <= heic.count {
      if heic[at..<(at + 4)].elementsEqual(Array("ispe".utf8)) {
        heic.replaceSubrange((at + 8)..<(at + 16), with: [0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF])
      }
      at += 1
    }
    let expected = DecodeError.tooLarge(PixelSize(width: 65535, height: 65535), limit: ImageLimits.maximumPixels)
    #expect(throws: expected) { try ImageHeader.parse(heic) }
    #expect(expected.description == "the image is 65535x65535 = 4294836225 pixels, above the limit of 100000000 pixels")
  }

  @Test func aFileAboveTheSizeLimitIsRefusedByTheHeaderPassAsByTheDecoder() throws {
    let j = jpeg()
    let path = try writeFile(j, size: 50 << 30)
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let expected = DecodeError.unreadable(FileReadError.tooLarge(limit: ImageLimits.maximumFileBytes).description)
    #expect(throws: expected) { try ImageHeader.read(file: path) }
    #expect(throws: expected) { try ImageDecoder().decode(file: path) }
  }

  @Test func aHeaderAboveThePixelLimitIsRefusedNamingItsSize() throws {
    let path = try writeFile(Fixtures.pngDeclaring(width: 20_000, height: 20_000))
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    #expect(throws: DecodeError.tooLarge(PixelSize(width: 20_000, height: 20_000), limit: ImageLimits.maximumPixels)) {
      try ImageHeader.read(file: path)
    }
  }

  @Test func procSelfMemIsAReadErrorNotEmpty() throws {
    guard access("/proc/self/mem", R_OK) == 0 else { return }
    do {
      _ = try ImageHeader.read(file: "/proc/self/mem")
      Issue.record("read /proc/self/mem as a photo")
    } catch {
      #expect(error != .empty, "\(error)")
    }
  }
}
