/// Flags, per entry of `sequence`, the entries of one longest strictly
/// increasing run of its non-negative values (negative entries are never
/// flagged). Given each kept item's old position in new order, the flagged
/// items are those that need not move: every other kept item is one move,
/// so a change has the fewest moves (`IdentifiedItems.update`, and the
/// UIKit stand-in's diffable data source).
///
/// ```swift
/// longestIncreasingRun([2, 0, -1, 1, 3])  // [false, true, false, true, true]
/// ```
///
/// - Complexity: O(k log k) for k non-negative entries (patience sorting),
///   O(n) memory.
public func longestIncreasingRun(_ sequence: [Int]) -> [Bool] {
  // tails[l]: the index in `sequence` of the smallest tail of a run of
  // length l + 1; previous[i]: the entry before i in its best run.
  var tails: [Int] = []
  var previous = [Int](repeating: -1, count: sequence.count)
  for (i, value) in sequence.enumerated() where value >= 0 {
    var low = 0
    var high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if sequence[tails[mid]] < value { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[i] = tails[low - 1] }
    if low == tails.count { tails.append(i) } else { tails[low] = i }
  }
  var flags = [Bool](repeating: false, count: sequence.count)
  var i = tails.last ?? -1
  while i >= 0 {
    flags[i] = true
    i = previous[i]
  }
  return flags
}
