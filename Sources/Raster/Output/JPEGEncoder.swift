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
