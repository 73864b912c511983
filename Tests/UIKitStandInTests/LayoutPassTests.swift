#if !canImport(UIKit)
  import Foundation
  import Testing
  import UIKitStandIn

  @MainActor
  @Suite("First layout, scrolling, reload")
  struct LayoutPassTests {
    @Test func firstLayoutReadsCountsPreparesAndQueriesTheBounds() {
      let (view, layout, dataSource) = makeCollectionView()
      let delegate = RecordingDelegate()
      view.delegate = delegate
      view.layoutIfNeeded()
      #expect(names(view) == ["prepare", "collectionViewContentSize", "layoutAttributesForElements"])
      #expect(
        view.layoutCallLog[2].call == .layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 200, height: 300)))
      #expect(layout.countsSeenInPrepare == [[20]])
      #expect(view.contentSize == CGSize(width: 200, height: 30 + 20 * 50))
      // Header 0-30, rows at 30, 80, … up to 280 (6 rows intersect 0-300).
      #expect(view.indexPathsForVisibleItems == (0..<6).map { IndexPath(item: $0, section: 0) })
      #expect(dataSource.cellRequests.count == 6)
      #expect(delegate.events.filter { $0.hasPrefix("willDisplay") }.count == 6)
      let cell = view.cellForItem(at: IndexPath(item: 1, section: 0))
      #expect(cell?.frame == CGRect(x: 0, y: 80, width: 100, height: 50))
      #expect(view.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).count == 1)
      // A second pass without invalidation does not prepare again.
      view.setNeedsLayout()
      view.layoutIfNeeded()
      #expect(names(view, from: 3) == ["collectionViewContentSize", "layoutAttributesForElements"])
    }

    @Test func scrollAsksTheLayoutSynchronouslyThenPreparesAtTheNextPass() {
      let (view, layout, dataSource) = makeCollectionView()
      defer { withExtendedLifetime(dataSource) {} }
      layout.invalidatesOnBoundsChange = true
      let delegate = RecordingDelegate()
      view.delegate = delegate
      view.layoutIfNeeded()
      let start = view.layoutCallLog.count
      view.contentOffset = CGPoint(x: 0, y: 100)
      #expect(
        names(view, from: start) == [
          "shouldInvalidateLayoutForBoundsChange", "invalidationContextForBoundsChange", "invalidateLayout",
        ])
      #expect(
        view.layoutCallLog[start].call
          == .shouldInvalidateLayoutForBoundsChange(CGRect(x: 0, y: 100, width: 200, height: 300)))
      #expect(delegate.events.last == "didScroll")
      view.layoutIfNeeded()
      #expect(
        names(view, from: start + 3) == ["prepare", "collectionViewContentSize", "layoutAttributesForElements"])
      #expect(view.indexPathsForVisibleItems.first == IndexPath(item: 1, section: 0))
    }

    @Test func scrollWithoutInvalidationQueriesWithoutPreparing() {
      let (view, _, dataSource) = makeCollectionView()
      defer { withExtendedLifetime(dataSource) {} }
      view.layoutIfNeeded()
      let start = view.layoutCallLog.count
      view.contentOffset = CGPoint(x: 0, y: 100)
      view.layoutIfNeeded()
      #expect(
        names(view, from: start) == [
          "shouldInvalidateLayoutForBoundsChange", "collectionViewContentSize", "layoutAttributesForElements",
        ])
    }

    @Test func reloadDataInvalidatesEverythingAndRebuildsEveryView() {
      let (view, layout, dataSource) = makeCollectionView()
      view.layoutIfNeeded()
      let before = view.visibleCells.map(ObjectIdentifier.init)
      dataSource.sections = [Array(0..<3)]
      let start = view.layoutCallLog.count
      view.reloadData()
      #expect(view.layoutCallLog[start].call == .invalidateLayout(everything: true, dataSourceCounts: true))
      view.layoutIfNeeded()
      #expect(
        names(view, from: start + 1) == ["prepare", "collectionViewContentSize", "layoutAttributesForElements"])
      #expect(layout.countsSeenInPrepare.last == [3])
      #expect(view.visibleCells.count == 3)
      // Views were rebuilt: reused from the pool, each dequeued again.
      #expect(dataSource.cellRequests.count == 6 + 3)
      #expect(Set(view.visibleCells.map(ObjectIdentifier.init)).isSubset(of: Set(before)))
    }

    @Test func aResizeInvalidatesThroughTheBoundsChange() {
      let (view, layout, dataSource) = makeCollectionView()
      defer { withExtendedLifetime(dataSource) {} }
      view.layoutIfNeeded()
      view.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
      #expect(
        view.layoutCallNames.suffix(3) == [
          "shouldInvalidateLayoutForBoundsChange", "invalidationContextForBoundsChange", "invalidateLayout",
        ])
      view.layoutIfNeeded()
      #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.width == 150)
      #expect(layout.countsSeenInPrepare.count == 2)
    }
  }
#endif
