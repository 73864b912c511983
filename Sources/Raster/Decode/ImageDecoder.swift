import CPNG
import CRasterShim
import Foundation

/// What a photo's header says, read without decoding its pixels.
public struct ImageInfo: Hashable, Sendable {
  public var format: ImageFormat
  /// The size as stored in the file.
  public var storedSize: PixelSize
  /// The EXIF orientation (1...8); always 1 for PNG.
  public var orientation: Int
  /// The size once upright (width and height swap for orientations 5...8).
  public var size: PixelSize { orientation >= 5 ? storedSize.transposed : storedSize }
}

/// Decodes JPEG (libjpeg-turbo), PNG (libpng), and HEIF/HEIC and WebP
/// where the system has libheif and libwebp (loaded at run time: without
/// them these files throw `.unsupported` naming the library), into upright
/// premultiplied RGBA, optionally at a reduced size.
///
/// ```swift
/// let decoder = ImageDecoder()
/// let thumb = try decoder.decode(bytes, atLeast: PixelSize(width: 200, height: 150))
/// ```
///
/// Bad input throws a `DecodeError`: zero-byte files, other formats,
/// truncated or corrupt data, and images whose declared size is above
/// `maximumPixels` (checked from the header, before anything is allocated,
/// so a decompression bomb costs nothing). libjpeg's longjmp error handling
/// stays inside the C shim; libpng's simplified API does the same inside
/// libpng.
public struct ImageDecoder: Sendable {
  /// The largest declared width × height accepted (default 100 megapixels).
  public var maximumPixels: Int
  /// The largest file read (default 256 MiB).
  public var maximumFileBytes: Int

  public init(maximumPixels: Int = 100_000_000, maximumFileBytes: Int = 256 << 20) {
    self.maximumPixels = Swift.max(1, maximumPixels)
    self.maximumFileBytes = Swift.max(1, maximumFileBytes)
  }

  /// Reads a whole file, which must be a regular file (see
  /// `RegularFile.read(_:limit:)`: a FIFO or device is never opened for a
  /// blocking read).
  ///
  /// - Complexity: O(file size).
  /// - Throws: `.unreadable` naming what the path is (missing, a folder, a
  ///   FIFO, a device, a symbolic link loop or dangling link, no
  ///   permission, above `maximumFileBytes`), or `.empty`.
  public func read(file path: String) throws(DecodeError) -> [UInt8] {
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try RegularFile.read(path, limit: maximumFileBytes)
    } catch {
      throw .unreadable(error.description)
    }
    if bytes.isEmpty { throw .empty }
    return bytes
  }

  /// Reads the header of an image in memory.
  ///
  /// - Throws: `.empty`, `.notAnImage`, `.truncated`, `.corrupt`.
  public func info(_ bytes: [UInt8]) throws(DecodeError) -> ImageInfo {
    guard !bytes.isEmpty else { throw .empty }
    switch ImageFormat.sniff(bytes) {
    case .jpeg:
      var w: Int32 = 0
      var h: Int32 = 0
      var message = [CChar](repeating: 0, count: 256)
      let code = bytes.withUnsafeBufferPointer { b in
        sw_jpeg_read_header(b.baseAddress, b.count, &w, &h, &message, message.count)
      }
      try check(code, message)
      return ImageInfo(
        format: .jpeg, storedSize: PixelSize(width: Int(w), height: Int(h)), orientation: exifOrientation(ofJPEG: bytes)
      )
    case .png:
      var image = png_image()
      image.version = UInt32(PNG_IMAGE_VERSION)
      let ok = bytes.withUnsafeBufferPointer { b in png_image_begin_read_from_memory(&image, b.baseAddress, b.count) }
      defer { png_image_free(&image) }
      guard ok != 0 else { throw pngError(image, bytes) }
      return ImageInfo(
        format: .png, storedSize: PixelSize(width: Int(image.width), height: Int(image.height)), orientation: 1)
    case .webp, .heif:
      guard let header = try ImageHeader.parse(bytes) else { throw .truncated("the file ends before the image size") }
      return ImageInfo(format: header.format, storedSize: header.storedSize, orientation: header.orientation)
    case nil:
      throw .notAnImage
    }
  }

  /// Decodes an image in memory, upright.
  ///
  /// - Parameter minimum: when given, the result may be smaller than the
  ///   image but is never smaller than this (each side, once upright):
  ///   JPEG decodes at 1/2, 1/4 or 1/8 scale in the DCT, then both formats
  ///   halve with a 2×2 box filter while the result stays at least this
  ///   big. `nil` decodes at full size.
  /// - Throws: `DecodeError`.
  /// - Complexity: O(pixels in the file).
  public func decode(_ bytes: [UInt8], atLeast minimum: PixelSize? = nil) throws(DecodeError) -> RGBAImage {
    let info = try info(bytes)
    let stored = info.storedSize
    guard stored.width > 0, stored.height > 0 else { throw .corrupt("zero width or height") }
    guard stored.width <= maximumPixels / stored.height else { throw .tooLarge(stored, limit: maximumPixels) }
    // The minimum in stored (unrotated) orientation.
    let need = minimum.map { info.orientation >= 5 ? $0.transposed : $0 }
    var image: RGBAImage
    switch info.format {
    case .jpeg:
      var denom = 1
      if let need {
        while denom < 8, stored.width / (denom * 2) >= need.width, stored.height / (denom * 2) >= need.height {
          denom *= 2
        }
      }
      image = try decodeJPEG(bytes, scaleDenominator: denom)
    case .png:
      image = try decodePNG(bytes)
    case .webp:
      image = try decodeExternal(bytes) { data, count, pixels, w, h, message, size in
        sw_webp_decode(data, count, Int64(maximumPixels), pixels, w, h, message, size)
      }
    case .heif:
      let shown = need ?? PixelSize(width: 0, height: 0)
      image = try decodeExternal(bytes) { data, count, pixels, w, h, message, size in
        sw_heif_decode(
          data, count, Int32(clamping: shown.width), Int32(clamping: shown.height), Int64(maximumPixels), pixels, w, h,
          message, size)
      }
    }
    if let need {
      while image.width / 2 >= Swift.max(1, need.width), image.height / 2 >= Swift.max(1, need.height) {
        image = image.halved()
      }
    }
    return image.oriented(info.orientation)
  }

  /// Reads and decodes a file (see `decode(_:atLeast:)`).
  public func decode(file path: String, atLeast minimum: PixelSize? = nil) throws(DecodeError) -> RGBAImage {
    try decode(read(file: path), atLeast: minimum)
  }

  /// Decodes through a C entry point that returns a malloc'd straight
  /// RGBA8 buffer (WebP, HEIF).
  private func decodeExternal(
    _ bytes: [UInt8],
    _ call: (
      UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int32>,
      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>, Int
    ) -> Int32
  ) throws(DecodeError) -> RGBAImage {
    var pixels: UnsafeMutablePointer<UInt8>?
    var w: Int32 = 0
    var h: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let code = bytes.withUnsafeBufferPointer { b in
      message.withUnsafeMutableBufferPointer { m in
        call(b.baseAddress, b.count, &pixels, &w, &h, m.baseAddress!, m.count)
      }
    }
    defer { if let pixels { sw_free(pixels) } }
    try check(code, message)
    guard let pixels, w > 0, h > 0 else { throw .corrupt("no pixels") }
    return RGBAImage(
      width: Int(w), height: Int(h), straight: Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4)))
  }

  private func decodeJPEG(_ bytes: [UInt8], scaleDenominator: Int) throws(DecodeError) -> RGBAImage {
    var pixels: UnsafeMutablePointer<UInt8>?
    var w: Int32 = 0
    var h: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let code = bytes.withUnsafeBufferPointer { b in
      sw_jpeg_decode(
        b.baseAddress, b.count, Int32(scaleDenominator), Int64(maximumPixels), &pixels, &w, &h, &message,
        message.count)
    }
    try check(code, message)
    guard let pixels else { throw .corrupt("no pixels") }
    defer { sw_free(pixels) }
    let count = Int(w) * Int(h) * 4
    return RGBAImage(
      width: Int(w), height: Int(h), premultiplied: Array(UnsafeBufferPointer(start: pixels, count: count)))
  }

  /// Whether the chunks after the PNG signature run, complete, up to an
  /// IEND chunk. O(number of chunks): only headers are read.
  static func hasPNGEnd(_ bytes: [UInt8]) -> Bool {
    var i = 8
    while i + 12 <= bytes.count {
      let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      let isEnd = bytes[i + 4] == 0x49 && bytes[i + 5] == 0x45 && bytes[i + 6] == 0x4E && bytes[i + 7] == 0x44
      let next = i + 12 + length
      guard length >= 0, next <= bytes.count else { return false }
      if isEnd { return true }
      i = next
    }
    return false
  }

  private func decodePNG(_ bytes: [UInt8]) throws(DecodeError) -> RGBAImage {
    // A PNG ends with an IEND chunk; without it the file was cut short
    // (libpng's own message for this case is a terse "read error"). Walk
    // the chunk headers to find it: bytes after IEND are ignored, as
    // libpng and browsers do.
    if !Self.hasPNGEnd(bytes) { throw .truncated("no IEND chunk: the file was cut short") }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let began = bytes.withUnsafeBufferPointer { b in png_image_begin_read_from_memory(&image, b.baseAddress, b.count) }
    guard began != 0 else {
      defer { png_image_free(&image) }
      throw pngError(image, bytes)
    }
    let size = PixelSize(width: Int(image.width), height: Int(image.height))
    guard size.width > 0, size.height > 0, size.width <= maximumPixels / size.height else {
      png_image_free(&image)
      throw .tooLarge(size, limit: maximumPixels)
    }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
    var pixels = [UInt8](repeating: 0, count: size.area * 4)
    let ok = pixels.withUnsafeMutableBytes { p in
      png_image_finish_read(&image, nil, p.baseAddress, Int32(size.width * 4), nil)
    }
    guard ok != 0 else {
      defer { png_image_free(&image) }
      throw pngError(image, bytes)
    }
    return RGBAImage(width: size.width, height: size.height, straight: pixels)
  }

  private func pngError(_ image: png_image, _ bytes: [UInt8]) -> DecodeError {
    var message = image.message
    let text = withUnsafeBytes(of: &message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    if text.lowercased().contains("read error") || text.lowercased().contains("eof") { return .truncated(text) }
    return .corrupt(text)
  }

  private func check(_ code: Int32, _ message: [CChar]) throws(DecodeError) {
    try Self.check(code, message, limit: maximumPixels)
  }

  /// The `DecodeError` for a C shim's return code and message.
  static func check(_ code: Int32, _ message: [CChar], limit: Int) throws(DecodeError) {
    let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    switch code {
    case Int32(SW_OK): return
    case Int32(SW_ERR_TRUNCATED): throw .truncated(text)
    case Int32(SW_ERR_TOO_LARGE): throw .tooLarge(PixelSize(width: 0, height: 0), limit: limit)
    case Int32(SW_ERR_UNSUPPORTED): throw .unsupported(text)
    case Int32(SW_ERR_MEMORY): throw .tooLarge(PixelSize(width: 0, height: 0), limit: limit)
    default: throw .corrupt(text)
    }
  }
}
