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

  /// The viewport, checked: its size must be finite and positive, its insets
  /// finite; a non-finite or non-positive scale is clamped to 1.
  ///
  /// - Throws: `LayoutError.invalidViewport` for a bad size or insets.
  public func validated() throws(LayoutError) -> Viewport {
    guard size.isPositive, safeAreaInsets.isFinite else { throw .invalidViewport(size) }
    var copy = self
    if !(scale.isFinite && scale > 0) { copy.scale = 1 }
    return copy
  }
}
