/// An axis-aligned rectangle: an origin (top-left corner) and a size.
///
/// Edges are half-open for intersection tests: two rectangles that only
/// share an edge do not intersect, as with `CGRect.intersects`.
public struct Rect: Hashable, Sendable {
  /// Field by field, as the synthesised `==` would; written out so that it
  /// inlines across modules (per element of every frame).
  @inlinable public static func == (lhs: Rect, rhs: Rect) -> Bool {
    lhs.origin == rhs.origin && lhs.size == rhs.size
  }

  public var origin: Point
  public var size: Size

  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// A rectangle of `size` centred on `center`.
  @inlinable public init(center: Point, size: Size) {
    self.init(
      x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
      height: size.height)
  }

  @inlinable public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

  @inlinable public var minX: Double { origin.x }
  @inlinable public var minY: Double { origin.y }
  @inlinable public var maxX: Double { origin.x + size.width }
  @inlinable public var maxY: Double { origin.y + size.height }
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  @inlinable public var width: Double { size.width }
  @inlinable public var height: Double { size.height }
  @inlinable public var center: Point { Point(x: midX, y: midY) }

  /// Whether every coordinate is finite.
  @inlinable public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// The lowest coordinate along `axis`.
  @inlinable public func min(_ axis: Axis) -> Double { axis == .horizontal ? minX : minY }
  /// The highest coordinate along `axis`.
  @inlinable public func max(_ axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }

  /// Whether the two rectangles overlap in an area, or, for a rectangle of
  /// zero extent, whether it lies inside the other's open interior or on its
  /// leading edges.
  ///
  /// Matches `CGRect.intersects` for rectangles with positive size. A
  /// rectangle with a negative (or NaN) width or height is empty: it meets
  /// nothing (documented clamp; layouts' queries agree, so a query with
  /// such a rectangle returns nothing).
  @inlinable @inline(__always) public func intersects(_ other: Rect) -> Bool {
    size.width >= 0 && size.height >= 0 && other.size.width >= 0 && other.size.height >= 0
      && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// `intersects(_:)` for two rectangles whose sizes are known not to be
  /// negative or NaN (a layout's frames, a rectangle checked once before a
  /// loop): the four edge comparisons without the size checks, so the
  /// same answer for such rectangles in a hot loop. Bad input is the
  /// caller's to keep out: a negative size may answer `true` where
  /// `intersects` says `false`; a NaN coordinate or size answers `false`.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always) public func overlaps(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// Whether `point` lies inside the rectangle (leading edges included).
  @inlinable public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies inside this rectangle, edges included; `false`
  /// when either has a negative or NaN width or height.
  @inlinable public func contains(_ other: Rect) -> Bool {
    size.width >= 0 && size.height >= 0 && other.size.width >= 0 && other.size.height >= 0
      && other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The rectangle moved by `dx`, `dy`.
  @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// The rectangle shrunk by `insets` (grown for negative insets).
  @inlinable public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
  }

  /// The smallest rectangle that contains both.
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

extension Rect {
  /// A rectangle given along a scroll `axis`: `main` runs along it, `cross`
  /// across it.
  @inlinable public init(
    axis: Axis, mainMin: Double, crossMin: Double, mainLength: Double, crossLength: Double
  ) {
    if axis == .horizontal {
      self.init(x: mainMin, y: crossMin, width: mainLength, height: crossLength)
    } else {
      self.init(x: crossMin, y: mainMin, width: crossLength, height: mainLength)
    }
  }
}
