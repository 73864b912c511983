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
    var length = 0
    let sized = source.withUnsafeBytes { s in
      png_image_write_to_memory(&png, nil, &length, 0, s.baseAddress, stride, nil)
    }
    guard sized != 0, length > 0 else { throw .encoder(message(png)) }
    var out = [UInt8](repeating: 0, count: length)
    let ok = out.withUnsafeMutableBytes { o in
      source.withUnsafeBytes { s in
        png_image_write_to_memory(&png, o.baseAddress, &length, 0, s.baseAddress, stride, nil)
      }
    }
    guard ok != 0 else { throw .encoder(message(png)) }
    return Array(out.prefix(length))
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
