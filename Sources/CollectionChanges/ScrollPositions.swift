import LayoutCore

/// The edge of the view a requested item is scrolled to: the leading edge
/// along the layout's scrolling axis (UIKit's `.top` for a vertical
/// layout, `.left` for a horizontal one).
public enum LeadingEdge: Hashable, Sendable {
  case top
  case left

  /// `.top` for a vertical axis, `.left` for a horizontal one.
  public init(_ axis: Axis) { self = axis == .vertical ? .top : .left }
}

/// A scroll position by identity, as positions: which item a view shows at
/// its leading edge, and where to scroll to show a requested item there.
/// Pure functions of the layout's attributes and the view's geometry.
///
/// Horizontal layouts are read left to right: a right-to-left layout
/// mirrors its frames (UIKit's `flipsHorizontallyInOppositeLayoutDirection`)
/// before they reach these functions.
public enum ScrollPositions {
  /// The cell that marks the scroll position: among `attributes`' cells
  /// (other kinds are ignored) that meet `visibleRect`, the one whose
  /// leading edge along `axis` is on screen (not before `visibleRect`'s
  /// leading edge, less `tolerance`) and comes first, ties broken by the
  /// cross axis then by path; a partly hidden neighbour before it is never
  /// picked. When no cell's leading edge is on screen (one cell larger
  /// than the view), the cell that covers the leading edge.
  ///
  /// Frames are the untransformed ones (a carousel's scaled cells count by
  /// their layout frame). Pass the rectangle the content shows in: the
  /// bounds less the adjusted content insets.
  ///
  /// - Complexity: O(k) for k attributes.
  /// - Returns: `nil` when no cell meets `visibleRect`, or `visibleRect`
  ///   or a frame is not finite (such cells are skipped).
  public static func leadingItem<S: Sequence<LayoutAttributes>>(
    among attributes: S, visibleRect: Rect, axis: Axis, tolerance: Double = 0.5
  ) -> ItemPath? {
    guard visibleRect.isFinite, visibleRect.size.isValid else { return nil }
    let tolerance = tolerance.isFinite ? Swift.max(0, tolerance) : 0
    let start = visibleRect.min(axis)
    let end = visibleRect.max(axis)
    let cross = axis.cross
    var best: (main: Double, cross: Double, path: ItemPath)?
    var covering: (main: Double, cross: Double, path: ItemPath)?
    for a in attributes where a.id.kind.isCell && !a.isHidden {
      let frame = a.frame
      guard frame.isFinite, frame.max(cross) > visibleRect.min(cross), frame.min(cross) < visibleRect.max(cross)
      else { continue }
      let key = (main: frame.min(axis), cross: frame.min(cross), path: ItemPath(section: a.id.section, item: a.id.item))
      if key.main >= start - tolerance && key.main < end {
        if best.map({ (key.main, key.cross, key.path) < ($0.main, $0.cross, $0.path) }) ?? true { best = key }
      } else if key.main < start && frame.max(axis) > start {
        if covering.map({ (key.cross, key.path) < ($0.cross, $0.path) }) ?? true { covering = key }
      }
    }
    return (best ?? covering)?.path
  }

  /// The axis a layout scrolls along, read from its content: horizontal
  /// when the content is wider than the visible size and no taller,
  /// vertical otherwise (a content that fits both ways, or overflows both,
  /// reads as vertical). Pass the visible size less the content insets.
  /// Differences within `tolerance` points count as fitting.
  ///
  /// - Complexity: O(1).
  /// - Returns: `.vertical` for sizes that are not finite.
  public static func scrollAxis(contentSize: Size, visibleSize: Size, tolerance: Double = 0.5) -> Axis {
    guard contentSize.isFinite, visibleSize.isFinite else { return .vertical }
    let overflowsAcross = contentSize.width > visibleSize.width + tolerance
    let overflowsDown = contentSize.height > visibleSize.height + tolerance
    return overflowsAcross && !overflowsDown ? .horizontal : .vertical
  }

  /// The content offset that shows `frame` at the leading edge along
  /// `axis` (its leading edge at the view's leading inset), clamped to the
  /// range the content can scroll through; the cross axis keeps
  /// `current`'s offset. Pass the answer through the layout's
  /// `targetContentOffset(forProposedContentOffset:)` so snapping layouts
  /// settle where a gesture would.
  ///
  /// - Complexity: O(1).
  /// - Returns: `current` when an input is not finite; a content shorter
  ///   than the view rests at the leading inset.
  public static func contentOffset(
    showing frame: Rect, axis: Axis, current: Point, viewportSize: Size, contentSize: Size, insets: EdgeInsets
  ) -> Point {
    guard frame.isFinite, current.isFinite, viewportSize.isFinite, contentSize.isFinite, insets.isFinite else {
      return current
    }
    let lowest = -insets.leading(axis)
    let highest = Swift.max(lowest, contentSize[axis] + insets.trailing(axis) - viewportSize[axis])
    let main = Swift.min(Swift.max(frame.min(axis) - insets.leading(axis), lowest), highest)
    return Point(axis: axis, main: main, cross: current[axis.cross])
  }
}
