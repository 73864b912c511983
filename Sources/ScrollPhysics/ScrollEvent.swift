import LayoutCore

/// A delegate callback of `UIScrollViewDelegate`, as a value, in the order
/// UIKit sends them.
public enum ScrollEvent: Hashable, Sendable, CustomStringConvertible {
  /// `scrollViewWillBeginDragging`: the finger started moving the content.
  case willBeginDragging
  /// `scrollViewDidScroll`: the content offset changed.
  case didScroll
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`:
  /// velocity in points per second, and where scrolling will rest.
  case willEndDragging(velocity: Point, target: Point)
  /// `scrollViewDidEndDragging(_:willDecelerate:)`.
  case didEndDragging(willDecelerate: Bool)
  /// `scrollViewWillBeginDecelerating`.
  case willBeginDecelerating
  /// `scrollViewDidEndDecelerating`.
  case didEndDecelerating
  /// `scrollViewDidEndScrollingAnimation`: an animated offset change ended.
  case didEndScrollingAnimation

  /// The event's name, as in the JSON output of `scrollwork simulate`.
  public var name: String {
    switch self {
    case .willBeginDragging: "willBeginDragging"
    case .didScroll: "didScroll"
    case .willEndDragging: "willEndDragging"
    case .didEndDragging(let decelerate): decelerate ? "didEndDragging(decelerate)" : "didEndDragging"
    case .willBeginDecelerating: "willBeginDecelerating"
    case .didEndDecelerating: "didEndDecelerating"
    case .didEndScrollingAnimation: "didEndScrollingAnimation"
    }
  }

  public var description: String { name }
}

/// What a scroll surface is doing.
public enum ScrollPhase: String, Hashable, Sendable {
  /// At rest.
  case idle
  /// A finger is down (moving or not).
  case dragging
  /// Coasting after a release: decelerating, settling on a page or snap
  /// target, or springing back from past an edge.
  case decelerating
  /// Running an animated `setContentOffset`.
  case animating
}

/// How quickly a fling slows: the fraction of velocity kept per millisecond.
public struct DecelerationRate: Hashable, Sendable {
  /// The fraction of velocity kept per millisecond, in `(0, 1)`.
  public var perMillisecond: Double

  /// A rate; values outside `(0, 1)` or not finite clamp to `.normal`.
  public init(_ perMillisecond: Double) {
    self.perMillisecond =
      perMillisecond.isFinite && perMillisecond > 0 && perMillisecond < 1 ? perMillisecond : 0.998
  }

  /// `UIScrollView.DecelerationRate.normal`.
  public static let normal = DecelerationRate(0.998)
  /// `UIScrollView.DecelerationRate.fast`.
  public static let fast = DecelerationRate(0.99)

  /// How far a fling at `velocity` points per second travels before it
  /// stops: `v/1000 · r/(1 − r)`.
  @inlinable public func projectedDistance(velocity: Double) -> Double {
    velocity / 1000 * perMillisecond / (1 - perMillisecond)
  }
}
