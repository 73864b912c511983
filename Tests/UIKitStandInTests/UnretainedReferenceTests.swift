#if !canImport(UIKit)
  import Foundation
  import Testing
  import UIKitStandIn

  /// The stand-in's back references are unretained pointers cleared by
  /// their owners, as UIKit's are (a view's `superview`, a layout's
  /// `collectionView`, the display cycle's list of views): these tests
  /// release each side first and check that nothing points at an object
  /// that went (the address sanitizer run in CI catches a dangling read).
  @MainActor
  @Suite("Unretained back references")
  struct UnretainedReferenceTests {
    @Test func aCellKeptByTheTestLosesItsSuperviewWhenTheCollectionViewGoes() {
      var cell: UICollectionViewCell?
      weak var gone: UICollectionView?
      do {
        let (view, _, dataSource) = makeCollectionView([Array(0..<3)])
        view.layoutIfNeeded()
        cell = view.visibleCells.first
        #expect(cell?.superview === view)
        gone = view
        _ = dataSource
      }
      #expect(gone == nil)
      #expect(cell != nil)
      #expect(cell?.superview == nil)
    }

    @Test func aViewTakenOutOfItsSuperviewForgetsIt() {
      let parent = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      let child = UIView(frame: .zero)
      parent.addSubview(child)
      #expect(child.superview === parent)
      child.removeFromSuperview()
      #expect(child.superview == nil)
      #expect(parent.subviews.isEmpty)
    }

    @Test func aLayoutKeptByTheTestLosesItsCollectionViewWhenTheViewGoes() {
      let layout = ListLayout()
      weak var gone: UICollectionView?
      do {
        let (view, _, dataSource) = makeCollectionView([Array(0..<3)], layout: layout)
        view.layoutIfNeeded()
        #expect(layout.collectionView === view)
        gone = view
        _ = dataSource
      }
      #expect(gone == nil)
      #expect(layout.collectionView == nil)
    }

    @Test func aLayoutSwitchedAwayAndReleasedLeavesTheViewSound() {
      let (view, first, dataSource) = makeCollectionView([Array(0..<3)])
      // The call log holds the layouts it names: off, so that only the
      // view's own references keep the second layout.
      view.recordsLayoutCalls = false
      view.layoutIfNeeded()
      weak var released: ListLayout?
      do {
        let second = ListLayout()
        view.setCollectionViewLayout(second, animated: false)
        view.layoutIfNeeded()
        #expect(first.collectionView == nil)
        #expect(second.collectionView === view)
        // Back to the first: the second is released while the view lives.
        view.setCollectionViewLayout(first, animated: false)
        released = second
      }
      #expect(released == nil)
      view.contentOffset = CGPoint(x: 0, y: 20)
      view.layoutIfNeeded()
      #expect(first.collectionView === view)
      #expect(view.visibleCells.count == 3)
      _ = dataSource
    }

    @Test func theDisplayCycleLaysOutOnlyTheViewsThatAreLeft() {
      let (kept, keptLayout, keptData) = makeCollectionView([Array(0..<3)])
      kept.layoutIfNeeded()
      weak var gone: UICollectionView?
      do {
        let (view, _, dataSource) = makeCollectionView([Array(0..<3)])
        view.layoutIfNeeded()
        gone = view
        _ = dataSource
      }
      #expect(gone == nil)
      let prepares = keptLayout.countsSeenInPrepare.count
      keptLayout.invalidateLayout()
      StandInDisplay.tick(to: StandInDisplay.now + 1.0 / 60)
      #expect(keptLayout.countsSeenInPrepare.count == prepares + 1)
      _ = keptData
    }
  }
#endif
