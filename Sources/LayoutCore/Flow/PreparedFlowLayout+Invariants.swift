extension PreparedFlowLayout {
  /// Checks the prepared geometry's invariants: every frame finite, section
  /// ranges contiguous, sections in order along the scroll axis, each cell
  /// inside its section. Runs after `prepare` in debug builds only; costs
  /// nothing in release.
  @inline(__always) func checkInvariants() {
    #if DEBUG
      precondition(sectionStarts.count == sections.count + 1, "one start per section plus the end")
      precondition(sectionStarts.first == 0 && sectionStarts.last == cellFrames.count, "starts cover every cell")
      precondition(cellIndex.count == cellFrames.count, "an index entry per cell")
      let axis = layout.axis
      var previousEnd = 0.0
      for (s, extent) in sections.enumerated() {
        precondition(extent.start >= previousEnd - 1e-9 && extent.start <= extent.itemsStart, "section \(s) in order")
        precondition(extent.itemsStart <= extent.itemsEnd && extent.itemsEnd <= extent.end, "section \(s) extents")
        precondition(sectionStarts[s] <= sectionStarts[s + 1], "section \(s) range")
        for i in sectionStarts[s]..<sectionStarts[s + 1] {
          let frame = cellFrames[i]
          precondition(frame.isFinite, "cell \(i) finite")
          precondition(
            frame.min(axis) >= extent.itemsStart - 1e-6 && frame.max(axis) <= extent.itemsEnd + 1e-6,
            "cell \(i) inside section \(s)")
        }
        previousEnd = extent.end
      }
    #endif
  }
}
