extension PreparedTagCloudLayout: InvariantChecking {
  /// One width, height, x, line and measured flag per tag; sizes finite,
  /// not negative and no wider than a tag may be; lines never go back
  /// within a section; the measured count matches the flags.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      let n = widths.count
      if [heights.count, xs.count, lineOf.count, measured.flags.count].contains(where: { $0 != n }) {
        problems.append("per-tag arrays of different lengths for \(n) tags")
        return problems
      }
      if sectionFirst.first != 0 || sectionFirst.last != n {
        problems.append("sections cover \(sectionFirst.first ?? -1)..<\(sectionFirst.last ?? -1), not 0..<\(n)")
      }
      for i in 0..<n {
        if !(widths[i].isFinite && widths[i] >= 0 && widths[i] <= maxItemWidth + 1e-9) {
          problems.append("tag \(i) is \(widths[i]) wide (at most \(maxItemWidth))")
        }
        if !(heights[i].isFinite && heights[i] >= 0) { problems.append("tag \(i) is \(heights[i]) tall") }
        if !xs[i].isFinite { problems.append("tag \(i) at x \(xs[i])") }
        if problems.count > 8 { return problems }
      }
      for s in 0..<Swift.max(0, sectionFirst.count - 1) where sectionFirst[s] < sectionFirst[s + 1] {
        for i in (sectionFirst[s] + 1)..<sectionFirst[s + 1] where lineOf[i] < lineOf[i - 1] {
          problems.append("tag \(i) is on line \(lineOf[i]), before tag \(i - 1)'s line \(lineOf[i - 1])")
          break
        }
      }
      let flagged = measured.flags.reduce(0) { $0 + ($1 ? 1 : 0) }
      if flagged != measuredCount { problems.append("\(measuredCount) measured, \(flagged) flagged") }
    #endif
    return problems
  }
}
