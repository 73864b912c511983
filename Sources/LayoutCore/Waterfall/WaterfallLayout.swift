/// A vertical waterfall (Pinterest-style columns), the model of
/// CHTCollectionViewWaterfallLayout.
///
/// Each section is: a header (`headerHeight`, the viewport's full width;
/// none when 0), the section's top inset, its columns, its bottom inset and
/// a footer (`footerHeight`). A section has `columnCount` columns (or its
/// own count from `sectionColumnCounts`) of equal width
/// `(W − left − right − (c − 1)·columnSpacing) / c` between the section's
/// left and right insets. Each item, in order, goes into the column whose
/// next free position is highest (the shortest column; ties go to the
/// lowest-numbered column), at the column's width and at the height its
/// intrinsic size's aspect ratio gives: `width·h/w` (0 for an item of zero
/// width, as CHT does). Consecutive items of a column are `itemSpacing`
/// apart. The items' area ends at the bottom of the longest column.
///
/// Columns are numbered from the left, or from the right when `direction`
/// is `.rightToLeft` (the layout is then the mirror image: ties go to the
/// rightmost column).
///
/// Self-sizing: `prepare(estimated:viewport:)`, then
/// `PreparedWaterfallLayout.setMeasuredSize(_:for:keepingLinesFrom:)` takes
/// measured sizes in O(log n) each, every column kept packed (items above
/// the anchor grow upward); `settled()` re-places afresh when the columns'
/// starts differ at the top (see Guides/Waterfall.md).
///
/// ```swift
/// let prepared = try WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8)
///   .prepare(items: LayoutItems(photoSizes), viewport: Viewport(width: 390, height: 844))
/// ```
///
/// Bad input: `prepare` throws `LayoutError.invalidConfiguration` for a
/// column count outside `1...maximumColumnCount`, a negative or non-finite
/// spacing, inset or header or footer height, or more than
/// `maximumItemCount` items; `invalidItemSize` for an item whose size is
/// negative or not finite or whose height would pass
/// `maximumItemHeight`. Columns that do not fit are clamped to width 0.
public struct WaterfallLayout: CollectionLayout {
  /// Which side column 0 is on.
  public enum Direction: String, Hashable, Sendable, CaseIterable {
    /// Column 0 is the leftmost.
    case leftToRight
    /// Column 0 is the rightmost.
    case rightToLeft
  }

  /// The number of columns of each section without its own count.
  public var columnCount: Int
  /// Horizontal space between columns.
  public var columnSpacing: Double
  /// Vertical space between consecutive items of a column.
  public var itemSpacing: Double
  /// Insets around each section's columns.
  public var sectionInset: EdgeInsets
  /// Each section header's height; 0 for none.
  public var headerHeight: Double
  /// Each section footer's height; 0 for none.
  public var footerHeight: Double
  /// Column counts of the sections that differ from `columnCount`, by
  /// section index; entries for sections that do not exist are ignored.
  public var sectionColumnCounts: [Int: Int]
  /// Which side column 0 is on.
  public var direction: Direction

  /// A waterfall layout; the defaults are CHT's (2 columns, 10 pt
  /// spacings, no insets, headers or footers).
  public init(
    columnCount: Int = 2, columnSpacing: Double = 10, itemSpacing: Double = 10, sectionInset: EdgeInsets = .zero,
    headerHeight: Double = 0, footerHeight: Double = 0, sectionColumnCounts: [Int: Int] = [:],
    direction: Direction = .leftToRight
  ) {
    self.columnCount = columnCount
    self.columnSpacing = columnSpacing
    self.itemSpacing = itemSpacing
    self.sectionInset = sectionInset
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
    self.sectionColumnCounts = sectionColumnCounts
    self.direction = direction
  }

  /// The most columns a section may have.
  public static let maximumColumnCount = 1024
  /// The most items a layout may hold: 50,000,000. The geometry keeps
  /// about 27 bytes per item (its height and a Fenwick entry, its index,
  /// column and place in the column, whether it is measured), so the limit
  /// is about 1.35 GB of geometry (about 2.2 GB while preparing), what a
  /// machine can allocate; more is refused before anything is allocated.
  public static let maximumItemCount = 50_000_000
  /// The tallest item, in points.
  public static let maximumItemHeight: Double = 1e12

  /// The number of columns of `section`.
  public func columnCount(inSection section: Int) -> Int { sectionColumnCounts[section] ?? columnCount }

  /// Checks the configuration.
  ///
  /// - Throws: `LayoutError.invalidConfiguration` naming the bad value.
  public func validate() throws(LayoutError) {
    func check(_ value: Double, _ name: String) throws(LayoutError) {
      guard value.isFinite, value >= 0, value <= LayoutLimits.maximumExtent else {
        throw .invalidConfiguration(
          "waterfall \(name) \(value) must be from 0 to \(LayoutLimits.maximumExtent) points")
      }
    }
    try check(columnSpacing, "column spacing")
    try check(itemSpacing, "item spacing")
    try check(sectionInset.top, "top inset")
    try check(sectionInset.left, "left inset")
    try check(sectionInset.bottom, "bottom inset")
    try check(sectionInset.right, "right inset")
    try check(headerHeight, "header height")
    try check(footerHeight, "footer height")
    let range = 1...Self.maximumColumnCount
    guard range.contains(columnCount) else {
      throw .invalidConfiguration("waterfall column count \(columnCount) must be in \(range)")
    }
    for (section, count) in sectionColumnCounts where !range.contains(count) {
      throw .invalidConfiguration("waterfall column count \(count) of section \(section) must be in \(range)")
    }
  }

  /// Places every item.
  ///
  /// - Complexity: O(n·c) time for c columns; about 27 bytes per item (each
  ///   item's height and its Fenwick entry in its column, its index, its
  ///   column and its place in the column, a measured flag).
  /// - Throws: `LayoutError` for a bad viewport, configuration or item (see
  ///   the type's documentation).
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedWaterfallLayout {
    let viewport = try viewport.validated()
    try validate()
    try checkCounts(items)
    try items.validate()
    let prepared = try PreparedWaterfallLayout(layout: self, items: items, viewport: viewport)
    try LayoutLimits.checkContent(prepared.contentHeight)
    return prepared
  }

  /// Refuses a negative count or more than `maximumItemCount` items in
  /// all, before anything is allocated.
  func checkCounts(_ items: LayoutItems) throws(LayoutError) {
    var total = 0
    for (s, section) in items.sections.enumerated() {
      if case .uniform(_, let count) = section, count < 0 { throw .invalidItemCount(section: s, count: count) }
      let (sum, overflow) = total.addingReportingOverflow(section.count)
      guard !overflow, sum <= Self.maximumItemCount else {
        throw .invalidConfiguration(
          "a waterfall holds at most \(Self.maximumItemCount) items (about 27 bytes each); "
            + "section \(s) brings the total past it")
      }
      total = sum
    }
  }

  /// Prepares `items` as estimates: each item keeps its estimated size
  /// until it is measured (`setMeasuredSize(_:for:keepingLinesFrom:)`, what a self-sizing
  /// cell reports), and `forEachUnmeasured(in:_:)` names the ones still to
  /// measure.
  ///
  /// - Complexity: as `prepare(items:viewport:)`.
  public func prepare(estimated items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedWaterfallLayout {
    let viewport = try viewport.validated()
    try validate()
    try checkCounts(items)
    try items.validate()
    let prepared = try PreparedWaterfallLayout(layout: self, items: items, viewport: viewport, estimated: true)
    try LayoutLimits.checkContent(prepared.contentHeight)
    return prepared
  }
}

extension WaterfallLayout: EstimatingLayout {}
