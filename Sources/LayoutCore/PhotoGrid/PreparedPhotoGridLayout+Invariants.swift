extension PreparedPhotoGridLayout: InvariantChecking {
  /// One start and one top per section plus the totals; starts count the
  /// photos, sections' tops never go up, and the content ends at the last
  /// entry.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      if itemStarts.count != photos.count + 1 || sectionTops.count != photos.count + 1 {
        problems.append("\(itemStarts.count) starts and \(sectionTops.count) tops for \(photos.count) sections")
        return problems
      }
      if itemStarts.first != 0 { problems.append("the first section starts at photo \(itemStarts[0])") }
      for s in photos.indices {
        if itemStarts[s + 1] - itemStarts[s] != photos[s].count {
          problems.append("section \(s) spans \(itemStarts[s + 1] - itemStarts[s]) photos, not \(photos[s].count)")
        }
        // Sections' tops never go up; the last entry is the content's end,
        // which in the columns modes drops the spacing after the last row
        // (an empty last section may start below it).
        if !sectionTops[s].isFinite || (s + 1 < photos.count && sectionTops[s] > sectionTops[s + 1]) {
          problems.append("section \(s) starts at \(sectionTops[s]), below the next one's \(sectionTops[s + 1])")
        }
      }
      if !(contentHeight.isFinite && contentHeight >= 0 && contentHeight == sectionTops[photos.count]) {
        problems.append("content height \(contentHeight) is not the last top \(sectionTops[photos.count])")
      }
    #endif
    return problems
  }
}
