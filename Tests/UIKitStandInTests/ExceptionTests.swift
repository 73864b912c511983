#if !canImport(UIKit)
  import Foundation
  import Testing
  import UIKitStandIn

  @MainActor
  @Suite("UIKit's exceptions")
  struct ExceptionTests {
    @Test func anUnregisteredCellIdentifierRaisesUIKitsMessage() {
      let (view, _, dataSource) = makeCollectionView()
      dataSource.cellIdentifier = "missing"
      let error = #expect(throws: UIKitException.self) { try catchingUIKitExceptions { view.layoutIfNeeded() } }
      #expect(
        error?.reason
          == "could not dequeue a view of kind: UICollectionElementKindCell with identifier missing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
      )
      #expect(view.visibleCells.isEmpty)
    }

    @Test func anUnregisteredSupplementaryRaises() {
      let (view, _, dataSource) = makeCollectionView()
      dataSource.headerIdentifier = "nope"
      let error = #expect(throws: UIKitException.self) { try catchingUIKitExceptions { view.layoutIfNeeded() } }
      #expect(
        error?.reason.hasPrefix(
          "could not dequeue a view of kind: UICollectionElementKindSectionHeader with identifier nope") == true)
    }

    @Test func aDecorationKindTheLayoutNeverRegisteredRaises() throws {
      let layout = ListLayout()
      layout.withDecoration = true
      let (view, _, dataSource) = makeCollectionView(layout: layout)
      let error = #expect(throws: UIKitException.self) { try catchingUIKitExceptions { view.layoutIfNeeded() } }
      #expect(
        error?.reason.hasPrefix("could not dequeue a view of kind: background with identifier background") == true)
      // Registered on the collection view instead of the layout: still raises (UIKit dequeues
      // decoration views from the layout's registrations).
      view.register(UICollectionReusableView.self, forCellWithReuseIdentifier: ListLayout.decorationKind)
      view.setNeedsLayout()
      #expect(throws: UIKitException.self) { try catchingUIKitExceptions { view.layoutIfNeeded() } }
      layout.register(UICollectionReusableView.self, forDecorationViewOfKind: ListLayout.decorationKind)
      view.setNeedsLayout()
      try catchingUIKitExceptions { view.layoutIfNeeded() }
      #expect(view.standInView(for: .decoration(ListLayout.decorationKind, IndexPath(item: 0, section: 0))) != nil)
      _ = dataSource
    }

    @Test func aSupplementaryRegistrationOfAnotherKindRaises() {
      final class Source: NSObject, UICollectionViewDataSource {
        let cells = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let footers = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
          elementKind: UICollectionView.elementKindSectionFooter
        ) { _, _, _ in }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionView(
          _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
        )
          -> UICollectionViewCell
        { collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: indexPath.item) }
        func collectionView(
          _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> UICollectionReusableView {
          collectionView.dequeueConfiguredReusableSupplementary(using: footers, for: indexPath)
        }
      }
      let (view, _, _) = makeCollectionView()
      let source = Source()
      view.dataSource = source
      let error = #expect(throws: UIKitException.self) { try catchingUIKitExceptions { view.layoutIfNeeded() } }
      #expect(error?.reason.contains("different element kind") == true)
    }

    @Test func aCellNotDequeuedRaises() {
      let (view, _, dataSource) = makeCollectionView()
      dataSource.returnsUndequeuedCell = true
      let error = #expect(throws: UIKitException.self) { try catchingUIKitExceptions { view.layoutIfNeeded() } }
      #expect(
        error?.reason
          == "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
      )
    }

    @Test func attributesForAnItemThatDoesNotExistRaise() {
      final class Overreaching: UICollectionViewLayout {
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
          [UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 7, section: 0))]
        }
      }
      let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: Overreaching())
      let dataSource = NumbersDataSource([[1, 2]])
      view.dataSource = dataSource
      let error = #expect(throws: UIKitException.self) { try catchingUIKitExceptions { view.layoutIfNeeded() } }
      #expect(
        error?.reason
          == "UICollectionView received layout attributes for a cell with an index path that does not exist: <NSIndexPath> {length = 2, path = 0 - 7}"
      )
    }

    @Test func aRaiseOutsideCatchingIsRecordedNotTrapped() {
      UIKitException.unhandled.removeAll()
      let (view, _, dataSource) = makeCollectionView()
      dataSource.cellIdentifier = "missing"
      view.layoutIfNeeded()
      #expect(UIKitException.unhandled.count == 1)
      UIKitException.unhandled.removeAll()
    }
  }
#endif
