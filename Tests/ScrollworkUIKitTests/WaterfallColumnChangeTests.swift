#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost
import ScrollworkUIKit
import Testing

/// A waterfall's column change as the photo grid's pinch does it, on the
/// stand-in: an interactive transition by identity to the same items in
/// another column count, progress back and forth, the pinched item kept
/// under the fingers (at its height on screen), finished or cancelled (the learnt sizes carried over:
/// `WaterfallColumnChangeHostTests`).
@MainActor
@Suite struct WaterfallColumnChangeTests {
  static func waterfallView() -> (UICollectionView, TestDataSource, ScrollworkLayout<PreparedWaterfallLayout>) {
    let host = LayoutHost(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8),
      itemSizes: .uniform(Size(width: 3, height: 4)), estimated: true)
    let layout = ScrollworkLayout(host: host)
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: [600])
    data.register(in: view)
    view.dataSource = data
    return (view, data, layout)
  }

  /// The item's centre on screen in the layout UIKit shows now.
  static func screenCentre(_ view: UICollectionView, _ item: Int) -> CGPoint? {
    guard let a = view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)) else {
      return nil
    }
    return CGPoint(x: a.center.x - view.contentOffset.x, y: a.center.y - view.contentOffset.y)
  }

  @Test(arguments: [(3, true), (3, false), (4, true)])
  func aPinchKeepsTheItemUnderTheFingersBackAndForth(_ columns: Int, _ finish: Bool) throws {
    let (view, data, layout) = Self.waterfallView()
    defer { withExtendedLifetime(data) {} }
    let delegate = TransitionDelegate()
    view.delegate = delegate
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      view.contentOffset = CGPoint(x: 0, y: 3000)
      view.layoutIfNeeded()
    }
    let fingers = CGPoint(x: 100, y: 400)
    let under = try #require(
      layout.layoutAttributesForElements(
        in: CGRect(x: fingers.x + view.contentOffset.x, y: fingers.y + view.contentOffset.y, width: 1, height: 1)
      )?.first)
    let item = under.indexPath.item
    let start = try #require(Self.screenCentre(view, item))
    let next = layout.changingColumns(to: columns)
    try catchingUIKitExceptions {
      view.startInteractiveTransition(to: next) { _, _ in }
      delegate.made?.anchor = fingers
      view.layoutIfNeeded()
    }
    let transition = try #require(delegate.made)
    for progress in [0.2, 0.7, 0.4, 0.9, 0.5] {
      transition.transitionProgress = CGFloat(progress)
      view.layoutIfNeeded()
      let now = try #require(Self.screenCentre(view, item))
      // Under the fingers along the scroll axis; across, it slides to its
      // new column.
      #expect(abs(now.y - start.y) < 0.5, "progress \(progress): \(start) → \(now)")
    }
    let startOffset = view.contentOffset
    if finish {
      view.finishInteractiveTransition()
      view.layoutIfNeeded()
      #expect(view.collectionViewLayout === next)
      let end = try #require(Self.screenCentre(view, item))
      #expect(abs(end.y - start.y) < 0.5, "rests with the item under the fingers")
      let width = try #require(next.layoutAttributesForItem(at: IndexPath(item: item, section: 0))).size.width
      #expect(abs(width - (390 - Double(columns - 1) * 8) / Double(columns)) < 1e-9)
    } else {
      view.cancelInteractiveTransition()
      view.layoutIfNeeded()
      #expect(view.collectionViewLayout === layout)
      #expect(view.contentOffset == startOffset)
      let back = try #require(Self.screenCentre(view, item))
      #expect(abs(back.x - start.x) < 1e-9 && abs(back.y - start.y) < 1e-9)
    }
  }
}
