import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

@Suite struct ScrollSurfaceTranslateTests {
  func surface() -> ScrollSurface {
    ScrollSurface(
      viewportSize: Size(width: 390, height: 44), contentSize: Size(width: 5000, height: 44),
      contentInset: EdgeInsets(left: 100, right: 100), contentOffset: Point(x: 1000, y: 0))
  }

  /// A translated surface moves exactly as the original, shifted, whatever
  /// it was doing: dragging, flinging, bouncing or animating.
  @Test func translationShiftsEveryMotionWithoutDisturbingIt() {
    var rng = SplitMix64(seed: propertySeed(40))
    for case_ in 0..<300 {
      var a = surface()
      let delta = rng.double(in: -300...300)
      var t = 0.0
      let kind = rng.int(in: 0...2)
      if kind == 2 {
        a.setContentOffset(animated: Point(x: rng.double(in: -200...6000), y: 0), at: 0)
      } else {
        let steps = rng.int(in: 2...20)
        let dx = rng.double(in: -3000...3000)
        for k in 1...steps {
          t = Double(k) / 120
          a.drag(translation: Point(x: dx * Double(k) / Double(steps), y: 0), at: t)
        }
        if kind == 1 { a.release(at: t) }
      }
      t += rng.double(in: 0...0.2)
      a.advance(to: t)
      var b = a
      let wasInBounds = !a.isOutOfBounds
      b.translate(by: Point(x: delta, y: 0))
      #expect(isClose(b.contentOffset.x, a.contentOffset.x + delta, tolerance: 1e-12))
      let overshoot = max(b.minOffset.x - b.contentOffset.x, b.contentOffset.x - b.maxOffset.x, 0)
      if kind == 0 && overshoot < 0.99 * b.viewportSize.width {
        // A held finger that does not move moves nothing, even past an edge
        // (as far as a rubber band can show: less than a viewport).
        var held = b
        held.drag(translation: held.lastTranslation, at: t)
        #expect(abs(held.contentOffset.x - b.contentOffset.x) < 1e-9, "case \(case_)")
      }
      for _ in 0..<30 {
        t += 1.0 / 60
        if kind == 0 {
          a.drag(translation: Point(x: -10, y: 0), at: t)
          b.drag(translation: Point(x: -10, y: 0), at: t)
        }
        a.advance(to: t)
        b.advance(to: t)
        // Past an edge the rubber band bends differently; in bounds it is
        // exact (a finger that was past an edge when the content moved
        // under it is re-based in un-banded terms, so only then).
        if wasInBounds && !a.isOutOfBounds && !b.isOutOfBounds {
          #expect(abs(b.contentOffset.x - (a.contentOffset.x + delta)) < 1e-6, "case \(case_) kind \(kind)")
        }
        #expect(a.phase == b.phase, "case \(case_)")
      }
    }
  }

  @Test func translationSendsDidScrollAndIgnoresNonFiniteDeltas() {
    var s = surface()
    _ = s.drainEvents()
    s.translate(by: Point(x: .nan, y: 0))
    s.translate(by: .zero)
    #expect(s.drainEvents().isEmpty && s.contentOffset.x == 1000)
    s.translate(by: Point(x: 5, y: 0))
    #expect(s.drainEvents() == [.didScroll] && s.contentOffset.x == 1005)
  }
}
