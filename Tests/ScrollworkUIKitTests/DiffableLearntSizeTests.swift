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

/// A diffable data source's apply on a self-sizing Scrollwork layout (the
/// stand-in's `UICollectionViewDiffableDataSource`, a batch update as
/// UIKit runs it) keeps the sizes the cells reported: items kept or moved
/// show their real sizes after the update and animate to them, deleted
/// ones are gone, inserted and reloaded ones start from their estimates.
@MainActor
@Suite struct DiffableLearntSizeTests {
  /// The real size of item `id` (the same whatever its index path).
  static func real(_ id: Int) -> CGSize {
    [
      CGSize(width: 3, height: 4), CGSize(width: 4, height: 3), CGSize(width: 1, height: 2),
      CGSize(width: 16, height: 9),
    ][
      id % 4]
  }

  @MainActor final class Feed {
    let view: UICollectionView
    let layout: ScrollworkLayout<PreparedWaterfallLayout>
    var dataSource: UICollectionViewDiffableDataSource<Int, Int>!

    init() {
      let host = LayoutHost(
        WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8),
        itemSizes: .uniform(Size(width: 3, height: 4)), estimated: true)
      layout = ScrollworkLayout(host: host)
      view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
      let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
      dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
      }
    }

    /// UIKit's self-sizing pass for the cells on screen, by identity.
    func selfSize() {
      for _ in 0..<40 {
        var changed = false
        for a in layout.layoutAttributesForElements(in: view.bounds) ?? [] where a.representedElementCategory == .cell {
          guard let id = dataSource.itemIdentifier(for: a.indexPath) else { continue }
          let preferred = a.copy() as! UICollectionViewLayoutAttributes
          let size = DiffableLearntSizeTests.real(id)
          preferred.size = CGSize(width: a.size.width, height: a.size.width * size.height / size.width)
          guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a)
          else { continue }
          layout.invalidateLayout(
            with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a))
          view.layoutIfNeeded()
          changed = true
          break
        }
        if !changed { return }
      }
    }

    /// The height each item on screen has now, by identity.
    func heights() -> [Int: CGFloat] {
      var result: [Int: CGFloat] = [:]
      for a in layout.layoutAttributesForElements(in: view.bounds) ?? [] where a.representedElementCategory == .cell {
        if let id = dataSource.itemIdentifier(for: a.indexPath) { result[id] = a.size.height }
      }
      return result
    }
  }

  @Test func applyKeepsTheSizesCellsReported() async throws {
    let feed = Feed()
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<300))
    await feed.dataSource.apply(snapshot, animatingDifferences: false)
    try catchingUIKitExceptions { feed.view.layoutIfNeeded() }
    feed.selfSize()
    let learnt = feed.heights()
    #expect(learnt.count >= 8)
    // Every learnt height is the real one (not the 3×4 estimate) for some.
    let columnWidth = (390.0 - 8) / 2
    #expect(learnt.contains { abs($0.value - columnWidth * 4 / 3) > 1 })
    // An insert before everything, a delete, a reload and a move among the
    // cells on screen.
    var next = snapshot
    next.insertItems([1000], beforeItem: 0)
    next.deleteItems([3])
    next.reloadItems([5])
    next.moveItem(7, afterItem: 11)
    feed.view.resetViewAnimations()
    await feed.dataSource.apply(next, animatingDifferences: true)
    try catchingUIKitExceptions { feed.view.layoutIfNeeded() }
    let prepared = try #require(feed.layout.host.prepared)
    for (id, height) in learnt where id != 3 && id != 5 {
      let path = try #require(feed.dataSource.indexPath(for: id))
      let a = try #require(feed.layout.layoutAttributesForItem(at: path))
      #expect(abs(a.size.height - height) < 1e-6, "item \(id) kept its real height")
      // (An item whose real size is the estimate sent no preferred size.)
      if abs(height - a.size.width * 4 / 3) > 1e-6 {
        #expect(prepared.isMeasured(.cell(path.item, section: path.section)), "item \(id) stays measured")
      }
    }
    for id in [1000, 5] {
      let path = try #require(feed.dataSource.indexPath(for: id))
      #expect(!prepared.isMeasured(.cell(path.item, section: path.section)), "item \(id) waits for its size")
      let a = try #require(feed.layout.layoutAttributesForItem(at: path))
      #expect(abs(a.size.height - a.size.width * 4 / 3) < 1e-6, "item \(id) has the estimate")
    }
    // The update animated the kept cells to their real sizes (not to the
    // estimates and back).
    let animated = feed.view.viewAnimations.filter { $0.isAppearing && $0.shownBefore != nil }
    #expect(!animated.isEmpty)
    for a in animated {
      guard let id = feed.dataSource.itemIdentifier(for: a.element.indexPath), let height = learnt[id] else { continue }
      #expect(abs(a.to.height - height) < 1e-6, "item \(id) animates to \(a.to.height), its height is \(height)")
    }
  }
}
