extension PreparedWaterfallLayout: InvariantChecking {
  /// Each section's parts are in order (top ≤ items ≤ bottom), sections
  /// follow one another, every item is in a column the section has at the
  /// place the column says, no column starts above the items area, and the
  /// content ends at the last section's bottom.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      var cursor = 0.0
      for (s, section) in sections.enumerated() {
        let parts = [section.top, section.itemsTop, section.itemsTop + section.itemsLength, section.bottom]
        if !parts.allSatisfy(\.isFinite) || zip(parts, parts.dropFirst()).contains(where: { $0 > $1 }) {
          problems.append("section \(s): parts out of order \(parts)")
        }
        if section.top != cursor { problems.append("section \(s) starts at \(section.top), not \(cursor)") }
        if section.itemColumn.count != section.itemPosition.count {
          problems.append("section \(s): \(section.itemColumn.count) columns for \(section.itemPosition.count) items")
        }
        if let bad = section.itemColumn.first(where: { Int($0) >= section.lanes.count }) {
          problems.append("section \(s): an item in column \(bad) of \(section.lanes.count)")
        }
        for (c, lane) in section.lanes.enumerated() {
          if lane.items.count != lane.heights.count { problems.append("section \(s) column \(c): counts differ") }
          if section.slack(ofColumn: c) < 0 { problems.append("section \(s) column \(c) starts above the items") }
        }
        cursor = section.bottom
      }
      if contentHeight != cursor { problems.append("content height \(contentHeight), sections end at \(cursor)") }
    #endif
    return problems
  }
}
