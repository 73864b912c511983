/// A Fenwick (binary indexed) tree over a sequence of extents (lengths along
/// the scroll axis): the running position of any element, a change of one
/// extent, and the element at a position, each in O(log n).
///
/// Self-sizing layouts keep one extent per line (or per slot that may start
/// a line), so a measured size that changes one line's height moves every
/// later line without touching them.
///
/// Extents are kept as given (`extent(at:)` returns them exactly); sums may
/// differ from a fresh left-to-right sum by rounding after many updates.
/// Bad input: a non-finite extent is stored as 0 (documented clamp); an
/// index out of range is ignored by `set` and clamped by the queries.
public struct ExtentTree: Hashable, Sendable {
  /// The extents as given.
  @usableFromInline var extents: [Double]
  /// Fenwick partial sums, 1-based: `tree[i]` is the sum of the `i & −i`
  /// extents ending at element `i − 1`.
  @usableFromInline var tree: [Double]
  /// The highest power of two not above `count` (0 when empty).
  @usableFromInline var topBit: Int

  /// A tree over `extents`.
  ///
  /// - Complexity: O(n).
  public init(_ extents: [Double]) {
    let clean = extents.map { $0.isFinite ? $0 : 0 }
    self.extents = clean
    var tree = [Double](repeating: 0, count: clean.count + 1)
    for i in 1...Swift.max(1, clean.count) where i <= clean.count {
      tree[i] += clean[i - 1]
      let parent = i + (i & -i)
      if parent <= clean.count { tree[parent] += tree[i] }
    }
    self.tree = tree
    var bit = 0
    if !clean.isEmpty {
      bit = 1
      while bit <= clean.count >> 1 { bit <<= 1 }
    }
    topBit = bit
  }

  /// A tree with no extents.
  public static let empty = ExtentTree([])

  /// The number of extents.
  @inlinable public var count: Int { extents.count }

  /// Extent `index`; 0 out of range.
  @inlinable public func extent(at index: Int) -> Double {
    index >= 0 && index < extents.count ? extents[index] : 0
  }

  /// Sets extent `index` to `value` (a non-finite value is stored as 0).
  ///
  /// - Complexity: O(log n); nothing when the extent does not change.
  @inlinable public mutating func set(_ index: Int, to value: Double) {
    guard index >= 0, index < extents.count else { return }
    let value = value.isFinite ? value : 0
    let delta = value - extents[index]
    guard delta != 0 else { return }
    extents[index] = value
    var i = index + 1
    while i < tree.count {
      tree[i] += delta
      i += i & -i
    }
  }

  /// The sum of the extents before `index` (the start of element `index`);
  /// `index` is clamped into `0...count`.
  ///
  /// - Complexity: O(log n).
  @inlinable public func start(of index: Int) -> Double {
    var i = Swift.min(Swift.max(0, index), extents.count)
    var sum = 0.0
    while i > 0 {
      sum += tree[i]
      i -= i & -i
    }
    return sum
  }

  /// The sum of all extents.
  ///
  /// - Complexity: O(log n).
  @inlinable public var total: Double { start(of: extents.count) }

  /// The largest prefix length `p` in `0...count` for which
  /// `isBefore(p, start(of: p))` holds, for a predicate that holds for
  /// every `p` up to some point and for none after it (monotone); `p = 0`
  /// is not asked. The prefix sums passed are added as the search goes
  /// (in another order than `start(of:)`, so they may differ from it by
  /// rounding). Extents may be negative, provided the predicate stays
  /// monotone: the sectioned layouts search positions kept as a prepared
  /// value plus a running change.
  ///
  /// - Complexity: O(log n) calls of `isBefore`.
  @inlinable public func lastPrefix(where isBefore: (Int, Double) -> Bool) -> Int {
    var index = 0
    var sum = 0.0
    var bit = topBit
    while bit > 0 {
      let next = index + bit
      if next < tree.count {
        let candidate = sum + tree[next]
        if isBefore(next, candidate) {
          index = next
          sum = candidate
        }
      }
      bit >>= 1
    }
    return index
  }

  /// Adds `delta` to extent `index` (a non-finite result is stored as 0).
  ///
  /// - Complexity: O(log n).
  @inlinable public mutating func add(_ delta: Double, at index: Int) {
    guard index >= 0, index < extents.count, delta != 0 else { return }
    set(index, to: extents[index] + delta)
  }

  /// The first element whose end (`start + extent`) is beyond `position`;
  /// `count` when none is. Extents are assumed not negative.
  ///
  /// - Complexity: O(log n).
  @inlinable public func firstEnding(after position: Double) -> Int {
    // Largest prefix length whose sum stays at or below `position`.
    var index = 0
    var remaining = position
    var bit = topBit
    while bit > 0 {
      let next = index + bit
      if next < tree.count, tree[next] <= remaining {
        index = next
        remaining -= tree[next]
      }
      bit >>= 1
    }
    return index
  }
}
