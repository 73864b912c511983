import LayoutCore

/// Everything a `UICollectionView` asks of its layout, answered for one
/// prepared engine layout: the platform-neutral model a UIKit (or any
/// other) shell forwards every call to, so the shell only converts types.
///
/// The call order follows UIKit's:
///
/// 1. `prepare(bounds:counts:)` — UIKit's `prepare()`; prepares the engine
///    layout (the only O(n) step) when the bounds' size, the counts or an
///    invalidation asked for it, and does nothing otherwise.
/// 2. `contentSize`, `elements(in:into:)`, `attributes(for:)` — the
///    queries, at the current bounds' origin (the content offset).
/// 3. A scroll: `shouldInvalidate(forBoundsChange:)`, then
///    `invalidationContext(forBoundsChange:)` and `invalidate(with:)`. A
///    scroll never prepares again: the context names only the elements in
///    view whose attributes follow the offset (`ScrollDependence`); only a
///    change of size invalidates everything.
/// 4. A self-sizing cell: `shouldInvalidate(forPreferredSize:of:)`, then
///    `invalidationContext(forPreferredSize:of:)` (which records the size
///    and computes the content offset adjustment that keeps the anchor
///    still) and `invalidate(with:)` (which applies the adjustment).
/// 5. A batch update: `prepare(forUpdates:counts:)`, then
///    `initialAttributes(forAppearing:)` / `finalAttributes(forDisappearing:)`
///    for the elements on screen, `targetContentOffset(forProposed:)` and
///    `finalizeUpdates()`.
/// 6. Scrolling ends: `targetContentOffset(proposed:velocity:)` snaps.
///
/// A host is a value: copy it to keep a state. It is `Sendable`; a UIKit
/// shell keeps it on the main actor.
///
/// Bad input never traps: non-finite bounds or counts that do not fit are
/// refused with `HostError` (changing nothing), an index path that does not
/// exist answers `nil`, a rectangle that is not finite answers nothing.
public struct LayoutHost<Prepared: PreparedLayout>: Sendable {
  /// Prepares the engine layout for items in a viewport.
  public typealias Prepare = @Sendable (LayoutItems, Viewport) throws(LayoutError) -> Prepared

  /// The most items a host lays out over all sections.
  public static var maximumItemCount: Int { 1 << 40 }

  let makePrepared: Prepare
  var erase: (@Sendable (Prepared) -> AnyPreparedLayout)?
  /// Where item sizes come from.
  public let itemSizes: ItemSizeSource
  /// The display scale (pixels per point) the layout is prepared for.
  public var scale: Double {
    didSet { if scale != oldValue { needsPrepare = true } }
  }
  /// The collection view's bounds: origin = content offset, size = the
  /// viewport.
  @inlinable public var bounds: Rect { _bounds }
  /// The item count of each section the layout was last asked to prepare.
  @inlinable public var counts: [Int] { _counts }
  /// The engine layout, once prepared; `nil` before the first successful
  /// prepare and after a failed one.
  @inlinable public var prepared: Prepared? { _prepared }
  /// The scroll state queries read; its content offset follows `bounds`.
  @inlinable public var state: Prepared.State { _state }

  @usableFromInline var _bounds: Rect = .zero
  @usableFromInline var _counts: [Int] = []
  @usableFromInline var _prepared: Prepared? {
    didSet { generation &+= 1 }
  }
  /// Counts changes of `_prepared`: the visible cache is valid only for the
  /// geometry it was computed from.
  @usableFromInline var generation = 0
  /// The last scroll context's answer for its new bounds (what UIKit asks
  /// for right after it, and what was on screen at the next scroll's start).
  @usableFromInline var cached: [LayoutAttributes] = []
  @usableFromInline var cachedRect: Rect?
  @usableFromInline var cachedState: Prepared.State?
  @usableFromInline var cachedGeneration = -1
  /// Whether `cached` is known to be in identity order (a preferred-size
  /// context's merge found it so); `false` when unknown.
  @usableFromInline var cachedIsOrdered = false
  @usableFromInline var _state: Prepared.State
  /// The scroll view's own content insets around the layout's content
  /// (UIKit's `adjustedContentInset`: the app's `contentInset` plus the
  /// safe area, a navigation bar's height say), which the resting offsets
  /// of `targetContentOffset(forProposed:)` respect: after an update the
  /// first row rests below the bar, not under it. Non-finite or negative
  /// values read as 0.
  public var scrollViewInsets: EdgeInsets {
    get { _scrollViewInsets }
    set {
      func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? Swift.min(v, LayoutLimits.maximumExtent) : 0 }
      _scrollViewInsets = EdgeInsets(
        top: clean(newValue.top), left: clean(newValue.left), bottom: clean(newValue.bottom),
        right: clean(newValue.right))
    }
  }
  @usableFromInline var _scrollViewInsets = EdgeInsets()
  /// Where the current drag began (set by the shell at touch-down): a
  /// layout that limits a swipe to one item measures from there.
  public var dragStart: Point?

  @usableFromInline var needsPrepare = true
  @usableFromInline var preparedSize: Size?
  /// Whether a preferred size was recorded since the engine layout was
  /// last prepared from the item source: a change of size then keeps the
  /// learnt sizes (`SelfSizingLayout.resized(to:)`) instead of asking the
  /// source again.
  @usableFromInline var hasLearntSizes = false
  @usableFromInline var buffer: [LayoutAttributes] = []
  @usableFromInline var otherBuffer: [LayoutAttributes] = []
  @usableFromInline var idBuffer: [ElementID] = []
  /// Scratch for merging the before and after identities of a scroll.
  @usableFromInline var mergeBuffer: [ElementID] = []
  /// The identities in `cached` whose kind follows the offset, in the
  /// engine's order and sorted: what was on screen at the next scroll's
  /// start, ready to compare and merge.
  @usableFromInline var shownIDs: [ElementID] = []
  @usableFromInline var shownSorted: [ElementID] = []
  @usableFromInline var update: PendingUpdate?
  @usableFromInline var restingOffset: Point?
  /// The settle applied last, until a shell takes it (`LayoutHost+Settle.swift`).
  @usableFromInline var _pendingSettle: HostSettle?
  /// Whether bounds changes and preferred sizes leave the settle to the
  /// shell (`LayoutHost+Settle.swift`): `false` settles in their contexts.
  public var defersSettle = false
  /// Whether the last invalidation said the counts changed (UIKit's
  /// `invalidateDataSourceCounts`): the next prepare keeps the geometry
  /// before it in `beforeData`.
  @usableFromInline var dataCountsInvalidated = false
  /// The geometry before the last data change's prepare, kept until the
  /// update items arrive (`prepare(forUpdates:counts:)`) or the next
  /// invalidation: UIKit prepares with the new counts first and names the
  /// updates only after it has queried the new layout.
  @usableFromInline var beforeData: PreparedBefore?

  /// A prepared layout with the bounds, counts and state it was prepared
  /// and shown at.
  @usableFromInline struct PreparedBefore: Sendable {
    var prepared: Prepared
    var state: Prepared.State
    var counts: [Int]
    var bounds: Rect
    /// Whether `prepared` holds sizes learnt from preferred sizes, which
    /// the update carries to the layout after it.
    var hadLearntSizes = false
  }

  /// An update between `prepare(forUpdates:counts:)` and
  /// `finalizeUpdates()`: the layout before, where it was, the identity
  /// mapping and the offset that keeps the anchor in place.
  @usableFromInline struct PendingUpdate: Sendable {
    var before: Prepared
    var beforeState: Prepared.State
    var change: SnapshotChange
    var target: Point
    var anchor: ElementID?
  }

  /// A host for layouts that `prepare` builds, with a scroll state of its
  /// own kind (the filmstrip's accordion state, say).
  public init(
    itemSizes: ItemSizeSource, initialState: Prepared.State, scale: Double = 2, prepare: @escaping Prepare
  ) {
    self.makePrepared = prepare
    self.erase = nil
    self.itemSizes = itemSizes
    self.scale = scale
    _state = initialState
  }

  /// The current content offset (`bounds.origin`).
  @inlinable
  public var contentOffset: Point { bounds.origin }

  /// The visible rectangle: `bounds`.
  public var visibleRect: Rect { bounds }

  /// The content size at the current state; zero before a prepare.
  @inlinable
  public var contentSize: Size { prepared?.contentSize(at: state) ?? .zero }

  /// The content insets at the current state.
  public var contentInset: EdgeInsets { prepared?.contentInset(at: state) ?? .zero }

  /// What a scroll can change (`ScrollDependence`); `.none` before a
  /// prepare.
  @inlinable
  public var scrollDependence: ScrollDependence { _prepared?.scrollDependence ?? .none }

  /// The prepared layout behind one type, for transitions; `nil` before a
  /// prepare or for layouts whose state is not a plain `ScrollState`.
  public var erasedLayout: AnyPreparedLayout? {
    guard let prepared, let erase else { return nil }
    return erase(prepared)
  }

  // MARK: - Prepare

  /// Moves the bounds without invalidating anything (what the collection
  /// view's bounds are when UIKit makes its next call). A new size makes
  /// the next `prepare` prepare again.
  ///
  /// - Throws: `HostError.invalidBounds` for a non-finite or negative
  ///   rectangle; the bounds stay.
  @inlinable
  public mutating func setBounds(_ rect: Rect) throws(HostError) {
    guard rect.isFinite, rect.width >= 0, rect.height >= 0 else { throw .invalidBounds(rect) }
    if rect.size != bounds.size { needsPrepare = true }
    _bounds = rect
    _state.contentOffset = rect.origin
    if restingOffset != nil && update == nil { restingOffset = nil }
  }

  /// Replaces the scroll state's parts other than the offset (the
  /// filmstrip's unfolded thumbnails, say: what a coordinator computes);
  /// the content offset stays the bounds' origin.
  @inlinable
  public mutating func setState(_ newState: Prepared.State) {
    var copy = newState
    copy.contentOffset = bounds.origin
    _state = copy
  }

  /// UIKit's `prepare()`: makes the layout ready for `bounds` and sections
  /// of `counts` items, preparing the engine layout when the size or
  /// counts changed or an invalidation asked for it.
  ///
  /// A layout that has learnt sizes from preferred sizes keeps them
  /// across a change of size (`SelfSizingLayout.resized(to:)`); otherwise,
  /// and for new counts, the sizes come again from the item source (which
  /// may depend on the viewport).
  ///
  /// - Returns: whether the engine layout was prepared again.
  /// - Complexity: O(1) when nothing changed; the engine's prepare (O(n))
  ///   otherwise.
  /// - Throws: `HostError` for bad bounds, negative counts or more than
  ///   `maximumItemCount` items, `.layout(.tooManyItems)` for more items
  ///   than the item source lists sizes for
  ///   (`ItemSizeSource.maximumItemCount`), or a layout that cannot be prepared for
  ///   them (a zero-sized viewport, say): the layout is then left
  ///   unprepared (`prepared == nil`; queries answer nothing) until a
  ///   prepare succeeds.
  @discardableResult
  public mutating func prepare(bounds newBounds: Rect, counts newCounts: [Int]) throws(HostError) -> Bool {
    // Counts already taken need no second check (O(sections)): a shell
    // passes the host's own counts back on every frame that prepares
    // without a data change (compared by identity, O(1)).
    let sameCounts = _prepared != nil && _counts == newCounts
    if !sameCounts { try checkCountsForSource(newCounts) }
    try setBounds(newBounds)
    if !needsPrepare, sameCounts, preparedSize == bounds.size { return false }
    if dataCountsInvalidated {
      // UIKit's batch updates: invalidateDataSourceCounts, then this
      // prepare with the new counts, then queries, and only then
      // prepare(forCollectionViewUpdates:). The layout before is kept for
      // the update's mapping, anchor and disappearing elements.
      dataCountsInvalidated = false
      // It was on screen at these bounds' offset (a scroll that did not
      // invalidate never told the host; UIKit has not moved the offset
      // yet), at the size it was prepared for.
      if let prepared = _prepared {
        let shownBounds = Rect(origin: newBounds.origin, size: preparedSize ?? newBounds.size)
        var shown = _state
        shown.contentOffset = shownBounds.origin
        beforeData = PreparedBefore(
          prepared: prepared, state: shown, counts: counts, bounds: shownBounds, hadLearntSizes: hasLearntSizes)
      }
      // UIKit names the edits only after this prepare and its queries:
      // the learnt sizes stay at their index paths (right for a batch
      // update with no edit, a reconfigure, or items appended or removed
      // at the ends of sections, a feed's "load more"), laid out afresh
      // (the waterfall's slack settles); `prepare(forUpdates:counts:)`
      // maps them again when the edits move items.
      if let kept = beforeData, kept.hadLearntSizes, kept.counts.count == newCounts.count,
        preparedSize == bounds.size
      {
        do throws(LayoutError) {
          if let again = try preparedKeepingLearntSizes(from: kept.prepared, through: nil, counts: newCounts) {
            _prepared = again
            _counts = newCounts
            finishPrepare()
            return true
          }
        } catch {
          _prepared = nil
          needsPrepare = true
          throw .layout(error)
        }
      }
    }
    let viewport = Viewport(size: bounds.size, scale: scale)
    if counts == newCounts, hasLearntSizes, var sizing = prepared as? any SelfSizingLayout, preparedSize != bounds.size
    {
      _prepared = nil
      do throws(LayoutError) {
        sizing = try sizing.resized(to: viewport)
        _prepared = sizing as? Prepared
      } catch {
        needsPrepare = true
        throw .layout(error)
      }
      if prepared != nil {
        finishPrepare()
        return true
      }
    }
    _counts = newCounts
    do throws(LayoutError) {
      _prepared = try makePrepared(itemSizes.items(counts: newCounts, viewport: bounds.size), viewport)
      hasLearntSizes = false
    } catch {
      _prepared = nil
      needsPrepare = true
      throw .layout(error)
    }
    finishPrepare()
    return true
  }

  /// `prepare(bounds:counts:)` at the current bounds and counts.
  @discardableResult
  public mutating func prepareIfNeeded() throws(HostError) -> Bool {
    try prepare(bounds: bounds, counts: counts)
  }

  mutating func finishPrepare() {
    needsPrepare = false
    preparedSize = bounds.size
  }

  /// The layout's name in words, for messages: `PreparedStickyHeaderLayout`
  /// is "sticky header layout".
  static var layoutName: String {
    var name = String(describing: Prepared.self)
    if name.hasPrefix("Prepared") { name.removeFirst("Prepared".count) }
    var words = ""
    for character in name {
      if character.isUppercase, !words.isEmpty { words.append(" ") }
      words.append(contentsOf: character.lowercased())
    }
    return words
  }

  /// Checks `counts` (`checkCounts`) and that the item source lists sizes
  /// for that many items: a source that lists a size per item would
  /// allocate for each, so more than its `maximumItemCount` is refused
  /// before it is asked.
  func checkCountsForSource(_ counts: [Int]) throws(HostError) {
    let total = try Self.checkCounts(counts)
    guard total <= itemSizes.maximumItemCount else {
      throw .layout(.tooManyItems(count: total, limit: itemSizes.maximumItemCount, layout: Self.layoutName))
    }
  }

  /// Checks `counts` and returns their total.
  @discardableResult
  static func checkCounts(_ counts: [Int]) throws(HostError) -> Int {
    var total = 0
    for (s, count) in counts.enumerated() {
      guard count >= 0 else { throw .invalidCounts("section \(s) has \(count) items; counts must not be negative") }
      // Compared before adding: a sum of huge counts would overflow.
      guard count <= maximumItemCount - total else {
        throw .invalidCounts("more than \(maximumItemCount) items in all")
      }
      total += count
    }
    return total
  }

  // MARK: - Queries

  /// Appends the attributes of every element whose frame meets `rect` at
  /// the current state (UIKit's `layoutAttributesForElements(in:)`);
  /// nothing for a rectangle that is not finite or before a prepare.
  ///
  /// - Complexity: the engine layout's query, O(log n + k).
  @inlinable
  public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
    // `_prepared!` rather than `let prepared`: a binding copies the layout
    // (a retain and release per array it holds), every frame.
    guard rect.isFinite, _prepared != nil else { return }
    if isVisibleCached(rect, _state) {
      result.append(contentsOf: cached)
      return
    }
    _prepared!.attributes(in: rect, at: _state, into: &result)
  }

  /// Calls `body` with the attributes `elements(in:into:)` would append,
  /// read in place: the answer the last context kept for exactly these
  /// bounds (a scroll frame's, a preferred size's) is lent, not copied;
  /// any other rectangle is answered into a buffer of the host's. A shell
  /// that turns each attribute into its own object (the UIKit layout's
  /// `layoutAttributesForElements(in:)`) needs no copy of them first.
  /// `body` sees nothing for a rectangle that is not finite or before a
  /// prepare. The buffer is valid only during `body`, which must not keep
  /// it, nor use the host: the host is being accessed (a local host's use
  /// does not compile; a class's stored host's traps, Swift's exclusivity
  /// check).
  ///
  /// - Complexity: O(1) for the kept answer, else the engine's query,
  ///   O(log n + k); no allocation once the host's buffer has grown.
  @inlinable
  public mutating func withElements<R>(
    in rect: Rect, _ body: (UnsafeBufferPointer<LayoutAttributes>) throws -> R
  ) rethrows -> R {
    guard rect.isFinite, _prepared != nil else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    if isVisibleCached(rect, _state) { return try cached.withUnsafeBufferPointer(body) }
    buffer.removeAll(keepingCapacity: true)
    _prepared!.attributes(in: rect, at: _state, into: &buffer)
    return try buffer.withUnsafeBufferPointer(body)
  }

  /// Whether the cached answer for `rect` at `state` is current.
  @inlinable
  func isVisibleCached(_ rect: Rect, _ state: Prepared.State) -> Bool {
    cachedGeneration == generation && cachedRect == rect && cachedState == state
  }

  /// The attributes of one element (UIKit's `layoutAttributesForItem(at:)`
  /// and `layoutAttributesForSupplementaryView(ofKind:at:)`), or `nil` for
  /// one that does not exist.
  ///
  /// - Complexity: the engine's lookup, O(log n) at most.
  @inlinable
  public func attributes(for id: ElementID) -> LayoutAttributes? {
    // A borrow of the layout through `switch` (`_prepared!` copied it, a
    // retain of each of its arrays, on every call).
    switch _prepared {
    case .none:
      return nil
    case .some(let prepared):
      guard prepared.isInRange(id) else { return nil }
      return prepared.attributes(for: id, at: _state)
    }
  }

  // MARK: - Bounds changes

  /// Whether moving to `newBounds` invalidates the layout: always when the
  /// size changes; for a scroll only when the layout's attributes follow
  /// the offset (`scrollDependence` is not `.none`). `false` for bounds
  /// that are not finite.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
    guard newBounds.isFinite, newBounds.width >= 0, newBounds.height >= 0 else { return false }
    if newBounds.size != bounds.size || _prepared == nil { return true }
    // Slack about to show (the waterfall's): the context settles it.
    if !defersSettle && needsSettle(at: newBounds) { return true }
    return newBounds.origin != bounds.origin && scrollDependence != .none
  }

  /// What moving to `newBounds` invalidates: everything when the size
  /// changes; for a scroll, never everything: the elements whose kind
  /// follows the offset (`ScrollDependence`) and that were on screen before
  /// (in the old bounds at the old offset) or are on screen after (in the
  /// new bounds at the new offset).
  ///
  /// - Complexity: two visible-rect queries, O(log n + k log k), whatever
  ///   the distance (a jump costs what it shows, not what it skips); one
  ///   when the old bounds are the last context's new bounds (a scroll in
  ///   progress): the answer for the new bounds is kept, so the next
  ///   context and `elements(in:into:)` for exactly those bounds reuse it.
  ///   No allocation once the previous context has been released.
  @inlinable
  public mutating func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    guard newBounds.isFinite, newBounds.width >= 0, newBounds.height >= 0 else {
      return InvalidationContext(reason: .boundsChange)
    }
    if newBounds.size != bounds.size || _prepared == nil {
      var context = InvalidationContext.everything(.boundsChange)
      context.bounds = newBounds
      return context
    }
    if !defersSettle, needsSettle(at: newBounds), let settle = settle(at: newBounds, reason: .boundsChange) {
      return settle
    }
    var context = InvalidationContext(reason: .boundsChange)
    context.bounds = newBounds
    let dependence = scrollDependence
    guard dependence != .none, newBounds.origin != _bounds.origin, _prepared != nil else { return context }
    var newState = _state
    newState.contentOffset = newBounds.origin
    // What was on screen before (frames may move with the offset: the album
    // pager's cells narrow) and what is on screen after; never everything
    // between, however far the jump.
    if !isVisibleCached(_bounds, _state) {
      buffer.removeAll(keepingCapacity: true)
      _prepared!.attributes(in: _bounds, at: _state, into: &buffer)
      Self.collect(buffer, dependence, into: &shownIDs, sorted: &shownSorted, scratch: &mergeBuffer)
    }
    // (Otherwise the last context's new bounds are this one's old: no
    // query, and `shownIDs` describe them.)
    cached.removeAll(keepingCapacity: true)
    _prepared!.attributes(in: newBounds, at: newState, into: &cached)
    cachedRect = newBounds
    cachedState = newState
    cachedGeneration = generation
    cachedIsOrdered = false
    if Self.sameIDs(cached, dependence, shownIDs) {
      // The same elements on screen (most frames of a scroll): they are
      // the union, already sorted.
      context.elements = shownSorted
      return context
    }
    idBuffer.removeAll(keepingCapacity: true)
    for a in cached where dependence.includes(a.id.kind) { idBuffer.append(a.id) }
    // Before ∪ after: the new identities sorted, then merged with the old.
    swap(&shownIDs, &idBuffer)
    mergeBuffer.removeAll(keepingCapacity: true)
    mergeBuffer.append(contentsOf: shownIDs)
    Self.order(&mergeBuffer, 0..<mergeBuffer.count, scratch: &idBuffer)
    Self.union(shownSorted, mergeBuffer, into: &idBuffer)
    swap(&shownSorted, &mergeBuffer)
    context.elements = idBuffer
    return context
  }

  /// Applies `context` (UIKit's `invalidateLayout(with:)`): takes its
  /// bounds, moves the content offset by its adjustment, and prepares
  /// again at the next `prepare` when it invalidates everything or the
  /// counts. Bounds that are not finite or have a negative size are
  /// ignored; an adjustment that would move the offset past
  /// `LayoutLimits.maximumExtent` is clamped to it.
  @inlinable
  public mutating func invalidate(with context: InvalidationContext) {
    if let rect = context.bounds, rect.isFinite, rect.width >= 0, rect.height >= 0 {
      if rect.size != bounds.size { needsPrepare = true }
      _bounds = rect
    }
    let adjustment = context.contentOffsetAdjustment
    if adjustment.isFinite && adjustment != .zero {
      // Clamped: an offset past the content limit is no offset a layout
      // answers.
      let limit = LayoutLimits.maximumExtent
      let moved = bounds.origin + adjustment
      _bounds.origin = Point(
        x: Swift.min(Swift.max(moved.x, -limit), limit), y: Swift.min(Swift.max(moved.y, -limit), limit))
    }
    _state.contentOffset = bounds.origin
    if context.invalidatesEverything || context.invalidatesDataCounts { needsPrepare = true }
    if context.invalidatesDataCounts {
      dataCountsInvalidated = true
      beforeData = nil
    }
  }

  /// Replaces the scroll state's parts other than the offset (as
  /// `setState(_:)`: the filmstrip's accordion, which the album's
  /// coordinator drives every frame) and says what that changed, for a
  /// scoped invalidation instead of a full prepare: the elements on screen
  /// before or after, sorted, each once, and the content size's change.
  /// Nothing when the state is the same.
  ///
  /// - Complexity: two visible-rect queries and an ordering of what they
  ///   found, O(log n + k log k); never a prepare, and no allocation once
  ///   the previous context has been released.
  public mutating func invalidationContext(forStateChange newState: Prepared.State) -> InvalidationContext {
    var context = InvalidationContext(reason: .configuration)
    var next = newState
    next.contentOffset = bounds.origin
    guard next != _state else { return context }
    guard _prepared != nil else {
      _state = next
      return context
    }
    let sizeBefore = _prepared!.contentSize(at: _state)
    buffer.removeAll(keepingCapacity: true)
    _prepared!.attributes(in: _bounds, at: _state, into: &buffer)
    _state = next
    _prepared!.attributes(in: _bounds, at: _state, into: &buffer)
    // Before and after, in order, each once: in the host's buffers (the
    // album's coordinator changes the state every frame of a drag).
    idBuffer.removeAll(keepingCapacity: true)
    for a in buffer { idBuffer.append(a.id) }
    Self.order(&idBuffer, 0..<idBuffer.count, scratch: &mergeBuffer)
    var kept = 0
    for i in idBuffer.indices where kept == 0 || idBuffer[i] != idBuffer[kept - 1] {
      idBuffer[kept] = idBuffer[i]
      kept += 1
    }
    idBuffer.removeLast(idBuffer.count - kept)
    context.elements = idBuffer
    let sizeAfter = _prepared!.contentSize(at: _state)
    context.contentSizeAdjustment = Size(
      width: sizeAfter.width - sizeBefore.width, height: sizeAfter.height - sizeBefore.height)
    return context
  }

  /// Invalidates everything: the next `prepare` prepares again (UIKit's
  /// `invalidateLayout()`).
  public mutating func invalidateEverything() { needsPrepare = true }

  /// Invalidates everything and the counts (UIKit's context with
  /// `invalidateDataSourceCounts`, sent before a reload or a batch update):
  /// the next `prepare` reads the new counts and keeps the geometry before
  /// for the update items that may follow.
  public mutating func invalidateDataCounts() {
    invalidate(with: .everything(.dataChange, dataCounts: true))
  }

  /// Whether the identities of `answer` whose kind `dependence` includes
  /// are `ids`, in that order. O(k), reading in place.
  @inlinable
  static func sameIDs(_ answer: [LayoutAttributes], _ dependence: ScrollDependence, _ ids: [ElementID]) -> Bool {
    answer.withUnsafeBufferPointer { answer in
      ids.withUnsafeBufferPointer { ids in
        var j = 0
        for i in answer.indices where dependence.includes(answer[i].id.kind) {
          guard j < ids.count, ids[j] == answer[i].id else { return false }
          j += 1
        }
        return j == ids.count
      }
    }
  }

  /// The identities of `answer` whose kind `dependence` includes, in
  /// `ids` (in the answer's order) and `sorted`.
  @inlinable
  static func collect(
    _ answer: [LayoutAttributes], _ dependence: ScrollDependence, into ids: inout [ElementID],
    sorted: inout [ElementID], scratch: inout [ElementID]
  ) {
    ids.removeAll(keepingCapacity: true)
    for a in answer where dependence.includes(a.id.kind) { ids.append(a.id) }
    sorted.removeAll(keepingCapacity: true)
    sorted.append(contentsOf: ids)
    order(&sorted, 0..<sorted.count, scratch: &scratch)
  }

  /// `a ∪ b` in `result`, sorted, each identity once, given `a` and `b`
  /// sorted with no repeats.
  ///
  /// - Complexity: O(a + b).
  @inlinable
  static func union(_ a: [ElementID], _ b: [ElementID], into result: inout [ElementID]) {
    // Room for both (identities are plain values: filling is a few stores
    // each), written through a pointer, then cut to what was written.
    result.removeAll(keepingCapacity: true)
    result.append(contentsOf: repeatElement(ElementID.cell(0), count: a.count + b.count))
    var written = 0
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        result.withUnsafeMutableBufferPointer { out in
          var i = 0
          var j = 0
          while i < a.count || j < b.count {
            let next: ElementID
            if j >= b.count || (i < a.count && !(b[j] < a[i])) {
              next = a[i]
              if j < b.count && b[j] == next { j += 1 }
              i += 1
            } else {
              next = b[j]
              j += 1
            }
            out[written] = next
            written += 1
          }
        }
      }
    }
    result.removeLast(result.count - written)
  }

  /// Puts `ids[range]` in order in place, using `scratch` as room.
  ///
  /// The engine answers in reading order, so a run is in order, or its
  /// cells are and its supplementary views are (a sticky header among its
  /// section's cells): cells are moved ahead of the rest, keeping their
  /// order, and what little is left out of order is put right by insertion.
  ///
  /// - Complexity: O(k) for a run ordered that way; O(k log k) at worst
  ///   (a long run out of order is sorted).
  @inlinable
  static func order(_ ids: inout [ElementID], _ range: Range<Int>, scratch: inout [ElementID]) {
    guard range.count > 1 else { return }
    if scratch.count < range.count {
      scratch.append(contentsOf: repeatElement(ElementID.cell(0), count: range.count - scratch.count))
    }
    ids.withUnsafeMutableBufferPointer { buffer in
      var i = range.lowerBound + 1
      while i < range.upperBound && !(buffer[i] < buffer[i - 1]) { i += 1 }
      if i == range.upperBound { return }
      // Cells first, in the order they came; then the rest.
      var cells = range.lowerBound
      var others = 0
      scratch.withUnsafeMutableBufferPointer { room in
        for j in range {
          let id = buffer[j]
          if id.kind.isCell {
            buffer[cells] = id
            cells += 1
          } else {
            room[others] = id
            others += 1
          }
        }
        for j in 0..<others { buffer[cells + j] = room[j] }
      }
      // Then insertion (few moves left), or a sort for a long run still
      // out of order.
      if range.count > 64 {
        var k = range.lowerBound + 1
        while k < range.upperBound && !(buffer[k] < buffer[k - 1]) { k += 1 }
        if k < range.upperBound { buffer[range].sort() }
        return
      }
      var k = range.lowerBound + 1
      while k < range.upperBound {
        let value = buffer[k]
        var j = k
        while j > range.lowerBound && value < buffer[j - 1] {
          buffer[j] = buffer[j - 1]
          j -= 1
        }
        buffer[j] = value
        k += 1
      }
    }
  }

  // MARK: - Snapping

  /// Where scrolling comes to rest when it would stop at `proposed` after
  /// a release at `velocity` (UIKit's
  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`,
  /// velocity in points per second): the engine layout's snapping, measured
  /// from `dragStart` when the shell set it.
  ///
  /// - Complexity: the engine's, O(log n) at most.
  public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
    guard let prepared else { return proposed.sanitized }
    return prepared.targetContentOffset(
      proposed: proposed.sanitized, velocity: velocity.sanitized, dragStart: (dragStart ?? bounds.origin).sanitized,
      at: state)
  }

  /// Where to rest after a batch update or a layout change (UIKit's
  /// `targetContentOffset(forProposedContentOffset:)`): the offset that
  /// keeps the anchor item in place while an update is pending, else
  /// `proposed` clamped into the offset bounds.
  public func targetContentOffset(forProposed proposed: Point) -> Point {
    if let restingOffset { return restingOffset }
    return clampedOffset(proposed)
  }

  /// `offset` (non-finite coordinates read as 0) clamped into the range
  /// the scroll view rests in: the layout's offset bounds widened by the
  /// scroll view's own insets (`scrollViewInsets`).
  public func clampedOffset(_ offset: Point) -> Point {
    let offset = offset.sanitized
    guard let prepared else { return offset }
    let range = prepared.offsetBounds(at: state)
    let i = scrollViewInsets
    return Point(
      x: clamp(offset.x, range.min.x - i.left, Swift.max(range.min.x - i.left, range.max.x + i.right)),
      y: clamp(offset.y, range.min.y - i.top, Swift.max(range.min.y - i.top, range.max.y + i.bottom)))
  }
}

extension LayoutHost where Prepared.State == ScrollState {
  /// A host for an engine layout configuration whose items come from
  /// `itemSizes`.
  public init<Layout: CollectionLayout>(_ layout: Layout, itemSizes: ItemSizeSource, scale: Double = 2)
  where Layout.Prepared == Prepared {
    self.init(itemSizes: itemSizes, initialState: ScrollState(), scale: scale) { items, viewport throws(LayoutError) in
      try layout.prepare(items: items, viewport: viewport)
    }
    erase = { AnyPreparedLayout($0) }
  }

  /// A host for `layout` prepared from estimated sizes when `estimated`
  /// (the sizes `itemSizes` gives are estimates that preferred sizes
  /// replace: `EstimatingLayout.prepare(estimated:viewport:)`), else from
  /// the items' sizes as `init(_:itemSizes:scale:)`.
  public init<Layout: EstimatingLayout>(
    _ layout: Layout, itemSizes: ItemSizeSource, estimated: Bool, scale: Double = 2
  ) where Layout.Prepared == Prepared {
    guard estimated else {
      self.init(layout, itemSizes: itemSizes, scale: scale)
      return
    }
    self.init(itemSizes: itemSizes, scale: scale) { items, viewport throws(LayoutError) in
      try layout.prepare(estimated: items, viewport: viewport)
    }
  }

  /// A host for layouts that `prepare` builds.
  public init(itemSizes: ItemSizeSource, scale: Double = 2, prepare: @escaping Prepare) {
    self.init(itemSizes: itemSizes, initialState: ScrollState(), scale: scale, prepare: prepare)
    erase = { AnyPreparedLayout($0) }
  }
}
