/// A list whose rows each hold a tag cloud and are exactly as tall as it:
/// the seed's table of collection views, without a second layout pass.
///
/// Each section of the items is one row's tags. A row's height is its
/// cloud's fitting height at the row's width (`TagCloudLayout.fittingSize`);
/// the rows are then laid out as an outer list, one per line. Nothing
/// scrolls inside a row.
///
/// Elements: each row is a `.decoration("row")` (section = row, item 0);
/// its tags are cells `.cell(tag, section: row)`, its header (when the inner
/// cloud has one) `.header` of the row's section.
///
/// Bad input: `prepare` throws `LayoutError.invalidConfiguration` for a
/// negative or non-finite row spacing or table inset, a bad inner cloud
/// (`TagCloudLayout.validate()`), or insets that leave no room for rows.
public struct TagTableLayout: CollectionLayout {
  /// The cloud inside each row (its insets apply inside the row).
  public var cloud: TagCloudLayout
  /// Space between rows.
  public var rowSpacing: Double
  /// Insets around the rows.
  public var tableInset: EdgeInsets

  public init(cloud: TagCloudLayout = TagCloudLayout(), rowSpacing: Double = 1, tableInset: EdgeInsets = .zero) {
    self.cloud = cloud
    self.rowSpacing = rowSpacing
    self.tableInset = tableInset
  }

  /// The row element's kind.
  public static let rowKind = ElementKind.decoration("row")

  /// The outer list: rows as full-width items of the given heights.
  var rowsLayout: TagCloudLayout {
    TagCloudLayout(lineSpacing: rowSpacing, itemSpacing: 0, sectionInset: tableInset)
  }

  /// The width of each row (and of the cloud in it) in a viewport `width`
  /// wide.
  public func rowWidth(forWidth width: Double) -> Double { rowsLayout.maxTagWidth(forWidth: width) }

  /// The validated viewport and the rows' width, once the configuration,
  /// the viewport and the items are checked.
  private func checked(_ items: LayoutItems, _ viewport: Viewport) throws(LayoutError) -> (Viewport, Double) {
    try cloud.validate()
    try rowsLayout.validate()
    let viewport = try viewport.validated()
    try items.validate()
    try TagCloudLayout.checkCount(items, layout: "tag table")
    let width = rowWidth(forWidth: viewport.size.width)
    guard width > 0 else { throw .invalidConfiguration("the table insets leave no room for rows") }
    return (viewport, width)
  }

  /// Prepares each row's cloud at the row width, then the rows.
  ///
  /// - Complexity: O(n) over all tags.
  /// - Throws: `LayoutError` for a bad viewport or size, or
  ///   `.invalidConfiguration` when the insets leave no room for rows.
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedTagTableLayout {
    let (viewport, width) = try checked(items, viewport)
    var clouds: [PreparedTagCloudLayout] = []
    clouds.reserveCapacity(items.sections.count)
    var heights: [Size] = []
    heights.reserveCapacity(items.sections.count)
    for section in items.sections {
      let inner = try cloud.prepare(
        items: LayoutItems(sections: [section]), viewport: Viewport(width: width, height: viewport.size.height))
      clouds.append(inner)
      heights.append(Size(width: width, height: inner.fittingSize(forWidth: width).height))
    }
    let rows = try rowsLayout.prepare(items: LayoutItems(heights), viewport: viewport)
    return PreparedTagTableLayout(layout: self, viewport: viewport, rows: rows, clouds: clouds)
  }

  /// Prepares rows whose tags' sizes are estimates: each row's cloud is
  /// prepared from estimates (`TagCloudLayout.prepare(estimated:viewport:)`)
  /// and the rows are as tall as those clouds; a tag's measured size
  /// (`PreparedTagTableLayout.setMeasuredSize(_:for:keepingLinesFrom:)`)
  /// re-flows its row's cloud and sets the row's height.
  ///
  /// - Complexity: O(n) over all tags.
  /// - Throws: as `prepare(items:viewport:)`.
  public func prepare(estimated items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedTagTableLayout {
    let (viewport, width) = try checked(items, viewport)
    var clouds: [PreparedTagCloudLayout] = []
    clouds.reserveCapacity(items.sections.count)
    for section in items.sections {
      clouds.append(
        try cloud.prepare(
          estimated: LayoutItems(sections: [section]), viewport: Viewport(width: width, height: viewport.size.height)))
    }
    return try PreparedTagTableLayout(layout: self, viewport: viewport, clouds: clouds)
  }
}

/// A tag table's geometry: the rows (an outer `PreparedTagCloudLayout` of
/// full-width items) and each row's cloud.
public struct PreparedTagTableLayout: PreparedLayout {
  public let layout: TagTableLayout
  public let viewport: Viewport
  /// The rows, as items of section 0 (item r is row r).
  public internal(set) var rows: PreparedTagCloudLayout
  /// Each row's cloud, in the row's coordinates.
  public internal(set) var clouds: [PreparedTagCloudLayout]

  init(layout: TagTableLayout, viewport: Viewport, rows: PreparedTagCloudLayout, clouds: [PreparedTagCloudLayout]) {
    self.layout = layout
    self.viewport = viewport
    self.rows = rows
    self.clouds = clouds
  }

  /// The rows for `clouds` (prepared at the row width): each as tall as
  /// its cloud's content.
  init(layout: TagTableLayout, viewport: Viewport, clouds: [PreparedTagCloudLayout]) throws(LayoutError) {
    let width = layout.rowWidth(forWidth: viewport.size.width)
    let heights = clouds.map { Size(width: width, height: $0.contentSize(at: ScrollState()).height) }
    let rows = try layout.rowsLayout.prepare(items: LayoutItems(heights), viewport: viewport)
    self.init(layout: layout, viewport: viewport, rows: rows, clouds: clouds)
  }

  public var numberOfSections: Int { clouds.count }

  public func numberOfItems(inSection section: Int) -> Int {
    section >= 0 && section < clouds.count ? clouds[section].numberOfItems(inSection: 0) : 0
  }

  /// - Complexity: O(log rows).
  public func contentSize(at state: ScrollState) -> Size { rows.contentSize(at: state) }

  /// The frame of row `row`, or `nil` when there is none.
  ///
  /// - Complexity: O(log rows).
  public func rowFrame(_ row: Int) -> Rect? { rows.frame(for: .cell(row)) }

  /// Rows that meet `rect`, then the tags of each that meet it.
  ///
  /// - Complexity: O(log rows + Σ (log tags in row + k)) over the rows met.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    rows.forEachElement(in: rect) { id, frame in
      let r = id.item
      result.append(LayoutAttributes(id: ElementID(kind: TagTableLayout.rowKind, section: r, item: 0), frame: frame))
      let start = result.count
      clouds[r].attributes(in: rect.offsetBy(dx: -frame.minX, dy: -frame.minY), at: ScrollState(), into: &result)
      for i in start..<result.count {
        result[i].id.section = r
        result[i].center = Point(x: result[i].center.x + frame.minX, y: result[i].center.y + frame.minY)
        result[i].zIndex += 1
      }
      return true
    }
  }

  /// - Complexity: O(log n).
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.section >= 0, id.section < clouds.count, let row = rowFrame(id.section) else { return nil }
    if id.kind == TagTableLayout.rowKind {
      return id.item == 0 ? LayoutAttributes(id: id, frame: row) : nil
    }
    guard var inner = clouds[id.section].attributes(for: ElementID(kind: id.kind, section: 0, item: id.item), at: state)
    else { return nil }
    inner.id = id
    inner.center = Point(x: inner.center.x + row.minX, y: inner.center.y + row.minY)
    inner.zIndex += 1
    return inner
  }
}

extension TagTableLayout: EstimatingLayout {}
