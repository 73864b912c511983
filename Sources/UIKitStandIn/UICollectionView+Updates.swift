#if !canImport(UIKit)
  import Foundation

  // Batch updates, in UIKit's order:
  //
  // 1. A pending layout is brought up to date first, with the old counts
  //    (Apple, `performBatchUpdates(_:completion:)`: "If the collection
  //    view's layout is not up to date before you call this method, a
  //    reload may occur. To avoid problems, you should update your data
  //    model inside the updates block or ensure the layout is updated
  //    before you call performBatchUpdates").
  // 2. The closure runs; the app changes its data and calls insert/delete/
  //    move/reload, which are recorded (the counts stay the old ones).
  // 3. UIKit checks the new counts against the old counts and the changes
  //    and raises `NSInternalInconsistencyException` when they do not add up
  //    (messages in `BatchRecorder.swift`); nothing changes then.
  // 4. `invalidateLayout(with:)` with a context whose
  //    `invalidateDataSourceCounts` is true and `invalidateEverything` false
  //    (the header `UICollectionViewLayout.h`: data-source counts are
  //    invalidated "when items are inserted or deleted", everything only
  //    for `reloadData`; MagazineLayout's `invalidateLayout(with:)` tells the
  //    two cases apart by exactly this).
  // 5. `prepare()` (the new counts now), `collectionViewContentSize` and
  //    `layoutAttributesForElements(in:)` for the visible rectangle — BEFORE
  //    the layout is told the update items (MagazineLayout's comment in
  //    `layoutAttributesForElements(in:)`: "UICollectionView expects
  //    layoutAttributesForElementsInRect: to return post-batch-update layout
  //    attributes immediately after … invalidateLayout: is invoked … with
  //    invalidateDataSourceCounts set to true … Between [that] and when
  //    prepareForCollectionViewUpdates: is invoked …
  //    layoutAttributesForElementsInRect: is invoked").
  // 6. `prepare(forCollectionViewUpdates:)` with the update items.
  // 7. `targetContentOffset(forProposedContentOffset:)` with the current
  //    offset, then the delegate's `collectionView(_:targetContentOffsetForProposedContentOffset:)`
  //    (Apple: the layout "can return the content offset to be applied
  //    during transition or update animations"); the result, clamped to the
  //    content and its adjusted insets, becomes the offset (the clamping
  //    is the stand-in's choice).
  // 7b. `collectionViewContentSize` and `layoutAttributesForElements(in:)`
  //    again, at the (possibly moved) bounds: the final layout of the update
  //    comes from the layout once it knows the update items. Apple does not
  //    document this second query; layouts rely on it: MagazineLayout (and
  //    layouts derived from it) answer `nil` from
  //    `layoutAttributesForElements(in:)` between the data-count
  //    invalidation and `prepare(forCollectionViewUpdates:)`, which works
  //    only because UIKit asks again after the update items are known.
  // 8. Initial attributes for every element visible after the update
  //    (inserted, moved and kept ones), then final attributes for every
  //    element visible before (Apple, `initialLayoutAttributesForAppearingItem(at:)`
  //    and `finalLayoutAttributesForDisappearingItem(at:)`: called between
  //    `prepare(forCollectionViewUpdates:)` and
  //    `finalizeCollectionViewUpdates()`); recorded in `animations`.
  // 9. `finalizeCollectionViewUpdates()` ("called inside an animation block
  //    after the update"), then the completion with `true` (animations end
  //    at once here). Each view's animation (from, to, the frame it showed
  //    before, and the duration: the enclosing `UIView.animate` block's, else
  //    UIKit's own) is recorded in `viewAnimations` (`UIView+Animation.swift`).
  extension UICollectionView {
    /// Runs `updates` as one animated change; see the order above.
    func standIn_performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
      if let batch {
        updates?()
        if let completion { batch.completions.append(completion) }
        return
      }
      layoutIfNeeded()
      loadCountsIfNeeded()
      let recorder = BatchRecorder()
      recorder.oldCounts = counts ?? []
      if let completion { recorder.completions.append(completion) }
      batch = recorder
      updates?()
      batch = nil
      recorder.newCounts = readCountsFromDataSource()
      if let reason = recorder.inconsistency() {
        UIKitException.raise(reason)
        return
      }
      apply(recorder)
    }

    private func apply(_ recorder: BatchRecorder) {
      let layout = currentLayout
      animations = []
      let before = displayOrder.compactMap { key in displayed[key].map { (key, $0.attributes) } }
      var shownBefore: [StandInElement: CGRect] = [:]
      for key in displayOrder { if let element = displayed[key] { shownBefore[key] = element.view.frame } }
      invalidate(layout, everything: false, dataSourceCounts: true)
      counts = recorder.newCounts
      let raised = UIKitException.raisedCount
      guard var after = prepareAndQuery(rect: bounds), UIKitException.raisedCount == raised else { return }
      let items = recorder.updateItems()
      log(.prepareForCollectionViewUpdates(items.map(\.description)), layout)
      layout.prepare(forCollectionViewUpdates: items)
      let proposed = contentOffset
      log(.targetContentOffsetForProposedContentOffset(proposed), layout)
      var target = layout.targetContentOffset(forProposedContentOffset: proposed)
      target = collectionDelegate?.collectionView(self, targetContentOffsetForProposedContentOffset: target) ?? target
      target = standInClamped(target)
      if target != contentOffset { contentOffset = target }
      // Step 7b: the layout after the update, asked again now that it
      // knows the update items.
      guard let final = prepareAndQuery(rect: bounds) else { return }
      after = final
      recordAnimations(before: before, after: after, recorder: recorder, initial: layout, final: layout)
      recordViewAnimations(shownBefore: shownBefore, recorder: recorder)
      updateViews(after: after, recorder: recorder)
      log(.finalizeCollectionViewUpdates, layout)
      layout.finalizeCollectionViewUpdates()
      selectedIndexPaths = selectedIndexPaths.compactMap { recorder.mapItem($0) }
      setNeedsLayout()
      for completion in recorder.completions { completion(true) }
    }

    /// Where an element before the update is after it (`nil` when deleted).
    func map(_ key: StandInElement, _ recorder: BatchRecorder?) -> StandInElement? {
      guard let recorder else { return key }
      var mapped = key
      switch key.category {
      case .cell:
        guard let p = recorder.mapItem(key.indexPath) else { return nil }
        mapped.indexPath = p
      case .supplementaryView, .decorationView:
        guard let s = recorder.mapSection(key.indexPath.section) else { return nil }
        mapped.indexPath = IndexPath(item: key.indexPath.item, section: s)
      }
      return mapped
    }

    func askInitial(_ key: StandInElement, _ layout: UICollectionViewLayout) -> UICollectionViewLayoutAttributes? {
      log(.initialLayoutAttributesForAppearing(key), layout)
      switch key.category {
      case .cell: return layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
      case .supplementaryView:
        return layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind ?? "", at: key.indexPath)
      case .decorationView:
        return layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
      }
    }

    func askFinal(_ key: StandInElement, _ layout: UICollectionViewLayout) -> UICollectionViewLayoutAttributes? {
      log(.finalLayoutAttributesForDisappearing(key), layout)
      switch key.category {
      case .cell: return layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
      case .supplementaryView:
        return layout.finalLayoutAttributesForDisappearingSupplementaryElement(
          ofKind: key.kind ?? "", at: key.indexPath)
      case .decorationView:
        return layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: key.kind ?? "", at: key.indexPath)
      }
    }

    /// Step 8: asks `initial` for the appearing side and `final` for the
    /// disappearing side and records what each element animates from and to.
    func recordAnimations(
      before: [(StandInElement, UICollectionViewLayoutAttributes)], after: [UICollectionViewLayoutAttributes],
      recorder: BatchRecorder?, initial: UICollectionViewLayout, final: UICollectionViewLayout
    ) {
      var beforeByNewKey: [StandInElement: UICollectionViewLayoutAttributes] = [:]
      for (key, attributes) in before {
        if let mapped = map(key, recorder), !isReloaded(key, recorder) { beforeByNewKey[mapped] = attributes }
      }
      var afterByKey: [StandInElement: UICollectionViewLayoutAttributes] = [:]
      for a in after { afterByKey[Self.element(of: a)] = a }
      for a in after {
        let key = Self.element(of: a)
        let answer = askInitial(key, initial)
        let from = answer ?? beforeByNewKey[key] ?? a
        animations.append(StandInAnimation(kind: .appearing, element: key, from: from, to: a, layoutAnswer: answer))
      }
      for (key, attributes) in before {
        let answer = askFinal(key, final)
        let destination = map(key, recorder).flatMap { afterByKey[$0] }
        let to = answer ?? destination ?? attributes
        animations.append(
          StandInAnimation(kind: .disappearing, element: key, from: attributes, to: to, layoutAnswer: answer))
      }
    }

    func isReloaded(_ key: StandInElement, _ recorder: BatchRecorder?) -> Bool {
      guard let recorder else { return false }
      if recorder.reloadedSections.contains(key.indexPath.section) { return true }
      return key.category == .cell && recorder.reloadedItems.contains(key.indexPath)
    }

    /// Moves kept views to their new index paths, removes deleted ones and
    /// makes views for the new ones (reloaded items get a new cell;
    /// reconfigured ones are handed back to the data source to configure).
    func updateViews(after: [UICollectionViewLayoutAttributes], recorder: BatchRecorder?) {
      let afterKeys = Set(after.map(Self.element(of:)))
      var kept: [StandInElement: DisplayedElement] = [:]
      var keptOrder: [StandInElement] = []
      for key in displayOrder {
        guard let element = displayed[key] else { continue }
        if let mapped = map(key, recorder), !isReloaded(key, recorder), afterKeys.contains(mapped) {
          kept[mapped] = element
          keptOrder.append(mapped)
        } else {
          endDisplaying(key)
        }
      }
      displayed = kept
      displayOrder = keptOrder
      _ = display(after)
      guard let recorder, let dataSource else { return }
      for p in recorder.reconfiguredItems {
        guard let target = recorder.mapItem(p), let cell = displayed[.cell(target)]?.view as? UICollectionViewCell
        else { continue }
        reconfiguringCells[target] = cell
        _ = dataSource.collectionView(self, cellForItemAt: target)
        reconfiguringCells.removeValue(forKey: target)
      }
    }

    /// Records a change in the open batch update, or makes it a batch
    /// update of its own (as UIKit does for a lone `insertItems(at:)`).
    func record(_ change: @escaping (BatchRecorder) -> Void) {
      if let batch {
        change(batch)
      } else {
        performBatchUpdates { [self] in if let batch { change(batch) } }
      }
    }

    /// Inserts items at `indexPaths` (after the update).
    func standIn_insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems += indexPaths } }
    /// Deletes the items at `indexPaths` (before the update).
    func standIn_deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems += indexPaths } }
    /// Reloads the items at `indexPaths`: new cells for them.
    func standIn_reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems += indexPaths } }
    /// Configures the existing cells at `indexPaths` again (no update items).
    func standIn_reconfigureItems(at indexPaths: [IndexPath]) { record { $0.reconfiguredItems += indexPaths } }
    /// Moves an item.
    func standIn_moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      record { $0.movedItems.append((indexPath, newIndexPath)) }
    }
    /// Inserts sections (after the update).
    func standIn_insertSections(_ sections: IndexSet) { record { $0.insertedSections += Array(sections) } }
    /// Deletes sections (before the update).
    func standIn_deleteSections(_ sections: IndexSet) { record { $0.deletedSections += Array(sections) } }
    /// Reloads sections.
    func standIn_reloadSections(_ sections: IndexSet) { record { $0.reloadedSections += Array(sections) } }
    /// Moves a section.
    func standIn_moveSection(_ section: Int, toSection newSection: Int) {
      record { $0.movedSections.append((section, newSection)) }
    }
  }
#endif
