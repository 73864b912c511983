extension PreparedAlbumPagerLayout: InvariantChecking {
  /// The prepared geometry's broken invariants: one page per photo, pages
  /// the viewport's width apart, a finite content size, every fitted photo
  /// finite and inside its page. Checked after `prepare` in debug builds
  /// only; always empty (and free) in release builds.
  ///
  /// - Complexity: O(min(n, `invariantSampleLimit`)): past the limit the
  ///   photos are sampled (`invariantSample`).
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    #if DEBUG
      func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
      }
      check(pages.count == count, "one page per photo")
      check(pageWidth.isFinite && pageWidth > 0, "page width \(pageWidth) positive")
      check(pages.extent == pageWidth && pages.pitch == pageWidth && pages.leading == 0, "pages are the viewport width")
      check(contentSize(at: ScrollState()).isFinite, "content size finite")
      check(layout.spacing.isFinite && layout.spacing >= 0, "spacing \(layout.spacing)")
      check(layout.minimumWidth.isFinite && layout.minimumWidth >= 0, "minimum width \(layout.minimumWidth)")
      for k in invariantSample(count) where problems.isEmpty {
        let fit = fittedSize(k)
        check(
          fit.isFinite && fit.width <= pageWidth * (1 + 1e-12) && fit.height <= viewport.size.height * (1 + 1e-12),
          "photo \(k) fits its page: \(fit)")
      }
    #endif
    return problems
  }
}
