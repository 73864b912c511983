import LayoutCore
import ScrollworkTestSupport
import Testing

/// Data updates: snapshot changes against brute force, the viewed photo
/// kept in place, and the visible set of a data transition.
@Suite struct TransitionDataTests {
  typealias Snapshot = LibrarySnapshot<Int, Int>

  static func randomSnapshot(_ rng: inout SplitMix64, photos: Int, nextID: inout Int) -> Snapshot {
    var sections: [Snapshot.Section] = []
    var left = photos
    var s = 0
    while left > 0 || sections.isEmpty {
      let n = Swift.min(left, rng.int(in: 0...Swift.max(1, photos / 4 + 1)))
      sections.append(.init(id: s, items: (0..<n).map { nextID + $0 }))
      nextID += n
      left -= n
      s += 1
      if photos == 0 { break }
    }
    return Snapshot(sections: sections)
  }

  /// Random inserts, deletes, moves (within and across sections), section
  /// inserts, deletes and moves; returns the new snapshot and the reloads.
  static func mutate(
    _ old: Snapshot, _ rng: inout SplitMix64, nextID: inout Int, nextSection: inout Int
  ) -> (
    Snapshot, Set<Int>
  ) {
    var sections = old.sections
    var reloaded: Set<Int> = []
    for _ in 0..<rng.int(in: 0...12) {
      switch rng.int(in: 0...7) {
      case 0, 1:  // insert photos
        guard !sections.isEmpty else { continue }
        let s = rng.int(in: 0...(sections.count - 1))
        let at = rng.int(in: 0...sections[s].items.count)
        let n = rng.int(in: 1...20)
        sections[s].items.insert(contentsOf: (0..<n).map { nextID + $0 }, at: at)
        nextID += n
      case 2, 3:  // delete a range
        guard let s = sections.indices.randomElement(using: &rng), !sections[s].items.isEmpty else { continue }
        let i = rng.int(in: 0...(sections[s].items.count - 1))
        let j = Swift.min(sections[s].items.count, i + rng.int(in: 1...15))
        sections[s].items.removeSubrange(i..<j)
      case 4:  // move a photo anywhere
        guard let s = sections.indices.randomElement(using: &rng), !sections[s].items.isEmpty else { continue }
        let item = sections[s].items.remove(at: rng.int(in: 0...(sections[s].items.count - 1)))
        let t = rng.int(in: 0...(sections.count - 1))
        sections[t].items.insert(item, at: rng.int(in: 0...sections[t].items.count))
      case 5:  // reload
        if let s = sections.indices.randomElement(using: &rng), let item = sections[s].items.randomElement(using: &rng)
        {
          reloaded.insert(item)
        }
      case 6:  // insert or delete a section
        if rng.chance(0.5) || sections.isEmpty {
          let n = rng.int(in: 0...10)
          sections.insert(
            .init(id: nextSection, items: (0..<n).map { nextID + $0 }), at: rng.int(in: 0...sections.count))
          nextID += n
          nextSection += 1
        } else {
          sections.remove(at: rng.int(in: 0...(sections.count - 1)))
        }
      default:  // move a section
        guard sections.count > 1 else { continue }
        let section = sections.remove(at: rng.int(in: 0...(sections.count - 1)))
        sections.insert(section, at: rng.int(in: 0...sections.count))
      }
    }
    return (Snapshot(sections: sections), reloaded)
  }

  static func positions(_ snapshot: Snapshot) -> [Int: ElementID] {
    var result: [Int: ElementID] = [:]
    for (s, section) in snapshot.sections.enumerated() {
      for (i, id) in section.items.enumerated() { result[id] = .cell(i, section: s) }
    }
    return result
  }

  @Test func changesMapEveryIdentityLikeBruteForce() {
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xD1FF_0011)
      var rng = SplitMix64(seed: seed)
      var nextID = 0
      var nextSection = 1000
      let photos = index < 4 ? [0, 1, 10_000, 3][index] : rng.int(in: 0...(index % 5 == 0 ? 10_000 : 600))
      let old = Self.randomSnapshot(&rng, photos: photos, nextID: &nextID)
      let (new, reloaded) = Self.mutate(old, &rng, nextID: &nextID, nextSection: &nextSection)
      let change = SnapshotChange(from: old, to: new, reloaded: reloaded)
      let newPositions = Self.positions(new)
      let oldPositions = Self.positions(old)
      var failures = 0
      for (id, was) in oldPositions {
        let expected = reloaded.contains(id) ? nil : newPositions[id]
        if change.newID(forOld: was) != expected { failures += 1 }
      }
      for (id, now) in newPositions {
        let expected = reloaded.contains(id) ? nil : oldPositions[id]
        if change.oldID(forNew: now) != expected { failures += 1 }
      }
      #expect(failures == 0, "seed \(seed): \(failures) identities mapped wrongly")
      // Headers follow their sections (by identifier).
      for (s, section) in old.sections.enumerated() {
        let target = new.sections.firstIndex { $0.id == section.id }
        #expect(change.newSection(forOld: s) == target, "seed \(seed)")
        let header = ElementID(kind: .header, section: s, item: 0)
        #expect(change.newID(forOld: header) == target.map { ElementID(kind: .header, section: $0, item: 0) })
      }
      // Out of range identities map to nothing.
      #expect(change.newID(forOld: .cell(-1, section: 0)) == nil)
      #expect(change.newID(forOld: .cell(0, section: old.sections.count)) == nil)
      #expect(change.oldID(forNew: .cell(Int.max, section: 0)) == nil)
      let kept = oldPositions.keys.filter { newPositions[$0] != nil && !reloaded.contains($0) }.count
      #expect(change.removedCount == oldPositions.count - kept, "seed \(seed)")
      #expect(change.insertedCount == newPositions.count - kept, "seed \(seed)")
    }
  }

  static let viewport = Viewport(width: 390, height: 844)

  static func grid(_ snapshot: Snapshot, _ mode: PhotoGridLayout.Mode) throws -> PreparedPhotoGridLayout {
    try PhotoGridLayout.photosMonths.with(mode: mode).prepare(
      items: LayoutItems(sections: snapshot.itemCounts.map { .uniform(Size(width: 3000, height: 4000), count: $0) }),
      viewport: viewport)
  }

  @Test func photosInsertedAboveDoNotMoveTheOneInView() throws {
    let old = Snapshot(sections: (0..<8).map { s in .init(id: s, items: Array((s * 100)..<(s * 100 + 40))) })
    var sections = old.sections
    sections[0].items.insert(contentsOf: 10_000..<10_007, at: 3)
    sections[2].items.insert(contentsOf: 20_000..<20_013, at: 0)
    let new = Snapshot(sections: sections)
    let change = SnapshotChange(from: old, to: new)
    #expect(change.insertedCount == 20 && change.removedCount == 0)
    for mode in [PhotoGridLayout.Mode.allPhotos, .columns(3), .columns(5)] {
      let a = try Self.grid(old, mode)
      let b = try Self.grid(new, mode)
      let y = a.top(ofSection: 4)! + 100
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: y), to: b, at: ScrollState(), mapping: .dataChange(change), anchoredAt: nil)
      let anchor = try #require(t.anchor)
      #expect(t.targetAnchor == change.newID(forOld: anchor))
      let before = try #require(a.attributes(for: anchor, at: t.fromState)).center.y - y
      for p in [0.0, 0.3, 0.7, 1.0] {
        let now = try #require(t.attributes(for: t.targetAnchor!, progress: p)).center.y - t.offset(at: p).y
        #expect(abs(now - before) <= 0.5, "\(mode) p \(p)")
      }
      // All Photos: everything in view at the start is still where it was (the
      // inserts are in sections above; a continuous grid reflows instead).
      guard mode == .allPhotos else { continue }
      var start: [LayoutAttributes] = []
      t.visibleAttributes(progress: 0, into: &start)
      var end: [LayoutAttributes] = []
      t.visibleAttributes(progress: 1, into: &end)
      let endByID = Dictionary(uniqueKeysWithValues: end.map { ($0.id, $0.center - t.offset(at: 1)) })
      for e in start where e.alpha > 0 {
        let screen = e.center - t.offset(at: 0)
        if let moved = endByID[e.id] { #expect(abs(moved.y - screen.y) <= 0.5, "\(mode) \(e.id)") }
      }
    }
  }

  @Test func visibleSetOfADataUpdateEqualsBruteForce() throws {
    for index in 0..<40 {
      let seed = propertySeed(index, base: 0xDA7A_5E7)
      var rng = SplitMix64(seed: seed)
      var nextID = 0
      var nextSection = 1000
      let old = Self.randomSnapshot(&rng, photos: rng.int(in: 0...400), nextID: &nextID)
      let (new, reloaded) = Self.mutate(old, &rng, nextID: &nextID, nextSection: &nextSection)
      let change = SnapshotChange(from: old, to: new, reloaded: reloaded)
      let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(3), .columns(7)]
      let a = try Self.grid(old, modes[rng.int(in: 0...3)])
      let b = try Self.grid(new, modes[rng.int(in: 0...3)])
      let bounds = a.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
        mapping: .dataChange(change), anchoredAt: nil)
      for _ in 0..<4 {
        let p = rng.double(in: 0...1)
        var found: [LayoutAttributes] = []
        t.visibleAttributes(progress: p, into: &found)
        #expect(
          sameElements(found, transitionBruteForce(t, in: t.viewportRect(at: p), progress: p)), "seed \(seed) p \(p)")
        #expect(found.allSatisfy { $0.isFinite })
      }
    }
  }
}

/// The snapshot edits a tool's `insert N at I` and `delete I..J` verbs use.
@Suite struct TransitionSnapshotEditTests {
  @Test func insertAndDeleteByGlobalIndex() {
    let s = LibrarySnapshot<Int, Int>(counts: [3, 0, 2])
    #expect(s.sections.map(\.items) == [[0, 1, 2], [], [3, 4]])
    #expect(s.location(ofGlobal: 3)! == (2, 0))
    #expect(s.location(ofGlobal: 5)! == (2, 2))
    #expect(s.location(ofGlobal: 6) == nil)
    #expect(s.inserting([9], atGlobal: 0).sections[0].items == [9, 0, 1, 2])
    #expect(s.inserting([9], atGlobal: 3).sections.map(\.items) == [[0, 1, 2, 9], [], [3, 4]])
    #expect(s.inserting([9], atGlobal: 99).sections[2].items == [3, 4, 9])
    #expect(s.removing(globalRange: 1..<4).sections.map(\.items) == [[0], [], [4]])
    #expect(s.removing(globalRange: -5..<99).totalCount == 0)
    #expect(s.removing(globalRange: 4..<4).totalCount == 5)
    #expect(LibrarySnapshot<Int, Int>(counts: []).inserting([1], atGlobal: 0).totalCount == 0)
    // The change of an insert above pairs every old photo with itself.
    let change = SnapshotChange(from: s, to: s.inserting([7, 8], atGlobal: 1))
    #expect(change.insertedCount == 2 && change.removedCount == 0)
    #expect(change.newID(forOld: .cell(1, section: 0)) == .cell(3, section: 0))
    #expect(change.oldID(forNew: .cell(1, section: 0)) == nil)
  }
}
