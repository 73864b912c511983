import CPNG
import CRasterShim
import Foundation

/// Why an image could not be written.
public enum EncodeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libpng refused the image (an empty image, for one).
  case encoder(String)
  /// The file could not be written.
  case write(String, String)

  public var description: String {
    switch self {
    case .encoder(let why): "PNG encoding failed: \(why)"
    case .write(let path, let why): "cannot write '\(path)': \(why)"
    }
  }
}

/// Encodes images as PNG with libpng's simplified write API (libpng does
/// the filtering and zlib compression, and keeps its own error handling).
public enum PNGEncoder {
  /// The PNG bytes of `image`: RGB when every pixel is opaque, else RGBA
  /// with straight alpha.
  ///
  /// - Parameters:
  ///   - fast: filter less and compress at a low zlib level (about twice as
  ///     fast, somewhat larger files).
  ///   - alpha: force RGBA (`true`) or RGB (`false`, alpha dropped); `nil`
  ///     decides from the pixels.
  /// - Throws: `EncodeError.encoder` for an empty image.
  public static func encode(_ image: RGBAImage, fast: Bool = false, alpha: Bool? = nil) throws(EncodeError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else { throw .encoder("the image is empty") }
    let opaque = !(alpha ?? !image.isOpaque)
    let source: [UInt8]
    if opaque {
      var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
      image.pixels.withUnsafeBufferPointer { src in
        rgb.withUnsafeMutableBufferPointer { dst in sw_rgba_to_rgb(src.baseAddress, dst.baseAddress, src.count / 4) }
      }
      source = rgb
    } else {
      source = image.straightPixels
    }
    var png = png_image()
    png.version = UInt32(PNG_IMAGE_VERSION)
    png.width = UInt32(image.width)
    png.height = UInt32(image.height)
    png.format = opaque ? UInt32(PNG_FORMAT_FLAG_COLOR) : UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    png.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
    let stride = Int32(image.width * (opaque ? 3 : 4))
    // One pass into a buffer of libpng's bound (PNG_IMAGE_PNG_SIZE_MAX):
    // asking for the size first (a nil buffer) compresses the image twice.
    var capacity = sizeBound(rows: image.height, rowBytes: Int(stride))
    for _ in 0..<2 {
      var length = capacity
      var ok: Int32 = 0
      let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        ok = source.withUnsafeBytes { s in
          png_image_write_to_memory(&png, buffer.baseAddress, &length, 0, s.baseAddress, stride, nil)
        }
        count = ok != 0 ? length : 0
      }
      if ok != 0 { return out }
      // Too small (libpng says how much it needs), or an error.
      guard length > capacity else { break }
      capacity = length
    }
    throw .encoder(message(png))
  }

  /// libpng's upper bound on a PNG of `rows` rows of `rowBytes` bytes
  /// (`PNG_IMAGE_PNG_SIZE_MAX` without a colour map), plus a margin.
  static func sizeBound(rows: Int, rowBytes: Int) -> Int {
    let data = rows * (rowBytes + 1)
    let compressed = data + (data + 7) >> 3 + (data + 63) >> 6 + 11
    return 8 + 25 + 16 + 44 + 12 + 12 + 12 * (compressed / 8192) + compressed + 1024
  }

  static func message(_ png: png_image) -> String {
    var text = png.message
    return withUnsafeBytes(of: &text) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
  }
}

/// Writes `bytes` to `path`, replacing any file there.
///
/// - Throws: `EncodeError.write`.
public func writeFile(_ bytes: [UInt8], to path: String) throws(EncodeError) {
  do {
    try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
  } catch {
    // The system's reason ("No space left on device", "File too large"),
    // not Foundation's "The operation could not be completed".
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
    if let posix = underlying as? POSIXError { throw .write(path, String(cString: strerror(posix.code.rawValue))) }
    throw .write(path, ((underlying as? NSError) ?? (error as NSError)).localizedDescription)
  }
}
