import CRasterShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an index needs from a photo, read from the first few kilobytes of
/// its file and never from its pixels: the format, the stored size, the
/// EXIF orientation and the capture date.
///
/// ```swift
/// let header = try ImageHeader.read(file: "/photos/IMG_0001.jpg")
/// print(header.size, header.date ?? "no date")
/// ```
///
/// The EXIF reader is written for hostile files: every offset and count is
/// checked against the bytes held, IFD pointers that loop or revisit an
/// IFD are followed once, an IFD holds at most 1,000 entries, and anything
/// malformed reads as "no tag" (orientation 1, no date). Nothing traps.
public struct ImageHeader: Hashable, Sendable {
  public var format: ImageFormat
  /// The size as stored in the file (before orientation).
  public var storedSize: PixelSize
  /// The EXIF orientation, 1...8 (1 when absent or out of range; always 1 for PNG).
  public var orientation: Int
  /// EXIF `DateTimeOriginal`, else `DateTime`; `nil` when neither is readable.
  public var date: EXIFDate?

  public init(format: ImageFormat, storedSize: PixelSize, orientation: Int = 1, date: EXIFDate? = nil) {
    self.format = format
    self.storedSize = storedSize
    self.orientation = (1...8).contains(orientation) ? orientation : 1
    self.date = date
  }

  /// The size once upright (width and height swap for orientations 5...8).
  public var size: PixelSize { orientation >= 5 ? storedSize.transposed : storedSize }

  /// How many bytes `read(file:)` reads first: a frame header right after
  /// a small EXIF segment (most phone and generated JPEGs, every PNG).
  public static let firstReadBytes = 16 << 10
  /// The second read: EXIF segments with an embedded preview (up to 64 KB)
  /// and an ICC profile.
  public static let secondReadBytes = 256 << 10
  /// The most `read(file:)` reads when the frame header lies further in.
  public static let maximumReadBytes = 4 << 20

  /// Parses the start of a file.
  ///
  /// - Parameter bytes: the file's first bytes (or all of it).
  /// - Returns: the header; `nil` when the bytes end before the size is
  ///   known (read more and try again).
  /// - Throws: `.empty`, `.notAnImage` for other formats, `.corrupt` for
  ///   a JPEG or PNG whose structure is broken before the size, or a zero
  ///   width or height.
  /// - Complexity: O(segments before the JPEG frame header + EXIF entries read).
  public static func parse(_ bytes: [UInt8]) throws(DecodeError) -> ImageHeader? {
    guard !bytes.isEmpty else { throw .empty }
    switch ImageFormat.sniff(bytes) {
    case .jpeg: return try parseJPEG(bytes)
    case .png: return try parsePNG(bytes)
    case .webp: return try parseWebP(bytes)
    case .heif: return try bytes.withUnsafeBufferPointer { b throws(DecodeError) in try parseHEIF(b) }
    case nil: throw .notAnImage
    }
  }

  /// The largest HEIF file `read(file:)` reads whole (its EXIF may lie
  /// anywhere in it); a larger one is read box by box (see
  /// `readHEIF(_:head:)`).
  public static let maximumWholeFileBytes = 16 << 20

  /// Reads a file's header: the first `firstReadBytes`, then (only when
  /// the frame header lies further in) `secondReadBytes`, then up to
  /// `maximumReadBytes`; a WebP chunk by chunk (only the chunk headers,
  /// the frame header and the EXIF chunk), a HEIF up to
  /// `maximumWholeFileBytes` whole, else box by box. The header is held to
  /// `ImageLimits` (pixels and file size), as the decoder holds it.
  ///
  /// - Throws: `.unreadable` for what is not a readable regular file
  ///   (missing, vanished, a folder, a FIFO, no permission, above the file
  ///   size limit, a read error), `.empty`, `.notAnImage`, `.corrupt`,
  ///   `.tooLarge`, and `.truncated` when the file ends (or
  ///   `maximumReadBytes` is reached) before the size.
  /// - Complexity: O(bytes read), at most a few MB whatever the file's size.
  public static func read(file path: String) throws(DecodeError) -> ImageHeader {
    let file: RegularFile.Opened
    do throws(FileReadError) {
      file = try RegularFile.Opened(path)
    } catch {
      throw .unreadable(error.description)
    }
    func checked(_ header: ImageHeader) throws(DecodeError) -> ImageHeader {
      try ImageLimits.check(size: header.storedSize)
      return header
    }
    if file.size > Int64(ImageLimits.maximumFileBytes) {
      throw .unreadable(FileReadError.tooLarge(limit: ImageLimits.maximumFileBytes).description)
    }
    var count = firstReadBytes
    while true {
      let bytes = try read(file, at: 0, count: count)
      switch bytes.isEmpty ? nil : ImageFormat.sniff(bytes) {
      case .webp:
        guard let header = try parse(readWebP(file, head: bytes)) else {
          throw .truncated("the file ends before the image size")
        }
        return try checked(header)
      case .heif where bytes.count == count:
        return try checked(readHEIF(file, head: bytes))
      default: break
      }
      if let header = try parse(bytes) { return try checked(header) }
      // A short read is the whole file: it ended before the size.
      guard bytes.count == count, count < maximumReadBytes else {
        throw .truncated(
          bytes.count < count ? "the file ends before the image size" : "no image size in the first \(count) bytes")
      }
      count = count < secondReadBytes ? secondReadBytes : maximumReadBytes
    }
  }

  private static func read(_ file: RegularFile.Opened, at offset: Int64, count: Int) throws(DecodeError) -> [UInt8] {
    do throws(FileReadError) {
      return try file.read(at: offset, count: count)
    } catch {
      throw .unreadable(error.description)
    }
  }

  /// A WebP's RIFF chunks as `parseWebP` needs them, read header by header
  /// (the image data is never read): the frame chunks' first 32 bytes and
  /// an EXIF chunk of at most `maximumReadBytes`, each with its length
  /// rewritten to what was kept. At most 1,024 chunks are walked.
  ///
  /// - Complexity: O(chunks + EXIF bytes).
  static func readWebP(_ file: RegularFile.Opened, head: [UInt8]) throws(DecodeError) -> [UInt8] {
    var compact = Array(head.prefix(12))
    let end = Swift.max(file.size, Int64(head.count))
    var offset: Int64 = 12
    var walked = 0
    while offset + 8 <= end, walked < 1024 {
      walked += 1
      let chunk = try read(file, at: offset, count: 8)
      guard chunk.count == 8 else { break }
      let length = Int64(chunk[4]) | Int64(chunk[5]) << 8 | Int64(chunk[6]) << 16 | Int64(chunk[7]) << 24
      let tag = String(decoding: chunk[0..<4], as: UTF8.self)
      var keep = -1
      switch tag {
      case "VP8X", "VP8 ", "VP8L": keep = Int(Swift.min(length, 32))
      case "EXIF" where length <= Int64(maximumReadBytes): keep = Int(length)
      default: break
      }
      if keep >= 0 {
        let data = try read(file, at: offset + 8, count: keep)
        let n = data.count
        compact += Array(chunk[0..<4]) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
        compact += data
        if n & 1 == 1 { compact.append(0) }
        if n < keep { break }  // the file ends inside this chunk
      }
      offset += 8 + length + (length & 1)
    }
    return compact
  }

  /// A HEIF file's header through libheif, given the file whole when it
  /// is at most `maximumWholeFileBytes`; else a buffer of the file's size
  /// (zeroed by `calloc`: pages never written cost no memory) holding its
  /// top-level boxes other than `mdat` (ftyp, meta: the sizes and item
  /// locations) and the first `maximumReadBytes` of each `mdat` (where
  /// the EXIF item usually starts), each at its own offset. At most 64
  /// boxes are walked.
  ///
  /// - Complexity: O(bytes read), at most 8 × `maximumReadBytes`.
  static func readHEIF(_ file: RegularFile.Opened, head: [UInt8]) throws(DecodeError) -> ImageHeader {
    if file.size <= Int64(maximumWholeFileBytes) {
      let bytes = try read(file, at: 0, count: Int(Swift.max(file.size, Int64(head.count))))
      return try bytes.withUnsafeBufferPointer { b throws(DecodeError) in try parseHEIF(b) }
    }
    let total = Int(file.size)
    guard let base = calloc(total, 1)?.assumingMemoryBound(to: UInt8.self) else {
      throw .corrupt("out of memory for a \(total)-byte HEIF file")
    }
    defer { free(base) }
    var offset: Int64 = 0
    var walked = 0
    var kept = 0
    while offset + 8 <= file.size, walked < 64 {
      walked += 1
      let box = try read(file, at: offset, count: 16)
      guard box.count >= 8 else { break }
      var length = Int64(box[0]) << 24 | Int64(box[1]) << 16 | Int64(box[2]) << 8 | Int64(box[3])
      if length == 1, box.count == 16 {
        length = box[8..<16].reduce(Int64(0)) { ($0 << 8) | Int64($1) }
      } else if length == 0 {
        length = file.size - offset
      }
      guard length >= 8 else { break }
      let isData = box[4..<8].elementsEqual(Array("mdat".utf8))
      let want = Int(Swift.min(length, Int64(isData ? maximumReadBytes : maximumReadBytes * 4)))
      guard kept + want <= maximumReadBytes * 8 else { break }
      let bytes = try read(file, at: offset, count: want)
      bytes.withUnsafeBufferPointer { b in
        (base + Int(offset)).update(from: b.baseAddress!, count: Swift.min(b.count, total - Int(offset)))
      }
      kept += want
      guard length <= file.size - offset else { break }
      offset += length
    }
    return try parseHEIF(UnsafeBufferPointer(start: base, count: total))
  }

  /// WebP (RIFF): the size from `VP8X`, `VP8 ` or `VP8L`, the EXIF from
  /// an `EXIF` chunk; `nil` when the bytes end before the size.
  private static func parseWebP(_ b: [UInt8]) throws(DecodeError) -> ImageHeader? {
    func le(_ at: Int, _ n: Int) -> Int {
      var v = 0
      for k in stride(from: n - 1, through: 0, by: -1) { v = v << 8 | Int(b[at + k]) }
      return v
    }
    var size: PixelSize?
    var exif = EXIFTags()
    var i = 12
    while i + 8 <= b.count {
      let tag = String(decoding: b[i..<(i + 4)], as: UTF8.self)
      let length = le(i + 4, 4)
      let data = i + 8
      guard length >= 0, length <= Int(Int32.max) else { throw .corrupt("WebP chunk of length \(length)") }
      let end = data + length
      switch tag {
      case "VP8X" where end <= b.count && length >= 10:
        size = PixelSize(width: le(data + 4, 3) + 1, height: le(data + 7, 3) + 1)
      case "VP8 " where size == nil && data + 10 <= b.count:
        guard b[data + 3] == 0x9D, b[data + 4] == 0x01, b[data + 5] == 0x2A else {
          throw .corrupt("WebP VP8 frame without its start code")
        }
        size = PixelSize(width: le(data + 6, 2) & 0x3FFF, height: le(data + 8, 2) & 0x3FFF)
      case "VP8L" where size == nil && data + 5 <= b.count:
        guard b[data] == 0x2F else { throw .corrupt("WebP VP8L without its signature") }
        let bits = le(data + 1, 4)
        size = PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
      case "EXIF" where end <= b.count:
        let block = Array(b[data..<end])
        let prefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        exif = EXIFTags(app1: (block.starts(with: prefix) ? block : prefix + block)[...])
      default: break
      }
      guard end <= b.count else { break }
      i = end + (length & 1)
    }
    guard let size else { return nil }
    guard size.width > 0, size.height > 0 else { throw .corrupt("WebP size \(size)") }
    return ImageHeader(
      format: .webp, storedSize: size, orientation: exif.orientation ?? 1, date: exif.original ?? exif.plain)
  }

  /// HEIF through libheif: the size as shown (libheif applies the file's
  /// rotation, so the orientation is 1) and the date from its EXIF item.
  private static func parseHEIF(_ p: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> ImageHeader {
    var w: Int32 = 0
    var h: Int32 = 0
    var exif: UnsafeMutablePointer<UInt8>?
    var exifSize = 0
    var message = [CChar](repeating: 0, count: 256)
    let code = sw_heif_read_header(p.baseAddress, p.count, &w, &h, &exif, &exifSize, &message, message.count)
    defer { if let exif { sw_free(exif) } }
    if code == Int32(SW_ERR_TOO_LARGE), let declared = declaredHEIFSize(p) {
      // libheif's own security limit: name the size the file declares.
      throw .tooLarge(declared, limit: ImageLimits.maximumPixels)
    }
    try ImageDecoder.check(code, message, limit: ImageLimits.maximumPixels)
    guard w > 0, h > 0 else { throw .corrupt("HEIF size \(w)×\(h)") }
    var tags = EXIFTags()
    if let exif, exifSize > 0 {
      tags = EXIFTags(
        app1: ([0x45, 0x78, 0x69, 0x66, 0, 0] + Array(UnsafeBufferPointer(start: exif, count: exifSize)))[...])
    }
    return ImageHeader(
      format: .heif, storedSize: PixelSize(width: Int(w), height: Int(h)), orientation: 1,
      date: tags.original ?? tags.plain)
  }

  /// The size in a HEIF's first `ispe` (image spatial extents) property
  /// within its first `maximumReadBytes`, or `nil`.
  ///
  /// - Complexity: O(min(bytes, maximumReadBytes)).
  static func declaredHEIFSize(_ p: UnsafeBufferPointer<UInt8>) -> PixelSize? {
    let end = Swift.min(p.count, maximumReadBytes) - 16
    guard end > 0 else { return nil }
    for i in 0..<end where p[i] == 0x69 && p[i + 1] == 0x73 && p[i + 2] == 0x70 && p[i + 3] == 0x65 {
      func u32(_ at: Int) -> Int { Int(p[at]) << 24 | Int(p[at + 1]) << 16 | Int(p[at + 2]) << 8 | Int(p[at + 3]) }
      let size = PixelSize(width: u32(i + 8), height: u32(i + 12))
      return size.width > 0 && size.height > 0 ? size : nil
    }
    return nil
  }

  private static func parsePNG(_ b: [UInt8]) throws(DecodeError) -> ImageHeader? {
    // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
    guard b.count >= 24 else { return nil }
    guard b[12...15].elementsEqual([0x49, 0x48, 0x44, 0x52]) else { throw .corrupt("PNG without an IHDR chunk first") }
    let w = Int(b[16]) << 24 | Int(b[17]) << 16 | Int(b[18]) << 8 | Int(b[19])
    let h = Int(b[20]) << 24 | Int(b[21]) << 16 | Int(b[22]) << 8 | Int(b[23])
    guard w > 0, h > 0, w <= Int(Int32.max), h <= Int(Int32.max) else {
      throw .corrupt("PNG size \(w)×\(h)")
    }
    return ImageHeader(format: .png, storedSize: PixelSize(width: w, height: h))
  }

  private static func parseJPEG(_ b: [UInt8]) throws(DecodeError) -> ImageHeader? {
    var i = 2
    var exif = EXIFTags()
    while i + 4 <= b.count {
      // Stray bytes before a marker: libjpeg warns ("extraneous bytes
      // before marker") and skips to the next 0xFF; so does this pass.
      guard b[i] == 0xFF else {
        i += 1
        continue
      }
      let marker = b[i + 1]
      if marker == 0xFF || marker == 0x00 {  // a fill byte; 0xFF00 is no marker
        i += marker == 0xFF ? 1 : 2
        continue
      }
      if (0xD0...0xD7).contains(marker) || marker == 0x01 {
        i += 2
        continue
      }
      if marker == 0xD9 || marker == 0xDA { throw .corrupt("JPEG without a frame header before its data") }
      let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
      guard length >= 2 else { throw .corrupt("JPEG segment of length \(length)") }
      // Start of frame: every SOFn except DHT (C4), JPG (C8) and DAC (CC).
      if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
        guard i + 9 <= b.count else { return nil }
        let h = Int(b[i + 5]) << 8 | Int(b[i + 6])
        let w = Int(b[i + 7]) << 8 | Int(b[i + 8])
        guard w > 0, h > 0 else { throw .corrupt("JPEG size \(w)×\(h)") }
        return ImageHeader(
          format: .jpeg, storedSize: PixelSize(width: w, height: h), orientation: exif.orientation ?? 1,
          date: exif.original ?? exif.plain)
      }
      guard i + 2 + length <= b.count else { return nil }
      if marker == 0xE1, exif.orientation == nil, exif.original == nil, exif.plain == nil {
        exif = EXIFTags(app1: b[(i + 4)..<(i + 2 + length)])
      }
      i += 2 + length
    }
    return nil
  }
}

/// The few EXIF tags an index reads, from one `Exif` APP1 segment.
struct EXIFTags {
  var orientation: Int?
  var original: EXIFDate?
  var plain: EXIFDate?

  init() {}

  /// The tags of a JPEG's first `Exif` APP1 segment that holds any,
  /// walking the markers up to the first scan; nothing when the markers
  /// are malformed.
  ///
  /// - Complexity: O(segments before the first scan + entries read).
  init(jpeg b: [UInt8]) {
    guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return }
    var i = 2
    while i + 4 <= b.count {
      guard b[i] == 0xFF else {  // stray bytes before a marker, as libjpeg skips them
        i += 1
        continue
      }
      let marker = b[i + 1]
      if marker == 0xFF || marker == 0x00 {  // a fill byte; 0xFF00 is no marker
        i += marker == 0xFF ? 1 : 2
        continue
      }
      if marker == 0xD9 || marker == 0xDA { return }  // end of image, start of scan
      if (0xD0...0xD7).contains(marker) || marker == 0x01 {
        i += 2
        continue
      }
      let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
      guard length >= 2, i + 2 + length <= b.count else { return }
      if marker == 0xE1 {
        let tags = EXIFTags(app1: b[(i + 4)..<(i + 2 + length)])
        if tags.orientation != nil || tags.original != nil || tags.plain != nil {
          self = tags
          return
        }
      }
      i += 2 + length
    }
  }

  /// Reads IFD0 (orientation 0x0112, DateTime 0x0132, the Exif pointer
  /// 0x8769) and the Exif sub-IFD (DateTimeOriginal 0x9003). Each IFD is
  /// visited at most once, so pointer loops end; offsets and counts that
  /// reach past the segment read as absent.
  init(app1: ArraySlice<UInt8>) {
    let s = Array(app1)
    guard s.count >= 14, s[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return }
    let tiff = 6
    let little: Bool
    switch (s[tiff], s[tiff + 1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at <= s.count - 2 else { return nil }
      return little ? Int(s[at]) | Int(s[at + 1]) << 8 : Int(s[at]) << 8 | Int(s[at + 1])
    }
    func u32(_ at: Int) -> Int? {
      guard let a = u16(at), let c = u16(at + 2) else { return nil }
      return little ? a | c << 16 : a << 16 | c
    }
    func date(type: Int, count: Int, field: Int) -> EXIFDate? {
      guard type == 2, count >= 19, count <= 64, let offset = u32(field) else { return nil }
      let start = tiff + offset
      guard start >= tiff, start <= s.count - 19 else { return nil }
      return EXIFDate(exif: Array(s[start..<(start + 19)]))
    }
    guard u16(tiff + 2) == 42, let ifd0 = u32(tiff + 4) else { return }
    var visited: Set<Int> = []
    var pending = [(offset: ifd0, isExif: false)]
    while let (offset, isExif) = pending.popLast() {
      guard visited.insert(offset).inserted else { continue }
      let start = tiff + offset
      guard let n = u16(start), n <= 1000 else { continue }
      for e in 0..<n {
        let at = start + 2 + e * 12
        guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { break }
        switch (isExif, tag) {
        case (false, 0x0112):
          if type == 3, count == 1, let value = u16(at + 8), (1...8).contains(value) { orientation = value }
        case (false, 0x0132): plain = date(type: type, count: count, field: at + 8)
        case (false, 0x8769): if let sub = u32(at + 8) { pending.append((sub, true)) }
        case (true, 0x9003): original = date(type: type, count: count, field: at + 8)
        default: break
        }
      }
    }
  }
}
