/// The visible area a layout is prepared for: the scroll view's bounds size,
/// its safe-area insets and the display scale (points to pixels).
public struct Viewport: Hashable, Sendable {
  public var size: Size
  public var safeAreaInsets: EdgeInsets
  /// Pixels per point; the renderer and UIKit adapters round to it.
  public var scale: Double

  public init(size: Size, safeAreaInsets: EdgeInsets = .zero, scale: Double = 2) {
    self.size = size
    self.safeAreaInsets = safeAreaInsets
    self.scale = scale
  }

  public init(width: Double, height: Double) {
    self.init(size: Size(width: width, height: height))
  }

  /// The smallest side a viewport may have, in points: below it, halves
  /// and thirds of the viewport round to nothing.
  public static let minimumExtent = 0x1p-10

  /// The viewport, checked: its sides must be finite, from `minimumExtent`
  /// to `LayoutLimits.maximumExtent` points, its insets finite; a
  /// non-finite or non-positive scale is clamped to 1.
  ///
  /// - Throws: `LayoutError.invalidViewport` for a bad size or insets.
  public func validated() throws(LayoutError) -> Viewport {
    let range = Self.minimumExtent...LayoutLimits.maximumExtent
    guard size.isPositive, range.contains(size.width), range.contains(size.height), safeAreaInsets.isFinite else {
      throw .invalidViewport(size)
    }
    var copy = self
    if !(scale.isFinite && scale > 0) { copy.scale = 1 }
    return copy
  }
}
