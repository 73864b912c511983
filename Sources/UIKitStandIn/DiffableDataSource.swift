#if !canImport(UIKit)
  import CollectionChanges
  import Foundation

  /// UIKit's `UICollectionViewDiffableDataSource`: the data source of a
  /// collection view whose data is a snapshot of identifiers.
  ///
  /// `apply(_:animatingDifferences:completion:)` compares the snapshot with
  /// the current one by identity and hands the collection view the
  /// difference in one `performBatchUpdates` (section deletes, inserts,
  /// moves and reloads; item deletes by index path before, inserts by
  /// index path after, the fewest moves per section, reloads and
  /// reconfigures by index path before), so the layout sees UIKit's order.
  /// As in UIKit since iOS 15, applying without animation still diffs (the
  /// stand-in has no animations to leave out); the first apply, and
  /// ``applySnapshotUsingReloadData(_:completion:)``, reload the data
  /// instead. Reloaded and reconfigured marks are consumed by the apply.
  ///
  /// Duplicate identifiers never reach it: the snapshot raises UIKit's
  /// exception when they are supplied. A cell provider that returns `nil`
  /// raises UIKit's exception.
  ///
  /// The collection view holds the data source weakly, as in UIKit: keep a
  /// reference to it. Apply and read snapshots from one queue (the main
  /// queue here: an apply from another thread runs on the main queue).
  @preconcurrency
  @MainActor
  open class UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, UICollectionViewDataSource {
    public typealias CellProvider = (
      _ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
    ) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (
      _ collectionView: UICollectionView, _ elementKind: String, _ indexPath: IndexPath
    ) -> UICollectionReusableView?

    typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// Makes the supplementary views; without it, asking for one raises.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    weak var collectionView: UICollectionView?
    let cellProvider: CellProvider
    /// The snapshot the collection view shows (read by `snapshot()` from
    /// any thread, as UIKit allows; written on the main actor only).
    nonisolated(unsafe) var current = Snapshot()
    /// Each current item's section index and position.
    var positions: [ItemIdentifierType: (section: Int, item: Int)] = [:]
    var hasApplied = false

    /// A data source for `collectionView` whose cells `cellProvider`
    /// makes; it becomes the collection view's data source.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
      self.collectionView = collectionView
      self.cellProvider = cellProvider
      super.init()
      collectionView.dataSource = self
    }

    // MARK: Applying

    /// Shows `snapshot`: the difference from the current snapshot as one
    /// batch update (a reload on the first apply). `completion` runs when
    /// the update is done.
    ///
    /// - Complexity: O(n + k log k) for n items and k kept items.
    nonisolated open func apply(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      let work = UncheckedSendable((snapshot, completion))
      onMain { [self] in applyOnMain(work.value.0, reload: false, completion: work.value.1) }
    }

    /// `apply(_:animatingDifferences:completion:)`, returning when done.
    nonisolated open func apply(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true
    ) async {
      let work = UncheckedSendable(snapshot)
      await MainActor.run { applyOnMain(work.value, reload: false, completion: nil) }
    }

    /// Shows `snapshot` by reloading the data: no difference is computed,
    /// every view is made anew.
    nonisolated open func applySnapshotUsingReloadData(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      completion: (() -> Void)? = nil
    ) {
      let work = UncheckedSendable((snapshot, completion))
      onMain { [self] in applyOnMain(work.value.0, reload: true, completion: work.value.1) }
    }

    /// `applySnapshotUsingReloadData(_:completion:)`, returning when done.
    nonisolated open func applySnapshotUsingReloadData(
      _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
      let work = UncheckedSendable(snapshot)
      await MainActor.run { applyOnMain(work.value, reload: true, completion: nil) }
    }

    /// A copy of the current snapshot.
    nonisolated open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
      current
    }

    /// Runs `body` on the main actor: now when already there, otherwise on
    /// the main queue's next turn.
    nonisolated func onMain(_ body: @escaping @MainActor () -> Void) {
      if isOnMainActor() {
        MainActor.assumeIsolated(body)
      } else {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
      }
    }

    func applyOnMain(_ snapshot: Snapshot, reload: Bool, completion: (() -> Void)?) {
      var next = snapshot
      next.reloadedItems = []
      next.reconfiguredItems = []
      next.reloadedSections = []
      guard let collectionView, hasApplied, !reload else {
        install(next)
        hasApplied = true
        collectionView?.reloadData()
        completion?()
        return
      }
      let edits = Self.difference(from: current, positions: positions, to: snapshot)
      collectionView.performBatchUpdates(
        {
          self.install(next)
          if !edits.deletedSections.isEmpty { collectionView.deleteSections(IndexSet(edits.deletedSections)) }
          if !edits.insertedSections.isEmpty { collectionView.insertSections(IndexSet(edits.insertedSections)) }
          if !edits.reloadedSections.isEmpty { collectionView.reloadSections(IndexSet(edits.reloadedSections)) }
          for move in edits.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
          if !edits.deletedItems.isEmpty { collectionView.deleteItems(at: edits.deletedItems) }
          if !edits.insertedItems.isEmpty { collectionView.insertItems(at: edits.insertedItems) }
          for move in edits.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
          if !edits.reloadedItems.isEmpty { collectionView.reloadItems(at: edits.reloadedItems) }
          if !edits.reconfiguredItems.isEmpty { collectionView.reconfigureItems(at: edits.reconfiguredItems) }
        },
        completion: { _ in completion?() })
    }

    /// Makes `snapshot` current and indexes its items.
    func install(_ snapshot: Snapshot) {
      current = snapshot
      positions = Self.positions(of: snapshot)
    }

    static func positions(of snapshot: Snapshot) -> [ItemIdentifierType: (section: Int, item: Int)] {
      var result: [ItemIdentifierType: (section: Int, item: Int)] = [:]
      result.reserveCapacity(snapshot.numberOfItems)
      for (s, items) in snapshot.items.enumerated() {
        for (i, id) in items.enumerated() { result[id] = (s, i) }
      }
      return result
    }

    // MARK: The difference

    /// A batch update's edits, with UIKit's index-path conventions.
    struct Edits {
      var deletedSections: [Int] = []
      var insertedSections: [Int] = []
      var reloadedSections: [Int] = []
      var movedSections: [(from: Int, to: Int)] = []
      var deletedItems: [IndexPath] = []
      var insertedItems: [IndexPath] = []
      var movedItems: [(from: IndexPath, to: IndexPath)] = []
      var reloadedItems: [IndexPath] = []
      var reconfiguredItems: [IndexPath] = []
    }

    /// The edits that turn `old` (whose items are at `positions`) into
    /// `new`, by identity. Sections: deleted, inserted, the fewest moves,
    /// and reloads (a reloaded section that also moves is deleted and
    /// inserted). Items of a deleted, inserted or reloaded section are not
    /// named one by one; an item that leaves or enters such a section is
    /// inserted or deleted on the other side. Kept items move when they
    /// change section or fall outside a longest run of increasing old
    /// positions in their section. A reloaded item that moves is deleted
    /// and inserted.
    static func difference(
      from old: Snapshot, positions: [ItemIdentifierType: (section: Int, item: Int)], to new: Snapshot
    ) -> Edits {
      var edits = Edits()
      let reloadMarked = Set(new.reloadedSections)
      // Sections: the old index of each new section (-1: inserted).
      let oldOfNew = new.sections.map { old.sectionIndex[$0] ?? -1 }
      let stays = longestIncreasingRun(oldOfNew)
      var replacedOld = Set<Int>()  // deleted or reloaded: their items go with them
      var replacedNew = Set<Int>()  // inserted or reloaded: their items come with them
      for (s, id) in old.sections.enumerated() where new.sectionIndex[id] == nil {
        edits.deletedSections.append(s)
        replacedOld.insert(s)
      }
      for (t, s) in oldOfNew.enumerated() {
        if s < 0 {
          edits.insertedSections.append(t)
          replacedNew.insert(t)
        } else if reloadMarked.contains(new.sections[t]) {
          if stays[t] {
            edits.reloadedSections.append(s)
          } else {
            edits.deletedSections.append(s)
            edits.insertedSections.append(t)
          }
          replacedOld.insert(s)
          replacedNew.insert(t)
        } else if !stays[t] {
          edits.movedSections.append((s, t))
        }
      }
      edits.deletedSections.sort()
      edits.insertedSections.sort()
      // Items, section by section of the new snapshot.
      let reloadItems = Set(new.reloadedItems)
      var keptInPlace: [ItemIdentifierType: IndexPath] = [:]  // old path of items that neither move nor are replaced
      for (t, items) in new.items.enumerated() where !replacedNew.contains(t) {
        let s = oldOfNew[t]
        var candidates: [Int] = []  // old position per new item; -1: not a candidate
        candidates.reserveCapacity(items.count)
        for (j, id) in items.enumerated() {
          guard let from = positions[id], !replacedOld.contains(from.section) else {
            edits.insertedItems.append(IndexPath(item: j, section: t))
            candidates.append(-1)
            continue
          }
          if from.section == s {
            candidates.append(from.item)  // stays or moves: the run decides
            continue
          }
          candidates.append(-1)
          let oldPath = IndexPath(item: from.item, section: from.section)
          let newPath = IndexPath(item: j, section: t)
          if reloadItems.contains(id) {
            edits.deletedItems.append(oldPath)
            edits.insertedItems.append(newPath)
          } else {
            edits.movedItems.append((oldPath, newPath))
          }
        }
        let inRun = longestIncreasingRun(candidates)
        for (j, from) in candidates.enumerated() where from >= 0 {
          let id = items[j]
          let oldPath = IndexPath(item: from, section: s)
          let newPath = IndexPath(item: j, section: t)
          if inRun[j] {
            keptInPlace[id] = oldPath
            if reloadItems.contains(id) { edits.reloadedItems.append(oldPath) }
          } else if reloadItems.contains(id) {
            edits.deletedItems.append(oldPath)
            edits.insertedItems.append(newPath)
          } else {
            edits.movedItems.append((oldPath, newPath))
          }
        }
      }
      // Deleted items: gone, or gone into a replaced section (items of a
      // replaced old section go with it).
      for (s, items) in old.items.enumerated() where !replacedOld.contains(s) {
        for (i, id) in items.enumerated() {
          let t = new.sectionOfItem[id].flatMap { new.sectionIndex[$0] }
          if t.map(replacedNew.contains) ?? true { edits.deletedItems.append(IndexPath(item: i, section: s)) }
        }
      }
      edits.deletedItems.sort()
      edits.insertedItems.sort()
      // Reconfigured items: kept in place (a moved cell keeps its view and
      // is configured when it is made again only if it is reloaded).
      var seen = Set<IndexPath>()
      for id in new.reconfiguredItems where !reloadItems.contains(id) {
        if let path = keptInPlace[id] ?? movedFrom(id, positions, edits), seen.insert(path).inserted {
          edits.reconfiguredItems.append(path)
        }
      }
      return edits
    }

    /// The old path of `id` when it moves in `edits`.
    static func movedFrom(
      _ id: ItemIdentifierType, _ positions: [ItemIdentifierType: (section: Int, item: Int)], _ edits: Edits
    ) -> IndexPath? {
      guard let from = positions[id] else { return nil }
      let path = IndexPath(item: from.item, section: from.section)
      return edits.movedItems.contains { $0.from == path } ? path : nil
    }

    // MARK: Reading

    /// The item at `indexPath`, or `nil` when out of range.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
      guard indexPath.section >= 0, indexPath.section < current.items.count, indexPath.item >= 0,
        indexPath.item < current.items[indexPath.section].count
      else { return nil }
      return current.items[indexPath.section][indexPath.item]
    }

    /// The index path of `itemIdentifier`, or `nil` when absent.
    ///
    /// - Complexity: O(1) on average.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
      positions[itemIdentifier].map { IndexPath(item: $0.item, section: $0.section) }
    }

    /// The section identifier at `index`, or `nil` when out of range.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
      index >= 0 && index < current.sections.count ? current.sections[index] : nil
    }

    /// The index of section `sectionIdentifier`, or `nil` when absent.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.sectionIndex[sectionIdentifier] }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      section >= 0 && section < current.items.count ? current.items[section].count : 0
    }

    open func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      if let id = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, id) {
        return cell
      }
      UIKitException.raise(
        "UICollectionView dataSource returned a nil cell for item at index path: \(indexPath.standInDescription), dataSource: \(self)"
      )
      return UICollectionViewCell(frame: .zero)
    }

    open func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
      UIKitException.raise(
        "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: (\(kind), \(indexPath.standInDescription)) was nil or not retrieved by calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath:"
      )
      return UICollectionReusableView(frame: .zero)
    }
  }

  /// A value handed to the main queue as UIKit hands a snapshot (UIKit's
  /// snapshot is `@unchecked Sendable`; the completion runs on the main
  /// queue).
  struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

#endif
