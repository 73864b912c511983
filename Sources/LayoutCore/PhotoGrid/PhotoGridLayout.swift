/// A photo library grid: sections (months) of photos shown as All Photos,
/// as Months summaries, or as a square grid of a few columns (the zoom
/// levels of the Photos app).
///
/// Every photo is drawn aspect-fill in its cell (`contentRect`, centred);
/// items' intrinsic sizes are the photos' pixel sizes. With viewport width
/// `W`:
///
/// - `.allPhotos`: one vertical group of height `W·largeHeightFraction +
///   W/3` repeated over all photos, every section's photos following the
///   previous section's without a break (a month of one or two photos
///   leaves no short row): a large photo (global index 4k) in a `W ×
///   W·largeHeightFraction` slot inset by `largeInsets`, then a row of three
///   `W/3`-square slots (4k+1…4k+3) inset by `smallInsets`. The last group
///   is only the large slot's height when it holds one photo. No headers.
/// - `.months`: each section is a header (`headerHeight`, kind `.header`)
///   and its first photo in a `W × W·summaryHeightFraction` slot inset by
///   `summaryInsets`, in the summary style (`summaryCornerRadius`,
///   `styleProgress` 1). The section's other photos are absent. An empty
///   section is its header alone.
/// - `.columns(c)`: a square grid of `c` columns `columnSpacing` apart
///   (lines too), every section's photos following the previous section's
///   without a break; no headers.
///
/// ```swift
/// let grid = try PhotoGridLayout.photosMonths.prepare(
///   items: LayoutItems(sections: [.uniform(Size(width: 4032, height: 3024), count: 40)]),
///   viewport: Viewport(width: 390, height: 844))
/// let cells = grid.visibleAttributes(at: ScrollState(x: 0, y: 1200))
/// ```
///
/// Bad input: a bad viewport, photo size, item count, inset or spacing, or a
/// column count outside `1...30`, throws `LayoutError`; so do more than
/// 2^48 photos in all. Photos with a zero or non-finite dimension are
/// drawn as squares.
public struct PhotoGridLayout: CollectionLayout {
  /// How the grid shows its photos.
  public enum Mode: Hashable, Sendable, CustomStringConvertible {
    /// One large photo then a row of three small ones, repeated.
    case allPhotos
    /// A header and the first photo of each section, in the summary style.
    case months
    /// A square grid of this many columns.
    case columns(Int)

    /// Parses `all`, `months` or `columns:N` (the CLI's spelling); `nil`
    /// for anything else. The column count is checked by `prepare`.
    public init?(parsing text: String) {
      switch text {
      case "all", "allPhotos": self = .allPhotos
      case "months": self = .months
      default:
        guard text.hasPrefix("columns:"), let n = Int(text.dropFirst("columns:".count)) else { return nil }
        self = .columns(n)
      }
    }

    /// The zoom levels a pinch steps through, as in the Photos app.
    public static let zoomLevels = [1, 3, 5, 7, 15]

    /// How many photos a line holds, for mapping a pinch's scale: the
    /// column count; 3 for All Photos (its rows of small photos), 1 for
    /// Months.
    public var effectiveColumns: Int {
      switch self {
      case .allPhotos: 3
      case .months: 1
      case .columns(let c): c
      }
    }

    /// The mode a pinch at `scale` leads to: pinching in (`scale < 1`)
    /// goes to the next zoom level with more columns, pinching out
    /// (`scale > 1`) to the next with fewer; from All Photos or Months,
    /// pinching in goes to the zoom level just above their
    /// `effectiveColumns`. `nil` when there is no level that way, or for a
    /// scale of 1 or one that is not finite.
    public func pinchTarget(scale: Double) -> Mode? {
      guard scale.isFinite, scale > 0, scale != 1 else { return nil }
      let c = effectiveColumns
      if scale < 1 {
        return Self.zoomLevels.first { $0 > c }.map { .columns($0) }
      }
      guard case .columns = self else { return nil }
      return Self.zoomLevels.last { $0 < c }.map { .columns($0) }
    }

    /// `all`, `months` or `columns:N`.
    public var description: String {
      switch self {
      case .allPhotos: "all"
      case .months: "months"
      case .columns(let n): "columns:\(n)"
      }
    }
  }

  /// The mode shown.
  public var mode: Mode
  /// All Photos: the large slot's height as a fraction of the width.
  public var largeHeightFraction: Double
  /// All Photos: the large photo's insets in its slot.
  public var largeInsets: EdgeInsets
  /// All Photos: each small photo's insets in its `W/3` square slot.
  public var smallInsets: EdgeInsets
  /// Months: the section header's height.
  public var headerHeight: Double
  /// Months: the summary slot's height as a fraction of the width.
  public var summaryHeightFraction: Double
  /// Months: the summary photo's insets in its slot.
  public var summaryInsets: EdgeInsets
  /// Months: the summary cell's corner radius.
  public var summaryCornerRadius: Double
  /// Columns: the gap between columns and between lines.
  public var columnSpacing: Double

  /// A grid; values are checked by `prepare`. The defaults are the seed's
  /// (`photosMonths`) with 2 pt column spacing.
  public init(
    mode: Mode = .allPhotos, largeHeightFraction: Double = 1,
    largeInsets: EdgeInsets = EdgeInsets(top: 2, left: 2, bottom: 2, right: 2),
    smallInsets: EdgeInsets = EdgeInsets(top: 0, left: 2, bottom: 0, right: 2), headerHeight: Double = 44,
    summaryHeightFraction: Double = 0.8,
    summaryInsets: EdgeInsets = EdgeInsets(top: 2, left: 16, bottom: 2, right: 16), summaryCornerRadius: Double = 16,
    columnSpacing: Double = 2
  ) {
    self.mode = mode
    self.largeHeightFraction = largeHeightFraction
    self.largeInsets = largeInsets
    self.smallInsets = smallInsets
    self.headerHeight = headerHeight
    self.summaryHeightFraction = summaryHeightFraction
    self.summaryInsets = summaryInsets
    self.summaryCornerRadius = summaryCornerRadius
    self.columnSpacing = columnSpacing
  }

  /// The seed's values ("Re-creating Apple Photos layout"), in All Photos:
  /// large photo `W × W` inset 2 all round, small photos `W/3` inset 2
  /// left and right; Months: 44 pt headers, summary `0.8·W` inset 16 left
  /// and right and 2 top and bottom, corner radius 16.
  public static let photosMonths = PhotoGridLayout()

  /// The same grid in another mode.
  public func with(mode: Mode) -> PhotoGridLayout {
    var copy = self
    copy.mode = mode
    return copy
  }

  /// The most photos a grid takes over all sections.
  public static let maximumPhotoCount = 1 << 48

  /// Checks every value.
  ///
  /// - Throws: `LayoutError.invalidConfiguration` naming the first bad value.
  public func validate() throws(LayoutError) {
    let values: [(String, Double)] = [
      ("largeHeightFraction", largeHeightFraction), ("headerHeight", headerHeight),
      ("summaryHeightFraction", summaryHeightFraction), ("summaryCornerRadius", summaryCornerRadius),
      ("columnSpacing", columnSpacing),
    ]
    for (name, value) in values where !(value.isFinite && value >= 0) {
      throw .invalidConfiguration("\(name) must be finite and not negative, got \(value)")
    }
    let insets: [(String, EdgeInsets)] = [
      ("largeInsets", largeInsets), ("smallInsets", smallInsets), ("summaryInsets", summaryInsets),
    ]
    for (name, inset) in insets
    where !(inset.isFinite && inset.top >= 0 && inset.left >= 0 && inset.bottom >= 0 && inset.right >= 0) {
      throw .invalidConfiguration("\(name) must be finite and not negative")
    }
    if case .columns(let c) = mode, !(1...30).contains(c) {
      throw .invalidConfiguration("columns must be in 1...30, got \(c)")
    }
  }

  /// Prepares the grid: per section, its first photo's global index and its
  /// top; cells are found by arithmetic at query time.
  ///
  /// - Complexity: O(s) time and memory for s sections (plus the O(n) size
  ///   check of `.each` sections).
  /// - Throws: `LayoutError` for a bad viewport, photo size or count, a bad
  ///   configuration, cells that the insets leave no room for, or more than
  ///   `maximumPhotoCount` photos.
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedPhotoGridLayout {
    let viewport = try viewport.validated()
    try validate()
    try items.validate()
    var total = 0
    for (s, section) in items.sections.enumerated() {
      let (sum, overflow) = total.addingReportingOverflow(section.count)
      guard section.count >= 0 else { throw .invalidItemCount(section: s, count: section.count) }
      guard !overflow, sum <= Self.maximumPhotoCount else {
        throw .tooManyItems(count: overflow ? Int.max : sum, limit: Self.maximumPhotoCount, layout: "photo grid")
      }
      total = sum
    }
    let prepared = PreparedPhotoGridLayout(layout: self, items: items, viewport: viewport)
    try LayoutLimits.checkContent(prepared.contentHeight)
    guard prepared.cellSizesAreValid else {
      throw .invalidConfiguration("the insets or spacing leave no room for the photos at width \(viewport.size.width)")
    }
    // Only geometry that passed the checks above promises its invariants.
    #if DEBUG
      prepared.checkInvariants()
    #endif
    return prepared
  }
}
