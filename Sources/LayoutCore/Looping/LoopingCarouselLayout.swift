/// A horizontal carousel whose items repeat without end in both
/// directions: after the last item comes the first again, with the same
/// scale, fade and snapping as `CarouselLayout` across the seam.
///
/// ```swift
/// let prepared = try LoopingCarouselLayout.spotify.prepare(
///   items: LayoutItems(count: 10, size: Size(width: 300, height: 300)),
///   viewport: Viewport(width: 375, height: 300))
/// // Offset j·pitch centres item j mod 10, for negative j too:
/// let visible = prepared.visibleAttributes(at: ScrollState(x: -310, y: 0))  // item 9 centred
/// ```
///
/// The geometry is the carousel's strip (`CenteredStrip`) repeated with a
/// period of `n·pitch` for `n` items: offset `j·pitch` centres item
/// `j mod n` for every integer `j` in a large but finite range (see
/// `PreparedLoopingCarouselLayout`). Each query returns every item at most
/// once, in the copy nearest the viewport's centre, so identities stay
/// unique as UIKit requires.
///
/// **Minimum count.** Looping needs the items to fill the viewport plus
/// one item (and the effect's reach on both sides):
/// `n·pitch ≥ V + e + 2·reach` for viewport extent `V`, item extent `e`.
/// With fewer items (or none) the layout degrades to the plain,
/// non-looping carousel strip with the same effect and snapping
/// (`PreparedLoopingCarouselLayout.isLooping` is `false`); it never throws
/// for a small count.
///
/// Bad input: `prepare` throws `LayoutError` exactly where `CarouselLayout`
/// does (a bad viewport, item size, spacing, effect or deceleration rate,
/// or content beyond `LayoutLimits.maximumExtent`).
public struct LoopingCarouselLayout: CollectionLayout {
  /// The size of every item; `nil` for a square at the viewport's height.
  public var itemSize: Size?
  /// Space between neighbouring items (negative overlaps them, as long as
  /// the pitch stays positive), also across the seam.
  public var spacing: Double
  /// How items look by their distance to the centre.
  public var effect: CenterEffect
  /// How a release picks the item to settle on.
  public var snapping: CenteredStrip.Snapping
  /// The deceleration rate (velocity kept per millisecond) this carousel
  /// is designed for.
  public var preferredDecelerationRate: Double

  public init(
    itemSize: Size? = nil, spacing: Double = 10, effect: CenterEffect = CarouselLayout.spotify.effect,
    snapping: CenteredStrip.Snapping = .nearest, preferredDecelerationRate: Double = 0.998
  ) {
    self.itemSize = itemSize
    self.spacing = spacing
    self.effect = effect
    self.snapping = snapping
    self.preferredDecelerationRate = preferredDecelerationRate
  }

  /// The looping version of `carousel`: the same constants.
  public init(_ carousel: CarouselLayout) {
    self.init(
      itemSize: carousel.itemSize, spacing: carousel.spacing, effect: carousel.effect, snapping: carousel.snapping,
      preferredDecelerationRate: carousel.preferredDecelerationRate)
  }

  /// `CarouselLayout.spotify`, looping.
  public static let spotify = LoopingCarouselLayout(CarouselLayout.spotify)
  /// `CarouselLayout.coverFlow`, looping.
  public static let coverFlow = LoopingCarouselLayout(CarouselLayout.coverFlow)
  /// `CarouselLayout.stackedCards`, looping: one card per swipe.
  public static let stackedCards = LoopingCarouselLayout(CarouselLayout.stackedCards)
  /// `CarouselLayout.plain`, looping.
  public static let plain = LoopingCarouselLayout(CarouselLayout.plain)

  /// The presets by name, for tools: `spotify`, `coverFlow`,
  /// `stackedCards`, `plain` (the carousel's names): the names of the static presets.
  public static let presets: [(name: String, layout: LoopingCarouselLayout)] = [
    ("spotify", .spotify), ("coverFlow", .coverFlow), ("stackedCards", .stackedCards), ("plain", .plain),
  ]

  /// Lays the items out along x, repeating.
  ///
  /// - Complexity: O(number of sections).
  /// - Throws: `LayoutError` (see the type's documentation).
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedLoopingCarouselLayout {
    _ = try Validate.inRange(preferredDecelerationRate, 0.5...0.9999, "preferredDecelerationRate")
    let height = viewport.size.height
    let base = try PreparedCenteredLayout(
      axis: .horizontal, itemSize: itemSize ?? Size(width: height, height: height), spacing: spacing,
      effect: effect, snapping: snapping, items: items, viewport: viewport)
    return try PreparedLoopingCarouselLayout(base)
  }
}
