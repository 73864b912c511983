#if !canImport(UIKit)
  import Foundation
  import ScrollworkTestSupport
  import Testing
  import UIKitStandIn

  /// A list of 40-point rows, every section one after the other, no
  /// supplementary views; it keeps the update items and the counts each
  /// `prepare()` saw.
  @MainActor
  final class DiffableRowsLayout: UICollectionViewLayout {
    var updateItems: [[UICollectionViewUpdateItem]] = []
    var countsSeenInPrepare: [[Int]] = []
    private var cells: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    override init() { super.init() }
    required init?(coder: NSCoder) { return nil }

    override func prepare() {
      super.prepare()
      guard let collectionView else { return }
      cells = []
      var y: CGFloat = 0
      var counts: [Int] = []
      for section in 0..<collectionView.numberOfSections {
        let count = collectionView.numberOfItems(inSection: section)
        counts.append(count)
        for item in 0..<count {
          let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
          cell.frame = CGRect(x: 0, y: y, width: collectionView.bounds.width, height: 40)
          cells.append(cell)
          y += 40
        }
      }
      countsSeenInPrepare.append(counts)
      height = y
    }

    override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: height) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
      cells.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      cells.first { $0.indexPath == indexPath }
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
      super.prepare(forCollectionViewUpdates: updateItems)
      self.updateItems.append(updateItems)
    }
  }

  /// A collection view (200 x 380: ten rows on screen), its layout and a
  /// diffable data source whose cells remember the item they show.
  @MainActor
  final class DiffableFixture {
    let layout = DiffableRowsLayout()
    let view: UICollectionView
    var dataSource: UICollectionViewDiffableDataSource<String, Int>!
    /// The item each cell was last configured with, and how often cells
    /// were configured.
    var shown: [ObjectIdentifier: Int] = [:]
    var configurations: [Int] = []

    init() {
      view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 380), collectionViewLayout: layout)
      let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { [weak self] cell, _, item in
        self?.shown[ObjectIdentifier(cell)] = item
        self?.configurations.append(item)
      }
      dataSource = UICollectionViewDiffableDataSource<String, Int>(collectionView: view) { view, indexPath, item in
        view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
      }
    }

    /// Every visible cell shows the item the data source has at its path.
    func visibleCellsAgree() -> Bool {
      view.indexPathsForVisibleItems.allSatisfy { path in
        guard let cell = view.cellForItem(at: path) else { return false }
        return shown[ObjectIdentifier(cell)] == dataSource.itemIdentifier(for: path)
      }
    }

    func visibleItems() -> [Int] {
      view.indexPathsForVisibleItems.sorted().compactMap { dataSource.itemIdentifier(for: $0) }
    }
  }

  func snapshot(_ sections: [(String, [Int])]) -> NSDiffableDataSourceSnapshot<String, Int> {
    var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(sections.map(\.0))
    for (section, items) in sections { snapshot.appendItems(items, toSection: section) }
    return snapshot
  }

  @MainActor @Suite struct DiffableDataSourceTests {
    @Test func theFirstApplyReloadsAndShowsTheVisibleCells() throws {
      let f = DiffableFixture()
      try catchingUIKitExceptions {
        f.dataSource.apply(snapshot([("a", Array(0..<6)), ("b", Array(10..<20))]), animatingDifferences: false)
        f.view.layoutIfNeeded()
      }
      #expect(f.layout.updateItems.isEmpty)
      #expect(f.layout.countsSeenInPrepare.last == [6, 10])
      #expect(f.visibleItems() == [0, 1, 2, 3, 4, 5, 10, 11, 12, 13])
      #expect(f.visibleCellsAgree())
      #expect(f.dataSource.itemIdentifier(for: IndexPath(item: 2, section: 1)) == 12)
      #expect(f.dataSource.itemIdentifier(for: IndexPath(item: 20, section: 1)) == nil)
      #expect(f.dataSource.indexPath(for: 13) == IndexPath(item: 3, section: 1))
      #expect(f.dataSource.indexPath(for: 99) == nil)
      #expect(f.dataSource.sectionIdentifier(for: 1) == "b" && f.dataSource.sectionIdentifier(for: 2) == nil)
      #expect(f.dataSource.index(for: "a") == 0 && f.dataSource.index(for: "z") == nil)
      #expect(f.dataSource.snapshot().itemIdentifiers == Array(0..<6) + Array(10..<20))
    }

    @Test func aLaterApplyIsOneBatchUpdateInUIKitsOrder() throws {
      let f = DiffableFixture()
      var done = false
      try catchingUIKitExceptions {
        f.dataSource.apply(snapshot([("a", [1, 2, 3, 4, 5])]))
        f.view.layoutIfNeeded()
        f.dataSource.apply(snapshot([("a", [5, 1, 6, 3, 4])])) { done = true }
        f.view.layoutIfNeeded()
      }
      #expect(done)
      let items = try #require(f.layout.updateItems.last)
      // 2 deleted (before: item 1), 6 inserted (after: item 2), 5 moved from 4 to 0.
      #expect(items.map(\.updateAction) == [.delete, .move, .insert])
      #expect(items[0].indexPathBeforeUpdate == IndexPath(item: 1, section: 0))
      #expect(items[1].indexPathBeforeUpdate == IndexPath(item: 4, section: 0))
      #expect(items[1].indexPathAfterUpdate == IndexPath(item: 0, section: 0))
      #expect(items[2].indexPathAfterUpdate == IndexPath(item: 2, section: 0))
      // The layout saw the new counts in prepare, before the update items.
      #expect(f.layout.countsSeenInPrepare.last == [5])
      #expect(f.visibleItems() == [5, 1, 6, 3, 4])
      #expect(f.visibleCellsAgree())
    }

    @Test func reconfiguredItemsKeepTheirCellsAndReloadedOnesGetNewCells() throws {
      let f = DiffableFixture()
      try catchingUIKitExceptions {
        f.dataSource.apply(snapshot([("a", [1, 2, 3])]))
        f.view.layoutIfNeeded()
      }
      let cell2 = try #require(f.view.cellForItem(at: IndexPath(item: 1, section: 0)))
      f.configurations = []
      var next = f.dataSource.snapshot()
      next.reconfigureItems([2])
      try catchingUIKitExceptions {
        f.dataSource.apply(next)
        f.view.layoutIfNeeded()
      }
      #expect(f.configurations == [2])
      #expect(f.view.cellForItem(at: IndexPath(item: 1, section: 0)) === cell2)
      #expect(f.layout.updateItems.last?.isEmpty == true)
      // The marks are consumed.
      #expect(f.dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
      next = f.dataSource.snapshot()
      next.reloadItems([3])
      try catchingUIKitExceptions {
        f.dataSource.apply(next)
        f.view.layoutIfNeeded()
      }
      #expect(f.layout.updateItems.last?.map(\.updateAction) == [.reload])
      #expect(f.layout.updateItems.last?.first?.indexPathBeforeUpdate == IndexPath(item: 2, section: 0))
      #expect(f.visibleCellsAgree())
    }

    @Test func applyingUsingReloadDataInvalidatesEverything() throws {
      let f = DiffableFixture()
      try catchingUIKitExceptions {
        f.dataSource.apply(snapshot([("a", [1, 2])]))
        f.view.layoutIfNeeded()
        f.view.layoutCallLog = []
        f.dataSource.applySnapshotUsingReloadData(snapshot([("a", [2, 7])]))
        f.view.layoutIfNeeded()
      }
      #expect(f.view.layoutCallLog.first?.call == .invalidateLayout(everything: true, dataSourceCounts: true))
      #expect(f.layout.updateItems.isEmpty)
      #expect(f.visibleItems() == [2, 7])
      #expect(f.visibleCellsAgree())
    }

    @Test func duplicateIdentifiersRaiseBeforeTheyReachTheDataSource() throws {
      let f = DiffableFixture()
      var next = snapshot([("a", [1, 2])])
      let raised = try #require(
        throws: UIKitException.self, performing: { try catchingUIKitExceptions { next.appendItems([3, 1]) } })
      #expect(raised.reason == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    1\n)}")
      try catchingUIKitExceptions {
        f.dataSource.apply(next)
        f.view.layoutIfNeeded()
      }
      #expect(f.visibleItems() == [1, 2])
    }

    @Test func seededSequencesOfSnapshotsApplyWithoutInconsistencies() throws {
      for seed in UInt64(0)..<60 {
        var random = SplitMix64(seed: 0xD1FF_AB1E &+ seed)
        let f = DiffableFixture()
        var sections: [(String, [Int])] = []
        var nextItem = 0
        var nextSection = 0
        for step in 0..<10 {
          // Delete, insert and reorder sections; delete, insert and move
          // items (across sections too).
          sections = sections.filter { _ in Int.random(in: 0..<6, using: &random) != 0 }
          for _ in 0..<Int.random(in: (sections.isEmpty ? 1 : 0)...2, using: &random) {
            sections.insert(("s\(nextSection)", []), at: Int.random(in: 0...sections.count, using: &random))
            nextSection += 1
          }
          if sections.count > 1 && Bool.random(using: &random) { sections.swapAt(0, sections.count - 1) }
          var pool = sections.flatMap(\.1).filter { _ in Int.random(in: 0..<5, using: &random) != 0 }.shuffled(
            using: &random)
          for _ in 0..<Int.random(in: 0...5, using: &random) {
            pool.append(nextItem)
            nextItem += 1
          }
          for s in sections.indices { sections[s].1 = [] }
          for item in pool {
            let s = Int.random(in: 0..<sections.count, using: &random)
            sections[s].1.insert(item, at: Int.random(in: 0...sections[s].1.count, using: &random))
          }
          var next = snapshot(sections)
          let kept = next.itemIdentifiers.filter { f.dataSource.indexPath(for: $0) != nil }
          let marked = kept.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
          if Bool.random(using: &random) { next.reconfigureItems(marked) } else { next.reloadItems(marked) }
          let context = "seed \(seed) step \(step)"
          do {
            try catchingUIKitExceptions {
              f.dataSource.apply(next, animatingDifferences: Bool.random(using: &random))
              f.view.layoutIfNeeded()
            }
          } catch {
            Issue.record("\(context): \(error)")
            break
          }
          #expect(f.dataSource.snapshot().itemIdentifiers == next.itemIdentifiers, "\(context)")
          #expect(f.dataSource.snapshot().sectionIdentifiers == next.sectionIdentifiers, "\(context)")
          #expect(f.layout.countsSeenInPrepare.last == sections.map(\.1.count), "\(context)")
          #expect(f.visibleCellsAgree(), "\(context)")
        }
      }
    }

    @Test func aPermutationMovesAllButALongestIncreasingRun() throws {
      let f = DiffableFixture()
      try catchingUIKitExceptions {
        f.dataSource.apply(snapshot([("a", [0, 1, 2, 3, 4, 5, 6, 7])]))
        f.view.layoutIfNeeded()
        f.dataSource.apply(snapshot([("a", [7, 0, 1, 2, 6, 3, 4, 5])]))
        f.view.layoutIfNeeded()
      }
      let items = try #require(f.layout.updateItems.last)
      #expect(items.count == 2 && items.allSatisfy { $0.updateAction == .move })
      #expect(f.visibleItems() == [7, 0, 1, 2, 6, 3, 4, 5])
      #expect(f.visibleCellsAgree())
    }

    @Test func theCollectionViewHoldsTheDataSourceWeakly() {
      let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: DiffableRowsLayout())
      weak var weakSource: UICollectionViewDiffableDataSource<String, Int>?
      do {
        let source = UICollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, _ in nil }
        weakSource = source
        #expect(view.dataSource === source)
      }
      #expect(weakSource == nil)
    }

    @Test func aNilCellRaises() throws {
      let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: DiffableRowsLayout())
      let source = UICollectionViewDiffableDataSource<String, Int>(collectionView: view) { _, _, _ in nil }
      let raised = try #require(
        throws: UIKitException.self,
        performing: {
          try catchingUIKitExceptions {
            source.apply(snapshot([("a", [1])]))
            view.layoutIfNeeded()
          }
        })
      #expect(raised.reason.hasPrefix("UICollectionView dataSource returned a nil cell for item at index path"))
    }
  }
#endif
