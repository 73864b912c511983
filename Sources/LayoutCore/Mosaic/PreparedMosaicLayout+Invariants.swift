extension PreparedMosaicLayout: InvariantChecking {
  /// Sections follow one another without gaps or overlaps, each has
  /// segments enough for its items, and the content ends at the last
  /// section's bottom.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      var cursor = 0.0
      for (s, section) in sections.enumerated() {
        if section.top != cursor { problems.append("section \(s) starts at \(section.top), not \(cursor)") }
        if !(section.bottom.isFinite && section.bottom >= section.top) {
          problems.append("section \(s) ends at \(section.bottom), above its top \(section.top)")
        }
        if section.itemCount < 0 || section.segmentCount < 0 || section.segmentCount > section.itemCount {
          problems.append("section \(s): \(section.segmentCount) segments for \(section.itemCount) items")
        }
        if section.itemCount > 3 * section.segmentCount {
          problems.append("section \(s): \(section.segmentCount) segments cannot hold \(section.itemCount) items")
        }
        cursor = section.bottom
      }
      if contentHeight != cursor { problems.append("content height \(contentHeight), sections end at \(cursor)") }
    #endif
    return problems
  }
}
