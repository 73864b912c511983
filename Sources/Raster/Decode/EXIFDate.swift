/// A capture date from EXIF (`DateTimeOriginal`, tag 0x9003 in the Exif
/// sub-IFD; else `DateTime`, tag 0x0132 in IFD0): local time as the camera
/// wrote it, no time zone.
public struct EXIFDate: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// Parses `YYYY:MM:DD HH:MM:SS` (EXIF's form); `nil` for anything else,
  /// for the all-blank or all-zero "unknown" dates, and for fields out of
  /// range (month 1…12, day 1…31, hour 0…23, minute and second 0…59).
  public init?(exif text: [UInt8]) {
    let digits = Array(text.prefix(19))
    guard digits.count == 19 else { return nil }
    func field(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for k in from..<(from + count) {
        let c = digits[k]
        guard c >= 0x30, c <= 0x39 else { return nil }
        value = value * 10 + Int(c - 0x30)
      }
      return value
    }
    for (k, separator) in [(4, 0x3A), (7, 0x3A), (10, 0x20), (13, 0x3A), (16, 0x3A)] where digits[k] != separator {
      return nil
    }
    guard let y = field(0, 4), let mo = field(5, 2), let d = field(8, 2), let h = field(11, 2),
      let mi = field(14, 2), let s = field(17, 2),
      y > 0, (1...12).contains(mo), (1...31).contains(d), (0...23).contains(h), (0...59).contains(mi),
      (0...60).contains(s)
    else { return nil }
    self.init(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
  }

  public static func < (l: EXIFDate, r: EXIFDate) -> Bool {
    (l.year, l.month, l.day, l.hour, l.minute, l.second) < (r.year, r.month, r.day, r.hour, r.minute, r.second)
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// `March 2024`.
  public var monthTitle: String { "\(Self.monthNames[month - 1]) \(year)" }

  /// `12 March 2024`.
  public var dayTitle: String { "\(day) \(monthTitle)" }

  /// `2024-03-12 09:05:00`.
  public var description: String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
  }
}

/// Reads a JPEG's capture date: EXIF `DateTimeOriginal` (tag 0x9003, in
/// the Exif sub-IFD that IFD0's tag 0x8769 points to), else `DateTime`
/// (0x0132 in IFD0).
///
/// - Returns: the date, or `nil` when there is none or anything is
///   malformed (offsets out of range, a bad byte order, a loop of IFD
///   pointers is impossible: only one sub-IFD is followed). Never traps.
/// - Complexity: O(number of segments before the first scan + entries of
///   IFD0 and the Exif IFD).
public func exifDate(ofJPEG bytes: [UInt8]) -> EXIFDate? {
  guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
  var i = 2
  while i + 4 <= bytes.count {
    guard bytes[i] == 0xFF else { return nil }
    let marker = bytes[i + 1]
    if marker == 0xFF {
      i += 1
      continue
    }
    if marker == 0xD9 || marker == 0xDA { return nil }
    if (0xD0...0xD7).contains(marker) || marker == 0x01 {
      i += 2
      continue
    }
    let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    guard length >= 2, i + 2 + length <= bytes.count else { return nil }
    if marker == 0xE1, let date = date(inAPP1: Array(bytes[(i + 4)..<(i + 2 + length)])) { return date }
    i += 2 + length
  }
  return nil
}

private func date(inAPP1 s: [UInt8]) -> EXIFDate? {
  guard s.count >= 14, s[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
  let tiff = 6
  let little: Bool
  switch (s[tiff], s[tiff + 1]) {
  case (0x49, 0x49): little = true
  case (0x4D, 0x4D): little = false
  default: return nil
  }
  func u16(_ at: Int) -> Int? {
    guard at >= 0, at <= s.count - 2 else { return nil }
    return little ? Int(s[at]) | Int(s[at + 1]) << 8 : Int(s[at]) << 8 | Int(s[at + 1])
  }
  func u32(_ at: Int) -> Int? {
    guard let a = u16(at), let b = u16(at + 2) else { return nil }
    return little ? a | b << 16 : a << 16 | b
  }
  /// The value of `tag` in the IFD at TIFF offset `ifd`: (type, count, value or offset field position).
  func entry(_ tag: Int, inIFD ifd: Int) -> (type: Int, count: Int, field: Int)? {
    let start = tiff + ifd
    guard let n = u16(start), n < 1000 else { return nil }
    for e in 0..<n {
      let at = start + 2 + e * 12
      guard let t = u16(at) else { return nil }
      if t == tag {
        guard let type = u16(at + 2), let count = u32(at + 4) else { return nil }
        return (type, count, at + 8)
      }
    }
    return nil
  }
  func ascii(_ e: (type: Int, count: Int, field: Int)) -> EXIFDate? {
    guard e.type == 2, e.count >= 19, e.count <= 64 else { return nil }
    guard let offset = u32(e.field) else { return nil }
    let start = tiff + offset
    guard start >= 0, start <= s.count - 19 else { return nil }
    return EXIFDate(exif: Array(s[start..<(start + 19)]))
  }
  guard u16(tiff + 2) == 42, let ifd0 = u32(tiff + 4) else { return nil }
  if let pointer = entry(0x8769, inIFD: ifd0), let sub = u32(pointer.field),
    let original = entry(0x9003, inIFD: sub), let date = ascii(original)
  {
    return date
  }
  if let plain = entry(0x0132, inIFD: ifd0) { return ascii(plain) }
  return nil
}
