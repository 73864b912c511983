/// A width and a height, in points.
public struct Size: Hashable, Sendable {
  /// Field by field, as the synthesised `==` would; written out so that it
  /// inlines across modules (per element of every frame).
  @inlinable public static func == (lhs: Size, rhs: Size) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height
  }

  public var width: Double
  public var height: Double

  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size with zero width and height.
  @inlinable public static var zero: Size { Size(width: 0, height: 0) }

  /// Whether both dimensions are finite.
  @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }

  /// Whether both dimensions are finite and not negative.
  @inlinable public var isValid: Bool { isFinite && width >= 0 && height >= 0 }

  /// Whether both dimensions are finite and strictly positive.
  @inlinable public var isPositive: Bool { isFinite && width > 0 && height > 0 }

  /// The dimension along `axis`.
  @inlinable public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? width : height }
    set {
      if axis == .horizontal { width = newValue } else { height = newValue }
    }
  }

  /// A size with `main` along `axis` and `cross` along the other axis.
  @inlinable public init(axis: Axis, main: Double, cross: Double) {
    if axis == .horizontal {
      self.init(width: main, height: cross)
    } else {
      self.init(width: cross, height: main)
    }
  }

  /// The largest size with this size's aspect ratio that fits in `bounds`
  /// (UIKit's `.scaleAspectFit`).
  ///
  /// A size with a zero or non-finite dimension has no aspect ratio; it is
  /// treated as square (documented clamp).
  public func aspectFit(in bounds: Size) -> Size {
    scaled(by: Swift.min(bounds.width / usableWidth, bounds.height / usableHeight))
  }

  /// The smallest size with this size's aspect ratio that covers `bounds`
  /// (UIKit's `.scaleAspectFill`). Non-positive sizes are treated as square.
  @inlinable @inline(__always) public func aspectFill(_ bounds: Size) -> Size {
    scaled(by: Swift.max(bounds.width / usableWidth, bounds.height / usableHeight))
  }

  /// The sides the aspect fits and fills scale: this size's when it
  /// `isPositive`, else a unit square's. Written as `0 < x < ∞` (false for
  /// NaN): two comparisons per side, in every transition frame's photos.
  @inlinable @inline(__always) var isUsableForAspect: Bool {
    width > 0 && width < .infinity && height > 0 && height < .infinity
  }
  @inlinable @inline(__always) var usableWidth: Double { isUsableForAspect ? width : 1 }
  @inlinable @inline(__always) var usableHeight: Double { isUsableForAspect ? height : 1 }

  /// The usable sides times `scale`; zero unless `0 < scale < ∞`.
  @inlinable @inline(__always) func scaled(by scale: Double) -> Size {
    guard scale > 0, scale < .infinity else { return .zero }
    return Size(width: usableWidth * scale, height: usableHeight * scale)
  }
}
