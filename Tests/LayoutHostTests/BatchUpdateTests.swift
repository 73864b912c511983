import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

/// Batch updates: UIKit-style edits against an explicit model of item
/// identities, and the host's animation attributes and anchored offset.
@Suite struct BatchUpdateTests {
  /// A random consistent batch update of `old` (sections of item
  /// identities): the updates, the sections after, and the reloaded items.
  static func randomUpdate(
    _ old: [[Int]], _ rng: inout SplitMix64, nextID: inout Int
  ) -> (updates: [CollectionUpdate], new: [[Int]], reloaded: Set<Int>) {
    var updates: [CollectionUpdate] = []
    var reloaded = Set<Int>()
    var deletedSections = Set<Int>()
    if old.count > 1 && rng.chance(0.2) {
      let s = rng.int(in: 0...(old.count - 1))
      deletedSections.insert(s)
      updates.append(.deleteSection(s))
    }
    var kept: [[Int]] = []
    var moving: [(from: ItemPath, id: Int)] = []
    for (s, items) in old.enumerated() where !deletedSections.contains(s) {
      var section: [Int] = []
      for (i, id) in items.enumerated() {
        let roll = rng.double(in: 0...1)
        if roll < 0.08 {
          updates.append(.deleteItem(ItemPath(section: s, item: i)))
        } else if roll < 0.12 {
          moving.append((ItemPath(section: s, item: i), id))
        } else if roll < 0.15 {
          updates.append(.reloadItem(ItemPath(section: s, item: i)))
          reloaded.insert(id)
          section.append(id)
        } else {
          section.append(id)
        }
      }
      kept.append(section)
    }
    var new = kept
    if rng.chance(0.2) {
      let t = rng.int(in: 0...new.count)
      new.insert(
        (0..<rng.int(in: 0...5)).map { _ in
          defer { nextID += 1 }; return nextID
        }, at: t)
      updates.append(.insertSection(t))
    }
    guard !new.isEmpty else { return (updates, new, reloaded) }
    let insertedSection = updates.compactMap { if case .insertSection(let t) = $0 { t } else { nil } }.first
    let targets = (0..<new.count).filter { $0 != insertedSection }
    guard !targets.isEmpty else {
      // Nowhere to move to: the moving items are deleted instead.
      return (updates + moving.map { .deleteItem($0.from) }, new, reloaded)
    }
    var placed: [(id: Int, moveFrom: ItemPath?)] = moving.map { ($0.id, $0.from) }
    for _ in 0..<rng.int(in: 0...6) {
      placed.append((nextID, nil))
      nextID += 1
    }
    for entry in placed {
      let t = targets[rng.int(in: 0...(targets.count - 1))]
      let i = rng.int(in: 0...new[t].count)
      new[t].insert(entry.id, at: i)
    }
    // Index paths after the update, once every item is in place.
    for entry in placed {
      for (t, items) in new.enumerated() where t != insertedSection {
        if let i = items.firstIndex(of: entry.id) {
          let to = ItemPath(section: t, item: i)
          updates.append(entry.moveFrom.map { .moveItem(from: $0, to: to) } ?? .insertItem(to))
        }
      }
    }
    return (updates, new, reloaded)
  }

  @Test func editsMapIdentitiesLikeTheSnapshotDiff() throws {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: propertySeed(seed))
      var nextID = 0
      let old = (0..<rng.int(in: 1...4)).map { _ in
        (0..<rng.int(in: 0...25)).map { _ in
          defer { nextID += 1 }; return nextID
        }
      }
      let (updates, new, reloaded) = Self.randomUpdate(old, &rng, nextID: &nextID)
      let change = try SnapshotChange(oldCounts: old.map(\.count), newCounts: new.map(\.count), updates: updates)
      // Where each identity is after the update.
      var position: [Int: ElementID] = [:]
      for (t, items) in new.enumerated() { for (i, id) in items.enumerated() { position[id] = .cell(i, section: t) } }
      for (s, items) in old.enumerated() {
        for (i, id) in items.enumerated() {
          let expected = reloaded.contains(id) ? nil : position[id]
          #expect(
            change.newID(forOld: .cell(i, section: s)) == expected,
            "seed \(seed): old [\(s),\(i)] (id \(id)) with \(updates)")
          if let expected {
            #expect(change.oldID(forNew: expected) == .cell(i, section: s), "seed \(seed)")
          }
        }
      }
    }
  }

  @Test func inconsistentUpdatesAreRefusedWithTheCulprit() {
    func error(_ old: [Int], _ new: [Int], _ updates: [CollectionUpdate]) -> CollectionUpdateError? {
      do throws(CollectionUpdateError) {
        _ = try SnapshotChange(oldCounts: old, newCounts: new, updates: updates)
        return nil
      } catch { return error }
    }
    #expect(
      error([10], [10], [.deleteItem(ItemPath(section: 0, item: 0))])
        == .itemCountMismatch(section: 0, expected: 9, reported: 10))
    #expect(
      error([10], [9], [.deleteItem(ItemPath(section: 0, item: 10))])
        == .itemOutOfRange(update: 0, path: ItemPath(section: 0, item: 10), items: 10, after: false))
    #expect(
      error([10], [11], [.insertItem(ItemPath(section: 0, item: 11))])
        == .itemOutOfRange(update: 0, path: ItemPath(section: 0, item: 11), items: 11, after: true))
    #expect(
      error([10], [8], [.deleteItem(ItemPath(section: 0, item: 3)), .deleteItem(ItemPath(section: 0, item: 3))]) != nil)
    #expect(error([10, 5], [10], []) == .sectionCountMismatch(expected: 2, reported: 1))
    #expect(error([10], [10], [.deleteSection(0), .deleteSection(0)]) != nil)
    #expect(
      error([10], [10], [.deleteSection(Int.max)])
        == .sectionOutOfRange(update: 0, section: Int.max, sections: 1, after: false))
    #expect(error([-1], [0], []) == .negativeCount(section: 0, count: -1, after: false))
    #expect(error([10, 5], [10], [.deleteSection(1), .deleteItem(ItemPath(section: 1, item: 0))]) != nil)
    #expect(
      error([10], [10], [.reloadItem(ItemPath(section: 0, item: 2)), .deleteItem(ItemPath(section: 0, item: 2))]) != nil
    )
  }

  @Test func sectionMovesCarryTheirItems() throws {
    let change = try SnapshotChange(
      oldCounts: [3, 4, 5], newCounts: [4, 5, 3], updates: [.moveSection(from: 0, to: 2)])
    #expect(change.newID(forOld: .cell(1, section: 0)) == .cell(1, section: 2))
    #expect(change.newID(forOld: .cell(3, section: 1)) == .cell(3, section: 0))
    #expect(change.oldID(forNew: .cell(4, section: 1)) == .cell(4, section: 2))
    let reload = try SnapshotChange(oldCounts: [3, 4], newCounts: [3, 6], updates: [.reloadSection(1)])
    #expect(reload.newID(forOld: .cell(0, section: 1)) == nil)
    #expect(reload.newID(forOld: .cell(2, section: 0)) == .cell(2, section: 0))
  }

  @Test(
    arguments: hostCases.filter {
      !$0.name.hasPrefix("carousel") && !$0.name.hasPrefix("album") && $0.name != "prominent"
    })
  func theAnchorKeepsItsPlaceAndSurvivorsAnimateFromWhereTheyWere(_ c: HostCase) throws {
    var rng = SplitMix64(seed: 21)
    var host = try c.prepared()
    for step in 0..<20 {
      let size = host.contentSize
      try host.setBounds(
        Rect(
          origin: Point(x: 0, y: rng.double(in: 0...Swift.max(0, size.height - c.bounds.height))), size: c.bounds.size))
      let before = host
      var nextID = 1_000_000
      let old = host.counts.enumerated().map { s, n in (0..<n).map { s * 10_000 + $0 } }
      let (updates, new, _) = Self.randomUpdate(old, &rng, nextID: &nextID)
      do throws(HostError) {
        try host.prepare(forUpdates: updates, counts: new.map(\.count))
      } catch {
        // Layouts that take only some shapes (a mosaic of 0 items) may refuse; nothing changed.
        #expect(host.counts == before.counts && host.bounds == before.bounds, "\(c) step \(step): \(error)")
        continue
      }
      let target = host.targetContentOffset(forProposed: .zero)
      guard let change = try? SnapshotChange(oldCounts: old.map(\.count), newCounts: new.map(\.count), updates: updates)
      else {
        Issue.record("the host took updates the mapping refuses")
        continue
      }
      if let anchor = host.pendingAnchor, let a = host.attributes(for: anchor),
        let oldID = change.oldID(forNew: anchor), let b = before.attributes(for: oldID)
      {
        // The anchor's screen position before, kept unless the content cannot scroll there.
        let wanted = a.frame.minY - (b.frame.minY - before.bounds.minY)
        let maxY = Swift.max(0, host.contentSize.height + host.contentInset.bottom - host.bounds.height)
        let minY = -host.contentInset.top
        #expect(
          isClose(target.y, Swift.min(Swift.max(wanted, minY), maxY)), "\(c) step \(step): the anchor moved on screen")
      }
      // Every surviving element on screen before starts where it was.
      for a in before.elements(in: before.bounds) where a.id.kind == .cell {
        guard let newID = change.newID(forOld: a.id) else {
          #expect(host.finalAttributes(forDisappearing: a.id)?.alpha == 0, "\(c): a deleted item should fade")
          continue
        }
        // A layout may show only some items (the Months mode's summaries).
        guard host.attributes(for: newID) != nil else { continue }
        var expected = a
        expected.id = newID
        #expect(host.initialAttributes(forAppearing: newID) == expected, "\(c) step \(step): \(a.id) → \(newID)")
      }
      host.finalizeUpdates()
      try host.setBounds(Rect(origin: target, size: host.bounds.size))
    }
  }

  @Test func aRefusedUpdateChangesNothing() throws {
    var host = try hostCases[0].prepared()
    try host.setBounds(Rect(x: 0, y: 500, width: 390, height: 844))
    let before = host.elements(in: host.bounds)
    #expect(throws: HostError.self) {
      try host.prepare(forUpdates: [.deleteItem(ItemPath(section: 0, item: 0))], counts: host.counts)
    }
    #expect(host.elements(in: host.bounds) == before)
    #expect(host.pendingAnchor == nil)
  }

  @Test func theAnswerKeptFromAScrollIsNotServedAfterAnUpdate() throws {
    // Pinned headers, so a scroll keeps its answer.
    let layout = FlowLayout(headerLength: 30, pinsHeaders: true)
    let sizes = ItemSizeSource.cycling([Size(width: 120, height: 80), Size(width: 260, height: 140)])
    var host = LayoutHost(layout, itemSizes: sizes)
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [20, 50])
    let next = Rect(x: 0, y: 700, width: 390, height: 844)
    host.invalidate(with: host.invalidationContext(forBoundsChange: next))
    let kept = host.elements(in: next)
    // Ten items of the first section go: the second section moves up.
    try host.prepare(forUpdates: (0..<10).map { .deleteItem(ItemPath(section: 0, item: $0)) }, counts: [10, 50])
    host.finalizeUpdates()
    var fresh = LayoutHost(layout, itemSizes: sizes)
    try fresh.prepare(bounds: next, counts: [10, 50])
    let now = host.elements(in: next).sorted { $0.id < $1.id }
    #expect(now == fresh.elements(in: next).sorted { $0.id < $1.id })
    #expect(now != kept.sorted { $0.id < $1.id }, "the update should change what is on screen")
  }
}
