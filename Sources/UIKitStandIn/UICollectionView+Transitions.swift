#if !canImport(UIKit)
  import Foundation

  /// An interactive transition in progress.
  @MainActor
  final class InteractiveTransition {
    let old: UICollectionViewLayout
    let next: UICollectionViewLayout
    let layout: UICollectionViewTransitionLayout
    let completion: UICollectionView.LayoutInteractiveTransitionCompletion?
    let startOffset: CGPoint

    init(
      old: UICollectionViewLayout, next: UICollectionViewLayout, layout: UICollectionViewTransitionLayout,
      completion: UICollectionView.LayoutInteractiveTransitionCompletion?, startOffset: CGPoint
    ) {
      self.old = old
      self.next = next
      self.layout = layout
      self.completion = completion
      self.startOffset = startOffset
    }
  }

  // Layout changes.
  //
  // `setCollectionViewLayout(_:animated:)` on a collection view that has
  // laid out: the pending layout pass first; the old layout's
  // `prepareForTransition(to:)`, the new layout's `prepareForTransition(from:)`
  // (Apple: "called on the old layout … before the transition",
  // "called on the new layout"); the new layout is installed and
  // invalidated with `invalidateEverything` (Apple, `invalidateEverything`:
  // set "when you change the current layout object"); `prepare()`, the
  // content size, `targetContentOffset(forProposedContentOffset:)` (Apple:
  // "a layout can return the content offset to be applied during
  // transition or update animations") then the delegate's, clamped and
  // adopted; the elements in the new bounds; when animated, initial
  // attributes from the NEW layout for every element visible after and
  // final attributes from the OLD layout for every element visible before
  // (as layouts observe on iOS: the old layout answers the final calls);
  // `finalizeLayoutTransition()` on the old then the new layout; the old
  // layout's `collectionView` becomes `nil`; completion(true). Before the
  // first layout pass, the layout is only installed.
  //
  // Interactive transitions: `startInteractiveTransition(to:completion:)`
  // asks the delegate's `collectionView(_:transitionLayoutForOldLayout:newLayout:)`
  // (default: a plain `UICollectionViewTransitionLayout`), calls the
  // transition hooks as above with the transition layout as the new
  // layout, installs it and lays it out. Each `transitionProgress` change
  // invalidates it; the next layout pass prepares it and asks again.
  // `finishInteractiveTransition()` installs the next layout: prepare,
  // content size, `targetContentOffset(forProposedContentOffset:)` (as
  // TLLayoutTransitioning relies on: UIKit asks the destination layout for
  // the final offset when the transition finishes), elements,
  // `finalizeLayoutTransition()` on the transition and next layouts,
  // completion(true, true). `cancelInteractiveTransition()` reinstalls the
  // old layout at the offset it had when the transition started: prepare,
  // elements, `finalizeLayoutTransition()`, completion(true, false). What
  // UIKit calls on each layout at finish and cancel is undocumented beyond
  // this.
  extension UICollectionView {
    /// Called when an interactive transition ends: `completed` (always
    /// true here: animations end at once) and `finished` (false when
    /// cancelled).
    public typealias LayoutInteractiveTransitionCompletion = (_ completed: Bool, _ finished: Bool) -> Void

    /// Changes the layout and calls `completion` with `true` when done.
    func standIn_setCollectionViewLayout(
      _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?
    ) {
      guard layout !== currentLayout else {
        completion?(true)
        return
      }
      let old = currentLayout
      guard hasPrepared else {
        old.installedCollectionView = nil
        install(layout)
        completion?(true)
        return
      }
      layoutIfNeeded()
      let before = displayOrder.compactMap { key in displayed[key].map { (key, $0.attributes) } }
      switchLayout(from: old, to: layout)
      guard let after = prepareNewLayoutAndOffset(layout) else { return }
      if animated {
        animations = []
        recordAnimations(before: before, after: after, recorder: nil, initial: layout, final: old)
      }
      _ = display(after)
      log(.finalizeLayoutTransition, old)
      old.finalizeLayoutTransition()
      log(.finalizeLayoutTransition, layout)
      layout.finalizeLayoutTransition()
      if old.installedCollectionView === self { old.installedCollectionView = nil }
      for key in displayOrder { displayed[key]?.view.didTransition(from: old, to: layout) }
      completion?(true)
    }

    func install(_ layout: UICollectionViewLayout) {
      currentLayout = layout
      layout.installedCollectionView = self
      layoutNeedsPrepare = true
      setNeedsLayout()
    }

    /// The transition hooks, then the new layout installed and invalidated.
    func switchLayout(from old: UICollectionViewLayout, to layout: UICollectionViewLayout) {
      for key in displayOrder { displayed[key]?.view.willTransition(from: old, to: layout) }
      log(.prepareForTransitionTo, old)
      old.prepareForTransition(to: layout)
      layout.installedCollectionView = self
      log(.prepareForTransitionFrom, layout)
      layout.prepareForTransition(from: old)
      install(layout)
      invalidate(layout, everything: true, dataSourceCounts: false)
    }

    /// prepare, content size, target offset (adopted), elements.
    func prepareNewLayoutAndOffset(_ layout: UICollectionViewLayout) -> [UICollectionViewLayoutAttributes]? {
      layoutNeedsPrepare = true
      prepareIfNeeded(layout)
      log(.collectionViewContentSize, layout)
      contentSize = layout.collectionViewContentSize
      let proposed = contentOffset
      log(.targetContentOffsetForProposedContentOffset(proposed), layout)
      var target = layout.targetContentOffset(forProposedContentOffset: proposed)
      target = collectionDelegate?.collectionView(self, targetContentOffsetForProposedContentOffset: target) ?? target
      target = standInClamped(target)
      if target != contentOffset { contentOffset = target }
      return prepareAndQuery(rect: bounds)
    }

    /// Starts an interactive change to `layout`; see the order above.
    func standIn_startInteractiveTransition(
      to layout: UICollectionViewLayout, completion: LayoutInteractiveTransitionCompletion?
    ) -> UICollectionViewTransitionLayout {
      layoutIfNeeded()
      let old = currentLayout
      let transition =
        collectionDelegate?.collectionView(self, transitionLayoutForOldLayout: old, newLayout: layout)
        ?? UICollectionViewTransitionLayout(currentLayout: old, nextLayout: layout)
      interactive = InteractiveTransition(
        old: old, next: layout, layout: transition, completion: completion, startOffset: contentOffset)
      layout.installedCollectionView = self
      switchLayout(from: old, to: transition)
      layoutIfNeeded()
      return transition
    }

    /// Ends the interactive transition at the next layout.
    func standIn_finishInteractiveTransition() {
      guard let transition = interactive else { return }
      interactive = nil
      install(transition.next)
      invalidate(transition.next, everything: true, dataSourceCounts: false)
      if let after = prepareNewLayoutAndOffset(transition.next) { _ = display(after) }
      endTransition(transition, at: transition.next)
      transition.completion?(true, true)
    }

    /// Ends the interactive transition back at the old layout.
    func standIn_cancelInteractiveTransition() {
      guard let transition = interactive else { return }
      interactive = nil
      install(transition.old)
      invalidate(transition.old, everything: true, dataSourceCounts: false)
      suppressBoundsInvalidation = true
      contentOffset = transition.startOffset
      suppressBoundsInvalidation = false
      layoutIfNeeded()
      endTransition(transition, at: transition.old)
      transition.completion?(true, false)
    }

    private func endTransition(_ transition: InteractiveTransition, at layout: UICollectionViewLayout) {
      log(.finalizeLayoutTransition, transition.layout)
      transition.layout.finalizeLayoutTransition()
      log(.finalizeLayoutTransition, layout)
      layout.finalizeLayoutTransition()
      transition.layout.installedCollectionView = nil
      let other = layout === transition.next ? transition.old : transition.next
      if other.installedCollectionView === self { other.installedCollectionView = nil }
    }
  }
#endif
