/// The identifiers of a photo library's sections and items, in order: what
/// a data update compares (UIKit's diffable snapshot, as a value).
///
/// Item identifiers must be unique over the whole snapshot, as in UIKit;
/// with duplicates, moves between sections pair the last occurrences
/// (documented, never a trap).
public struct LibrarySnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// One section: its identifier and its items' identifiers.
  public struct Section: Hashable, Sendable {
    public var id: SectionID
    public var items: [ItemID]

    public init(id: SectionID, items: [ItemID]) {
      self.id = id
      self.items = items
    }
  }

  public var sections: [Section]

  public init(sections: [Section]) { self.sections = sections }

  /// The number of items in each section, in order.
  public var itemCounts: [Int] { sections.map(\.items.count) }

  /// The number of items over all sections.
  public var totalCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// The section and offset of global item `index` (items numbered over
  /// all sections in order); `index == totalCount` is the end of the last
  /// section. `nil` when out of range or when there are no sections.
  ///
  /// - Complexity: O(s).
  public func location(ofGlobal index: Int) -> (section: Int, item: Int)? {
    guard index >= 0, !sections.isEmpty else { return nil }
    var left = index
    for (s, section) in sections.enumerated() {
      if left < section.items.count { return (s, left) }
      left -= section.items.count
    }
    return left == 0 ? (sections.count - 1, sections[sections.count - 1].items.count) : nil
  }

  /// The snapshot with `items` inserted before global item `index` (at the
  /// end of the previous section's items when `index` starts a section: an
  /// insertion lands in the section of the item before it, or the first
  /// section at index 0). `index` is clamped into `0...totalCount`; with no
  /// sections nothing is inserted.
  ///
  /// - Complexity: O(s + n) for the copy.
  public func inserting(_ items: [ItemID], atGlobal index: Int) -> LibrarySnapshot {
    guard !sections.isEmpty else { return self }
    let index = Swift.min(Swift.max(0, index), totalCount)
    var copy = self
    if index == 0 {
      copy.sections[0].items.insert(contentsOf: items, at: 0)
      return copy
    }
    guard let (s, i) = location(ofGlobal: index - 1) else { return self }
    copy.sections[s].items.insert(contentsOf: items, at: i + 1)
    return copy
  }

  /// The snapshot without global items `range` (clamped into
  /// `0..<totalCount`; sections stay, even when emptied).
  ///
  /// - Complexity: O(s + n).
  public func removing(globalRange range: Range<Int>) -> LibrarySnapshot {
    let total = totalCount
    let lower = Swift.min(Swift.max(0, range.lowerBound), total)
    let upper = Swift.min(Swift.max(lower, range.upperBound), total)
    var copy = self
    var start = 0
    for s in copy.sections.indices {
      let count = copy.sections[s].items.count
      let from = Swift.max(lower, start) - start
      let to = Swift.min(upper, start + count) - start
      if from < to { copy.sections[s].items.removeSubrange(from..<to) }
      start += count
    }
    return copy
  }
}

extension LibrarySnapshot where SectionID == Int, ItemID == Int {
  /// Sections `0, 1, …` of consecutive integer items `0, 1, …`, `counts`
  /// items each (negative counts count as 0): a library for tools and
  /// tests.
  public init(counts: [Int]) {
    var next = 0
    var sections: [Section] = []
    sections.reserveCapacity(counts.count)
    for (s, count) in counts.enumerated() {
      let n = Swift.max(0, count)
      sections.append(Section(id: s, items: Array(next..<(next + n))))
      next += n
    }
    self.init(sections: sections)
  }
}

/// How the elements of one snapshot's layout correspond to another's:
/// the map a data-update transition pairs elements with.
///
/// Built from two snapshots with the standard library's
/// `CollectionDifference` (`difference(from:).inferringMoves()`), section
/// identifiers first, then the items of each pair of matching sections;
/// items that leave one section and arrive in another are paired by
/// identifier. A reloaded item is a removal and an insertion (its old and
/// new cells cross-fade). Section headers follow their sections.
///
/// Lookups cost O(log d) for d changes in the element's section (a binary
/// search over its sorted removals and insertions) plus one hash lookup
/// for moves; nothing is stored per unchanged item.
public struct SnapshotChange: Sendable {
  /// Removal offsets (old) and insertion offsets (new) of one pair of
  /// matching sections.
  @usableFromInline struct Offsets: Sendable {
    @usableFromInline var removals: OffsetRuns
    @usableFromInline var insertions: OffsetRuns

    @inlinable init() {
      removals = OffsetRuns()
      insertions = OffsetRuns()
    }

    /// From sorted, distinct offsets.
    @inlinable init(removals: [Int], insertions: [Int]) {
      self.removals = OffsetRuns(sorted: removals)
      self.insertions = OffsetRuns(sorted: insertions)
    }
  }

  /// Sorted, distinct offsets held as runs of consecutive ones: a range of
  /// a million offsets is one entry, so a change that inserts or deletes a
  /// range costs nothing per item.
  @usableFromInline struct OffsetRuns: Sendable {
    /// The first offset of each run, increasing; runs are maximal (two
    /// runs never touch).
    @usableFromInline var starts: [Int] = []
    /// `before[j]`: how many offsets the runs before run `j` hold; one
    /// more entry than runs, the last being the count.
    @usableFromInline var before: [Int] = [0]

    @inlinable init() {}

    /// From sorted, distinct offsets.
    @inlinable init(sorted values: [Int]) {
      for value in values { append(value..<(value + 1)) }
    }

    /// How many offsets it holds.
    @inlinable var count: Int { before[before.count - 1] }

    /// Adds `range`, which lies after every offset held.
    @inlinable mutating func append(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      let total = count
      if let last = starts.last, last + (total - before[before.count - 2]) == range.lowerBound {
        before[before.count - 1] += range.count
      } else {
        starts.append(range.lowerBound)
        before.append(total + range.count)
      }
    }

    /// How many offsets lie below `i`, and whether `i` is one.
    ///
    /// - Complexity: O(log r) for r runs.
    @inlinable func rank(of i: Int) -> (below: Int, holds: Bool) {
      let j = partitionPoint(in: 0..<starts.count) { starts[$0] > i } - 1
      guard j >= 0 else { return (0, false) }
      let offset = i - starts[j]
      return offset < before[j + 1] - before[j] ? (before[j] + offset, true) : (before[j + 1], false)
    }

    /// How many offsets `o` (the m-th from 0) have `o − m ≤ rank`: the
    /// arrivals placed before the kept item of rank `rank`. `o − m` is the
    /// same along a run and grows from one run to the next.
    ///
    /// - Complexity: O(log r) for r runs.
    @inlinable func arrivals(upTo rank: Int) -> Int {
      before[partitionPoint(in: 0..<starts.count) { starts[$0] - before[$0] > rank }]
    }
  }

  @usableFromInline let oldCounts: [Int]
  @usableFromInline let newCounts: [Int]
  /// Old section → new section, or −1.
  @usableFromInline let sectionForward: [Int]
  /// New section → old section, or −1.
  @usableFromInline let sectionBackward: [Int]
  /// Per old section with a counterpart and changed items: its changes
  /// (sparse: a change on a library of many sections stores nothing for
  /// the sections it leaves alone).
  @usableFromInline let offsets: [Int: Offsets]
  /// Old section → index in `changedOffsets`, or −1 when its items did not
  /// change: a lookup, made per element of every transition frame, reads
  /// an array instead of hashing the section.
  @usableFromInline let changeIndex: [Int]
  /// The values of `offsets`, each once.
  @usableFromInline let changedOffsets: [Offsets]
  @usableFromInline let movesForward: [ElementID: ElementID]
  @usableFromInline let movesBackward: [ElementID: ElementID]

  /// Items inserted, removed and moved (reloads count as one removal and
  /// one insertion; moves are counted once, not as removals or insertions).
  public let insertedCount: Int
  public let removedCount: Int
  public let movedCount: Int

  /// An item identifier, told apart from itself when reloaded.
  @usableFromInline struct Key<ItemID: Hashable>: Hashable {
    @usableFromInline var id: ItemID
    @usableFromInline var fresh: Bool

    @inlinable init(id: ItemID, fresh: Bool) {
      self.id = id
      self.fresh = fresh
    }
  }

  /// The change from `old` to `new`; items in `reloaded` that are in both
  /// are replaced rather than kept.
  ///
  /// - Complexity: O(n) to compare sections and trim the common prefix and
  ///   suffix of changed ones, plus `CollectionDifference`'s O((m + m')·d)
  ///   on what remains of each changed section (m, m' items, d changes) and
  ///   on the section identifiers.
  /// Inlinable, so it is specialised for the caller's identifier types.
  @inlinable
  public init<S, I>(from old: LibrarySnapshot<S, I>, to new: LibrarySnapshot<S, I>, reloaded: Set<I> = []) {
    oldCounts = old.sections.map(\.items.count)
    newCounts = new.sections.map(\.items.count)
    // Sections.
    let sectionDiff = new.sections.map(\.id).difference(from: old.sections.map(\.id)).inferringMoves()
    var forward = Array(repeating: -1, count: old.sections.count)
    var backward = Array(repeating: -1, count: new.sections.count)
    var removedSection = Array(repeating: false, count: old.sections.count)
    var insertedSection = Array(repeating: false, count: new.sections.count)
    for change in sectionDiff {
      switch change {
      case .remove(let offset, _, let associated):
        removedSection[offset] = true
        if let associated {
          forward[offset] = associated
          backward[associated] = offset
        }
      case .insert(let offset, _, _):
        insertedSection[offset] = true
      }
    }
    var j = 0
    for i in old.sections.indices where !removedSection[i] {
      while j < new.sections.count && insertedSection[j] { j += 1 }
      if j < new.sections.count {
        forward[i] = j
        backward[j] = i
        j += 1
      }
    }
    // Items of matching sections; leftovers pair by identifier.
    var offsets: [Int: Offsets] = [:]
    var movesForward: [ElementID: ElementID] = [:]
    var movesBackward: [ElementID: ElementID] = [:]
    var removedByKey: [Key<I>: ElementID] = [:]
    var insertedByKey: [Key<I>: ElementID] = [:]
    var inserted = 0
    var removed = 0
    for s in old.sections.indices {
      let target = forward[s]
      guard target >= 0 else {
        for (i, id) in old.sections[s].items.enumerated() {
          removedByKey[Key(id: id, fresh: false)] = .cell(i, section: s)
        }
        continue
      }
      let before = old.sections[s].items
      let after = new.sections[target].items
      let reloadsHere = !reloaded.isEmpty && after.contains { reloaded.contains($0) }
      if before == after && !reloadsHere { continue }
      // Only the middle between the common prefix and suffix (items kept
      // in place, not reloaded) goes through CollectionDifference; its
      // offsets are shifted back by the prefix.
      func kept(_ i: Int, _ j: Int) -> Bool {
        before[i] == after[j] && (reloaded.isEmpty || !reloaded.contains(after[j]))
      }
      var prefix = 0
      while prefix < before.count && prefix < after.count && kept(prefix, prefix) { prefix += 1 }
      var suffix = 0
      while suffix < before.count - prefix && suffix < after.count - prefix
        && kept(before.count - 1 - suffix, after.count - 1 - suffix)
      {
        suffix += 1
      }
      let oldKeys = before[prefix..<(before.count - suffix)].map { Key(id: $0, fresh: false) }
      let newKeys = after[prefix..<(after.count - suffix)].map { Key(id: $0, fresh: reloaded.contains($0)) }
      var removals: [Int] = []
      var insertions: [Int] = []
      for step in newKeys.difference(from: oldKeys).inferringMoves() {
        switch step {
        case .remove(let offset, let key, let associated):
          removals.append(prefix + offset)
          if let associated {
            movesForward[.cell(prefix + offset, section: s)] = .cell(prefix + associated, section: target)
            movesBackward[.cell(prefix + associated, section: target)] = .cell(prefix + offset, section: s)
          } else {
            removedByKey[key] = .cell(prefix + offset, section: s)
          }
        case .insert(let offset, let key, let associated):
          insertions.append(prefix + offset)
          if associated == nil { insertedByKey[key] = .cell(prefix + offset, section: target) }
        }
      }
      removals.sort()
      insertions.sort()
      offsets[s] = Offsets(removals: removals, insertions: insertions)
    }
    for t in new.sections.indices where backward[t] < 0 {
      for (i, id) in new.sections[t].items.enumerated() {
        insertedByKey[Key(id: id, fresh: reloaded.contains(id))] = .cell(i, section: t)
      }
    }
    var moved = movesForward.count
    for (key, from) in removedByKey {
      if let to = insertedByKey[key] {
        movesForward[from] = to
        movesBackward[to] = from
        moved += 1
        insertedByKey[key] = nil
      } else {
        removed += 1
      }
    }
    inserted = insertedByKey.count
    sectionForward = forward
    sectionBackward = backward
    self.offsets = offsets
    (changeIndex, changedOffsets) = Self.indexed(offsets, sectionCount: old.sections.count)
    self.movesForward = movesForward
    self.movesBackward = movesBackward
    insertedCount = inserted
    removedCount = removed
    movedCount = moved
  }

  /// The new section of old section `section`, or `nil` when it was
  /// deleted or does not exist.
  ///
  /// - Complexity: O(1).
  public func newSection(forOld section: Int) -> Int? {
    guard section >= 0, section < sectionForward.count, sectionForward[section] >= 0 else { return nil }
    return sectionForward[section]
  }

  /// The old section of new section `section`, or `nil` when it was
  /// inserted or does not exist.
  public func oldSection(forNew section: Int) -> Int? {
    guard section >= 0, section < sectionBackward.count, sectionBackward[section] >= 0 else { return nil }
    return sectionBackward[section]
  }

  /// The new identity of old element `id`: a cell that stayed or moved, or
  /// a header whose section stayed; `nil` for one removed or out of range.
  ///
  /// - Complexity: O(log d) for d changes in its section.
  public func newID(forOld id: ElementID) -> ElementID? {
    guard let target = newSection(forOld: id.section) else {
      return id.kind == .cell ? movesForward[id] : nil
    }
    guard id.kind == .cell else { return ElementID(kind: id.kind, section: target, item: id.item) }
    guard id.item >= 0, id.item < oldCounts[id.section] else { return nil }
    if !movesForward.isEmpty, let moved = movesForward[id] { return moved }
    let k = changeIndex[id.section]
    guard k >= 0 else { return .cell(id.item, section: target) }
    let change = changedOffsets[k]
    guard let item = Self.map(id.item, from: change.removals, to: change.insertions) else { return nil }
    return .cell(item, section: target)
  }

  /// The old identity of new element `id`; `nil` for one inserted or out
  /// of range.
  ///
  /// - Complexity: O(log d) for d changes in its section.
  public func oldID(forNew id: ElementID) -> ElementID? {
    guard let source = oldSection(forNew: id.section) else {
      return id.kind == .cell ? movesBackward[id] : nil
    }
    guard id.kind == .cell else { return ElementID(kind: id.kind, section: source, item: id.item) }
    guard id.item >= 0, id.item < newCounts[id.section] else { return nil }
    if !movesBackward.isEmpty, let moved = movesBackward[id] { return moved }
    let k = changeIndex[source]
    guard k >= 0 else { return .cell(id.item, section: source) }
    let change = changedOffsets[k]
    guard let item = Self.map(id.item, from: change.insertions, to: change.removals) else { return nil }
    return .cell(item, section: source)
  }

  /// `offsets` as a table indexed by old section (−1: unchanged) and the
  /// changes it points to (in the dictionary's order, which no answer
  /// depends on).
  ///
  /// - Complexity: O(s + c) for s old sections, c changed ones; two
  ///   allocations.
  @usableFromInline static func indexed(_ offsets: [Int: Offsets], sectionCount: Int) -> ([Int], [Offsets]) {
    var index = [Int](repeating: -1, count: sectionCount)
    var changes: [Offsets] = []
    changes.reserveCapacity(offsets.count)
    for (section, change) in offsets where section >= 0 && section < sectionCount {
      index[section] = changes.count
      changes.append(change)
    }
    return (index, changes)
  }

  /// Offset `i` on the side whose changed offsets are `gone`, carried to
  /// the side whose changed offsets are `arrived`: `nil` when `i` itself
  /// changed; otherwise its rank among the kept items, placed past every
  /// arrival before it.
  @usableFromInline static func map(_ i: Int, from gone: OffsetRuns, to arrived: OffsetRuns) -> Int? {
    let (before, held) = gone.rank(of: i)
    if held { return nil }
    let rank = i - before
    return rank + arrived.arrivals(upTo: rank)
  }

  /// `map` over plain sorted offsets (while an update is being built).
  @usableFromInline static func map(_ i: Int, from gone: [Int], to arrived: [Int]) -> Int? {
    let before = lowerBound(gone, i)
    if before < gone.count && gone[before] == i { return nil }
    let rank = i - before
    // Arrivals m with arrived[m] − m ≤ rank come before the kept item
    // (arrived[m] − m is non-decreasing: offsets are strictly increasing).
    return rank + partitionPoint(in: 0..<arrived.count) { arrived[$0] - $0 > rank }
  }

  @usableFromInline static func lowerBound(_ values: [Int], _ x: Int) -> Int {
    partitionPoint(in: 0..<values.count) { values[$0] >= x }
  }
}

/// How a transition pairs A's elements with B's.
public enum ElementMapping: Sendable {
  /// An element keeps its identity: a mode change over the same data.
  case sameIdentity
  /// A data update: identities follow `SnapshotChange`.
  case dataChange(SnapshotChange)

  /// B's identity for A's element `id`, or `nil` when it has none.
  ///
  /// - Complexity: O(1), or O(log d) for a data change.
  @inlinable public func forward(_ id: ElementID) -> ElementID? {
    switch self {
    case .sameIdentity: id
    case .dataChange(let change): change.newID(forOld: id)
    }
  }

  /// A's identity for B's element `id`, or `nil` when it has none.
  @inlinable public func backward(_ id: ElementID) -> ElementID? {
    switch self {
    case .sameIdentity: id
    case .dataChange(let change): change.oldID(forNew: id)
    }
  }

  /// B's section for A's section `section`, or `nil`.
  @inlinable public func forwardSection(_ section: Int) -> Int? {
    switch self {
    case .sameIdentity: section
    case .dataChange(let change): change.newSection(forOld: section)
    }
  }
}
