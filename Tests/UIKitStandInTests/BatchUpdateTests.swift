#if !canImport(UIKit)
  import Foundation
  import Testing
  import UIKitStandIn

  @MainActor
  @Suite("Batch updates")
  struct BatchUpdateTests {
    @Test func orderIsInvalidatePrepareQueriesThenUpdateItemsTargetInitialFinalFinalize() {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<5)])
      view.layoutIfNeeded()
      let start = view.layoutCallLog.count
      var completed: Bool?
      view.performBatchUpdates(
        {
          dataSource.sections[0].insert(99, at: 1)
          view.insertItems(at: [IndexPath(item: 1, section: 0)])
        }, completion: { completed = $0 })
      let calls = folded(names(view, from: start))
      #expect(
        calls == [
          "invalidateLayout(dataSourceCounts)", "prepare", "collectionViewContentSize",
          "layoutAttributesForElements", "prepareForCollectionViewUpdates",
          "targetContentOffsetForProposedContentOffset", "collectionViewContentSize", "layoutAttributesForElements",
          "initialLayoutAttributesForAppearing",
          "finalLayoutAttributesForDisappearing", "finalizeCollectionViewUpdates",
        ])
      // prepare saw the new counts; the update items came after.
      #expect(layout.countsSeenInPrepare == [[5], [6]])
      #expect(layout.updateItems.map(\.updateAction) == [.insert])
      #expect(layout.updateItems.first?.indexPathAfterUpdate == IndexPath(item: 1, section: 0))
      #expect(completed == true)
      #expect(view.numberOfItems(inSection: 0) == 6)
      // Every element visible after is asked for initial attributes, every one before for final.
      let initial = view.layoutCallLog.filter { $0.name == "initialLayoutAttributesForAppearing" }.count
      let final = view.layoutCallLog.filter { $0.name == "finalLayoutAttributesForDisappearing" }.count
      #expect(initial == 7)  // header + 6 rows
      #expect(final == 6)  // header + 5 rows
    }

    @Test func updateItemsAreSortedAsUIKitSortsThemWithSectionItemsAtNSNotFound() {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<5), Array(0..<3), Array(0..<2)])
      view.layoutIfNeeded()
      view.performBatchUpdates {
        dataSource.sections[0].remove(at: 4)
        dataSource.sections[0].remove(at: 1)
        dataSource.sections.remove(at: 2)
        dataSource.sections.append([7])
        dataSource.sections[0].insert(5, at: 0)
        dataSource.sections[0].insert(6, at: 3)
        view.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 4, section: 0)])
        view.deleteSections([2])
        view.insertItems(at: [IndexPath(item: 3, section: 0), IndexPath(item: 0, section: 0)])
        view.insertSections([2])
      }
      let described = layout.updateItems.map { item -> String in
        let p = item.indexPathBeforeUpdate ?? item.indexPathAfterUpdate ?? IndexPath()
        return "\(item.updateAction) \(p.section) \(p.item == NSNotFound ? "section" : String(p.item))"
      }
      #expect(
        described == [
          "delete 2 section", "delete 0 4", "delete 0 1", "insert 0 0", "insert 0 3", "insert 2 section",
        ])
      #expect(layout.updateItems[0].indexPathBeforeUpdate == IndexPath(item: NSNotFound, section: 2))
      #expect(layout.updateItems[0].indexPathAfterUpdate == nil)
      #expect(UIKitException.unhandled.isEmpty)
    }

    @Test func countsThatDoNotAddUpRaiseUIKitsMessageAndChangeNothing() throws {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<5)])
      view.layoutIfNeeded()
      let start = view.layoutCallLog.count
      var completed = false
      let error = #expect(throws: UIKitException.self) {
        try catchingUIKitExceptions {
          view.performBatchUpdates(
            {
              dataSource.sections[0].append(9)
              dataSource.sections[0].append(10)
              view.insertItems(at: [IndexPath(item: 5, section: 0)])
            }, completion: { _ in completed = true })
        }
      }
      #expect(error?.name == "NSInternalInconsistencyException")
      #expect(
        error?.reason
          == "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (7) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
      )
      #expect(view.layoutCallLog.count == start)
      #expect(!completed)
      #expect(layout.countsSeenInPrepare.count == 1)
      #expect(view.numberOfItems(inSection: 0) == 5)
    }

    @Test func sectionCountsThatDoNotAddUpRaiseTheSectionsVariant() {
      let (view, _, dataSource) = makeCollectionView([Array(0..<2)])
      view.layoutIfNeeded()
      let error = #expect(throws: UIKitException.self) {
        try catchingUIKitExceptions {
          view.performBatchUpdates {
            dataSource.sections.append([1])
          }
        }
      }
      #expect(
        error?.reason
          == "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
      )
    }

    @Test func animationsRecordWhereDeletedItemsLeaveAndNewItemsComeFrom() {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<4)])
      layout.finalAnswer = { path in
        let a = UICollectionViewLayoutAttributes(forCellWith: path)
        a.frame = CGRect(x: -100, y: 0, width: 10, height: 10)
        a.alpha = 0
        return a
      }
      view.layoutIfNeeded()
      view.performBatchUpdates {
        dataSource.sections[0].remove(at: 0)
        view.deleteItems(at: [IndexPath(item: 0, section: 0)])
      }
      let leaving = view.animations.first {
        $0.kind == .disappearing && $0.element == .cell(IndexPath(item: 0, section: 0))
      }
      #expect(leaving?.to?.frame.minX == -100)
      #expect(leaving?.from?.frame.minY == 30)
      // Item 1 moved up to item 0: it animates from where it was (y 80) to y 30.
      let moved = view.animations.first { $0.kind == .appearing && $0.element == .cell(IndexPath(item: 0, section: 0)) }
      #expect(moved?.from?.frame.minY == 80)
      #expect(moved?.to?.frame.minY == 30)
      #expect(view.indexPathsForVisibleItems.count == 3)
    }

    @Test func targetOffsetFromTheLayoutIsAdoptedAndClamped() {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<20)])
      view.layoutIfNeeded()
      layout.targetOffsetOverride = CGPoint(x: 0, y: 5000)
      view.performBatchUpdates {
        dataSource.sections[0].append(20)
        view.insertItems(at: [IndexPath(item: 20, section: 0)])
      }
      // Content 30 + 21 × 50 = 1080 tall, bounds 300: the largest offset is 780.
      #expect(view.contentOffset == CGPoint(x: 0, y: 780))
    }

    @Test func aLoneInsertIsABatchOfItsOwn() {
      let (view, layout, dataSource) = makeCollectionView([Array(0..<3)])
      view.layoutIfNeeded()
      dataSource.sections[0].append(3)
      view.insertItems(at: [IndexPath(item: 3, section: 0)])
      #expect(layout.updateItems.count == 1)
      #expect(view.visibleCells.count == 4)
    }
  }
#endif
