import CRasterShim
import Foundation
import Raster

/// Test fixtures made on the fly: images, JPEG/PNG bytes, damaged copies.
enum Fixtures {
  /// `quadrants(width:height:)` encoded as a JPEG at quality 90, baseline
  /// or progressive; empty when the encoder fails.
  static func jpeg(width: Int, height: Int, progressive: Bool) -> [UInt8] {
    let image = quadrants(width: width, height: height)
    var out: UnsafeMutablePointer<UInt8>?
    var count = 0
    var message = [CChar](repeating: 0, count: 256)
    let code = image.pixels.withUnsafeBufferPointer { p in
      sw_jpeg_encode_progressive(
        p.baseAddress, Int32(width), Int32(height), 90, progressive ? 1 : 0, &out, &count, &message, message.count)
    }
    guard code == Int32(SW_OK), let out else { return [] }
    defer { sw_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: count))
  }

  /// An opaque image whose left half is red and right half blue, with a
  /// green top-left quarter of the left half... see `quadrants`.
  static func quadrants(width: Int, height: Int) -> RGBAImage {
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let o = (y * width + x) * 4
        let (r, g, b): (UInt8, UInt8, UInt8) =
          switch (x < width / 2, y < height / 2) {
          case (true, true): (255, 0, 0)  // top-left red
          case (false, true): (0, 0, 255)  // top-right blue
          case (true, false): (0, 255, 0)  // bottom-left green
          case (false, false): (255, 255, 0)  // bottom-right yellow
          }
        px[o] = r
        px[o + 1] = g
        px[o + 2] = b
      }
    }
    return RGBAImage(width: width, height: height, premultiplied: px)
  }

  static func jpeg(_ image: RGBAImage, quality: Int32 = 95) -> [UInt8] {
    (try? JPEGEncoder.encode(image, quality: Int(quality))) ?? []
  }

  /// `jpeg` with an EXIF APP1 segment holding `orientation`, right after SOI.
  static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt16, littleEndian: Bool) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] {
      littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
    func u32(_ v: UInt32) -> [UInt8] {
      littleEndian
        ? [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        : [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
    tiff += u16(42) + u32(8)
    // IFD0: two entries (a dummy ImageWidth first), then the next-IFD offset.
    tiff += u16(2)
    tiff += u16(0x0100) + u16(3) + u32(1) + u16(640) + [0, 0]
    tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
    tiff += u32(0)
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
  }

  /// A PNG chunk's bytes with its CRC.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let crc = PNGChunk(type: type, data: data).crc
    func be(_ v: UInt32) -> [UInt8] {
      [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    return be(UInt32(data.count)) + Array(type.utf8) + data + be(crc)
  }

  /// A PNG that declares `width × height` pixels but holds almost no data:
  /// a decompression bomb's header.
  static func pngDeclaring(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] {
      [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
      + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
  }

  /// A temporary folder removed when the returned closure runs.
  static func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "raster-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
