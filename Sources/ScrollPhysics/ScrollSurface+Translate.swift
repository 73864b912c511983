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
    if isTouching {
      rebaseDrag(to: contentOffset + delta)
    } else {
      motionX = motionX?.translated(by: delta.x)
      motionY = motionY?.translated(by: delta.y)
    }
    moveTo(contentOffset + delta)
  }

  /// Moves the finger's reference so that the drag, as it stands, shows
  /// `offset`: the shift is taken between un-banded positions, so a finger
  /// held past an edge (rubber-banding) stays where it is on screen and the
  /// next drag sample moves the content only by the finger's own motion.
  mutating func rebaseDrag(to offset: Point) {
    let shift = unbanded(offset) - unbanded(contentOffset)
    guard shift.isFinite else { return }
    dragOrigin = dragOrigin + shift
    tracker.translate(by: shift)
  }

  /// Sends a running deceleration to `target` (clamped into bounds) along
  /// the same exponential curve from where it is now; a surface that is
  /// not decelerating is left alone. For a geometry change mid-flight (a
  /// rotation while a page settles): the old target is no longer a page.
  public mutating func redirect(to target: Point, at time: Double) {
    let now = accept(time)
    guard phase == .decelerating else { return }
    let to = clamped(target.sanitized)
    let rate = (configuration.isPagingEnabled ? DecelerationRate.fast : configuration.decelerationRate).perMillisecond
    func motion(_ axis: Axis) -> AxisMotion? {
      guard to[axis] != contentOffset[axis] else { return nil }
      return .decay(
        from: contentOffset[axis], to: to[axis], rate: rate, start: now, edge: nil,
        stiffness: configuration.bounceStiffness, limit: viewportSize[axis])
    }
    motionX = motion(.horizontal)
    motionY = motion(.vertical)
    advance(to: now)
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
