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
/// index that finds the sections meeting an interval.
///
/// ```swift
/// var sections = SectionExtents()
/// sections.append(SectionExtent(start: 0, itemsStart: 40, itemsEnd: 400, end: 440))
/// sections.append(SectionExtent(start: 440, itemsStart: 480, itemsEnd: 900, end: 940))
/// let met = sections.sections(meeting: 420, 500)  // 0..<2
/// ```
///
/// - Complexity: building O(s) for s sections; `sections(meeting:_:)`
///   O(log s) (one `SortedExtentIndex` search), allocation-free.
public struct SectionExtents: Hashable, Sendable {
  /// The sections' extents, by section.
  public private(set) var extents: [SectionExtent]
  @usableFromInline var index: SortedExtentIndex

  /// No sections.
  public init() {
    extents = []
    index = SortedExtentIndex()
  }

  /// Reserves room for `count` sections.
  public mutating func reserveCapacity(_ count: Int) {
    extents.reserveCapacity(count)
    index.reserveCapacity(count)
  }

  /// Adds the next section. A section starting before the previous one's
  /// start is searched as if it started there (`SortedExtentIndex`'s
  /// documented clamp); layouts append them in order.
  public mutating func append(_ extent: SectionExtent) {
    extents.append(extent)
    index.append(key: extent.start, end: extent.end)
  }

  /// The number of sections.
  @inlinable public var count: Int { extents.count }

  /// Section `section`'s extents; the caller keeps `section` in range.
  @inlinable public subscript(section: Int) -> SectionExtent { extents[section] }

  /// Where the last section ends (0 when there is none).
  public var end: Double { extents.last?.end ?? 0 }

  /// The sections whose extent `[start, end)` may meet the open interval
  /// `(lo, hi)`; an empty interval meets the sections strictly containing
  /// `lo`. Filter what they hold by exact frames.
  ///
  /// - Complexity: O(log s).
  @inlinable public func sections(meeting lo: Double, _ hi: Double) -> Range<Int> {
    index.candidates(meeting: lo, hi)
  }
}
