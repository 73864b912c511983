/// The one rule for a header or footer pinned to the visible bounds, shared
/// by the flow layout (`pinsHeaders`, `pinsFooters`) and the sticky-header
/// layout (`areSectionHeadersSticky`).
///
/// An element pinned to the **leading** edge (a header) rests at the start
/// of its section; once the pin line (the visible leading edge, or under a
/// sticky menu) passes it, it rides the pin line, until it reaches the end
/// of its section's items and leaves with the section:
///
///     start = min(max(pin, resting), max(resting, last))
///
/// An element pinned to the **trailing** edge (a footer) mirrors it: it
/// rests after the items, rides `pin − length` (the visible trailing edge)
/// while that is above its resting place, but never above the start of its
/// section's items:
///
///     start = max(min(pin − length, resting), min(resting, first))
///
/// Either way a pinned element stays inside its section's extent, so a
/// layout that finds the sections meeting a rectangle finds their pinned
/// elements too, and the query stays O(log s + k).
///
/// ```swift
/// let section = SectionExtent(start: 100, itemsStart: 150, itemsEnd: 600, end: 650)
/// PinnedSupplementary.headerStart(pinLine: 300, length: 50, in: section)  // 300
/// PinnedSupplementary.headerStart(pinLine: 580, length: 50, in: section)  // 550
/// ```
///
/// Bad input: a NaN pin line counts as not having reached the element
/// (it rests); a section too short for the element keeps it at rest.
public enum PinnedSupplementary {
  /// A leading-pinned element's start: its resting start until `pinLine`
  /// passes it, then `pinLine`, but never past `lastStart` (clamped up to
  /// `restingStart`).
  ///
  /// - Complexity: O(1).
  @inlinable public static func leadingStart(pinLine: Double, restingStart: Double, lastStart: Double) -> Double {
    let pin = pinLine.isNaN ? restingStart : pinLine
    return Swift.min(Swift.max(pin, restingStart), Swift.max(restingStart, lastStart))
  }

  /// A trailing-pinned element's start: its resting start until
  /// `pinLine − length` comes before it, then that, but never before
  /// `firstStart` (clamped down to `restingStart`).
  ///
  /// - Complexity: O(1).
  @inlinable public static func trailingStart(
    pinLine: Double, length: Double, restingStart: Double, firstStart: Double
  ) -> Double {
    let pinned = pinLine - length
    let pin = pinned.isNaN ? restingStart : pinned
    return Swift.max(Swift.min(pin, restingStart), Swift.min(restingStart, firstStart))
  }

  /// A section header of `length` pinned at `pinLine`: at `section.start`
  /// until the pin line passes it, never past `section.itemsEnd − length`.
  @inlinable public static func headerStart(pinLine: Double, length: Double, in section: SectionExtent) -> Double {
    leadingStart(pinLine: pinLine, restingStart: section.start, lastStart: section.itemsEnd - length)
  }

  /// A section footer of `length` pinned to the trailing edge `pinLine`: at
  /// `section.itemsEnd` until `pinLine − length` comes before it, never
  /// before `section.itemsStart`.
  @inlinable public static func footerStart(pinLine: Double, length: Double, in section: SectionExtent) -> Double {
    trailingStart(pinLine: pinLine, length: length, restingStart: section.itemsEnd, firstStart: section.itemsStart)
  }
}
