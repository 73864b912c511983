#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One axis's motion after a release or during an animated offset change: a
/// closed-form function of time, so that positions do not depend on the
/// frame rate and the same times give the same bits.
enum AxisMotion: Hashable, Sendable {
  /// Exponential decay from `from` towards `to`: after `n` milliseconds the
  /// position is `from + (to − from)·(1 − rⁿ)`. A free fling's `to` is its
  /// projection `from + v·r/(1 − r)/1000`, which gives exactly UIKit's
  /// per-millisecond velocity decay; a snap or page target bends the same
  /// curve to land on the target.
  ///
  /// When `edge` is set, the free fling crosses it: at the crossing the
  /// motion turns into a spring back to the edge with the velocity it had.
  case decay(from: Double, to: Double, rate: Double, start: Double, edge: Double?, stiffness: Double, limit: Double)
  /// A critically damped spring to `rest`: the bounce back from past an edge.
  case spring(rest: Double, from: Double, velocity: Double, start: Double, stiffness: Double)
  /// An ease-in-out animation (UIKit's animated `setContentOffset`).
  case animation(from: Double, to: Double, start: Double, duration: Double)

  /// Below this distance from its resting point (and, for springs, this
  /// speed in points per second), a motion snaps to rest.
  static let restDistance = 0.05
  static let restSpeed = 1.0

  /// The position and velocity (points per second) at `time`, and whether
  /// the motion has come to rest (then the position is exactly the rest).
  func sample(at time: Double) -> (position: Double, velocity: Double, done: Bool) {
    switch self {
    case .decay(let from, let to, let rate, let start, let edge, let stiffness, let limit):
      let lnr = log(rate)
      let ms = Swift.max(0, (time - start) * 1000)
      if let edge {
        // The crossing time: rⁿ = 1 − (edge − from)/(to − from).
        let fraction = (edge - from) / (to - from)
        if fraction <= 0 {
          let v = (to - from) * -lnr * 1000
          return AxisMotion.boundedSpring(
            rest: edge, from: from, velocity: v, start: start, stiffness: stiffness, limit: limit
          ).sample(at: time)
        }
        if fraction < 1 {
          let crossMs = log(1 - fraction) / lnr
          if ms >= crossMs {
            let v = (to - from) * -lnr * pow(rate, crossMs) * 1000
            let crossTime = start + crossMs / 1000
            return AxisMotion.boundedSpring(
              rest: edge, from: edge, velocity: v, start: crossTime, stiffness: stiffness, limit: limit
            ).sample(at: time)
          }
        }
      }
      let remaining = (to - from) * pow(rate, ms)
      if abs(remaining) <= AxisMotion.restDistance { return (to, 0, true) }
      return (to - remaining, remaining * -lnr * 1000, false)
    case .spring(let rest, let from, let velocity, let start, let omega):
      let t = Swift.max(0, time - start)
      let a = from - rest
      let b = velocity + omega * a
      let e = exp(-omega * t)
      // Far past the start (a huge time) the spring has long come to rest;
      // `(a + b·t)·e` would be ∞·0 there.
      if e == 0 { return (rest, 0, true) }
      let x = (a + b * t) * e
      let v = (b - omega * (a + b * t)) * e
      if abs(x) <= AxisMotion.restDistance && abs(v) <= AxisMotion.restSpeed && t > 0 { return (rest, 0, true) }
      return (rest + x, v, false)
    case .animation(let from, let to, let start, let duration):
      let t = duration > 0 ? (time - start) / duration : 1
      if t >= 1 { return (to, 0, true) }
      let u = Swift.max(0, t)
      let eased = u * u * (3 - 2 * u)
      let slope = duration > 0 ? 6 * u * (1 - u) / duration : 0
      return (from + (to - from) * eased, (to - from) * slope, false)
    }
  }

  /// A spring back to `rest` from `from` whose outward velocity is capped
  /// so that it never swings further than halfway from `from` to
  /// `rest ± limit` (the viewport dimension): bounces stay bounded however
  /// fast the fling.
  static func boundedSpring(
    rest: Double, from: Double, velocity: Double, start: Double, stiffness omega: Double, limit: Double
  )
    -> AxisMotion
  {
    let a = from - rest
    var v = velocity
    let outward = (a == 0 && v != 0) || (a * v > 0)
    if outward && limit > 0 {
      let allowed = abs(a) + Swift.max(0, limit - abs(a)) / 2
      for _ in 0..<64 where peak(a: a, velocity: v, omega: omega) > allowed { v /= 2 }
    }
    return .spring(rest: rest, from: from, velocity: v, start: start, stiffness: omega)
  }

  /// The largest distance from rest a critically damped spring reaches.
  static func peak(a: Double, velocity v: Double, omega: Double) -> Double {
    let b = v + omega * a
    guard b != 0 else { return abs(a) }
    let t = v / (omega * b)
    guard t > 0 else { return abs(a) }
    return abs((a + b * t) * exp(-omega * t))
  }

  /// Where the motion comes to rest.
  var rest: Double {
    switch self {
    case .decay(_, let to, _, _, let edge, _, _): edge ?? to
    case .spring(let rest, _, _, _, _): rest
    case .animation(_, let to, _, _): to
    }
  }
}
