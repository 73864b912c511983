/// Distances inward from the four edges of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  @inlinable public static var zero: EdgeInsets { EdgeInsets() }

  /// Whether every inset is finite.
  @inlinable public var isFinite: Bool {
    top.isFinite && left.isFinite && bottom.isFinite && right.isFinite
  }

  /// The inset before the content along `axis` (left or top).
  @inlinable public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }
  /// The inset after the content along `axis` (right or bottom).
  @inlinable public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
  /// The sum of both insets along `axis`.
  @inlinable public func total(_ axis: Axis) -> Double { leading(axis) + trailing(axis) }
}
