/// Prepared geometry that was built from estimated sizes and takes the real
/// (measured) sizes of its elements as they come into view, without a new
/// prepare.
///
/// A scroller (`SelfSizingScroller` in ScrollPhysics) asks the layout which
/// visible elements still have their estimates, has the caller measure
/// them, hands the sizes back through `setMeasuredSize(_:for:)`, and moves
/// the content offset so that an anchor element keeps its place on screen
/// (`ScrollAnchor`).
public protocol SelfSizingLayout: PreparedLayout where State == ScrollState {
  /// The widest an element may be: the width to measure wrapped content to.
  var maxItemWidth: Double { get }

  /// Whether `id` has its real size (elements of fixed size always do).
  func isMeasured(_ id: ElementID) -> Bool

  /// Gives `id` its measured size and marks it measured.
  ///
  /// - Complexity: O(log n) for a layout's common case (see its guide).
  /// - Returns: `false`, changing nothing, for an identity the layout does
  ///   not size or a size that is negative or not finite.
  @discardableResult
  mutating func setMeasuredSize(_ size: Size, for id: ElementID) -> Bool

  /// As `setMeasuredSize(_:for:)`, told which element keeps its place on
  /// screen (`AnchorMark.id`): a layout that re-arranges elements after a
  /// size changes (the tag cloud re-breaks lines) leaves the anchor and
  /// what follows it as they are when the change is before the anchor. The
  /// default ignores `anchor`.
  @discardableResult
  mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool

  /// Calls `body` with every element in `rect` that still has its estimate.
  ///
  /// - Complexity: O(log n + k).
  func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void)

  /// The element an anchor should follow in `rect`: the first in reading
  /// order that meets it and has its real size, else the first that meets
  /// it; `nil` when nothing does.
  ///
  /// - Complexity: O(log n + k).
  func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)?

  /// The same elements and sizes laid out for a new viewport (a rotation).
  ///
  /// - Complexity: O(n).
  /// - Throws: `LayoutError.invalidViewport`.
  func resized(to viewport: Viewport) throws(LayoutError) -> Self
}

/// What keeps its place on screen when measured sizes differ from the
/// estimates (MagazineLayout's vertical anchors).
public enum ScrollAnchor: Hashable, Sendable {
  /// The first element on screen that already has its real size (else the
  /// first on screen) keeps its distance from the viewport's top. Default.
  case firstVisible
  /// The offset stays: the content's top keeps its place.
  case top
  /// The content's bottom keeps its distance from the viewport's bottom.
  case bottom
  /// Element `id` stays `distanceFromTop` points below the viewport's top
  /// (content coordinates; the offset follows the element wherever it is).
  case item(ElementID, distanceFromTop: Double)
}

/// An anchor pinned down before sizes change: what to hold, and where.
public enum AnchorMark: Hashable, Sendable {
  /// Keep this content offset (`.top`, or nothing on screen).
  case offset(Double)
  /// Keep the content's bottom this far below the viewport's top.
  case bottom(distance: Double)
  /// Keep element `id`'s top `screenY` points below the viewport's top.
  case element(ElementID, screenY: Double)

  /// The anchored element, if any.
  public var id: ElementID? {
    if case .element(let id, _) = self { return id }
    return nil
  }
}

extension SelfSizingLayout {
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool {
    setMeasuredSize(size, for: id)
  }

  /// `true`: a self-sizing layout takes preferred sizes.
  public static var takesPreferredSizes: Bool { true }

  /// Marks the first element on screen at `offset`, records `size` for
  /// `id` keeping lines from that element, and returns the offset that
  /// keeps it still (`PreparedLayout.recordPreferredSize`).
  ///
  /// - Complexity: `mark(.firstVisible, at:)` plus the size update plus
  ///   `offset(keeping:from:)`.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    let mark = mark(.firstVisible, at: offset)
    setMeasuredSize(size, for: id, keepingLinesFrom: mark.id)
    return self.offset(keeping: mark, from: offset)
  }

  /// Pins `anchor` down at content offset `offset`: call before changing
  /// sizes, then `offset(keeping:from:)` after.
  ///
  /// - Complexity: O(log n + k) for `.firstVisible`, O(log n) otherwise.
  public func mark(_ anchor: ScrollAnchor, at offset: Point) -> AnchorMark {
    let offset = offset.sanitized
    switch anchor {
    case .top:
      return .offset(offset.y)
    case .bottom:
      return .bottom(distance: contentSize(at: ScrollState(contentOffset: offset)).height - offset.y)
    case .item(let id, let distance):
      return .element(id, screenY: distance.finiteOr(0))
    case .firstVisible:
      let rect = Rect(origin: offset, size: viewport.size)
      guard let (id, frame) = anchorElement(in: rect) else { return .offset(offset.y) }
      return .element(id, screenY: frame.minY - offset.y)
    }
  }

  /// The content offset that puts `mark` back where it was, from the
  /// current `offset` (only y changes). An element that no longer exists
  /// keeps the offset.
  ///
  /// - Complexity: O(log n).
  public func offset(keeping mark: AnchorMark, from offset: Point) -> Point {
    let offset = offset.sanitized
    switch mark {
    case .offset(let y):
      return Point(x: offset.x, y: y)
    case .bottom(let distance):
      return Point(x: offset.x, y: contentSize(at: ScrollState(contentOffset: offset)).height - distance)
    case .element(let id, let screenY):
      guard let frame = attributes(for: id, at: ScrollState(contentOffset: offset))?.frame else { return offset }
      return Point(x: offset.x, y: frame.minY - screenY)
    }
  }

  /// Where `mark`'s anchor is now, as a distance below the viewport's top
  /// at `offset` (for reports and tests); `nil` for an element that no
  /// longer exists.
  public func screenPosition(of mark: AnchorMark, at offset: Point) -> Double? {
    switch mark {
    case .offset(let y): return y - offset.y
    case .bottom: return contentSize(at: ScrollState(contentOffset: offset)).height - offset.y
    case .element(let id, _):
      return attributes(for: id, at: ScrollState(contentOffset: offset)).map { $0.frame.minY - offset.y }
    }
  }
}
