import LayoutCore

extension ScrollSurface {
  /// Moves the content offset by `delta` without disturbing what the
  /// surface is doing: a drag continues under the finger, a deceleration,
  /// bounce or animation keeps its curve, shifted by `delta`.
  ///
  /// For content whose coordinates change under a moving surface (an
  /// accordion cell folding while the strip flings): shifting the offset by
  /// the content's own shift keeps what is on screen in place. Sends
  /// `didScroll` when the offset changes; a non-finite delta is ignored.
  public mutating func translate(by delta: Point) {
    guard delta.isFinite, delta != .zero else { return }
    dragOrigin = dragOrigin + delta
    tracker.translate(by: delta)
    motionX = motionX?.translated(by: delta.x)
    motionY = motionY?.translated(by: delta.y)
    moveTo(contentOffset + delta)
  }
}

extension VelocityTracker {
  mutating func translate(by delta: Point) {
    for i in values.indices { values[i] = values[i] + delta }
  }
}

extension AxisMotion {
  func translated(by d: Double) -> AxisMotion {
    guard d != 0 else { return self }
    switch self {
    case .decay(let from, let to, let rate, let start, let edge, let stiffness, let limit):
      return .decay(
        from: from + d, to: to + d, rate: rate, start: start, edge: edge.map { $0 + d }, stiffness: stiffness,
        limit: limit)
    case .spring(let rest, let from, let velocity, let start, let stiffness):
      return .spring(rest: rest + d, from: from + d, velocity: velocity, start: start, stiffness: stiffness)
    case .animation(let from, let to, let start, let duration):
      return .animation(from: from + d, to: to + d, start: start, duration: duration)
    }
  }
}
