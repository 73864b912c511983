/// A photo a scene shows: where its pixels come from and its upright size.
///
/// The size is known before decoding (from the file's header, or from the
/// sample generator), so layouts can be prepared from photo sizes alone.
public struct Photo: Hashable, Sendable {
  /// Where the pixels come from.
  public enum Source: Hashable, Sendable {
    /// An image file (JPEG, PNG, and HEIC or WebP where the system has the library).
    case file(String)
    /// A photo of the built-in sample album.
    case sample(SamplePhoto)
  }

  /// A short name for messages and labels (the file name).
  public var name: String
  /// The upright size in pixels (EXIF orientation applied).
  public var size: PixelSize
  public var source: Source
  /// The capture date, when an index read one (EXIF `DateTimeOriginal`,
  /// else `DateTime`); `nil` when unknown or not read.
  public var date: EXIFDate?
  /// The photo's average colour as `0xRRGGBB`, when an index learnt it
  /// (from an earlier decode): drawn in its place until it is decoded.
  public var placeholder: UInt32?

  public init(name: String, size: PixelSize, source: Source, date: EXIFDate? = nil, placeholder: UInt32? = nil) {
    self.name = name
    self.size = size
    self.source = source
    self.date = date
    self.placeholder = placeholder
  }
}
