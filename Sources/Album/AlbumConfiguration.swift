import LayoutCore
import ScrollPhysics

/// How long the filmstrip's accordion takes to fold or unfold a cell:
/// `max(minimum, width · secondsPerPoint)` for the unfolded width of the
/// cell that animates, scaled by how much of the way is left.
public struct AccordionTiming: Hashable, Sendable {
  /// The shortest full fold or unfold, in seconds.
  public var minimum: Double
  /// Seconds per point of the animated cell's unfolded width.
  public var secondsPerPoint: Double

  /// Non-finite or negative values clamp to 0.
  public init(minimum: Double = 0.25, secondsPerPoint: Double = 0.25 / 80) {
    self.minimum = Swift.max(0, minimum.finiteOr(0))
    self.secondsPerPoint = Swift.max(0, secondsPerPoint.finiteOr(0))
  }

  /// The seed's timing: `max(0.25 s, width/80 · 0.25 s)`.
  public static let photosLab = AccordionTiming(minimum: 0.25, secondsPerPoint: 0.25 / 80)

  /// The duration of a full fold or unfold of a cell `width` points wide
  /// when unfolded.
  public func duration(width: Double) -> Double {
    Swift.max(minimum, Swift.max(0, width.finiteOr(0)) * secondsPerPoint)
  }
}

/// Everything that shapes an album besides its photos and its size.
public struct AlbumConfiguration: Hashable, Sendable {
  /// The big-photo pager.
  public var pager: AlbumPagerLayout
  /// The thumbnail strip.
  public var strip: FilmstripLayout
  /// The strip's height; the pager gets the rest of the album's height.
  public var stripHeight: Double
  /// The accordion's timing.
  public var timing: AccordionTiming
  /// The pager's scroll settings (paging on: pages are the viewport width).
  public var pagerScrolling: ScrollConfiguration
  /// The strip's scroll settings.
  public var stripScrolling: ScrollConfiguration
  /// Asks a renderer for the seed's debug overlay: a vertical line at the
  /// centre of each strip and every cell labelled with its index.
  public var debug: Bool
  /// Where the strip puts its centre line while it follows the pager.
  public var followerOffset: FollowerOffsetRule

  /// A configuration; the layouts check their values when the album is
  /// made, the strip height is checked against the album's size.
  public init(
    pager: AlbumPagerLayout = .photosLab, strip: FilmstripLayout = .photosLab, stripHeight: Double = 44,
    timing: AccordionTiming = .photosLab,
    pagerScrolling: ScrollConfiguration = ScrollConfiguration(isPagingEnabled: true),
    stripScrolling: ScrollConfiguration = ScrollConfiguration(), debug: Bool = false,
    followerOffset: FollowerOffsetRule = .thumbnailCoordinate
  ) {
    self.pager = pager
    self.strip = strip
    self.stripHeight = stripHeight
    self.timing = timing
    self.pagerScrolling = pagerScrolling
    self.stripScrolling = stripScrolling
    self.debug = debug
    self.followerOffset = followerOffset
  }

  /// The seed's album: `AlbumPagerLayout.photosLab`, `FilmstripLayout.photosLab`
  /// and `AccordionTiming.photosLab`, with a paging pager, and by default
  /// the seed's follower offset (`FollowerOffsetRule.seedUnitStep`).
  public static func photosLab(
    stripHeight: Double = 44, debug: Bool = false, followerOffset: FollowerOffsetRule = .seedUnitStep
  ) -> AlbumConfiguration {
    AlbumConfiguration(stripHeight: stripHeight, debug: debug, followerOffset: followerOffset)
  }

  /// The pager's and the strip's viewports for an album `size`: the strip
  /// along the bottom, `stripHeight` tall; the pager above it.
  ///
  /// - Throws: `LayoutError.invalidViewport` for a bad size, or
  ///   `.invalidConfiguration` when the strip height is not in `(0, height)`.
  public func viewports(for size: Size) throws(LayoutError) -> (pager: Viewport, strip: Viewport) {
    guard size.isPositive else { throw .invalidViewport(size) }
    guard stripHeight.isFinite, stripHeight > 0, stripHeight < size.height else {
      throw .invalidConfiguration("the strip height must be between 0 and the album's height \(size.height)")
    }
    return (
      Viewport(width: size.width, height: size.height - stripHeight), Viewport(width: size.width, height: stripHeight)
    )
  }
}
