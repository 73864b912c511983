#if !canImport(UIKit)
  import Foundation

  // The layout pass: what UIKit's `layoutSubviews` does.
  //
  // 1. When the layout is invalid (never prepared, or invalidated since):
  //    the counts are read from the data source if they are unknown, then
  //    `prepare()` (Apple, `prepare()`: "Layout updates occur the first time
  //    the collection view presents its content and whenever the layout is
  //    invalidated … the collection view calls this method first").
  // 2. `collectionViewContentSize`, then `layoutAttributesForElements(in:)`
  //    (Apple, "Creating Custom Layouts": the collection view asks for the
  //    content size, then for the attributes of the elements in a
  //    rectangle). The rectangle UIKit asks for is undocumented (it is
  //    usually larger than the bounds, for prefetching); the stand-in asks
  //    for exactly the bounds.
  // 3. Cells and supplementary views come from the data source, decoration
  //    views from the layout's registrations; each view gets its attributes
  //    (geometry, then `apply(_:)`) and the delegate `willDisplay`.
  // 4. Self-sizing: every view shown with attributes it has not yet been
  //    asked to fit gets `preferredLayoutAttributesFitting(_:)` with a copy
  //    of them; when the answer differs, the layout is asked
  //    `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`
  //    and, if it says so, `invalidationContext(forPreferredLayoutAttributes:…)`
  //    and `invalidateLayout(with:)` (Apple's documentation of the three
  //    methods; WWDC 2018 session 225). Then the pass starts again at 1,
  //    until no view asks for a change or `maximumSelfSizingPasses` passes
  //    were made (UIKit's bound is undocumented).
  //
  // Each view keeps a copy of the attributes it was given, and a new
  // answer is compared with that copy (`isEqual(_:)`): a layout that
  // changes an object it handed out before, in place, is seen to have
  // changed it. Apple's `UICollectionViewLayoutAttributes` subclassing
  // notes: "layout attribute objects may be copied by the collection
  // view", and from iOS 7 "the collection view does not apply layout
  // attributes if they haven't changed. It uses isEqual: to compare the
  // existing attributes object with the new one". MagazineLayout relies on
  // the copy: it keeps one attributes object per element and sets a pinned
  // header's `frame` on it in every `layoutAttributesForElements(in:)`
  // while scrolling, and the header moves.
  //
  // A pass whose layout answers the very objects the last finished pass
  // showed, each equal to the copy its view keeps (same order, same
  // counts, no view changed since), has nothing to show or measure: steps
  // 3 and 4 are skipped. That is what steps 3 and 4 would conclude, without
  // a hash lookup per element.
  extension UICollectionView {
    func runLayoutPass() {
      var passes = 0
      while true {
        let before = UIKitException.raisedCount
        var shown = false
        guard let attributes = prepareAndQuery(rect: bounds, lastShown: &shown), UIKitException.raisedCount == before
        else { return }
        if shown { return }
        guard display(attributes), UIKitException.raisedCount == before else { return }
        passes += 1
        guard selfSize() else {
          lastShown = LastShown(
            attributes: attributes, applied: attributes.map { displayed[Self.element(of: $0)]?.attributes ?? $0 },
            counts: counts, changes: displayChanges)
          return
        }
        if passes >= maximumSelfSizingPasses {
          selfSizingPassLimitHits += 1
          log(.selfSizingPassLimitReached(passes: passes), currentLayout)
          FileHandle.standardError.write(
            Data(
              "UIKitStandIn: self-sizing did not settle after \(passes) layout passes; the layout keeps invalidating for preferred attributes\n"
                .utf8))
          return
        }
      }
    }

    /// Step 1: `prepare()` when the layout is invalid, with the counts read
    /// first (UIKit reads them before it prepares).
    func prepareIfNeeded(_ layout: UICollectionViewLayout) {
      guard layoutNeedsPrepare else { return }
      loadCountsIfNeeded()
      layoutNeedsPrepare = false
      hasPrepared = true
      log(.prepare, layout)
      layout.prepare()
    }

    /// Steps 1 and 2: prepares the layout if it is invalid and asks for
    /// the content size and the attributes in `rect`; `nil` when the
    /// layout's answer raised.
    func prepareAndQuery(rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
      var shown = false
      return prepareAndQuery(rect: rect, lastShown: &shown)
    }

    /// `prepareAndQuery(rect:)`, telling whether the answer is what the
    /// last finished pass showed (`isLastShown`, asked once).
    func prepareAndQuery(rect: CGRect, lastShown shown: inout Bool) -> [UICollectionViewLayoutAttributes]? {
      let layout = currentLayout
      prepareIfNeeded(layout)
      log(.collectionViewContentSize, layout)
      contentSize = layout.collectionViewContentSize
      log(.layoutAttributesForElements(in: rect), layout)
      let attributes = layout.layoutAttributesForElements(in: rect) ?? []
      // Checked when the last pass showed them: their index paths hold.
      shown = isLastShown(attributes)
      if shown { return attributes }
      let counts = counts ?? []
      for a in attributes where a.representedElementCategory == .cell {
        let p = a.indexPath
        guard p.count == 2, p.section >= 0, p.section < counts.count, p.item >= 0, p.item < counts[p.section] else {
          UIKitException.raise(
            "UICollectionView received layout attributes for a cell with an index path that does not exist: \(p.standInDescription)"
          )
          return nil
        }
      }
      return attributes
    }

    /// Whether `attributes` are the objects the last finished pass showed,
    /// in order, each still equal to the copy its view keeps, with the same
    /// counts and no view changed since.
    func isLastShown(_ attributes: [UICollectionViewLayoutAttributes]) -> Bool {
      guard !viewsNeedRebuild, let last = lastShown, last.changes == displayChanges, last.counts == counts,
        last.attributes.count == attributes.count
      else { return false }
      for i in attributes.indices where last.attributes[i] !== attributes[i] || !last.applied[i].isEqual(attributes[i])
      {
        return false
      }
      return true
    }

    /// The copy a view keeps of the attributes it is given.
    static func kept(_ a: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
      a.copy(with: nil) as? UICollectionViewLayoutAttributes ?? a
    }

    static func element(of attributes: UICollectionViewLayoutAttributes) -> StandInElement {
      StandInElement(
        category: attributes.representedElementCategory,
        kind: attributes.representedElementCategory == .cell ? nil : attributes.representedElementKind,
        indexPath: attributes.indexPath)
    }

    /// Step 3: shows exactly the elements of `attributes`; `false` when a
    /// view could not be made (an exception was raised).
    func display(_ attributes: [UICollectionViewLayoutAttributes]) -> Bool {
      let rebuild = viewsNeedRebuild
      viewsNeedRebuild = false
      var incoming: [StandInElement: UICollectionViewLayoutAttributes] = [:]
      var order: [StandInElement] = []
      for a in attributes {
        let key = Self.element(of: a)
        if incoming[key] == nil { order.append(key) }
        incoming[key] = a
      }
      for key in displayOrder where rebuild || incoming[key] == nil { endDisplaying(key) }
      for key in order {
        guard let a = incoming[key] else { continue }
        if let existing = displayed[key] {
          if !existing.attributes.isEqual(a) {
            let copy = Self.kept(a)
            existing.attributes = copy
            applyAttributes(copy, to: existing.view)
          }
          continue
        }
        guard let view = makeView(for: key) else { return false }
        show(view, for: key, with: a)
      }
      return true
    }

    func show(_ view: UICollectionReusableView, for key: StandInElement, with given: UICollectionViewLayoutAttributes) {
      let a = Self.kept(given)
      displayed[key] = DisplayedElement(view: view, attributes: a)
      displayOrder.append(key)
      addSubview(view)
      applyAttributes(a, to: view)
      if let cell = view as? UICollectionViewCell {
        cell.isSelected = selectedIndexPaths.contains(key.indexPath)
        collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
      } else if key.category == .supplementaryView {
        collectionDelegate?.collectionView(
          self, willDisplaySupplementaryView: view, forElementKind: key.kind ?? "", at: key.indexPath)
      }
    }

    func endDisplaying(_ key: StandInElement) {
      guard let element = displayed.removeValue(forKey: key) else { return }
      displayOrder.removeAll { $0 == key }
      if let cell = element.view as? UICollectionViewCell, key.category == .cell {
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
      } else if key.category == .supplementaryView {
        collectionDelegate?.collectionView(
          self, didEndDisplayingSupplementaryView: element.view, forElementOfKind: key.kind ?? "", at: key.indexPath)
      }
      enqueueForReuse(element.view)
    }

    /// A view for `key` from the data source (cells, supplementary views)
    /// or the layout (decoration views); `nil` after a raise.
    func makeView(for key: StandInElement) -> UICollectionReusableView? {
      let before = UIKitException.raisedCount
      outstandingDequeues.removeAll()
      switch key.category {
      case .cell:
        guard let dataSource else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: key.indexPath)
        guard UIKitException.raisedCount == before else { return nil }
        guard outstandingDequeues.remove(ObjectIdentifier(cell)) != nil else {
          UIKitException.raise(
            "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
          )
          return nil
        }
        return cell
      case .supplementaryView:
        guard let dataSource else { return nil }
        let kind = key.kind ?? ""
        requestedSupplementaryKind = kind
        defer { requestedSupplementaryKind = nil }
        let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
        guard UIKitException.raisedCount == before else { return nil }
        guard outstandingDequeues.remove(ObjectIdentifier(view)) != nil else {
          UIKitException.raise(
            "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath (\(kind),\(key.indexPath.standInDescription)) was not retrieved by calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath: or is nil (\(view))"
          )
          return nil
        }
        return view
      case .decorationView:
        return dequeueDecorationView(ofKind: key.kind ?? "", from: currentLayout)
      }
    }

    /// Whether the view mirrors the layout: the layout flips in the
    /// opposite direction and the view's direction is not the layout's
    /// development direction (the header: "a UICollectionView showing this
    /// layout will ensure its bounds.origin is always found at the leading
    /// edge, flipping its coordinate system horizontally if necessary").
    public var standInMirrorsLayout: Bool {
      currentLayout.flipsHorizontallyInOppositeLayoutDirection
        && effectiveUserInterfaceLayoutDirection != currentLayout.developmentLayoutDirection
    }

    /// Puts a view where its attributes say. When the view mirrors the
    /// layout (``standInMirrorsLayout``) the stand-in keeps the layout's
    /// coordinates everywhere the layout sees them (bounds, offset,
    /// attributes, rectangles) and mirrors only the views: a view's centre
    /// x becomes `contentSize.width - x` and its transform is mirrored too
    /// (b, c, tx negated).
    func applyAttributes(_ a: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
      var center = a.center
      var transform = a.transform
      if standInMirrorsLayout {
        center.x = contentSize.width - center.x
        transform.b = -transform.b
        transform.c = -transform.c
        transform.tx = -transform.tx
      }
      view.bounds = CGRect(origin: .zero, size: a.size)
      view.center = center
      view.transform = transform
      view.alpha = a.alpha
      view.isHidden = a.isHidden
      view.standInZIndex = a.zIndex
      view.standInLayoutAttributes = a
      view.apply(a)
    }

    /// Step 4; `true` when the layout was invalidated.
    func selfSize() -> Bool {
      var invalidated = false
      let layout = currentLayout
      for key in displayOrder where key.category != .decorationView {
        guard let element = displayed[key] else { continue }
        if let measured = element.measuredWith, measured.isEqual(element.attributes) { continue }
        let original = element.attributes
        element.measuredWith = original
        guard let copy = original.copy(with: nil) as? UICollectionViewLayoutAttributes else { continue }
        let preferred = element.view.preferredLayoutAttributesFitting(copy)
        if preferred.isEqual(original) { continue }
        log(.shouldInvalidateLayoutForPreferredAttributes(key, preferredSize: preferred.size), layout)
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        else { continue }
        log(.invalidationContextForPreferredAttributes(key, preferredSize: preferred.size), layout)
        let context = layout.invalidationContext(
          forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        log(.invalidateLayout(everything: context.invalidateEverything, dataSourceCounts: false), layout)
        layout.invalidateLayout(with: context)
        layoutNeedsPrepare = true
        invalidated = true
      }
      return invalidated
    }
  }
#endif
