import LayoutCore

/// A change from one hosted layout to another that moves every element by
/// identity, at a progress that may go back and forth and be abandoned:
/// the model of `UICollectionViewTransitionLayout` (a photo grid's pinch
/// between modes, any layout switch).
///
/// The target offset keeps the element under the anchor point (the
/// fingers of a pinch; the viewport's centre by default) where it is on
/// screen (`LayoutTransition.init(from:at:to:at:mapping:anchoredAt:)`).
public struct HostTransition: Sendable {
  /// The transition between the two prepared layouts.
  public let transition: LayoutTransition<AnyPreparedLayout, AnyPreparedLayout>
  /// The interpolation fraction, 0 (the layout before) to 1 (after);
  /// non-finite values read as 0, others are clamped.
  public var progress: Double {
    didSet { progress = clamp(progress.finiteOr(0), 0, 1) }
  }

  /// A transition from `from` at its bounds to `to`, which must be prepared
  /// (for the same data, or with `mapping` for a data change); `nil` when
  /// either is not prepared or its state is not a plain scroll state.
  ///
  /// - Complexity: two visible-rect queries (finding the anchor).
  public init?<A, B>(
    from: LayoutHost<A>, to: LayoutHost<B>, mapping: ElementMapping = .sameIdentity, anchoredAt point: Point? = nil,
    progress: Double = 0
  ) {
    guard let a = from.erasedLayout, let b = to.erasedLayout else { return nil }
    transition = LayoutTransition(
      from: a, at: ScrollState(contentOffset: from.contentOffset), to: b,
      at: ScrollState(contentOffset: to.contentOffset), mapping: mapping, anchoredAt: point)
    self.progress = clamp(progress.finiteOr(0), 0, 1)
  }

  /// The content offset presented at the current progress.
  public var presentedOffset: Point { transition.offset(at: progress) }

  /// The offset the new layout rests at when the transition completes: the
  /// anchored target offset.
  public var targetOffset: Point { transition.targetOffset }

  /// The offset to rest at when the transition ends: the target offset
  /// when it completes, the offset it started from when it is cancelled.
  public func restingOffset(completed: Bool) -> Point {
    completed ? transition.targetOffset : transition.sourceOffset
  }

  /// Appends the presented attributes of the elements meeting `rect`
  /// (presented content coordinates) at the current progress.
  ///
  /// - Complexity: two visible-rect queries plus O(1) per element.
  public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
    guard rect.isFinite else { return }
    transition.attributes(in: rect, progress: progress, into: &result)
  }

  /// The presented attributes of one element, or `nil`.
  public func attributes(for id: ElementID) -> LayoutAttributes? {
    transition.attributes(for: id, progress: progress)
  }
}
