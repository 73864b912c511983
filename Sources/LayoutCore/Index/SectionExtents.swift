/// Where one section's parts lie along a layout's scroll axis: an optional
/// header `[start, itemsStart)`, the items (with any section insets)
/// `[itemsStart, itemsEnd)`, an optional footer `[itemsEnd, end)`.
///
/// The section model shared by the flow and sticky-header layouts (and any
/// sectioned layout to come): the sections follow each other, so their
/// extents are sorted, and a pinned header or footer never leaves its
/// section's extent (`PinnedSupplementary`), so finding the sections that
/// meet a rectangle finds their pinned elements too.
public struct SectionExtent: Hashable, Sendable {
  /// Where the section (its header) starts.
  public var start: Double
  /// Where its header ends and its items' region (insets included) starts.
  public var itemsStart: Double
  /// Where its items' region ends and its footer starts.
  public var itemsEnd: Double
  /// Where the section (its footer) ends.
  public var end: Double

  /// A section's extents; the caller keeps them in order
  /// (`start ≤ itemsStart ≤ itemsEnd ≤ end`).
  @inlinable public init(start: Double, itemsStart: Double, itemsEnd: Double, end: Double) {
    self.start = start
    self.itemsStart = itemsStart
    self.itemsEnd = itemsEnd
    self.end = end
  }

  /// The header's length, `itemsStart − start`.
  @inlinable public var headerLength: Double { itemsStart - start }
  /// The footer's length, `end − itemsEnd`.
  @inlinable public var footerLength: Double { end - itemsEnd }

  /// Whether the parts are finite and in order.
  @inlinable public var isOrdered: Bool {
    start.isFinite && end.isFinite && start <= itemsStart && itemsStart <= itemsEnd && itemsEnd <= end
  }
}

/// The sections of a layout, in order along its scroll axis, with the
/// index that finds the sections meeting an interval, and the change that
/// moves every later section when one section's items grow or shrink.
///
/// ```swift
/// var sections = SectionExtents()
/// sections.append(SectionExtent(start: 0, itemsStart: 40, itemsEnd: 400, end: 440))
/// sections.append(SectionExtent(start: 440, itemsStart: 480, itemsEnd: 900, end: 940))
/// let met = sections.sections(meeting: 420, 500)  // 0..<2
/// sections.resizeItems(of: 0, by: 60)  // section 1 now starts at 500
/// ```
///
/// Each section is kept as appended (its extents as the layout's prepare
/// computed them) plus an `ExtentTree` of how much each section's items
/// have grown since: section `s` moves by the growth of the sections
/// before it, its items' end and its end by that and its own. So a fresh
/// layout reads exactly the values it appended, and a self-sizing cell
/// that changes its section's length moves every later section in
/// O(log s) without touching them.
///
/// - Complexity: building O(s) for s sections; `sections(meeting:_:)`,
///   the subscript and `resizeItems(of:by:)` O(log s), allocation-free (the
///   tree of changes is allocated, O(s), at the first change).
public struct SectionExtents: Hashable, Sendable {
  /// The sections' extents as appended.
  @usableFromInline var base: [SectionExtent]
  /// The running maxima of the appended starts and ends (what the search
  /// compares: the documented clamp for sections appended out of order).
  @usableFromInline var keys: [Double]
  @usableFromInline var reach: [Double]
  /// Per section, how much its items' length changed since it was
  /// appended; empty (no change anywhere) until the first change.
  @usableFromInline var changes: ExtentTree

  /// No sections.
  public init() {
    base = []
    keys = []
    reach = []
    changes = .empty
  }

  /// Reserves room for `count` sections.
  public mutating func reserveCapacity(_ count: Int) {
    base.reserveCapacity(count)
    keys.reserveCapacity(count)
    reach.reserveCapacity(count)
  }

  /// Adds the next section. A section starting before the previous one's
  /// start is searched as if it started there (documented clamp); layouts
  /// append them in order.
  ///
  /// - Complexity: O(1) amortized before any `resizeItems(of:by:)`, O(s)
  ///   after one.
  public mutating func append(_ extent: SectionExtent) {
    var extent = extent
    if changes.count > 0 {
      // Kept relative to the changes so far, which move it as a whole.
      let shift = changes.total
      extent.start -= shift
      extent.itemsStart -= shift
      extent.itemsEnd -= shift
      extent.end -= shift
      changes = ExtentTree(changes.extents + [0])
    }
    base.append(extent)
    keys.append(Swift.max(extent.start, keys.last ?? -.infinity))
    reach.append(Swift.max(extent.end, reach.last ?? -.infinity))
  }

  /// The number of sections.
  @inlinable public var count: Int { base.count }

  /// How far section `section` has moved since it was appended: the
  /// change in the items' length of every section before it (0 before any
  /// change).
  ///
  /// - Complexity: O(log s).
  @inlinable public func shift(of section: Int) -> Double {
    changes.start(of: section)
  }

  /// Section `section`'s extents; the caller keeps `section` in range.
  ///
  /// - Complexity: O(log s) after a change, O(1) before.
  @inlinable public subscript(section: Int) -> SectionExtent {
    var extent = base[section]
    guard changes.count > 0 else { return extent }
    let before = changes.start(of: section)
    let through = changes.start(of: section + 1)
    extent.start += before
    extent.itemsStart += before
    extent.itemsEnd += through
    extent.end += through
    return extent
  }

  /// Every section's extents, in order (for invariant checks and tests).
  ///
  /// - Complexity: O(s log s).
  public var extents: [SectionExtent] { (0..<count).map { self[$0] } }

  /// Where the last section ends (0 when there is none).
  ///
  /// - Complexity: O(log s).
  public var end: Double {
    guard let last = base.last else { return 0 }
    return last.end + changes.total
  }

  /// Moves the end of section `section`'s items (so its footer, its end
  /// and every later section) by `delta`: what a self-sizing cell that
  /// changes its section's length does. Out of range or a non-finite
  /// `delta` changes nothing.
  ///
  /// - Complexity: O(log s); O(s) at the first change (the tree of changes
  ///   is built then).
  public mutating func resizeItems(of section: Int, by delta: Double) {
    guard section >= 0, section < count, delta.isFinite, delta != 0 else { return }
    if changes.count == 0 { changes = ExtentTree([Double](repeating: 0, count: count)) }
    changes.add(delta, at: section)
  }

  /// The sections whose extent `[start, end)` may meet the open interval
  /// `(lo, hi)`; an empty interval meets the sections strictly containing
  /// `lo`. Filter what they hold by exact frames.
  ///
  /// Before any change, exactly those; after one, the interval is widened
  /// by a relative 1e-9 first, so that the rounding of the changes' sums
  /// never drops a section (a few more may come: filter by frames).
  ///
  /// - Complexity: O(log s).
  @inlinable public func sections(meeting lo: Double, _ hi: Double) -> Range<Int> {
    guard lo <= hi else { return 0..<0 }
    let first: Int
    let end: Int
    if changes.count == 0 {
      first = partitionPoint(in: 0..<count) { reach[$0] > lo }
      end = partitionPoint(in: 0..<count) { keys[$0] >= hi }
    } else {
      let margin = 1e-9 * Swift.max(1, Swift.abs(lo), Swift.abs(hi))
      let low = lo - margin
      let high = hi + margin
      // Sections before `p` end at or before `low`; the changes summed up
      // to `p` are the ones that move section p − 1's end.
      first = changes.lastPrefix { p, sum in reach[p - 1] + sum <= low }
      // Sections before `p` start before `high` (section p − 1 moves by
      // the changes before it: the sum less its own).
      end = changes.lastPrefix { p, sum in keys[p - 1] + (sum - changes.extents[p - 1]) < high }
    }
    return first..<Swift.max(first, end)
  }
}
