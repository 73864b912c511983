import LayoutCore

extension LayoutHost {
  /// Takes a batch update (UIKit's `prepare(forCollectionViewUpdates:)`):
  /// checks `updates` against the counts before and `newCounts` after,
  /// turns them into an identity mapping (`SnapshotChange`), and finds the
  /// offset that keeps the anchor in place: the first cell on screen (in
  /// identity order) that survives the update keeps its place on screen,
  /// clamped into the new offset range. Until `finalizeUpdates()`,
  /// `initialAttributes(forAppearing:)` and `finalAttributes(forDisappearing:)`
  /// answer from both layouts and `targetContentOffset(forProposed:)` gives
  /// that offset.
  ///
  /// Both orders are taken. UIKit's (`performBatchUpdates`, a diffable
  /// data source's `apply`): `invalidate(with:)` with
  /// `invalidatesDataCounts`, then `prepare(bounds:counts:)` with the new
  /// counts (which keeps the geometry before), queries, and only then this
  /// call: the update starts from the kept geometry and the layout already
  /// prepared is kept. Without that invalidation (a shell that names the
  /// updates first), the update starts from the current layout and
  /// prepares the new counts here.
  ///
  /// - Complexity: O(s + k log k) for the mapping (s sections, k edits),
  ///   plus one visible-rect query, plus the engine's prepare for the new
  ///   counts when it was not prepared for them (O(s) for uniform sections,
  ///   O(n) for per-item sizes).
  /// - Throws: `HostError.update` for edits that do not fit the counts, or
  ///   `HostError.layout` when the new counts cannot be laid out; either
  ///   way no update is pending (the layout prepared for the new counts,
  ///   if any, stays).
  public mutating func prepare(forUpdates updates: [CollectionUpdate], counts newCounts: [Int]) throws(HostError) {
    try checkCountsForSource(newCounts)
    // Where the update starts from: in UIKit's order the counts were
    // invalidated and the layout prepared for the new counts before the
    // update items arrive (`beforeData` keeps the geometry before); a shell
    // that names the updates first starts from the current layout.
    let start: PreparedBefore
    let preparedForNewCounts: Bool
    if let kept = beforeData {
      start = kept
      preparedForNewCounts = prepared != nil && !needsPrepare && counts == newCounts
    } else {
      if prepared == nil || needsPrepare { try prepareIfNeeded() }
      guard let current = prepared else { return }
      start = PreparedBefore(
        prepared: current, state: state, counts: counts, bounds: bounds, hadLearntSizes: hasLearntSizes)
      preparedForNewCounts = false
    }
    let change: SnapshotChange
    do throws(CollectionUpdateError) {
      change = try SnapshotChange(oldCounts: start.counts, newCounts: newCounts, updates: updates)
    } catch {
      throw .update(error)
    }
    // The anchor: the first surviving cell on screen before the update.
    buffer.removeAll(keepingCapacity: true)
    start.prepared.attributes(in: start.bounds, at: start.state, into: &buffer)
    var anchor: (old: LayoutAttributes, new: ElementID)?
    for a in buffer where a.id.kind == .cell {
      guard let new = change.newID(forOld: a.id) else { continue }
      if anchor == nil || a.id < anchor!.old.id { anchor = (a, new) }
    }
    // An update that keeps every item where it was (no edit, or only
    // reconfigured items) leaves the layout prepared for the new counts
    // as it is (with the learnt sizes, see `prepare(bounds:counts:)`).
    let keepsItems =
      change.insertedCount == 0 && change.removedCount == 0 && change.movedCount == 0 && start.counts == newCounts
    let after: Prepared
    // (The prepare for the new counts kept the learnt sizes at their index
    // paths when it could: `hasLearntSizes` says it did.)
    if preparedForNewCounts, let current = prepared,
      !start.hadLearntSizes || (hasLearntSizes && change.keepsItemsInPlace)
    {
      after = current
    } else if keepsItems, start.hadLearntSizes, !preparedForNewCounts, beforeData == nil, let current = prepared,
      counts == newCounts
    {
      // The shell named the update first and nothing moves: the learnt
      // sizes stay where they are.
      after = current
    } else {
      do throws(LayoutError) {
        // Learnt sizes go where the update puts their items (UIKit does
        // not ask a cell it has sized again unless it is reloaded).
        if start.hadLearntSizes,
          let mapped = try preparedKeepingLearntSizes(from: start.prepared, through: change, counts: newCounts)
        {
          after = mapped
        } else {
          after = try makePrepared(
            itemSizes.items(counts: newCounts, viewport: bounds.size), Viewport(size: bounds.size, scale: scale))
          hasLearntSizes = false
        }
      } catch {
        throw .layout(error)
      }
      _prepared = after
      _counts = newCounts
      finishPrepare()
    }
    beforeData = nil
    var target = clampedOffset(bounds.origin)
    if let anchor, let moved = after.attributes(for: anchor.new, at: state) {
      let screen = anchor.old.frame.origin - start.bounds.origin
      target = clampedOffset(moved.frame.origin - screen)
    }
    update = PendingUpdate(
      before: start.prepared, beforeState: start.state, change: change, target: target, anchor: anchor?.new)
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
    beforeData = nil
  }
}

extension LayoutHost {
  /// The engine layout for sections of `newCounts` items: the item
  /// source's sizes (the estimates) with the sizes `before` learnt from
  /// preferred sizes at their items' places after `change` (`nil`: the
  /// same items; `LearntSizes.mapped(through:into:)`), those items marked
  /// measured. Sets `hasLearntSizes` to whether any size was carried.
  /// `nil`, preparing nothing, when the layout takes no preferred sizes
  /// or `before` learnt none.
  ///
  /// - Complexity: O(n) to read and map the learnt sizes, plus the
  ///   engine's prepare; never called when no size was learnt (the host's
  ///   `hasLearntSizes`), so a host without self-sizing cells pays nothing.
  /// - Throws: `LayoutError` when the sizes cannot be laid out.
  mutating func preparedKeepingLearntSizes(
    from before: Prepared, through change: SnapshotChange?, counts newCounts: [Int]
  ) throws(LayoutError) -> Prepared? {
    guard Prepared.takesPreferredSizes, let sizing = before as? any SelfSizingLayout else { return nil }
    let learnt = sizing.learntSizes()
    guard !learnt.isEmpty else { return nil }
    let (items, mapped) = learnt.mapped(
      through: change, into: itemSizes.items(counts: newCounts, viewport: bounds.size))
    let prepared = try makePrepared(items, Viewport(size: bounds.size, scale: scale))
    guard var marked = prepared as? any SelfSizingLayout else { return prepared }
    marked.markMeasured(mapped)
    hasLearntSizes = !mapped.isEmpty
    return (marked as? Prepared) ?? prepared
  }
}
