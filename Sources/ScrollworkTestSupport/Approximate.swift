import LayoutCore

/// Approximate comparisons for tests. Equality of floating-point results is
/// never tested with `==` unless bit-exactness is the point of the test.
public func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
  if a == b { return true }
  return abs(a - b) <= tolerance * Swift.max(1, abs(a), abs(b))
}

public func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
  isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

public func isClose(_ a: Size, _ b: Size, tolerance: Double = 1e-9) -> Bool {
  isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

public func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
  isClose(a.origin, b.origin, tolerance: tolerance) && isClose(a.size, b.size, tolerance: tolerance)
}

/// The attributes of a brute-force filter over `all`: what a visible-rect
/// index must return, sorted by identity.
public func bruteForce(_ all: [LayoutAttributes], in rect: Rect) -> [LayoutAttributes] {
  all.filter { $0.frame.intersects(rect) }.sorted { $0.id < $1.id }
}

extension Array where Element == LayoutAttributes {
  /// Sorted by identity, for comparing result sets.
  public var sortedByID: [LayoutAttributes] { sorted { $0.id < $1.id } }
}
