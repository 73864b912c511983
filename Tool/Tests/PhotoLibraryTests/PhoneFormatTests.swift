import Foundation
import PhotoLibrary
import Raster
import Testing

/// HEIC and WebP, through libheif and libwebp loaded at run time.
@Suite struct PhoneFormatTests {
  static let image: RGBAImage = {
    var pixels = [UInt8](repeating: 255, count: 64 * 48 * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) {
      pixels[i] = 200
      pixels[i + 1] = 80
      pixels[i + 2] = 40
    }
    return RGBAImage(width: 64, height: 48, straight: pixels)
  }()
  static let date = EXIFDate(year: 2023, month: 7, day: 14, hour: 18, minute: 30, second: 5)

  @Test(.enabled(if: ModernEncoder.canWriteWebP)) func webpHeaderDateOrientationAndDecode() throws {
    let bytes = try ModernEncoder.webp(
      Self.image, quality: 90, exifTIFF: SyntheticLibrary.exifTIFF(date: Self.date, orientation: 6))
    #expect(ImageFormat.sniff(bytes) == .webp)
    let header = try #require(try ImageHeader.parse(bytes))
    #expect(header.format == .webp)
    #expect(header.storedSize == PixelSize(width: 64, height: 48))
    #expect(header.orientation == 6 && header.size == PixelSize(width: 48, height: 64))
    #expect(header.date == Self.date)
    let decoded = try ImageDecoder().decode(bytes)
    #expect(decoded.size == PixelSize(width: 48, height: 64), "turned upright")
    let p = decoded[20, 20]
    #expect(abs(Int(p.r) - 200) < 12 && abs(Int(p.g) - 80) < 12 && abs(Int(p.b) - 40) < 12, "\(p)")
    // A plain WebP (no EXIF) reads as upright, undated.
    let plain = try ModernEncoder.webp(Self.image)
    #expect(try ImageHeader.parse(plain) == ImageHeader(format: .webp, storedSize: PixelSize(width: 64, height: 48)))
  }

  @Test(.enabled(if: ModernEncoder.canWriteHEIC)) func heicHeaderDateAndDecode() throws {
    let bytes = try ModernEncoder.heic(
      Self.image, quality: 90, exifTIFF: SyntheticLibrary.exifTIFF(date: Self.date, orientation: 1))
    #expect(ImageFormat.sniff(bytes) == .heif)
    let header = try #require(try ImageHeader.parse(bytes))
    #expect(header.format == .heif)
    #expect(header.size == PixelSize(width: 64, height: 48))
    #expect(header.date == Self.date)
    let decoded = try ImageDecoder().decode(bytes, atLeast: PixelSize(width: 16, height: 12))
    #expect(decoded.width >= 16 && decoded.width <= 64)
    let p = decoded[decoded.width / 2, decoded.height / 2]
    #expect(abs(Int(p.r) - 200) < 16 && abs(Int(p.g) - 80) < 16 && abs(Int(p.b) - 40) < 16, "\(p)")
  }

  @Test(.enabled(if: ModernEncoder.canWriteHEIC && ModernEncoder.canWriteWebP))
  func truncatedAndForgedFilesThrowAndNeverTrap() throws {
    let heic = try ModernEncoder.heic(Self.image)
    let webp = try ModernEncoder.webp(Self.image)
    for bytes in [heic, webp] {
      for cut in [12, 20, bytes.count / 3, bytes.count / 2, bytes.count - 1] {
        let part = Array(bytes.prefix(cut))
        #expect(throws: DecodeError.self) { _ = try ImageDecoder().decode(part) }
      }
    }
    // A RIFF/WEBP with a chunk length past the end, and one with a huge length.
    var forged = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [0xFF, 0xFF, 0xFF, 0x7F]
    #expect((try? ImageHeader.parse(forged)) == nil)
    forged = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [0xFF, 0xFF, 0xFF, 0xFF]
    #expect(throws: DecodeError.self) { _ = try ImageHeader.parse(forged) }
    // An ftyp box that says HEIC over garbage.
    let fake: [UInt8] =
      [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + Array(repeating: 7, count: 200)
    #expect(ImageFormat.sniff(fake) == .heif)
    #expect(throws: DecodeError.self) { _ = try ImageDecoder().decode(fake) }
    // Random bytes after real headers.
    var rng = SystemRandomNumberGenerator()
    for bytes in [heic, webp] {
      for _ in 0..<20 {
        var noisy = bytes
        for _ in 0..<8 { noisy[Int.random(in: 16..<noisy.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
        _ = try? ImageDecoder().decode(noisy)
        _ = try? ImageHeader.parse(noisy)
      }
    }
  }

  @Test(.enabled(if: ModernEncoder.canWriteHEIC && ModernEncoder.canWriteWebP))
  func theLibraryIndexesPhoneFormatsByTheirDates() throws {
    let dir = NSTemporaryDirectory() + "scrollwork-phone-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let later = EXIFDate(year: 2024, month: 1, day: 1)
    try Data(try ModernEncoder.heic(Self.image, exifTIFF: SyntheticLibrary.exifTIFF(date: later, orientation: 1)))
      .write(to: URL(fileURLWithPath: dir + "/a.heic"))
    try Data(try ModernEncoder.webp(Self.image, exifTIFF: SyntheticLibrary.exifTIFF(date: Self.date, orientation: 1)))
      .write(to: URL(fileURLWithPath: dir + "/b.webp"))
    let library = try LibraryScanner(folder: dir, index: nil).run()
    #expect(library.photos.map(\.name) == ["b.webp", "a.heic"], "by date")
    #expect(library.problems.isEmpty)
  }
}
