import CRasterShim

/// Encodes images as baseline JPEG (libjpeg-turbo): thumbnails on disk,
/// generated photo folders, test fixtures.
public enum JPEGEncoder {
  /// The image's straight (un-premultiplied) colours as a JPEG; alpha is
  /// dropped (JPEG has none).
  ///
  /// - Parameter quality: 1…100 (clamped).
  /// - Throws: `EncodeError.encoder` for an empty image or when libjpeg fails.
  /// - Complexity: O(pixels).
  public static func encode(_ image: RGBAImage, quality: Int = 90) throws(EncodeError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else { throw .encoder("the image is empty") }
    let pixels = image.isOpaque ? image.pixels : image.straightPixels
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 200)
    let code = pixels.withUnsafeBufferPointer {
      sw_jpeg_encode(
        $0.baseAddress, Int32(image.width), Int32(image.height), Int32(Swift.min(100, Swift.max(1, quality))), &out,
        &size, &message, message.count)
    }
    guard code == Int32(SW_OK), let out else {
      let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .encoder("JPEG: " + text)
    }
    defer { sw_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }
}

/// Encodes images as HEIC (libheif with its HEVC encoder) and lossy WebP
/// (libwebp), both loaded at run time: for generated photo folders and
/// tests. Each throws `EncodeError.encoder` naming the missing library
/// where the system has none.
public enum ModernEncoder {
  /// Whether HEIC and WebP can be written here.
  public static var canWriteHEIC: Bool { sw_heif_available() != 0 }
  public static var canWriteWebP: Bool { sw_webp_available() != 0 }

  /// An opaque image as HEIC, with `exifTIFF` (a TIFF block: byte order,
  /// 42, IFDs) as its EXIF item when not empty.
  public static func heic(_ image: RGBAImage, quality: Int = 80, exifTIFF: [UInt8] = []) throws(EncodeError) -> [UInt8]
  {
    guard image.width > 0, image.height > 0 else { throw .encoder("the image is empty") }
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let code = image.straightPixels.withUnsafeBufferPointer { p in
      exifTIFF.withUnsafeBufferPointer { e in
        sw_heif_encode(
          p.baseAddress, Int32(image.width), Int32(image.height), Int32(Swift.min(100, Swift.max(0, quality))),
          e.baseAddress, e.count, &out, &size, &message, message.count)
      }
    }
    defer { if let out { sw_free(out) } }
    guard code == Int32(SW_OK), let out else {
      throw .encoder(
        "HEIC: " + String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// An image as lossy WebP; with `exifTIFF` not empty, in the extended
  /// format (`VP8X`) with an `EXIF` chunk after the image data.
  public static func webp(
    _ image: RGBAImage, quality: Double = 80, exifTIFF: [UInt8] = []
  ) throws(EncodeError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else { throw .encoder("the image is empty") }
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let code = image.straightPixels.withUnsafeBufferPointer { p in
      sw_webp_encode(
        p.baseAddress, Int32(image.width), Int32(image.height), Float(quality), &out, &size, &message, message.count)
    }
    defer { if let out { sw_free(out) } }
    guard code == Int32(SW_OK), let out else {
      throw .encoder(
        "WebP: " + String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    let simple = Array(UnsafeBufferPointer(start: out, count: size))
    guard !exifTIFF.isEmpty, simple.count > 12 else { return simple }
    func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(v >> ($0 * 8) & 0xFF) } }
    func chunk(_ tag: String, _ data: [UInt8]) -> [UInt8] {
      Array(tag.utf8) + le(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
    }
    // VP8X: flags (EXIF = 0x08), reserved, canvas width − 1 and height − 1 (24 bits each).
    let vp8x = chunk("VP8X", [0x08, 0, 0, 0] + le(image.width - 1, 3) + le(image.height - 1, 3))
    let body = Array("WEBP".utf8) + vp8x + Array(simple[12...]) + chunk("EXIF", exifTIFF)
    return Array("RIFF".utf8) + le(body.count, 4) + body
  }
}
