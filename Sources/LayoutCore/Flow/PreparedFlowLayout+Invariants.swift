extension PreparedFlowLayout: InvariantChecking {
  /// The prepared geometry's broken invariants: every frame finite, section
  /// ranges contiguous, sections in order along the scroll axis, each cell
  /// inside its section, the content ending where the last section does.
  /// Checked after `prepare` in debug builds only; always empty (and free)
  /// in release builds.
  ///
  /// - Complexity: O(n log n) over the n stored cells, O(s log s) over the
  ///   s sections.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
      }
      check(sectionStarts.count == sections.count + 1, "one start per section plus the end")
      check(sectionStarts.first == 0 && sectionStarts.last == cells.count, "starts cover every cell")
      check(lines.count == cells.count, "a line entry per cell")
      check(shifts.count == 0 || shifts.count == cells.count, "a shift per cell, or none")
      check(itemCounts.count == sections.count && uniformSections.count == sections.count, "per-section arrays")
      check(contentLength.isFinite && contentLength >= 0, "content length \(contentLength) finite")
      check(contentLength == sections.end, "content ends with the last section")
      let axis = layout.axis
      var previousEnd = 0.0
      for (s, extent) in sections.extents.enumerated() where problems.isEmpty {
        // The items' end moves by a sum of changes that includes the
        // section's own, their start by one that does not: they may cross by
        // rounding when the items shrink to nothing.
        check(
          extent.isOrdered
            || (extent.start.isFinite && extent.end.isFinite && extent.start <= extent.itemsStart
              && extent.itemsStart <= extent.itemsEnd + slack(extent.itemsEnd) && extent.itemsEnd <= extent.end),
          "section \(s) extents \(extent) in order")
        check(extent.start >= previousEnd - slack(previousEnd), "section \(s) starts after section \(s - 1)")
        check(sectionStarts[s] <= sectionStarts[s + 1], "section \(s) range")
        for i in sectionStarts[s]..<Swift.max(sectionStarts[s], sectionStarts[s + 1]) {
          let line = cells[i].line
          check(
            line >= sectionStarts[s] && line <= i && (line == i || cells[i - 1].line == line),
            "cell \(i)'s line \(line) starts it in its section")
          check(line == i || shifts.extent(at: i) == 0, "cell \(i) inside a line moves with its line")
          check(lines[i] == lines[line], "cell \(i) holds its line's start and length")
          check(
            shifts.count > 0 || i % Self.summaryStride != 0
              || lineEndSummary[i / Self.summaryStride] == lines[i].start + lines[i].length,
            "cell \(i)'s line end in the summary")
          guard problems.isEmpty else { break }
          let frame = cellFrame(i)
          check(frame.isFinite, "cell \(i) finite")
          check(
            frame.min(axis) >= extent.itemsStart - slack(extent.itemsStart)
              && frame.max(axis) <= extent.itemsEnd + slack(extent.itemsEnd),
            "cell \(i) inside section \(s)")
        }
        if let grid = uniformSection(s), grid.count > 0 {
          check(
            grid.frame(0).isFinite && grid.frame(grid.count - 1).isFinite, "uniform section \(s) frames finite")
          check(
            grid.lines.start(0) >= extent.itemsStart - slack(extent.itemsStart)
              && grid.lines.end(grid.lines.count - 1) <= extent.itemsEnd + slack(extent.itemsEnd),
            "uniform section \(s) inside its extent")
        }
        previousEnd = extent.end
      }
    #endif
    return problems
  }
}
