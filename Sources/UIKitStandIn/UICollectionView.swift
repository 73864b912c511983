#if !canImport(UIKit)
  import Foundation

  /// A collection view (UIKit's `UICollectionView`) that drives its layout
  /// in UIKit's order, so a `UICollectionViewLayout` subclass runs in
  /// `swift test` on Linux. Every call it makes on a layout is recorded in
  /// ``layoutCallLog``; what it animated in ``animations``.
  ///
  /// The order of each scenario is in the file that implements it, each
  /// rule with its source: the layout pass and self-sizing
  /// (`UICollectionView+LayoutPass.swift`), scrolling and bounds changes
  /// (here), batch updates (`UICollectionView+Updates.swift`), layout
  /// changes and interactive transitions (`UICollectionView+Transitions.swift`).
  /// Layout happens at ``layoutIfNeeded()`` (UIKit's next layout pass): a
  /// test calls it, or drives the display (`StandInDisplay.tick(to:)`).
  @MainActor
  open class UICollectionView: UIScrollView {
    // The values below marked `@exclusivity(unchecked)` are plain
    // main-actor state read on every frame, never lent across a call that
    // could reach them again: not checked for exclusive access at run time.
    var currentLayout: UICollectionViewLayout
    /// Section counts the layout sees; `nil` until read (or after an
    /// invalidation of the data source counts).
    @exclusivity(unchecked) var counts: [Int]?
    /// Whether the layout must be prepared at the next pass.
    @exclusivity(unchecked) var layoutNeedsPrepare = true
    /// Whether the layout was prepared at least once (bounds changes are
    /// asked about only then).
    @exclusivity(unchecked) var hasPrepared = false
    /// Whether the next pass replaces every view (after `reloadData()`).
    @exclusivity(unchecked) var viewsNeedRebuild = false
    var displayed: [StandInElement: DisplayedElement] = [:] { didSet { displayChanges &+= 1 } }
    var displayOrder: [StandInElement] = [] { didSet { displayChanges &+= 1 } }
    /// Counts the changes of the views shown (`displayed`, `displayOrder`).
    @exclusivity(unchecked) var displayChanges = 0
    /// What the last finished layout pass showed (the layout pass skips
    /// showing the same objects again).
    @exclusivity(unchecked) var lastShown: LastShown?
    var reusePool: [String: [UICollectionReusableView]] = [:]
    var cellClasses: [String: AnyClass] = [:]
    var supplementaryClasses: [String: [String: AnyClass]] = [:]
    /// Views dequeued and not yet returned to the collection view.
    var outstandingDequeues: Set<ObjectIdentifier> = []
    /// While reconfiguring, the existing cells `dequeueReusableCell` hands back.
    var reconfiguringCells: [IndexPath: UICollectionViewCell] = [:]
    /// The kind the collection view is asking the data source for.
    var requestedSupplementaryKind: String?
    var selectedIndexPaths: [IndexPath] = []
    /// The open batch update's recorded changes; `nil` outside one.
    var batch: BatchRecorder?
    var interactive: InteractiveTransition?
    /// Set while the bounds change because of the collection view itself
    /// (a context's offset adjustment): the layout is not asked again.
    @exclusivity(unchecked) var suppressBoundsInvalidation = false
    @exclusivity(unchecked) var pendingOffsetAdjustment: CGPoint = .zero
    @exclusivity(unchecked) var insideBoundsChange = false

    /// Every call the collection view made on a layout, oldest first.
    /// Tests may clear it.
    public var layoutCallLog: [StandInLayoutCallRecord] = []
    /// Whether calls are logged in ``layoutCallLog`` (default `true`); a
    /// benchmark or a long-running scroll turns it off, so the log neither
    /// grows without bound nor costs a record per call.
    @exclusivity(unchecked) public var recordsLayoutCalls = true
    /// What the last batch update or animated layout change animated, per
    /// element (cleared when the next one begins).
    public var animations: [StandInAnimation] = []
    /// The largest number of self-sizing passes in one layout
    /// (`layoutIfNeeded()`); UIKit's bound is undocumented. When reached,
    /// the loop stops, ``selfSizingPassLimitHits`` counts it, the call log
    /// records `.selfSizingPassLimitReached` and standard error says so.
    public var maximumSelfSizingPasses = 10
    /// How many times the self-sizing loop stopped at its bound.
    public internal(set) var selfSizingPassLimitHits = 0

    /// The data source (weak, as in UIKit).
    open weak var dataSource: (any UICollectionViewDataSource)?
    /// Whether a tap selects an item.
    open var allowsSelection = true
    /// Whether several items can be selected.
    open var allowsMultipleSelection = false

    /// The layouts whose `collectionView` is this view (the installed one,
    /// a transition's), unretained: each leaves the list when it goes (its
    /// `deinit`), and this view clears their pointers when it goes (its
    /// own). `nonisolated(unsafe)`: both are done in a `deinit`, which is
    /// not isolated (UIKit releases its objects on the main thread).
    nonisolated(unsafe) var layoutsPointingHere: [ObjectIdentifier: Unmanaged<UICollectionViewLayout>] = [:]

    deinit {
      for layout in layoutsPointingHere.values { layout.takeUnretainedValue().storedCollectionView = nil }
      StandInDisplay.unregister(self)
    }

    /// A collection view with `layout`, which it installs (the layout's
    /// `collectionView` becomes this view).
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
      currentLayout = layout
      super.init(frame: frame)
      layout.installedCollectionView = self
      StandInDisplay.register(self)
    }

    public required init?(coder: NSCoder) { return nil }

    /// The layout. Setting it is `setCollectionViewLayout(_:animated: false)`.
    open var collectionViewLayout: UICollectionViewLayout {
      get { currentLayout }
      set { setCollectionViewLayout(newValue, animated: false) }
    }

    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    // MARK: Call log

    func log(_ call: StandInLayoutCall, _ layout: UICollectionViewLayout) {
      guard recordsLayoutCalls else { return }
      layoutCallLog.append(StandInLayoutCallRecord(call: call, layout: layout))
    }

    /// The names of the logged calls (``StandInLayoutCall/name``), oldest first.
    public var layoutCallNames: [String] { layoutCallLog.map(\.name) }

    // MARK: Counts

    /// The number of sections the layout sees (read from the data source
    /// when needed; the old counts during a batch update's closure).
    open var numberOfSections: Int {
      loadCountsIfNeeded()
      return counts?.count ?? 0
    }

    /// The number of items in `section` the layout sees.
    open func numberOfItems(inSection section: Int) -> Int {
      loadCountsIfNeeded()
      let counts = counts ?? []
      guard section >= 0, section < counts.count else {
        UIKitException.raise(
          UIKitException(
            name: UIKitException.invalidArgument,
            reason:
              "request for number of items in section \(section) when there are only \(counts.count) sections in the collection view"
          ))
        return 0
      }
      return counts[section]
    }

    func loadCountsIfNeeded() {
      guard counts == nil else { return }
      counts = readCountsFromDataSource()
    }

    func readCountsFromDataSource() -> [Int] {
      guard let dataSource else { return [] }
      let sections = Swift.max(0, dataSource.numberOfSections(in: self))
      return (0..<sections).map { Swift.max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    }

    // MARK: Reloading

    /// Discards the counts and every view: the next layout pass reads the
    /// counts again, prepares the layout and makes every view anew. The
    /// layout is invalidated at once with a context whose
    /// `invalidateEverything` and `invalidateDataSourceCounts` are true
    /// (`UICollectionViewLayoutInvalidationContext.h`; Apple's
    /// `invalidateEverything` documentation).
    open func reloadData() {
      counts = nil
      viewsNeedRebuild = true
      invalidate(currentLayout, everything: true, dataSourceCounts: true)
    }

    /// Invalidates `layout` with a fresh context of its class carrying the
    /// flags UIKit sets.
    func invalidate(_ layout: UICollectionViewLayout, everything: Bool, dataSourceCounts: Bool) {
      let context = layout.makeInvalidationContext()
      context.invalidateEverything = everything
      context.invalidateDataSourceCounts = dataSourceCounts
      log(.invalidateLayout(everything: everything, dataSourceCounts: dataSourceCounts), layout)
      layout.invalidateLayout(with: context)
      layoutNeedsPrepare = true
      setNeedsLayout()
    }

    /// The base `invalidateLayout(with:)` lands here: the next pass
    /// prepares again; the context's adjustments apply now (the header
    /// `UICollectionViewLayout.h`: "delta to be applied to the collection
    /// view's current contentOffset / content size").
    func layoutDidInvalidate(_ layout: UICollectionViewLayout, with context: UICollectionViewLayoutInvalidationContext)
    {
      guard layout === currentLayout else { return }
      layoutNeedsPrepare = true
      if context.invalidateDataSourceCounts, batch == nil { counts = nil }
      if context.contentSizeAdjustment != .zero {
        contentSize.width += context.contentSizeAdjustment.width
        contentSize.height += context.contentSizeAdjustment.height
      }
      if context.contentOffsetAdjustment != .zero {
        if insideBoundsChange {
          pendingOffsetAdjustment.x += context.contentOffsetAdjustment.x
          pendingOffsetAdjustment.y += context.contentOffsetAdjustment.y
        } else {
          adjustOffset(by: context.contentOffsetAdjustment)
        }
      }
      setNeedsLayout()
    }

    func adjustOffset(by delta: CGPoint) {
      suppressBoundsInvalidation = true
      contentOffset = CGPoint(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y)
      suppressBoundsInvalidation = false
    }

    // MARK: Bounds changes

    /// A scroll or resize asks the layout synchronously, before the new
    /// bounds are stored (so `collectionView.bounds` is still the old one,
    /// as MagazineLayout's `shouldInvalidateLayout(forBoundsChange:)` and
    /// `invalidationContext(forBoundsChange:)` assume): should it
    /// invalidate; if so, the context; then `invalidateLayout(with:)`
    /// (Apple: `shouldInvalidateLayout(forBoundsChange:)`, "called for
    /// every bounds change"; the order around storing is undocumented).
    override func boundsWillChange(from old: CGRect, to new: CGRect) -> Bool {
      guard hasPrepared, !suppressBoundsInvalidation else { return true }
      insideBoundsChange = true
      defer { insideBoundsChange = false }
      let layout = currentLayout
      log(.shouldInvalidateLayoutForBoundsChange(new), layout)
      if layout.shouldInvalidateLayout(forBoundsChange: new) {
        log(.invalidationContextForBoundsChange(new), layout)
        let context = layout.invalidationContext(forBoundsChange: new)
        log(.invalidateLayout(everything: context.invalidateEverything, dataSourceCounts: false), layout)
        layout.invalidateLayout(with: context)
      }
      return true
    }

    override func boundsDidChange(from old: CGRect) {
      super.boundsDidChange(from: old)
      setNeedsLayout()
      if pendingOffsetAdjustment != .zero {
        let delta = pendingOffsetAdjustment
        pendingOffsetAdjustment = .zero
        adjustOffset(by: delta)
      }
    }

    // MARK: Registration

    /// Registers the class of cells dequeued with `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
      cellClasses[identifier] = cellClass
      if cellClass == nil { cellClasses.removeValue(forKey: identifier) }
    }

    /// Registers the class of supplementary views of `elementKind` dequeued
    /// with `identifier`.
    open func register(
      _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
      supplementaryClasses[elementKind, default: [:]][identifier] = viewClass
      if viewClass == nil { supplementaryClasses[elementKind]?.removeValue(forKey: identifier) }
    }

    static func dequeueFailure(kind: String, identifier: String) -> String {
      "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    }

    /// A reused or new cell of the class registered for `identifier`.
    /// Raises UIKit's "could not dequeue a view of kind:
    /// UICollectionElementKindCell…" when nothing is registered (and
    /// returns a plain cell; the collection view then stops).
    open func dequeueReusableCell(
      withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionViewCell {
      if let existing = reconfiguringCells.removeValue(forKey: indexPath) {
        outstandingDequeues.insert(ObjectIdentifier(existing))
        return existing
      }
      guard let cls = cellClasses[identifier] else {
        UIKitException.raise(Self.dequeueFailure(kind: "UICollectionElementKindCell", identifier: identifier))
        return UICollectionViewCell(frame: .zero)
      }
      let view = dequeue(poolKey: "cell|\(identifier)", class: cls, identifier: identifier)
      return (view as? UICollectionViewCell) ?? UICollectionViewCell(frame: .zero)
    }

    /// A reused or new supplementary view registered for `elementKind` and
    /// `identifier`; raises as UIKit does when nothing is registered.
    open func dequeueReusableSupplementaryView(
      ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
      guard let cls = supplementaryClasses[elementKind]?[identifier] else {
        UIKitException.raise(Self.dequeueFailure(kind: elementKind, identifier: identifier))
        return UICollectionReusableView(frame: .zero)
      }
      return dequeue(poolKey: "supplementary|\(elementKind)|\(identifier)", class: cls, identifier: identifier)
    }

    func dequeue(poolKey: String, class cls: AnyClass, identifier: String) -> UICollectionReusableView {
      let view: UICollectionReusableView
      if let reused = reusePool[poolKey]?.popLast() {
        reused.prepareForReuse()
        view = reused
      } else {
        let type = (cls as? UICollectionReusableView.Type) ?? UICollectionReusableView.self
        view = type.init(standInReuseWithFrame: .zero)
      }
      view.reuseIdentifier = identifier
      view.standInPoolKey = poolKey
      outstandingDequeues.insert(ObjectIdentifier(view))
      return view
    }

    /// A decoration view from the layout's registrations (UIKit dequeues
    /// decoration views from the layout's `register(_:forDecorationViewOfKind:)`).
    func dequeueDecorationView(ofKind kind: String, from layout: UICollectionViewLayout) -> UICollectionReusableView? {
      guard let cls = layout.decorationClasses[kind] else {
        UIKitException.raise(Self.dequeueFailure(kind: kind, identifier: kind))
        return nil
      }
      let view = dequeue(poolKey: "decoration|\(kind)", class: cls, identifier: kind)
      outstandingDequeues.remove(ObjectIdentifier(view))
      return view
    }

    func enqueueForReuse(_ view: UICollectionReusableView) {
      view.removeFromSuperview()
      guard let key = view.standInPoolKey else { return }
      reusePool[key, default: []].append(view)
    }

    // MARK: Visible views

    /// The cells on screen, in the order they were displayed.
    open var visibleCells: [UICollectionViewCell] {
      displayOrder.compactMap { $0.category == .cell ? displayed[$0]?.view as? UICollectionViewCell : nil }
    }

    /// The index paths of the cells on screen.
    open var indexPathsForVisibleItems: [IndexPath] {
      displayOrder.filter { $0.category == .cell }.map(\.indexPath)
    }

    /// The supplementary views of `elementKind` on screen.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
      displayOrder.compactMap {
        $0.category == .supplementaryView && $0.kind == elementKind ? displayed[$0]?.view : nil
      }
    }

    /// The index paths of the supplementary views of `elementKind` on screen.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
      displayOrder.filter { $0.category == .supplementaryView && $0.kind == elementKind }.map(\.indexPath)
    }

    /// The cell on screen at `indexPath`, or `nil`.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
      displayed[.cell(indexPath)]?.view as? UICollectionViewCell
    }

    /// The supplementary view on screen, or `nil`.
    open func supplementaryView(
      forElementKind elementKind: String, at indexPath: IndexPath
    )
      -> UICollectionReusableView?
    {
      displayed[.supplementary(elementKind, indexPath)]?.view
    }

    /// The index path of `cell` when it is on screen.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
      displayed.first { $0.value.view === cell }?.key.indexPath
    }

    /// The view of any element on screen (a stand-in accessor for tests).
    public func standInView(for element: StandInElement) -> UICollectionReusableView? {
      displayed[element]?.view
    }

    /// The attributes last applied to an element on screen.
    public func standInAppliedAttributes(for element: StandInElement) -> UICollectionViewLayoutAttributes? {
      displayed[element]?.attributes
    }

    /// The elements on screen, in the order they were displayed.
    public var standInVisibleElements: [StandInElement] { displayOrder }

    /// The item's attributes, asked of the layout (logged).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      log(.layoutAttributesForItem(indexPath), currentLayout)
      return currentLayout.layoutAttributesForItem(at: indexPath)
    }

    /// A supplementary view's attributes, asked of the layout (logged).
    open func layoutAttributesForSupplementaryElement(
      ofKind kind: String, at indexPath: IndexPath
    )
      -> UICollectionViewLayoutAttributes?
    {
      log(.layoutAttributesForSupplementaryView(kind: kind, indexPath), currentLayout)
      return currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Asks the layout where a flick comes to rest (logged); with paging
    /// UIKit does not ask the layout.
    override func standInTargetOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint {
      guard !isPagingEnabled else { return proposed }
      log(.targetContentOffsetWithVelocity(proposed, velocity: velocity), currentLayout)
      return currentLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    }

    // MARK: UIKit API implemented in the extension files (declared here so
    // that subclasses can override it, as in UIKit)

    /// Runs `updates` as one animated change (order: `UICollectionView+Updates.swift`).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
      standIn_performBatchUpdates(updates, completion: completion)
    }
    /// Inserts items at `indexPaths` (after the update).
    open func insertItems(at indexPaths: [IndexPath]) { standIn_insertItems(at: indexPaths) }
    /// Deletes the items at `indexPaths` (before the update).
    open func deleteItems(at indexPaths: [IndexPath]) { standIn_deleteItems(at: indexPaths) }
    /// Reloads the items at `indexPaths`: new cells for them.
    open func reloadItems(at indexPaths: [IndexPath]) { standIn_reloadItems(at: indexPaths) }
    /// Configures the existing cells at `indexPaths` again (no update items).
    open func reconfigureItems(at indexPaths: [IndexPath]) { standIn_reconfigureItems(at: indexPaths) }
    /// Moves an item.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      standIn_moveItem(at: indexPath, to: newIndexPath)
    }
    /// Inserts sections (after the update).
    open func insertSections(_ sections: IndexSet) { standIn_insertSections(sections) }
    /// Deletes sections (before the update).
    open func deleteSections(_ sections: IndexSet) { standIn_deleteSections(sections) }
    /// Reloads sections.
    open func reloadSections(_ sections: IndexSet) { standIn_reloadSections(sections) }
    /// Moves a section.
    open func moveSection(_ section: Int, toSection newSection: Int) {
      standIn_moveSection(section, toSection: newSection)
    }

    /// Changes the layout (order: `UICollectionView+Transitions.swift`).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
      standIn_setCollectionViewLayout(layout, animated: animated, completion: nil)
    }
    /// Changes the layout and calls `completion` with `true` when done.
    open func setCollectionViewLayout(
      _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
      standIn_setCollectionViewLayout(layout, animated: animated, completion: completion)
    }
    /// Starts an interactive change to `layout`.
    @discardableResult
    open func startInteractiveTransition(
      to layout: UICollectionViewLayout, completion: LayoutInteractiveTransitionCompletion? = nil
    ) -> UICollectionViewTransitionLayout {
      standIn_startInteractiveTransition(to: layout, completion: completion)
    }
    /// Ends the interactive transition at the next layout.
    open func finishInteractiveTransition() { standIn_finishInteractiveTransition() }
    /// Ends the interactive transition back at the old layout.
    open func cancelInteractiveTransition() { standIn_cancelInteractiveTransition() }

    /// Scrolls so the item is at `scrollPosition` (`UICollectionView+Scrolling.swift`).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
      standIn_scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
    /// The selected items, in the order they were selected; `nil` when none.
    open var indexPathsForSelectedItems: [IndexPath]? { standIn_indexPathsForSelectedItems }
    /// Selects an item (the delegate is not told, as in UIKit).
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
      standIn_selectItem(at: indexPath, animated: animated, scrollPosition: scrollPosition)
    }
    /// Deselects an item (the delegate is not told).
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
      standIn_deselectItem(at: indexPath, animated: animated)
    }

    open override func layoutSubviews() {
      super.layoutSubviews()
      runLayoutPass()
    }
  }

  /// The attributes a finished layout pass showed, the counts they were
  /// checked against, and `displayChanges` after the pass.
  struct LastShown {
    var attributes: [UICollectionViewLayoutAttributes]
    /// The copies the views keep of `attributes`, in the same order.
    var applied: [UICollectionViewLayoutAttributes]
    var counts: [Int]?
    var changes: Int
  }

  /// A view on screen and the copy it keeps of the attributes it shows.
  @MainActor
  final class DisplayedElement {
    let view: UICollectionReusableView
    var attributes: UICollectionViewLayoutAttributes
    /// The attributes the view was last asked to fit (self-sizing).
    var measuredWith: UICollectionViewLayoutAttributes?

    init(view: UICollectionReusableView, attributes: UICollectionViewLayoutAttributes) {
      self.view = view
      self.attributes = attributes
    }
  }

#endif
