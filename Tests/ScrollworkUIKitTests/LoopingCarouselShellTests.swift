#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import ScrollworkUIKit
import Testing

/// The looping carousel's UIKit preset on the stand-in: the content inset
/// the collection view needs, the items before item 0 at negative offsets,
/// and re-centring at rest that changes nothing on screen.
@MainActor
@Suite struct LoopingCarouselShellTests {
  /// A 390 × 300 strip of `count` items with the preset, laid out once.
  static func strip(
    count: Int
  ) throws -> (UICollectionView, TestDataSource, ScrollworkLayout<PreparedLoopingCarouselLayout>) {
    let layout = ScrollworkLayout.loopingCarousel(.spotify, reduceMotion: false)
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), collectionViewLayout: layout)
    let data = TestDataSource(counts: [count])
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    return (view, data, layout)
  }

  /// The visible cells' items and their frames' x, by item.
  static func visible(_ layout: UICollectionViewLayout, in view: UICollectionView) -> [Int: CGFloat] {
    var result: [Int: CGFloat] = [:]
    for a in layout.layoutAttributesForElements(in: view.bounds) ?? [] { result[a.indexPath.item] = a.center.x }
    return result
  }

  @Test func itemsBeforeTheFirstAndRecentringAtRest() throws {
    let (view, data, layout) = try Self.strip(count: 10)
    defer { withExtendedLifetime(data) {} }
    let inset = layout.loopingContentInset
    #expect(inset.left > 0 && inset.top == 0 && inset.right == 0)
    view.contentInset = inset
    // Item 9 sits left of item 0: one pitch (300 + 10) before it.
    view.contentOffset = CGPoint(x: -310, y: 0)
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    let before = Self.visible(layout, in: view)
    #expect(before[9] == 195 - 310 && before[0] == 195 && before[8] == 195 - 620)
    // Re-centring moves whole periods (10 × 310): the same items in the same places on screen.
    layout.recenter(view)
    #expect(view.contentOffset == CGPoint(x: 9 * 310, y: 0))
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    let after = Self.visible(layout, in: view)
    #expect(Set(after.keys) == Set(before.keys))
    for (item, x) in before { #expect(after[item] == x + 3100, "item \(item)") }
    // A release snaps across the seam.
    let target = layout.targetContentOffset(
      forProposedContentOffset: CGPoint(x: 9 * 310 + 200, y: 0), withScrollingVelocity: CGPoint(x: 1, y: 0))
    #expect(target == CGPoint(x: 3100, y: 0))
  }

  @Test func tooFewItemsNeedNoInsetAndDoNotMove() throws {
    let (view, data, layout) = try Self.strip(count: 2)
    defer { withExtendedLifetime(data) {} }
    #expect(layout.loopingContentInset == .zero)
    view.contentOffset = CGPoint(x: 310, y: 0)
    layout.recenter(view)
    #expect(view.contentOffset == CGPoint(x: 310, y: 0))
  }
}
