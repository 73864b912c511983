/// A vertical list whose item nearest the viewport's centre is prominent:
/// full size and opacity there, shrinking and fading over one pitch, and
/// drawn on top; releases snap an item exactly to the centre.
///
/// With `maxD = itemHeight + lineSpacing` and `d` the distance from an
/// item's untransformed centre to the viewport's centre:
///
/// ```
/// r = (maxD − min(d, maxD)) / maxD
/// alpha = minAlpha + (1 − minAlpha)·r
/// scale = minScale + (1 − minScale)·r
/// ```
///
/// Items centre horizontally; room above the first and below the last lets
/// each reach the centre: offset `i·maxD` centres item `i`. Only the items'
/// counts are read; every item has `itemSize`. Designed for the fast
/// deceleration rate (`preferredDecelerationRate`, 0.99), so a flick
/// travels a few items rather than a page of them.
///
/// Bad input: `prepare` throws `LayoutError` for a bad viewport, an item
/// size that is not finite and positive, a line spacing that is not finite
/// or leaves no pitch, a `minScale` or `minAlpha` outside `0...1`, a
/// `preferredDecelerationRate` outside `0.5...0.9999`, or content longer
/// than `LayoutLimits.maximumExtent` (`.contentTooLarge`).
public struct ProminentLayout: CollectionLayout {
  /// The size of every item.
  public var itemSize: Size
  /// Space between items.
  public var lineSpacing: Double
  /// The scale of items a pitch or more from the centre.
  public var minScale: Double
  /// The alpha of items a pitch or more from the centre.
  public var minAlpha: Double
  /// How a release picks the item to settle on.
  public var snapping: CenteredStrip.Snapping
  /// The deceleration rate (velocity kept per millisecond) this layout is
  /// designed for: UIKit's fast rate.
  public var preferredDecelerationRate: Double

  public init(
    itemSize: Size = Size(width: 200, height: 200), lineSpacing: Double = 10, minScale: Double = 0.5,
    minAlpha: Double = 0.5, snapping: CenteredStrip.Snapping = .nearest, preferredDecelerationRate: Double = 0.99
  ) {
    self.itemSize = itemSize
    self.lineSpacing = lineSpacing
    self.minScale = minScale
    self.minAlpha = minAlpha
    self.snapping = snapping
    self.preferredDecelerationRate = preferredDecelerationRate
  }

  /// The effect: presence falls linearly over one pitch; nearest on top.
  public var effect: CenterEffect {
    CenterEffect(unit: .pitch, plateau: 0, span: 1, minScale: minScale, minAlpha: minAlpha, zOrder: .nearestOnTop)
  }

  /// Lays the items out along y.
  ///
  /// - Complexity: O(number of sections).
  /// - Throws: `LayoutError` (see the type's documentation).
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedCenteredLayout {
    _ = try Validate.inRange(preferredDecelerationRate, 0.5...0.9999, "preferredDecelerationRate")
    return try PreparedCenteredLayout(
      axis: .vertical, itemSize: itemSize, spacing: lineSpacing, effect: effect, snapping: snapping, items: items,
      viewport: viewport)
  }
}
