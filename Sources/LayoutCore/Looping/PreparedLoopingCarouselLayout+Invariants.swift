extension PreparedLoopingCarouselLayout: InvariantChecking {
  /// The prepared geometry's broken invariants: the base carousel's, and
  /// when looping: at least `minimumLoopingCount` items, a period of
  /// `n·p`, a slot range of whole periods whose offset is `halfRange`,
  /// content within `LayoutLimits.maximumExtent` whose highest offset is
  /// exactly `halfRange`. Always empty (and free) in release builds.
  ///
  /// - Complexity: O(s) for s sections.
  public func invariantViolations() -> [String] {
    var problems = base.invariantViolations()
    #if DEBUG
      func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
      }
      check(minimumLoopingCount >= 1, "minimum looping count \(minimumLoopingCount) positive")
      if isLooping {
        let n = strip.count
        check(n >= minimumLoopingCount, "\(n) items loop (at least \(minimumLoopingCount))")
        check(period == Double(n) * strip.pitch && period > 0, "period \(period) is n·p")
        check(slotRange >= n && slotRange % n == 0, "slot range \(slotRange) is whole periods of \(n)")
        check(halfRange == Double(slotRange) * strip.pitch, "half range \(halfRange) is the slot range's offset")
        check(mainLength <= LayoutLimits.maximumExtent, "content \(mainLength) within the limit")
        let bounds = offsetBounds(at: ScrollState())
        check(bounds.min[strip.axis] == -halfRange, "lowest offset \(bounds.min) is −halfRange")
        check(abs(bounds.max[strip.axis] - halfRange) <= halfRange.ulp, "highest offset \(bounds.max) is halfRange")
      }
    #endif
    return problems
  }
}
