#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost

/// What every Scrollwork layout offers a transition or a recorder,
/// whatever its engine layout.
@MainActor
public protocol ScrollworkHosting: AnyObject {
  /// The layout's host, behind one type.
  var anyHost: any LayoutHosting { get }
  /// Makes the next `targetContentOffset(forProposedContentOffset:)`
  /// answer `offset` (where a transition into this layout ends).
  func restAfterTransition(at offset: CGPoint)
  /// `restAfterTransition(at:)` for one transition layout: the offset
  /// holds only when this layout is installed from `transition`.
  func restAfterTransition(at offset: CGPoint, from transition: UICollectionViewLayout)
  /// Forgets the resting offset `transition` set (it was cancelled).
  func cancelRestAfterTransition(from transition: UICollectionViewLayout)
}

/// A `UICollectionViewLayout` for any Scrollwork layout: each override
/// converts UIKit's types and asks the layout's `LayoutHost`, which
/// holds all the behaviour (and is tested on Linux by replaying these
/// same calls: `scrollwork replay`).
///
/// ```swift
/// collectionView.collectionViewLayout = ScrollworkLayout.carousel(.coverFlow)
/// ```
///
/// Self-sizing cells work in both axes for layouts that take estimates
/// (the tag cloud today): return the cell's fitting size from
/// `preferredLayoutAttributesFitting(_:)`; the layout keeps the first
/// measured cell on screen where it is.
@MainActor
open class ScrollworkLayout<Prepared: PreparedLayout>: UICollectionViewLayout, ScrollworkHosting {
  /// The model every call goes to.
  public private(set) var host: LayoutHost<Prepared>
  /// Records every call in the replay format when set.
  public var recorder: LayoutCallRecorder?
  /// UIKit's scrolling velocity times this is points per second (the
  /// engine's unit). Apple documents the velocity of
  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
  /// in points per second, but UIKit passes the scroll view's release
  /// velocity, the value `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
  /// gets, which is in points per millisecond (a flick reads 1 to 5; see
  /// Stack Overflow 16155375 and `UIScrollView.DecelerationRate`, a
  /// per-millisecond factor). Default 1000.
  public var velocityScale: Double = 1000
  /// Whether the layout mirrors in right-to-left languages
  /// (`flipsHorizontallyInOppositeLayoutDirection`); default true.
  public var flipsInRightToLeft = true
  /// The last error the host reported (bounds it could not lay out, an
  /// update that did not fit the counts), for diagnostics.
  public private(set) var lastError: HostError?

  private var counts: [Int] = []
  /// Whether the next `prepare()` reads the counts from the collection
  /// view: at first, and after an invalidation of everything or of the
  /// data source counts (UIKit changes counts only with those).
  private var countsNeedReading = true
  /// Where to rest when this layout is installed at the end of a
  /// transition (set by `ScrollworkTransitionLayout`), and the transition
  /// layout that set it: answered once, and only when this layout is
  /// installed from that transition (a cancelled one leaves nothing).
  var restingOffsetOverride: (offset: CGPoint, from: ObjectIdentifier?)?
  /// UIKit attributes by element, reused while their values hold.
  private var reusable = ReusedAttributes()
  /// The last answer of `layoutAttributesForElements(in:)`, returned again
  /// (no new array) while it holds the same objects.
  private var lastAnswer: [UICollectionViewLayoutAttributes] = []
  /// Decoration kinds registered with `ScrollworkDecorationView`.
  private var decorationKinds: Set<String> = []
  /// The settle scheduled for the next frame (`ScrollworkLayout+Settle.swift`).
  var settleLink: CADisplayLink?

  /// A layout forwarding to `host`.
  public init(host: LayoutHost<Prepared>) {
    self.host = host
    self.host.defersSettle = true  // the shell animates it (`ScrollworkLayout+Settle.swift`)
    super.init()
  }

  /// A layout for `layout` with items sized by `itemSizes`.
  public convenience init<L: CollectionLayout>(_ layout: L, itemSizes: ItemSizeSource)
  where L.Prepared == Prepared, Prepared.State == ScrollState {
    self.init(host: LayoutHost(layout, itemSizes: itemSizes, scale: 2))
  }

  /// Replaces the parts of the scroll state other than the offset (the
  /// filmstrip's unfolded thumbnails, which the album's coordinator
  /// computes) and invalidates what they change: the elements on screen
  /// before or after (`LayoutHost.invalidationContext(forStateChange:)`),
  /// never a full prepare.
  public func setState(_ state: Prepared.State) {
    let model = host.invalidationContext(forStateChange: state)
    guard !model.elements.isEmpty || model.contentSizeAdjustment != .zero else { return }
    let context = ScrollworkInvalidationContext()
    context.take(model)
    invalidateLayout(with: context)
  }

  /// Not available: a `ScrollworkLayout` is generic, and Interface
  /// Builder cannot name a generic class, so no storyboard or nib can
  /// hold one. Make the layout in code and set it on the collection view
  /// (`collectionView.collectionViewLayout = ScrollworkLayout.carousel()`,
  /// in `viewDidLoad` for a storyboard's collection view).
  @available(*, unavailable, message: "make Scrollwork layouts in code: Interface Builder cannot name a generic class")
  public required init?(coder: NSCoder) { return nil }

  public var anyHost: any LayoutHosting { host }

  public func restAfterTransition(at offset: CGPoint) { restingOffsetOverride = (offset, nil) }

  public func restAfterTransition(at offset: CGPoint, from transition: UICollectionViewLayout) {
    restingOffsetOverride = (offset, ObjectIdentifier(transition))
  }

  public func cancelRestAfterTransition(from transition: UICollectionViewLayout) {
    if restingOffsetOverride?.from == ObjectIdentifier(transition) { restingOffsetOverride = nil }
  }

  open override class var layoutAttributesClass: AnyClass { ScrollworkLayoutAttributes.self }
  open override class var invalidationContextClass: AnyClass { ScrollworkInvalidationContext.self }
  open override var flipsHorizontallyInOppositeLayoutDirection: Bool { flipsInRightToLeft }

  // MARK: Prepare and query

  open override func prepare() {
    super.prepare()
    guard let collectionView else { return }
    host.scale = Double(
      collectionView.traitCollection.displayScale > 0 ? collectionView.traitCollection.displayScale : 2)
    let inset = collectionView.adjustedContentInset
    host.scrollViewInsets = EdgeInsets(
      top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right))
    // UIKit prepares after every invalidation (every frame of a scroll
    // with effects), but the counts change only with an invalidation of
    // the data source counts (or everything): only then are they read
    // again, O(sections), into a reused buffer. Otherwise the host's own
    // counts are passed back (compared by identity, O(1)).
    if countsNeedReading {
      countsNeedReading = false
      counts.removeAll(keepingCapacity: true)
      for section in 0..<collectionView.numberOfSections {
        counts.append(collectionView.numberOfItems(inSection: section))
      }
    } else {
      counts = host.counts
    }
    let bounds = Rect(collectionView.bounds)
    recorder?.record(.prepare(bounds: bounds, counts: counts))
    do throws(HostError) {
      try host.prepare(bounds: bounds, counts: counts)
    } catch {
      lastError = error
      countsNeedReading = true
    }
  }

  open override var collectionViewContentSize: CGSize { CGSize(host.contentSize) }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    recorder?.record(.elements(rect: Rect(rect), bounds: host.bounds))
    // Read in place: the host lends the answer it kept for these bounds
    // (no copy of the attributes before they become UIKit's).
    let (answer, same) = Self.answer(&host, Rect(rect), last: lastAnswer, reusing: &reusable) { kind in
      self.registerDecoration(kind)
    }
    if same { return lastAnswer }
    lastAnswer = answer
    reusable.prune(keeping: answer)
    return answer
  }

  /// The UIKit attributes for `rect`, reusing `reusable`'s objects whose
  /// values hold; `same` when the answer is `last`'s objects in order.
  private static func answer(
    _ host: inout LayoutHost<Prepared>, _ rect: Rect, last: [UICollectionViewLayoutAttributes],
    reusing reusable: inout ReusedAttributes, decoration: (String) -> Void
  ) -> (answer: [UICollectionViewLayoutAttributes], same: Bool) {
    host.withElements(in: rect) { elements in
      var same = elements.count == last.count
      var built: [UICollectionViewLayoutAttributes] = []
      if !same { built.reserveCapacity(elements.count) }
      for (i, attributes) in elements.enumerated() {
        let (object, isNew) = reusable.object(for: attributes)
        if isNew, attributes.id.kind.category == .decoration { decoration(attributes.id.kind.name) }
        if same, last[i] !== object {
          same = false
          built.reserveCapacity(elements.count)
          built.append(contentsOf: last[0..<i])
        }
        if !same { built.append(object) }
      }
      return (built, same)
    }
  }

  /// Registers `ScrollworkDecorationView` for a decoration kind the layout
  /// emits (the tag table's rows): UIKit raises for a decoration view of
  /// a kind its layout never registered.
  private func registerDecoration(_ kind: String) {
    guard !decorationKinds.contains(kind) else { return }
    decorationKinds.insert(kind)
    register(ScrollworkDecorationView.self, forDecorationViewOfKind: kind)
  }

  // The host is used in place in the calls UIKit makes every frame: a
  // non-mutating call on a struct stored in a class copies the whole
  // struct first (the class could change it during the call).
  private static func shouldInvalidate(_ host: inout LayoutHost<Prepared>, forBoundsChange bounds: Rect) -> Bool {
    if host.shouldInvalidate(forBoundsChange: bounds) { return true }
    // UIKit moves the bounds without a prepare: the host follows, so what
    // it answers next (an update's anchor, a snap from the drag's start)
    // starts from where the view is.
    try? host.setBounds(bounds)
    return false
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(indexPath) else { return nil }
    recorder?.record(.item(id, bounds: host.bounds))
    return host.attributes(for: id).map(reused)
  }

  open override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(indexPath, kind: elementKind) else { return nil }
    recorder?.record(.supplementary(id, bounds: host.bounds))
    return host.attributes(for: id).map(reused)
  }

  open override func layoutAttributesForDecorationView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(indexPath, decorationKind: elementKind) else { return nil }
    return host.attributes(for: id).map(reused)
  }

  /// The kept object for `attributes` when its values hold, else a new one.
  private func reused(_ attributes: LayoutAttributes) -> ScrollworkLayoutAttributes {
    reusable.object(for: attributes).object
  }

  // MARK: Bounds changes

  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    recorder?.record(.shouldInvalidateForBoundsChange(Rect(newBounds)))
    if Prepared.settlesSlack { scheduleSettleIfDue(at: Rect(newBounds)) }
    return Self.shouldInvalidate(&host, forBoundsChange: Rect(newBounds))
  }

  open override func invalidationContext(
    forBoundsChange newBounds: CGRect
  ) -> UICollectionViewLayoutInvalidationContext {
    recorder?.record(.invalidationContextForBoundsChange(Rect(newBounds)))
    // UIKit's own context first (`invalidationContextClass`, with what
    // UIKit sets on it), then the host's description of the change.
    let context = super.invalidationContext(forBoundsChange: newBounds)
    (context as? ScrollworkInvalidationContext)?.take(host.invalidationContext(forBoundsChange: Rect(newBounds)))
    return context
  }

  open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    if context.invalidateEverything || context.invalidateDataSourceCounts { countsNeedReading = true }
    if let model = (context as? ScrollworkInvalidationContext)?.model {
      recorder?.record(.invalidate(model))
      host.invalidate(with: model)
    } else if context.invalidateEverything || context.invalidateDataSourceCounts {
      // A context UIKit made: `invalidateLayout()`, a reload, or a batch
      // update's (its counts change: the host keeps the geometry before
      // for the update items UIKit names after the next prepare).
      let model = InvalidationContext.everything(.dataChange, dataCounts: context.invalidateDataSourceCounts)
      recorder?.record(.invalidate(model))
      host.invalidate(with: model)
    }
    super.invalidateLayout(with: context)
  }

  // MARK: Self-sizing

  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> Bool {
    guard let id = ElementID(preferredAttributes) else { return false }
    let size = Size(preferredAttributes.size)
    recorder?.record(.shouldInvalidateForPreferredSize(id, size, bounds: host.bounds))
    return host.shouldInvalidate(forPreferredSize: size, of: id)
  }

  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    guard let id = ElementID(preferredAttributes) else { return context }
    let size = Size(preferredAttributes.size)
    recorder?.record(.invalidationContextForPreferredSize(id, size, bounds: host.bounds))
    let model = host.invalidationContext(forPreferredSize: size, of: id)
    (context as? ScrollworkInvalidationContext)?.take(model)
    if Prepared.settlesSlack {
      let moved = model.contentOffsetAdjustment
      scheduleSettleIfDue(at: host.bounds.offsetBy(dx: moved.x, dy: moved.y))
    }
    return context
  }

  // MARK: Batch updates

  open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    guard let collectionView else { return }
    let updates = updateItems.compactMap(Self.update)
    let counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
    recorder?.record(.prepareForUpdates(updates, counts: counts, bounds: host.bounds))
    do throws(HostError) {
      try host.prepare(forUpdates: updates, counts: counts)
    } catch {
      lastError = error
    }
  }

  /// UIKit's update item as the host's; `nil` for `.none`.
  static func update(_ item: UICollectionViewUpdateItem) -> CollectionUpdate? {
    let before = item.indexPathBeforeUpdate
    let after = item.indexPathAfterUpdate
    let isSection = (before ?? after).map { $0.count == 1 || $0.item == NSNotFound } ?? false
    switch item.updateAction {
    case .insert:
      guard let after else { return nil }
      return isSection ? .insertSection(after.section) : ItemPath(after).map { .insertItem($0) }
    case .delete:
      guard let before else { return nil }
      return isSection ? .deleteSection(before.section) : ItemPath(before).map { .deleteItem($0) }
    case .reload:
      guard let before else { return nil }
      return isSection ? .reloadSection(before.section) : ItemPath(before).map { .reloadItem($0) }
    case .move:
      guard let before, let after else { return nil }
      if isSection { return .moveSection(from: before.section, to: after.section) }
      guard let from = ItemPath(before), let to = ItemPath(after) else { return nil }
      return .moveItem(from: from, to: to)
    default:
      return nil
    }
  }

  open override func initialLayoutAttributesForAppearingItem(
    at itemIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(itemIndexPath) else { return nil }
    recorder?.record(.initialForAppearing(id))
    return host.initialAttributes(forAppearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func finalLayoutAttributesForDisappearingItem(
    at itemIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(itemIndexPath) else { return nil }
    recorder?.record(.finalForDisappearing(id))
    return host.finalAttributes(forDisappearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(elementIndexPath, kind: elementKind) else { return nil }
    recorder?.record(.initialForAppearing(id))
    return host.initialAttributes(forAppearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(elementIndexPath, kind: elementKind) else { return nil }
    recorder?.record(.finalForDisappearing(id))
    return host.finalAttributes(forDisappearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    recorder?.record(.finalizeUpdates)
    host.finalizeUpdates()
  }

  // MARK: Resting places

  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    recorder?.record(.targetContentOffsetForProposed(Point(proposedContentOffset)))
    if let override = restingOffsetOverride {
      restingOffsetOverride = nil
      return override.offset
    }
    return CGPoint(host.targetContentOffset(forProposed: Point(proposedContentOffset)))
  }

  open override func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    let points = Point(x: Double(velocity.x) * velocityScale, y: Double(velocity.y) * velocityScale)
    recorder?.record(.targetContentOffset(Point(proposedContentOffset), velocity: points, dragStart: host.dragStart))
    return CGPoint(host.targetContentOffset(proposed: Point(proposedContentOffset), velocity: points))
  }

  open override func prepareForTransition(from oldLayout: UICollectionViewLayout) {
    super.prepareForTransition(from: oldLayout)
    // A resting place set by another transition (one that was cancelled)
    // is not this installation's.
    if let source = restingOffsetOverride?.from, source != ObjectIdentifier(oldLayout) {
      restingOffsetOverride = nil
    }
  }

  /// Tells the layout where a drag began (call from
  /// `scrollViewWillBeginDragging`): a layout that limits a swipe to one
  /// item measures from there.
  public func dragBegan(at contentOffset: CGPoint) {
    host.dragStart = Point(contentOffset)
  }
}
