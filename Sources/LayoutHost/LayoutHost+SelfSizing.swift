import LayoutCore

extension LayoutHost {
  /// Whether the layout sizes its elements from preferred sizes (its
  /// engine layout is a `SelfSizingLayout`) and is prepared.
  @inlinable public var isSelfSizing: Bool { Prepared.takesPreferredSizes && _prepared != nil }

  /// Whether a cell's preferred size invalidates the layout (UIKit's
  /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`):
  /// when the layout sizes its elements and this one
  /// (`PreparedLayout.takesPreferredSize(for:)`), `id` exists, `size` is acceptable
  /// (finite, not negative, at most `LayoutLimits.maximumExtent`) and the
  /// size the layout would give for it (`PreparedLayout.sizeGiven(forPreferredSize:of:)`:
  /// a width past the room clamped) differs from the element's current size
  /// by more than half a screen pixel (`0.5 / scale` points) in either axis.
  ///
  /// - Complexity: the engine's lookup, O(log n).
  @inlinable
  public func shouldInvalidate(forPreferredSize size: Size, of id: ElementID) -> Bool {
    preferredSizeChanges(size, of: id)
  }

  /// `shouldInvalidate(forPreferredSize:of:)`, inlined where it is used: a
  /// call of a non-mutating method from a mutating one copies the whole
  /// host first. One call into the engine (`sizeTakingPreferredSize`):
  /// with several calls in a row the optimizer copied the layout itself
  /// to keep it still between them, a retain and a release of each of
  /// its arrays per preferred size.
  @inlinable @inline(__always)
  func preferredSizeChanges(_ size: Size, of id: ElementID) -> Bool {
    guard Prepared.takesPreferredSizes, LayoutItems.isAcceptable(size), _prepared != nil,
      let current = _prepared!.sizeTakingPreferredSize(for: id, at: _state)
    else { return false }
    // Against what the layout would give (a tag wider than the room is
    // clamped: compared with the preferred width it would invalidate on
    // every pass), to within half a screen pixel.
    let given = _prepared!.sizeGiven(forPreferredSize: size, of: id)
    let tolerance = 0.5 / (scale.isFinite && scale >= 1 ? scale : 1)
    return Swift.abs(current.width - given.width) > tolerance || Swift.abs(current.height - given.height) > tolerance
  }

  /// Records `size` as element `id`'s real size (UIKit's
  /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`)
  /// and says what it changed: the elements in view whose attributes moved
  /// (with `id`), the content size's change, and the content offset
  /// adjustment that keeps the anchor (the first element on screen that
  /// already has its real size) where it is on screen. `invalidate(with:)`
  /// then applies the adjustment.
  ///
  /// A call that `shouldInvalidate(forPreferredSize:of:)` answers `false`
  /// for changes nothing and returns an empty context.
  ///
  /// - Complexity: the engine's size update (O(log n) for the common case,
  ///   see the layout's guide) plus two visible-rect queries and a merge
  ///   of their answers, O(k) when the engine answers in order. The engine
  ///   layout is updated in place (no copy of its storage unless a copy of
  ///   the host shares it); no allocation once the previous context has
  ///   been released. The answer after the update is kept as the visible
  ///   answer for the adjusted bounds (what `invalidate(with:)` moves to):
  ///   the next preferred size and `elements(in:into:)` there reuse it.
  @inlinable
  public mutating func invalidationContext(forPreferredSize size: Size, of id: ElementID) -> InvalidationContext {
    var context = InvalidationContext(reason: .preferredSize)
    guard preferredSizeChanges(size, of: id) else { return context }
    let offset = _bounds.origin
    let before = _prepared!.contentSize(at: _state)
    // What is on screen now (not through `elements(in:into:)`: a call on
    // `self` with one of its buffers in-out copies the whole host).
    buffer.removeAll(keepingCapacity: true)
    var beforeIsOrdered = false
    if isVisibleCached(_bounds, _state) {
      swap(&buffer, &cached)  // `cached` is about to be replaced: no copy
      beforeIsOrdered = cachedIsOrdered
    } else {
      _prepared!.attributes(in: _bounds, at: _state, into: &buffer)
    }
    // In place through the optional: no copy of the layout, no existential.
    guard let newOffset = _prepared!.recordPreferredSize(size, for: id, anchoredAt: offset) else {
      // The layout does not size `id` (a cell of a flow's uniform
      // section): nothing changed. The cache was invalidated by the
      // access to `_prepared` (its generation moved), so the swapped
      // buffer is never read as an answer.
      return context
    }
    hasLearntSizes = true
    let after = _prepared!.contentSize(at: _state)
    var moved = _state
    moved.contentOffset = newOffset
    let newBounds = Rect(origin: newOffset, size: _bounds.size)
    cached.removeAll(keepingCapacity: true)
    _prepared!.attributes(in: newBounds, at: moved, into: &cached)
    cachedIsOrdered = Self.changedElements(
      before: &buffer, isOrdered: beforeIsOrdered, after: cached, including: id, into: &idBuffer)
    // The answer at the adjusted bounds, for what UIKit asks next (and
    // what a scroll from there starts from).
    Self.collect(cached, scrollDependence, into: &shownIDs, sorted: &shownSorted, scratch: &mergeBuffer)
    cachedRect = newBounds
    cachedState = moved
    cachedGeneration = generation
    context.elements = idBuffer
    context.contentSizeAdjustment = Size(width: after.width - before.width, height: after.height - before.height)
    context.contentOffsetAdjustment = newOffset - offset
    if !defersSettle && needsSettle(at: newBounds) { foldSettle(at: newBounds, into: &context) }
    return context
  }

  /// Whether two attributes of the same element are equal (`==` apart
  /// from the identity, which the caller has matched), field by field,
  /// read in place through the pointers: no copy of either (a copy of two
  /// attributes and the derived `==` were a fifth of a preferred-size
  /// update), and the centre first, since after a size change above the
  /// screen every element has moved. Comparing bytes instead does not work:
  /// the padding after `isHidden` and in `extras` holds whatever the reused
  /// buffer held; comparing every field's bits without a branch (which the
  /// compiler vectorizes) cost half as much again as this. Every other
  /// field of `LayoutAttributes` is compared
  /// (`PreferredSizeTests.sameIsEqualityApartFromIdentity` changes each
  /// one).
  @inlinable @inline(__always)
  static func same(_ a: UnsafePointer<LayoutAttributes>, _ b: UnsafePointer<LayoutAttributes>) -> Bool {
    // Coordinates as `Double`s: the geometry types' `==` are not always
    // inlined across modules.
    a.pointee.center.y == b.pointee.center.y && a.pointee.center.x == b.pointee.center.x
      && a.pointee.size.height == b.pointee.size.height && a.pointee.size.width == b.pointee.size.width
      && a.pointee.transform == b.pointee.transform && a.pointee.alpha == b.pointee.alpha
      && a.pointee.zIndex == b.pointee.zIndex && a.pointee.isHidden == b.pointee.isHidden
      && a.pointee.extras.overlayAlpha == b.pointee.extras.overlayAlpha
      && a.pointee.extras.cornerRadius == b.pointee.extras.cornerRadius
      && a.pointee.extras.styleProgress == b.pointee.extras.styleProgress
      && a.pointee.extras.isLeaving == b.pointee.extras.isLeaving
      && a.pointee.extras.contentRect == b.pointee.extras.contentRect
  }

  /// The order of two identities: −1, 0 or 1 as `a` is before, the same as
  /// or after `b` (`ElementID`'s `<`), with cells of one kind compared as
  /// (section, item) without the kind's own ordering.
  @inlinable @inline(__always)
  static func identityOrder(_ a: ElementID, _ b: ElementID) -> Int {
    if a.kind == b.kind {
      if a.section != b.section { return a.section < b.section ? -1 : 1 }
      return a.item == b.item ? 0 : a.item < b.item ? -1 : 1
    }
    return a.kind < b.kind ? -1 : 1
  }

  /// The identities of elements in `after` that are not in `before` with
  /// the same attributes, plus `id`, into `result`: sorted, each once.
  /// Both answers are merged as they come, their order checked on the
  /// way (the engine's answers are in identity order; `before`'s is not
  /// checked when `isOrdered` says it is known); when either is not in
  /// order, `before` is sorted, `after` is read through a sorted copy, and
  /// the merge runs again. Returns `true` when both were found in order
  /// (so `after` is known to be); `false` otherwise.
  ///
  /// - Complexity: O(k) when both answers are in order (the engine's
  ///   usual answer), O(k log k) otherwise.
  @inlinable @discardableResult
  static func changedElements(
    before: inout [LayoutAttributes], isOrdered: Bool = false, after: [LayoutAttributes],
    including id: ElementID, into result: inout [ElementID]
  ) -> Bool {
    let inOrder = merge(before, isOrdered, after, into: &result)
    if !inOrder {
      before.sort { $0.id < $1.id }
      _ = merge(before, true, after.sorted { $0.id < $1.id }, into: &result)
    }
    // `result` is sorted, each once: put `id` in its place.
    let at = partitionPoint(in: 0..<result.count) { result[$0] >= id }
    if at == result.count || result[at] != id { result.insert(id, at: at) }
    return inOrder
  }

  /// The merge of `changedElements`, into `result` (emptied first);
  /// `false`, leaving `result` partial, as soon as either list is found
  /// out of identity order (`before` is trusted when `beforeIsOrdered`).
  @inlinable
  static func merge(
    _ before: [LayoutAttributes], _ beforeIsOrdered: Bool, _ after: [LayoutAttributes],
    into result: inout [ElementID]
  ) -> Bool {
    result.removeAll(keepingCapacity: true)
    return before.withUnsafeBufferPointer { before in
      after.withUnsafeBufferPointer { after in
        guard let b = before.baseAddress, let a = after.baseAddress else {
          // One side is empty: everything on the other changed.
          for e in before { result.append(e.id) }
          for e in after { result.append(e.id) }
          return (beforeIsOrdered || isSortedByID(before)) && isSortedByID(after)
        }
        // The usual answer after a size change shows the same elements as
        // before, in the same order: while the identities match position
        // for position, only the attributes are compared, and `after`'s
        // order (which is then `before`'s too) is checked on the way,
        // unless `before`'s is known.
        var k = 0
        let common = Swift.min(before.count, after.count)
        // Two loops, not one with the order check under a condition: the
        // compiler does not split that loop itself (330 more instructions
        // per preferred size of the flow, callgrind).
        if beforeIsOrdered {
          while k < common && b[k].id == a[k].id {
            if !Self.same(b + k, a + k) { result.append(a[k].id) }
            k += 1
          }
        } else {
          while k < common && b[k].id == a[k].id {
            if k > 0 && identityOrder(a[k - 1].id, a[k].id) > 0 { return false }
            if !Self.same(b + k, a + k) { result.append(a[k].id) }
            k += 1
          }
        }
        // Order is checked as each list advances (equal neighbours are
        // allowed, as in `isSortedByID`): from here on, `before`'s pair
        // at `i` and `i + 1` has been checked whenever `i` advances, and
        // the pairs the matching run did not see are checked now.
        let checkBefore = !beforeIsOrdered
        if checkBefore {
          if k > 0 && k < before.count && identityOrder(b[k - 1].id, b[k].id) > 0 { return false }
          if k + 1 < before.count && identityOrder(b[k].id, b[k + 1].id) > 0 { return false }
        }
        var i = k
        var j = k
        while j < after.count {
          let aid = a[j].id
          if j > 0 && identityOrder(a[j - 1].id, aid) > 0 { return false }
          var o = -1
          while i < before.count {
            o = identityOrder(b[i].id, aid)
            if o >= 0 { break }
            result.append(b[i].id)  // left the rectangle: moved
            i += 1
            if checkBefore && i + 1 < before.count && identityOrder(b[i].id, b[i + 1].id) > 0 { return false }
          }
          if i < before.count && o == 0 {
            if !Self.same(b + i, a + j) { result.append(aid) }
            i += 1
            if checkBefore && i + 1 < before.count && identityOrder(b[i].id, b[i + 1].id) > 0 { return false }
          } else {
            result.append(aid)
          }
          j += 1
        }
        while i < before.count {
          result.append(b[i].id)
          i += 1
          if checkBefore && i + 1 < before.count && identityOrder(b[i].id, b[i + 1].id) > 0 { return false }
        }
        return true
      }
    }
  }

  /// Whether `attributes` are in identity order.
  @inlinable
  static func isSortedByID(_ attributes: UnsafeBufferPointer<LayoutAttributes>) -> Bool {
    var i = 1
    while i < attributes.count && !(attributes[i].id < attributes[i - 1].id) { i += 1 }
    return i >= attributes.count
  }
}
