/// Any prepared layout whose state is a `ScrollState`, behind one type: what
/// a chain of interrupted transitions starts from, so the chain keeps one
/// type however often it is interrupted.
///
/// Forwarding costs one indirect call per method; queries keep the wrapped
/// layout's complexity and allocate nothing more.
public struct AnyPreparedLayout: PreparedLayout {
  /// The wrapped layout.
  public var base: any Sendable { unwrap() }
  /// The wrapped layout's viewport.
  public let viewport: Viewport
  /// The wrapped layout's number of sections.
  public let numberOfSections: Int
  /// The wrapped layout's scroll dependence.
  public let scrollDependence: ScrollDependence
  // Every closure captures the one box (a closure whose only capture is one
  // object uses it as its context): wrapping allocates the box alone, not a
  // context holding a copy of the layout per closure.
  private let unwrap: @Sendable () -> any Sendable
  private let items: @Sendable (Int) -> Int
  private let size: @Sendable (ScrollState) -> Size
  private let inset: @Sendable (ScrollState) -> EdgeInsets
  private let query: @Sendable (Rect, ScrollState, inout [LayoutAttributes]) -> Void
  private let lookup: @Sendable (ElementID, ScrollState) -> LayoutAttributes?
  private let place: @Sendable (ElementID, ScrollState) -> (center: Point, size: Size)?
  private let walk: @Sendable (Rect, ScrollState, (ElementID, Point, Size, () -> LayoutAttributes) -> Void) -> Bool
  private let target: @Sendable (Point, Point, Point, ScrollState) -> Point

  /// Wraps `layout`.
  ///
  /// - Complexity: O(1); one allocation (none when `layout` is already an
  ///   `AnyPreparedLayout`).
  public init<L: PreparedLayout>(_ layout: L) where L.State == ScrollState {
    if let already = layout as? AnyPreparedLayout {
      self = already
      return
    }
    let box = LayoutBox(layout)
    viewport = layout.viewport
    numberOfSections = layout.numberOfSections
    scrollDependence = layout.scrollDependence
    unwrap = { box.layout }
    items = { box.layout.numberOfItems(inSection: $0) }
    size = { box.layout.contentSize(at: $0) }
    inset = { box.layout.contentInset(at: $0) }
    query = { box.layout.attributes(in: $0, at: $1, into: &$2) }
    lookup = { box.layout.attributes(for: $0, at: $1) }
    place = { box.layout.geometry(for: $0, at: $1) }
    walk = { box.layout.forEachGeometry(in: $0, at: $1, $2) }
    target = { box.layout.targetContentOffset(proposed: $0, velocity: $1, dragStart: $2, at: $3) }
  }

  /// The wrapped layout's answer.
  public func numberOfItems(inSection section: Int) -> Int { items(section) }
  /// The wrapped layout's answer.
  public func contentSize(at state: ScrollState) -> Size { size(state) }
  /// The wrapped layout's answer.
  public func contentInset(at state: ScrollState) -> EdgeInsets { inset(state) }

  /// - Complexity: the wrapped layout's.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    query(rect, state, &result)
  }

  /// The wrapped layout's answer.
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? { lookup(id, state) }

  /// The wrapped layout's answer.
  public func geometry(for id: ElementID, at state: ScrollState) -> (center: Point, size: Size)? { place(id, state) }

  /// The wrapped layout's answer.
  public func forEachGeometry(
    in rect: Rect, at state: ScrollState, _ body: (ElementID, Point, Size, () -> LayoutAttributes) -> Void
  ) -> Bool {
    walk(rect, state, body)
  }

  public func targetContentOffset(proposed: Point, velocity: Point, at state: ScrollState) -> Point {
    target(proposed, velocity, proposed, state)
  }

  public func targetContentOffset(proposed: Point, velocity: Point, dragStart: Point, at state: ScrollState) -> Point {
    target(proposed, velocity, dragStart, state)
  }
}

/// A prepared layout behind one reference, shared by `AnyPreparedLayout`'s
/// closures.
final class LayoutBox<L: PreparedLayout>: Sendable {
  let layout: L
  init(_ layout: L) { self.layout = layout }
}
