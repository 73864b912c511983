import LayoutCore

/// A settle the host has applied and a shell animates by identity: the
/// layout's slack (the waterfall's column starts after estimates were
/// measured upward) removed while what is on screen keeps its place. The
/// host has already moved to the settled geometry; `before` and `after`
/// say where each element on screen was and is, in content coordinates at
/// `fromOffset` and `toOffset`, so a shell slides each one once from its
/// old frame to its new one (UIKit does this when the invalidation runs in
/// an animation).
public struct HostSettle: Hashable, Sendable {
  /// The elements shown before the settle, at `fromOffset`, sorted by
  /// identity.
  public var before: [LayoutAttributes]
  /// The elements shown after it, at `toOffset`, sorted by identity.
  public var after: [LayoutAttributes]
  /// The content offset the settle was computed at.
  public var fromOffset: Point
  /// The content offset that keeps the anchor (the first element on screen
  /// with its real size) where it was on screen.
  public var toOffset: Point

  /// `toOffset − fromOffset`: what the shell adds to the content offset.
  public var contentOffsetAdjustment: Point { toOffset - fromOffset }
}

extension LayoutHost {
  /// How far above the visible rectangle, as a fraction of its height, a
  /// slack starts a settle (as `simulate waterfall` does): the slack is
  /// removed before it shows.
  public static var settleMargin: Double { 0.25 }

  /// Whether the layout has slack to settle (`PreparedLayout.slackNeedsSettle(in:)`)
  /// in `rect` or within `settleMargin` of its height above it. `false` for
  /// layouts that never leave slack (`settlesSlack`, a type-level check),
  /// before a prepare and for a rectangle that is not finite.
  ///
  /// - Complexity: O(1) for layouts without slack; the waterfall's check,
  ///   O(log s + c); no allocation.
  @inlinable
  public func needsSettle(at rect: Rect) -> Bool {
    guard Prepared.settlesSlack, _prepared != nil, rect.isFinite else { return false }
    let margin = rect.height * Self.settleMargin
    return _prepared!.slackNeedsSettle(
      in: Rect(x: rect.minX, y: rect.minY - margin, width: rect.width, height: rect.height + margin))
  }

  /// The settle the host applied last and no shell has taken yet: a shell
  /// animates it (`takePendingSettle()`). The host settles by itself when a
  /// bounds change (`invalidationContext(forBoundsChange:)`) or a preferred
  /// size (`invalidationContext(forPreferredSize:of:)`) finds slack that
  /// would show (`needsSettle(at:)`); the context it returns then carries
  /// the settle's elements and offset adjustment.
  public var pendingSettle: HostSettle? { _pendingSettle }

  /// Returns the pending settle and forgets it.
  public mutating func takePendingSettle() -> HostSettle? {
    defer { _pendingSettle = nil }
    return _pendingSettle
  }

  /// Settles the layout when `needsSettle(at:)` says so at the current
  /// bounds (what a shell calls when the scroll stops, say) and returns
  /// what `invalidate(with:)` applies: the elements on screen before or
  /// after, the content size's change, and the offset adjustment that
  /// keeps the anchor; `nil` when there is nothing to settle.
  ///
  /// - Complexity: as `needsSettle(at:)` when nothing is due; otherwise
  ///   the layout's settle (the waterfall's O(n·c)) and two visible-rect
  ///   queries; allocates the settle's lists.
  public mutating func settleIfNeeded() -> InvalidationContext? {
    guard needsSettle(at: _bounds) else { return nil }
    return settle(at: _bounds, reason: .configuration)
  }

  /// Moves to the settled layout shown at `rect` and records the pending
  /// settle; the context names the elements on screen before or after,
  /// `rect` as its bounds, and the offset adjustment. `nil` when the layout
  /// does not settle.
  @usableFromInline
  mutating func settle(at rect: Rect, reason: InvalidationContext.Reason) -> InvalidationContext? {
    guard _prepared != nil, let (settled, offset) = _prepared!.settledKeepingFirstVisible(at: rect.origin) else {
      return nil
    }
    var state = _state
    state.contentOffset = rect.origin
    var before: [LayoutAttributes] = []
    _prepared!.attributes(in: rect, at: state, into: &before)
    let sizeBefore = _prepared!.contentSize(at: state)
    _prepared = settled
    var after: [LayoutAttributes] = []
    var moved = state
    moved.contentOffset = offset
    _prepared!.attributes(in: Rect(origin: offset, size: rect.size), at: moved, into: &after)
    let sizeAfter = _prepared!.contentSize(at: moved)
    before.sort { $0.id < $1.id }
    after.sort { $0.id < $1.id }
    _pendingSettle = HostSettle(before: before, after: after, fromOffset: rect.origin, toOffset: offset)
    var ids = Set(before.map(\.id))
    ids.formUnion(after.map(\.id))
    var context = InvalidationContext(reason: reason)
    context.elements = ids.sorted()
    context.bounds = rect
    context.contentOffsetAdjustment = offset - rect.origin
    context.contentSizeAdjustment = Size(
      width: sizeAfter.width - sizeBefore.width, height: sizeAfter.height - sizeBefore.height)
    return context
  }
}

extension LayoutHost {
  /// Settles at `rect` (the bounds after a preferred size's adjustment)
  /// and adds the settle to `context`: its elements, offset adjustment and
  /// content size change.
  @usableFromInline
  mutating func foldSettle(at rect: Rect, into context: inout InvalidationContext) {
    guard let settle = settle(at: rect, reason: context.reason) else { return }
    var ids = Set(context.elements)
    ids.formUnion(settle.elements)
    context.elements = ids.sorted()
    context.contentOffsetAdjustment = context.contentOffsetAdjustment + settle.contentOffsetAdjustment
    context.contentSizeAdjustment = Size(
      width: context.contentSizeAdjustment.width + settle.contentSizeAdjustment.width,
      height: context.contentSizeAdjustment.height + settle.contentSizeAdjustment.height)
  }
}
