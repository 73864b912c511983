/// The scroll state a query reads: at least a content offset.
///
/// Layouts with more state (an accordion's progress, a follower strip's
/// index and fraction) declare their own state type conforming to this.
public protocol ScrollStateProtocol: Sendable, Hashable {
  /// The content offset: the point of the content at the viewport's
  /// top-left corner (UIKit's `contentOffset`).
  var contentOffset: Point { get set }
}

/// The state of an ordinary scroll view: its content offset.
public struct ScrollState: ScrollStateProtocol {
  public var contentOffset: Point

  public init(contentOffset: Point = .zero) { self.contentOffset = contentOffset }

  public init(x: Double, y: Double) { self.contentOffset = Point(x: x, y: y) }
}

/// A layout configuration: a small value that turns items and a viewport
/// into prepared geometry.
///
/// ```swift
/// let layout = FlowLayout(axis: .vertical, lineSpacing: 2, interItemSpacing: 2)
/// let prepared = try layout.prepare(items: LayoutItems(count: 10_000, size: Size(width: 100, height: 100)),
///                                   viewport: Viewport(width: 390, height: 844))
/// let visible = prepared.attributes(in: Rect(x: 0, y: 500, width: 390, height: 844),
///                                   at: ScrollState(x: 0, y: 500))
/// ```
public protocol CollectionLayout: Sendable, Hashable {
  associatedtype Prepared: PreparedLayout

  /// Prepares geometry for `items` in `viewport`. This is the only step
  /// that may cost O(n); it never looks at the scroll position.
  ///
  /// - Throws: `LayoutError` for a bad viewport, bad item sizes or a
  ///   configuration out of range.
  func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> Prepared
}

/// Immutable geometry ready to answer queries at any scroll state.
///
/// Queries are pure: the same prepared geometry and state give the same
/// attributes, bit for bit. They cost O(log n + k) for k results, never a
/// loop over every item.
public protocol PreparedLayout: Sendable {
  associatedtype State: ScrollStateProtocol = ScrollState

  /// The viewport the geometry was prepared for.
  var viewport: Viewport { get }

  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of items in `section`; 0 for a section that does not exist.
  func numberOfItems(inSection section: Int) -> Int

  /// The size of the scrollable content at `state`.
  func contentSize(at state: State) -> Size

  /// The content insets at `state` (UIKit's `contentInset`): extra room
  /// around the content that the scroll view may show.
  func contentInset(at state: State) -> EdgeInsets

  /// Appends the attributes of every element whose untransformed frame
  /// intersects `rect` at `state` to `result`, in no particular order.
  ///
  /// Appending into a caller's buffer lets a steady-state frame loop run
  /// without allocating.
  ///
  /// - Complexity: O(log n + k) for k elements found.
  func attributes(in rect: Rect, at state: State, into result: inout [LayoutAttributes])

  /// The attributes of one element at `state`, or `nil` when `id` does not
  /// exist in the layout.
  func attributes(for id: ElementID, at state: State) -> LayoutAttributes?

  /// The centre and size of `attributes(for: id, at: state)`, bit for bit,
  /// or `nil` when that is `nil`. Transitions test every element they find
  /// with it and build whole attributes only for those they show; a layout
  /// that can place an element without building the rest of its
  /// attributes implements it (the default builds them).
  ///
  /// - Complexity: that of `attributes(for:at:)` at most.
  func geometry(for id: ElementID, at state: State) -> (center: Point, size: Size)?

  /// Calls `body` with the identity, centre and size of every element
  /// `attributes(in:at:into:)` appends for `rect` at `state`, in the same
  /// order and bit for bit, and a function that builds that element's
  /// whole attributes (the same bits again) from what the walk already
  /// knows; returns `true`. Returns `false` without calling `body` when the
  /// layout has no such walk (the default): the caller queries attributes
  /// instead. A transition's frame tests every element it finds and builds
  /// whole attributes only for those it shows; a layout that can place
  /// elements more cheaply than it builds them (the photo grid) implements
  /// it.
  ///
  /// - Complexity: that of `attributes(in:at:into:)` at most; allocates
  ///   nothing.
  func forEachGeometry(
    in rect: Rect, at state: State, _ body: (ElementID, Point, Size, () -> LayoutAttributes) -> Void
  ) -> Bool

  /// Where scrolling should come to rest when it would stop at `proposed`,
  /// after a release at `velocity` (points per second). Snapping layouts
  /// override this; the default keeps the proposal, with a non-finite
  /// coordinate read as 0 (every value that leaves the engine is finite).
  func targetContentOffset(proposed: Point, velocity: Point, at state: State) -> Point

  /// What a change of content offset alone can change in the attributes
  /// (`ScrollDependence`): what a host invalidates on a scroll. The default
  /// is `.elements`; layouts whose attributes depend on the offset less
  /// declare it (see `ScrollDependence`).
  ///
  /// - Complexity: O(1).
  var scrollDependence: ScrollDependence { get }

  /// As `targetContentOffset(proposed:velocity:at:)`, also told where the
  /// drag began (the content offset at touch-down): a layout that limits a
  /// swipe to one item measures from there. The default ignores `dragStart`.
  func targetContentOffset(proposed: Point, velocity: Point, dragStart: Point, at state: State) -> Point

  /// Whether the layout sizes its elements from preferred sizes: `true`
  /// for every `SelfSizingLayout` (its default), `false` otherwise (this
  /// protocol's default). A host asks the type, not the value, so that no
  /// dynamic cast runs per call.
  static var takesPreferredSizes: Bool { get }

  /// Whether `recordPreferredSize` takes a size for element `id`: `false`
  /// for a layout that takes none, and for elements a self-sizing layout
  /// does not size (a cell of a flow's uniform section, a supplementary),
  /// so a host does not invalidate for a size that would change nothing.
  /// An identity that does not exist may answer either way (a host looks
  /// it up first).
  ///
  /// - Complexity: O(1).
  func takesPreferredSize(for id: ElementID) -> Bool

  /// The size of element `id` at `state` when the layout takes preferred
  /// sizes (`takesPreferredSizes`), takes one for `id`
  /// (`takesPreferredSize(for:)`) and `id` exists (`isInRange(_:)`); `nil`
  /// otherwise, for any identity (negative, past the counts, `Int.max`).
  /// What a host compares a preferred size with before it invalidates.
  /// The default answers from those members and `geometry(for:at:)`.
  ///
  /// - Complexity: that of `geometry(for:at:)`.
  func sizeTakingPreferredSize(for id: ElementID, at state: State) -> Size?

  /// The size the layout would give element `id` if it recorded the
  /// preferred size `size` (a self-sizing layout clamps a width past its
  /// `maxItemWidth`; the waterfall keeps the column's width and the aspect
  /// ratio): what a host compares with the element's current size, so a
  /// cell that keeps preferring a size the layout cannot give does not
  /// invalidate on every self-sizing pass. The default answers `size`.
  ///
  /// - Complexity: O(1).
  func sizeGiven(forPreferredSize size: Size, of id: ElementID) -> Size

  /// Records `size` as element `id`'s real size, keeping the first element
  /// on screen at content offset `offset` where it is on screen (re-breaking
  /// lines from it upward where the layout breaks lines), and returns the
  /// content offset that does so; `nil` (changing nothing) for a layout
  /// that does not take preferred sizes, or does not take this one (a bad
  /// size, an element it does not size). The layout is updated in place
  /// when its storage is not shared.
  ///
  /// A `SelfSizingLayout` answers `mark(.firstVisible, at:)`, then
  /// `setMeasuredSize(_:for:keepingLinesFrom:)`, then `offset(keeping:from:)`;
  /// bad sizes and unknown identities are handled (ignored) as
  /// `setMeasuredSize` handles them.
  ///
  /// - Complexity: the layout's size update (O(log n) for the tag cloud).
  mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point?

  /// Whether the layout can leave slack that a host settles
  /// (`slackNeedsSettle(in:)`, `settledKeepingFirstVisible(at:)`): the
  /// waterfall's column starts after estimates were measured upward.
  /// `false` by default; a host asks the type first, so its scroll frame
  /// costs nothing more for other layouts.
  static var settlesSlack: Bool { get }

  /// Whether slack the layout should settle lies in `rect` (what is about
  /// to be on screen). `false` by default.
  ///
  /// - Complexity: O(log n) at most; no allocation.
  func slackNeedsSettle(in rect: Rect) -> Bool

  /// The settled layout (the slack removed, an animation target by
  /// identity) and the content offset that keeps the first element shown
  /// at `offset` where it is on screen; `nil` by default and when the
  /// layout cannot settle.
  ///
  /// - Complexity: the layout's own (the waterfall's O(n·c)).
  func settledKeepingFirstVisible(at offset: Point) -> (layout: Self, offset: Point)?
}

extension PreparedLayout {
  /// `false`: the layout does not take preferred sizes.
  public static var takesPreferredSizes: Bool { false }

  /// `false`: the layout does not take preferred sizes.
  public func takesPreferredSize(for id: ElementID) -> Bool { false }

  /// `size`: the layout gives what it is given.
  public func sizeGiven(forPreferredSize size: Size, of id: ElementID) -> Size { size }

  /// The element's size from `geometry(for:at:)` when the layout takes a
  /// preferred size for `id` and `id` exists (see the requirement).
  public func sizeTakingPreferredSize(for id: ElementID, at state: State) -> Size? {
    sharedSizeTakingPreferredSize(for: id, at: state)
  }

  /// The body of `sizeTakingPreferredSize(for:at:)`, also for the layouts
  /// of this module to answer from their own method
  /// (`SelfSizingLayout+Specialized.swift`): the default is reached from
  /// another module through the witness table and runs generically (each
  /// of its calls to the layout through the table too, each copying the
  /// layout), while from a concrete method it is specialized.
  @inline(__always)
  func sharedSizeTakingPreferredSize(for id: ElementID, at state: State) -> Size? {
    guard Self.takesPreferredSizes, isInRange(id), takesPreferredSize(for: id) else { return nil }
    return geometry(for: id, at: state)?.size
  }

  /// Whether `id`'s section exists and, for a cell, its item (a
  /// supplementary's or decoration's item is the layout's to check): what
  /// a host checks before it asks about one element. `false` for negative
  /// numbers and any number past the counts.
  ///
  /// - Complexity: O(1) plus `numberOfItems(inSection:)`.
  @inlinable public func isInRange(_ id: ElementID) -> Bool {
    guard id.section >= 0, id.item >= 0, id.section < numberOfSections else { return false }
    return id.kind != .cell || id.item < numberOfItems(inSection: id.section)
  }

  /// `nil`: the layout does not take preferred sizes; nothing changes.
  public mutating func recordPreferredSize(_ size: Size, for id: ElementID, anchoredAt offset: Point) -> Point? {
    nil
  }

  public func contentInset(at state: State) -> EdgeInsets { .zero }

  public func targetContentOffset(proposed: Point, velocity: Point, at state: State) -> Point {
    proposed.sanitized
  }

  public func targetContentOffset(proposed: Point, velocity: Point, dragStart: Point, at state: State) -> Point {
    targetContentOffset(proposed: proposed, velocity: velocity, at: state)
  }

  /// The attributes in `rect` at `state`, as a new array.
  public func attributes(in rect: Rect, at state: State) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    attributes(in: rect, at: state, into: &result)
    return result
  }

  /// The attributes of the elements visible at `state`: those whose frames
  /// intersect the rectangle at the content offset with the viewport's size.
  public func visibleAttributes(at state: State) -> [LayoutAttributes] {
    attributes(in: Rect(origin: state.contentOffset.sanitized, size: viewport.size), at: state)
  }

  /// The attributes of every element at `state`.
  ///
  /// - Complexity: O(n); for tools and tests, never per frame.
  public func allAttributes(at state: State) -> [LayoutAttributes] {
    attributes(in: Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15), at: state)
  }

  /// The range of content offsets the scroll view rests in at `state`:
  /// from `-inset.leading` to `contentSize − viewport + inset.trailing`
  /// along each axis (never below the minimum).
  public func offsetBounds(at state: State) -> (min: Point, max: Point) {
    let size = contentSize(at: state)
    let inset = contentInset(at: state)
    let minX = -inset.left
    let minY = -inset.top
    let maxX = Swift.max(minX, size.width + inset.right - viewport.size.width)
    let maxY = Swift.max(minY, size.height + inset.bottom - viewport.size.height)
    return (Point(x: minX, y: minY), Point(x: maxX, y: maxY))
  }
}
