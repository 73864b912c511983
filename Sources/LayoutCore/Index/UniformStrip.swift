/// Evenly spaced slots along one axis: slot `i` spans
/// `[leading + i·pitch, leading + i·pitch + extent)`.
///
/// The geometry of every uniform strip (a pager's pages, a folded
/// filmstrip, a uniform grid's lines) and its visible-range index in one:
/// the slots that meet an interval are found by arithmetic in O(1), then
/// corrected by at most a step or two against the exact edges, so the
/// answer equals a brute-force filter even at rounding boundaries.
public struct UniformStrip: Hashable, Sendable {
  /// The start of slot 0.
  public var leading: Double
  /// The length of one slot.
  public var extent: Double
  /// The distance from one slot's start to the next's (extent + spacing).
  public var pitch: Double
  /// The number of slots.
  public var count: Int

  /// A strip; negative or non-finite extents and pitches clamp to 0, a
  /// negative count to 0.
  public init(leading: Double = 0, extent: Double, pitch: Double, count: Int) {
    self.leading = leading.finiteOr(0)
    self.extent = Swift.max(0, extent.finiteOr(0))
    self.pitch = Swift.max(0, pitch.finiteOr(0))
    self.count = Swift.max(0, count)
  }

  /// The start of slot `i`.
  @inlinable public func start(_ i: Int) -> Double { leading + Double(i) * pitch }
  /// The end of slot `i`.
  @inlinable public func end(_ i: Int) -> Double { start(i) + extent }
  /// The centre of slot `i`.
  @inlinable public func center(_ i: Int) -> Double { start(i) + extent / 2 }
  /// The total length from the start of slot 0 to the end of the last slot.
  public var length: Double { count == 0 ? 0 : Double(count - 1) * pitch + extent }

  @inlinable func meets(_ i: Int, _ lo: Double, _ hi: Double) -> Bool {
    start(i) < hi && lo < end(i)
  }

  /// The slots whose open span meets the open interval `(lo, hi)`, the same
  /// test `Rect.intersects` makes along one axis. An empty interval
  /// (`lo == hi`) meets the slots that strictly contain `lo`, as that test
  /// decides for a rectangle of zero length.
  ///
  /// - Complexity: O(1).
  public func slots(meeting lo: Double, _ hi: Double) -> Range<Int> {
    guard count > 0, lo <= hi else { return 0..<0 }
    guard pitch > 0 else {
      // Every slot sits at the same place.
      return meets(0, lo, hi) ? 0..<count : 0..<0
    }
    // First guess by arithmetic, then settle on the exact edges.
    var first = clampedIndex((lo - leading - extent) / pitch)
    while first > 0 && lo < end(first - 1) { first -= 1 }
    while first < count && !(lo < end(first)) { first += 1 }
    var last = clampedIndex((hi - leading) / pitch)
    while last < count && start(last) < hi { last += 1 }
    while last > first && !(start(last - 1) < hi) { last -= 1 }
    return first..<Swift.max(first, last)
  }

  /// The slot whose centre is nearest `position` (ties go to the lower
  /// index), or `nil` for an empty strip.
  public func nearestSlot(to position: Double) -> Int? {
    guard count > 0 else { return nil }
    guard pitch > 0 else { return 0 }
    let nearest = ((position - leading - extent / 2) / pitch).rounded(.toNearestOrEven)
    return Swift.min(count - 1, clampedIndex(nearest))
  }

  @inlinable func clampedIndex(_ value: Double) -> Int {
    guard value.isFinite else { return value > 0 ? count : 0 }
    let down = value.rounded(.down)
    if down <= 0 { return 0 }
    if down >= Double(count) { return count }
    return Int(down)
  }
}
