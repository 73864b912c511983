import Foundation
import Raster
import Testing

@Suite struct EXIFDateTests {
  /// A JPEG's start holding an Exif APP1 with IFD0 (a DateTime) and an
  /// Exif sub-IFD (a DateTimeOriginal), then the end of the image.
  static func jpeg(original: String?, plain: String?, littleEndian: Bool) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] {
      littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
    func u32(_ v: Int) -> [UInt8] {
      littleEndian
        ? [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        : [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    // Layout: header (8), IFD0 at 8 with 2 entries (2 + 24 + 4 = 30) → 38,
    // sub-IFD at 38 with 1 entry (2 + 12 + 4 = 18) → 56, strings at 56 and 76.
    var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
    tiff += u16(2)
    tiff += u16(0x0132) + u16(2) + u32(20) + u32(76)
    tiff += u16(0x8769) + u16(4) + u32(1) + u32(38)
    tiff += u32(0)
    tiff += u16(1)
    tiff += u16(0x9003) + u16(2) + u32(20) + u32(56)
    tiff += u32(0)
    let blank = Array(repeating: UInt8(0x20), count: 19)
    tiff += (original.map { Array($0.utf8) } ?? blank) + [0]
    tiff += (plain.map { Array($0.utf8) } ?? blank) + [0]
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xD9]
  }

  @Test(arguments: [true, false])
  func readsDateTimeOriginalThenDateTime(littleEndian: Bool) {
    let both = Self.jpeg(original: "2024:03:12 09:05:07", plain: "2025:01:01 00:00:00", littleEndian: littleEndian)
    #expect(exifDate(ofJPEG: both) == EXIFDate(year: 2024, month: 3, day: 12, hour: 9, minute: 5, second: 7))
    let plainOnly = Self.jpeg(original: nil, plain: "2025:01:02 03:04:05", littleEndian: littleEndian)
    #expect(exifDate(ofJPEG: plainOnly) == EXIFDate(year: 2025, month: 1, day: 2, hour: 3, minute: 4, second: 5))
    #expect(exifDate(ofJPEG: Self.jpeg(original: nil, plain: nil, littleEndian: littleEndian)) == nil)
    #expect(exifDate(ofJPEG: both)?.monthTitle == "March 2024")
    #expect(exifDate(ofJPEG: both)?.dayTitle == "12 March 2024")
  }

  @Test(arguments: [
    "0000:00:00 00:00:00", "2024:13:01 00:00:00", "2024:00:01 00:00:00", "2024:01:32 00:00:00",
    "2024:01:01 24:00:00", "2024-01-01 00:00:00", "2024:01:01T00:00:00", "20x4:01:01 00:00:00",
  ])
  func refusesBadDates(text: String) {
    #expect(EXIFDate(exif: Array(text.utf8)) == nil)
    #expect(exifDate(ofJPEG: Self.jpeg(original: text, plain: nil, littleEndian: true)) == nil)
  }

  /// Truncated or corrupted files never trap and give a date or nil.
  @Test func hostileBytesNeverTrap() {
    let good = Self.jpeg(original: "2024:03:12 09:05:07", plain: nil, littleEndian: true)
    for cut in 0..<good.count { _ = exifDate(ofJPEG: Array(good.prefix(cut))) }
    // Every byte set to each of a few values, one at a time.
    for i in good.indices {
      for value: UInt8 in [0x00, 0x01, 0x7F, 0xFF] {
        var bytes = good
        bytes[i] = value
        if let date = exifDate(ofJPEG: bytes) { #expect((1...12).contains(date.month), "byte \(i) = \(value)") }
      }
    }
    #expect(exifDate(ofJPEG: good) != nil)
  }
}

@Suite struct RegularFilePrefixTests {
  @Test func readsTheFirstBytesOfALargeFileAndAllOfASmallOne() throws {
    let header = EXIFDateTests.jpeg(original: "2021:07:04 12:00:00", plain: nil, littleEndian: false)
    let big = header + Array(repeating: 0xAB, count: 300_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("exif-prefix-\(getpid()).jpg").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(big).write(to: URL(fileURLWithPath: path))
    let prefix = try RegularFile.readPrefix(path, count: 128 << 10)
    #expect(prefix.count == 128 << 10)
    #expect(Array(prefix) == Array(big.prefix(128 << 10)))
    #expect(exifDate(ofJPEG: prefix) == EXIFDate(year: 2021, month: 7, day: 4, hour: 12))
    #expect(try RegularFile.readPrefix(path, count: 10_000_000).count == big.count)
    #expect(throws: FileReadError.self) {
      try RegularFile.readPrefix(FileManager.default.temporaryDirectory.path, count: 10)
    }
  }
}
