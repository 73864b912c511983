extension PreparedCenteredLayout: InvariantChecking {
  /// The prepared geometry's broken invariants: section starts ascending
  /// from 0 to the strip's count, a positive finite pitch (when there are
  /// items), finite first and last frames and content size, a finite
  /// effect unit and reach. Always empty (and free) in release builds.
  ///
  /// - Complexity: O(s) for s sections.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
      }
      check(sectionStarts.first == 0 && sectionStarts.last == strip.count, "section starts cover the strip")
      check(zip(sectionStarts, sectionStarts.dropFirst()).allSatisfy { $0 <= $1 }, "section starts ascend")
      check(strip.count == 0 || (strip.pitch.isFinite && strip.pitch > 0), "pitch \(strip.pitch) positive")
      check(strip.contentSize.isFinite, "content size \(strip.contentSize) finite")
      check(strip.count == 0 || (strip.frame(0).isFinite && strip.frame(strip.count - 1).isFinite), "frames finite")
      check(unitLength.isFinite && unitLength > 0, "effect unit \(unitLength) positive")
      check(maximumDisplacement.isFinite && maximumDisplacement >= 0, "reach \(maximumDisplacement) finite")
    #endif
    return problems
  }
}
