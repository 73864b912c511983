/// Sticky sections take self-sizing cells when their cells take their
/// items' sizes (`StickyHeaderLayout.CellSize.items`): a measured height
/// moves the cells after it in its section, the sections after it and
/// their headers and footers by the change. Cells are one per line, so
/// nothing is re-arranged and the anchor rule holds with no anchor: what
/// is after a measured cell moves as one.
///
/// Cells of uniform sections (`LayoutItems(count:size:)`, or a
/// `.fullWidth` or `.fixed` cell size) share one size and take none;
/// `StickyHeaderLayout.prepare(estimated:viewport:)` stores every cell.
///
/// The cells and sections after a measured cell do not move one by one:
/// the later cells move through an `ExtentTree` of shifts over the stored
/// cells, the later sections through `SectionExtents`' tree of changes.
///
/// - Complexity: a measurement costs O(log n + log s) for n stored cells
///   and s sections: 0.2–0.35 µs in the engine and 1.0–1.6 µs through the
///   host at 1e6 estimated cells (`scrollwork bench --quick --filter
///   host-size-sticky`; it was 85–106 µs).
extension PreparedStickyHeaderLayout: SelfSizingLayout {
  /// The room between the cells' side insets: cells are measured to it.
  public var maxItemWidth: Double { Swift.max(0, viewport.size.width - 2 * layout.interItemSpacing) }

  /// The stored index of cell `id`, or `nil` for an identity that is not a
  /// cell of a section of varying cells.
  /// Whether `id` is a cell the layout sizes from its item (`.items`
  /// cells, not a section of one shared size).
  public func takesPreferredSize(for id: ElementID) -> Bool { storedIndex(id) != nil }

  func storedIndex(_ id: ElementID) -> Int? {
    guard id.kind == .cell, id.section >= 0, id.section < cells.count, id.item >= 0,
      case .varying(let first, let count) = cells[id.section], id.item < count
    else { return nil }
    return first + id.item
  }

  /// Whether `id` has its real size: always for supplementaries and for
  /// cells prepared with known sizes; after an estimated prepare, once
  /// measured.
  public func isMeasured(_ id: ElementID) -> Bool {
    guard isEstimated, let g = storedIndex(id) else { return true }
    return measured[g]
  }

  /// Gives cell `id` its measured size (a width past `maxItemWidth` is
  /// narrowed to it) and marks it measured; the cells, sections and
  /// supplementaries after it move by the change in height. `anchor` is
  /// not needed (one cell per line: nothing is re-arranged) and ignored.
  ///
  /// - Complexity: O(log n + log s) for n stored cells and s sections.
  /// - Returns: `false`, changing nothing, for an identity that is not a
  ///   cell of a section of varying cells, or a size that is negative, not
  ///   finite or past `LayoutLimits.maximumExtent`, or one that would make
  ///   the content taller than `LayoutLimits.maximumExtent`.
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool {
    guard LayoutItems.isAcceptable(size), let g = storedIndex(id) else { return false }
    let new = Size(width: Swift.min(size.width, maxItemWidth), height: size.height)
    let delta = new.height - varyingSizes[g].height
    let height = contentHeight + delta
    guard height.isFinite, height <= LayoutLimits.maximumExtent else { return false }
    varyingSizes[g] = new
    if delta != 0 {
      // The cells after `g` (in every later section too) move by the
      // change, as do the later sections.
      if g + 1 < varyingTops.count {
        if shifts.count == 0 { shifts = ExtentTree([Double](repeating: 0, count: varyingTops.count)) }
        shifts.add(delta, at: g + 1)
      }
      sections.resizeItems(of: id.section, by: delta)
    }
    if isEstimated { measured.mark(g) }
    #if DEBUG
      checkInvariants()
    #endif
    return true
  }

  /// Calls `body` with every cell in `rect` that still has its estimate.
  ///
  /// - Complexity: O(log n + k).
  public func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void) {
    guard isEstimated else { return }
    var found: [LayoutAttributes] = []
    attributes(in: rect, at: ScrollState(contentOffset: rect.origin), into: &found)
    for a in found where a.id.kind == .cell && !isMeasured(a.id) { body(a.id) }
  }

  /// The first cell (in identity order) that meets `rect` and has its
  /// real size, else the first cell that meets it, else the first section
  /// footer or resting section header; the top header, the menu and sticky
  /// section headers, which follow the offset, never anchor.
  ///
  /// - Complexity: O(log n + k); a walk along the cells that stops at the
  ///   first measured one, with no allocation, when one meets `rect`.
  public func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)? {
    // Cells come first in identity order, section by section: walk them
    // in order and stop at the first measured one. Frames as the query's
    // attributes give them back (through the centre). With none measured,
    // a measured header or footer comes before them: the general answer.
    let lo = rect.minY
    let hi = rect.maxY
    for s in sections.sections(meeting: lo, hi) {
      switch cells[s] {
      case .uniform(let stored, _):
        // Uniform cells take no size: measured.
        for i in strip(stored, of: s).slots(meeting: lo, hi) {
          let raw = cellFrame(i, section: s)
          let frame = Rect(center: raw.center, size: raw.size)
          if frame.intersects(rect) { return (.cell(i, section: s), frame) }
        }
      case .varying(let firstStored, let count):
        var i = firstVaryingCell(first: firstStored, count: count, endingAfter: lo, hi)
        while i < count {
          let raw = cellFrame(i, section: s)
          let frame = Rect(center: raw.center, size: raw.size)
          if frame.minY >= hi { break }
          if frame.intersects(rect) {
            if !isEstimated || measured[firstStored + i] { return (.cell(i, section: s), frame) }
          }
          i += 1
        }
      }
    }
    return firstAnchor(in: rect) { id in
      switch id.kind {
      case .cell, .footer: true
      case .header: !layout.areSectionHeadersSticky
      default: false
      }
    }
  }

  /// The same cells (measured and estimated sizes) laid out for
  /// `viewport`; cells as wide as the old room become unmeasured again, as
  /// their content may wrap differently.
  ///
  /// - Complexity: O(n).
  /// - Throws: `LayoutError` as `StickyHeaderLayout.prepare(items:viewport:)`.
  public func resized(to viewport: Viewport) throws(LayoutError) -> PreparedStickyHeaderLayout {
    var itemSections: [ItemSizes] = []
    itemSections.reserveCapacity(cells.count)
    for c in cells {
      switch c {
      case .uniform(let strip, let width):
        itemSections.append(.uniform(Size(width: width, height: strip.extent), count: strip.count))
      case .varying(let first, let count): itemSections.append(.each(Array(varyingSizes[first..<(first + count)])))
      }
    }
    var resized = try layout.prepare(items: LayoutItems(sections: itemSections), viewport: viewport)
    if isEstimated {
      let oldRoom = maxItemWidth
      resized.isEstimated = true
      resized.measured = measured
      for g in measured.indices where measured[g] && varyingSizes[g].width >= oldRoom && oldRoom > 0 {
        resized.measured.unmark(g)
      }
    }
    return resized
  }
}
