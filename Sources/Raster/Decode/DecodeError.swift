/// Why a photo could not be decoded. Every case names the problem in words
/// a user can act on; the CLI prints `path: description`.
public enum DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read (missing, a folder, no permission).
  case unreadable(String)
  /// The file holds no bytes.
  case empty
  /// The bytes are not JPEG, PNG, HEIF/HEIC or WebP.
  case notAnImage
  /// The data stops before the image does.
  case truncated(String)
  /// The decoder rejected the data.
  case corrupt(String)
  /// The declared size is above the pixel limit (a decompression bomb, or
  /// just too big to render).
  case tooLarge(PixelSize, limit: Int)
  /// A JPEG or PNG variant the decoder does not handle.
  case unsupported(String)
  /// Decoding it would take more memory than one decode may use
  /// (`ImageDecoder.maximumDecodeBytes`): a progressive JPEG keeps every
  /// DCT coefficient, libheif decodes a HEIC whole. `needed` is the
  /// estimate in bytes, `nil` when the decoder found out on the way.
  case overBudget(needed: Int?, limit: Int)

  public var description: String {
    switch self {
    case .unreadable(let why): "cannot read the file (\(why))"
    case .empty: "the file is empty (0 bytes)"
    case .notAnImage: "not a JPEG, PNG, HEIC or WebP image"
    case .truncated(let why): "the image data is truncated" + (why.isEmpty ? "" : " (\(why))")
    case .corrupt(let why): "the image data is corrupt" + (why.isEmpty ? "" : " (\(why))")
    case .tooLarge(let size, let limit):
      size.width > 0 && size.height > 0
        ? "the image is \(size) = \(size.width * size.height) pixels, above the limit of \(limit) pixels"
        : "the image is above the limit of \(limit) pixels"
    case .overBudget(let needed?, let limit):
      "decoding the image would take \((needed + (1 << 20) - 1) >> 20) MiB of working memory, above the limit of "
        + "\(limit >> 20) MiB per decode"
    case .overBudget(nil, let limit):
      "decoding the image would take more than the limit of \(limit >> 20) MiB of working memory per decode"
    case .unsupported(let why): "unsupported image (\(why))"
    }
  }
}

/// The file formats the decoder reads. JPEG and PNG always; HEIF (HEIC,
/// and AVIF where libheif has a decoder for it) and WebP where the system
/// has libheif and libwebp (loaded at run time).
public enum ImageFormat: String, Hashable, Sendable {
  case jpeg
  case png
  case heif
  case webp

  /// The HEIF brands read (`ftyp` major or compatible brand).
  static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif"]

  /// The format the leading bytes announce, or `nil`.
  public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
    let head = Array(bytes.prefix(32))
    if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
    if head.count >= 8, head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.count >= 12, head[0..<4].elementsEqual(Array("RIFF".utf8)), head[8..<12].elementsEqual(Array("WEBP".utf8)) {
      return .webp
    }
    if head.count >= 12, head[4..<8].elementsEqual(Array("ftyp".utf8)) {
      // The major brand, then compatible brands up to the box's end (within what is held).
      let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
      var at = 8
      while at + 4 <= Swift.min(head.count, Swift.max(12, boxSize)) {
        if at != 12, heifBrands.contains(String(decoding: head[at..<(at + 4)], as: UTF8.self)) {
          return .heif
        }
        at += 4
      }
    }
    return nil
  }
}
