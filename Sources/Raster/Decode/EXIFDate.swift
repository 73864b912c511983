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
  /// for the all-blank or all-zero "unknown" dates, and for dates that do
  /// not exist (see `isValid`: `2023:02:30`, month 13, hour 24).
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
      Self.isValid(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    else { return nil }
    self.init(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
  }

  /// Whether the fields name a real moment of the proleptic Gregorian
  /// calendar: year 1…9999, month 1…12, a day that month has (29 February
  /// only in leap years), hour 0…23, minute 0…59, second 0…60 (a leap
  /// second).
  ///
  /// - Complexity: O(1).
  public static func isValid(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Bool {
    guard (1...9999).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
      (0...60).contains(second), day >= 1
    else { return false }
    return day <= daysIn(month: month, year: year)
  }

  /// The days of `month` (1…12) in `year`.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether this date passes `isValid` (a date built field by field may not).
  public var isValid: Bool {
    Self.isValid(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
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
  let tags = EXIFTags(jpeg: bytes)
  return tags.original ?? tags.plain
}
