import LayoutCore

/// The photo grid session's library: each section's identity and its
/// photos' identities, held as runs of consecutive integers. A library of
/// `--items 100000000` is one run, and `insert N at I` adds one run (and
/// splits at most one), so a script step costs O(s + r) for s sections
/// and r runs, whatever the photo count and however many photos it
/// touches. (A `LibrarySnapshot` of the same library holds one integer
/// per photo: 800 MB for 10^8 photos, copied by every step.)
public struct PhotoIdentities: Hashable, Sendable {
  public struct Section: Hashable, Sendable {
    /// The section's identity.
    public var id: Int
    /// Its photos' identities, in order, as runs (none empty).
    public private(set) var runs: [Range<Int>]
    /// `ends[j]`: how many photos runs `0...j` hold.
    public private(set) var ends: [Int]

    public init(id: Int, items: Range<Int>) {
      self.id = id
      runs = items.isEmpty ? [] : [items]
      ends = items.isEmpty ? [] : [items.count]
    }

    /// A section of the photos `identities`, in order: consecutive
    /// integers are kept as one run.
    ///
    /// - Complexity: O(n).
    public init(id: Int, identities: [Int]) {
      self.id = id
      runs = []
      ends = []
      var total = 0
      for identity in identities {
        total += 1
        if let last = runs.last, last.upperBound == identity, identity < Int.max {
          runs[runs.count - 1] = last.lowerBound..<(identity + 1)
          ends[ends.count - 1] = total
        } else if identity < Int.max {
          runs.append(identity..<(identity + 1))
          ends.append(total)
        } else {
          total -= 1  // Int.max cannot start a run: not an identity a session hands out
        }
      }
    }

    /// How many photos it holds.
    public var count: Int { ends.last ?? 0 }

    /// The identity of photo `item`, or `nil` out of range.
    ///
    /// - Complexity: O(log r).
    public func id(at item: Int) -> Int? {
      guard item >= 0, item < count else { return nil }
      let j = partitionPoint(in: 0..<ends.count) { ends[$0] > item }
      return runs[j].lowerBound + item - (j == 0 ? 0 : ends[j - 1])
    }

    /// Every identity, in order (for tests).
    public var identities: [Int] { runs.flatMap { Array($0) } }

    /// Puts `ids` before photo `position` (`count` appends).
    ///
    /// - Complexity: O(r).
    public mutating func insert(_ ids: Range<Int>, at position: Int) {
      guard !ids.isEmpty else { return }
      let p = Swift.min(Swift.max(0, position), count)
      var result: [Range<Int>] = []
      result.reserveCapacity(runs.count + 2)
      var start = 0
      var placed = false
      for run in runs {
        if !placed && p <= start + run.count && p >= start {
          let cut = run.lowerBound + (p - start)
          if cut > run.lowerBound { result.append(run.lowerBound..<cut) }
          result.append(ids)
          if cut < run.upperBound { result.append(cut..<run.upperBound) }
          placed = true
        } else {
          result.append(run)
        }
        start += run.count
      }
      if !placed { result.append(ids) }
      set(result)
    }

    /// Removes photos `positions` (clamped into `0..<count`).
    ///
    /// - Complexity: O(r).
    public mutating func remove(_ positions: Range<Int>) {
      let lower = Swift.min(Swift.max(0, positions.lowerBound), count)
      let upper = Swift.min(Swift.max(lower, positions.upperBound), count)
      guard lower < upper else { return }
      var result: [Range<Int>] = []
      result.reserveCapacity(runs.count + 1)
      var start = 0
      for run in runs {
        let end = start + run.count
        // The part of the run before `lower` and the part after `upper`.
        if start < lower { result.append(run.lowerBound..<(run.lowerBound + Swift.min(run.count, lower - start))) }
        if end > upper { result.append((run.lowerBound + Swift.max(0, upper - start))..<run.upperBound) }
        start = end
      }
      set(result)
    }

    /// Stores `list`, merging runs that continue one another.
    private mutating func set(_ list: [Range<Int>]) {
      var merged: [Range<Int>] = []
      merged.reserveCapacity(list.count)
      for run in list where !run.isEmpty {
        if let last = merged.last, last.upperBound == run.lowerBound {
          merged[merged.count - 1] = last.lowerBound..<run.upperBound
        } else {
          merged.append(run)
        }
      }
      runs = merged
      var total = 0
      ends = merged.map {
        total += $0.count
        return total
      }
    }
  }

  public private(set) var sections: [Section]
  /// Each section's photo count (kept beside the sections: reading them
  /// there would touch every section's runs).
  public private(set) var itemCounts: [Int]
  /// How many photos all sections hold.
  public private(set) var totalCount: Int

  /// Sections `0, 1, …` of consecutive identities `0, 1, …`, `counts`
  /// photos each (negative counts count as 0).
  public init(counts: [Int]) {
    var next = 0
    sections = counts.enumerated().map { s, count in
      let n = Swift.max(0, count)
      defer { next += n }
      return Section(id: s, items: next..<(next + n))
    }
    totalCount = next
    itemCounts = counts.map { Swift.max(0, $0) }
  }

  /// The library `snapshot` holds (section identities and photo
  /// identities), kept as runs.
  ///
  /// - Complexity: O(n) for n photos.
  public init(_ snapshot: LibrarySnapshot<Int, Int>) {
    sections = snapshot.sections.map { Section(id: $0.id, identities: $0.items) }
    itemCounts = sections.map(\.count)
    totalCount = itemCounts.reduce(0, +)
  }

  /// Every section's identity and its photos' identities, one integer per
  /// photo (for comparing with a new library).
  ///
  /// - Complexity: O(n) for n photos.
  public var snapshot: LibrarySnapshot<Int, Int> {
    LibrarySnapshot(sections: sections.map { .init(id: $0.id, items: $0.identities) })
  }

  /// The section and position of global photo `index` (`index ==
  /// totalCount` is the end of the last section); `nil` out of range or
  /// with no sections.
  ///
  /// - Complexity: O(s).
  public func location(ofGlobal index: Int) -> (section: Int, item: Int)? {
    guard index >= 0, !sections.isEmpty else { return nil }
    var left = index
    for (s, count) in itemCounts.enumerated() {
      if left < count { return (s, left) }
      left -= count
    }
    return left == 0 ? (sections.count - 1, itemCounts[sections.count - 1]) : nil
  }

  /// Inserts `ids` before global photo `index` (`LibrarySnapshot`'s rule:
  /// after the photo before them, or first in the first section), and
  /// says where they landed; `nil` (nothing inserted) with no sections or
  /// an index out of `0...totalCount`.
  ///
  /// - Complexity: O(s + r).
  public mutating func insert(_ ids: Range<Int>, atGlobal index: Int) -> ItemRange? {
    guard let landed = placement(of: ids.count, atGlobal: index) else { return nil }
    sections[landed.section].insert(ids, at: landed.items.lowerBound)
    itemCounts[landed.section] += ids.count
    totalCount += ids.count
    return landed
  }

  /// Where `count` photos inserted before global photo `index` would land,
  /// without inserting them; `nil` as `insert` gives.
  ///
  /// - Complexity: O(s).
  public func placement(of count: Int, atGlobal index: Int) -> ItemRange? {
    guard !sections.isEmpty, (0...totalCount).contains(index) else { return nil }
    var section = 0
    var position = 0
    if index > 0 {
      guard let (s, i) = location(ofGlobal: index - 1) else { return nil }
      section = s
      position = i + 1
    }
    return ItemRange(section: section, items: position..<(position + count))
  }

  /// Removes global photos `range` (clamped into `0..<totalCount`;
  /// sections stay, even when emptied), and says which positions of which
  /// sections they held before.
  ///
  /// - Complexity: O(s + r).
  public mutating func remove(globalRange range: Range<Int>) -> [ItemRange] {
    let removed = removal(ofGlobal: range)
    for r in removed {
      sections[r.section].remove(r.items)
      itemCounts[r.section] -= r.items.count
      totalCount -= r.items.count
    }
    return removed
  }

  /// The positions of which sections global photos `range` (clamped) hold,
  /// without removing them.
  ///
  /// - Complexity: O(s).
  public func removal(ofGlobal range: Range<Int>) -> [ItemRange] {
    let lower = Swift.min(Swift.max(0, range.lowerBound), totalCount)
    let upper = Swift.min(Swift.max(lower, range.upperBound), totalCount)
    var removed: [ItemRange] = []
    var start = 0
    for (s, count) in itemCounts.enumerated() {
      if start >= upper { break }
      let from = Swift.max(lower, start) - start
      let to = Swift.min(upper, start + count) - start
      if from < to { removed.append(ItemRange(section: s, items: from..<to)) }
      start += count
    }
    return removed
  }

  /// The counts after deleting `deleted` and inserting `inserted`.
  public func counts(deleting deleted: [ItemRange], inserting inserted: [ItemRange]) -> [Int] {
    var counts = itemCounts
    for r in deleted { counts[r.section] -= r.items.count }
    for r in inserted { counts[r.section] += r.items.count }
    return counts
  }
}
