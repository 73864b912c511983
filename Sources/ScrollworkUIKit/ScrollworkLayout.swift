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
///
/// Each element keeps one attributes object from frame to frame. In a
/// scroll frame an element whose values change (a carousel's scale, a
/// pinned header's frame, a parallax photo) gets them in the object UIKit
/// already has, as MagazineLayout does: UIKit compares the copy it keeps
/// with the layout's answer (`isEqual(_:)`). During a batch update or a
/// layout transition, when UIKit may hold the objects for its animations,
/// changed values come in new objects and an object handed out is never
/// changed.
@MainActor
open class ScrollworkLayout<Prepared: PreparedLayout>: UICollectionViewLayout, ScrollworkHosting {
  /// The model every call goes to.
  public var host: LayoutHost<Prepared> { storedHost }
  /// The host, used in place by the calls UIKit makes every frame: read
  /// (borrowed) or modified where it is, each access checked for
  /// exclusivity by the layout itself (`hostAccess`) instead of by the
  /// run time. The host calls the app's size closures, which could reach
  /// the layout again: a modification during any other access of the host,
  /// or an access during a modification, stops the program with a message
  /// naming the host, as the run time's check would. The run time's check
  /// costs ~140 instructions an access (a thread-local access set), six
  /// times a scroll frame; this one a few. The layout is main-actor
  /// isolated: its accesses never overlap from two threads.
  @inlinable final var storedHost: LayoutHost<Prepared> {
    _read {
      if hostAccess < 0 { Self.overlappingHostAccess() }
      hostAccess += 1
      defer { hostAccess -= 1 }
      yield hostStorage
    }
    _modify {
      if hostAccess != 0 { Self.overlappingHostAccess() }
      hostAccess = -1
      defer { hostAccess = 0 }
      yield &hostStorage
    }
  }
  /// The host's storage: used only through `storedHost`, which checks its
  /// accesses (not checked by the run time).
  @exclusivity(unchecked) @usableFromInline final var hostStorage: LayoutHost<Prepared>
  /// The accesses of `storedHost` under way: the number of reads, or -1
  /// during a modification.
  @exclusivity(unchecked) @usableFromInline final var hostAccess = 0
  /// The host's calls of a scroll frame, compiled for `Prepared`.
  @usableFromInline let frame: FramePath<Prepared>
  // The state read on every frame (the recorder, the counts, the reused
  // attributes) is main-actor isolated and never lent across a call that
  // could reach it again: it is not checked for exclusive access at run
  // time (`@exclusivity(unchecked)`: the checks cost more than the reads).
  // The host keeps a check (`storedHost`), the layout's own.
  /// Records every call in the replay format when set.
  @exclusivity(unchecked) public var recorder: LayoutCallRecorder? {
    // The recording's format line says whether the host defers the settle.
    didSet { recorder?.defersSettle = storedHost.defersSettle }
  }
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
  @exclusivity(unchecked) public private(set) var lastError: HostError?

  @exclusivity(unchecked) private var counts: [Int] = []
  /// Whether the next `prepare()` reads the counts from the collection
  /// view: at first, and after an invalidation of everything or of the
  /// data source counts (UIKit changes counts only with those).
  @exclusivity(unchecked) private var countsNeedReading = true
  /// Where to rest when this layout is installed at the end of a
  /// transition (set by `ScrollworkTransitionLayout`), and the transition
  /// layout that set it: answered once, and only when this layout is
  /// installed from that transition (a cancelled one leaves nothing).
  var restingOffsetOverride: (offset: CGPoint, from: ObjectIdentifier?)?
  /// UIKit attributes by element, reused while their values hold.
  @exclusivity(unchecked) @usableFromInline var reusable = ReusedAttributes()
  /// Whether the next answers bring changed values into the objects UIKit
  /// already has (a scroll frame), rather than into new objects: set by an
  /// invalidation for a bounds change of this layout while no batch update
  /// or layout transition is under way; cleared by any other invalidation
  /// (see `ReusedAttributes`).
  @exclusivity(unchecked) @usableFromInline var renewsInPlace = false
  /// Whether a batch update (from `prepare(forCollectionViewUpdates:)` to
  /// `finalizeCollectionViewUpdates()`) or a layout transition (from
  /// `prepareForTransition` to `finalizeLayoutTransition()`) is under way:
  /// UIKit may then hold the objects it was given for its animations.
  @exclusivity(unchecked) private var animatesChange = false
  /// The index-path lists of the contexts the layout makes, kept from
  /// context to context.
  @exclusivity(unchecked) var contextLists = ContextPathLists()
  /// Decoration kinds registered with `ScrollworkDecorationView`.
  private var decorationKinds: Set<String> = []
  /// The settle scheduled for the next frame (`ScrollworkLayout+Settle.swift`).
  var settleLink: CADisplayLink?

  /// A layout forwarding to `host`.
  ///
  /// Inlinable: the frame's host calls (`FramePath`) are compiled here, for
  /// the concrete layout of the caller.
  @inlinable
  public init(host: LayoutHost<Prepared>) {
    self.hostStorage = host
    self.hostStorage.defersSettle = true  // the shell animates it (`ScrollworkLayout+Settle.swift`)
    self.frame = FramePath()
    super.init()
  }

  /// A layout for `layout` with items sized by `itemSizes`.
  @inlinable
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
    let model = frame.stateContext(self, state)
    guard !model.elements.isEmpty || model.contentSizeAdjustment != .zero else { return }
    let context = ScrollworkInvalidationContext()
    context.take(model, lists: &contextLists)
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
    let displayScale = collectionView.traitCollection.displayScale
    let scale = Double(displayScale > 0 ? displayScale : 2)
    let inset = collectionView.adjustedContentInset
    let insets = EdgeInsets(
      top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right))
    // UIKit prepares after every invalidation (every frame of a scroll
    // with effects), but the counts change only with an invalidation of
    // the data source counts (or everything): only then are they read
    // again, O(sections), into a reused buffer. Otherwise the host's own
    // counts are passed back (compared by identity, O(1)).
    var fresh: [Int]?
    if countsNeedReading {
      countsNeedReading = false
      counts.removeAll(keepingCapacity: true)
      for section in 0..<collectionView.numberOfSections {
        counts.append(collectionView.numberOfItems(inSection: section))
      }
      fresh = counts
    }
    let bounds = Rect(collectionView.bounds)
    if let recorder { recordPrepare(recorder, bounds: bounds, counts: fresh) }
    if let error = frame.prepare(self, bounds, fresh, scale, insets) {
      lastError = error
      countsNeedReading = true
    }
  }

  open override var collectionViewContentSize: CGSize { CGSize(frame.contentSize(self)) }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    if let recorder { recordElements(recorder, rect: Rect(rect)) }
    frame.elements(self, Rect(rect))
    return reusable.answer
  }

  // The recordings of the frame's calls that read the host, out of the
  // calls' bodies: these run unspecialised (UIKit reaches them through the
  // class's table), where an access of the host looks up its type's
  // metadata, and the compiler would do that on every frame, recorder or
  // not.

  /// Records `prepare()` with the counts it passes (the host's own when
  /// `counts` is `nil`).
  @inline(never) private func recordPrepare(_ recorder: LayoutCallRecorder, bounds: Rect, counts: [Int]?) {
    recorder.record(.prepare(bounds: bounds, counts: counts ?? storedHost.counts))
  }

  /// Records `layoutAttributesForElements(in:)`.
  @inline(never) private func recordElements(_ recorder: LayoutCallRecorder, rect: Rect) {
    recorder.record(.elements(rect: rect, bounds: storedHost.bounds))
  }

  /// Stops the program: an access of the host overlapped a modification
  /// of it (a size closure, say, that reached the layout while the host
  /// was preparing), which Swift's exclusivity rule forbids.
  @usableFromInline @inline(never)
  static func overlappingHostAccess() -> Never {
    fatalError(
      "Simultaneous accesses to a ScrollworkLayout's host: it was accessed while being modified (a size closure or "
        + "delegate that reached the layout during one of its calls?)")
  }

  /// Registers `ScrollworkDecorationView` for a decoration kind the layout
  /// emits (the tag table's rows): UIKit raises for a decoration view of
  /// a kind its layout never registered.
  @usableFromInline func registerDecoration(_ kind: ElementKind) {
    let name = kind.name
    guard !decorationKinds.contains(name) else { return }
    decorationKinds.insert(name)
    register(ScrollworkDecorationView.self, forDecorationViewOfKind: name)
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(indexPath) else { return nil }
    recorder?.record(.item(id, bounds: storedHost.bounds))
    return storedHost.attributes(for: id).map(reused)
  }

  open override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(indexPath, kind: elementKind) else { return nil }
    recorder?.record(.supplementary(id, bounds: storedHost.bounds))
    return storedHost.attributes(for: id).map(reused)
  }

  open override func layoutAttributesForDecorationView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(indexPath, decorationKind: elementKind) else { return nil }
    return storedHost.attributes(for: id).map(reused)
  }

  /// The kept object for `attributes` when its values hold, else a new one.
  private func reused(_ attributes: LayoutAttributes) -> ScrollworkLayoutAttributes {
    reusable.object(for: attributes).object
  }

  // MARK: Bounds changes

  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    recorder?.record(.shouldInvalidateForBoundsChange(Rect(newBounds)))
    if Prepared.settlesSlack { scheduleSettleIfDue(at: Rect(newBounds)) }
    return frame.shouldInvalidate(self, Rect(newBounds))
  }

  open override func invalidationContext(
    forBoundsChange newBounds: CGRect
  ) -> UICollectionViewLayoutInvalidationContext {
    recorder?.record(.invalidationContextForBoundsChange(Rect(newBounds)))
    // UIKit's own context first (`invalidationContextClass`, with what
    // UIKit sets on it), then the host's description of the change.
    let context = super.invalidationContext(forBoundsChange: newBounds)
    (context as? ScrollworkInvalidationContext)?.take(frame.boundsContext(self, Rect(newBounds)), lists: &contextLists)
    return context
  }

  open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    if context.invalidateEverything || context.invalidateDataSourceCounts { countsNeedReading = true }
    renewsInPlace = false
    if let model = (context as? ScrollworkInvalidationContext)?.model {
      renewsInPlace =
        !animatesChange && model.reason == .boundsChange && !model.invalidatesEverything
        && !model.invalidatesDataCounts
      recorder?.record(.invalidate(model))
      frame.invalidate(self, model)
    } else if context.invalidateEverything || context.invalidateDataSourceCounts {
      // A context UIKit made: `invalidateLayout()`, a reload, or a batch
      // update's (its counts change: the host keeps the geometry before
      // for the update items UIKit names after the next prepare).
      let model = InvalidationContext.everything(.dataChange, dataCounts: context.invalidateDataSourceCounts)
      recorder?.record(.invalidate(model))
      storedHost.invalidate(with: model)
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
    recorder?.record(.shouldInvalidateForPreferredSize(id, size, bounds: storedHost.bounds))
    return storedHost.shouldInvalidate(forPreferredSize: size, of: id)
  }

  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    guard let id = ElementID(preferredAttributes) else { return context }
    let size = Size(preferredAttributes.size)
    recorder?.record(.invalidationContextForPreferredSize(id, size, bounds: storedHost.bounds))
    let model = storedHost.invalidationContext(forPreferredSize: size, of: id)
    (context as? ScrollworkInvalidationContext)?.take(model, lists: &contextLists)
    if Prepared.settlesSlack {
      let moved = model.contentOffsetAdjustment
      scheduleSettleIfDue(at: storedHost.bounds.offsetBy(dx: moved.x, dy: moved.y))
    }
    return context
  }

  // MARK: Batch updates

  open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    renewsInPlace = false
    animatesChange = true
    guard let collectionView else { return }
    let updates = updateItems.compactMap(Self.update)
    let counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
    recorder?.record(.prepareForUpdates(updates, counts: counts, bounds: storedHost.bounds))
    do throws(HostError) {
      try storedHost.prepare(forUpdates: updates, counts: counts)
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
    return storedHost.initialAttributes(forAppearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func finalLayoutAttributesForDisappearingItem(
    at itemIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(itemIndexPath) else { return nil }
    recorder?.record(.finalForDisappearing(id))
    return storedHost.finalAttributes(forDisappearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(elementIndexPath, kind: elementKind) else { return nil }
    recorder?.record(.initialForAppearing(id))
    return storedHost.initialAttributes(forAppearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard let id = ElementID(elementIndexPath, kind: elementKind) else { return nil }
    recorder?.record(.finalForDisappearing(id))
    return storedHost.finalAttributes(forDisappearing: id).map(ScrollworkLayoutAttributes.make)
  }

  open override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    animatesChange = false
    recorder?.record(.finalizeUpdates)
    storedHost.finalizeUpdates()
  }

  // MARK: Resting places

  open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    recorder?.record(.targetContentOffsetForProposed(Point(proposedContentOffset)))
    if let override = restingOffsetOverride {
      restingOffsetOverride = nil
      return override.offset
    }
    return CGPoint(storedHost.targetContentOffset(forProposed: Point(proposedContentOffset)))
  }

  open override func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    let points = Point(x: Double(velocity.x) * velocityScale, y: Double(velocity.y) * velocityScale)
    recorder?.record(
      .targetContentOffset(Point(proposedContentOffset), velocity: points, dragStart: storedHost.dragStart))
    return CGPoint(storedHost.targetContentOffset(proposed: Point(proposedContentOffset), velocity: points))
  }

  open override func prepareForTransition(from oldLayout: UICollectionViewLayout) {
    super.prepareForTransition(from: oldLayout)
    renewsInPlace = false
    animatesChange = true
    // A resting place set by another transition (one that was cancelled)
    // is not this installation's.
    if let source = restingOffsetOverride?.from, source != ObjectIdentifier(oldLayout) {
      restingOffsetOverride = nil
    }
  }

  open override func prepareForTransition(to newLayout: UICollectionViewLayout) {
    super.prepareForTransition(to: newLayout)
    renewsInPlace = false
    animatesChange = true
  }

  open override func finalizeLayoutTransition() {
    super.finalizeLayoutTransition()
    animatesChange = false
  }

  /// Tells the layout where a drag began (call from
  /// `scrollViewWillBeginDragging`): a layout that limits a swipe to one
  /// item measures from there.
  public func dragBegan(at contentOffset: CGPoint) {
    storedHost.dragStart = Point(contentOffset)
  }
}
