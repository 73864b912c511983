import LayoutCore

/// The text forms of the tool's option values, parsed without judging the
/// numbers: any `Double` parses (NaN, ±∞, 1e308 too), and the commands'
/// range checks then refuse them naming the option. Each returns `nil`
/// for text of the wrong shape (a missing or extra part, an empty entry).
///
/// - Complexity: O(text length).
public enum OptionValues {
  /// `WxH` (`390x844`, `x` or `X`).
  public static func size(_ text: String) -> Size? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else { return nil }
    return Size(width: w, height: h)
  }

  /// `X,Y`, or a single `X` with Y = 0 (`--offset 100`).
  public static func point(_ text: String) -> Point? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2, let x = Double(parts[0]) else { return nil }
    if parts.count == 1 { return Point(x: x, y: 0) }
    guard let y = Double(parts[1]) else { return nil }
    return Point(x: x, y: y)
  }

  /// `A,B`: exactly two numbers (`--padding V,H`).
  public static func pair(_ text: String) -> Point? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]) else { return nil }
    return Point(x: a, y: b)
  }

  /// `WxH,WxH,…`: no empty entries.
  public static func sizes(_ text: String) -> [Size]? {
    var sizes: [Size] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let size = size(String(part)) else { return nil }
      sizes.append(size)
    }
    return sizes
  }

  /// `N,N,…`: whole numbers, no empty entries.
  public static func integers(_ text: String) -> [Int]? {
    var values: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let n = Int(part) else { return nil }
      values.append(n)
    }
    return values
  }

  /// `top,left,bottom,right`.
  public static func insets(_ text: String) -> EdgeInsets? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
    guard parts.count == 4, let t = parts[0], let l = parts[1], let b = parts[2], let r = parts[3] else { return nil }
    return EdgeInsets(top: t, left: l, bottom: b, right: r)
  }

  /// `I,F`: a whole number and a number.
  public static func indexAmount(_ text: String) -> (index: Int, amount: Double)? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let i = Int(parts[0]), let a = Double(parts[1]) else { return nil }
    return (i, a)
  }
}
