import LayoutCore

/// UIScrollView's rubber-band resistance past an edge.
///
/// An overshoot `x` of the finger over a viewport dimension `d` shows as
/// `(1 − 1/(x·c/d + 1))·d` with `c = 0.55`: it starts at the finger's pace
/// and never reaches `d`.
public enum RubberBand {
  /// The coefficient UIKit uses.
  public static let coefficient = 0.55

  /// The shown overshoot for a finger overshoot `x ≥ 0` over dimension `d`.
  /// Negative `x` is mirrored; a non-positive or non-finite `d` gives 0.
  @inlinable public static func offset(_ x: Double, dimension d: Double) -> Double {
    guard d > 0, d.isFinite, x.isFinite else { return 0 }
    let magnitude = (1 - 1 / (abs(x) * coefficient / d + 1)) * d
    return x < 0 ? -magnitude : magnitude
  }

  /// The finger overshoot that shows as `y` (the inverse of `offset`), so a
  /// drag that starts past an edge continues without a jump. `|y|` is
  /// clamped below `d`.
  @inlinable public static func inverse(_ y: Double, dimension d: Double) -> Double {
    guard d > 0, d.isFinite, y.isFinite else { return 0 }
    let shown = Swift.min(abs(y), d * 0.999_999)
    let magnitude = d / coefficient * (1 / (1 - shown / d) - 1)
    return y < 0 ? -magnitude : magnitude
  }
}
