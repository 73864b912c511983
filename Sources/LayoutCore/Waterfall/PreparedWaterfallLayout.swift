/// A waterfall's geometry: per section, its vertical extents and, per
/// column, its items' heights in a Fenwick tree (`ExtentTree`) with the
/// position of the column's first item, so that any item's top is a prefix
/// sum (O(log n)) and a measured height changes one entry (O(log n)).
///
/// Every column is always packed: consecutive items of a column are
/// exactly `itemSpacing` apart, whatever was measured. A measured height
/// moves either what follows the item in its column (the item is at or
/// below the anchor) or what precedes it (above the anchor: the column's
/// start moves up, so the items on screen stay). Columns may therefore
/// start at different places at the top of a section (the *slack*, which
/// `topSlack(inSection:)` reports and `settled()` removes); see
/// Guides/Waterfall.md.
public struct PreparedWaterfallLayout: PreparedLayout {
  /// The configuration the geometry was prepared from.
  public let layout: WaterfallLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport
  /// The items' sizes as given to `prepare` (the estimates after an
  /// estimated prepare); measured sizes are kept as heights in the columns.
  @usableFromInline let given: LayoutItems
  @usableFromInline var sections: [WaterfallSection]
  /// The height of the content: the bottom of the last section.
  public private(set) var contentHeight: Double
  /// Whether the items' sizes are estimates until measured
  /// (`WaterfallLayout.prepare(estimated:viewport:)`).
  public internal(set) var isEstimated = false
  /// Per section, which items were given a measured size (empty until the
  /// section's first measurement, or from an estimated prepare on).
  @usableFromInline var measured: [MeasuredFlags]

  /// Supplementary z-index: above cells.
  public static let supplementaryZIndex = 1

  init(
    layout: WaterfallLayout, items: LayoutItems, viewport: Viewport, estimated: Bool = false
  )
    throws(LayoutError)
  {
    self.layout = layout
    self.viewport = viewport
    given = items
    var sections: [WaterfallSection] = []
    sections.reserveCapacity(items.sections.count)
    var cursor = 0.0
    for (s, sizes) in items.sections.enumerated() {
      var section = WaterfallSection(layout: layout, section: s, width: viewport.size.width)
      let width = section.columnWidth
      try section.place(count: sizes.count) { i throws(LayoutError) in
        try WaterfallSection.height(sizes[i], width: width, item: i, section: s)
      }
      section.move(to: cursor, layout: layout)
      cursor = section.bottom
      sections.append(section)
    }
    self.sections = sections
    contentHeight = cursor
    isEstimated = estimated
    measured = items.sections.map { estimated ? MeasuredFlags(total: $0.count, measured: false) : MeasuredFlags() }
    #if DEBUG
      checkInvariants()
    #endif
  }

  /// The items' sizes: the given ones, with each measured item's as its
  /// size at the column's width (`columnWidth × height`, the aspect ratio
  /// the layout keeps; the given size when the column has width 0).
  ///
  /// - Complexity: O(n) for the sections with measured items, O(1) for
  ///   the others.
  public var items: LayoutItems {
    var result = given
    for s in sections.indices where measured[s].count > 0 && sections[s].columnWidth > 0 {
      let section = sections[s]
      let flags = measured[s]
      let sizes = given.sections[s]
      result.sections[s] = .each(
        (0..<sizes.count).map { i in
          flags[i] ? Size(width: section.columnWidth, height: section.height(ofItem: i)) : sizes[i]
        })
    }
    return result
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

  /// The attributes of the item at `position` of column `c` of `section`
  /// (number `s`). The query and `attributes(for:at:)` both build cells
  /// here, so they report the same bits.
  @inlinable func cell(_ section: WaterfallSection, _ s: Int, column c: Int, position p: Int) -> LayoutAttributes {
    let lane = section.lanes[c]
    let frame = Rect(
      x: section.columnX(c, layout: layout), y: section.itemsTop + section.top(lane, p), width: section.columnWidth,
      height: lane.heights.extent(at: p))
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

  /// Calls `body` with every element meeting `rect`, in identity order
  /// (cells by section and item, then the supplementary kinds), until it
  /// returns `false`. The walk of `attributes(in:at:into:)` and
  /// `anchorElement(in:)`: no allocation (a column cursor each, on the
  /// stack for up to 128 columns). In identity order, a host compares two
  /// answers by merging them, without sorting.
  ///
  /// Finds the sections that meet `rect` by binary search, then in each
  /// column whose x-range meets it the first item whose bottom passes the
  /// rectangle's top (a Fenwick descent over the column's heights); the
  /// columns' walks down (while items start above the rectangle's bottom)
  /// are merged by item index (a column's items are in index order top to
  /// bottom). The search bounds carry a small margin against rounding;
  /// every element found is tested against `rect` with its reported frame,
  /// so the answer is exact.
  ///
  /// - Complexity: O(log s + c·log n + k·(log n + c)) for s sections, c
  ///   columns in the sections met and k elements found.
  func forEachElement(meeting rect: Rect, _ body: (LayoutAttributes) -> Bool) {
    let lo = rect.minY
    let hi = rect.maxY
    // Nothing meets a rectangle at ±infinity or with a NaN edge.
    guard lo <= hi, lo < .infinity, hi > -.infinity, rect.minX <= rect.maxX else { return }
    let xMargin = 1e-9 * (1 + abs(rect.minX) + abs(rect.maxX))
    let first = partitionPoint(in: 0..<sections.count) { sections[$0].bottom > lo }
    var end = first
    while end < sections.count, sections[end].top <= hi { end += 1 }
    for s in first..<end {
      let section = sections[s]
      let top = section.itemsTop
      let margin = 1e-9 * (1 + abs(top) + abs(lo) + abs(hi) + section.itemsLength)
      let loBound = (lo - top) - margin
      let hiBound = (hi - top) + margin
      let columns = section.lanes.count
      let stopped = withUnsafeTemporaryAllocation(of: Int.self, capacity: columns) { cursor -> Bool in
        // Each column's next position, or Int.max once it is done.
        for c in 0..<columns {
          cursor[c] = Int.max
          let x = section.columnX(c, layout: layout)
          guard x < rect.maxX + xMargin, rect.minX - xMargin < x + section.columnWidth else { continue }
          let p = section.firstItem(endingAfter: loBound, inColumn: c)
          if p < section.lanes[c].items.count, section.top(section.lanes[c], p) < hiBound { cursor[c] = p }
        }
        while true {
          var best = -1
          var bestItem = UInt32.max
          for c in 0..<columns where cursor[c] != Int.max {
            let item = section.lanes[c].items[cursor[c]]
            if best < 0 || item < bestItem {
              best = c
              bestItem = item
            }
          }
          guard best >= 0 else { return false }
          let p = cursor[best]
          let a = cell(section, s, column: best, position: p)
          if a.frame.intersects(rect), !body(a) { return true }
          let lane = section.lanes[best]
          cursor[best] = p + 1 < lane.items.count && section.top(lane, p + 1) < hiBound ? p + 1 : Int.max
        }
      }
      if stopped { return }
    }
    // Then the supplementary kinds, in identity order: kind, section.
    func emit(_ kind: ElementKind) -> Bool {
      for s in first..<end {
        if let a = supplementary(kind, section: s), a.frame.intersects(rect), !body(a) { return false }
      }
      return true
    }
    let headerFirst = ElementKind.header < ElementKind.footer
    guard emit(headerFirst ? .header : .footer) else { return }
    _ = emit(headerFirst ? .footer : .header)
  }

  /// Appends every element meeting `rect` (`forEachElement(meeting:_:)`).
  ///
  /// - Complexity: O(log s + c·log n + k·log n) for s sections, c columns
  ///   in the sections met and k elements found. No allocation beyond
  ///   `result`'s growth.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    forEachElement(meeting: rect) { a in
      result.append(a)
      return true
    }
  }

  /// The attributes of a cell, header or footer; `nil` for identities the
  /// layout does not have (and for headers and footers of height 0).
  ///
  /// - Complexity: O(log n) (the item's top is a prefix sum of its column).
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.section >= 0, id.section < sections.count else { return nil }
    let section = sections[id.section]
    switch id.kind {
    case .cell:
      guard id.item >= 0, id.item < section.itemColumn.count else { return nil }
      return cell(
        section, id.section, column: Int(section.itemColumn[id.item]), position: Int(section.itemPosition[id.item]))
    case .header, .footer:
      guard id.item == 0 else { return nil }
      return supplementary(id.kind, section: id.section)
    default:
      return nil
    }
  }

  /// Moves the sections from `s` on after a change of section `s`'s
  /// length, and sets the content height.
  ///
  /// - Complexity: O(sections after `s`).
  mutating func restack(from s: Int) {
    var cursor = sections[s].top
    for t in s..<sections.count {
      sections[t].move(to: cursor, layout: layout)
      cursor = sections[t].bottom
    }
    contentHeight = cursor
  }

  /// The geometry with new sizes for some items of `section`, each given
  /// as a measured size without an anchor (each column's items after a
  /// changed one move down or up by its change; no item changes column),
  /// for tests and batch callers.
  ///
  /// - Complexity: O(u·(log n + c)) for u updates, plus O(sections).
  /// - Throws: `LayoutError.invalidConfiguration` for a section or item
  ///   that does not exist; `invalidItemSize` for a negative or non-finite
  ///   size or one whose height would pass `maximumItemHeight` (the
  ///   geometry is then unchanged: this value is not modified).
  func updating(
    sizes updates: [(item: Int, size: Size)], inSection s: Int = 0
  ) throws(LayoutError)
    -> PreparedWaterfallLayout
  {
    guard s >= 0, s < sections.count else {
      throw .invalidConfiguration("waterfall has no section \(s) (it has \(sections.count))")
    }
    let n = sections[s].itemColumn.count
    for (item, size) in updates {
      guard item >= 0, item < n else {
        throw .invalidConfiguration("section \(s) has no item \(item) (it has \(n))")
      }
      guard LayoutItems.isAcceptable(size) else { throw .invalidItemSize(section: s, item: item, size) }
      _ = try WaterfallSection.height(size, width: sections[s].columnWidth, item: item, section: s)
    }
    var copy = self
    for (item, size) in updates where !copy.setMeasuredSize(size, for: .cell(item, section: s), keepingLinesFrom: nil) {
      throw .invalidItemSize(section: s, item: item, size)
    }
    return copy
  }
}

/// One section of a waterfall.
@usableFromInline struct WaterfallSection: Sendable {
  /// One column: its items' heights top to bottom (a Fenwick tree, so an
  /// item's top is a prefix sum), their item indices, and where its first
  /// item starts.
  @usableFromInline struct Lane: Sendable {
    @usableFromInline var heights = ExtentTree.empty
    @usableFromInline var items: [UInt32] = []
    /// The top of the column's first item in the section's stored
    /// coordinates (`origin` is the items area's top in them).
    @usableFromInline var base = 0.0
  }

  @usableFromInline var lanes: [Lane]
  /// Each item's column and place in it.
  @usableFromInline var itemColumn: [UInt16] = []
  @usableFromInline var itemPosition: [UInt32] = []
  @usableFromInline let columnWidth: Double
  @usableFromInline let isRightToLeft: Bool
  /// The space between consecutive items of a column.
  @usableFromInline let spacing: Double
  /// The items area's top in stored coordinates: the highest start of a
  /// column with items.
  @usableFromInline var origin = 0.0
  /// The section's top (the header's top).
  @usableFromInline var top = 0.0
  /// The top of the items area (below the header and the top inset).
  @usableFromInline var itemsTop = 0.0
  /// From the items area's top to the lowest column's end.
  @usableFromInline var itemsLength = 0.0
  /// The section's bottom (the footer's bottom).
  @usableFromInline var bottom = 0.0

  init(layout: WaterfallLayout, section: Int, width: Double) {
    let columns = layout.columnCount(inSection: section)
    let room = Swift.max(0, width - layout.sectionInset.left - layout.sectionInset.right)
    columnWidth = Swift.max(0, (room - Double(columns - 1) * layout.columnSpacing) / Double(columns))
    isRightToLeft = layout.direction == .rightToLeft
    spacing = layout.itemSpacing
    lanes = Array(repeating: Lane(), count: columns)
  }

  /// The left edge of column `c`.
  @inlinable func columnX(_ c: Int, layout: WaterfallLayout) -> Double {
    let visual = isRightToLeft ? lanes.count - 1 - c : c
    return layout.sectionInset.left + Double(visual) * (columnWidth + layout.columnSpacing)
  }

  /// The top of the item at position `p` of `lane`, relative to the items
  /// area's top.
  ///
  /// - Complexity: O(log n).
  @inlinable func top(_ lane: Lane, _ p: Int) -> Double {
    (lane.base - origin) + (lane.heights.start(of: p) + Double(p) * spacing)
  }

  /// The top of item `i`, relative to the items area's top.
  @inlinable func top(ofItem i: Int) -> Double {
    top(lanes[Int(itemColumn[i])], Int(itemPosition[i]))
  }

  /// The height of item `i`.
  @inlinable func height(ofItem i: Int) -> Double {
    lanes[Int(itemColumn[i])].heights.extent(at: Int(itemPosition[i]))
  }

  /// The first position of column `c` whose item's bottom is below `y`
  /// (relative to the items area's top); the column's count when none.
  ///
  /// - Complexity: O(log n).
  @inlinable func firstItem(endingAfter y: Double, inColumn c: Int) -> Int {
    let lane = lanes[c]
    let start = lane.base - origin
    let spacing = self.spacing
    // The longest prefix whose last item ends at or above `y`.
    return lane.heights.lastPrefix { k, sum in start + sum + Double(k - 1) * spacing <= y }
  }

  /// The height of an item of `size` at `width`: `width·h/w`, 0 for a
  /// zero width.
  ///
  /// - Throws: `LayoutError.invalidItemSize` past `maximumItemHeight`.
  @inline(__always) static func height(
    _ size: Size, width: Double, item: Int, section: Int
  ) throws(LayoutError)
    -> Double
  {
    guard size.width > 0 else { return 0 }
    let height = width * size.height / size.width
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

  /// Places `count` items of heights `height(i)` afresh, each into the
  /// column whose next free position is highest (ties to the lowest
  /// column), every column starting at the top: a dry run counts each
  /// column's items first, so every array is allocated once at its size.
  ///
  /// - Complexity: O(n·c) for n items and c columns.
  mutating func place(count: Int, height: (Int) throws(LayoutError) -> Double) throws(LayoutError) {
    let columns = lanes.count
    var counts = Array(repeating: 0, count: columns)
    var next = Array(repeating: 0.0, count: columns)
    for i in 0..<count {
      let best = Self.shortest(next)
      next[best] += try height(i) + spacing
      counts[best] += 1
    }
    var heights: [[Double]] = counts.map { n in
      var a: [Double] = []
      a.reserveCapacity(n)
      return a
    }
    var items: [[UInt32]] = counts.map { n in
      var a: [UInt32] = []
      a.reserveCapacity(n)
      return a
    }
    itemColumn = []
    itemColumn.reserveCapacity(count)
    itemPosition = []
    itemPosition.reserveCapacity(count)
    for c in 0..<columns { next[c] = 0 }
    for i in 0..<count {
      let best = Self.shortest(next)
      let h = try height(i)
      next[best] += h + spacing
      itemPosition.append(UInt32(truncatingIfNeeded: items[best].count))
      itemColumn.append(UInt16(truncatingIfNeeded: best))
      heights[best].append(h)
      items[best].append(UInt32(truncatingIfNeeded: i))
    }
    for c in 0..<columns {
      lanes[c] = Lane(heights: ExtentTree(heights[c]), items: items[c], base: 0)
      heights[c] = []
    }
    origin = 0
    measureLength()
  }

  /// Sets item `i`'s height. When `upward`, the column's items before it
  /// move up by the change and the item's bottom stays (it is above the
  /// anchor); otherwise its top stays and the items after it move down.
  /// The items area then starts at the highest column start.
  ///
  /// - Complexity: O(log n + c·log n).
  mutating func setHeight(_ h: Double, ofItem i: Int, upward: Bool) {
    let c = Int(itemColumn[i])
    let p = Int(itemPosition[i])
    let delta = h - lanes[c].heights.extent(at: p)
    lanes[c].heights.set(p, to: h)
    if upward { lanes[c].base -= delta }
    measureLength()
  }

  /// Sets `origin` (the highest start of a column with items) and
  /// `itemsLength` (to the lowest column's end).
  ///
  /// - Complexity: O(c·log n).
  mutating func measureLength() {
    var high = Double.infinity
    var low = -Double.infinity
    for lane in lanes where !lane.items.isEmpty {
      high = Swift.min(high, lane.base)
      let n = lane.items.count
      low = Swift.max(low, lane.base + lane.heights.total + Double(n - 1) * spacing)
    }
    guard high.isFinite, low.isFinite else {
      origin = 0
      itemsLength = 0
      return
    }
    origin = high
    itemsLength = Swift.max(0, low - high)
  }

  /// How far below the items area's top column `c` starts (0 for the
  /// highest column and for empty ones).
  func slack(ofColumn c: Int) -> Double {
    lanes[c].items.isEmpty ? 0 : lanes[c].base - origin
  }

  /// Sets the section's top and the extents that follow from it: header,
  /// top inset, items, bottom inset, footer.
  mutating func move(to top: Double, layout: WaterfallLayout) {
    self.top = top
    itemsTop = top + layout.headerHeight + layout.sectionInset.top
    bottom = itemsTop + itemsLength + layout.sectionInset.bottom + layout.footerHeight
  }
}
