/// Prepared geometry that can check its own invariants: what its
/// `prepare` promises (every value finite, parts in order, each element
/// inside its section, indexes consistent with the stored frames).
///
/// Each prepared layout runs `checkInvariants()` at the end of `prepare` in
/// debug builds; release builds compile the checks out, so they cost
/// nothing there. Test code reads `invariantViolations()` to report a
/// broken invariant with the seed that found it (see `LayoutChecker` in
/// `ScrollworkTestSupport`).
///
/// ```swift
/// extension PreparedMyLayout: InvariantChecking {
///   public func invariantViolations() -> [String] {
///     var problems: [String] = []
///     #if DEBUG
///       if !contentLength.isFinite { problems.append("content length \(contentLength) not finite") }
///     #endif
///     return problems
///   }
/// }
/// ```
public protocol InvariantChecking {
  /// A description of every broken invariant; empty when the geometry is
  /// sound, and always empty in release builds.
  ///
  /// - Complexity: O(n) over the stored geometry; for `prepare` in debug
  ///   builds and for tests, never per frame.
  func invariantViolations() -> [String]
}

extension InvariantChecking {
  /// Traps with the first broken invariant in debug builds; does nothing
  /// in release builds.
  @inlinable public func checkInvariants() {
    #if DEBUG
      let problems = invariantViolations()
      precondition(problems.isEmpty, "broken invariant: \(problems.first ?? "")")
    #endif
  }
}

/// The rounding an invariant forgives at coordinate `x`: a millionth of a
/// point near the origin, and a few parts per billion of `x` far from it,
/// where sums of many pitches round by more.
@inlinable public func slack(_ x: Double) -> Double { 1e-6 + 1e-9 * abs(x) }

/// The most indexes an invariant check walks over a range of items it
/// does not store (a uniform count can be 2⁴⁰).
public let invariantSampleLimit = 1 << 16

/// The indexes of `0..<count` an invariant check walks: every one up to
/// `invariantSampleLimit`; past it the first and last quarter of the limit
/// and an even stride between them, so a debug build's check after
/// `prepare` stays O(`invariantSampleLimit`) however many items a uniform
/// layout holds. A negative count walks nothing.
///
/// - Complexity: O(min(count, `invariantSampleLimit`)).
public func invariantSample(_ count: Int) -> [Int] {
  guard count > invariantSampleLimit else { return Array(0..<Swift.max(0, count)) }
  let edge = invariantSampleLimit / 4
  let step = (count - 2 * edge) / (invariantSampleLimit / 2) + 1
  return Array(0..<edge) + Array(stride(from: edge, to: count - edge, by: step)) + Array((count - edge)..<count)
}
