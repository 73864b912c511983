import Foundation
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A photo folder made for measuring the library at scale: `count` camera
/// JPEGs made from a few distinct images (12 megapixels by default), each
/// with its own EXIF capture date, some turned (orientation 6 or 8), plus
/// a few PNGs, a truncated JPEG, an empty file and a text file.
///
/// The same options give the same bytes (dates and orientations follow
/// the index; the images come from a fixed pattern).
public enum SyntheticLibrary {
  public struct Options: Sendable {
    /// JPEG photos to write (0…1,000,000).
    public var count: Int
    /// Each photo's size in megapixels (4:3), 0.01…50.
    public var megapixels: Double
    /// Distinct images the photos are copies of (1…16).
    public var distinct: Int

    public init(count: Int, megapixels: Double = 12, distinct: Int = 4) {
      self.count = count
      self.megapixels = megapixels
      self.distinct = distinct
    }
  }

  /// What was written.
  public struct Summary: Sendable {
    public var photos: Int
    public var others: Int
    public var bytes: Int
  }

  /// Writes the library into `folder` (created; it must be empty or
  /// missing, so nothing of the user's is overwritten).
  ///
  /// - Throws: `LibraryError.folder` for a folder that holds files or
  ///   cannot be written, or out-of-range options.
  public static func write(
    into folder: String, options: Options, progress: (Int) -> Void = { _ in }
  ) throws(LibraryError) -> Summary {
    guard (0...1_000_000).contains(options.count) else { throw .folder("--count takes 0 to 1000000 photos") }
    guard options.megapixels.isFinite, (0.01...50).contains(options.megapixels) else {
      throw .folder("--megapixels takes 0.01 to 50")
    }
    guard (1...16).contains(options.distinct) else { throw .folder("--distinct takes 1 to 16 images") }
    if let existing = try? FileManager.default.contentsOfDirectory(atPath: folder), !existing.isEmpty {
      throw .folder("'\(folder)' is not empty; the generator writes only into a new or empty folder")
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .folder("cannot create '\(folder)' (\(error.localizedDescription))")
    }
    let width = Int((options.megapixels * 1e6 * 4 / 3).squareRoot().rounded())
    let height = Swift.max(1, width * 3 / 4)
    var bases: [[UInt8]] = []
    for k in 0..<options.distinct {
      bases.append(try jpeg(pattern(width: width, height: height, variant: k), quality: 82))
    }
    var bytes = 0
    for i in 0..<options.count {
      let orientation = i % 11 == 5 ? 8 : (i % 7 == 3 ? 6 : 1)
      let file = withEXIF(bases[i % bases.count], date: date(i), orientation: orientation)
      try save(file, to: folder + "/" + name(i))
      bytes += file.count
      if i % 256 == 255 { progress(i + 1) }
    }
    progress(options.count)
    // The files a real folder has besides camera JPEGs.
    let small = pattern(width: 640, height: 480, variant: 1)
    let others: [(String, [UInt8])] = [
      ("Screenshot 1.png", (try? PNGEncoder.encode(small)) ?? []),
      ("Screenshot 2.png", (try? PNGEncoder.encode(pattern(width: 480, height: 640, variant: 2))) ?? []),
      ("IMG_broken.jpg", Array(bases[0].prefix(bases[0].count / 3))),
      // Phone formats (where the system can write them: libheif's HEVC encoder, libwebp).
      (
        "IMG_phone.heic",
        (try? ModernEncoder.heic(small, exifTIFF: exifTIFF(date: date(options.count), orientation: 1))) ?? []
      ),
      (
        "IMG_web.webp",
        (try? ModernEncoder.webp(small, exifTIFF: exifTIFF(date: date(options.count + 1), orientation: 1))) ?? []
      ),
      ("IMG_empty.jpg", []),
      ("notes.txt", Array("not a photo\n".utf8)),
    ]
    for (name, content) in others where !content.isEmpty || name == "IMG_empty.jpg" {
      try save(content, to: folder + "/" + name)
      bytes += content.count
    }
    return Summary(photos: options.count, others: others.count, bytes: bytes)
  }

  /// `IMG_00042.jpg`.
  static func name(_ i: Int) -> String {
    let digits = String(i)
    return "IMG_" + String(repeating: "0", count: Swift.max(0, 5 - digits.count)) + digits + ".jpg"
  }

  /// Photo `i`'s capture date: from 1 January 2019, about 3 hours apart,
  /// in bursts (so months hold from a few to a few hundred photos).
  static func date(_ i: Int) -> EXIFDate {
    // Minutes since 2019-01-01 00:00, in a 28-day month model kept simple: whole days roll into months of 28.
    let minutes = i * 173 + (i % 5) * 7
    let day = minutes / 1440
    return EXIFDate(
      year: 2019 + day / 336, month: (day / 28) % 12 + 1, day: day % 28 + 1, hour: (minutes / 60) % 24,
      minute: minutes % 60, second: i % 60)
  }

  static func save(_ bytes: [UInt8], to path: String) throws(LibraryError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .folder("cannot create '\(path)' (\(String(cString: strerror(errno))))") }
    defer { close(fd) }
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
      guard n > 0 else { throw .folder("cannot write '\(path)' (\(String(cString: strerror(errno))))") }
      done += n
    }
  }

  /// An EXIF TIFF block (little-endian): IFD0 with the orientation and a
  /// pointer to an Exif IFD holding `DateTimeOriginal`.
  public static func exifTIFF(date: EXIFDate, orientation: Int) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let text =
      "\(date.year):\(two(date.month)):\(two(date.day)) \(two(date.hour)):\(two(date.minute)):\(two(date.second))"
    var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + u32(8)
    // IFD0 at 8: two entries (12 bytes each), then the next-IFD offset.
    let exifIFD = 8 + 2 + 2 * 12 + 4
    tiff += u16(2)
    tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
    tiff += u16(0x8769) + u16(4) + u32(1) + u32(exifIFD)
    tiff += u32(0)
    // The Exif IFD: one entry, DateTimeOriginal, its 20 bytes after the IFD.
    let dateAt = exifIFD + 2 + 12 + 4
    tiff += u16(1)
    tiff += u16(0x9003) + u16(2) + u32(20) + u32(dateAt)
    tiff += u32(0)
    tiff += Array(text.utf8) + [0]
    return tiff
  }

  /// A smooth, photo-like pattern with some texture (so JPEG sizes and
  /// decode times are those of photos, not of flat colour).
  static func pattern(width: Int, height: Int, variant: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    let hues: [(Double, Double, Double)] = [(0.9, 0.5, 0.2), (0.2, 0.6, 0.9), (0.3, 0.8, 0.4), (0.8, 0.3, 0.7)]
    let (r0, g0, b0) = hues[variant % hues.count]
    var seed = UInt32(truncatingIfNeeded: 2_654_435_761 &* UInt32(variant + 1))
    pixels.withUnsafeMutableBufferPointer { p in
      for y in 0..<height {
        let fy = Double(y) / Double(Swift.max(1, height))
        for x in 0..<width {
          let fx = Double(x) / Double(Swift.max(1, width))
          seed = seed &* 1_664_525 &+ 1_013_904_223
          let noise = Double(seed >> 29) - 4
          let wave = 40 * sin(fx * 9 + Double(variant)) * cos(fy * 7)
          let i = (y * width + x) * 4
          p[i] = UInt8(clamping: Int(r0 * 200 * (1 - fy) + 30 + wave + noise))
          p[i + 1] = UInt8(clamping: Int(g0 * 200 * (0.5 + fx / 2) + 20 - wave / 2 + noise))
          p[i + 2] = UInt8(clamping: Int(b0 * 220 * fy + 25 + wave / 3 + noise))
        }
      }
    }
    return RGBAImage(width: width, height: height, straight: pixels)
  }

  static func jpeg(_ image: RGBAImage, quality: Int) throws(LibraryError) -> [UInt8] {
    do throws(EncodeError) {
      return try JPEGEncoder.encode(image, quality: quality)
    } catch {
      throw .folder("cannot encode a JPEG (\(error))")
    }
  }

  /// `jpeg` with an EXIF APP1 segment (orientation, DateTimeOriginal)
  /// right after its start-of-image marker.
  public static func withEXIF(_ jpeg: [UInt8], date: EXIFDate, orientation: Int) -> [UInt8] {
    let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + exifTIFF(date: date, orientation: orientation)
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
  }
}
