import LayoutCore
import ScrollworkTestSupport
import Testing

/// `SnapshotChange(oldCounts:newCounts:deleting:inserting:)`: a change
/// given as ranges of items maps every identity as the same change given
/// an edit per item does, stores nothing per item (a range of 10^8 items
/// is as cheap as one), and refuses ranges that do not fit.
@Suite struct SnapshotChangeRangeTests {
  /// Random disjoint ranges in sections of `counts`, a few per section.
  static func ranges(_ counts: [Int], _ rng: inout SplitMix64) -> [ItemRange] {
    var result: [ItemRange] = []
    for (s, count) in counts.enumerated() where count > 0 {
      var at = rng.int(in: 0...count)
      while at < count && rng.chance(0.7) {
        let end = Swift.min(count, at + rng.int(in: 0...12))
        result.append(ItemRange(section: s, items: at..<end))
        at = end + rng.int(in: 0...6)
      }
    }
    return result
  }

  @Test func rangesMapLikeAnEditPerItem() throws {
    for index in 0..<80 {
      let seed = propertySeed(index, base: 0x5A1E_0023)
      var rng = SplitMix64(seed: seed)
      let old = (0..<rng.int(in: 1...5)).map { _ in rng.int(in: 0...40) }
      var deleted = Self.ranges(old, &rng)
      deleted.shuffle(using: &rng)
      var afterDeletion = old
      for r in deleted { afterDeletion[r.section] -= r.items.count }
      // Insertions name positions after the update: draw them in the new
      // counts, which are the remaining counts plus what is inserted.
      var new = afterDeletion
      var inserted: [ItemRange] = []
      for s in new.indices {
        let n = rng.int(in: 0...8)
        new[s] += n
        var placed = 0
        var at = 0
        while placed < n {
          let k = Swift.min(n - placed, rng.int(in: 1...4))
          at = rng.int(in: at...(afterDeletion[s] + placed))
          inserted.append(ItemRange(section: s, items: at..<(at + k)))
          at += k
          placed += k
        }
      }
      let ranges = try SnapshotChange(oldCounts: old, newCounts: new, deleting: deleted, inserting: inserted)
      let edits =
        deleted.flatMap { r in r.items.map { CollectionUpdate.deleteItem(ItemPath(section: r.section, item: $0)) } }
        + inserted.flatMap { r in r.items.map { CollectionUpdate.insertItem(ItemPath(section: r.section, item: $0)) } }
      let perItem = try SnapshotChange(oldCounts: old, newCounts: new, updates: edits)
      var failures = 0
      for s in old.indices {
        for i in -1...old[s]
        where ranges.newID(forOld: .cell(i, section: s)) != perItem.newID(forOld: .cell(i, section: s)) {
          failures += 1
        }
        for i in -1...new[s]
        where ranges.oldID(forNew: .cell(i, section: s)) != perItem.oldID(forNew: .cell(i, section: s)) {
          failures += 1
        }
        #expect(ranges.newSection(forOld: s) == s)
      }
      #expect(failures == 0, "seed \(seed): \(failures) identities mapped unlike the edits per item")
      #expect(ranges.insertedCount == perItem.insertedCount && ranges.removedCount == perItem.removedCount)
    }
  }

  @Test func aHundredMillionItemsInOneRange() throws {
    let n = 100_000_000
    let insert = try SnapshotChange(
      oldCounts: [n], newCounts: [2 * n], deleting: [], inserting: [ItemRange(section: 0, items: 0..<n)])
    #expect(insert.insertedCount == n)
    #expect(insert.newID(forOld: .cell(0, section: 0)) == .cell(n, section: 0))
    #expect(insert.newID(forOld: .cell(n - 1, section: 0)) == .cell(2 * n - 1, section: 0))
    #expect(insert.oldID(forNew: .cell(n - 1, section: 0)) == nil)
    #expect(insert.oldID(forNew: .cell(n, section: 0)) == .cell(0, section: 0))
    let delete = try SnapshotChange(
      oldCounts: [n], newCounts: [2], deleting: [ItemRange(section: 0, items: 1..<(n - 1))], inserting: [])
    #expect(delete.removedCount == n - 2)
    #expect(delete.newID(forOld: .cell(n - 1, section: 0)) == .cell(1, section: 0))
    #expect(delete.newID(forOld: .cell(5, section: 0)) == nil)
    #expect(delete.oldID(forNew: .cell(1, section: 0)) == .cell(n - 1, section: 0))
  }

  @Test func rangesThatDoNotFitAreRefused() {
    func refused(
      _ old: [Int], _ new: [Int], _ deleted: [ItemRange], _ inserted: [ItemRange]
    ) -> CollectionUpdateError? {
      do {
        _ = try SnapshotChange(oldCounts: old, newCounts: new, deleting: deleted, inserting: inserted)
        return nil
      } catch {
        return error
      }
    }
    let r = { (s: Int, range: Range<Int>) in ItemRange(section: s, items: range) }
    #expect(refused([5], [5, 0], [], []) == .sectionCountMismatch(expected: 1, reported: 2))
    #expect(
      refused([5], [3], [r(0, 3..<6)], [])
        == .itemOutOfRange(update: 0, path: ItemPath(section: 0, item: 5), items: 5, after: false))
    #expect(
      refused([5], [4], [r(1, 0..<1)], []) == .sectionOutOfRange(update: 0, section: 1, sections: 1, after: false))
    #expect(
      refused([5], [7], [], [r(0, 6..<8)])
        == .itemOutOfRange(update: 0, path: ItemPath(section: 0, item: 7), items: 7, after: true))
    if case .conflict(let update, _) = refused([5], [2], [r(0, 0..<2), r(0, 1..<3)], []) {
      #expect(update == 1)
    } else {
      Issue.record("overlapping deletions must conflict")
    }
    #expect(refused([5], [5], [r(0, 0..<2)], []) == .itemCountMismatch(section: 0, expected: 3, reported: 5))
    #expect(refused([-1], [0], [], []) == .negativeCount(section: 0, count: -1, after: false))
    // Empty ranges change nothing, even at a section's end.
    #expect(refused([5], [5], [r(0, 5..<5)], [r(0, 0..<0)]) == nil)
  }
}
