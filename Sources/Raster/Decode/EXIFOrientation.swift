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
  guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
  var i = 2
  while i + 4 <= bytes.count {
    guard bytes[i] == 0xFF else { return 1 }
    let marker = bytes[i + 1]
    if marker == 0xFF {  // fill byte
      i += 1
      continue
    }
    if marker == 0xD9 || marker == 0xDA { return 1 }  // end of image, start of scan
    if (0xD0...0xD7).contains(marker) || marker == 0x01 {
      i += 2
      continue
    }
    let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    guard length >= 2, i + 2 + length <= bytes.count else { return 1 }
    if marker == 0xE1, let value = orientation(inAPP1: bytes[(i + 4)..<(i + 2 + length)]) { return value }
    i += 2 + length
  }
  return 1
}

private func orientation(inAPP1 segment: ArraySlice<UInt8>) -> Int? {
  let s = Array(segment)
  guard s.count >= 14, s[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
  let tiff = 6
  let little: Bool
  switch (s[tiff], s[tiff + 1]) {
  case (0x49, 0x49): little = true
  case (0x4D, 0x4D): little = false
  default: return nil
  }
  func u16(_ at: Int) -> Int? {
    guard at >= 0, at + 2 <= s.count else { return nil }
    return little ? Int(s[at]) | Int(s[at + 1]) << 8 : Int(s[at]) << 8 | Int(s[at + 1])
  }
  func u32(_ at: Int) -> Int? {
    guard let a = u16(at), let b = u16(at + 2) else { return nil }
    return little ? a | b << 16 : a << 16 | b
  }
  guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4) else { return nil }
  let start = tiff + ifd
  guard let count = u16(start), count < 1000 else { return nil }
  for e in 0..<count {
    let entry = start + 2 + e * 12
    guard let tag = u16(entry) else { return nil }
    if tag == 0x0112 {
      guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }  // type SHORT
      return (1...8).contains(value) ? value : nil
    }
  }
  return nil
}
