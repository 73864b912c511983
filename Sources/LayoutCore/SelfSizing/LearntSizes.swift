/// The sizes a self-sizing layout has learnt from measurements (preferred
/// sizes), by item: what a batch update carries through to the layout
/// after it, so that the items the user has already seen keep their real
/// sizes instead of falling back to their estimates.
///
/// `SelfSizingLayout.learntSizes()` reads them;
/// `mapped(through:into:)` moves them to the positions an update gives the
/// items (deleted ones dropped, inserted and reloaded ones left to their
/// estimates, moved ones carried) and merges them into the estimates of the
/// items after it; `SelfSizingLayout.markMeasured(_:)` marks them measured
/// in the layout prepared from those sizes.
public struct LearntSizes: Hashable, Sendable {
  /// One section's learnt sizes: the items that have one, in increasing
  /// order, and their sizes (as many).
  public struct Section: Hashable, Sendable {
    public var items: [Int]
    public var sizes: [Size]

    /// A section with the given items (increasing) and sizes.
    public init(items: [Int] = [], sizes: [Size] = []) {
      self.items = items
      self.sizes = sizes
    }

    /// Adds item `item` (after every item held) with `size`.
    public mutating func append(_ item: Int, _ size: Size) {
      items.append(item)
      sizes.append(size)
    }
  }

  /// Per section (an empty `Section` for none learnt).
  public var sections: [Section]

  /// Sizes per section as given.
  public init(sections: [Section]) {
    self.sections = sections
  }

  /// The learnt sizes of `count` sections: `section(s, add)` calls
  /// `add(item, size)` for each learnt item of section `s`, in increasing
  /// order; with `none`, every section is empty and `section` is not
  /// called (an estimated layout that has measured nothing). The shape of
  /// every layout's `learntSizes()`.
  ///
  /// - Complexity: O(s) for s sections, plus what `section` costs.
  init(sectionCount count: Int, none: Bool = false, _ section: (Int, (Int, Size) -> Void) -> Void) {
    var result = [Section](repeating: .init(), count: count)
    if !none {
      for s in 0..<count { section(s) { result[s].append($0, $1) } }
    }
    self.init(sections: result)
  }

  /// Calls `body` with the identity of every cell that has a learnt size,
  /// section by section (a layout's `markMeasured(_:)` marks each).
  ///
  /// - Complexity: O(m) for m learnt sizes.
  func forEachCell(_ body: (ElementID) -> Void) {
    for (s, section) in sections.enumerated() {
      for i in section.items { body(.cell(i, section: s)) }
    }
  }

  /// Whether no item has a learnt size.
  ///
  /// - Complexity: O(s) for s sections.
  public var isEmpty: Bool { sections.allSatisfy { $0.items.isEmpty } }

  /// How many items have a learnt size.
  public var count: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// The learnt size of `id`, if any (`nil` for identities out of range).
  ///
  /// - Complexity: O(log m) for m learnt sizes in its section.
  public func size(of id: ElementID) -> Size? {
    guard id.kind == .cell, id.section >= 0, id.section < sections.count else { return nil }
    let section = sections[id.section]
    let k = partitionPoint(in: 0..<section.items.count) { section.items[$0] >= id.item }
    return k < section.items.count && section.items[k] == id.item ? section.sizes[k] : nil
  }

  /// The sizes at the items' places after `change` (`nil`: every item keeps
  /// its index path, and items past a section's new count are dropped:
  /// right for an update that edits nothing, or only appends or removes at
  /// the ends of sections, `SnapshotChange.keepsItemsInPlace`), and
  /// `estimates` with those sizes in place of the estimates: what a
  /// self-sizing layout is prepared from after a batch update. Deleted
  /// items are dropped, inserted and reloaded ones keep their estimates
  /// (UIKit asks a reloaded cell for its preferred size again), moved ones
  /// carry their sizes. Sections of `estimates` that receive no learnt size
  /// are passed through as they are (a uniform section stays uniform).
  ///
  /// - Complexity: O(s + m log d) for s sections and m learnt sizes (each
  ///   item's new place is the change's lookup, O(log d) for d edits in
  ///   its section), plus O(n′) to list the sizes of the n′ items of the
  ///   sections that receive learnt sizes.
  public func mapped(
    through change: SnapshotChange?, into estimates: LayoutItems
  ) -> (
    items: LayoutItems, learnt: LearntSizes
  ) {
    let count = estimates.sections.count
    var result = [Section](repeating: Section(), count: count)
    var unordered = [Bool](repeating: false, count: count)
    for (s, section) in sections.enumerated() where !section.items.isEmpty {
      for (k, item) in section.items.enumerated() {
        let target: ElementID
        if let change {
          guard let new = change.newID(forOld: .cell(item, section: s)) else { continue }
          target = new
        } else {
          target = .cell(item, section: s)
        }
        let t = target.section
        guard t >= 0, t < count, target.item >= 0, target.item < estimates.sections[t].count else { continue }
        if let last = result[t].items.last, last >= target.item { unordered[t] = true }
        result[t].append(target.item, section.sizes[k])
      }
    }
    var items = estimates
    for t in 0..<count where !result[t].items.isEmpty {
      if unordered[t] {
        let order = result[t].items.indices.sorted { result[t].items[$0] < result[t].items[$1] }
        result[t] = Section(items: order.map { result[t].items[$0] }, sizes: order.map { result[t].sizes[$0] })
      }
      let given = estimates.sections[t]
      var sizes: [Size]
      if let uniform = given.uniformSize {
        sizes = [Size](repeating: uniform, count: given.count)
      } else {
        sizes = (0..<given.count).map { given[$0] }
      }
      for (k, item) in result[t].items.enumerated() { sizes[item] = result[t].sizes[k] }
      items.sections[t] = .each(sizes)
    }
    return (items, LearntSizes(sections: result))
  }
}

extension SnapshotChange {
  /// Whether every item keeps its index path: sections map to themselves,
  /// nothing moves, and each section only loses items at its end or gains
  /// items at its end (what a feed's "load more" does). The mapping is
  /// then the one `LearntSizes.mapped(through: nil, into:)` assumes.
  ///
  /// - Complexity: O(s + r) for s sections and r runs of edits.
  public var keepsItemsInPlace: Bool {
    guard movesForward.isEmpty, oldCounts.count == newCounts.count else { return false }
    for s in sectionForward.indices where sectionForward[s] != s { return false }
    for (s, k) in changeIndex.enumerated() where k >= 0 {
      let change = changedOffsets[k]
      let removed = change.removals.count
      let inserted = change.insertions.count
      // At most one run each, at the end of the section.
      if removed > 0 && (change.removals.starts.count != 1 || change.removals.starts[0] != oldCounts[s] - removed) {
        return false
      }
      if inserted > 0
        && (change.insertions.starts.count != 1 || change.insertions.starts[0] != newCounts[s] - inserted)
      {
        return false
      }
      if removed > 0 && inserted > 0 { return false }
    }
    return true
  }
}

// MARK: - The layouts' learnt sizes

extension PreparedFlowLayout {
  /// The sizes of the measured cells (after an estimated prepare), or of
  /// every stored cell (prepared with known sizes: preferred sizes changed
  /// them in place); uniform sections have none.
  ///
  /// - Complexity: O(n).
  public func learntSizes() -> LearntSizes {
    LearntSizes(sectionCount: sections.count, none: isEstimated && measured.count == 0) { s, add in
      guard uniformSections[s] == nil else { return }
      let first = sectionStarts[s]
      for g in first..<sectionStarts[s + 1] where !isEstimated || measured[g] { add(g - first, cells[g].size) }
    }
  }

  /// Marks the cells with a learnt size measured (a layout prepared from
  /// estimates; one prepared with known sizes has every size already).
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    guard isEstimated else { return }
    learnt.forEachCell { if let g = storedIndex($0) { measured.mark(g) } }
  }
}

extension PreparedStickyHeaderLayout {
  /// The sizes of the measured cells (after an estimated prepare), or of
  /// every cell of a varying section (prepared with known sizes).
  ///
  /// - Complexity: O(n).
  public func learntSizes() -> LearntSizes {
    LearntSizes(sectionCount: cells.count, none: isEstimated && measured.count == 0) { s, add in
      guard case .varying(let first, let count) = cells[s] else { return }
      for g in first..<(first + count) where !isEstimated || measured[g] { add(g - first, varyingSizes[g]) }
    }
  }

  /// Marks the cells with a learnt size measured (after an estimated
  /// prepare).
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    guard isEstimated else { return }
    learnt.forEachCell { if let g = storedIndex($0) { measured.mark(g) } }
  }
}

extension PreparedWaterfallLayout {
  /// The sizes of the measured items, as `items` gives them (the column's
  /// width by the item's height: the aspect ratio the layout keeps).
  ///
  /// - Complexity: O(n) over the sections with measured items, O(1) for
  ///   the others.
  public func learntSizes() -> LearntSizes {
    var result = [LearntSizes.Section](repeating: .init(), count: sections.count)
    for s in sections.indices where measured[s].count > 0 {
      let section = sections[s]
      let flags = measured[s]
      let given = self.given.sections[s]
      for i in 0..<section.itemColumn.count where flags[i] {
        result[s].append(
          i, section.columnWidth > 0 ? Size(width: section.columnWidth, height: section.height(ofItem: i)) : given[i])
      }
    }
    return LearntSizes(sections: result)
  }

  /// Marks the items with a learnt size measured.
  ///
  /// - Complexity: O(n) over the sections with learnt sizes.
  public mutating func markMeasured(_ learnt: LearntSizes) {
    for (s, section) in learnt.sections.enumerated() where s < sections.count && !section.items.isEmpty {
      let count = sections[s].itemColumn.count
      if measured[s].flags.count != count { measured[s] = MeasuredFlags(total: count, measured: false) }
      for i in section.items where i >= 0 && i < count { measured[s].mark(i) }
    }
  }
}

extension PreparedTagCloudLayout {
  /// The sizes of the measured tags (every tag of a cloud prepared with
  /// known sizes).
  ///
  /// - Complexity: O(n).
  public func learntSizes() -> LearntSizes {
    LearntSizes(sectionCount: sectionFirst.count - 1, none: measured.count == 0) { s, add in
      let first = sectionFirst[s]
      for g in first..<sectionFirst[s + 1] where measured[g] {
        add(g - first, Size(width: widths[g], height: heights[g]))
      }
    }
  }

  /// Marks the tags with a learnt size measured.
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    for (s, section) in learnt.sections.enumerated() where s + 1 < sectionFirst.count {
      let first = sectionFirst[s]
      let count = sectionFirst[s + 1] - first
      for i in section.items where i >= 0 && i < count { measured.mark(first + i) }
    }
  }
}

extension PreparedTagTableLayout {
  /// The sizes of the measured tags, row by row (a row is a section).
  ///
  /// - Complexity: O(n).
  public func learntSizes() -> LearntSizes {
    LearntSizes(sections: clouds.map { $0.learntSizes().sections.first ?? .init() })
  }

  /// Marks the tags with a learnt size measured, row by row.
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    for (r, section) in learnt.sections.enumerated() where r < clouds.count && !section.items.isEmpty {
      clouds[r].markMeasured(LearntSizes(sections: [section]))
    }
  }
}
