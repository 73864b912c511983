/// Prepared geometry that was built from estimated sizes and takes the real
/// (measured) sizes of its elements as they come into view, without a new
/// prepare.
///
/// A scroller (`SelfSizingScroller` in ScrollPhysics) asks the layout which
/// visible elements still have their estimates, has the caller measure
/// them, hands the sizes back through
/// `setMeasuredSize(_:for:keepingLinesFrom:)`, and moves the content offset
/// along the scroll axis so that an anchor element keeps its place on
/// screen (`ScrollAnchor`).
public protocol SelfSizingLayout: PreparedLayout where State == ScrollState {
  /// The widest an element may be: the width to measure wrapped content to.
  var maxItemWidth: Double { get }

  /// Whether `id` has its real size (elements of fixed size always do).
  func isMeasured(_ id: ElementID) -> Bool

  /// The axis the layout scrolls along: where anchors are measured and
  /// offsets corrected (`mark(_:at:)`, `offset(keeping:from:)`). The
  /// default is `.vertical`; a flow follows its `FlowLayout.axis`.
  var scrollAxis: Axis { get }

  /// Gives `id` its measured size and marks it measured: the one way to
  /// hand a layout a real size (`setMeasuredSize(_:for:)` is its short
  /// form, with no anchor).
  ///
  /// `anchor` is the element that keeps its place on screen
  /// (`AnchorMark.id`). When `id` comes before it, a layout that
  /// re-arranges elements after a size changes (lines re-broken, columns
  /// re-chosen) leaves the anchor and everything after it arranged as
  /// they were, relative to the anchor: only what lies between `id` and
  /// the anchor is re-arranged. With `nil`, or when `id` is at or after
  /// the anchor, the layout re-arranges as a fresh prepare would.
  ///
  /// - Complexity: see the layout (O(log n) for the tag cloud; O(n) in
  ///   the changed section for the flow and the waterfall).
  /// - Returns: `false`, changing nothing, for an identity the layout does
  ///   not size or a size that is negative, not finite or out of range.
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

  /// The sizes learnt so far from measurements (`LearntSizes`): what a
  /// batch update carries to the layout after it.
  ///
  /// - Complexity: O(n) at most (the layouts skip sections with nothing
  ///   learnt where they can tell in O(1)).
  func learntSizes() -> LearntSizes

  /// Marks measured the items `learnt` holds a size for, in a layout just
  /// prepared from sizes that hold them (`LearntSizes.mapped(through:into:)`);
  /// changes no geometry. Identities out of range are skipped.
  ///
  /// - Complexity: O(n) at most.
  mutating func markMeasured(_ learnt: LearntSizes)
}

/// A layout configuration that can be prepared from estimated sizes: its
/// prepared geometry takes the real sizes as they are measured (flow,
/// sticky sections, waterfall, tag cloud, tag table). A host built with
/// `estimated: true` prepares it this way.
public protocol EstimatingLayout: CollectionLayout where Prepared: SelfSizingLayout {
  /// Prepares `items` as estimates, every item unmeasured until it gets
  /// its real size (`SelfSizingLayout.setMeasuredSize`).
  ///
  /// - Throws: as the layout's `prepare(items:viewport:)` (see each
  ///   layout for what else it refuses).
  func prepare(estimated items: LayoutItems, viewport: Viewport) throws(LayoutError) -> Prepared
}

extension EstimatingLayout {
  /// Prepares `items` with or without an estimate, one call for both: with
  /// `estimate`, every item is laid out at that size and left unmeasured
  /// (`prepare(estimated:viewport:)` over the same sections and counts);
  /// `items` then hold the real sizes, which the caller hands back as
  /// cells come into view (`items.size(of:)` answers a scroller's
  /// measure). With `nil`, it is `prepare(items:viewport:)`.
  ///
  /// - Complexity: as the prepare it calls, plus O(sections).
  /// - Throws: as that prepare: `LayoutError` for a bad viewport,
  ///   configuration or item count, `.invalidItemSize` for an estimate
  ///   (or, without one, an item size) that is negative, not finite or
  ///   too large.
  public func prepare(items: LayoutItems, estimate: Size?, viewport: Viewport) throws(LayoutError) -> Prepared {
    guard let estimate else { return try prepare(items: items, viewport: viewport) }
    // A uniform section's count as given, so that a negative one is refused
    // as it would be without an estimate (`ItemSizes.count` reads it as 0).
    let counts = items.sections.map { section in
      if case .uniform(_, let count) = section { return count }
      return section.count
    }
    return try prepare(estimated: LayoutItems(sectionCounts: counts, size: estimate), viewport: viewport)
  }
}

/// What keeps its place on screen when measured sizes differ from the
/// estimates (MagazineLayout's anchors), along the layout's scroll axis
/// (`SelfSizingLayout.scrollAxis`): y for a vertical layout, x for a
/// horizontal one. "Top" and "bottom" below are the content's start and
/// end along that axis (left and right for a horizontal layout).
public enum ScrollAnchor: Hashable, Sendable {
  /// The first element on screen that already has its real size (else the
  /// first on screen) keeps its distance from the viewport's start; at the
  /// content's start (the offset at or before its minimum), the offset
  /// stays, as `.top`. Default.
  case firstVisible
  /// The offset stays: the content's start keeps its place.
  case top
  /// The content's end keeps its distance from the viewport's start.
  case bottom
  /// Element `id`'s start stays `distanceFromStart` points past the
  /// viewport's start along the scroll axis (the offset follows the
  /// element wherever it is). A non-finite distance is read as 0.
  case item(ElementID, distanceFromStart: Double)
}

/// An anchor pinned down before sizes change: what to hold, and where, as
/// positions along the layout's scroll axis (`SelfSizingLayout.scrollAxis`).
public enum AnchorMark: Hashable, Sendable {
  /// Keep this content offset along the scroll axis (`.top`, or nothing on
  /// screen).
  case offset(Double)
  /// Keep the content's end this far past the viewport's start.
  case bottom(distance: Double)
  /// Keep element `id`'s start (its frame's minimum along the scroll axis)
  /// `screenPosition` points past the viewport's start.
  case element(ElementID, screenPosition: Double)

  /// The anchored element, if any.
  public var id: ElementID? {
    if case .element(let id, _) = self { return id }
    return nil
  }
}

extension SelfSizingLayout {
  /// `anchorElement(in:)` as the flow and sticky layouts answer it: of
  /// the elements meeting `rect` that `canAnchor` accepts (pinned ones
  /// cannot hold a place in the content), the first in reading order with
  /// its real size, else the first.
  ///
  /// - Complexity: O(log n + k).
  func firstAnchor(in rect: Rect, where canAnchor: (ElementID) -> Bool) -> (id: ElementID, frame: Rect)? {
    var found: [LayoutAttributes] = []
    attributes(in: rect, at: ScrollState(contentOffset: rect.origin), into: &found)
    var best: LayoutAttributes?
    var bestMeasured: LayoutAttributes?
    for a in found where canAnchor(a.id) {
      if best.map({ a.id < $0.id }) ?? true { best = a }
      if isMeasured(a.id), bestMeasured.map({ a.id < $0.id }) ?? true { bestMeasured = a }
    }
    return (bestMeasured ?? best).map { ($0.id, $0.frame) }
  }

  /// `.vertical`: the default for layouts that only scroll along y.
  public var scrollAxis: Axis { .vertical }

  /// The short form of `setMeasuredSize(_:for:keepingLinesFrom:)`, with no
  /// anchor: the layout re-arranges what follows `id` as a fresh prepare
  /// with the new size would (where it re-arranges at all).
  ///
  /// - Complexity: as `setMeasuredSize(_:for:keepingLinesFrom:)`.
  /// - Returns: `false`, changing nothing, for an identity the layout does
  ///   not size or a size that is negative, not finite or out of range.
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID) -> Bool {
    setMeasuredSize(size, for: id, keepingLinesFrom: nil)
  }

  /// `true`: a self-sizing layout takes preferred sizes.
  public static var takesPreferredSizes: Bool { true }

  /// `true` for cells (a layout that sizes only some of them says which).
  public func takesPreferredSize(for id: ElementID) -> Bool { id.kind == .cell }

  /// Marks the first element on screen at `offset`, records `size` for
  /// `id` keeping lines from that element, and returns the offset that
  /// keeps it still (`PreparedLayout.recordPreferredSize`); only the
  /// offset's coordinate along `scrollAxis` changes. `nil`, changing
  /// nothing, when the layout refuses the size for `id`
  /// (`setMeasuredSize` answers `false`: a bad size, an identity it does
  /// not size, such as a cell of a flow's uniform section).
  ///
  /// - Complexity: `mark(.firstVisible, at:)` plus the size update plus
  ///   `offset(keeping:from:)`.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    sharedRecordPreferredSize(size, for: id, anchoredAt: offset)
  }

  /// The body of `recordPreferredSize(_:for:anchoredAt:)`, for the layouts
  /// of this module to answer from their own method (see
  /// `sharedSizeTakingPreferredSize(for:at:)`).
  @inline(__always)
  mutating func sharedRecordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    let mark = mark(.firstVisible, at: offset)
    guard setMeasuredSize(size, for: id, keepingLinesFrom: mark.id) else { return nil }
    return self.offset(keeping: mark, from: offset)
  }

  /// Pins `anchor` down at content offset `offset`: call before changing
  /// sizes, then `offset(keeping:from:)` after. Positions are along
  /// `scrollAxis`; a non-finite offset coordinate is read as 0.
  ///
  /// - Complexity: O(log n + k) for `.firstVisible`, O(log n) otherwise.
  public func mark(_ anchor: ScrollAnchor, at offset: Point) -> AnchorMark {
    let offset = offset.sanitized
    let axis = scrollAxis
    switch anchor {
    case .top:
      return .offset(offset[axis])
    case .bottom:
      return .bottom(distance: contentSize(at: ScrollState(contentOffset: offset))[axis] - offset[axis])
    case .item(let id, let distance):
      return .element(id, screenPosition: distance.finiteOr(0))
    case .firstVisible:
      // At the content's start (or pulled past it) the start holds, as
      // `.top`: nothing lies above to be learnt, and a first line that
      // grows around its first element pushes down what is below rather
      // than scrolling the top of the content out of view.
      if offset[axis] <= offsetBounds(at: ScrollState(contentOffset: offset)).min[axis] {
        return .offset(offset[axis])
      }
      let rect = Rect(origin: offset, size: viewport.size)
      guard let (id, frame) = anchorElement(in: rect) else { return .offset(offset[axis]) }
      return .element(id, screenPosition: frame.min(axis) - offset[axis])
    }
  }

  /// The content offset that puts `mark` back where it was, from the
  /// current `offset`: only the coordinate along `scrollAxis` changes. An
  /// element that no longer exists keeps the offset; a non-finite offset
  /// coordinate is read as 0.
  ///
  /// - Complexity: O(log n).
  public func offset(keeping mark: AnchorMark, from offset: Point) -> Point {
    let offset = offset.sanitized
    let axis = scrollAxis
    var result = offset
    switch mark {
    case .offset(let position):
      result[axis] = position.finiteOr(0)
    case .bottom(let distance):
      result[axis] = contentSize(at: ScrollState(contentOffset: offset))[axis] - distance.finiteOr(0)
    case .element(let id, let screen):
      guard let frame = attributes(for: id, at: ScrollState(contentOffset: offset))?.frame else { return offset }
      result[axis] = frame.min(axis) - screen.finiteOr(0)
    }
    return result
  }

  /// Where `mark`'s anchor is now, as a distance past the viewport's start
  /// along `scrollAxis` at `offset` (for reports and tests); `nil` for an
  /// element that no longer exists.
  ///
  /// - Complexity: O(log n).
  public func screenPosition(of mark: AnchorMark, at offset: Point) -> Double? {
    let offset = offset.sanitized
    let axis = scrollAxis
    switch mark {
    case .offset(let position): return position - offset[axis]
    case .bottom: return contentSize(at: ScrollState(contentOffset: offset))[axis] - offset[axis]
    case .element(let id, _):
      return attributes(for: id, at: ScrollState(contentOffset: offset)).map { $0.frame.min(axis) - offset[axis] }
    }
  }
}
