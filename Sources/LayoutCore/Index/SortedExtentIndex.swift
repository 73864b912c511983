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
/// - Complexity: building O(n); a query O(log n) plus the candidates.
/// - Memory: 16 bytes per element.
public struct SortedExtentIndex: Hashable, Sendable {
  @usableFromInline var keys: [Double]
  @usableFromInline var reach: [Double]

  /// An empty index to append to.
  public init() {
    keys = []
    reach = []
  }

  /// Reserves room for `count` elements.
  public mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    reach.reserveCapacity(count)
  }

  /// Adds the next element: `key` must not be lower than the previous key
  /// (a lower key is raised to it: documented clamp), `end` is where the
  /// element ends.
  public mutating func append(key: Double, end: Double) {
    let k = Swift.max(key, keys.last ?? -.infinity)
    keys.append(k)
    reach.append(Swift.max(end, reach.last ?? -.infinity))
  }

  /// The number of elements.
  public var count: Int { keys.count }

  /// The elements that may meet `(lo, hi)`: every element that does is in
  /// the range; some in it may not (filter them by their frames).
  ///
  /// - Complexity: O(log n).
  public func candidates(meeting lo: Double, _ hi: Double) -> Range<Int> {
    guard lo < hi else { return 0..<0 }
    let first = partition(reach) { $0 > lo }
    let end = partition(keys) { $0 >= hi }
    return first..<Swift.max(first, end)
  }

  /// The index of the first element of sorted `values` for which `isAfter`
  /// holds (`values.count` when none does).
  @inlinable func partition(_ values: [Double], _ isAfter: (Double) -> Bool) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) >> 1
      if isAfter(values[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
