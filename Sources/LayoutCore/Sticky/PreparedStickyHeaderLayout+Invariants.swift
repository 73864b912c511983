extension PreparedStickyHeaderLayout: InvariantChecking {
  /// The prepared geometry's broken invariants: sections follow the top
  /// header and menu and each other, their parts in order; a cell list per
  /// section; every stored cell finite, inside its section's items and
  /// after the previous one; the content ending with the last section.
  /// Checked after `prepare` in debug builds only; always empty (and free)
  /// in release builds.
  ///
  /// - Complexity: O(s log s + n log n) for s sections and n stored cells.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
      }
      check(cells.count == sections.count, "a cell list per section")
      check(varyingTops.count == varyingSizes.count, "a size per stored top")
      check(shifts.count == 0 || shifts.count == varyingTops.count, "a shift per stored cell, or none")
      check(contentHeight.isFinite && contentHeight >= 0, "content height \(contentHeight) finite")
      check(contentHeight == Swift.max(headerHeight + menuHeight, sections.end), "content ends with the last section")
      var previousEnd = headerHeight + menuHeight
      var nextStored = 0
      for (s, extent) in sections.extents.enumerated() where problems.isEmpty {
        // The items' end moves by a sum of changes that includes the
        // section's own, their start by one that does not: they may cross by
        // rounding when the items shrink to nothing.
        check(
          extent.isOrdered
            || (extent.start.isFinite && extent.end.isFinite && extent.start <= extent.itemsStart
              && extent.itemsStart <= extent.itemsEnd + slack(extent.itemsEnd) && extent.itemsEnd <= extent.end),
          "section \(s) extents \(extent) in order")
        check(extent.start == previousEnd, "section \(s) starts where the previous part ends")
        check(extent.headerLength >= 0 && extent.footerLength >= 0, "section \(s) header and footer")
        switch cells[s] {
        case .uniform(let stored, let width):
          let strip = self.strip(stored, of: s)
          check(width.isFinite && width >= 0, "section \(s) cell width")
          check(strip.count == 0 || strip.start(0) == extent.itemsStart, "section \(s) first cell at its items")
          check(
            strip.count == 0 || strip.end(strip.count - 1) <= extent.itemsEnd + slack(extent.itemsEnd),
            "section \(s) last cell")
        case .varying(let first, let count):
          check(first == nextStored, "section \(s) stored cells contiguous")
          var previousTop = extent.itemsStart
          for i in first..<(first + count) where i < varyingTops.count {
            let top = varyingTop(i)
            let bottom = top + varyingSizes[i].height
            check(top.isFinite && bottom.isFinite, "cell \(i - first) of section \(s) finite")
            check(
              top >= previousTop - slack(previousTop) && bottom <= extent.itemsEnd + slack(extent.itemsEnd),
              "cell \(i - first) of section \(s) in order")
            previousTop = top
          }
          nextStored = first + count
        }
        previousEnd = extent.end
      }
      check(nextStored == varyingTops.count, "every stored cell belongs to a section")
    #endif
    return problems
  }
}
