/// The first index in `range` for which `isAfter` holds, or
/// `range.upperBound` when none does; `isAfter` must be monotonic over the
/// range (false, then true).
///
/// The engine's one binary search: the visible-range index
/// (`SortedExtentIndex`), the section search of `SectionExtents`, the cells
/// of a sticky section of varying heights and the section of a centred
/// strip's item all call it, each with its own sorted values.
///
/// ```swift
/// let tops: [Double] = [0, 10, 25, 40]
/// let firstAfter20 = partitionPoint(in: 0..<tops.count) { tops[$0] > 20 }  // 2
/// ```
///
/// - Complexity: O(log n) calls of `isAfter`; allocates nothing.
@inlinable public func partitionPoint(in range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
  var low = range.lowerBound
  var high = range.upperBound
  while low < high {
    // `low + (high − low) / 2` cannot overflow, whatever the range.
    let mid = low &+ (high &- low) >> 1
    if isAfter(mid) { high = mid } else { low = mid &+ 1 }
  }
  return low
}
