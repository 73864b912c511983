#if canImport(UIKit)
  import LayoutCore
  import LayoutHost
  import UIKit

  /// What every Scrollwork layout offers a transition or a recorder,
  /// whatever its engine layout.
  @MainActor
  public protocol ScrollworkHosting: AnyObject {
    /// The layout's host, behind one type.
    var anyHost: any LayoutHosting { get }
    /// Makes the next `targetContentOffset(forProposedContentOffset:)`
    /// answer `offset` (where a transition into this layout ends).
    func restAfterTransition(at offset: CGPoint)
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
    /// engine's unit). UIKit documents points per second; layouts commonly
    /// treat the values it passes as points per millisecond. Default 1000.
    public var velocityScale: Double = 1000
    /// Whether the layout mirrors in right-to-left languages
    /// (`flipsHorizontallyInOppositeLayoutDirection`); default true.
    public var flipsInRightToLeft = true
    /// The last error the host reported (bounds it could not lay out, an
    /// update that did not fit the counts), for diagnostics.
    public private(set) var lastError: HostError?

    private var counts: [Int] = []
    /// Where to rest at the end of a layout transition into this layout
    /// (set by `ScrollworkTransitionLayout`), answered once.
    var restingOffsetOverride: CGPoint?

    /// A layout forwarding to `host`.
    public init(host: LayoutHost<Prepared>) {
      self.host = host
      super.init()
    }

    /// A layout for `layout` with items sized by `itemSizes`.
    public convenience init<L: CollectionLayout>(_ layout: L, itemSizes: ItemSizeSource)
    where L.Prepared == Prepared, Prepared.State == ScrollState {
      self.init(host: LayoutHost(layout, itemSizes: itemSizes, scale: 2))
    }

    /// Replaces the parts of the scroll state other than the offset (the
    /// filmstrip's unfolded thumbnails, which the album's coordinator
    /// computes) and invalidates the layout.
    public func setState(_ state: Prepared.State) {
      host.setState(state)
      invalidateLayout()
    }

    /// Not supported: Scrollwork layouts are made in code.
    public required init?(coder: NSCoder) { return nil }

    public var anyHost: any LayoutHosting { host }

    public func restAfterTransition(at offset: CGPoint) { restingOffsetOverride = offset }

    open override class var layoutAttributesClass: AnyClass { ScrollworkLayoutAttributes.self }
    open override class var invalidationContextClass: AnyClass { ScrollworkInvalidationContext.self }
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { flipsInRightToLeft }

    // MARK: Prepare and query

    open override func prepare() {
      super.prepare()
      guard let collectionView else { return }
      host.scale = Double(
        collectionView.traitCollection.displayScale > 0 ? collectionView.traitCollection.displayScale : 2)
      // UIKit prepares after every invalidation (every frame of a scroll
      // with effects): the counts go into a reused buffer.
      counts.removeAll(keepingCapacity: true)
      for section in 0..<collectionView.numberOfSections {
        counts.append(collectionView.numberOfItems(inSection: section))
      }
      let bounds = Rect(collectionView.bounds)
      recorder?.record(.prepare(bounds: bounds, counts: counts))
      do throws(HostError) {
        try host.prepare(bounds: bounds, counts: counts)
      } catch {
        lastError = error
      }
    }

    open override var collectionViewContentSize: CGSize { CGSize(host.contentSize) }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
      recorder?.record(.elements(rect: Rect(rect), bounds: host.bounds))
      // Read in place: the host lends the answer it kept for these bounds
      // (no copy of the attributes before they become UIKit's).
      return host.withElements(in: Rect(rect)) { $0.map(ScrollworkLayoutAttributes.make) }
    }

    // The host is used in place in the calls UIKit makes every frame: a
    // non-mutating call on a struct stored in a class copies the whole
    // struct first (the class could change it during the call).
    private static func shouldInvalidate(_ host: inout LayoutHost<Prepared>, forBoundsChange bounds: Rect) -> Bool {
      host.shouldInvalidate(forBoundsChange: bounds)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      guard let id = ElementID(indexPath) else { return nil }
      recorder?.record(.item(id, bounds: host.bounds))
      return host.attributes(for: id).map(ScrollworkLayoutAttributes.make)
    }

    open override func layoutAttributesForSupplementaryView(
      ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
      guard let id = ElementID(indexPath, kind: elementKind) else { return nil }
      recorder?.record(.supplementary(id, bounds: host.bounds))
      return host.attributes(for: id).map(ScrollworkLayoutAttributes.make)
    }

    // MARK: Bounds changes

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
      recorder?.record(.shouldInvalidateForBoundsChange(Rect(newBounds)))
      return Self.shouldInvalidate(&host, forBoundsChange: Rect(newBounds))
    }

    open override func invalidationContext(
      forBoundsChange newBounds: CGRect
    ) -> UICollectionViewLayoutInvalidationContext {
      recorder?.record(.invalidationContextForBoundsChange(Rect(newBounds)))
      let context = ScrollworkInvalidationContext()
      context.take(host.invalidationContext(forBoundsChange: Rect(newBounds)))
      return context
    }

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
      if let model = (context as? ScrollworkInvalidationContext)?.model {
        recorder?.record(.invalidate(model))
        host.invalidate(with: model)
      } else if context.invalidateEverything || context.invalidateDataSourceCounts {
        recorder?.record(.invalidate(.everything(.dataChange, dataCounts: context.invalidateDataSourceCounts)))
        host.invalidateEverything()
      }
      super.invalidateLayout(with: context)
    }

    // MARK: Self-sizing

    open override func shouldInvalidateLayout(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
      guard let id = Self.identity(of: preferredAttributes) else { return false }
      let size = Size(preferredAttributes.size)
      recorder?.record(.shouldInvalidateForPreferredSize(id, size, bounds: host.bounds))
      return host.shouldInvalidate(forPreferredSize: size, of: id)
    }

    open override func invalidationContext(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
      let context = ScrollworkInvalidationContext()
      guard let id = Self.identity(of: preferredAttributes) else { return context }
      let size = Size(preferredAttributes.size)
      recorder?.record(.invalidationContextForPreferredSize(id, size, bounds: host.bounds))
      context.take(host.invalidationContext(forPreferredSize: size, of: id))
      return context
    }

    static func identity(of attributes: UICollectionViewLayoutAttributes) -> ElementID? {
      switch attributes.representedElementCategory {
      case .cell: ElementID(attributes.indexPath)
      case .supplementaryView: ElementID(attributes.indexPath, kind: attributes.representedElementKind)
      default: nil
      }
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
        return override
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

    /// Tells the layout where a drag began (call from
    /// `scrollViewWillBeginDragging`): a layout that limits a swipe to one
    /// item measures from there.
    public func dragBegan(at contentOffset: CGPoint) {
      host.dragStart = Point(contentOffset)
    }
  }
#endif
