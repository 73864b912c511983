/// The waterfall takes self-sizing cells in O(log n) each: a measured
/// height changes one entry of its column's Fenwick tree. No item changes
/// column on a measurement (nothing on screen jumps sideways) and every
/// column stays packed (consecutive items exactly `itemSpacing` apart), so
/// no hole ever opens between two items. Items at or below the anchor grow
/// downward (their top stays, the rest of their column moves down); items
/// above it grow upward (their bottom stays, the part of their column
/// above them moves up), so what is on screen stays where it is. The
/// columns' starts then differ at the section's top (the slack); the
/// scroller settles it with `settled()` when it would show
/// (`needsSettle(in:)`), animating every element by identity
/// (`WaterfallSettle`).
extension PreparedWaterfallLayout: SelfSizingLayout {
  /// A column's width: cells are measured to it.
  public var maxItemWidth: Double { sections.first?.columnWidth ?? viewport.size.width }

  /// Whether `id` has its real size: always for headers, footers and
  /// items prepared with known sizes; after an estimated prepare, once
  /// measured.
  ///
  /// - Complexity: O(1).
  public func isMeasured(_ id: ElementID) -> Bool {
    guard isEstimated, id.kind == .cell else { return true }
    guard id.section >= 0, id.section < measured.count, id.item >= 0, id.item < measured[id.section].flags.count
    else { return false }
    return measured[id.section][id.item]
  }

  /// Gives item `id` its measured size (its aspect ratio at the column's
  /// width is what counts) and marks it measured. The item keeps its
  /// column. When `anchor` is a cell of the same section whose top is
  /// below `id`'s top, `id` grows upward: its bottom and everything after
  /// it stay, the items before it in its column move up by the change.
  /// Otherwise its top stays and the items after it in its column move
  /// down. The sections after it move by the change of its section's
  /// length.
  ///
  /// - Complexity: O(c·log n) for c columns in its section, plus
  ///   O(sections after it). No allocation (after an estimated prepare;
  ///   a layout prepared with known sizes allocates its section's flags on
  ///   the first measurement).
  /// - Returns: `false`, changing nothing, for an identity that is not an
  ///   item, a size that is negative, not finite or too tall, or one that
  ///   would take the content past `LayoutLimits.maximumExtent`.
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool {
    guard id.kind == .cell, id.section >= 0, id.section < sections.count, id.item >= 0,
      id.item < sections[id.section].itemColumn.count, LayoutItems.isAcceptable(size)
    else { return false }
    let s = id.section
    let h: Double
    do throws(LayoutError) {
      h = try WaterfallSection.height(size, width: sections[s].columnWidth, item: id.item, section: s)
    } catch {
      return false
    }
    var upward = false
    if let anchor, anchor.kind == .cell, anchor.section == s, anchor.item >= 0, anchor.item != id.item,
      anchor.item < sections[s].itemColumn.count
    {
      upward = sections[s].top(ofItem: id.item) < sections[s].top(ofItem: anchor.item)
    }
    let old = sections[s].height(ofItem: id.item)
    sections[s].setHeight(h, ofItem: id.item, upward: upward)
    restack(from: s)
    guard contentHeight <= LayoutLimits.maximumExtent else {
      sections[s].setHeight(old, ofItem: id.item, upward: upward)
      restack(from: s)
      return false
    }
    if measured[s].flags.count != sections[s].itemColumn.count {
      measured[s] = MeasuredFlags(total: sections[s].itemColumn.count, measured: false)
    }
    measured[s].mark(id.item)
    return true
  }

  /// Calls `body` with every item in `rect` that still has its estimate.
  ///
  /// - Complexity: O(log s + c·log n + k·log n).
  public func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void) {
    guard isEstimated else { return }
    forEachElement(meeting: rect) { a in
      if a.id.kind == .cell && !isMeasured(a.id) { body(a.id) }
      return true
    }
  }

  /// The first element in reading order that meets `rect` and has its real
  /// size, else the first that meets it.
  ///
  /// - Complexity: O(log s + c·log n + k·log n); no allocation.
  public func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)? {
    var best: LayoutAttributes?
    var bestMeasured: LayoutAttributes?
    forEachElement(meeting: rect) { a in
      if best.map({ a.id < $0.id }) ?? true { best = a }
      if isMeasured(a.id), bestMeasured.map({ a.id < $0.id }) ?? true { bestMeasured = a }
      return true
    }
    return (bestMeasured ?? best).map { ($0.id, $0.frame) }
  }

  /// The same sizes (measured and estimated) laid out afresh for
  /// `viewport`: every column starts at its section's top.
  ///
  /// - Complexity: O(n·c).
  public func resized(to viewport: Viewport) throws(LayoutError) -> PreparedWaterfallLayout {
    var resized = try layout.prepare(items: items, viewport: viewport)
    resized.isEstimated = isEstimated
    resized.measured = measured
    return resized
  }

  // MARK: - The slack at the top and the settle

  /// How far below its section's items area the lowest-starting column of
  /// `section` starts: 0 when every column starts at the top (after a
  /// prepare, a resize or a settle) or for a section that does not exist.
  ///
  /// - Complexity: O(c).
  public func topSlack(inSection section: Int) -> Double {
    guard section >= 0, section < sections.count else { return 0 }
    return sections[section].lanes.indices.reduce(0) { Swift.max($0, sections[section].slack(ofColumn: $1)) }
  }

  /// Whether the slack of some section (a column starting more than
  /// `tolerance` points below its section's items area) lies in `rect`:
  /// the scroller then settles (`settled()`) before it shows. `rect` is
  /// what is about to be on screen (the visible rectangle, or it and a
  /// margin above in the scroll's direction).
  ///
  /// - Complexity: O(log s + c) per section meeting `rect`.
  public func needsSettle(in rect: Rect, tolerance: Double = 1) -> Bool {
    guard rect.minY <= rect.maxY, rect.minY.isFinite || rect.maxY.isFinite else { return false }
    var s = partitionPoint(in: 0..<sections.count) { sections[$0].bottom > rect.minY }
    while s < sections.count, sections[s].top <= rect.maxY {
      let section = sections[s]
      for c in section.lanes.indices {
        let slack = section.slack(ofColumn: c)
        // The gap above column c: from the items area's top to its first item.
        if slack > tolerance, section.itemsTop < rect.maxY, section.itemsTop + slack > rect.minY { return true }
      }
      s += 1
    }
    return false
  }

  /// The same sizes placed afresh by the shortest-column rule: every
  /// column of every section starts at its section's top, items may change
  /// columns; which items are measured is kept. What the scroller moves to
  /// (animated by identity, `WaterfallSettle`, the anchor kept by an
  /// offset correction) when the slack would show.
  ///
  /// - Complexity: O(n·c) (once per settle).
  /// - Throws: as `resized(to:)` (not for a layout that prepared).
  public func settled() throws(LayoutError) -> PreparedWaterfallLayout {
    try resized(to: viewport)
  }
}

extension PreparedWaterfallLayout {
  /// The same items in `columns` columns (every section; per-section
  /// counts are dropped), laid out afresh for `viewport` (this one's when
  /// `nil`): every size learnt so far is kept and measured items stay
  /// measured, so a column change (a pinch, a rotation) shows the real
  /// sizes, not the estimates. The target of a column-change transition
  /// (`LayoutHost.changingColumns(to:)`).
  ///
  /// - Complexity: O(n·c).
  /// - Throws: `LayoutError.invalidConfiguration` for a count outside
  ///   `1...WaterfallLayout.maximumColumnCount`; `invalidViewport`.
  public func withColumnCount(
    _ columns: Int, viewport: Viewport? = nil
  ) throws(LayoutError)
    -> PreparedWaterfallLayout
  {
    var configuration = layout
    configuration.columnCount = columns
    configuration.sectionColumnCounts = [:]
    var changed = try configuration.prepare(items: items, viewport: viewport ?? self.viewport)
    changed.isEstimated = isEstimated
    changed.measured = measured
    return changed
  }
}
