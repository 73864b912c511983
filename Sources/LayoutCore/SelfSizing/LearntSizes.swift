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
  /// Per section, each item's learnt size (`nil` where the item has its
  /// estimate); `nil` for a section with no learnt size.
  public var sections: [[Size?]?]

  /// Sizes per section as given.
  public init(sections: [[Size?]?]) {
    self.sections = sections
  }

  /// Whether no item has a learnt size.
  ///
  /// - Complexity: O(s) for s sections.
  public var isEmpty: Bool { sections.allSatisfy { $0 == nil } }

  /// The learnt size of `id`, if any (`nil` for identities out of range).
  ///
  /// - Complexity: O(1).
  public func size(of id: ElementID) -> Size? {
    guard id.kind == .cell, id.section >= 0, id.section < sections.count, let section = sections[id.section],
      id.item >= 0, id.item < section.count
    else { return nil }
    return section[id.item]
  }

  /// The sizes at the items' places after `change` (`nil`: every item keeps
  /// its index path, and items past a section's old count have none: right
  /// for an update that edits nothing, or only appends or removes at the
  /// ends of sections, `SnapshotChange.keepsItemsInPlace`), and `estimates` with those
  /// sizes in place of the estimates: what a self-sizing layout is
  /// prepared from after a batch update. Deleted items are dropped,
  /// inserted and reloaded ones keep their estimates (UIKit asks a
  /// reloaded cell for its preferred size again), moved ones carry their
  /// sizes. Sections of `estimates` with nothing learnt are passed through
  /// as they are (a uniform section stays uniform).
  ///
  /// - Complexity: O(s + n′) for s sections and the n′ items of the
  ///   sections after the change that receive a learnt size, a moved item
  ///   or changed items (one walk along each: no search per item), plus
  ///   O(1) per unchanged section, whose sizes are shared, not copied.
  public func mapped(
    through change: SnapshotChange?, into estimates: LayoutItems
  ) -> (
    items: LayoutItems, learnt: LearntSizes
  ) {
    var items = estimates
    var result: [[Size?]?] = Array(repeating: nil, count: estimates.sections.count)
    for t in estimates.sections.indices {
      let count = estimates.sections[t].count
      let mappedSection: [Size?]?
      if let change {
        mappedSection = Self.section(t, count: count, from: self, through: change)
      } else {
        mappedSection = Self.prefix(t < sections.count ? sections[t] : nil, count: count)
      }
      guard let mappedSection, mappedSection.contains(where: { $0 != nil }) else { continue }
      result[t] = mappedSection
      let given = estimates.sections[t]
      var sizes: [Size] = []
      sizes.reserveCapacity(count)
      for i in 0..<count { sizes.append(mappedSection[i] ?? given[i]) }
      items.sections[t] = .each(sizes)
    }
    return (items, LearntSizes(sections: result))
  }

  /// `section` cut or padded (with no sizes) to `count` items; shared when
  /// it has that count.
  static func prefix(_ section: [Size?]?, count: Int) -> [Size?]? {
    guard let section else { return nil }
    if section.count == count { return section }
    if section.count > count { return Array(section[0..<count]) }
    return section + Array(repeating: nil, count: count - section.count)
  }

  /// The learnt sizes of new section `t` (`count` items) after `change`,
  /// found by walking the section's insertions and its old section's
  /// removals side by side; `nil` when none.
  static func section(_ t: Int, count: Int, from learnt: LearntSizes, through change: SnapshotChange) -> [Size?]? {
    var out: [Size?]?
    func put(_ i: Int, _ size: Size?) {
      guard let size else { return }
      if out == nil { out = Array(repeating: nil, count: count) }
      out![i] = size
    }
    guard let s = change.oldSection(forNew: t) else {
      // An inserted section: only items moved into it have sizes.
      guard !change.movesBackward.isEmpty else { return nil }
      for i in 0..<count {
        if let from = change.movesBackward[.cell(i, section: t)] { put(i, learnt.size(of: from)) }
      }
      return out
    }
    let old = s < learnt.sections.count ? learnt.sections[s] : nil
    let k = s < change.changeIndex.count ? change.changeIndex[s] : -1
    guard k >= 0 else {
      // Items unchanged: the section's sizes as they were (shared).
      return old?.count == count ? old : nil
    }
    let insertions = change.changedOffsets[k].insertions
    let removals = change.changedOffsets[k].removals
    let hasMoves = !change.movesBackward.isEmpty
    var insertionRun = 0
    var removalRun = 0
    var oldIndex = 0
    for i in 0..<count {
      if insertions.contains(i, from: &insertionRun) {
        if hasMoves, let from = change.movesBackward[.cell(i, section: t)] { put(i, learnt.size(of: from)) }
        continue
      }
      while removals.contains(oldIndex, from: &removalRun) { oldIndex += 1 }
      if let old, oldIndex < old.count { put(i, old[oldIndex]) }
      oldIndex += 1
    }
    return out
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

extension SnapshotChange.OffsetRuns {
  /// Whether offset `i` is held, for offsets asked in increasing order:
  /// `run` is where the previous answer left off (start it at 0).
  ///
  /// - Complexity: amortised O(1) over a walk.
  func contains(_ i: Int, from run: inout Int) -> Bool {
    while run < starts.count && starts[run] + (before[run + 1] - before[run]) <= i { run += 1 }
    return run < starts.count && starts[run] <= i
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
    var result: [[Size?]?] = Array(repeating: nil, count: sections.count)
    guard !isEstimated || measured.count > 0 else { return LearntSizes(sections: result) }
    for s in 0..<sections.count where uniformSections[s] == nil {
      let range = sectionStarts[s]..<sectionStarts[s + 1]
      if isEstimated && !range.contains(where: { measured[$0] }) { continue }
      result[s] = range.map { !isEstimated || measured[$0] ? cells[$0].size : nil }
    }
    return LearntSizes(sections: result)
  }

  /// Marks the cells with a learnt size measured (a layout prepared from
  /// estimates; one prepared with known sizes has every size already).
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    guard isEstimated else { return }
    for (s, section) in learnt.sections.enumerated() {
      guard let section else { continue }
      for (i, size) in section.enumerated() where size != nil {
        if let g = storedIndex(.cell(i, section: s)) { measured.mark(g) }
      }
    }
  }
}

extension PreparedStickyHeaderLayout {
  /// The sizes of the measured cells (after an estimated prepare), or of
  /// every cell of a varying section (prepared with known sizes).
  ///
  /// - Complexity: O(n).
  public func learntSizes() -> LearntSizes {
    var result: [[Size?]?] = Array(repeating: nil, count: cells.count)
    guard !isEstimated || measured.count > 0 else { return LearntSizes(sections: result) }
    for s in cells.indices {
      guard case .varying(let first, let count) = cells[s] else { continue }
      let range = first..<(first + count)
      if isEstimated && !range.contains(where: { measured[$0] }) { continue }
      result[s] = range.map { !isEstimated || measured[$0] ? varyingSizes[$0] : nil }
    }
    return LearntSizes(sections: result)
  }

  /// Marks the cells with a learnt size measured (after an estimated
  /// prepare).
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    guard isEstimated else { return }
    for (s, section) in learnt.sections.enumerated() {
      guard let section else { continue }
      for (i, size) in section.enumerated() where size != nil {
        if let g = storedIndex(.cell(i, section: s)) { measured.mark(g) }
      }
    }
  }
}

extension PreparedWaterfallLayout {
  /// The sizes of the measured items, as `items` gives them (the column's
  /// width by the item's height: the aspect ratio the layout keeps).
  ///
  /// - Complexity: O(n) over the sections with measured items, O(1) for
  ///   the others.
  public func learntSizes() -> LearntSizes {
    var result: [[Size?]?] = Array(repeating: nil, count: sections.count)
    for s in sections.indices where measured[s].count > 0 {
      let section = sections[s]
      let flags = measured[s]
      let given = self.given.sections[s]
      result[s] = (0..<section.itemColumn.count).map { i in
        guard flags[i] else { return nil }
        return section.columnWidth > 0 ? Size(width: section.columnWidth, height: section.height(ofItem: i)) : given[i]
      }
    }
    return LearntSizes(sections: result)
  }

  /// Marks the items with a learnt size measured.
  ///
  /// - Complexity: O(n) over the sections with learnt sizes.
  public mutating func markMeasured(_ learnt: LearntSizes) {
    for (s, section) in learnt.sections.enumerated() where s < sections.count {
      guard let section else { continue }
      let count = sections[s].itemColumn.count
      if measured[s].flags.count != count { measured[s] = MeasuredFlags(total: count, measured: false) }
      for (i, size) in section.enumerated() where size != nil && i < count { measured[s].mark(i) }
    }
  }
}

extension PreparedTagCloudLayout {
  /// The sizes of the measured tags (every tag of a cloud prepared with
  /// known sizes).
  ///
  /// - Complexity: O(n).
  public func learntSizes() -> LearntSizes {
    var result: [[Size?]?] = Array(repeating: nil, count: sectionFirst.count - 1)
    guard measured.count > 0 else { return LearntSizes(sections: result) }
    for s in 0..<(sectionFirst.count - 1) {
      let range = sectionFirst[s]..<sectionFirst[s + 1]
      guard range.contains(where: { measured[$0] }) else { continue }
      result[s] = range.map { measured[$0] ? Size(width: widths[$0], height: heights[$0]) : nil }
    }
    return LearntSizes(sections: result)
  }

  /// Marks the tags with a learnt size measured.
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    for (s, section) in learnt.sections.enumerated() where s + 1 < sectionFirst.count {
      guard let section else { continue }
      let first = sectionFirst[s]
      let count = sectionFirst[s + 1] - first
      for (i, size) in section.enumerated() where size != nil && i < count { measured.mark(first + i) }
    }
  }
}

extension PreparedTagTableLayout {
  /// The sizes of the measured tags, row by row (a row is a section).
  ///
  /// - Complexity: O(n).
  public func learntSizes() -> LearntSizes {
    LearntSizes(sections: clouds.map { $0.learntSizes().sections.first ?? nil })
  }

  /// Marks the tags with a learnt size measured, row by row.
  ///
  /// - Complexity: O(n).
  public mutating func markMeasured(_ learnt: LearntSizes) {
    for (r, section) in learnt.sections.enumerated() where r < clouds.count && section != nil {
      clouds[r].markMeasured(LearntSizes(sections: [section]))
    }
  }
}
