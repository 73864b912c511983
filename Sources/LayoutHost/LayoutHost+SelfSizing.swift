import LayoutCore

extension LayoutHost {
  /// Whether the layout sizes its elements from preferred sizes (its
  /// engine layout is a `SelfSizingLayout`).
  public var isSelfSizing: Bool { prepared is any SelfSizingLayout }

  /// Whether a cell's preferred size invalidates the layout (UIKit's
  /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`):
  /// when the layout sizes its elements, `id` exists, `size` is acceptable
  /// (finite, not negative, at most `LayoutLimits.maximumExtent`) and it
  /// differs from the element's current size by more than 1e-9 pt in
  /// either axis.
  ///
  /// - Complexity: the engine's lookup, O(log n).
  public func shouldInvalidate(forPreferredSize size: Size, of id: ElementID) -> Bool {
    guard prepared is any SelfSizingLayout, LayoutItems.isAcceptable(size), let current = attributes(for: id) else {
      return false
    }
    return Swift.abs(current.size.width - size.width) > 1e-9 || Swift.abs(current.size.height - size.height) > 1e-9
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
  ///   see the layout's guide) plus two visible-rect queries.
  public mutating func invalidationContext(forPreferredSize size: Size, of id: ElementID) -> InvalidationContext {
    var context = InvalidationContext(reason: .preferredSize)
    guard shouldInvalidate(forPreferredSize: size, of: id), var sizing = prepared as? any SelfSizingLayout else {
      return context
    }
    let offset = bounds.origin
    let before = contentSize
    buffer.removeAll(keepingCapacity: true)
    elements(in: bounds, into: &buffer)
    let mark = sizing.mark(.firstVisible, at: offset)
    // Drop the host's reference so the engine layout updates in place.
    _prepared = nil
    sizing.setMeasuredSize(size, for: id, keepingLinesFrom: mark.id)
    let newOffset = sizing.offset(keeping: mark, from: offset)
    _prepared = sizing as? Prepared
    guard prepared != nil else {
      // Unreachable: the layout was a `Prepared`. Prepare again, to be safe.
      needsPrepare = true
      return .everything(.preferredSize)
    }
    let after = contentSize
    var moved = state
    moved.contentOffset = newOffset
    otherBuffer.removeAll(keepingCapacity: true)
    prepared?.attributes(in: Rect(origin: newOffset, size: bounds.size), at: moved, into: &otherBuffer)
    context.elements = Self.changedElements(before: &buffer, after: &otherBuffer, including: id)
    context.contentSizeAdjustment = Size(width: after.width - before.width, height: after.height - before.height)
    context.contentOffsetAdjustment = newOffset - offset
    return context
  }

  /// The identities of elements in `after` that are not in `before` with
  /// the same attributes, plus `id`; sorted, each once.
  static func changedElements(
    before: inout [LayoutAttributes], after: inout [LayoutAttributes], including id: ElementID
  ) -> [ElementID] {
    before.sort { $0.id < $1.id }
    after.sort { $0.id < $1.id }
    var result: [ElementID] = [id]
    var i = 0
    for a in after {
      while i < before.count && before[i].id < a.id {
        result.append(before[i].id)  // left the rectangle: moved
        i += 1
      }
      if i < before.count && before[i].id == a.id {
        if before[i] != a { result.append(a.id) }
        i += 1
      } else {
        result.append(a.id)
      }
    }
    while i < before.count {
      result.append(before[i].id)
      i += 1
    }
    sortUnique(&result)
    return result
  }
}
