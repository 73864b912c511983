/// The big-photo pager of a Photos-style album: one photo per page, with
/// the parallax of the Photos app.
///
/// Pages are the viewport width `W`. Each photo is aspect-fitted into
/// `W × H` and drawn aspect-fill inside its cell (`contentRect`), centred, so
/// narrowing a cell crops the photo around its centre. At content offset `x`
/// the current page is `i = clamp(⌊x/W⌋, 0, n−1)` and the fraction is
/// `f = x/W − i`; the current cell is `max(minimumWidth, fit.w − spacing·f)`
/// wide and the next one `max(minimumWidth, fit.w − spacing·(1 − f))`.
/// Every centre stays at its page centre: the offset does the moving.
///
/// ```swift
/// let pager = try AlbumPagerLayout.photosLab.prepare(
///   items: LayoutItems([Size(width: 4000, height: 3000), Size(width: 3000, height: 4000)]),
///   viewport: Viewport(width: 390, height: 600))
/// let cells = pager.visibleAttributes(at: ScrollState(x: 195, y: 0))
/// ```
///
/// Every cell's width follows one rule, `fit.w − spacing·min(1, |x/W − k|)`
/// for cell `k`, which is the two formulas above for the current and next
/// cells. Past the leading edge (`x < 0`) the first photo therefore narrows
/// as it leaves, as the last one does past the trailing edge.
///
/// Bad input: photos with a zero or non-finite dimension are treated as
/// square; the album takes at most one section (more throw
/// `LayoutError.invalidConfiguration`).
public struct AlbumPagerLayout: CollectionLayout {
  /// How much narrower a photo gets as it leaves its page (the seed's
  /// `cellFullSpacing`): the gap that opens between two photos mid-swipe.
  public var spacing: Double
  /// The narrowest a photo cell gets.
  public var minimumWidth: Double

  /// A pager; values are checked by `prepare`. The defaults are `photosLab`'s.
  public init(spacing: Double = 100, minimumWidth: Double = 40) {
    self.spacing = spacing
    self.minimumWidth = minimumWidth
  }

  /// The seed's constants: 100 pt spacing, 40 pt minimum photo width.
  public static let photosLab = AlbumPagerLayout(spacing: 100, minimumWidth: 40)

  /// Checks the configuration and the photos.
  ///
  /// - Complexity: O(n) to validate the photo sizes; nothing per photo is
  ///   stored beyond the sizes themselves.
  /// - Throws: `LayoutError` for a bad viewport, a bad photo size, more than
  ///   one section, a negative or non-finite spacing or minimum width, more
  ///   than `LayoutItems.maximumAddressableCount` photos, or pages beyond
  ///   the representable range.
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedAlbumPagerLayout {
    let viewport = try viewport.validated()
    try items.validate()
    guard spacing.isFinite, spacing >= 0 else { throw .invalidConfiguration("pager spacing must be finite and >= 0") }
    guard minimumWidth.isFinite, minimumWidth >= 0 else {
      throw .invalidConfiguration("pager minimum width must be finite and >= 0")
    }
    let photos = try AlbumPhotos(items)
    // One page per photo: past LayoutLimits.maximumExtent, offsets stop
    // resolving fractions of a point.
    try LayoutLimits.checkContent(Double(photos.count) * viewport.size.width)
    let prepared = PreparedAlbumPagerLayout(layout: self, photos: photos, viewport: viewport)
    #if DEBUG
      prepared.checkInvariants()
    #endif
    return prepared
  }
}

/// The photos of an album: one section's sizes.
struct AlbumPhotos: Hashable, Sendable {
  var sizes: ItemSizes

  init(_ items: LayoutItems) throws(LayoutError) {
    guard items.sections.count <= 1 else {
      throw .invalidConfiguration("an album takes one section of photos, not \(items.sections.count)")
    }
    try items.validateAddressableCount()
    sizes = items.sections.first ?? .each([])
  }

  var count: Int { sizes.count }

  /// The photo's size; a size without an aspect ratio is a unit square.
  subscript(index: Int) -> Size {
    let size = sizes[index]
    return size.isPositive ? size : Size(width: 1, height: 1)
  }
}

/// Where a pager is: the current page and how far it has moved on.
public struct PagerPosition: Hashable, Sendable {
  /// The current page, in `0..<count`.
  public var index: Int
  /// `x/W − index`: in `0..<1` between pages, negative past the leading
  /// edge, 1 or more past the trailing edge.
  public var fraction: Double

  /// A position; `index` is not checked here (`position(atOffset:)` clamps).
  public init(index: Int, fraction: Double) {
    self.index = index
    self.fraction = fraction
  }
}
