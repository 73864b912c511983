/// A line-based flow layout, the engine's counterpart of
/// `UICollectionViewFlowLayout` and the baseline every other layout is
/// measured against.
///
/// Items flow across the cross axis into lines; lines stack along the scroll
/// axis. Each section is: an optional header, the section's leading inset,
/// its lines, its trailing inset, an optional footer. Headers and footers
/// span the viewport's cross extent and may pin to the visible bounds as
/// with `sectionHeadersPinToVisibleBounds`.
///
/// Within a line, items centre on the line's main-axis extent (as UIKit
/// does). Across the line, `alignment` distributes them; `.justified`
/// approximates UIKit: full lines spread their items edge to edge, the last
/// line of a section and single-item lines keep the minimum spacing from
/// the leading edge.
///
/// Bad input: an item wider (across the lines) than the room between the
/// section insets is clamped to that room. `prepare` throws
/// `LayoutError.invalidConfiguration` for a negative or non-finite spacing,
/// inset or header/footer length, for a leading inset across the lines
/// (`sectionInset.left` when scrolling vertically, `.top` horizontally)
/// past `LayoutLimits.maximumExtent`, and for more than
/// `LayoutItems.maximumAddressableCount` items; and
/// `LayoutError.contentTooLarge` for content longer than
/// `LayoutLimits.maximumExtent` (huge sizes, spacings, insets or
/// header/footer lengths; with an infinite extent when the length
/// overflows `Double`).
public struct FlowLayout: CollectionLayout {
  /// How items share a line's spare room.
  public enum Alignment: String, Hashable, Sendable, CaseIterable {
    /// Items keep the minimum spacing from the leading edge.
    case leading
    /// Spare room goes between items; last lines stay leading.
    case justified
    /// Items keep the minimum spacing, centred as a group.
    case center

    /// Where a line's first item starts across the scroll axis, and the
    /// spacing between its items, for `count` items taking `used` points
    /// of `room` (which starts at `start`) with minimum spacing `gap`.
    /// One rule for stored and uniform sections alike.
    @inlinable func place(
      count: Int, used: Double, gap: Double, room: Double, start: Double, isLast: Bool
    )
      -> (start: Double, spacing: Double)
    {
      let spare = Swift.max(0, room - used - gap * Double(count - 1))
      switch self {
      case .leading: return (start, gap)
      case .center: return (start + spare / 2, gap)
      case .justified: return (start, !isLast && count > 1 ? gap + spare / Double(count - 1) : gap)
      }
    }
  }

  /// The scroll direction.
  public var axis: Axis
  /// Space between lines (UIKit's `minimumLineSpacing`).
  public var lineSpacing: Double
  /// Minimum space between items in a line (`minimumInteritemSpacing`).
  public var interItemSpacing: Double
  /// Insets around each section's items.
  public var sectionInset: EdgeInsets
  /// The main-axis extent of each section header; 0 for none.
  public var headerLength: Double
  /// The main-axis extent of each section footer; 0 for none.
  public var footerLength: Double
  /// Headers stick to the leading edge of the visible bounds while their
  /// section is on screen.
  public var pinsHeaders: Bool
  /// Footers stick to the trailing edge of the visible bounds while their
  /// section is on screen.
  public var pinsFooters: Bool
  /// How items share a line's spare room.
  public var alignment: Alignment

  /// A flow layout; the defaults are `UICollectionViewFlowLayout`'s
  /// (vertical, 10 pt spacings, no insets, no headers or footers).
  public init(
    axis: Axis = .vertical, lineSpacing: Double = 10, interItemSpacing: Double = 10,
    sectionInset: EdgeInsets = .zero, headerLength: Double = 0, footerLength: Double = 0,
    pinsHeaders: Bool = false, pinsFooters: Bool = false, alignment: Alignment = .justified
  ) {
    self.axis = axis
    self.lineSpacing = lineSpacing
    self.interItemSpacing = interItemSpacing
    self.sectionInset = sectionInset
    self.headerLength = headerLength
    self.footerLength = footerLength
    self.pinsHeaders = pinsHeaders
    self.pinsFooters = pinsFooters
    self.alignment = alignment
  }

  /// Checks every length: spacings, insets, header and footer lengths.
  ///
  /// - Complexity: O(1).
  /// - Throws: `LayoutError.invalidConfiguration` naming the first value
  ///   that is NaN, infinite or negative, or the leading inset across the
  ///   lines (`sectionInset.left` for a vertical axis, `sectionInset.top`
  ///   for a horizontal one) when it is past `LayoutLimits.maximumExtent`.
  public func validate() throws(LayoutError) {
    _ = try lineSpacing.validatedLength("lineSpacing")
    _ = try interItemSpacing.validatedLength("interItemSpacing")
    _ = try sectionInset.top.validatedLength("sectionInset.top")
    _ = try sectionInset.left.validatedLength("sectionInset.left")
    _ = try sectionInset.bottom.validatedLength("sectionInset.bottom")
    _ = try sectionInset.right.validatedLength("sectionInset.right")
    _ = try headerLength.validatedLength("headerLength")
    _ = try footerLength.validatedLength("footerLength")
    // Cells lie across the lines between the leading inset and the
    // viewport's cross extent (items are clamped to the room between the
    // insets), but that inset does not add into the content length that
    // prepare checks against LayoutLimits.maximumExtent, so it is bounded
    // here: a 1e300 pt left inset put every cell at x = 1e300, beyond the
    // whole-plane query. The trailing inset and interItemSpacing need no
    // bound: they only shrink the room or start new lines.
    let across = axis.cross
    let leadingAcross = sectionInset.leading(across)
    if leadingAcross > LayoutLimits.maximumExtent {
      let name = across == .horizontal ? "sectionInset.left" : "sectionInset.top"
      throw .invalidConfiguration("\(name) must be at most \(LayoutLimits.maximumExtent) points, got \(leadingAcross)")
    }
  }

  /// Lays out every item once.
  ///
  /// - Complexity: O(n) time; 48 bytes per stored item (its size, place
  ///   across the line and line; its line's start and length).
  /// - Throws: `LayoutError` for a bad viewport, item size or configuration
  ///   (`validate()`), more than `LayoutItems.maximumAddressableCount` items,
  ///   or content longer than `LayoutLimits.maximumExtent` (`.contentTooLarge`,
  ///   with an infinite extent when the length overflows `Double`).
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedFlowLayout {
    let viewport = try viewport.validated()
    try validate()
    try items.validate()
    try items.validateAddressableCount()
    return try PreparedFlowLayout(layout: self, items: items, viewport: viewport)
  }

  /// Lays out items whose sizes are estimates: every cell starts
  /// unmeasured and takes its real size later through
  /// `PreparedFlowLayout.setMeasuredSize(_:for:keepingLinesFrom:)` (what a
  /// self-sizing cell reports; `forEachUnmeasured(in:_:)` names the cells
  /// still to measure). Uniform sections are stored cell by cell, so that
  /// each cell can take its own size.
  ///
  /// ```swift
  /// var flow = try FlowLayout(axis: .horizontal)
  ///   .prepare(estimated: LayoutItems(count: 10_000, size: Size(width: 80, height: 40)),
  ///            viewport: Viewport(width: 390, height: 300))
  /// flow.setMeasuredSize(Size(width: 120, height: 40), for: .cell(3), keepingLinesFrom: nil)
  /// ```
  ///
  /// - Complexity: as `prepare(items:viewport:)`, with every cell stored
  ///   (48 bytes, plus 16 for the lines' shifts and 1 for the measured flag,
  ///   per cell).
  /// - Throws: as `prepare(items:viewport:)`, and `.tooManyItems` past
  ///   `LayoutLimits.maximumStoredItemCount` items (before allocating).
  public func prepare(estimated items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedFlowLayout {
    try items.validate()
    try items.validateAddressableCount()
    try LayoutLimits.checkStoredCount(items, layout: "flow layout with estimated sizes")
    var prepared = try prepare(items: items.storingEachSize, viewport: viewport)
    prepared.isEstimated = true
    prepared.measured = MeasuredFlags(total: prepared.cells.count, measured: false)
    // The lines' shifts now, so that no measurement pays O(n) to build them.
    prepared.shifts = ExtentTree([Double](repeating: 0, count: prepared.cells.count))
    return prepared
  }
}

extension FlowLayout: EstimatingLayout {}
