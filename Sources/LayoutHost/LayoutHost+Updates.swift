import LayoutCore

extension LayoutHost {
  /// Takes a batch update (UIKit's `prepare(forCollectionViewUpdates:)`):
  /// checks `updates` against the counts before and `newCounts` after,
  /// turns them into an identity mapping (`SnapshotChange`), prepares the
  /// layout for the new counts and finds the offset that keeps the anchor
  /// in place: the first cell on screen (in identity order) that survives
  /// the update keeps its place on screen, clamped into the new offset
  /// range. Until `finalizeUpdates()`, `initialAttributes(forAppearing:)`
  /// and `finalAttributes(forDisappearing:)` answer from both layouts and
  /// `targetContentOffset(forProposed:)` gives that offset.
  ///
  /// - Complexity: O(s + k log k) for the mapping (s sections, k edits),
  ///   plus the engine's prepare for the new counts (O(s) for uniform
  ///   sections, O(n) for per-item sizes), plus one visible-rect query.
  /// - Throws: `HostError.update` for edits that do not fit the counts, or
  ///   `HostError.layout` when the new counts cannot be laid out; either
  ///   way nothing changes.
  public mutating func prepare(forUpdates updates: [CollectionUpdate], counts newCounts: [Int]) throws(HostError) {
    try Self.checkCounts(newCounts)
    if prepared == nil || needsPrepare { try prepareIfNeeded() }
    guard let before = prepared else { return }
    let change: SnapshotChange
    do throws(CollectionUpdateError) {
      change = try SnapshotChange(oldCounts: counts, newCounts: newCounts, updates: updates)
    } catch {
      throw .update(error)
    }
    let beforeState = state
    // The anchor: the first surviving cell on screen.
    buffer.removeAll(keepingCapacity: true)
    before.attributes(in: bounds, at: beforeState, into: &buffer)
    var anchor: (old: LayoutAttributes, new: ElementID)?
    for a in buffer where a.id.kind == .cell {
      guard let new = change.newID(forOld: a.id) else { continue }
      if anchor == nil || a.id < anchor!.old.id { anchor = (a, new) }
    }
    let after: Prepared
    do throws(LayoutError) {
      after = try makePrepared(
        itemSizes.items(counts: newCounts, viewport: bounds.size), Viewport(size: bounds.size, scale: scale))
    } catch {
      throw .layout(error)
    }
    _prepared = after
    hasLearntSizes = false
    _counts = newCounts
    finishPrepare()
    var target = clampedOffset(bounds.origin)
    if let anchor, let moved = after.attributes(for: anchor.new, at: state) {
      let screen = anchor.old.frame.origin - bounds.origin
      target = clampedOffset(moved.frame.origin - screen)
    }
    update = PendingUpdate(
      before: before, beforeState: beforeState, change: change, target: target, anchor: anchor?.new)
    restingOffset = target
  }

  /// The identity mapping of the pending update, if any.
  public var pendingChange: SnapshotChange? { update?.change }

  /// The anchor of the pending update (its identity after the update).
  public var pendingAnchor: ElementID? { update?.anchor }

  /// Where element `id` (its identity after the update) starts its
  /// animation (UIKit's `initialLayoutAttributesForAppearingItem(at:)` and
  /// its supplementary variant): where it was before the update when it
  /// existed then (moved, or kept), else at its new place, transparent.
  /// `nil` for an element that does not exist after the update. Outside an
  /// update: its current attributes.
  ///
  /// - Complexity: O(log d) for the mapping plus two engine lookups.
  public func initialAttributes(forAppearing id: ElementID) -> LayoutAttributes? {
    guard let new = attributes(for: id) else { return nil }
    guard let update else { return new }
    if let old = update.change.oldID(forNew: id), var a = update.before.attributes(for: old, at: update.beforeState) {
      a.id = id
      return a
    }
    var appearing = new
    appearing.alpha = 0
    return appearing
  }

  /// Where element `id` (its identity before the update) ends its
  /// animation (UIKit's `finalLayoutAttributesForDisappearingItem(at:)` and
  /// its supplementary variant): its new place when it survives, else where
  /// it was, transparent. `nil` for an element that did not exist before.
  /// Outside an update: its current attributes.
  public func finalAttributes(forDisappearing id: ElementID) -> LayoutAttributes? {
    guard let update else { return attributes(for: id) }
    guard update.before.isInRange(id), let old = update.before.attributes(for: id, at: update.beforeState)
    else { return nil }
    var targetState = state
    targetState.contentOffset = update.target
    if let new = update.change.newID(forOld: id), var a = prepared?.attributes(for: new, at: targetState) {
      a.id = id
      return a
    }
    var disappearing = old
    disappearing.alpha = 0
    return disappearing
  }

  /// Ends the update (UIKit's `finalizeCollectionViewUpdates()`): the
  /// layout before is released. The anchored offset stays the answer of
  /// `targetContentOffset(forProposed:)` until the bounds move.
  public mutating func finalizeUpdates() {
    update = nil
  }
}
