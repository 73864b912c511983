/// A waterfall's geometry: per section, its vertical extents and, per
/// column, the tops and bottoms of the column's items (sorted, since a
/// column's items are stacked) with an index for visible-rect queries.
///
/// Items' vertical positions are stored relative to their section's items
/// area, so a measured-size update of one section moves the sections after
/// it in O(sections).
public struct PreparedWaterfallLayout: PreparedLayout {
  /// The configuration the geometry was prepared from.
  public let layout: WaterfallLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport
  /// The items' intrinsic sizes, including measured sizes given since
  /// (`setMeasuredSize(_:for:keepingLinesFrom:)`): the caller's value,
  /// shared (not copied), kept so that an update can re-place the items
  /// after a changed one.
  public private(set) var items: LayoutItems
  @usableFromInline var sections: [WaterfallSection]
  /// The height of the content: the bottom of the last section.
  public private(set) var contentHeight: Double
  /// Whether the items' sizes are estimates until measured
  /// (`WaterfallLayout.prepare(estimated:viewport:)`).
  public internal(set) var isEstimated = false
  /// The items given their real size since an estimated prepare.
  @usableFromInline var measuredItems: Set<ElementID> = []

  /// Supplementary z-index: above cells.
  public static let supplementaryZIndex = 1

  init(layout: WaterfallLayout, items: LayoutItems, viewport: Viewport) throws(LayoutError) {
    self.layout = layout
    self.viewport = viewport
    self.items = items
    var sections: [WaterfallSection] = []
    sections.reserveCapacity(items.sections.count)
    var cursor = 0.0
    for (s, sizes) in items.sections.enumerated() {
      var section = WaterfallSection(layout: layout, section: s, width: viewport.size.width, count: sizes.count)
      // A dry run first, so each column's arrays are allocated once at their final size.
      section.reserve(try section.columnCounts(sizes, section: s, spacing: layout.itemSpacing))
      try section.place(sizes, from: 0, section: s, spacing: layout.itemSpacing)
      section.move(to: cursor, layout: layout)
      cursor = section.bottom
      sections.append(section)
    }
    self.sections = sections
    contentHeight = cursor
    #if DEBUG
      checkInvariants()
    #endif
  }

  public var numberOfSections: Int { sections.count }

  public func numberOfItems(inSection section: Int) -> Int {
    guard section >= 0, section < sections.count else { return 0 }
    return sections[section].itemColumn.count
  }

  /// The viewport's width by the bottom of the last section.
  public func contentSize(at state: ScrollState) -> Size {
    Size(width: viewport.size.width, height: contentHeight)
  }

  /// The attributes of the item at `position` of `lane`, column `c` of
  /// `section` (number `s`). The query and `attributes(for:at:)` both build
  /// cells here, so they report the same bits.
  @inlinable func cell(
    _ section: WaterfallSection, _ s: Int, lane: WaterfallSection.Lane, column c: Int, position p: Int
  ) -> LayoutAttributes {
    let top = lane.extents.keys[p]
    let bottom = lane.extents.reach[p]
    let frame = Rect(
      x: section.columnX(c, layout: layout), y: section.itemsTop + top, width: section.columnWidth,
      height: bottom - top)
    return LayoutAttributes(id: .cell(Int(lane.items[p]), section: s), frame: frame)
  }

  /// The header or footer of `section`; `nil` when its height is 0.
  func supplementary(_ kind: ElementKind, section s: Int) -> LayoutAttributes? {
    let section = sections[s]
    let top: Double
    let height: Double
    if kind == .header {
      (top, height) = (section.top, layout.headerHeight)
    } else {
      (top, height) = (section.itemsTop + section.itemsLength + layout.sectionInset.bottom, layout.footerHeight)
    }
    guard height > 0 else { return nil }
    return LayoutAttributes(
      id: ElementID(kind: kind, section: s, item: 0),
      frame: Rect(x: 0, y: top, width: viewport.size.width, height: height), zIndex: Self.supplementaryZIndex)
  }

  /// Finds the sections that meet `rect` by binary search, then in each
  /// column whose x-range meets it, the first item whose bottom passes the
  /// rectangle's top by binary search over the column's bottoms (sorted:
  /// the items of a column are stacked), and walks down the column while
  /// items start above the rectangle's bottom. The search bounds carry a
  /// small margin against rounding (a reported frame is centre and size, so
  /// its edges may differ from the stored ones in the last bits); every
  /// element found is tested against `rect` with its reported frame, so the
  /// answer is exact.
  ///
  /// - Complexity: O(log s + c·log n + k) for s sections, c columns in the
  ///   sections met and k elements found.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    let lo = rect.minY
    let hi = rect.maxY
    // Nothing meets a rectangle at ±infinity or with a NaN edge.
    guard lo <= hi, lo < .infinity, hi > -.infinity, rect.minX <= rect.maxX else { return }
    let xMargin = 1e-9 * (1 + abs(rect.minX) + abs(rect.maxX))
    var s = partitionPoint(in: 0..<sections.count) { sections[$0].bottom > lo }
    while s < sections.count, sections[s].top <= hi {
      defer { s += 1 }
      if let a = supplementary(.header, section: s), a.frame.intersects(rect) { result.append(a) }
      if let a = supplementary(.footer, section: s), a.frame.intersects(rect) { result.append(a) }
      let section = sections[s]
      let top = section.itemsTop
      let loBound = (lo - top) - 1e-9 * (1 + abs(top) + abs(lo))
      let hiBound = (hi - top) + 1e-9 * (1 + abs(top) + abs(hi))
      for c in section.lanes.indices {
        let x = section.columnX(c, layout: layout)
        guard x < rect.maxX + xMargin, rect.minX - xMargin < x + section.columnWidth else { continue }
        let lane = section.lanes[c]
        let extents = lane.extents
        var p = extents.partition(extents.reach, extents.reachSummary) { $0 > loBound }
        while p < extents.count, extents.keys[p] < hiBound {
          let a = cell(section, s, lane: lane, column: c, position: p)
          if a.frame.intersects(rect) { result.append(a) }
          p += 1
        }
      }
    }
  }

  /// The attributes of a cell, header or footer; `nil` for identities the
  /// layout does not have (and for headers and footers of height 0).
  ///
  /// - Complexity: O(1).
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.section >= 0, id.section < sections.count else { return nil }
    let section = sections[id.section]
    switch id.kind {
    case .cell:
      guard id.item >= 0, id.item < section.itemColumn.count else { return nil }
      let c = Int(section.itemColumn[id.item])
      return cell(section, id.section, lane: section.lanes[c], column: c, position: Int(section.itemPosition[id.item]))
    case .header, .footer:
      guard id.item == 0 else { return nil }
      return supplementary(id.kind, section: id.section)
    default:
      return nil
    }
  }

  /// The geometry with measured sizes for some items of `section`: the
  /// section is re-placed from its first changed item on (the shortest-
  /// column rule makes every later item depend on it) and the sections
  /// after it move. Without `keepingFrom`, the result equals a fresh
  /// `prepare` with the new sizes. With `keepingFrom` (an item after every
  /// changed one), only the items before it are re-placed; it and the
  /// items after it keep their columns and their offsets from one another,
  /// moved together by the least amount that keeps every column's items
  /// `itemSpacing` apart. The one public way in is
  /// `setMeasuredSize(_:for:keepingLinesFrom:)`.
  ///
  /// - Complexity: O((n − i)·c) for the section's n items, first changed
  ///   item i and c columns, plus O(n) to copy the section's sizes and
  ///   columns, plus O(sections).
  /// - Throws: `LayoutError.invalidConfiguration` for a section or item
  ///   that does not exist; `invalidItemSize` for a negative or non-finite
  ///   size or one whose height would pass `maximumItemHeight` (the
  ///   geometry is then unchanged: this value is not modified).
  func updating(
    sizes updates: [(item: Int, size: Size)], inSection s: Int = 0, keepingFrom keep: Int? = nil
  ) throws(LayoutError)
    -> PreparedWaterfallLayout
  {
    guard s >= 0, s < sections.count else {
      throw .invalidConfiguration("waterfall has no section \(s) (it has \(sections.count))")
    }
    guard !updates.isEmpty else { return self }
    let old = items.sections[s]
    let n = old.count
    var sizes: [Size]
    switch old {
    case .each(let each): sizes = each
    case .uniform(let size, _): sizes = Array(repeating: size, count: n)
    }
    var earliest = n
    var latest = -1
    for (item, size) in updates {
      guard item >= 0, item < n else {
        throw .invalidConfiguration("section \(s) has no item \(item) (it has \(n))")
      }
      guard LayoutItems.isAcceptable(size) else { throw .invalidItemSize(section: s, item: item, size) }
      sizes[item] = size
      earliest = Swift.min(earliest, item)
      latest = Swift.max(latest, item)
    }
    var copy = self
    copy.items.sections[s] = .each(sizes)
    if let keep, keep > latest, keep < n {
      try copy.sections[s].replace(
        copy.items.sections[s], from: earliest, keepingFrom: keep, section: s, spacing: layout.itemSpacing)
    } else {
      copy.sections[s].truncate(to: earliest)
      try copy.sections[s].place(copy.items.sections[s], from: earliest, section: s, spacing: layout.itemSpacing)
    }
    var cursor = sections[s].top
    for t in s..<sections.count {
      copy.sections[t].move(to: cursor, layout: layout)
      cursor = copy.sections[t].bottom
    }
    copy.contentHeight = cursor
    return copy
  }
}

/// One section of a waterfall.
@usableFromInline struct WaterfallSection: Sendable {
  /// One column: its items' tops (keys) and bottoms (reach, equal to the
  /// bottoms as they are sorted) relative to the items area, and their
  /// item indices, top to bottom.
  @usableFromInline struct Lane: Sendable {
    @usableFromInline var extents = SortedExtentIndex()
    @usableFromInline var items: [UInt32] = []
  }

  @usableFromInline var lanes: [Lane]
  /// Each item's column and place in it.
  @usableFromInline var itemColumn: [UInt16]
  @usableFromInline var itemPosition: [UInt32]
  @usableFromInline let columnWidth: Double
  @usableFromInline let isRightToLeft: Bool
  /// The section's top (the header's top).
  @usableFromInline var top = 0.0
  /// The top of the items area (below the header and the top inset).
  @usableFromInline var itemsTop = 0.0
  /// The longest column's height.
  @usableFromInline var itemsLength = 0.0
  /// The section's bottom (the footer's bottom).
  @usableFromInline var bottom = 0.0

  init(layout: WaterfallLayout, section: Int, width: Double, count: Int) {
    let columns = layout.columnCount(inSection: section)
    let room = Swift.max(0, width - layout.sectionInset.left - layout.sectionInset.right)
    columnWidth = Swift.max(0, (room - Double(columns - 1) * layout.columnSpacing) / Double(columns))
    isRightToLeft = layout.direction == .rightToLeft
    lanes = Array(repeating: Lane(), count: columns)
    itemColumn = []
    itemColumn.reserveCapacity(count)
    itemPosition = []
    itemPosition.reserveCapacity(count)
  }

  /// The left edge of column `c`.
  @inlinable func columnX(_ c: Int, layout: WaterfallLayout) -> Double {
    let visual = isRightToLeft ? lanes.count - 1 - c : c
    return layout.sectionInset.left + Double(visual) * (columnWidth + layout.columnSpacing)
  }

  /// The height of an item of `size` at the column's width: `width·h/w`,
  /// 0 for a zero width.
  ///
  /// - Throws: `LayoutError.invalidItemSize` past `maximumItemHeight`.
  @inline(__always) func height(_ size: Size, item: Int, section: Int) throws(LayoutError) -> Double {
    guard size.width > 0 else { return 0 }
    let height = columnWidth * size.height / size.width
    guard height <= WaterfallLayout.maximumItemHeight else {
      throw .invalidItemSize(section: section, item: item, size)
    }
    return height
  }

  /// The column that takes the next item: the one whose next free position
  /// is highest, ties to the lowest-numbered one.
  @inline(__always) static func shortest(_ next: [Double]) -> Int {
    var best = 0
    var bestY = next[0]
    for c in 1..<next.count where next[c] < bestY {
      best = c
      bestY = next[c]
    }
    return best
  }

  /// How many of `sizes` each column takes: `place`'s rule, run without
  /// storing anything.
  func columnCounts(_ sizes: ItemSizes, section: Int, spacing: Double) throws(LayoutError) -> [Int] {
    var counts = Array(repeating: 0, count: lanes.count)
    var next = Array(repeating: 0.0, count: lanes.count)
    for i in 0..<sizes.count {
      let best = Self.shortest(next)
      next[best] = next[best] + (try height(sizes[i], item: i, section: section)) + spacing
      counts[best] += 1
    }
    return counts
  }

  /// Reserves room for `counts[c]` items in column `c`.
  mutating func reserve(_ counts: [Int]) {
    for c in lanes.indices {
      lanes[c].extents.reserveCapacity(counts[c])
      lanes[c].items.reserveCapacity(counts[c])
    }
  }

  /// Places items `start...` of `sizes` after the items already placed:
  /// each into the column whose next free position is highest (ties to the
  /// lowest column), `spacing` below the column's last item.
  mutating func place(
    _ sizes: ItemSizes, from start: Int, to end: Int? = nil, section: Int, spacing: Double
  ) throws(LayoutError) {
    var next = lanes.map { lane in lane.extents.reach.last.map { $0 + spacing } ?? 0 }
    for i in start..<(end ?? sizes.count) {
      let best = Self.shortest(next)
      let bestY = next[best]
      let end = bestY + (try height(sizes[i], item: i, section: section))
      lanes[best].extents.append(key: bestY, end: end)
      itemPosition.append(UInt32(truncatingIfNeeded: lanes[best].items.count))
      lanes[best].items.append(UInt32(truncatingIfNeeded: i))
      itemColumn.append(UInt16(truncatingIfNeeded: best))
      next[best] = end + spacing
    }
    itemsLength = lanes.reduce(0) { Swift.max($0, $1.extents.reach.last ?? 0) }
  }

  /// Re-places items `start..<keep` of `sizes` by the shortest-column
  /// rule, and puts items `keep...` back in the columns they had, at the
  /// same offsets from one another, all moved by the least amount that
  /// keeps every column's items `spacing` apart (it may be negative).
  ///
  /// - Complexity: O(n·c) for the section's n items and c columns.
  mutating func replace(
    _ sizes: ItemSizes, from start: Int, keepingFrom keep: Int, section: Int, spacing: Double
  ) throws(LayoutError) {
    // The kept items of each column, top to bottom.
    var kept: [(keys: ArraySlice<Double>, reach: ArraySlice<Double>, items: ArraySlice<UInt32>)] = []
    kept.reserveCapacity(lanes.count)
    for c in lanes.indices {
      let items = lanes[c].items
      let low = partitionPoint(in: 0..<items.count) { Int(items[$0]) >= keep }
      kept.append((lanes[c].extents.keys[low...], lanes[c].extents.reach[low...], items[low...]))
    }
    let keptColumns = itemColumn[keep...]
    // Validate the new heights before changing anything.
    for i in start..<keep { _ = try height(sizes[i], item: i, section: section) }
    truncate(to: start)
    try place(sizes, from: start, to: keep, section: section, spacing: spacing)
    var shift = -Double.infinity
    for c in lanes.indices {
      guard let first = kept[c].keys.first else { continue }
      let next = lanes[c].extents.reach.last.map { $0 + spacing } ?? 0
      shift = Swift.max(shift, next - first)
    }
    if !shift.isFinite { shift = 0 }
    for c in lanes.indices {
      for (k, item) in zip(kept[c].keys.indices, kept[c].items) {
        lanes[c].extents.append(key: kept[c].keys[k] + shift, end: kept[c].reach[k] + shift)
        lanes[c].items.append(item)
      }
    }
    itemColumn.append(contentsOf: keptColumns)
    itemPosition.append(contentsOf: repeatElement(0, count: keptColumns.count))
    // Positions of the kept items: their new places in their columns.
    for c in lanes.indices {
      let items = lanes[c].items
      let low = items.count - kept[c].items.count
      for p in low..<items.count { itemPosition[Int(items[p])] = UInt32(truncatingIfNeeded: p) }
    }
    itemsLength = lanes.reduce(0) { Swift.max($0, $1.extents.reach.last ?? 0) }
  }

  /// Forgets every item from `item` on.
  mutating func truncate(to item: Int) {
    for c in lanes.indices {
      let items = lanes[c].items
      let low = partitionPoint(in: 0..<items.count) { Int(items[$0]) >= item }
      lanes[c].extents.truncate(to: low)
      lanes[c].items.removeSubrange(low...)
    }
    itemColumn.removeSubrange(item...)
    itemPosition.removeSubrange(item...)
  }

  /// Sets the section's top and the extents that follow from it: header,
  /// top inset, items, bottom inset, footer.
  mutating func move(to top: Double, layout: WaterfallLayout) {
    self.top = top
    itemsTop = top + layout.headerHeight + layout.sectionInset.top
    bottom = itemsTop + itemsLength + layout.sectionInset.bottom + layout.footerHeight
  }
}

extension SortedExtentIndex {
  /// Keeps the first `count` elements.
  mutating func truncate(to count: Int) {
    guard count < keys.count else { return }
    keys.removeSubrange(count...)
    reach.removeSubrange(count...)
    let blocks = (count + Self.blockSize - 1) / Self.blockSize
    keySummary.removeSubrange(blocks...)
    reachSummary.removeSubrange(blocks...)
  }
}
