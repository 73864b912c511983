/// A location in a two-dimensional coordinate space, in points.
///
/// Scrollwork follows UIKit's convention: the origin is at the top left and
/// `y` grows downwards.
public struct Point: Hashable, Sendable {
  /// Field by field, as the synthesised `==` would; written out so that it
  /// inlines across modules (per element of every frame).
  @inlinable public static func == (lhs: Point, rhs: Point) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }

  public var x: Double
  public var y: Double

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point at the origin.
  @inlinable public static var zero: Point { Point(x: 0, y: 0) }

  /// Whether both coordinates are finite (neither NaN nor infinite).
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The coordinate along `axis`.
  @inlinable public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? x : y }
    set {
      if axis == .horizontal { x = newValue } else { y = newValue }
    }
  }

  /// A point with `main` along `axis` and `cross` along the other axis.
  @inlinable public init(axis: Axis, main: Double, cross: Double) {
    if axis == .horizontal { self.init(x: main, y: cross) } else { self.init(x: cross, y: main) }
  }

  @inlinable public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  @inlinable public static func - (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }
}
