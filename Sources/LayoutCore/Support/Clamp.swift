/// `value` limited to `lower...upper`; NaN maps to `lower`.
///
/// When `upper < lower`, `lower` wins (documented clamp: an empty range
/// collapses to its lower bound rather than trapping).
@inlinable public func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
  guard value == value else { return lower }
  if value > upper { return Swift.max(lower, upper) }
  if value < lower { return lower }
  return value
}

/// `value` limited to `lower...upper` for integers; `lower` wins when the
/// range is empty.
@inlinable public func clamp(_ value: Int, _ lower: Int, _ upper: Int) -> Int {
  if value > upper { return Swift.max(lower, upper) }
  if value < lower { return lower }
  return value
}

extension Double {
  /// The value, or `fallback` when it is NaN or infinite.
  @inlinable public func finiteOr(_ fallback: Double) -> Double { isFinite ? self : fallback }
}

extension Point {
  /// The point with each non-finite coordinate replaced by zero.
  @inlinable public var sanitized: Point { Point(x: x.finiteOr(0), y: y.finiteOr(0)) }
}

/// Linear interpolation from `a` (at 0) to `b` (at 1).
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
