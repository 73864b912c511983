/// Reads the EXIF orientation tag (0x0112) of a JPEG: the turn or flip a
/// viewer applies to show the stored pixels upright. Phones store most
/// photos sideways and set this tag.
///
/// Walks the JPEG's markers up to the first scan, finds the `Exif` APP1
/// segment, reads the TIFF header (either byte order) and looks up the tag
/// in IFD0.
///
/// - Returns: 1...8, or 1 when there is no tag or anything is malformed
///   (out-of-range offsets, bad byte order, values outside 1...8). Never
///   traps.
/// - Complexity: O(number of segments before the first scan).
public func exifOrientation(ofJPEG bytes: [UInt8]) -> Int {
  EXIFTags(jpeg: bytes).orientation ?? 1
}
