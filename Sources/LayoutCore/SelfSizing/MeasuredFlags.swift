/// Which stored items of a layout prepared from estimates have their real
/// size, and how many do: one flag per item and their count, kept together
/// so that the count never has to be recounted. The flow, the sticky
/// sections and the tag cloud keep one.
@usableFromInline struct MeasuredFlags: Sendable {
  @usableFromInline var flags: [Bool]
  /// How many flags are set.
  @usableFromInline private(set) var count: Int

  /// `total` flags, all set to `measured`.
  ///
  /// - Complexity: O(total).
  init(total: Int, measured: Bool) {
    flags = [Bool](repeating: measured, count: Swift.max(0, total))
    count = measured ? flags.count : 0
  }

  /// No flags (a layout prepared with known sizes).
  init() { self.init(total: 0, measured: false) }

  /// The given flags.
  ///
  /// - Complexity: O(flags).
  init(_ flags: [Bool]) {
    self.flags = flags
    count = flags.reduce(0) { $0 + ($1 ? 1 : 0) }
  }

  /// Whether item `g` is measured; `g` must be in range.
  @inlinable subscript(_ g: Int) -> Bool { flags[g] }

  /// The items' indices.
  var indices: Range<Int> { flags.indices }

  /// Marks item `g` measured.
  ///
  /// - Complexity: O(1).
  mutating func mark(_ g: Int) {
    if !flags[g] {
      flags[g] = true
      count += 1
    }
  }

  /// Marks item `g` not measured (its size is to be learnt again).
  ///
  /// - Complexity: O(1).
  mutating func unmark(_ g: Int) {
    if flags[g] {
      flags[g] = false
      count -= 1
    }
  }
}
