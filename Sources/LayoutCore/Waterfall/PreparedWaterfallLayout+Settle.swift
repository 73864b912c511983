extension PreparedLayout {
  /// `false`: the layout leaves no slack to settle.
  public static var settlesSlack: Bool { false }

  /// `false`: the layout leaves no slack to settle.
  public func slackNeedsSettle(in rect: Rect) -> Bool { false }

  /// `nil`: the layout leaves no slack to settle.
  public func settledKeepingFirstVisible(at offset: Point) -> (layout: Self, offset: Point)? { nil }
}

extension PreparedWaterfallLayout {
  /// `true`: measuring estimates upward leaves slack at a section's top.
  public static var settlesSlack: Bool { true }

  /// `needsSettle(in: rect)` (a column starting more than 1 pt below its
  /// section's top, within `rect`).
  ///
  /// - Complexity: O(log s + c) per section meeting `rect`; no allocation.
  public func slackNeedsSettle(in rect: Rect) -> Bool { needsSettle(in: rect) }

  /// `settled()` and the offset that keeps the first element shown at
  /// `offset` (`mark(.firstVisible, at:)`) where it is on screen; `nil`
  /// when the fresh placement fails (it does not for a layout that
  /// prepared) or `offset` is not finite.
  ///
  /// - Complexity: O(n·c) (the fresh placement) plus two visible-rect
  ///   queries.
  public func settledKeepingFirstVisible(at offset: Point) -> (layout: PreparedWaterfallLayout, offset: Point)? {
    guard offset.x.isFinite, offset.y.isFinite else { return nil }
    let mark = mark(.firstVisible, at: offset)
    do throws(LayoutError) {
      let settled = try settled()
      return (settled, settled.offset(keeping: mark, from: offset))
    } catch {
      return nil
    }
  }
}
