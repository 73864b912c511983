import LayoutCore

extension LayoutHost where Prepared == PreparedWaterfallLayout {
  /// A host of the same items in `columns` columns, for a column change (a
  /// pinch between 2, 3 and 4 columns, a rotation): it lays out every size
  /// this host has learnt (preferred sizes; measured items stay measured)
  /// as long as it is prepared for the same counts, and otherwise prepares
  /// from `itemSizes` in `columns` columns, estimated when this host's
  /// layout is. Prepare it for the collection view's bounds and counts,
  /// then move between the two with a `HostTransition` anchored at the
  /// fingers (`columnTransition(to:anchoredAt:)`, or the UIKit shell's
  /// `ScrollworkTransitionLayout`, which does the same).
  ///
  /// - Complexity: O(1) here; its prepare is O(n·c).
  /// - Bad input: a column count outside
  ///   `1...WaterfallLayout.maximumColumnCount` makes the new host's
  ///   prepare fail with `HostError` naming it (nothing traps).
  public func changingColumns(to columns: Int) -> LayoutHost<PreparedWaterfallLayout> {
    let learnt = _prepared
    let counts = _counts
    var configuration = learnt?.layout ?? WaterfallLayout()
    configuration.columnCount = columns
    configuration.sectionColumnCounts = [:]
    let target = configuration
    let estimated = learnt?.isEstimated ?? false
    var host = LayoutHost(itemSizes: itemSizes, scale: scale) { items, viewport throws(LayoutError) in
      if let learnt, items.sections.map(\.count) == counts {
        return try learnt.withColumnCount(columns, viewport: viewport)
      }
      return estimated
        ? try target.prepare(estimated: items, viewport: viewport)
        : try target.prepare(items: items, viewport: viewport)
    }
    host.scrollViewInsets = scrollViewInsets
    return host
  }

  /// An interactive column change from this host to `target` (a host from
  /// `changingColumns(to:)`), which is prepared here for this host's
  /// bounds and counts: progress goes back and forth (`progress`), the
  /// item under `point` (the fingers, in visible coordinates; the centre
  /// when `nil`) stays under it, and it ends where
  /// `restingOffset(completed:)` says (the start when cancelled). `nil`
  /// when either host is not prepared.
  ///
  /// - Complexity: the target's prepare (O(n·c)) and two visible-rect
  ///   queries.
  /// - Throws: `HostError` when the target cannot be prepared.
  public func columnTransition(
    to target: inout LayoutHost<PreparedWaterfallLayout>, anchoredAt point: Point?, progress: Double = 0
  ) throws(HostError) -> HostTransition? {
    _ = try target.prepare(bounds: bounds, counts: counts)
    return HostTransition(from: self, to: target, anchoredAt: point, progress: progress)
  }
}
