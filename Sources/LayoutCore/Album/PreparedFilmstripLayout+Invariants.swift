extension PreparedFilmstripLayout: InvariantChecking {
  /// The prepared geometry's broken invariants: a positive finite pitch,
  /// every unfolded width in `normalWidth...maximumWidth`, a finite content
  /// width and insets with everything folded and with the widest cell
  /// unfolded. Checked after `prepare` in debug builds only; always empty
  /// (and free) in release builds.
  ///
  /// - Complexity: O(min(n, `invariantSampleLimit`)): past the limit the
  ///   photos are sampled (`invariantSample`).
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
      }
      check(pitch.isFinite && pitch > 0, "pitch \(pitch) positive")
      var widest = 0
      for k in invariantSample(count) where problems.isEmpty {
        let w = unfoldedWidth(k)
        check(w >= layout.normalWidth && w <= layout.maximumWidth, "thumbnail \(k) unfolds to \(w)")
        if w > unfoldedWidth(widest) { widest = k }
      }
      for state in [FilmstripState(), .accordion(index: widest, progress: 1)] {
        check(contentSize(at: state).isFinite, "content size finite at \(state)")
        let inset = contentInset(at: state)
        check(inset.left.isFinite && inset.right.isFinite, "insets finite at \(state)")
      }
    #endif
    return problems
  }
}
