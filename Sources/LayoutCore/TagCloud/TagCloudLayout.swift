/// A left-aligned flow of tags: each tag is its text's size plus padding
/// (the caller measures it), clamped to the content width; tags flow into
/// lines, lines stack down the page, each section under an optional header.
///
/// The layout only needs sizes; callers keep the tags' texts. Prepared with
/// estimated sizes, it takes measured sizes as tags come into view
/// (`PreparedTagCloudLayout.setMeasuredSize`) in O(log n) each, without a new
/// prepare. See `Guides/TagCloud.md` and `Guides/SelfSizing.md`.
///
/// ```swift
/// let layout = TagCloudLayout(lineSpacing: 8, itemSpacing: 8)
/// var cloud = try layout.prepare(estimated: LayoutItems(count: 1_000_000, size: Size(width: 80, height: 30)),
///                                viewport: Viewport(width: 390, height: 844))
/// cloud.setMeasuredSize(Size(width: 64, height: 28), for: .cell(0))
/// ```
///
/// Bad input: `prepare` throws `LayoutError.invalidConfiguration` for a
/// negative or non-finite spacing, inset or header height and a negative
/// paragraph length (`validate()`); tags wider than the content width are
/// clamped to it.
public struct TagCloudLayout: CollectionLayout {
  /// Space between lines.
  public var lineSpacing: Double
  /// Space between tags in a line.
  public var itemSpacing: Double
  /// Insets around each section's tags (below its header).
  public var sectionInset: EdgeInsets
  /// The height of each section's header; 0 for none. Headers span the
  /// viewport's width.
  public var headerHeight: Double
  /// Lines run from the right edge (mirrored for right-to-left scripts).
  public var isRightToLeft: Bool
  /// A line always breaks before every `paragraphLength`-th tag of a
  /// section; 0 (default) lets lines flow through the whole section.
  ///
  /// Bounds the work a changed tag *width* costs: the lines after it are
  /// re-flowed up to the end of its paragraph (see `Guides/SelfSizing.md`).
  public var paragraphLength: Int

  /// A tag cloud; the defaults suit a phone (8 pt spacings and insets).
  public init(
    lineSpacing: Double = 8, itemSpacing: Double = 8,
    sectionInset: EdgeInsets = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
    headerHeight: Double = 0, isRightToLeft: Bool = false, paragraphLength: Int = 0
  ) {
    self.lineSpacing = lineSpacing
    self.itemSpacing = itemSpacing
    self.sectionInset = sectionInset
    self.headerHeight = headerHeight
    self.isRightToLeft = isRightToLeft
    self.paragraphLength = paragraphLength
  }

  /// The widest a tag may be in a viewport `width` wide: the room between
  /// the section insets (at least 0). Measure wrapped text to this width
  /// minus the tag's horizontal padding.
  public func maxTagWidth(forWidth width: Double) -> Double {
    Swift.max(0, width.finiteOr(0) - Self.clean(sectionInset.left) - Self.clean(sectionInset.right))
  }

  @usableFromInline static func clean(_ value: Double) -> Double { Swift.max(0, value.finiteOr(0)) }

  /// The most tags a cloud holds: every tag is stored (about 57 bytes
  /// each), so the limit is `LayoutLimits.maximumStoredItemCount`
  /// (16,777,216 tags, under 1 GB), checked before anything is allocated.
  public static let maximumItemCount = LayoutLimits.maximumStoredItemCount

  /// Checks every number: spacings, insets and the header height finite
  /// and not negative, the paragraph length not negative.
  ///
  /// - Throws: `LayoutError.invalidConfiguration` naming the first bad value.
  public func validate() throws(LayoutError) {
    let lengths: [(String, Double)] = [
      ("line spacing", lineSpacing), ("item spacing", itemSpacing), ("header height", headerHeight),
      ("top inset", sectionInset.top), ("left inset", sectionInset.left), ("bottom inset", sectionInset.bottom),
      ("right inset", sectionInset.right),
    ]
    for (name, value) in lengths where !(value.isFinite && value >= 0 && value <= LayoutLimits.maximumExtent) {
      throw .invalidConfiguration(
        "the tag cloud's \(name) must be from 0 to \(LayoutLimits.maximumExtent) points, not \(value)")
    }
    guard paragraphLength >= 0 else {
      throw .invalidConfiguration("the tag cloud's paragraph length must not be negative, not \(paragraphLength)")
    }
  }

  /// `cloud`, when its content stays within `LayoutLimits.maximumExtent`.
  ///
  /// - Throws: `LayoutError.contentTooLarge` for taller content.
  static func checkExtent(_ cloud: PreparedTagCloudLayout) throws(LayoutError) -> PreparedTagCloudLayout {
    try LayoutLimits.checkContent(cloud.contentSize(at: ScrollState()).height)
    return cloud
  }

  /// Checks the total count against `maximumItemCount`.
  static func checkCount(_ items: LayoutItems, layout: String = "tag cloud") throws(LayoutError) {
    var total = 0
    for (s, section) in items.sections.enumerated() {
      let (sum, overflow) = total.addingReportingOverflow(section.count)
      guard section.count >= 0 else { throw .invalidItemCount(section: s, count: section.count) }
      guard !overflow, sum <= maximumItemCount else {
        throw .tooManyItems(count: overflow ? Int.max : sum, limit: maximumItemCount, layout: layout)
      }
      total = sum
    }
  }

  /// Lays out tags of known (measured) sizes.
  ///
  /// - Complexity: O(n); about 57 bytes per tag.
  /// - Throws: `LayoutError` for a bad viewport or tag size, or
  ///   `.tooManyItems` past `maximumItemCount` tags in all.
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedTagCloudLayout {
    try validate()
    let viewport = try viewport.validated()
    try items.validate()
    try Self.checkCount(items)
    return try Self.checkExtent(PreparedTagCloudLayout(layout: self, items: items, viewport: viewport, measured: true))
  }

  /// Lays out tags whose sizes are estimates: every tag starts unmeasured,
  /// and takes its real size through `PreparedTagCloudLayout.setMeasuredSize`.
  ///
  /// - Complexity: O(n).
  /// - Throws: `LayoutError` for a bad viewport or size, or
  ///   `.tooManyItems` past `maximumItemCount` tags in all.
  public func prepare(estimated items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedTagCloudLayout {
    try validate()
    let viewport = try viewport.validated()
    try items.validate()
    try Self.checkCount(items)
    return try Self.checkExtent(PreparedTagCloudLayout(layout: self, items: items, viewport: viewport, measured: false))
  }

  /// The size all of `items` take in a viewport `width` wide: the width,
  /// and the content height (what a table row holding this cloud needs).
  ///
  /// - Complexity: O(n); a prepared cloud answers in O(log n) after updates
  ///   (`PreparedTagCloudLayout.fittingSize(forWidth:)`).
  /// - Throws: `LayoutError` for a width that is not finite and positive or
  ///   a bad size.
  public func fittingSize(for items: LayoutItems, width: Double) throws(LayoutError) -> Size {
    let prepared = try prepare(items: items, viewport: Viewport(width: width, height: 1))
    return prepared.contentSize(at: ScrollState())
  }
}

extension TagCloudLayout: EstimatingLayout {}
