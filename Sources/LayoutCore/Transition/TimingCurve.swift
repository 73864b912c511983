/// How a transition's interpolation fraction follows time: a pure map from
/// the fraction of the duration elapsed, `t` in `[0, 1]`, to the fraction
/// `p` of the way from A to B, with `value(at: 0) == 0` and
/// `value(at: 1) == 1` exactly, monotone in between.
public enum TimingCurve: Hashable, Sendable {
  /// `p = t`.
  case linear
  /// UIKit's default ease-in-out, the cubic Bézier `(0.42, 0, 0.58, 1)`
  /// (the seed animates 0.2 s with it).
  case easeInOut
  /// A cubic Bézier from (0, 0) to (1, 1) with control points `(x1, y1)`
  /// and `(x2, y2)`; `x1` and `x2` are clamped into `[0, 1]` so time never
  /// runs backwards (documented clamp), non-finite values count as 0.
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
  /// A critically damped spring from rest, `1 − (1 + k·t)·e^(−k·t)`,
  /// scaled so it ends exactly at 1 when `t = 1`; `stiffness` is `k`
  /// (the spring's angular frequency times the duration). A non-finite or
  /// non-positive `k` is replaced by 10 (documented clamp).
  case criticallyDampedSpring(stiffness: Double)

  /// The default curve: `.easeInOut`.
  public static let `default` = TimingCurve.easeInOut

  /// The interpolation fraction at time fraction `t`.
  ///
  /// `t` is clamped into `[0, 1]`; NaN counts as 0. The result is finite.
  ///
  /// - Complexity: O(1) (a fixed 48-step bisection for Bézier curves).
  public func value(at t: Double) -> Double {
    let t = clamp(t, 0, 1)
    if t == 0 { return 0 }
    if t == 1 { return 1 }
    switch self {
    case .linear:
      return t
    case .easeInOut:
      return Self.bezier(t, 0.42, 0, 0.58, 1)
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return Self.bezier(
        t, clamp(x1.finiteOr(0), 0, 1), y1.finiteOr(0), clamp(x2.finiteOr(0), 0, 1), y2.finiteOr(0))
    case .criticallyDampedSpring(let stiffness):
      let k = stiffness.isFinite && stiffness > 0 ? Swift.min(stiffness, 700) : 10
      let end = 1 - (1 + k) * exponential(-k)
      let now = 1 - (1 + k * t) * exponential(-k * t)
      return clamp(now / end, 0, 1)
    }
  }

  /// The Bézier's y at the parameter whose x is `t`; x is monotone in the
  /// parameter because both x control values are in `[0, 1]`.
  static func bezier(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func coordinate(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
      let v = 1 - u
      return 3 * v * v * u * c1 + 3 * v * u * u * c2 + u * u * u
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<48 {
      let mid = (low + high) / 2
      if coordinate(mid, x1, x2) < t { low = mid } else { high = mid }
    }
    return coordinate((low + high) / 2, y1, y2)
  }
}

/// `e^x` with the standard library only (LayoutCore imports nothing):
/// range reduction by powers of two and a Taylor polynomial, accurate to a
/// few ulps. Underflows to 0 below −745; overflow is clamped to
/// `greatestFiniteMagnitude`.
@usableFromInline func exponential(_ x: Double) -> Double {
  guard x == x else { return 0 }
  if x < -745 { return 0 }
  if x > 709 { return .greatestFiniteMagnitude }
  let ln2 = 0.693_147_180_559_945_3
  let k = (x / ln2).rounded()
  let r = x - k * ln2
  var term = 1.0
  var sum = 1.0
  for n in 1...16 {
    term *= r / Double(n)
    sum += term
  }
  return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
}
