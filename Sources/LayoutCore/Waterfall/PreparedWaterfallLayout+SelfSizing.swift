/// The waterfall takes self-sizing cells: a measured size re-places its
/// section from that item on (the shortest-column rule makes every later
/// item depend on it), so a measurement costs O(n) for n items after it in
/// its section, not O(log n) as in the tag cloud. Without an anchor the
/// result equals a fresh prepare with the new sizes. With an anchor after
/// the measured item (what the host and the scroller pass), only the items
/// between the two are re-placed: the anchor and every later item of its
/// section keep their columns and their places relative to each other,
/// moved together just far enough that no column overlaps (a column may
/// keep a gap above the anchor's row until the next prepare or resize).
extension PreparedWaterfallLayout: SelfSizingLayout {
  /// A column's width: cells are measured to it.
  public var maxItemWidth: Double { sections.first?.columnWidth ?? viewport.size.width }

  /// Whether `id` has its real size: always for headers, footers and
  /// items prepared with known sizes; after an estimated prepare, once
  /// measured.
  public func isMeasured(_ id: ElementID) -> Bool {
    !isEstimated || id.kind != .cell || measuredItems.contains(id)
  }

  /// Gives item `id` its measured size (its aspect ratio at the column's
  /// width is what counts) and marks it measured. When `anchor` is an item
  /// of the same section after `id`, the anchor and the items after it
  /// keep their columns and their places relative to one another (see the
  /// type's notes); otherwise the section is re-placed from `id` on as a
  /// fresh prepare would.
  ///
  /// - Complexity: O(n·c) for the n items of its section and c columns,
  ///   plus O(sections).
  /// - Returns: `false`, changing nothing, for an identity that is not an
  ///   item or a size that is negative, not finite or too tall.
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool {
    guard id.kind == .cell, id.section >= 0, id.section < numberOfSections, id.item >= 0,
      id.item < numberOfItems(inSection: id.section)
    else { return false }
    var keep: Int?
    if let anchor, anchor.kind == .cell, anchor.section == id.section, anchor.item > id.item,
      anchor.item < numberOfItems(inSection: id.section)
    {
      keep = anchor.item
    }
    do throws(LayoutError) {
      let updated = try updating(sizes: [(id.item, size)], inSection: id.section, keepingFrom: keep)
      var measured = measuredItems
      measured.insert(id)
      self = updated
      measuredItems = measured
      return true
    } catch {
      return false
    }
  }

  /// Calls `body` with every item in `rect` that still has its estimate.
  ///
  /// - Complexity: O(log n + k).
  public func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void) {
    guard isEstimated else { return }
    for a in attributes(in: rect, at: ScrollState()) where a.id.kind == .cell && !measuredItems.contains(a.id) {
      body(a.id)
    }
  }

  /// The first element in reading order that meets `rect` and has its real
  /// size, else the first that meets it.
  ///
  /// - Complexity: O(log n + k).
  public func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)? {
    let found = attributes(in: rect, at: ScrollState()).sorted { $0.id < $1.id }
    let pick = found.first { isMeasured($0.id) } ?? found.first
    return pick.map { ($0.id, $0.frame) }
  }

  /// The same sizes (measured and estimated) laid out for `viewport`.
  ///
  /// - Complexity: O(n).
  public func resized(to viewport: Viewport) throws(LayoutError) -> PreparedWaterfallLayout {
    var resized = try layout.prepare(items: items, viewport: viewport)
    resized.isEstimated = isEstimated
    resized.measuredItems = measuredItems
    return resized
  }
}
