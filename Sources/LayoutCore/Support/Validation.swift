/// The limits every layout's geometry stays within.
public enum LayoutLimits {
  /// The longest extent, in points, that content, an item or a viewport
  /// may have along an axis: 2⁴⁸ ≈ 2.8·10¹⁴. Coordinates below it keep a
  /// resolution of 1/32 point, and sums of a few of them stay finite, so
  /// prepared geometry never reports a non-finite or badly rounded value.
  /// Content that would reach further is rejected at `prepare`
  /// (`LayoutError.contentTooLarge`).
  public static let maximumExtent: Double = 0x1p48

  /// The most items a layout keeps anything per item for (sizes that vary
  /// per item, estimates that preferred sizes replace, measured flags):
  /// 2²⁴ = 16,777,216. At the 40–70 bytes per item the engine keeps, that
  /// is at most about 1.2 GB; past it, `prepare` refuses before
  /// allocating (`LayoutError.tooManyItems`). Uniform sections store one
  /// size whatever their count and are not limited by this.
  public static let maximumStoredItemCount = 1 << 24

  /// Checks that `items` has at most `maximumStoredItemCount` items in
  /// all, for a layout (named `layout` in the error) that will keep data
  /// per item.
  ///
  /// - Complexity: O(sections).
  /// - Throws: `LayoutError.tooManyItems` otherwise (negative counts are
  ///   left to `LayoutItems.validate()`).
  public static func checkStoredCount(_ items: LayoutItems, layout: String) throws(LayoutError) {
    try checkStoredCount(items.sections.map(\.count), layout: layout)
  }

  /// `checkStoredCount(_:layout:)` for section counts.
  public static func checkStoredCount(_ counts: [Int], layout: String) throws(LayoutError) {
    var total = 0
    for count in counts where count > 0 {
      let (sum, overflow) = total.addingReportingOverflow(count)
      total = overflow ? Int.max : sum
    }
    guard total <= maximumStoredItemCount else {
      throw .tooManyItems(count: total, limit: maximumStoredItemCount, layout: layout)
    }
  }

  /// Checks a prepared content length: finite and at most `maximumExtent`.
  ///
  /// - Throws: `LayoutError.contentTooLarge` otherwise.
  @inlinable public static func checkContent(_ length: Double) throws(LayoutError) {
    guard length.isFinite, length <= maximumExtent else {
      throw .contentTooLarge(extent: length, limit: maximumExtent)
    }
  }
}

/// Checks for the numbers layouts and tools accept: each returns the value
/// when it is in range and throws `LayoutError.invalidValue` naming it and
/// the allowed range otherwise. Tools (the CLI's typed options) use the
/// same checks, so an option and the configuration it sets agree.
public enum Validate {
  /// `value` when finite.
  ///
  /// - Throws: `LayoutError.invalidValue` for NaN or ±∞.
  public static func finite(_ value: Double, _ name: String) throws(LayoutError) -> Double {
    guard value.isFinite else { throw .invalidValue(name: name, value: value, allowed: "a finite number") }
    return value
  }

  /// `value` when it lies in `range` (which should have finite bounds).
  ///
  /// - Throws: `LayoutError.invalidValue` for NaN, ±∞ or a value outside.
  public static func inRange(
    _ value: Double, _ range: ClosedRange<Double>, _ name: String
  ) throws(LayoutError) -> Double {
    guard value.isFinite, range.contains(value) else {
      throw .invalidValue(name: name, value: value, allowed: "\(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }

  /// `value` when in `0...1` (scales, alphas, fractions).
  ///
  /// - Throws: `LayoutError.invalidValue`.
  public static func unit(_ value: Double, _ name: String) throws(LayoutError) -> Double {
    try inRange(value, 0...1, name)
  }

  /// `value` when finite and not negative, up to `LayoutLimits.maximumExtent`
  /// (lengths, spacings, insets, durations).
  ///
  /// - Throws: `LayoutError.invalidValue`.
  public static func length(_ value: Double, _ name: String) throws(LayoutError) -> Double {
    try inRange(value, 0...LayoutLimits.maximumExtent, name)
  }

  /// `value` when finite and strictly positive, up to
  /// `LayoutLimits.maximumExtent`.
  ///
  /// - Throws: `LayoutError.invalidValue`.
  public static func positiveLength(_ value: Double, _ name: String) throws(LayoutError) -> Double {
    guard value > 0 else {
      throw .invalidValue(name: name, value: value, allowed: "greater than 0, at most \(LayoutLimits.maximumExtent)")
    }
    return try length(value, name)
  }

  /// `value` when finite with magnitude up to `LayoutLimits.maximumExtent`
  /// (signed coordinates: offsets, signed spacings).
  ///
  /// - Throws: `LayoutError.invalidValue`.
  public static func coordinate(_ value: Double, _ name: String) throws(LayoutError) -> Double {
    try inRange(value, -LayoutLimits.maximumExtent...LayoutLimits.maximumExtent, name)
  }

  /// `point` when both coordinates pass `coordinate(_:_:)`.
  ///
  /// - Throws: `LayoutError.invalidValue` naming the coordinate.
  public static func point(_ point: Point, _ name: String) throws(LayoutError) -> Point {
    Point(x: try coordinate(point.x, name + ".x"), y: try coordinate(point.y, name + ".y"))
  }

  /// `size` when both dimensions pass `length(_:_:)` (or
  /// `positiveLength(_:_:)` when `positive`).
  ///
  /// - Throws: `LayoutError.invalidValue` naming the dimension.
  public static func size(_ size: Size, _ name: String, positive: Bool = false) throws(LayoutError) -> Size {
    positive
      ? Size(
        width: try positiveLength(size.width, name + ".width"),
        height: try positiveLength(size.height, name + ".height"))
      : Size(width: try length(size.width, name + ".width"), height: try length(size.height, name + ".height"))
  }

  /// `insets` when every inset passes `length(_:_:)`.
  ///
  /// - Throws: `LayoutError.invalidValue` naming the edge.
  public static func insets(_ insets: EdgeInsets, _ name: String) throws(LayoutError) -> EdgeInsets {
    EdgeInsets(
      top: try length(insets.top, name + ".top"), left: try length(insets.left, name + ".left"),
      bottom: try length(insets.bottom, name + ".bottom"), right: try length(insets.right, name + ".right"))
  }

  /// `count` when in `0...maximum`.
  ///
  /// - Throws: `LayoutError.invalidValue`.
  public static func count(
    _ count: Int, _ name: String, maximum: Int = Int(LayoutLimits.maximumExtent)
  ) throws(LayoutError) -> Int {
    guard count >= 0, count <= maximum else {
      throw .invalidValue(name: name, value: Double(count), allowed: "0...\(maximum)")
    }
    return count
  }

  /// `index` when in `0..<count`.
  ///
  /// - Throws: `LayoutError.invalidValue` (an empty range says so).
  public static func index(_ index: Int, count: Int, _ name: String) throws(LayoutError) -> Int {
    guard index >= 0, index < count else {
      throw .invalidValue(
        name: name, value: Double(index), allowed: count > 0 ? "0...\(count - 1)" : "none (there are no items)")
    }
    return index
  }

  /// The extent `leading + Double(count) · pitch + trailing` when it is
  /// finite and within `LayoutLimits.maximumExtent`: the check a layout
  /// makes at `prepare` before laying out `count` items of `pitch`.
  ///
  /// - Complexity: O(1).
  /// - Throws: `LayoutError.contentTooLarge`.
  public static func extent(
    count: Int, pitch: Double, leading: Double = 0, trailing: Double = 0
  ) throws(LayoutError)
    -> Double
  {
    let total = leading + Double(Swift.max(0, count)) * pitch + trailing
    guard total.isFinite, abs(total) <= LayoutLimits.maximumExtent else {
      throw .contentTooLarge(extent: total, limit: LayoutLimits.maximumExtent)
    }
    return total
  }
}
