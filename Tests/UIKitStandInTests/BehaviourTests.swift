#if !canImport(UIKit)
  import Foundation
  import Testing
  import UIKitStandIn

  @MainActor
  @Suite("Self-sizing, insets, scrolling, transitions, direction, attributes")
  struct BehaviourTests {
    @Test func selfSizingConvergesThroughPreferredAttributes() {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<3)])
      layout.acceptsPreferredSizes = true
      view.register(TallCell.self, forCellWithReuseIdentifier: "cell")
      view.layoutIfNeeded()
      #expect(layout.preferredHeights.count == 3)
      #expect(
        view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 0, y: 190, width: 100, height: 80))
      let calls = view.layoutCallNames
      #expect(calls.filter { $0 == "prepare" }.count == 2)
      #expect(calls.contains("shouldInvalidateLayoutForPreferredAttributes"))
      #expect(view.selfSizingPassLimitHits == 0)
      _ = dataSource
    }

    @Test func selfSizingThatNeverSettlesStopsAtTheBoundAndSaysSo() {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<2)])
      layout.acceptsPreferredSizes = true
      layout.alwaysInvalidatesForPreferred = true
      view.maximumSelfSizingPasses = 4
      view.register(TallCell.self, forCellWithReuseIdentifier: "cell")
      view.layoutIfNeeded()
      #expect(view.selfSizingPassLimitHits == 1)
      #expect(view.layoutCallLog.last?.call == .selfSizingPassLimitReached(passes: 4))
      #expect(view.layoutCallNames.filter { $0 == "prepare" }.count == 4)
      _ = dataSource
    }

    @Test func adjustedContentInsetFollowsUIKitsRulesPerAxis() {
      let (view, _, dataSource) = makeCollectionView()
      view.standInSafeAreaInsets = UIEdgeInsets(top: 91, left: 10, bottom: 34, right: 10)
      view.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
      view.layoutIfNeeded()  // content 1030 tall, 200 wide: scrolls vertically only
      #expect(view.adjustedContentInset == UIEdgeInsets(top: 96, left: 0, bottom: 34, right: 0))
      view.contentInsetAdjustmentBehavior = .never
      #expect(view.adjustedContentInset == UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0))
      view.contentInsetAdjustmentBehavior = .always
      #expect(view.adjustedContentInset == UIEdgeInsets(top: 96, left: 10, bottom: 34, right: 10))
      view.contentInsetAdjustmentBehavior = .scrollableAxes
      view.alwaysBounceHorizontal = true
      #expect(view.adjustedContentInset == UIEdgeInsets(top: 96, left: 10, bottom: 34, right: 10))
      _ = dataSource
    }

    @Test func scrollToItemRespectsTheAdjustedInsetAndClamps() {
      let (view, _, dataSource) = makeCollectionView()
      view.standInSafeAreaInsets = UIEdgeInsets(top: 100, left: 0, bottom: 0, right: 0)
      view.layoutIfNeeded()
      // Item 4 is at y 230…280.
      view.scrollToItem(at: IndexPath(item: 4, section: 0), at: .top, animated: false)
      #expect(view.contentOffset.y == 130)
      view.scrollToItem(at: IndexPath(item: 4, section: 0), at: .centeredVertically, animated: false)
      #expect(view.contentOffset.y == CGFloat(55))  // centre 255 - visible 200 / 2 - inset 100
      view.scrollToItem(at: IndexPath(item: 4, section: 0), at: .bottom, animated: false)
      #expect(view.contentOffset.y == -20)
      view.scrollToItem(at: IndexPath(item: 19, section: 0), at: .top, animated: false)
      #expect(view.contentOffset.y == CGFloat(730))  // clamped to the end: 1030 - 300
      view.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
      #expect(view.contentOffset.y == -70)
      _ = dataSource
    }

    @Test func dragAndReleasePassPointsPerMillisecondAndAskTheLayoutThenTheDelegate() {
      let (view, _, dataSource) = makeCollectionView()
      let delegate = RecordingDelegate()
      view.delegate = delegate
      view.layoutIfNeeded()
      view.standInDrag(by: CGPoint(x: 0, y: -40))
      #expect(view.contentOffset.y == 40)
      #expect(view.isDragging)
      let target = view.standInRelease(velocity: CGPoint(x: 0, y: 200))
      // 0.2 points/ms × 0.998 / 0.002 = 99.8 points further.
      #expect(abs(target.y - 139.8) < 1e-6)
      let velocityCall = view.layoutCallLog.first { $0.name == "targetContentOffsetWithVelocity" }
      if case .targetContentOffsetWithVelocity(_, let velocity)? = velocityCall?.call {
        #expect(abs(velocity.y - 0.2) < 1e-9)
      } else {
        Issue.record("the layout was not asked")
      }
      let drag = delegate.events.filter { !$0.hasPrefix("didScroll") && !$0.hasPrefix("willDisplay") }
      #expect(drag.first == "willBeginDragging")
      #expect(drag.dropFirst().first?.hasPrefix("willEndDragging 0.2") == true)
      #expect(drag.suffix(2) == ["didEndDragging true", "didEndDecelerating"])
      #expect(!view.isDragging && !view.isDecelerating)
      _ = dataSource
    }

    @Test func tapAsksShouldSelectThenSelectsThenDidSelect() {
      let (view, _, dataSource) = makeCollectionView()
      let delegate = RecordingDelegate()
      view.delegate = delegate
      view.layoutIfNeeded()
      delegate.events.removeAll()
      #expect(view.standInTapItem(at: IndexPath(item: 2, section: 0)))
      #expect(delegate.events == ["shouldSelect 2", "didSelect 2"])
      #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
      #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
      delegate.refuseSelection = true
      #expect(!view.standInTapItem(at: IndexPath(item: 3, section: 0)))
      #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
      _ = dataSource
    }

    @Test func setCollectionViewLayoutAnimatedCallsBothLayoutsInOrder() {
      let (view, old, dataSource) = makeCollectionView([Array(0..<5)])
      view.layoutIfNeeded()
      let new = ListLayout()
      new.rowHeight = 60
      let start = view.layoutCallLog.count
      var done = false
      view.setCollectionViewLayout(new, animated: true) { done = $0 }
      let calls = view.layoutCallLog.dropFirst(start).map { ($0.layout === old ? "old." : "new.") + $0.name }
      #expect(
        folded(calls) == [
          "old.prepareForTransitionTo", "new.prepareForTransitionFrom", "new.invalidateLayout(everything)",
          "new.prepare", "new.collectionViewContentSize", "new.targetContentOffsetForProposedContentOffset",
          "new.collectionViewContentSize", "new.layoutAttributesForElements", "new.initialLayoutAttributesForAppearing",
          "old.finalLayoutAttributesForDisappearing", "old.finalizeLayoutTransition", "new.finalizeLayoutTransition",
        ])
      #expect(done)
      #expect(old.collectionView == nil)
      #expect(new.collectionView === view)
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 90)
      _ = dataSource
    }

    @Test func interactiveTransitionFinishesAtTheNextLayout() {
      let (view, old, dataSource) = makeCollectionView([Array(0..<5)])
      let delegate = RecordingDelegate()
      view.delegate = delegate
      view.layoutIfNeeded()
      let next = ListLayout()
      next.rowHeight = 100
      next.targetOffsetOverride = CGPoint(x: 0, y: 20)
      var result: (Bool, Bool)?
      let transition = view.startInteractiveTransition(to: next) { result = ($0, $1) }
      #expect(transition === delegate.transitionLayout)
      #expect(view.collectionViewLayout === transition)
      transition.transitionProgress = 0.5
      view.layoutIfNeeded()
      // Row 1: y 80 in the old layout, 130 in the next: 105 halfway.
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 105)
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.height == 75)
      let start = view.layoutCallLog.count
      view.finishInteractiveTransition()
      #expect(view.collectionViewLayout === next)
      #expect(view.contentOffset.y == 20)
      #expect(names(view, from: start).contains("targetContentOffsetForProposedContentOffset"))
      #expect(result.map { [$0.0, $0.1] } == [true, true])
      #expect(old.collectionView == nil)
      _ = dataSource
    }

    @Test func interactiveTransitionCancelsBackToTheOldLayout() {
      let (view, old, dataSource) = makeCollectionView([Array(0..<5)])
      view.layoutIfNeeded()
      var result: (Bool, Bool)?
      let transition = view.startInteractiveTransition(to: ListLayout()) { result = ($0, $1) }
      transition.transitionProgress = 0.3
      view.layoutIfNeeded()
      view.cancelInteractiveTransition()
      #expect(view.collectionViewLayout === old)
      #expect(result.map { [$0.0, $0.1] } == [true, false])
      #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 80)
      _ = dataSource
    }

    @Test func rightToLeftMirrorsTheViewsOfALayoutThatFlips() {
      let layout = ListLayout()
      layout.flips = true
      let (view, _, dataSource) = makeCollectionView(layout: layout)
      view.setStandInTraitCollection(UITraitCollection(displayScale: 3, layoutDirection: .rightToLeft))
      view.layoutIfNeeded()
      #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
      #expect(view.traitCollection.displayScale == 3)
      // The layout puts the row at x 0…100; mirrored in a 200-wide content: 100…200.
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 100)
      #expect(view.standInAppliedAttributes(for: .cell(IndexPath(item: 0, section: 0)))?.frame.minX == 0)
      layout.flips = false
      view.setNeedsLayout()
      view.reloadData()
      view.layoutIfNeeded()
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 0)
      _ = dataSource
    }

    @Test func attributesCopyKeepsTheSubclassAndEqualityComparesValues() {
      final class Extra: UICollectionViewLayoutAttributes {
        var tint: CGFloat = 0
        override func copy(with zone: NSZone? = nil) -> Any {
          let copy = super.copy(with: zone)
          (copy as? Extra)?.tint = tint
          return copy
        }
        override func isEqual(_ object: Any?) -> Bool {
          guard let other = object as? Extra else { return false }
          return MainActor.assumeIsolated { other.tint == tint } && super.isEqual(object)
        }
      }
      let a = Extra(forSupplementaryViewOfKind: "badge", with: IndexPath(item: 1, section: 2))
      a.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
      a.tint = 0.5
      a.zIndex = 3
      let b = a.copy() as? Extra
      #expect(b != nil)
      #expect(b?.tint == 0.5)
      #expect(b?.representedElementKind == "badge")
      #expect(b?.representedElementCategory == .supplementaryView)
      #expect(b?.frame == a.frame)
      #expect(a.isEqual(b))
      b?.tint = 0.7
      #expect(!a.isEqual(b))
      b?.tint = 0.5
      b?.alpha = 0.2
      #expect(!a.isEqual(b))
    }

    @Test func displayLinksFireOnTheTestClock() {
      StandInDisplay.reset()
      StandInDisplay.setTime(10)
      var fired: [Double] = []
      let link = CADisplayLink { fired.append($0.targetTimestamp) }
      link.add(to: .main, forMode: .common)
      StandInDisplay.advance(by: 0.05)
      #expect(fired.count == 3)
      #expect(abs(CACurrentMediaTime() - 10.05) < 1e-9)
      link.invalidate()
      StandInDisplay.tick(to: 11)
      #expect(fired.count == 3)
      UIAccessibility.post(notification: .pageScrolled, argument: "Item 2 of 5")
      #expect(UIAccessibility.postedNotifications.last?.argument == "Item 2 of 5")
    }
  }
#endif
