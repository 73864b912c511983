import LayoutCore
import ScrollworkTestSupport
import Testing

@testable import CollectionChanges

struct Photo: Identifiable, Equatable, Sendable {
  var id: Int
  var caption: Int
}

/// Applies `updates` to `old` as `UICollectionView.performBatchUpdates`
/// reads them: deletes name positions before, inserts positions after
/// (filled from `new`), moves one of each; the kept items that are neither
/// deleted nor moved fill the remaining places in their old order.
func applyAsUIKit<ID: Hashable>(_ updates: [CollectionUpdate], to old: [ID], new: [ID]) -> [ID?] {
  var result = [ID?](repeating: nil, count: new.count)
  var taken = [Bool](repeating: false, count: new.count)
  var leaves = [Bool](repeating: false, count: old.count)
  for update in updates {
    switch update {
    case .deleteItem(let p): leaves[p.item] = true
    case .insertItem(let p):
      result[p.item] = new[p.item]
      taken[p.item] = true
    case .moveItem(let from, let to):
      leaves[from.item] = true
      result[to.item] = old[from.item]
      taken[to.item] = true
    default: Issue.record("unexpected update \(update)")
    }
  }
  var slot = 0
  for (i, id) in old.enumerated() where !leaves[i] {
    while slot < new.count && taken[slot] { slot += 1 }
    guard slot < new.count else {
      Issue.record("more kept items than places")
      return result
    }
    result[slot] = id
    slot += 1
  }
  return result
}

/// The length of a longest strictly increasing subsequence, by the
/// quadratic recurrence.
func longestIncreasingLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
  }
  return best.max() ?? 0
}

/// A random next version of `old`: some deleted, some inserted (new
/// identities below `space`), some reordered, some captions changed, and
/// now and then an identity repeated.
func mutate(_ old: [Photo], space: Int, using random: inout SplitMix64) -> [Photo] {
  var next = old.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
  let present = Set(next.map(\.id))
  let absent = (0..<space).filter { !present.contains($0) }.shuffled(using: &random)
  for id in absent.prefix(Int.random(in: 0...4, using: &random)) {
    next.insert(Photo(id: id, caption: 0), at: Int.random(in: 0...next.count, using: &random))
  }
  for _ in 0..<Int.random(in: 0...3, using: &random) where next.count > 1 {
    let from = Int.random(in: 0..<next.count, using: &random)
    let item = next.remove(at: from)
    next.insert(item, at: Int.random(in: 0...next.count, using: &random))
  }
  for i in next.indices where Int.random(in: 0..<6, using: &random) == 0 { next[i].caption += 1 }
  if !next.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      var copy = next[Int.random(in: 0..<next.count, using: &random)]
      copy.caption = Int.random(in: 0..<3, using: &random)
      next.insert(copy, at: Int.random(in: 0...next.count, using: &random))
    }
  }
  return next
}

/// The first item of each identity, in order.
func firstOccurrences(_ items: [Photo]) -> [Photo] {
  var seen = Set<Int>()
  return items.filter { seen.insert($0.id).inserted }
}

@Suite struct ItemChangesTests {
  @Test func updatesTurnTheOldIdentitiesIntoTheNewOnesOverSeededSequences() throws {
    for seed in UInt64(0)..<200 {
      var random = SplitMix64(seed: 0xC011_EC71 &+ seed)
      let space = Int.random(in: 1...40, using: &random)
      var state = IdentifiedItems<Photo, Int>()
      var shown: [Photo] = []  // what the view shows: first occurrences
      var input: [Photo] = []
      for step in 0..<12 {
        input = mutate(step == 0 ? [] : input, space: space, using: &random)
        let expected = firstOccurrences(input)
        let oldIDs = shown.map(\.id)
        let changes = state.update(to: input)
        let context = "seed \(seed) step \(step)"

        // The state holds the first occurrences, and positions agree.
        #expect(state.identities == expected.map(\.id), "\(context)")
        #expect(state.items == expected, "\(context)")
        for (i, id) in state.identities.enumerated() { #expect(state.index(of: id) == i, "\(context)") }
        #expect(changes.oldCount == oldIDs.count && changes.newCount == expected.count, "\(context)")

        // UIKit's reading of the updates gives the new identities.
        let applied = applyAsUIKit(changes.updates, to: oldIDs, new: state.identities)
        #expect(applied == state.identities.map { Optional($0) }, "\(context): \(changes.updates)")

        // The counts validate, and every kept item maps to its new place.
        let change = try SnapshotChange(
          oldCounts: [oldIDs.count], newCounts: [expected.count], updates: changes.updates)
        for (old, id) in oldIDs.enumerated() {
          let mapped = change.newID(forOld: .cell(old))
          #expect(mapped == state.index(of: id).map { .cell($0) }, "\(context): item \(id)")
        }

        // The fewest moves: every kept item outside a longest increasing run.
        let keptOldPositions = state.identities.compactMap { id in oldIDs.firstIndex(of: id) }
        #expect(changes.moves.count == keptOldPositions.count - longestIncreasingLength(keptOldPositions), "\(context)")
        #expect(changes.deletedPaths.count == oldIDs.count - keptOldPositions.count, "\(context)")
        #expect(changes.insertedPaths.count == expected.count - keptOldPositions.count, "\(context)")

        // Exactly the kept items whose value changed are reconfigured.
        let before = Dictionary(uniqueKeysWithValues: shown.map { ($0.id, $0) })
        let changed = expected.enumerated().compactMap { (i, photo) -> ItemChanges<Int>.Reconfigured? in
          guard let old = before[photo.id], old != photo, let from = oldIDs.firstIndex(of: photo.id) else {
            return nil
          }
          return .init(id: photo.id, from: from, to: i)
        }
        #expect(changes.reconfigured == changed, "\(context)")

        // Each repeated identity is reported once, in the order its second
        // occurrence came.
        var seen = Set<Int>()
        var repeated: [Int] = []
        for photo in input where !seen.insert(photo.id).inserted && !repeated.contains(photo.id) {
          repeated.append(photo.id)
        }
        #expect(changes.duplicates == repeated, "\(context)")
        #expect((changes.duplicatesMessage != nil) == !repeated.isEmpty, "\(context)")
        shown = expected
      }
    }
  }

  @Test func aReversalMovesAllButOne() throws {
    var state = IdentifiedItems((0..<6).map { Photo(id: $0, caption: 0) })
    let changes = state.update(to: (0..<6).reversed().map { Photo(id: $0, caption: 0) })
    #expect(changes.moves.count == 5)
    #expect(changes.deletedPaths.isEmpty && changes.insertedPaths.isEmpty && changes.reconfigured.isEmpty)
    _ = try SnapshotChange(oldCounts: [6], newCounts: [6], updates: changes.updates)
  }

  @Test func anUnchangedArrayChangesNothing() {
    let photos = (0..<100).map { Photo(id: $0, caption: $0) }
    var state = IdentifiedItems(photos)
    let changes = state.update(to: photos)
    #expect(changes.isEmpty && !changes.hasStructuralChanges && changes.duplicates.isEmpty)
  }

  @Test func duplicatesKeepTheFirstItemAndAreReportedOncePerChange() {
    var state = IdentifiedItems<Photo, Int>()
    let input = [
      Photo(id: 1, caption: 0), Photo(id: 2, caption: 0), Photo(id: 1, caption: 9), Photo(id: 1, caption: 8),
      Photo(id: 3, caption: 0), Photo(id: 2, caption: 7),
    ]
    let first = state.update(to: input)
    #expect(first.duplicates == [1, 2])
    #expect(state.items == [Photo(id: 1, caption: 0), Photo(id: 2, caption: 0), Photo(id: 3, caption: 0)])
    #expect(first.insertedPaths == [0, 1, 2].map { ItemPath(section: 0, item: $0) })
    // The same input again: nothing changes, and the duplicates are
    // reported again (once each) for this change.
    let second = state.update(to: input)
    #expect(second.isEmpty && second.duplicates == [1, 2])
  }

  @Test func itemsWithoutEquatableCompareByAVersion() {
    final class Model {
      let id: String
      var version: Int
      init(_ id: String, version: Int) {
        self.id = id
        self.version = version
      }
    }
    let a = Model("a", version: 0)
    let b = Model("b", version: 0)
    var state = IdentifiedItems([a, b], section: 2, id: \.id)
    let b2 = Model("b", version: 1)
    let changes = state.update(to: [b2, a], id: { $0.id }, isEqual: { $0.version == $1.version })
    #expect(changes.reconfigured == [.init(id: "b", from: 1, to: 0)])
    #expect(changes.reconfiguredPaths == [ItemPath(section: 2, item: 0)])
    #expect(changes.moves.count == 1 && changes.moves[0].from.section == 2)
    #expect(state.item(for: "b") === b2)
  }

  @Test func lookupsOutOfRangeAnswerNil() {
    let state = IdentifiedItems([Photo(id: 4, caption: 0)], section: 1)
    #expect(state.path(of: 4) == ItemPath(section: 1, item: 0))
    #expect(state.identity(at: ItemPath(section: 0, item: 0)) == nil)
    #expect(state.identity(at: ItemPath(section: 1, item: 1)) == nil)
    #expect(state.identity(at: ItemPath(section: 1, item: -1)) == nil)
    #expect(state.item(at: ItemPath(section: 1, item: 0))?.id == 4)
    #expect(state.path(of: 5) == nil)
  }

  @Test func theIncreasingRunIsALongestOne() {
    var random = SplitMix64(seed: 42)
    for _ in 0..<300 {
      let values = (0..<Int.random(in: 0...30, using: &random)).map { _ in Int.random(in: -3...20, using: &random) }
      let flags = longestIncreasingRun(values)
      let picked = values.indices.filter { flags[$0] }.map { values[$0] }
      #expect(picked.allSatisfy { $0 >= 0 })
      #expect(zip(picked, picked.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")
      #expect(picked.count == longestIncreasingLength(values.filter { $0 >= 0 }), "\(values)")
    }
  }
}
