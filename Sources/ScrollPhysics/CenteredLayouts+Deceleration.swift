import LayoutCore

extension CarouselLayout {
  /// The deceleration rate the carousel is designed for (normal by
  /// default); an out-of-range preference reads as `.normal`.
  public var decelerationRate: DecelerationRate { DecelerationRate(preferredDecelerationRate) }
}

extension ProminentLayout {
  /// The deceleration rate the prominent layout is designed for: `.fast`
  /// by default; an out-of-range preference reads as `.normal`.
  public var decelerationRate: DecelerationRate { DecelerationRate(preferredDecelerationRate) }
}
