#if !canImport(UIKit)
  import Foundation

  /// The changes an app makes inside `performBatchUpdates`, as UIKit
  /// records them: deletes and reloads name index paths before the update,
  /// inserts index paths after it, moves both (Apple, "Collection View
  /// Programming Guide for iOS", Inserting, Deleting, and Moving Sections
  /// and Items; the same rules as the Table View Programming Guide's "Batch
  /// Insertion, Deletion, and Reloading of Rows and Sections").
  @MainActor
  final class BatchRecorder {
    var insertedSections: [Int] = []
    var deletedSections: [Int] = []
    var reloadedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var insertedItems: [IndexPath] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var reconfiguredItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var completions: [(Bool) -> Void] = []

    /// UIKit's update items, in the order the stand-in gives them: deletes
    /// in descending order (a section's before its items), then reloads in
    /// descending order, then moves in the order they were made, then
    /// inserts in ascending order (a section's before its items). The Table
    /// View Programming Guide says deletions are processed before
    /// insertions, deletions and reloads against the indexes before the
    /// update, insertions against the indexes after it; the exact order of
    /// the array UIKit hands `prepare(forCollectionViewUpdates:)` is
    /// undocumented (MagazineLayout reads each item by its action, not by
    /// its position).
    func updateItems() -> [UICollectionViewUpdateItem] {
      func sectionPath(_ s: Int) -> IndexPath { IndexPath(item: NSNotFound, section: s) }
      func descending(_ a: IndexPath, _ b: IndexPath) -> Bool {
        a.section != b.section ? a.section > b.section : a.item > b.item
      }
      func ascendingSectionFirst(_ a: IndexPath, _ b: IndexPath) -> Bool {
        let ai = a.item == NSNotFound ? -1 : a.item
        let bi = b.item == NSNotFound ? -1 : b.item
        return a.section != b.section ? a.section < b.section : ai < bi
      }
      let deletes = (deletedSections.map(sectionPath) + deletedItems).sorted(by: descending)
      let reloads = (reloadedSections.map(sectionPath) + reloadedItems).sorted(by: descending)
      let inserts = (insertedSections.map(sectionPath) + insertedItems).sorted(by: ascendingSectionFirst)
      var items: [UICollectionViewUpdateItem] = []
      items += deletes.map { UICollectionViewUpdateItem(action: .delete, before: $0, after: nil) }
      items += reloads.map { path in
        let after = path.item == NSNotFound ? sectionPath(mapSection(path.section) ?? path.section) : mapItem(path)
        return UICollectionViewUpdateItem(action: .reload, before: path, after: after ?? path)
      }
      items += movedSections.map {
        UICollectionViewUpdateItem(action: .move, before: sectionPath($0.from), after: sectionPath($0.to))
      }
      items += movedItems.map { UICollectionViewUpdateItem(action: .move, before: $0.from, after: $0.to) }
      items += inserts.map { UICollectionViewUpdateItem(action: .insert, before: nil, after: $0) }
      return items
    }

    // MARK: Mapping before → after

    var oldCounts: [Int] = []
    var newCounts: [Int] = []
    private var sectionMap: [Int: Int] = [:]
    private var itemMap: [IndexPath: IndexPath] = [:]

    /// Where section `s` (before) is after the update; `nil` when deleted.
    func mapSection(_ s: Int) -> Int? { sectionMap[s] }

    /// Where item `p` (before) is after the update; `nil` when deleted.
    func mapItem(_ p: IndexPath) -> IndexPath? { itemMap[p] }

    /// Computes the maps for `oldCounts` → `newCounts` (valid counts).
    func computeMaps() {
      sectionMap = [:]
      itemMap = [:]
      // Sections: inserted and moved-in slots are fixed; the remaining old
      // sections fill the free slots in order.
      var slots = [Int?](repeating: nil, count: newCounts.count)
      var fixed = Set(insertedSections)
      for move in movedSections where move.to < slots.count {
        slots[move.to] = move.from
        fixed.insert(move.to)
      }
      let movedFrom = Set(movedSections.map(\.from))
      var remaining = (0..<oldCounts.count).filter { !deletedSections.contains($0) && !movedFrom.contains($0) }[...]
      for t in slots.indices where !fixed.contains(t) {
        guard let s = remaining.popFirst() else { break }
        slots[t] = s
      }
      for (t, s) in slots.enumerated() { if let s { sectionMap[s] = t } }
      // Items, per new section with an old source.
      let movedItemSources = Set(movedItems.map(\.from))
      let deleted = Set(deletedItems)
      for (t, source) in slots.enumerated() {
        guard let s = source, t < newCounts.count else { continue }
        var itemSlots = [IndexPath?](repeating: nil, count: newCounts[t])
        var fixedItems = Set(insertedItems.filter { $0.section == t }.map(\.item))
        for move in movedItems where move.to.section == t && move.to.item < itemSlots.count {
          itemSlots[move.to.item] = move.from
          fixedItems.insert(move.to.item)
        }
        let oldCount = s < oldCounts.count ? oldCounts[s] : 0
        var survivors = (0..<oldCount).map { IndexPath(item: $0, section: s) }
          .filter { !deleted.contains($0) && !movedItemSources.contains($0) }[...]
        for i in itemSlots.indices where !fixedItems.contains(i) {
          guard let p = survivors.popFirst() else { break }
          itemSlots[i] = p
        }
        for (i, p) in itemSlots.enumerated() { if let p { itemMap[p] = IndexPath(item: i, section: t) } }
      }
    }

    // MARK: Validation (UIKit's messages, word for word as apps report them)

    /// The first inconsistency between the counts and the changes, as
    /// UIKit words it (two spaces after the first sentence, as UIKit's
    /// messages have); `nil` when the update adds up.
    func inconsistency() -> String? {
      let inserted = insertedSections.count
      let deletedCount = deletedSections.count
      if newCounts.count != oldCounts.count + inserted - deletedCount {
        return
          "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(newCounts.count)) must be equal to the number of sections contained in the collection view before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deletedCount) deleted)."
      }
      for p in deletedItems + reloadedItems {
        let count = p.section < oldCounts.count ? oldCounts[p.section] : 0
        if p.item >= count {
          return
            "attempt to delete item \(p.item) from section \(p.section) which only contains \(count) items before the update"
        }
      }
      for p in insertedItems {
        let count = p.section < newCounts.count ? newCounts[p.section] : 0
        if p.item >= count {
          return
            "attempt to insert item \(p.item) into section \(p.section), but there are only \(count) items in section \(p.section) after the update"
        }
      }
      computeMaps()
      for s in 0..<oldCounts.count {
        guard let t = sectionMap[s], !reloadedSections.contains(s) else { continue }
        let insertedHere = insertedItems.filter { $0.section == t }.count
        let deletedHere = deletedItems.filter { $0.section == s }.count
        let movedIn = movedItems.filter { $0.to.section == t && $0.from.section != s }.count
        let movedOut = movedItems.filter { $0.from.section == s && $0.to.section != t }.count
        if newCounts[t] != oldCounts[s] + insertedHere - deletedHere + movedIn - movedOut {
          return
            "Invalid update: invalid number of items in section \(t).  The number of items contained in an existing section after the update (\(newCounts[t])) must be equal to the number of items contained in that section before the update (\(oldCounts[s])), plus or minus the number of items inserted or deleted from that section (\(insertedHere) inserted, \(deletedHere) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        }
      }
      return nil
    }
  }
#endif
