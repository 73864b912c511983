extension LayoutItems {
  /// The most items a layout lays out, over all sections: 2^53, the largest
  /// count whose every index a `Double` coordinate (`Double(i)·pitch`) still
  /// tells apart. More is rejected rather than laid out on top of itself.
  public static let maximumAddressableCount = 1 << 53

  /// Checks that every count, and their sum, is at most
  /// `maximumAddressableCount`, without overflowing.
  ///
  /// - Complexity: O(s) for s sections.
  /// - Throws: `LayoutError.invalidConfiguration` naming the first section
  ///   that takes the total past the limit.
  public func validateAddressableCount() throws(LayoutError) {
    let limit = Self.maximumAddressableCount
    var total = 0
    for (s, section) in sections.enumerated() {
      let count = section.count
      guard count <= limit - total else {
        throw .invalidConfiguration(
          "section \(s) has \(count) items, which takes the total past \(limit) (2^53): "
            + "item positions beyond that are not addressable with Double coordinates")
      }
      total += count
    }
  }
}

extension Double {
  /// The value, or a typed error naming `name` when it is NaN, infinite or
  /// negative.
  ///
  /// - Throws: `LayoutError.invalidConfiguration`.
  @inlinable public func validatedLength(_ name: String) throws(LayoutError) -> Double {
    guard isFinite, self >= 0 else {
      throw .invalidConfiguration("\(name) must be finite and not negative, got \(self)")
    }
    return self
  }
}

/// The error for geometry that does not fit in finite `Double` coordinates
/// (finite but huge sizes or spacings that add up past `Double.greatestFiniteMagnitude`),
/// for layouts that document it as `.invalidConfiguration` (the filmstrip).
/// Layouts that promise `.contentTooLarge` past `LayoutLimits.maximumExtent`
/// throw `contentOverflowed()` instead.
func contentTooLarge(_ what: String) -> LayoutError {
  .invalidConfiguration(
    "\(what) is beyond the representable range: sizes and spacings add up past \(Double.greatestFiniteMagnitude)")
}

/// The error for content whose length overflows to infinity, in layouts
/// that reject content longer than `LayoutLimits.maximumExtent` with
/// `.contentTooLarge`: infinitely long content is past the limit like any
/// other, so it gets the same error, with an infinite extent.
func contentOverflowed() -> LayoutError {
  .contentTooLarge(extent: .infinity, limit: LayoutLimits.maximumExtent)
}
