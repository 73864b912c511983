import LayoutCore

/// Every `LayoutHost`, whatever its engine layout: what a tool that drives
/// any registered layout (`scrollwork replay`) holds. Each requirement is
/// the `LayoutHost` method of the same name.
public protocol LayoutHosting: Sendable {
  var bounds: Rect { get }
  var counts: [Int] { get }
  var itemSizes: ItemSizeSource { get }
  var contentSize: Size { get }
  var contentInset: EdgeInsets { get }
  var scrollDependence: ScrollDependence { get }
  var isSelfSizing: Bool { get }
  var erasedLayout: AnyPreparedLayout? { get }
  var dragStart: Point? { get set }
  var scrollViewInsets: EdgeInsets { get set }
  var pendingAnchor: ElementID? { get }
  var defersSettle: Bool { get set }
  mutating func setBounds(_ rect: Rect) throws(HostError)
  @discardableResult mutating func prepare(bounds: Rect, counts: [Int]) throws(HostError) -> Bool
  @discardableResult mutating func prepareIfNeeded() throws(HostError) -> Bool
  func elements(in rect: Rect, into result: inout [LayoutAttributes])
  mutating func withElements<R>(
    in rect: Rect, _ body: (UnsafeBufferPointer<LayoutAttributes>) throws -> R
  ) rethrows
    -> R
  func attributes(for id: ElementID) -> LayoutAttributes?
  func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool
  mutating func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext
  mutating func invalidate(with context: InvalidationContext)
  mutating func invalidateEverything()
  func shouldInvalidate(forPreferredSize size: Size, of id: ElementID) -> Bool
  mutating func invalidationContext(forPreferredSize size: Size, of id: ElementID) -> InvalidationContext
  mutating func prepare(forUpdates updates: [CollectionUpdate], counts newCounts: [Int]) throws(HostError)
  func initialAttributes(forAppearing id: ElementID) -> LayoutAttributes?
  func finalAttributes(forDisappearing id: ElementID) -> LayoutAttributes?
  mutating func finalizeUpdates()
  func targetContentOffset(proposed: Point, velocity: Point) -> Point
  func targetContentOffset(forProposed proposed: Point) -> Point
}

extension LayoutHost: LayoutHosting {}

extension HostTransition {
  /// A transition between two hosts of any layouts (see
  /// `init(from:to:mapping:anchoredAt:progress:)`).
  public init?(
    fromAny from: any LayoutHosting, toAny to: any LayoutHosting, anchoredAt point: Point? = nil, progress: Double = 0
  ) {
    guard let a = from.erasedLayout, let b = to.erasedLayout else { return nil }
    transition = LayoutTransition(
      from: a, at: ScrollState(contentOffset: from.bounds.origin), to: b,
      at: ScrollState(contentOffset: to.bounds.origin), mapping: .sameIdentity, anchoredAt: point)
    self.progress = clamp(progress.finiteOr(0), 0, 1)
  }
}

extension LayoutHosting {
  /// The attributes in `rect`, as a new array.
  public func elements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    elements(in: rect, into: &result)
    return result
  }
}
