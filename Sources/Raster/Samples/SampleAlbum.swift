import LayoutCore

/// One photo of the built-in sample album: everything needed to draw it.
public struct SamplePhoto: Hashable, Sendable {
  /// The photo's number, from 0; drawn large as `index + 1`.
  public var index: Int
  /// The nominal size in pixels.
  public var size: PixelSize
  /// The aspect ratio as people say it ("4:3", "3:1").
  public var aspectName: String
  /// The sky's hue, 0...1.
  public var hue: Double
}

/// The built-in sample album: a deterministic set of pictures with mixed
/// aspect ratios (4:3, 3:4, 16:9, 9:16, 1:1, 3:1 panoramas) that read as
/// photos — a sky gradient, a sun, mountains, a striped ground, frame
/// marks and a large index number — so cropping, parallax and folding are
/// easy to see.
public enum SampleAlbum {
  /// The aspect ratios, cycled in this order.
  public static let aspects: [(name: String, size: PixelSize)] = [
    ("4:3", PixelSize(width: 1200, height: 900)),
    ("3:4", PixelSize(width: 900, height: 1200)),
    ("16:9", PixelSize(width: 1280, height: 720)),
    ("1:1", PixelSize(width: 1000, height: 1000)),
    ("9:16", PixelSize(width: 720, height: 1280)),
    ("3:1", PixelSize(width: 1800, height: 600)),
  ]

  /// The first `count` sample photos (24 by default). Negative counts give
  /// none.
  public static func photos(count: Int = 24) -> [Photo] {
    (0..<Swift.max(0, count)).map { i in
      // Shifted by one every round, so neighbours never share an aspect.
      let aspect = aspects[(i + i / aspects.count) % aspects.count]
      // Golden-ratio hue steps: neighbours always differ.
      let hue = (Double(i) * 0.618_033_988_75 + 0.55).truncatingRemainder(dividingBy: 1)
      let sample = SamplePhoto(index: i, size: aspect.size, aspectName: aspect.name, hue: hue)
      return Photo(name: "sample-\(i + 1)", size: aspect.size, source: .sample(sample))
    }
  }
}

/// Draws sample photos at any resolution. Same photo and size, same bits.
///
/// Not thread-safe (it owns a `Font`).
public final class SampleRenderer {
  let font: Font?

  /// - Parameter font: draws the index numbers; `nil` leaves them out.
  public init(font: Font?) { self.font = font }

  /// `sample` drawn at `size` pixels (each side at least 1).
  ///
  /// - Complexity: O(size.area).
  public func render(_ sample: SamplePhoto, size: PixelSize) -> RGBAImage {
    let size = PixelSize(width: Swift.max(1, size.width), height: Swift.max(1, size.height))
    let w = Double(sample.size.width)
    let h = Double(sample.size.height)
    let scale = Double(size.width) / w
    var canvas = Canvas(pixelSize: size, scale: scale, background: .black)
    let horizon = 0.62 * h
    let short = Swift.min(w, h)
    let sky = Color(hue: sample.hue, saturation: 0.55, brightness: 0.95)
    let haze = Color(hue: sample.hue + 0.08, saturation: 0.25, brightness: 1)
    let ground = Color(hue: sample.hue + 0.33, saturation: 0.5, brightness: 0.45)

    // Sky: a vertical gradient, written row by row.
    canvas.withPixels { image in
      let rows = Int((horizon * scale).rounded(.up))
      image.pixels.withUnsafeMutableBufferPointer { p in
        for y in 0..<Swift.min(rows, image.height) {
          let c = sky.mixed(with: haze, Double(y) / Double(Swift.max(1, rows))).premultiplied255
          for x in 0..<image.width {
            let o = (y * image.width + x) * 4
            p[o] = UInt8(c.0.rounded())
            p[o + 1] = UInt8(c.1.rounded())
            p[o + 2] = UInt8(c.2.rounded())
            p[o + 3] = 255
          }
        }
      }
    }
    // Sun.
    let sunRadius = 0.11 * short
    let sunCenter = Point(x: w * (0.2 + 0.6 * fraction(sample.index, 0.37)), y: horizon * 0.42)
    canvas.fill(
      Rect(center: sunCenter, size: Size(width: 2 * sunRadius, height: 2 * sunRadius)),
      Color(hue: 0.12, saturation: 0.7, brightness: 1), cornerRadius: sunRadius)
    // Mountains: squares turned 45°, peaks above the horizon.
    let diagonal = 0.5.squareRoot()
    for m in 0..<3 {
      let side = short * (0.55 - 0.1 * Double(m))
      let cx = w * (0.15 + 0.35 * Double(m) + 0.1 * fraction(sample.index + m, 0.71))
      let turn = AffineTransform(translationX: -side / 2, y: -side / 2)
        .concatenating(AffineTransform(rotationCos: diagonal, sin: diagonal))
        .concatenating(AffineTransform(translationX: cx, y: horizon))
      let shade = Color(hue: sample.hue + 0.5, saturation: 0.35, brightness: 0.35 + 0.12 * Double(m))
      canvas.drawQuad(size: Size(width: side, height: side), transform: turn, paint: .color(shade))
    }
    // Ground with vertical stripes, so horizontal motion and crops show.
    canvas.fill(Rect(x: 0, y: horizon, width: w, height: h - horizon), ground)
    let stripe = w / 16
    for s in stride(from: 0, to: 16, by: 2) {
      canvas.fill(
        Rect(x: Double(s) * stripe, y: horizon, width: stripe, height: h - horizon), Color.black.withAlpha(0.12))
    }
    // Frame marks: an inset outline and corner squares.
    let inset = 0.035 * short
    canvas.stroke(
      Rect(x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset), Color.white.withAlpha(0.7),
      width: Swift.max(2, 0.008 * short))
    let corner = 0.06 * short
    for (x, y) in [
      (inset, inset), (w - inset - corner, inset), (inset, h - inset - corner),
      (w - inset - corner, h - inset - corner),
    ] {
      canvas.fill(Rect(x: x, y: y, width: corner, height: corner), Color.white.withAlpha(0.85))
    }
    // The number, with a soft shadow, and the aspect ratio.
    if let font {
      let numberSize = 0.42 * short
      let center = Point(x: w / 2, y: h / 2)
      let text = String(sample.index + 1)
      canvas.draw(
        text, font: font, size: numberSize, centeredAt: Point(x: center.x + 0.02 * short, y: center.y + 0.02 * short),
        color: Color.black.withAlpha(0.35))
      canvas.draw(text, font: font, size: numberSize, centeredAt: center, color: .white)
      canvas.draw(
        sample.aspectName, font: font, size: 0.08 * short, at: Point(x: inset * 2 + corner, y: h - inset * 2),
        color: Color.white.withAlpha(0.9))
    }
    return canvas.image
  }

  /// A deterministic fraction in 0..<1 from an index.
  private func fraction(_ index: Int, _ step: Double) -> Double {
    (Double(index) * step + 0.13).truncatingRemainder(dividingBy: 1)
  }
}
