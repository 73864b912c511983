/// A horizontal carousel: uniform items in a row, each scaled and faded by
/// its distance to the viewport's centre, releases snapping an item exactly
/// to the centre.
///
/// ```swift
/// let prepared = try CarouselLayout.spotify.prepare(
///   items: LayoutItems(count: 10, size: Size(width: 300, height: 300)),
///   viewport: Viewport(width: 375, height: 300))
/// // Offset i·pitch centres item i: here pitch = 300 + 10.
/// let visible = prepared.visibleAttributes(at: ScrollState(x: 310, y: 0))
/// ```
///
/// Items are square at the viewport's height unless `itemSize` is given;
/// only the items' counts are read (their sizes are the photos' business).
/// Room before the first item and after the last lets each sit at the
/// centre: offset `i·pitch` centres item `i` (see `CenteredStrip`).
///
/// The effect is measured on **untransformed** centres, so the two
/// neighbours of a centred item always get the same scale (the seed's
/// carousel measured transformed frames and needed a magic minimum scale to
/// hide the difference; see Guides/Carousel.md).
///
/// Presets: `spotify` (the seed's constants), `coverFlow` (neighbours
/// squeezed in under the centred item), `stackedCards` (a deck), `plain`.
///
/// Bad input: `prepare` throws `LayoutError` for a bad viewport, an item
/// size that is not finite and positive, a spacing that is not finite or
/// leaves no pitch, an effect parameter out of range
/// (`CenterEffect.validated()`), a `preferredDecelerationRate` outside
/// `0.5...0.9999`, or content longer than `LayoutLimits.maximumExtent`
/// (`.contentTooLarge`: too many items for their pitch).
public struct CarouselLayout: CollectionLayout {
  /// The size of every item; `nil` for a square at the viewport's height.
  public var itemSize: Size?
  /// Space between neighbouring items (negative overlaps them, as long as
  /// the pitch stays positive).
  public var spacing: Double
  /// How items look by their distance to the centre.
  public var effect: CenterEffect
  /// How a release picks the item to settle on.
  public var snapping: CenteredStrip.Snapping
  /// The deceleration rate (velocity kept per millisecond) this carousel
  /// is designed for; ScrollPhysics reads it as `decelerationRate`.
  public var preferredDecelerationRate: Double

  public init(
    itemSize: Size? = nil, spacing: Double = 10,
    effect: CenterEffect = CenterEffect(tolerance: 0.02, slope: 0.105, minScale: 0.86, minAlpha: 0.25),
    snapping: CenteredStrip.Snapping = .nearest, preferredDecelerationRate: Double = 0.998
  ) {
    self.itemSize = itemSize
    self.spacing = spacing
    self.effect = effect
    self.snapping = snapping
    self.preferredDecelerationRate = preferredDecelerationRate
  }

  /// The seed's album-art carousel: `s = clamp(1.02 − 0.105·d/c, 0.86, 1)`
  /// with `c` half the viewport width, alpha from 0.25 to 1, UIKit's
  /// default 10 pt spacing, square items at the viewport's height.
  public static let spotify = CarouselLayout()

  /// Cover flow, in 2D: neighbours shrink to 0.75 within one pitch and
  /// move 45% of their distance towards the centre (up to three pitches
  /// out), so they tuck under the centred item; nearer items draw on top.
  /// Elements are drawn up to 1.35 pitches from their frames; queries look
  /// that far past their rectangle.
  public static let coverFlow = CarouselLayout(
    effect: CenterEffect(
      unit: .pitch, plateau: 0, span: 1, minScale: 0.75, minAlpha: 0.6,
      shift: .compress(fraction: 0.45, reach: 3)))

  /// A deck of cards: the centred card on top, the next three stacked
  /// under it, each 24 pt further along, 5% smaller and fainter; the card
  /// leaving the top slides away at full size. One card per swipe, with
  /// the fast deceleration rate so a card settles quickly. Elements are
  /// drawn up to three pitches (less the peeks) from their frames; queries
  /// look that far past their rectangle.
  public static let stackedCards = CarouselLayout(
    effect: CenterEffect(
      unit: .pitch, plateau: 0, span: 3, minScale: 0.85, minAlpha: 0, side: .trailing,
      shift: .stack(peek: 24, depth: 3), zOrder: .leadingOnTop),
    snapping: .oneItem, preferredDecelerationRate: 0.99)

  /// No effect: a plain snapping strip.
  public static let plain = CarouselLayout(effect: .none)

  /// The presets by name, for tools: `spotify`, `coverFlow`,
  /// `stackedCards`, `plain`: the names of the static presets.
  public static let presets: [(name: String, layout: CarouselLayout)] = [
    ("spotify", .spotify), ("coverFlow", .coverFlow), ("stackedCards", .stackedCards), ("plain", .plain),
  ]

  /// Lays the items out along x.
  ///
  /// - Complexity: O(number of sections).
  /// - Throws: `LayoutError` (see the type's documentation).
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedCenteredLayout {
    _ = try Validate.inRange(preferredDecelerationRate, 0.5...0.9999, "preferredDecelerationRate")
    let height = viewport.size.height
    return try PreparedCenteredLayout(
      axis: .horizontal, itemSize: itemSize ?? Size(width: height, height: height), spacing: spacing,
      effect: effect, snapping: snapping, items: items, viewport: viewport)
  }
}
