import LayoutCore

extension ScrollSurface {
  /// A finger touches the content: any deceleration, bounce or animation
  /// stops where it is (UIKit sends no end event for a caught fling).
  public mutating func touchDown(at time: Double) {
    let now = accept(time)
    guard !isTouching else { return }
    if phase != .idle { advance(to: now) }
    motionX = nil
    motionY = nil
    velocity = .zero
    isTouching = true
    phase = .idle
    dragStartOffset = contentOffset
    dragOrigin = unbanded(contentOffset)
    tracker.reset()
    tracker.add(dragOrigin, at: now)
  }

  /// The finger has moved by `translation` since it touched down (as a pan
  /// recogniser's translation: moving the finger left is a negative x and
  /// scrolls the content right). Touches down first if needed; the first
  /// movement sends `willBeginDragging`. Past an edge the content follows
  /// with rubber-band resistance (or stops, without `bounces`).
  public mutating func drag(translation: Point, at time: Double) {
    if !isTouching { touchDown(at: time) }
    let now = accept(time)
    let translation = translation.sanitized
    lastTranslation = translation
    if phase != .dragging {
      guard translation != .zero else { return }
      phase = .dragging
      events.append(.willBeginDragging)
    }
    var raw = dragOrigin - translation
    for axis in Axis.allCases where !scrolls(axis) { raw[axis] = contentOffset[axis] }
    tracker.add(raw, at: now)
    velocity = tracker.velocity(at: now)
    moveTo(banded(raw))
  }

  /// The finger lifts. The release velocity comes from the last drag
  /// samples; the resting offset is chosen as UIKit does and `target`
  /// (a layout's `targetContentOffset`) may move it:
  /// - past an edge: spring back to the edge, or to where `target` moves
  ///   that proposal (clamped into bounds);
  /// - paging: the nearest page, or the next one in the fling's direction
  ///   when faster than the threshold;
  /// - otherwise the fling's projection `offset + v·r/(1 − r)/1000`, passed
  ///   to `target`; a changed target is clamped into bounds and reached
  ///   exactly, an unchanged one past an edge runs into it and bounces.
  ///
  /// Sends `willEndDragging`, `didEndDragging(willDecelerate:)` and, when
  /// it will move, `willBeginDecelerating`.
  public mutating func release(
    at time: Double, target: (_ proposed: Point, _ velocity: Point) -> Point = { proposed, _ in proposed }
  ) {
    let now = accept(time)
    guard isTouching else { return }
    isTouching = false
    let wasDragging = phase == .dragging
    var v = wasDragging ? tracker.velocity(at: now) : .zero
    for axis in Axis.allCases where !scrolls(axis) { v[axis] = 0 }
    let rate = configuration.isPagingEnabled ? DecelerationRate.fast : configuration.decelerationRate
    let r = rate.perMillisecond
    let stiffness = configuration.bounceStiffness

    var rest = contentOffset
    var motions: [Axis: AxisMotion] = [:]
    if isOutOfBounds {
      // Spring back on the axes that are past an edge. The edge (and, on the
      // other axes, the fling's projection) is proposed to `target`, so a
      // layout that snaps or limits a swipe still chooses where to rest.
      var proposal = clamped(contentOffset)
      for axis in Axis.allCases where proposal[axis] == contentOffset[axis] {
        proposal[axis] = clamp(
          contentOffset[axis] + rate.projectedDistance(velocity: v[axis]), minOffset[axis], maxOffset[axis])
      }
      let chosen = clamped(target(proposal, v).sanitized)
      for axis in Axis.allCases {
        let to = chosen[axis]
        rest[axis] = to
        if clamp(contentOffset[axis], minOffset[axis], maxOffset[axis]) != contentOffset[axis] {
          // The content moves slower than the finger past an edge: its own
          // velocity is the finger's times the rubber band's slope there.
          let edge = clamp(contentOffset[axis], minOffset[axis], maxOffset[axis])
          let shown = abs(contentOffset[axis] - edge) / Swift.max(1e-9, viewportSize[axis])
          let slope = RubberBand.coefficient * (1 - Swift.min(1, shown)) * (1 - Swift.min(1, shown))
          motions[axis] = AxisMotion.boundedSpring(
            rest: to, from: contentOffset[axis], velocity: v[axis] * slope, start: now, stiffness: stiffness,
            limit: viewportSize[axis])
        } else if to != contentOffset[axis] {
          motions[axis] = .decay(
            from: contentOffset[axis], to: to, rate: r, start: now, edge: nil, stiffness: stiffness,
            limit: viewportSize[axis])
        }
      }
    } else {
      let projected = Point(
        x: contentOffset.x + rate.projectedDistance(velocity: v.x),
        y: contentOffset.y + rate.projectedDistance(velocity: v.y))
      var proposal = projected
      if configuration.isPagingEnabled { proposal = pageTarget(velocity: v) }
      let chosen = target(proposal, v).sanitized
      let free = chosen == projected && !configuration.isPagingEnabled
      for axis in Axis.allCases {
        let from = contentOffset[axis]
        if free {
          let edge: Double? =
            chosen[axis] > maxOffset[axis] ? maxOffset[axis] : chosen[axis] < minOffset[axis] ? minOffset[axis] : nil
          if let edge, !configuration.bounces {
            rest[axis] = edge
            motions[axis] = .decay(
              from: from, to: edge, rate: r, start: now, edge: nil, stiffness: stiffness, limit: viewportSize[axis])
          } else {
            rest[axis] = edge ?? chosen[axis]
            motions[axis] = .decay(
              from: from, to: chosen[axis], rate: r, start: now, edge: edge, stiffness: stiffness,
              limit: viewportSize[axis])
          }
        } else {
          let to = clamp(chosen[axis], minOffset[axis], maxOffset[axis])
          rest[axis] = to
          motions[axis] = .decay(
            from: from, to: to, rate: r, start: now, edge: nil, stiffness: stiffness, limit: viewportSize[axis])
        }
        if rest[axis] == from, case .decay = motions[axis]! { motions[axis] = nil }
      }
    }
    motionX = motions[.horizontal]
    motionY = motions[.vertical]
    let willDecelerate = motionX != nil || motionY != nil
    if wasDragging {
      events.append(.willEndDragging(velocity: v, target: rest))
      events.append(.didEndDragging(willDecelerate: willDecelerate))
    }
    if willDecelerate {
      if wasDragging { events.append(.willBeginDecelerating) }
      phase = .decelerating
    } else {
      phase = .idle
      velocity = .zero
    }
  }

  /// Moves any deceleration, bounce or animation to `time`, ending it with
  /// its event when it has come to rest (exactly on its target).
  public mutating func advance(to time: Double) {
    let now = accept(time)
    guard phase == .decelerating || phase == .animating else { return }
    var offset = contentOffset
    var v = Point.zero
    var done = true
    if let m = motionX {
      let s = m.sample(at: now)
      offset.x = s.position
      v.x = s.velocity
      if s.done { motionX = nil } else { done = false }
    }
    if let m = motionY {
      let s = m.sample(at: now)
      offset.y = s.position
      v.y = s.velocity
      if s.done { motionY = nil } else { done = false }
    }
    velocity = v
    moveTo(offset)
    if done {
      let ended = phase
      phase = .idle
      velocity = .zero
      events.append(ended == .animating ? .didEndScrollingAnimation : .didEndDecelerating)
    }
  }

  /// Where the current motion will come to rest (the current offset when
  /// idle or dragging).
  public var restingOffset: Point {
    Point(x: motionX?.rest ?? contentOffset.x, y: motionY?.rest ?? contentOffset.y)
  }

  // MARK: Helpers

  /// The page a paging release settles on, as an offset.
  func pageTarget(velocity v: Point) -> Point {
    var result = contentOffset
    for axis in Axis.allCases where scrolls(axis) {
      let page = viewportSize[axis]
      guard page > 0 else { continue }
      let position = (contentOffset[axis] - minOffset[axis]) / page
      let index: Double
      if v[axis] > configuration.pagingVelocityThreshold {
        index = position.rounded(.down) + 1
      } else if v[axis] < -configuration.pagingVelocityThreshold {
        index = position.rounded(.up) - 1
      } else {
        index = position.rounded(.toNearestOrEven)
      }
      result[axis] = clamp(minOffset[axis] + index * page, minOffset[axis], maxOffset[axis])
    }
    return result
  }

  /// The shown offset for a finger position `raw`: rubber-banded past the
  /// edges, or clamped without `bounces`.
  func banded(_ raw: Point) -> Point {
    var shown = raw
    for axis in Axis.allCases {
      let lo = minOffset[axis]
      let hi = maxOffset[axis]
      if raw[axis] < lo {
        shown[axis] = configuration.bounces ? lo + RubberBand.offset(raw[axis] - lo, dimension: viewportSize[axis]) : lo
      } else if raw[axis] > hi {
        shown[axis] = configuration.bounces ? hi + RubberBand.offset(raw[axis] - hi, dimension: viewportSize[axis]) : hi
      }
    }
    return shown
  }

  /// The finger position that shows as `shown` (inverse of `banded`).
  func unbanded(_ shown: Point) -> Point {
    var raw = shown
    for axis in Axis.allCases {
      let lo = minOffset[axis]
      let hi = maxOffset[axis]
      if shown[axis] < lo {
        raw[axis] = lo + RubberBand.inverse(shown[axis] - lo, dimension: viewportSize[axis])
      } else if shown[axis] > hi {
        raw[axis] = hi + RubberBand.inverse(shown[axis] - hi, dimension: viewportSize[axis])
      }
    }
    return raw
  }
}
