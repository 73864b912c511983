/// The position of an item: its section and its index in the section
/// (UIKit's `IndexPath` of an item).
public struct ItemPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  @inlinable public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// The identity of the cell at this path.
  @inlinable public var cell: ElementID { .cell(item, section: section) }

  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// `[section,item]`.
  public var description: String { "[\(section),\(item)]" }
}

/// Consecutive items of one section: positions `items` of section
/// `section` (a batch of photos inserted or deleted together).
public struct ItemRange: Hashable, Sendable, CustomStringConvertible {
  public var section: Int
  public var items: Range<Int>

  @inlinable public init(section: Int, items: Range<Int>) {
    self.section = section
    self.items = items
  }

  /// `[section,lower..<upper]`.
  public var description: String { "[\(section),\(items.lowerBound)..<\(items.upperBound)]" }
}

/// One edit of a batch update, with `UICollectionView`'s semantics:
/// deletes and reloads name positions *before* the update, inserts name
/// positions *after* it, moves name one of each.
public enum CollectionUpdate: Hashable, Sendable {
  /// An item inserted at this position after the update.
  case insertItem(ItemPath)
  /// The item at this position before the update, deleted.
  case deleteItem(ItemPath)
  /// The item at this position before the update, replaced by a new one at
  /// the position it keeps (a removal and an insertion).
  case reloadItem(ItemPath)
  /// The item at `from` before the update, at `to` after it (the same
  /// item, so it animates from one place to the other).
  case moveItem(from: ItemPath, to: ItemPath)
  /// A section inserted at this index after the update.
  case insertSection(Int)
  /// The section at this index before the update, deleted with its items.
  case deleteSection(Int)
  /// The section at this index before the update, replaced by a new one.
  case reloadSection(Int)
  /// The section at `from` before the update, at `to` after it.
  case moveSection(from: Int, to: Int)
}

/// Why a batch update was refused: it does not describe a change from the
/// counts before to the counts after (UIKit raises
/// `NSInternalInconsistencyException` for the same updates).
public enum CollectionUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A count before or after is negative.
  case negativeCount(section: Int, count: Int, after: Bool)
  /// Update `update` names a section that does not exist (before or after
  /// the update, as its kind says).
  case sectionOutOfRange(update: Int, section: Int, sections: Int, after: Bool)
  /// Update `update` names an item that does not exist.
  case itemOutOfRange(update: Int, path: ItemPath, items: Int, after: Bool)
  /// Update `update` names a section or item an earlier update already
  /// names, or an item of a section that is inserted, deleted or reloaded.
  case conflict(update: Int, reason: String)
  /// The sections after the update are not the sections before, less the
  /// deleted, plus the inserted.
  case sectionCountMismatch(expected: Int, reported: Int)
  /// Section `section` after the update should hold `expected` items (its
  /// count before, less deletions, plus insertions) but holds `reported`.
  case itemCountMismatch(section: Int, expected: Int, reported: Int)

  public var description: String {
    func side(_ after: Bool) -> String { after ? "after" : "before" }
    switch self {
    case .negativeCount(let section, let count, let after):
      return "section \(section) has \(count) items \(side(after)) the update; counts must not be negative"
    case .sectionOutOfRange(let update, let section, let sections, let after):
      return
        "update \(update): section \(section) does not exist \(side(after)) the update (sections 0..<\(sections))"
    case .itemOutOfRange(let update, let path, let items, let after):
      return "update \(update): item \(path) does not exist \(side(after)) the update (items 0..<\(items))"
    case .conflict(let update, let reason):
      return "update \(update): \(reason)"
    case .sectionCountMismatch(let expected, let reported):
      return
        "the update leaves \(expected) sections (before, less deleted, plus inserted) but the data source reports \(reported)"
    case .itemCountMismatch(let section, let expected, let reported):
      return
        "section \(section) should hold \(expected) items after the update (before, less deleted, plus inserted) but the data source reports \(reported)"
    }
  }
}

extension SnapshotChange {
  /// The change a list of batch-update edits makes to sections of
  /// `oldCounts` items, which must leave sections of `newCounts` items:
  /// what `UICollectionView.performBatchUpdates` hands its layout, as an
  /// identity mapping.
  ///
  /// Kept sections pair in order (after removing deleted, reloaded and
  /// moved ones on each side); a reloaded section or item is a removal and
  /// an insertion at the position it keeps; items of a moved section keep
  /// their indexes unless edited.
  ///
  /// - Complexity: O(s + k log k) for s sections and k edits; nothing is
  ///   stored or visited per unchanged item.
  /// - Throws: `CollectionUpdateError` for edits that do not fit the counts
  ///   (out of range, twice named, inconsistent counts); nothing is built.
  public init(oldCounts: [Int], newCounts: [Int], updates: [CollectionUpdate]) throws(CollectionUpdateError) {
    for (s, count) in oldCounts.enumerated() where count < 0 {
      throw .negativeCount(section: s, count: count, after: false)
    }
    for (s, count) in newCounts.enumerated() where count < 0 {
      throw .negativeCount(section: s, count: count, after: true)
    }
    let oldSections = oldCounts.count
    let newSections = newCounts.count
    // Sections: what leaves, what arrives, what moves.
    var leaves = Array(repeating: false, count: oldSections)  // deleted, reloaded or moved
    var reloaded = Array(repeating: false, count: oldSections)
    var arrives = Array(repeating: false, count: newSections)  // inserted or moved to
    var forward = Array(repeating: -1, count: oldSections)
    var backward = Array(repeating: -1, count: newSections)
    func checkOld(_ s: Int, _ u: Int) throws(CollectionUpdateError) {
      guard s >= 0, s < oldSections else {
        throw .sectionOutOfRange(update: u, section: s, sections: oldSections, after: false)
      }
      guard !leaves[s] && !reloaded[s] else {
        throw .conflict(update: u, reason: "section \(s) is already deleted, reloaded or moved")
      }
    }
    func checkNew(_ t: Int, _ u: Int) throws(CollectionUpdateError) {
      guard t >= 0, t < newSections else {
        throw .sectionOutOfRange(update: u, section: t, sections: newSections, after: true)
      }
      guard !arrives[t] else { throw .conflict(update: u, reason: "section \(t) is already inserted or moved to") }
    }
    for (u, update) in updates.enumerated() {
      switch update {
      case .deleteSection(let s):
        try checkOld(s, u)
        leaves[s] = true
      case .reloadSection(let s):
        try checkOld(s, u)
        reloaded[s] = true
      case .insertSection(let t):
        try checkNew(t, u)
        arrives[t] = true
      case .moveSection(let s, let t):
        try checkOld(s, u)
        try checkNew(t, u)
        leaves[s] = true
        arrives[t] = true
        forward[s] = t
        backward[t] = s
      default: break
      }
    }
    // Kept (and reloaded) sections pair in order.
    var t = 0
    var keptOld = 0
    var keptNew = 0
    for s in 0..<oldSections where !leaves[s] {
      keptOld += 1
      while t < newSections && arrives[t] { t += 1 }
      if t < newSections {
        forward[s] = t
        backward[t] = s
        t += 1
      }
    }
    for t in 0..<newSections where !arrives[t] { keptNew += 1 }
    guard keptOld == keptNew else {
      throw .sectionCountMismatch(expected: newSections - keptNew + keptOld, reported: newSections)
    }
    // A reloaded section is removed and inserted where it stands.
    var removedSectionItems = 0
    var insertedSectionItems = 0
    for s in 0..<oldSections where leaves[s] && forward[s] < 0 || reloaded[s] {
      removedSectionItems += oldCounts[s]
      if reloaded[s] {
        insertedSectionItems += newCounts[forward[s]]
        backward[forward[s]] = -1
        forward[s] = -1
      }
    }
    for t in 0..<newSections where arrives[t] && backward[t] < 0 { insertedSectionItems += newCounts[t] }

    // Items, per old section that has a counterpart.
    var removals = Array(repeating: [(offset: Int, update: Int)](), count: oldSections)
    var insertions = Array(repeating: [(offset: Int, update: Int)](), count: oldSections)
    var reloads = Array(repeating: [(offset: Int, update: Int)](), count: oldSections)
    var movesForward: [ElementID: ElementID] = [:]
    var movesBackward: [ElementID: ElementID] = [:]
    func oldItem(_ p: ItemPath, _ u: Int) throws(CollectionUpdateError) -> Int {
      guard p.section >= 0, p.section < oldSections else {
        throw .sectionOutOfRange(update: u, section: p.section, sections: oldSections, after: false)
      }
      guard p.item >= 0, p.item < oldCounts[p.section] else {
        throw .itemOutOfRange(update: u, path: p, items: oldCounts[p.section], after: false)
      }
      guard forward[p.section] >= 0 else {
        throw .conflict(update: u, reason: "item \(p) belongs to a section that is deleted or reloaded")
      }
      return p.section
    }
    func newItem(_ p: ItemPath, _ u: Int) throws(CollectionUpdateError) -> Int {
      guard p.section >= 0, p.section < newSections else {
        throw .sectionOutOfRange(update: u, section: p.section, sections: newSections, after: true)
      }
      guard p.item >= 0, p.item < newCounts[p.section] else {
        throw .itemOutOfRange(update: u, path: p, items: newCounts[p.section], after: true)
      }
      guard backward[p.section] >= 0 else {
        throw .conflict(update: u, reason: "item \(p) belongs to a section that is inserted or reloaded")
      }
      return backward[p.section]
    }
    var moved = 0
    for (u, update) in updates.enumerated() {
      switch update {
      case .deleteItem(let p):
        removals[try oldItem(p, u)].append((p.item, u))
      case .reloadItem(let p):
        reloads[try oldItem(p, u)].append((p.item, u))
      case .insertItem(let p):
        insertions[try newItem(p, u)].append((p.item, u))
      case .moveItem(let from, let to):
        let s = try oldItem(from, u)
        let owner = try newItem(to, u)
        removals[s].append((from.item, u))
        insertions[owner].append((to.item, u))
        movesForward[from.cell] = to.cell
        movesBackward[to.cell] = from.cell
        moved += 1
      default: break
      }
    }
    var offsets: [Int: Offsets] = [:]
    var inserted = insertedSectionItems
    var removed = removedSectionItems
    func sortedUnique(
      _ list: [(offset: Int, update: Int)], _ what: String, _ section: Int
    ) throws(CollectionUpdateError) -> [Int] {
      let sorted = list.sorted { $0.offset != $1.offset ? $0.offset < $1.offset : $0.update < $1.update }
      var result: [Int] = []
      result.reserveCapacity(sorted.count)
      for (i, entry) in sorted.enumerated() {
        if i > 0 && sorted[i - 1].offset == entry.offset {
          throw .conflict(
            update: entry.update, reason: "item [\(section),\(entry.offset)] is \(what) by an earlier update too")
        }
        result.append(entry.offset)
      }
      return result
    }
    for s in 0..<oldSections where forward[s] >= 0 {
      let target = forward[s]
      if removals[s].isEmpty && insertions[s].isEmpty && reloads[s].isEmpty {
        guard oldCounts[s] == newCounts[target] else {
          throw .itemCountMismatch(section: target, expected: oldCounts[s], reported: newCounts[target])
        }
        continue
      }
      var gone = try sortedUnique(removals[s], "deleted or moved", s)
      var arrived = try sortedUnique(insertions[s], "inserted or moved to", target)
      let expected = oldCounts[s] - gone.count + arrived.count
      guard expected == newCounts[target] else {
        throw .itemCountMismatch(section: target, expected: expected, reported: newCounts[target])
      }
      if !reloads[s].isEmpty {
        let reloadedItems = try sortedUnique(reloads[s], "reloaded", s)
        var pairs: [(old: Int, new: Int)] = []
        for (i, item) in reloadedItems.enumerated() {
          guard let new = Self.map(item, from: gone, to: arrived) else {
            let u = reloads[s].first { $0.offset == item }?.update ?? i
            throw .conflict(update: u, reason: "item [\(s),\(item)] is reloaded and also deleted or moved")
          }
          pairs.append((item, new))
        }
        for pair in pairs {
          gone.insert(pair.old, at: Self.lowerBound(gone, pair.old))
          arrived.insert(pair.new, at: Self.lowerBound(arrived, pair.new))
        }
      }
      offsets[s] = Offsets(removals: gone, insertions: arrived)
      inserted += arrived.count
      removed += gone.count
    }
    // Moves were counted among removals and insertions above; they count
    // once, as moves (reloads count as a removal and an insertion).
    inserted -= moved
    removed -= moved
    self.init(
      oldCounts: oldCounts, newCounts: newCounts, sectionForward: forward, sectionBackward: backward,
      offsets: offsets, movesForward: movesForward, movesBackward: movesBackward,
      insertedCount: inserted, removedCount: removed, movedCount: moved)
  }

  /// The change that deletes the items of `deleted` (positions before the
  /// update) and inserts those of `inserted` (positions after it), every
  /// section kept in place: what a batch insert or delete of many
  /// consecutive items makes, without an edit per item.
  ///
  /// Errors name an update by its index in `deleted` followed by
  /// `inserted` (the first inserted range is update `deleted.count`).
  /// Empty ranges are allowed and change nothing.
  ///
  /// - Complexity: O(s + r log r) for s sections and r ranges; nothing is
  ///   built or visited per item, so a range of a million items costs what
  ///   a range of one does.
  /// - Throws: `CollectionUpdateError`: counts that are negative, or that
  ///   do not have as many sections before as after; a range outside its
  ///   section; two ranges of a side that overlap; a section whose count
  ///   after is not its count before, less deleted, plus inserted.
  public init(
    oldCounts: [Int], newCounts: [Int], deleting deleted: [ItemRange], inserting inserted: [ItemRange]
  ) throws(CollectionUpdateError) {
    for (s, count) in oldCounts.enumerated() where count < 0 {
      throw .negativeCount(section: s, count: count, after: false)
    }
    for (s, count) in newCounts.enumerated() where count < 0 {
      throw .negativeCount(section: s, count: count, after: true)
    }
    guard oldCounts.count == newCounts.count else {
      throw .sectionCountMismatch(expected: oldCounts.count, reported: newCounts.count)
    }
    let sections = oldCounts.count
    /// Each side's non-empty ranges, checked against its counts, sorted by
    /// section then start (no array per section: a step on a library of
    /// many sections costs O(s) in flat arrays of integers only).
    func sortedRanges(
      _ ranges: [ItemRange], first: Int, counts: [Int], after: Bool
    ) throws(CollectionUpdateError) -> [(range: ItemRange, update: Int)] {
      var result: [(range: ItemRange, update: Int)] = []
      result.reserveCapacity(ranges.count)
      for (i, r) in ranges.enumerated() {
        let u = first + i
        guard r.section >= 0, r.section < sections else {
          throw .sectionOutOfRange(update: u, section: r.section, sections: sections, after: after)
        }
        guard !r.items.isEmpty else { continue }
        let count = counts[r.section]
        guard r.items.lowerBound >= 0, r.items.upperBound <= count else {
          let bad = r.items.lowerBound < 0 ? r.items.lowerBound : Swift.max(r.items.lowerBound, count)
          throw .itemOutOfRange(update: u, path: ItemPath(section: r.section, item: bad), items: count, after: after)
        }
        result.append((r, u))
      }
      result.sort {
        ($0.range.section, $0.range.items.lowerBound) < ($1.range.section, $1.range.items.lowerBound)
      }
      // Two ranges of a side that overlap.
      for k in result.indices.dropFirst() {
        let (a, b) = (result[k - 1].range, result[k].range)
        guard a.section != b.section || b.items.lowerBound >= a.items.upperBound else {
          throw .conflict(
            update: result[k].update,
            reason: "items \(b) are \(after ? "inserted" : "deleted") by an earlier range too")
        }
      }
      return result
    }
    let gone = try sortedRanges(deleted, first: 0, counts: oldCounts, after: false)
    let arrived = try sortedRanges(inserted, first: deleted.count, counts: newCounts, after: true)
    var offsets: [Int: Offsets] = [:]
    var expected = oldCounts  // less deleted, plus inserted
    var removed = 0
    var added = 0
    for (entry, _) in gone {
      offsets[entry.section, default: Offsets()].removals.append(entry.items)
      expected[entry.section] -= entry.items.count
      removed += entry.items.count
    }
    for (entry, _) in arrived {
      offsets[entry.section, default: Offsets()].insertions.append(entry.items)
      expected[entry.section] += entry.items.count
      added += entry.items.count
    }
    if expected != newCounts, let s = (0..<sections).first(where: { expected[$0] != newCounts[$0] }) {
      throw .itemCountMismatch(section: s, expected: expected[s], reported: newCounts[s])
    }
    let identity = Array(0..<sections)
    self.init(
      oldCounts: oldCounts, newCounts: newCounts, sectionForward: identity, sectionBackward: identity,
      offsets: offsets, movesForward: [:], movesBackward: [:], insertedCount: added, removedCount: removed,
      movedCount: 0)
  }

  /// Every stored part, as built by one of the public initializers.
  init(
    oldCounts: [Int], newCounts: [Int], sectionForward: [Int], sectionBackward: [Int], offsets: [Int: Offsets],
    movesForward: [ElementID: ElementID], movesBackward: [ElementID: ElementID], insertedCount: Int,
    removedCount: Int, movedCount: Int
  ) {
    self.oldCounts = oldCounts
    self.newCounts = newCounts
    self.sectionForward = sectionForward
    self.sectionBackward = sectionBackward
    self.offsets = offsets
    (changeIndex, changedOffsets) = Self.indexed(offsets, sectionCount: oldCounts.count)
    self.movesForward = movesForward
    self.movesBackward = movesBackward
    self.insertedCount = insertedCount
    self.removedCount = removedCount
    self.movedCount = movedCount
  }

  /// The number of sections before the change.
  public var oldSectionCount: Int { oldCounts.count }
  /// The number of sections after the change.
  public var newSectionCount: Int { newCounts.count }
  /// The item counts before the change.
  public var itemCountsBefore: [Int] { oldCounts }
  /// The item counts after the change.
  public var itemCountsAfter: [Int] { newCounts }
}
