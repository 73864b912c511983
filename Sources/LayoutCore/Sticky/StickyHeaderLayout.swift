/// A vertical, sectioned list with a stretchy top header, a sticky menu bar,
/// sticky section headers and parallax photos in its cells.
///
/// Top to bottom the content holds: the top header, the menu bar, then per
/// section a section header, the section's cells (one per line) and a
/// section footer. Every element spans the viewport's width except cells,
/// which are inset by `interItemSpacing` on both sides. An element whose
/// height is 0 is absent. `lineSpacing` goes between the cells of a section.
///
/// Scroll effects, each switched on its own (all off by default, which
/// gives a plain list):
/// - `isHeaderStretchy`: pulling down (offset `o < 0`) scales the header
///   about its centre by `U / h`, `U = max(h, min(H, h − o))`, with its top
///   at the viewport's top; scrolling up, it stays at the viewport's top
///   under the content until `o = h`, then scrolls away with the content.
/// - `isHeaderOverlayEnabled`: the header's `overlayAlpha` is
///   `clamp(o / h, 0, maxHeaderOverlayAlpha)`.
/// - `isMenuSticky`: the menu stops at the viewport's top once it reaches it.
/// - `areSectionHeadersSticky`: a section header sticks under the sticky
///   menu (or the viewport's top) while its section is on screen and never
///   passes the start of its section's footer.
/// - `isCellParallaxEnabled`: each cell's `contentRect` is `2·maxCellParallax`
///   taller than the cell and moves by
///   `clamp(−max · d / (H/2 + cellHeight/2), −max, max)`, with `d` the
///   distance from the cell's centre to the viewport's centre.
///
/// ```swift
/// let prepared = try StickyHeaderLayout.jungleCup.prepare(
///   items: LayoutItems(sections: [4, 6, 3].map { .uniform(.zero, count: $0) }),
///   viewport: Viewport(width: 390, height: 844))
/// let visible = prepared.visibleAttributes(at: ScrollState(x: 0, y: -100))
/// ```
///
/// Bad input: `prepare` throws `LayoutError.invalidConfiguration` for a
/// negative or non-finite length, spacing or parallax, an
/// `interItemSpacing` or `maxCellParallax` past
/// `LayoutLimits.maximumExtent`, a stretchy header between 0 and
/// `Viewport.minimumExtent` points, an overlay alpha outside 0...1, a bad
/// fixed cell size or more than `LayoutItems.maximumAddressableCount`
/// items, and `.contentTooLarge` for content taller than
/// `LayoutLimits.maximumExtent` (with an infinite extent when the height
/// overflows `Double`); cells wider than the room between the insets are
/// narrowed to it.
public struct StickyHeaderLayout: CollectionLayout {
  /// How big each cell is.
  public enum CellSize: Hashable, Sendable {
    /// Each cell takes its item's size (heights may vary within a section).
    case items
    /// Every cell spans the room between the insets and has this height;
    /// the items' sizes are ignored.
    case fullWidth(height: Double)
    /// Every cell has this size; the items' sizes are ignored.
    case fixed(Size)
  }

  /// The top header's height; 0 for none.
  public var headerHeight: Double
  /// The menu bar's height; 0 for none.
  public var menuHeight: Double
  /// Each section header's height; 0 for none.
  public var sectionHeaderHeight: Double
  /// Each section footer's height; 0 for none.
  public var sectionFooterHeight: Double
  /// The size of the cells.
  public var cellSize: CellSize
  /// Space between consecutive cells of a section.
  public var lineSpacing: Double
  /// Space between the cells and the viewport's left and right edges.
  public var interItemSpacing: Double
  /// The top header stretches when pulled down and stays under the content
  /// while it is scrolled over.
  public var isHeaderStretchy: Bool
  /// The top header darkens as the content covers it.
  public var isHeaderOverlayEnabled: Bool
  /// The top header's largest overlay alpha, in 0...1.
  public var maxHeaderOverlayAlpha: Double
  /// The menu bar sticks to the top of the viewport.
  public var isMenuSticky: Bool
  /// Section headers stick under the menu (or the viewport's top).
  public var areSectionHeadersSticky: Bool
  /// Cells' photos move against the scroll (`contentRect`).
  public var isCellParallaxEnabled: Bool
  /// The largest distance a cell's photo moves, in points.
  public var maxCellParallax: Double

  public init(
    headerHeight: Double = 0, menuHeight: Double = 0, sectionHeaderHeight: Double = 0,
    sectionFooterHeight: Double = 0, cellSize: CellSize = .items, lineSpacing: Double = 0,
    interItemSpacing: Double = 0, isHeaderStretchy: Bool = false, isHeaderOverlayEnabled: Bool = false,
    maxHeaderOverlayAlpha: Double = 1, isMenuSticky: Bool = false, areSectionHeadersSticky: Bool = false,
    isCellParallaxEnabled: Bool = false, maxCellParallax: Double = 0
  ) {
    self.headerHeight = headerHeight
    self.menuHeight = menuHeight
    self.sectionHeaderHeight = sectionHeaderHeight
    self.sectionFooterHeight = sectionFooterHeight
    self.cellSize = cellSize
    self.lineSpacing = lineSpacing
    self.interItemSpacing = interItemSpacing
    self.isHeaderStretchy = isHeaderStretchy
    self.isHeaderOverlayEnabled = isHeaderOverlayEnabled
    self.maxHeaderOverlayAlpha = maxHeaderOverlayAlpha
    self.isMenuSticky = isMenuSticky
    self.areSectionHeadersSticky = areSectionHeadersSticky
    self.isCellParallaxEnabled = isCellParallaxEnabled
    self.maxCellParallax = maxCellParallax
  }

  /// The "Jungle Cup" roster's settings: a 300 pt stretchy header with an
  /// overlay up to 0.6, a 70 pt sticky menu, 50 pt sticky section headers and
  /// 50 pt footers, full-width 200 pt cells 3 pt apart with up to 60 pt of
  /// parallax.
  public static let jungleCup = StickyHeaderLayout(
    headerHeight: 300, menuHeight: 70, sectionHeaderHeight: 50, sectionFooterHeight: 50,
    cellSize: .fullWidth(height: 200), lineSpacing: 3, interItemSpacing: 0, isHeaderStretchy: true,
    isHeaderOverlayEnabled: true, maxHeaderOverlayAlpha: 0.6, isMenuSticky: true, areSectionHeadersSticky: true,
    isCellParallaxEnabled: true, maxCellParallax: 60)

  /// Whether the header's height can be drawn as configured: any height
  /// for a header that does not stretch; 0 (no header) or at least
  /// `Viewport.minimumExtent` points for one that does. A stretchy header
  /// is scaled by (drawn height) / (its height), with a drawn height up to
  /// the viewport's: from `Viewport.minimumExtent` on, that factor stays
  /// finite (a 5e-324 pt header gave an infinite transform; fuzz input
  /// Fuzz/Crashers/FuzzLayouts/sticky-subnormal-stretchy-header).
  /// `validate()` throws where this is `false`; a tool can check it first
  /// to name its own option.
  ///
  /// - Complexity: O(1).
  public var hasDrawableHeaderHeight: Bool {
    !(isHeaderStretchy && headerHeight > 0 && headerHeight < Viewport.minimumExtent)
  }

  /// Checks every length and limit.
  ///
  /// - Throws: `LayoutError.invalidConfiguration` naming the first bad value
  ///   (a stretchy header between 0 and `Viewport.minimumExtent` points
  ///   too).
  public func validate() throws(LayoutError) {
    let lengths: [(String, Double)] = [
      ("headerHeight", headerHeight), ("menuHeight", menuHeight), ("sectionHeaderHeight", sectionHeaderHeight),
      ("sectionFooterHeight", sectionFooterHeight), ("lineSpacing", lineSpacing),
      ("interItemSpacing", interItemSpacing), ("maxCellParallax", maxCellParallax),
    ]
    for (name, value) in lengths where !(value.isFinite && value >= 0) {
      throw .invalidConfiguration("\(name) must be finite and not negative, got \(value)")
    }
    // The cells' side inset and the parallax do not add into the content
    // height that prepare checks against LayoutLimits.maximumExtent, so
    // they are bounded here (a 1e308 pt parallax made contentRect
    // infinitely tall; a 1e300 pt inset put cells at x = 1e300).
    let outsideTheContent = [("interItemSpacing", interItemSpacing), ("maxCellParallax", maxCellParallax)]
    for (name, value) in outsideTheContent where value > LayoutLimits.maximumExtent {
      throw .invalidConfiguration("\(name) must be at most \(LayoutLimits.maximumExtent) points, got \(value)")
    }
    guard maxHeaderOverlayAlpha >= 0 && maxHeaderOverlayAlpha <= 1 else {
      throw .invalidConfiguration("maxHeaderOverlayAlpha must be in 0...1, got \(maxHeaderOverlayAlpha)")
    }
    if !hasDrawableHeaderHeight {
      throw .invalidConfiguration(
        "a stretchy header's height must be 0 or at least \(Viewport.minimumExtent) points, got \(headerHeight)")
    }
    switch cellSize {
    case .items: break
    case .fullWidth(let height):
      guard height.isFinite && height >= 0 else {
        throw .invalidConfiguration("cell height must be finite and not negative, got \(height)")
      }
    case .fixed(let size):
      guard size.isValid else {
        throw .invalidConfiguration("cell size \(size.width)x\(size.height) must be finite and not negative")
      }
    }
  }

  /// Lays out every element once, at rest; scroll effects are applied at
  /// query time.
  ///
  /// - Complexity: O(s) time and memory for s sections when every section
  ///   is uniform (`.uniform` items, or a `.fullWidth`/`.fixed` cell size);
  ///   O(n) for the cells of `.each` sections with `.items`.
  /// - Throws: `LayoutError` for a bad viewport, item size or configuration,
  ///   more than `LayoutItems.maximumAddressableCount` items, or content
  ///   taller than `LayoutLimits.maximumExtent` (`.contentTooLarge`, with
  ///   an infinite extent when the height overflows `Double`).
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedStickyHeaderLayout {
    let viewport = try viewport.validated()
    try validate()
    try items.validate()
    try items.validateAddressableCount()
    return try PreparedStickyHeaderLayout(layout: self, items: items, viewport: viewport)
  }

  /// Lays out cells whose sizes are estimates (`cellSize` must be
  /// `.items`): every cell starts unmeasured and takes its real size later
  /// through `PreparedStickyHeaderLayout.setMeasuredSize(_:for:keepingLinesFrom:)`;
  /// `forEachUnmeasured(in:_:)` names the cells still to measure. Uniform
  /// sections are stored cell by cell, so that each cell can take its own
  /// height.
  ///
  /// ```swift
  /// var list = try StickyHeaderLayout(sectionHeaderHeight: 30, cellSize: .items)
  ///   .prepare(estimated: LayoutItems(count: 5_000, size: Size(width: 390, height: 44)),
  ///            viewport: Viewport(width: 390, height: 844))
  /// list.setMeasuredSize(Size(width: 390, height: 120), for: .cell(2), keepingLinesFrom: nil)
  /// ```
  ///
  /// - Complexity: as `prepare(items:viewport:)` for `.each` sections
  ///   (O(n), 40 bytes plus 1 per cell).
  /// - Throws: as `prepare(items:viewport:)`, and
  ///   `LayoutError.invalidConfiguration` when `cellSize` is not `.items`
  ///   (fixed-size cells have nothing to learn), `.tooManyItems` past
  ///   `LayoutLimits.maximumStoredItemCount` items (before allocating).
  public func prepare(
    estimated items: LayoutItems, viewport: Viewport
  ) throws(LayoutError)
    -> PreparedStickyHeaderLayout
  {
    guard cellSize == .items else {
      throw .invalidConfiguration("estimated sizes need cellSize .items (cells of fixed size have nothing to learn)")
    }
    try items.validate()
    try items.validateAddressableCount()
    try LayoutLimits.checkStoredCount(items, layout: "sticky-header layout with estimated sizes")
    var prepared = try prepare(items: items.storingEachSize, viewport: viewport)
    prepared.isEstimated = true
    prepared.measured = MeasuredFlags(total: prepared.varyingSizes.count, measured: false)
    return prepared
  }
}

extension ElementKind {
  /// The sticky-header layout's top header (one, in section 0).
  public static let stretchyHeader = ElementKind.supplementary("stretchyHeader")
  /// The sticky-header layout's menu bar (one, in section 0).
  public static let menu = ElementKind.supplementary("menu")
}

extension StickyHeaderLayout: EstimatingLayout {}
