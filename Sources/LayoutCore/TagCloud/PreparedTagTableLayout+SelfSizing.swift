/// The table of clouds takes estimated tag sizes: a measured tag re-flows
/// its row's cloud (the tag cloud's own update, keeping the anchor's lines
/// when the anchor is a later tag of the same row) and sets the row's
/// height to the cloud's new content height, which moves the rows below
/// (the outer list is a tag cloud of full-width rows: O(log rows)).
///
/// - Complexity: a measurement costs the row's cloud update (O(log n) for
///   a height, a re-flow up to the anchor's line or a paragraph for a
///   width) plus O(log rows).
extension PreparedTagTableLayout: SelfSizingLayout {
  /// The widest a tag may be: the room in a row's cloud.
  public var maxItemWidth: Double { clouds.first?.maxItemWidth ?? rows.maxItemWidth }

  /// Whether `id` has its real size: rows and headers always, tags once
  /// measured (or prepared with known sizes).
  public func isMeasured(_ id: ElementID) -> Bool {
    guard id.section >= 0, id.section < clouds.count, id.kind == .cell else { return true }
    return clouds[id.section].isMeasured(.cell(id.item))
  }

  /// Gives tag `id` its measured size (a width past `maxItemWidth` is
  /// clamped to it) and marks it measured; its row's cloud re-flows (with
  /// `anchor`'s lines kept when `anchor` is a later tag of the same row)
  /// and the row takes the cloud's new height.
  ///
  /// - Complexity: the row's cloud update plus O(log rows).
  /// - Returns: `false`, changing nothing, for an identity that is not a
  ///   tag, a size that is negative or not finite, or one that would make
  ///   the table's content taller than `LayoutLimits.maximumExtent`.
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool {
    guard id.kind == .cell, id.section >= 0, id.section < clouds.count else { return false }
    let r = id.section
    var inner: ElementID?
    if let anchor, anchor.section == r { inner = ElementID(kind: anchor.kind, section: 0, item: anchor.item) }
    // The row may grow only as far as the other rows leave room: the
    // table's content stays within the limit, rows and cloud agree.
    guard let row = rows.frame(for: .cell(r)) else { return false }
    let others = rows.contentSize(at: ScrollState()).height - row.height
    let room = LayoutLimits.maximumExtent - others
    guard room >= 0,
      clouds[r].setMeasuredSize(size, for: .cell(id.item), keepingLinesFrom: inner, contentLimit: room)
    else { return false }
    let height = clouds[r].contentSize(at: ScrollState()).height
    if let row = rows.frame(for: .cell(r)), row.height != height {
      rows.setMeasuredSize(Size(width: row.width, height: height), for: .cell(r))
    }
    return true
  }

  /// Calls `body` with every tag in `rect` that still has its estimate,
  /// row by row.
  ///
  /// - Complexity: O(log rows + Σ (log tags in row + k)) over the rows met.
  public func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void) {
    let clouds = self.clouds
    rows.forEachElement(in: rect) { id, frame in
      let r = id.item
      clouds[r].forEachUnmeasured(in: rect.offsetBy(dx: -frame.minX, dy: -frame.minY)) { inner in
        body(ElementID(kind: inner.kind, section: r, item: inner.item))
      }
      return true
    }
  }

  /// The first tag (rows top to bottom, then reading order in the row)
  /// that meets `rect` and has its real size, else the first element that
  /// meets it (a tag, a row's header, or the row itself).
  ///
  /// - Complexity: O(log rows + Σ (log tags in row + k)) over the rows met.
  public func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)? {
    let clouds = self.clouds
    var fallback: (id: ElementID, frame: Rect)?
    var found: (id: ElementID, frame: Rect)?
    rows.forEachElement(in: rect) { id, row in
      let r = id.item
      if let (inner, frame) = clouds[r].anchorElement(in: rect.offsetBy(dx: -row.minX, dy: -row.minY)) {
        let outer = (
          id: ElementID(kind: inner.kind, section: r, item: inner.item),
          frame: frame.offsetBy(dx: row.minX, dy: row.minY)
        )
        if clouds[r].isMeasured(inner) {
          found = outer
          return false
        }
        if fallback == nil { fallback = outer }
      } else if fallback == nil {
        fallback = (ElementID(kind: TagTableLayout.rowKind, section: r, item: 0), row)
      }
      return true
    }
    return found ?? fallback
  }

  /// The same tags (measured and estimated sizes) laid out for `viewport`:
  /// each row's cloud re-flowed at the new row width
  /// (`PreparedTagCloudLayout.resized(to:)`), the rows as tall as their
  /// clouds.
  ///
  /// - Complexity: O(n).
  /// - Throws: `LayoutError.invalidViewport`, or `.invalidConfiguration`
  ///   when the insets leave no room for rows.
  public func resized(to viewport: Viewport) throws(LayoutError) -> PreparedTagTableLayout {
    let viewport = try viewport.validated()
    let width = layout.rowWidth(forWidth: viewport.size.width)
    guard width > 0 else { throw .invalidConfiguration("the table insets leave no room for rows") }
    var resized: [PreparedTagCloudLayout] = []
    resized.reserveCapacity(clouds.count)
    for cloud in clouds { resized.append(try cloud.resized(to: Viewport(width: width, height: viewport.size.height))) }
    return try PreparedTagTableLayout(layout: layout, viewport: viewport, clouds: resized)
  }
}
