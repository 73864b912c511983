import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

/// Drags `surface` along `axis` at a constant speed for `duration` seconds
/// (120 Hz samples), then releases, then runs it to rest; returns the
/// events and the release's velocity and target.
@discardableResult
func fling(
  _ surface: inout ScrollSurface, axis: Axis = .horizontal, speed: Double, duration: Double = 0.1,
  start: Double = 0, target: (Point, Point) -> Point = { p, _ in p }
) -> (events: [ScrollEvent], releaseOffset: Point, velocity: Point, target: Point) {
  let frames = Int((duration * 120).rounded())
  for k in 0...frames {
    let t = start + Double(k) / 120
    var translation = Point.zero
    translation[axis] = -speed * (t - start)  // content moves at +speed
    surface.drag(translation: translation, at: t)
  }
  let releaseTime = start + Double(frames) / 120
  let releaseOffset = surface.contentOffset
  surface.release(at: releaseTime, target: target)
  var events = surface.drainEvents()
  var velocity = Point.zero
  var rest = surface.contentOffset
  for event in events {
    if case .willEndDragging(let v, let t) = event {
      velocity = v
      rest = t
    }
  }
  var t = releaseTime
  while surface.phase != .idle && t < releaseTime + 30 {
    t += 1.0 / 120
    surface.advance(to: t)
    events += surface.drainEvents()
  }
  return (events, releaseOffset, velocity, rest)
}

@Suite struct ScrollSurfaceTests {
  func strip(length: Double = 1_000_000, paging: Bool = false, rate: DecelerationRate = .normal) -> ScrollSurface {
    ScrollSurface(
      viewportSize: Size(width: 400, height: 800), contentSize: Size(width: length, height: 800),
      contentOffset: Point(x: length / 2, y: 0),
      configuration: ScrollConfiguration(decelerationRate: rate, isPagingEnabled: paging))
  }

  /// A fling comes to rest at offset + v·r/(1 − r)/1000 within 0.5 pt.
  @Test(arguments: [DecelerationRate.normal, .fast])
  func flingRestsAtProjection(rate: DecelerationRate) {
    for trial in 0..<300 {
      let seed = propertySeed(trial, base: 11)
      var rng = SplitMix64(seed: seed)
      var surface = strip(rate: rate)
      let speed = rng.double(in: -6000...6000)
      let result = fling(&surface, speed: speed, duration: rng.double(in: 0.05...0.3))
      #expect(isClose(result.velocity.x, speed, tolerance: 1e-6), "seed \(seed)")
      let projected = result.releaseOffset.x + speed / 1000 * rate.perMillisecond / (1 - rate.perMillisecond)
      #expect(
        abs(surface.contentOffset.x - projected) <= 0.5, "seed \(seed): \(surface.contentOffset.x) vs \(projected)")
      #expect(surface.contentOffset.x == result.target.x, "seed \(seed): rests exactly on the announced target")
      #expect(surface.phase == .idle)
    }
  }

  @Test func pagingEndsExactlyOnPages() {
    for trial in 0..<400 {
      let seed = propertySeed(trial, base: 12)
      var rng = SplitMix64(seed: seed)
      var surface = ScrollSurface(
        viewportSize: Size(width: 375, height: 600), contentSize: Size(width: 375 * 20, height: 600),
        contentOffset: Point(x: 375 * Double(rng.int(in: 0...19)), y: 0),
        configuration: ScrollConfiguration(isPagingEnabled: true))
      let released = fling(&surface, speed: rng.double(in: -3000...3000), duration: rng.double(in: 0.02...0.3))
        .releaseOffset.x
      let page = surface.contentOffset.x / 375
      #expect(page == page.rounded(), "seed \(seed): \(surface.contentOffset.x)")
      #expect(surface.contentOffset.x >= 0 && surface.contentOffset.x <= 375 * 19, "seed \(seed)")
      // The page lands within one page of where the finger lifted (UIKit's paging).
      #expect(abs(surface.contentOffset.x - released) <= 375, "seed \(seed)")
    }
  }

  @Test func snappingEndsExactlyOnTheLayoutsTarget() {
    let step = 137.3
    for trial in 0..<300 {
      let seed = propertySeed(trial, base: 13)
      var rng = SplitMix64(seed: seed)
      var surface = strip(length: 100_000)
      surface.setContentOffset(Point(x: step * 300, y: 0), at: 0)
      let result = fling(&surface, speed: rng.double(in: -4000...4000), duration: 0.1) { proposed, _ in
        Point(x: (proposed.x / step).rounded() * step, y: proposed.y)
      }
      #expect(surface.contentOffset.x == result.target.x, "seed \(seed)")
      #expect((surface.contentOffset.x / step).rounded() * step == surface.contentOffset.x, "seed \(seed)")
    }
  }

  @Test func rubberBandingIsBoundedAndSpringsBack() {
    for trial in 0..<200 {
      let seed = propertySeed(trial, base: 14)
      var rng = SplitMix64(seed: seed)
      var surface = ScrollSurface(
        viewportSize: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 800))
      let pastLeading = rng.chance(0.5)
      if !pastLeading { surface.setContentOffset(Point(x: 1600, y: 0), at: 0) }
      let pull = rng.double(in: 10...5000) * (pastLeading ? 1 : -1)
      var previous = 0.0
      for k in 1...60 {
        surface.drag(translation: Point(x: pull * Double(k) / 60, y: 0), at: Double(k) / 120)
        let overshoot = pastLeading ? -surface.contentOffset.x : surface.contentOffset.x - 1600
        #expect(overshoot >= previous - 1e-9 && overshoot < 400, "seed \(seed): overshoot \(overshoot)")
        previous = overshoot
      }
      #expect(surface.isOutOfBounds)
      surface.release(at: 0.5)
      var events = surface.drainEvents()
      #expect(events.contains(.didEndDragging(willDecelerate: true)), "seed \(seed)")
      var t = 0.5
      while surface.phase != .idle && t < 10 {
        t += 1.0 / 120
        surface.advance(to: t)
        events += surface.drainEvents()
        #expect(abs(surface.contentOffset.x - (pastLeading ? 0 : 1600)) < 400, "seed \(seed)")
      }
      #expect(surface.contentOffset.x == (pastLeading ? 0 : 1600), "seed \(seed)")
      #expect(events.last == .didEndDecelerating, "seed \(seed)")
    }
  }

  @Test func flingIntoAnEdgeBouncesBoundedAndRestsOnIt() {
    var surface = ScrollSurface(
      viewportSize: Size(width: 400, height: 800), contentSize: Size(width: 1200, height: 800))
    surface.setContentOffset(Point(x: 700, y: 0), at: 0)
    var maxOvershoot = 0.0
    for k in 0...12 { surface.drag(translation: Point(x: -4000 * Double(k) / 120, y: 0), at: Double(k) / 120) }
    surface.release(at: 0.1)
    var t = 0.1
    while surface.phase != .idle && t < 10 {
      t += 1.0 / 120
      surface.advance(to: t)
      maxOvershoot = max(maxOvershoot, surface.contentOffset.x - 800)
    }
    #expect(maxOvershoot > 0, "a fast fling runs past the edge")
    #expect(maxOvershoot < 400, "but less than the viewport")
    #expect(surface.contentOffset.x == 800)
  }

  @Test func eventsComeInUIKitsOrder() {
    var surface = strip()
    let result = fling(&surface, speed: 1500)
    let names = result.events.filter { $0 != .didScroll }.map(\.name)
    #expect(
      names == [
        "willBeginDragging", "willEndDragging", "didEndDragging(decelerate)", "willBeginDecelerating",
        "didEndDecelerating",
      ])
    #expect(result.events.first == .willBeginDragging)
    #expect(result.events.contains(.didScroll))

    // A drag that stops before lifting does not decelerate.
    var still = strip()
    still.drag(translation: Point(x: -50, y: 0), at: 0.1)
    still.drag(translation: Point(x: -50, y: 0), at: 0.5)
    still.release(at: 0.5)
    #expect(
      still.drainEvents().filter { $0 != .didScroll }.map(\.name) == [
        "willBeginDragging", "willEndDragging", "didEndDragging",
      ])
    #expect(still.phase == .idle)
  }

  @Test func animatedOffsetChangeEndsExactlyWithItsEvent() {
    var surface = strip(length: 5000)
    surface.setContentOffset(Point(x: 0, y: 0), at: 0)
    _ = surface.drainEvents()
    surface.setContentOffset(animated: Point(x: 1234.5, y: 0), at: 1)
    var t = 1.0
    var last = 0.0
    while surface.phase != .idle {
      t += 1.0 / 120
      surface.advance(to: t)
      #expect(surface.contentOffset.x >= last)
      last = surface.contentOffset.x
    }
    #expect(surface.contentOffset.x == 1234.5)
    #expect(surface.drainEvents().last == .didEndScrollingAnimation)
    // Beyond the content: clamped into bounds.
    surface.setContentOffset(animated: Point(x: 1e9, y: 0), at: t)
    surface.advance(to: t + 1)
    #expect(surface.contentOffset.x == 4600)
  }

  @Test func touchingAFlingStopsIt() {
    var surface = strip()
    for k in 0...12 { surface.drag(translation: Point(x: -3000 * Double(k) / 120, y: 0), at: Double(k) / 120) }
    surface.release(at: 0.1)
    surface.advance(to: 0.3)
    let caught = surface.contentOffset
    surface.touchDown(at: 0.3)
    surface.advance(to: 1)
    #expect(surface.contentOffset == caught)
    #expect(surface.phase == .idle)
    _ = surface.drainEvents()
    surface.release(at: 1)
    #expect(surface.drainEvents().isEmpty, "a touch that never moved sends no drag events")
  }

  @Test func badTimesAndOffsetsAreClamped() {
    var surface = strip(length: 5000)
    surface.drag(translation: Point(x: -100, y: 0), at: 1)
    let offset = surface.contentOffset
    surface.drag(translation: Point(x: -200, y: 0), at: .nan)  // clamped to the last time
    surface.drag(translation: Point(x: .infinity, y: 0), at: 0.5)  // non-finite translation reads as zero
    #expect(surface.time == 1)
    #expect(surface.contentOffset.isFinite)
    surface.setContentOffset(Point(x: .nan, y: 3), at: 2)
    #expect(surface.contentOffset.isFinite)
    _ = offset
  }

  @Test func rubberBandFormulaAndInverse() {
    #expect(RubberBand.offset(0, dimension: 400) == 0)
    let d = 400.0
    #expect(isClose(RubberBand.offset(100, dimension: d), (1 - 1 / (100 * 0.55 / d + 1)) * d))
    #expect(RubberBand.offset(1e12, dimension: d) < d)
    #expect(RubberBand.offset(-100, dimension: d) == -RubberBand.offset(100, dimension: d))
    for x in stride(from: 0.0, through: 5000, by: 37) {
      #expect(isClose(RubberBand.inverse(RubberBand.offset(x, dimension: d), dimension: d), x, tolerance: 1e-6))
    }
    #expect(RubberBand.offset(100, dimension: 0) == 0)
  }

  @Test func dragStartedDuringABounceContinuesWithoutAJump() {
    var surface = ScrollSurface(
      viewportSize: Size(width: 400, height: 800), contentSize: Size(width: 2000, height: 800))
    for k in 0...30 { surface.drag(translation: Point(x: 10 * Double(k), y: 0), at: Double(k) / 120) }
    surface.release(at: 0.25)
    surface.advance(to: 0.3)
    let before = surface.contentOffset.x
    #expect(before < 0)
    surface.touchDown(at: 0.3)
    surface.drag(translation: Point(x: 0.001, y: 0), at: 0.31)
    #expect(abs(surface.contentOffset.x - before) < 0.01)
  }
}
