import CRasterShim

/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The number of pixels, `width × height`.
  public var area: Int { width * height }

  /// The size with width and height swapped.
  public var transposed: PixelSize { PixelSize(width: height, height: width) }

  public var description: String { "\(width)x\(height)" }
}

/// An 8-bit RGBA image with **premultiplied** alpha, rows top to bottom,
/// no padding: pixel `(x, y)` starts at byte `(y × width + x) × 4`.
///
/// Premultiplied alpha keeps bilinear filtering and source-over blending
/// free of colour fringes at transparent edges; PNG output converts back
/// to straight alpha.
public struct RGBAImage: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public var pixels: [UInt8]

  /// An image of `width × height` pixels filled with `fill` (premultiplied
  /// bytes). Negative sizes clamp to 0.
  public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
    self.width = Swift.max(0, width)
    self.height = Swift.max(0, height)
    let count = self.width * self.height * 4
    if fill == (0, 0, 0, 0) {
      pixels = [UInt8](repeating: 0, count: count)
    } else {
      // One pass: the pattern is written straight into the new storage.
      pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        sw_fill_pattern(buffer.baseAddress, count / 4, fill.0, fill.1, fill.2, fill.3)
        initialized = count
      }
    }
  }

  /// Wraps premultiplied RGBA bytes; `pixels.count` must be
  /// `width × height × 4`.
  public init(width: Int, height: Int, premultiplied pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixel count does not match size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Wraps straight-alpha RGBA bytes, premultiplying them.
  public init(width: Int, height: Int, straight pixels: [UInt8]) {
    var copy = pixels
    copy.withUnsafeMutableBufferPointer { p in
      var i = 0
      while i < p.count {
        let a = UInt32(p[i + 3])
        if a != 255 {
          p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
          p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
          p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
        }
        i += 4
      }
    }
    self.init(width: width, height: height, premultiplied: copy)
  }

  public var size: PixelSize { PixelSize(width: width, height: height) }

  /// Sets every pixel to `fill` (premultiplied bytes) in the existing
  /// storage: no allocation when the pixels are not shared.
  ///
  /// - Complexity: O(width × height).
  public mutating func fill(_ fill: (UInt8, UInt8, UInt8, UInt8)) {
    let count = pixels.count
    pixels.withUnsafeMutableBufferPointer { buffer in
      sw_fill_pattern(buffer.baseAddress, count / 4, fill.0, fill.1, fill.2, fill.3)
    }
  }

  /// The number of bytes the pixels take.
  public var byteCount: Int { pixels.count }

  /// The mean colour as `0xRRGGBB` (over at most 64 × 64 samples on a
  /// grid, premultiplied values: a transparent image averages to dark).
  ///
  /// - Complexity: O(1) (at most 4,096 samples).
  public var averageColor: UInt32 {
    guard width > 0, height > 0 else { return 0 }
    let sx = Swift.max(1, width / 64)
    let sy = Swift.max(1, height / 64)
    var sum = (0, 0, 0)
    var n = 0
    for y in stride(from: sy / 2, to: height, by: sy) {
      for x in stride(from: sx / 2, to: width, by: sx) {
        let i = (y * width + x) * 4
        sum.0 += Int(pixels[i])
        sum.1 += Int(pixels[i + 1])
        sum.2 += Int(pixels[i + 2])
        n += 1
      }
    }
    guard n > 0 else { return 0 }
    return UInt32(sum.0 / n) << 16 | UInt32(sum.1 / n) << 8 | UInt32(sum.2 / n)
  }

  /// The pixel at `(x, y)` as premultiplied bytes; the caller keeps the
  /// coordinates inside the image.
  public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }

  /// Whether every pixel is opaque.
  public var isOpaque: Bool {
    pixels.withUnsafeBufferPointer { p in
      var i = 3
      while i < p.count {
        if p[i] != 255 { return false }
        i += 4
      }
      return true
    }
  }

  /// The pixels with straight (not premultiplied) alpha.
  public var straightPixels: [UInt8] {
    var copy = pixels
    copy.withUnsafeMutableBufferPointer { p in
      var i = 0
      while i < p.count {
        let a = UInt32(p[i + 3])
        if a != 255 && a != 0 {
          p[i] = UInt8(Swift.min(255, (UInt32(p[i]) * 255 + a / 2) / a))
          p[i + 1] = UInt8(Swift.min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
          p[i + 2] = UInt8(Swift.min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
        }
        i += 4
      }
    }
    return copy
  }

  /// The image at half its size (rounded up), each pixel the mean of a
  /// 2×2 box: the box filter that builds mipmap levels. A 1-pixel edge
  /// repeats.
  ///
  /// - Complexity: O(width × height).
  public func halved() -> RGBAImage {
    let w = Swift.max(1, (width + 1) / 2)
    let h = Swift.max(1, (height + 1) / 2)
    guard width > 1 || height > 1 else { return self }
    var out = [UInt8](repeating: 0, count: w * h * 4)
    let sw = width
    let sh = height
    pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for y in 0..<h {
          let y0 = Swift.min(2 * y, sh - 1)
          let y1 = Swift.min(2 * y + 1, sh - 1)
          for x in 0..<w {
            let x0 = Swift.min(2 * x, sw - 1)
            let x1 = Swift.min(2 * x + 1, sw - 1)
            let a = (y0 * sw + x0) * 4
            let b = (y0 * sw + x1) * 4
            let c = (y1 * sw + x0) * 4
            let d = (y1 * sw + x1) * 4
            let o = (y * w + x) * 4
            for k in 0..<4 {
              let sum = UInt32(src[a + k]) + UInt32(src[b + k]) + UInt32(src[c + k]) + UInt32(src[d + k])
              dst[o + k] = UInt8((sum + 2) / 4)
            }
          }
        }
      }
    }
    return RGBAImage(width: w, height: h, premultiplied: out)
  }

  /// The image turned upright as EXIF `orientation` asks (1 leaves it as it
  /// is; 6 turns it a quarter clockwise; values outside 1...8 count as 1).
  ///
  /// - Complexity: O(width × height).
  public func oriented(_ orientation: Int) -> RGBAImage {
    guard (2...8).contains(orientation) else { return self }
    let w = width
    let h = height
    let swaps = orientation >= 5
    let ow = swaps ? h : w
    let oh = swaps ? w : h
    var out = [UInt8](repeating: 0, count: pixels.count)
    pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for y in 0..<oh {
          for x in 0..<ow {
            // The stored pixel that shows at (x, y) once upright.
            let sx: Int
            let sy: Int
            switch orientation {
            case 2: (sx, sy) = (w - 1 - x, y)
            case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
            case 4: (sx, sy) = (x, h - 1 - y)
            case 5: (sx, sy) = (y, x)
            case 6: (sx, sy) = (y, h - 1 - x)
            case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
            default: (sx, sy) = (w - 1 - y, x)
            }
            let s = (sy * w + sx) * 4
            let d = (y * ow + x) * 4
            dst[d] = src[s]
            dst[d + 1] = src[s + 1]
            dst[d + 2] = src[s + 2]
            dst[d + 3] = src[s + 3]
          }
        }
      }
    }
    return RGBAImage(width: ow, height: oh, premultiplied: out)
  }

  /// The pixels inside `x..<x+width`, `y..<y+height`, clamped to the image.
  public func cropped(x: Int, y: Int, width cw: Int, height ch: Int) -> RGBAImage {
    let x0 = Swift.max(0, Swift.min(x, width))
    let y0 = Swift.max(0, Swift.min(y, height))
    let x1 = Swift.max(x0, Swift.min(x + cw, width))
    let y1 = Swift.max(y0, Swift.min(y + ch, height))
    let w = x1 - x0
    var out = [UInt8]()
    out.reserveCapacity(w * (y1 - y0) * 4)
    for row in y0..<y1 {
      let start = (row * width + x0) * 4
      out.append(contentsOf: pixels[start..<(start + w * 4)])
    }
    return RGBAImage(width: w, height: y1 - y0, premultiplied: out)
  }
}
