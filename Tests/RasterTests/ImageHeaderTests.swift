import Foundation
import Raster
import Testing

@Suite struct ImageHeaderTests {
  static func u16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
  static func u32(_ v: Int) -> [UInt8] {
    [UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  /// One big-endian IFD entry.
  static func entry(_ tag: Int, type: Int, count: Int, value: [UInt8]) -> [UInt8] {
    u16(tag) + u16(type) + u32(count) + value
  }

  /// A JPEG start: an Exif APP1 holding `tiff` (big-endian TIFF bytes),
  /// then a baseline frame header of `width`×`height`.
  static func jpeg(tiff: [UInt8]?, width: Int = 4032, height: Int = 3024) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    if let tiff {
      let payload = Array("Exif".utf8) + [0, 0] + tiff
      bytes += [0xFF, 0xE1] + u16(payload.count + 2) + payload
    }
    bytes += [0xFF, 0xC0] + u16(17) + [8] + u16(height) + u16(width) + [3] + Array(repeating: 0, count: 9)
    return bytes + [0xFF, 0xD9]
  }

  /// TIFF with IFD0 at 8: orientation, the Exif pointer to `exifIFD`,
  /// then (at 50) a sub-IFD whose DateTimeOriginal sits at 68.
  static func tiff(orientation: Int = 6, exifIFD: Int = 50, dateCount: Int = 20, dateOffset: Int = 68) -> [UInt8] {
    var t: [UInt8] = [0x4D, 0x4D] + u16(42) + u32(8)
    t += u16(2)
    t += entry(0x0112, type: 3, count: 1, value: u16(orientation) + [0, 0])
    t += entry(0x8769, type: 4, count: 1, value: u32(exifIFD))
    t += u32(0)  // → 38
    t += Array(repeating: 0, count: 12)  // → 50
    t += u16(1)
    t += entry(0x9003, type: 2, count: dateCount, value: u32(dateOffset))
    t += u32(0)  // → 68
    t += Array("2023:07:14 18:30:05".utf8) + [0]
    return t
  }

  @Test func readsSizeOrientationAndDate() throws {
    let header = try #require(try ImageHeader.parse(Self.jpeg(tiff: Self.tiff())))
    #expect(header.format == .jpeg)
    #expect(header.storedSize == PixelSize(width: 4032, height: 3024))
    #expect(header.orientation == 6)
    #expect(header.size == PixelSize(width: 3024, height: 4032))
    #expect(header.date == EXIFDate(year: 2023, month: 7, day: 14, hour: 18, minute: 30, second: 5))
  }

  @Test func jpegWithoutEXIF() throws {
    let header = try #require(try ImageHeader.parse(Self.jpeg(tiff: nil, width: 640, height: 480)))
    #expect(header.orientation == 1)
    #expect(header.date == nil)
    #expect(header.size == PixelSize(width: 640, height: 480))
  }

  @Test func png() throws {
    let bytes: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.u32(13) + Array("IHDR".utf8)
      + Self.u32(300) + Self.u32(200) + [8, 6, 0, 0, 0]
    let header = try #require(try ImageHeader.parse(bytes))
    #expect(header.format == .png)
    #expect(header.size == PixelSize(width: 300, height: 200))
  }

  /// An Exif pointer that loops back to IFD0 is followed once: the parse
  /// ends and keeps what it read.
  @Test func ifdLoopEnds() throws {
    let header = try #require(try ImageHeader.parse(Self.jpeg(tiff: Self.tiff(exifIFD: 8))))
    #expect(header.orientation == 6)
    #expect(header.date == nil)
  }

  /// Counts and offsets past the end of the segment read as absent.
  @Test(arguments: [
    (exifIFD: 0x7FFF_FFF0, dateCount: 20, dateOffset: 68),
    (exifIFD: 50, dateCount: 0x7FFF_FFFF, dateOffset: 68),
    (exifIFD: 50, dateCount: 20, dateOffset: 0xFFFF_FFFF),
    (exifIFD: 50, dateCount: 20, dateOffset: 80),
  ])
  func outOfRangeReadsAsAbsent(c: (exifIFD: Int, dateCount: Int, dateOffset: Int)) throws {
    let t = Self.tiff(exifIFD: c.exifIFD, dateCount: c.dateCount, dateOffset: c.dateOffset)
    let header = try #require(try ImageHeader.parse(Self.jpeg(tiff: t)))
    #expect(header.date == nil)
    #expect(header.orientation == 6)
    #expect(header.storedSize == PixelSize(width: 4032, height: 3024))
  }

  /// An IFD whose entry count runs past the segment, and an orientation
  /// outside 1...8, do not trap: the entries read before the end count.
  @Test func entryCountPastTheEnd() throws {
    var t = Self.tiff(orientation: 9)
    t.replaceSubrange(8..<10, with: Self.u16(999))
    let header = try #require(try ImageHeader.parse(Self.jpeg(tiff: t)))
    #expect(header.orientation == 1)
    #expect(header.date == EXIFDate(year: 2023, month: 7, day: 14, hour: 18, minute: 30, second: 5))
  }

  /// Every prefix of a valid header past the signature asks for more bytes
  /// (or, once the frame header is in, gives the size); none traps.
  @Test func everyPrefix() throws {
    let full = Self.jpeg(tiff: Self.tiff())
    for n in 0..<full.count {
      do {
        let header = try ImageHeader.parse(Array(full.prefix(n)))
        if let header { #expect(header.storedSize.width == 4032) }
      } catch {
        // Too short to hold the signature (3 bytes): empty or not an image.
        #expect(n < 3 && (error == .empty || error == .notAnImage))
      }
    }
  }

  @Test func badInputThrows() {
    #expect(throws: DecodeError.notAnImage) { try ImageHeader.parse(Array("hello".utf8)) }
    #expect(throws: DecodeError.empty) { try ImageHeader.parse([]) }
    #expect(throws: DecodeError.self) { try ImageHeader.parse(Self.jpeg(tiff: nil, width: 0, height: 10)) }
  }

  @Test func readsFilesAndNamesWhatIsWrong() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("header-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("a.jpg").path
    try Data(Self.jpeg(tiff: Self.tiff())).write(to: URL(fileURLWithPath: good))
    #expect(try ImageHeader.read(file: good).orientation == 6)
    // A frame header beyond the first read: found by the second.
    let far = dir.appendingPathComponent("far.jpg").path
    var bytes = Self.jpeg(tiff: nil)
    let padding = [0xFF, 0xE2] + Self.u16(0xFFFF) + Array(repeating: UInt8(0), count: 0xFFFD)
    bytes.insert(contentsOf: padding + padding, at: 2)
    try Data(bytes).write(to: URL(fileURLWithPath: far))
    #expect(try ImageHeader.read(file: far).storedSize == PixelSize(width: 4032, height: 3024))
    // Truncated, empty, vanished.
    let cut = dir.appendingPathComponent("cut.jpg").path
    try Data(bytes.prefix(70_000)).write(to: URL(fileURLWithPath: cut))
    #expect(throws: DecodeError.self) { try ImageHeader.read(file: cut) }
    let empty = dir.appendingPathComponent("empty.jpg").path
    try Data().write(to: URL(fileURLWithPath: empty))
    #expect(throws: DecodeError.empty) { try ImageHeader.read(file: empty) }
    #expect(throws: DecodeError.self) { try ImageHeader.read(file: dir.appendingPathComponent("gone.jpg").path) }
  }
}
