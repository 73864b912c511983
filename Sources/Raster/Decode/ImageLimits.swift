/// The limits every photo is held to, in one place: the header pass
/// (`ImageHeader.read(file:)`, `index`), rows read back from an index, and
/// the decoder (`ImageDecoder`'s defaults) apply the same values, so a
/// file `index` accepts is one `render` and `view` can draw.
///
/// | limit | value | why |
/// | --- | --- | --- |
/// | `maximumPixels` | 100,000,000 | 400 MB as RGBA: the largest photo any camera writes, with room |
/// | `maximumFileBytes` | 256 MiB | a photo file is read whole to decode it |
public enum ImageLimits {
  /// The largest declared width × height accepted.
  public static let maximumPixels = 100_000_000
  /// The largest file accepted, in bytes.
  public static let maximumFileBytes = 256 << 20

  /// Checks a header's size against `maximumPixels` and a file's size
  /// against `maximumFileBytes`.
  ///
  /// - Throws: `.tooLarge` naming the size and the limit; `.unreadable`
  ///   naming the file-size limit; `.corrupt` for a zero or negative side.
  /// - Complexity: O(1).
  public static func check(size: PixelSize, fileBytes: Int64? = nil) throws(DecodeError) {
    if let fileBytes, fileBytes > Int64(maximumFileBytes) {
      throw .unreadable(FileReadError.tooLarge(limit: maximumFileBytes).description)
    }
    guard size.width > 0, size.height > 0 else { throw .corrupt("zero width or height") }
    guard size.width <= maximumPixels / size.height else { throw .tooLarge(size, limit: maximumPixels) }
  }
}
