/// A visible-range index for elements of varying sizes along one axis.
///
/// Element `i` is described by a lower bound `keys[i]` of its start, with
/// keys sorted ascending, and its true end. The index keeps the running
/// maximum of the ends (`reach`), which is sorted too. The candidates that
/// may meet an interval `(lo, hi)` are then the elements from the first
/// whose reach passes `lo` up to the last whose key is before `hi`: two
/// binary searches. The caller filters candidates by their exact frames.
///
/// Keys need only be lower bounds: a flow layout passes each line's start
/// for every item in it, so items of different heights in one line still
/// give sorted keys.
///
/// Each search runs on two levels: first over every 64th value (a
/// summary small enough to stay in cache: 125 KB for a million elements),
/// then within one block of 64 contiguous values, so a query at a million
/// elements touches a few cache lines instead of twenty scattered ones.
///
/// - Complexity: building O(n); a query O(log n) plus the candidates.
/// - Memory: 16.25 bytes per element.
public struct SortedExtentIndex: Hashable, Sendable {
  @usableFromInline var keys: [Double]
  @usableFromInline var reach: [Double]
  /// `keys[i·blockSize]` and `reach[i·blockSize]`.
  @usableFromInline var keySummary: [Double]
  @usableFromInline var reachSummary: [Double]
  @usableFromInline static var blockSize: Int { 64 }

  /// An empty index to append to.
  public init() {
    keys = []
    reach = []
    keySummary = []
    reachSummary = []
  }

  /// Reserves room for `count` elements.
  public mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    reach.reserveCapacity(count)
    keySummary.reserveCapacity(count / Self.blockSize + 1)
    reachSummary.reserveCapacity(count / Self.blockSize + 1)
  }

  /// Adds the next element: `key` must not be lower than the previous key
  /// (a lower key is raised to it: documented clamp), `end` is where the
  /// element ends.
  public mutating func append(key: Double, end: Double) {
    let k = Swift.max(key, keys.last ?? -.infinity)
    let r = Swift.max(end, reach.last ?? -.infinity)
    if keys.count % Self.blockSize == 0 {
      keySummary.append(k)
      reachSummary.append(r)
    }
    keys.append(k)
    reach.append(r)
  }

  /// The number of elements.
  public var count: Int { keys.count }

  /// The elements that may meet `(lo, hi)`: every element that does is in
  /// the range; some in it may not (filter them by their frames).
  ///
  /// An empty interval (`lo == hi`) still meets the elements that strictly
  /// contain `lo`, as `Rect.intersects` decides for a rectangle of zero
  /// length; `lo > hi` (or NaN) meets nothing.
  ///
  /// - Complexity: O(log n).
  public func candidates(meeting lo: Double, _ hi: Double) -> Range<Int> {
    guard lo <= hi else { return 0..<0 }
    let first = partition(reach, reachSummary) { $0 > lo }
    let end = partition(keys, keySummary) { $0 >= hi }
    return first..<Swift.max(first, end)
  }

  /// The index of the first element of sorted `values` for which `isAfter`
  /// holds (`values.count` when none does), searching `summary` (every
  /// `blockSize`-th value) first, then one block.
  @inlinable func partition(_ values: [Double], _ summary: [Double], _ isAfter: (Double) -> Bool) -> Int {
    let block = partition(summary, in: 0..<summary.count, isAfter)
    if block == 0 { return 0 }
    let low = (block - 1) * Self.blockSize + 1
    let high = Swift.min(block * Self.blockSize, values.count)
    return partition(values, in: low..<high, isAfter)
  }

  /// The first index in `range` of sorted `values` for which `isAfter`
  /// holds (`range.upperBound` when none does).
  @inlinable func partition(_ values: [Double], in range: Range<Int>, _ isAfter: (Double) -> Bool) -> Int {
    partitionPoint(in: range) { isAfter(values[$0]) }
  }
}
