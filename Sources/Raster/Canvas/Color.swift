/// A colour with straight (not premultiplied) alpha, each channel 0...1 in
/// sRGB. Channels outside 0...1 or not finite clamp when drawn.
public struct Color: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from `0xRRGGBB`.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255,
      alpha: alpha)
  }

  /// A colour from hue, saturation and brightness, each 0...1.
  public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
    let h = (hue - hue.rounded(.down)) * 6
    let i = Int(h) % 6
    let f = h - h.rounded(.down)
    let v = brightness
    let p = v * (1 - saturation)
    let q = v * (1 - saturation * f)
    let t = v * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double)
    switch i {
    case 0: (r, g, b) = (v, t, p)
    case 1: (r, g, b) = (q, v, p)
    case 2: (r, g, b) = (p, v, t)
    case 3: (r, g, b) = (p, q, v)
    case 4: (r, g, b) = (t, p, v)
    default: (r, g, b) = (v, p, q)
    }
    self.init(red: r, green: g, blue: b, alpha: alpha)
  }

  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// The colour with its alpha multiplied by `factor`.
  public func withAlpha(_ factor: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha * factor)
  }

  /// The colour mixed with `other`: `t` = 0 is `self`, 1 is `other`.
  public func mixed(with other: Color, _ t: Double) -> Color {
    Color(
      red: red + (other.red - red) * t, green: green + (other.green - green) * t,
      blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
  }

  /// Premultiplied channels on the 0...255 scale, clamped.
  var premultiplied255: (Double, Double, Double, Double) {
    func c(_ v: Double) -> Double { v.isFinite ? Swift.min(1, Swift.max(0, v)) : 0 }
    let a = c(alpha)
    return (c(red) * a * 255, c(green) * a * 255, c(blue) * a * 255, a * 255)
  }

  /// `premultiplied255` rounded to bytes: what an opaque fill writes.
  var premultipliedBytes: (UInt8, UInt8, UInt8, UInt8) {
    let (r, g, b, a) = premultiplied255
    return (UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()), UInt8(a.rounded()))
  }
}
