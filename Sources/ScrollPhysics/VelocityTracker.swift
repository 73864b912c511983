import LayoutCore

/// Estimates a release velocity from the last drag samples, as a pan
/// gesture recogniser does.
///
/// Keeps samples from the last `window` seconds in a small ring; the
/// velocity is the least-squares slope over them, so one jittery sample
/// does not dominate. A finger that rested longer than the window before
/// lifting releases at zero velocity.
public struct VelocityTracker: Hashable, Sendable {
  /// How far back samples count, in seconds.
  public var window: Double
  @usableFromInline var times: [Double] = []
  @usableFromInline var values: [Point] = []

  public init(window: Double = 0.1) { self.window = window }

  /// Records the content position `value` at `time`.
  public mutating func add(_ value: Point, at time: Double) {
    if let last = times.last, time < last { return }
    times.append(time)
    values.append(value)
    // Drop samples older than the window (keep at least two).
    var drop = 0
    while times.count - drop > 2 && time - times[drop] > window { drop += 1 }
    if drop > 0 {
      times.removeFirst(drop)
      values.removeFirst(drop)
    }
  }

  /// Forgets every sample.
  public mutating func reset() {
    times.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
  }

  /// The velocity in points per second at `time`, over the samples inside
  /// the window ending then; zero with fewer than two.
  public func velocity(at time: Double) -> Point {
    var n = 0.0
    var st = 0.0
    var stt = 0.0
    var sx = 0.0
    var sy = 0.0
    var stx = 0.0
    var sty = 0.0
    for (t, p) in zip(times, values) where time - t <= window + 1e-9 {
      let u = t - time
      n += 1
      st += u
      stt += u * u
      sx += p.x
      sy += p.y
      stx += u * p.x
      sty += u * p.y
    }
    let denominator = n * stt - st * st
    guard n >= 2, denominator > 1e-12 else { return .zero }
    let vx = (n * stx - st * sx) / denominator
    let vy = (n * sty - st * sy) / denominator
    return Point(x: vx.finiteOr(0), y: vy.finiteOr(0))
  }
}
