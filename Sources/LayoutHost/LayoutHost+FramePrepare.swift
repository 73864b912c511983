import LayoutCore

extension LayoutHost {
  /// `prepare(bounds:counts:)` with its no-work case inlinable: when the
  /// layout is prepared, nothing invalidated it, the counts are the host's
  /// own and the size is the one it was prepared for, only the bounds move
  /// (as `prepare` does then). A UIKit shell calls it on every frame that
  /// prepares (UIKit prepares after every invalidation): compiled in the
  /// caller for the concrete layout, it costs no generic call.
  ///
  /// - Returns: whether the engine layout was prepared again.
  /// - Complexity: O(1) when nothing changed; else `prepare(bounds:counts:)`.
  /// - Throws: as `prepare(bounds:counts:)` (`.invalidBounds` for bounds
  ///   that are not finite or have a negative size; the bounds stay).
  @inlinable
  @discardableResult
  public mutating func prepareForFrame(bounds newBounds: Rect, counts newCounts: [Int]) throws(HostError) -> Bool {
    if _prepared != nil, !needsPrepare, preparedSize == newBounds.size, _counts == newCounts {
      try setBounds(newBounds)
      if !needsPrepare { return false }
    }
    return try prepare(bounds: newBounds, counts: newCounts)
  }
}
