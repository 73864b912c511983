/// The thumbnail filmstrip under an album's pager, with the Photos
/// accordion: folded thumbnails are narrow slices; the one in focus unfolds
/// to its photo's aspect ratio.
///
/// For a strip of height `h`, a folded thumbnail is `normalWidth` wide and
/// an unfolded one `clamp(aspect·h, normalWidth, maximumWidth)`. Folded
/// thumbnails are `normalSpacing` apart; an unfolded one has `fullSpacing`
/// on both sides. What is unfolded, and how far, is scroll state
/// (`FilmstripState`): one cell with a progress `p` while the strip leads
/// (the accordion), or the pager's page `i` and fraction `f` while it
/// follows, or a mix of both while one hands over to the other.
///
/// ```swift
/// let strip = try FilmstripLayout.photosLab.prepare(
///   items: LayoutItems(photoSizes), viewport: Viewport(width: 390, height: 44))
/// let state = FilmstripState.accordion(index: 3, progress: 1)
/// let offset = strip.centeredOffset(ofThumbnail: 3, at: state)
/// ```
///
/// The strip also starts and ends with `normalSpacing` (widened like any
/// gap next to an unfolded cell), so gaps on both sides of every thumbnail
/// are equal: the seed placed the cells before the animated one 2 pt to the
/// left of the others, which made them jump when the animated cell changed.
///
/// Bad input: photos without an aspect ratio are square; one section at
/// most; `normalWidth` must be positive, `maximumWidth >= normalWidth`,
/// spacings finite and not negative (else `LayoutError.invalidConfiguration`).
public struct FilmstripLayout: CollectionLayout {
  /// The width of a folded thumbnail.
  public var normalWidth: Double
  /// The widest an unfolded thumbnail gets.
  public var maximumWidth: Double
  /// The gap between folded thumbnails.
  public var normalSpacing: Double
  /// The gap on each side of an unfolded thumbnail.
  public var fullSpacing: Double

  /// A filmstrip; values are checked by `prepare`. The defaults are
  /// `photosLab`'s.
  public init(normalWidth: Double = 30, maximumWidth: Double = 160, normalSpacing: Double = 2, fullSpacing: Double = 15)
  {
    self.normalWidth = normalWidth
    self.maximumWidth = maximumWidth
    self.normalSpacing = normalSpacing
    self.fullSpacing = fullSpacing
  }

  /// The seed's constants: 30 pt folded, at most 160 pt unfolded, 2 pt and
  /// 15 pt spacings.
  public static let photosLab = FilmstripLayout(normalWidth: 30, maximumWidth: 160, normalSpacing: 2, fullSpacing: 15)

  /// Checks the configuration and the photos.
  ///
  /// - Complexity: O(n) to validate the photo sizes.
  /// - Throws: `LayoutError` for a bad viewport, a bad photo size, more than
  ///   one section, a configuration out of range, more than
  ///   `LayoutItems.maximumAddressableCount` photos, or a strip beyond the
  ///   representable range.
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedFilmstripLayout {
    let viewport = try viewport.validated()
    try items.validate()
    guard normalWidth.isFinite, normalWidth > 0 else {
      throw .invalidConfiguration("filmstrip normal width must be finite and > 0")
    }
    guard maximumWidth.isFinite, maximumWidth >= normalWidth else {
      throw .invalidConfiguration("filmstrip maximum width must be finite and >= the normal width")
    }
    guard normalSpacing.isFinite, normalSpacing >= 0, fullSpacing.isFinite, fullSpacing >= 0 else {
      throw .invalidConfiguration("filmstrip spacings must be finite and >= 0")
    }
    let photos = try AlbumPhotos(items)
    // The widest the strip gets: every cell unfolded, every gap full.
    let widest = Double(photos.count + 1) * (maximumWidth + Swift.max(normalSpacing, fullSpacing))
    guard widest.isFinite, (viewport.size.width + widest).isFinite else {
      throw contentTooLarge("the filmstrip's content")
    }
    let prepared = PreparedFilmstripLayout(layout: self, photos: photos, viewport: viewport)
    #if DEBUG
      prepared.checkInvariants()
    #endif
    return prepared
  }
}
