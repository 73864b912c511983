/// One of the two scrolling directions.
public enum Axis: String, Hashable, Sendable, CaseIterable {
  /// Scrolling along x (a strip or a horizontal flow).
  case horizontal
  /// Scrolling along y (a list or a vertical flow).
  case vertical

  /// The other axis.
  @inlinable public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}
