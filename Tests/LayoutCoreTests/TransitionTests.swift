import LayoutCore
import ScrollworkTestSupport
import Testing

/// Transitions between photo grid modes: identity, anchor, continuity at
/// 120 Hz, reversal, interruption, pinch, visible set against brute force.
@Suite struct TransitionTests {
  typealias Grid = PreparedPhotoGridLayout
  static let viewport = Viewport(width: 390, height: 844)
  static let counts = [7, 12, 5, 30, 1, 0, 9, 40, 3, 17]

  static func grid(_ mode: PhotoGridLayout.Mode, _ counts: [Int] = counts) throws -> Grid {
    try PhotoGridLayout.photosMonths.with(mode: mode).prepare(
      items: LayoutItems(sections: counts.map { .uniform(Size(width: 4000, height: 3000), count: $0) }),
      viewport: viewport)
  }

  static let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(1), .columns(3), .columns(5), .columns(15)]

  // MARK: - Curves

  @Test func curvesRunFromZeroToOneMonotonically() {
    let curves: [TimingCurve] = [
      .linear, .easeInOut, .criticallyDampedSpring(stiffness: 10), .criticallyDampedSpring(stiffness: -3),
      .cubicBezier(x1: 0.2, y1: 0, x2: 2, y2: 1),
    ]
    for curve in curves {
      #expect(curve.value(at: 0) == 0)
      #expect(curve.value(at: 1) == 1)
      #expect(curve.value(at: .nan) == 0)
      #expect(curve.value(at: 7) == 1)
      var last = 0.0
      for i in 0...1000 {
        let v = curve.value(at: Double(i) / 1000)
        #expect(v >= last - 1e-12, "\(curve) at \(i)")
        #expect(v.isFinite)
        last = v
      }
    }
    #expect(isClose(TimingCurve.easeInOut.value(at: 0.5), 0.5, tolerance: 1e-9))
    #expect(TimingCurve.easeInOut.value(at: 0.1) < 0.1)
    #expect(TimingCurve.easeInOut.value(at: 0.9) > 0.9)
  }

  // MARK: - Identity and endpoints

  @Test func endpointsAreTheTwoLayouts() throws {
    let a = try Self.grid(.allPhotos)
    let b = try Self.grid(.months)
    let t = LayoutTransition(
      from: a, at: ScrollState(x: 0, y: 3000), to: b, at: ScrollState(), mapping: .sameIdentity, anchoredAt: nil)
    var start: [LayoutAttributes] = []
    t.visibleAttributes(progress: 0, into: &start)
    let aVisible = a.visibleAttributes(at: ScrollState(x: 0, y: 3000))
    // At 0: A's visible elements, unchanged except pairs carry B's identity (the same here).
    #expect(sameElements(withoutProvenance(start.filter { $0.alpha > 0 }), aVisible))
    // Elements only in A say so.
    #expect(start.allSatisfy { $0.extras.isLeaving == (b.attributes(for: $0.id, at: ScrollState()) == nil) })
    var end: [LayoutAttributes] = []
    t.visibleAttributes(progress: 1, into: &end)
    let bVisible = b.visibleAttributes(at: t.toState)
    #expect(sameElements(end.filter { $0.alpha > 0 }, bVisible))
    // The large photos keep their identity: item 0 of a section is one element throughout.
    #expect(t.anchor?.kind == .cell)
    let anchor = try #require(t.anchor)
    let mid = try #require(t.attributes(for: .cell(0, section: anchor.section), progress: 0.5))
    #expect(mid.alpha == 1)
    #expect(isClose(mid.extras.cornerRadius, 8) && isClose(mid.extras.styleProgress, 0.5))
    // Small photos fade out in place on screen; the header fades in.
    if let small = t.attributes(for: .cell(1, section: anchor.section), progress: 0.25) {
      #expect(isClose(small.alpha, 0.75))
    }
    let header = try #require(
      t.attributes(for: ElementID(kind: .header, section: anchor.section, item: 0), progress: 0.25))
    #expect(isClose(header.alpha, 0.25))
  }

  // MARK: - Anchor

  @Test func anchorKeepsItsPlaceAndMovesMonotonically() throws {
    for index in 0..<120 {
      let seed = propertySeed(index, base: 0xA9C4_0211)
      var rng = SplitMix64(seed: seed)
      let from = Self.modes[rng.int(in: 0...(Self.modes.count - 1))]
      let to = Self.modes[rng.int(in: 0...(Self.modes.count - 1))]
      let a = try Self.grid(from)
      let b = try Self.grid(to)
      let bounds = a.offsetBounds(at: ScrollState())
      let y = rng.double(in: bounds.min.y...bounds.max.y)
      let point = rng.chance(0.5) ? nil : Point(x: rng.double(in: 0...390), y: rng.double(in: 0...844))
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: y), to: b, at: ScrollState(), mapping: .sameIdentity, anchoredAt: point)
      guard let id = t.targetAnchor else {
        Issue.record("seed \(seed): no anchor")
        continue
      }
      let anchorA = try #require(a.attributes(for: t.anchor!, at: t.fromState))
      let screenStart = anchorA.center.y - y
      var last = try #require(t.attributes(for: id, progress: 0)).center.y - t.offset(at: 0).y
      let endScreen = try #require(b.attributes(for: id, at: t.toState)).center.y - t.targetOffset.y
      // Where bounds allow, the anchor ends within 0.5 pt of where it was.
      let bb = b.offsetBounds(at: ScrollState())
      let wanted = try #require(b.attributes(for: id, at: t.toState)).center.y - screenStart
      if wanted >= bb.min.y && wanted <= bb.max.y {
        #expect(abs(endScreen - screenStart) <= 0.5, "seed \(seed) \(from)→\(to)")
      }
      // Monotone from where it was to where it ends, frame by frame at 120 Hz over 0.2 s.
      let direction = endScreen - last
      for frame in 1...24 {
        let p = TimingCurve.easeInOut.value(at: Double(frame) / 24)
        let now = try #require(t.attributes(for: id, progress: p)).center.y - t.offset(at: p).y
        #expect((now - last) * direction >= -1e-9, "seed \(seed) frame \(frame)")
        last = now
      }
      #expect(isClose(last, endScreen, tolerance: 1e-9))
    }
  }

  // MARK: - Visible set

  @Test func visibleSetEqualsBruteForce() throws {
    for index in 0..<150 {
      let seed = propertySeed(index, base: 0x715_1B1E)
      var rng = SplitMix64(seed: seed)
      let counts = (0..<rng.int(in: 1...8)).map { _ in rng.int(in: 0...25) }
      let a = try Self.grid(Self.modes[rng.int(in: 0...(Self.modes.count - 1))], counts)
      let b = try Self.grid(Self.modes[rng.int(in: 0...(Self.modes.count - 1))], counts)
      let bounds = a.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
        mapping: .sameIdentity, anchoredAt: nil)
      for _ in 0..<4 {
        let p = rng.double(in: 0...1)
        var found: [LayoutAttributes] = []
        t.visibleAttributes(progress: p, into: &found)
        let viewport = t.viewportRect(at: p)
        // The documented rule, and (for grid mode changes) every element whose presented frame meets the viewport.
        #expect(sameElements(found, transitionBruteForce(t, in: viewport, progress: p)), "seed \(seed) p \(p)")
        #expect(
          sameElements(found, transitionBruteForce(t, in: viewport, progress: p, requireEndpointRule: false)),
          "seed \(seed) p \(p)")
        let rect = Rect(
          x: rng.double(in: -50...400), y: viewport.minY + rng.double(in: -900...900), width: rng.double(in: 0...400),
          height: rng.double(in: 0...1200))
        var inRect: [LayoutAttributes] = []
        t.attributes(in: rect, progress: p, into: &inRect)
        #expect(sameElements(inRect, transitionBruteForce(t, in: rect, progress: p)), "seed \(seed) rect")
        for e in found {
          #expect(e.isFinite)
          #expect(t.attributes(for: e.id, progress: p) == e, "seed \(seed) \(e.id)")
        }
      }
    }
  }

  @Test func visibleSetOfAChainedTransitionEqualsBruteForce() throws {
    for index in 0..<40 {
      let seed = propertySeed(index, base: 0xC4A1_2ED)
      var rng = SplitMix64(seed: seed)
      let counts = (0..<rng.int(in: 1...6)).map { _ in rng.int(in: 0...20) }
      func mode() -> PhotoGridLayout.Mode { Self.modes[rng.int(in: 0...(Self.modes.count - 1))] }
      let a = try Self.grid(mode(), counts)
      let b = try Self.grid(mode(), counts)
      let c = try Self.grid(mode(), counts)
      let bounds = a.offsetBounds(at: ScrollState())
      let t1 = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
        anchoredAt: nil)
      let frozen = t1.presented(at: rng.double(in: 0...1))
      let t2 = LayoutTransition(from: frozen, at: frozen.presentedState, to: c, at: ScrollState(), anchoredAt: nil)
      for _ in 0..<3 {
        let p = rng.double(in: 0...1)
        var found: [LayoutAttributes] = []
        t2.visibleAttributes(progress: p, into: &found)
        #expect(sameElements(found, transitionBruteForce(t2, in: t2.viewportRect(at: p), progress: p)), "seed \(seed)")
        #expect(found.allSatisfy { $0.isFinite })
      }
    }
  }

  // MARK: - Continuity

  /// Screen centre of `id` in the transition at `p`.
  func screen<A, B>(_ t: LayoutTransition<A, B>, _ id: ElementID, _ p: Double) -> Point? {
    guard let e = t.attributes(for: id, progress: p) else { return nil }
    return e.center - t.offset(at: p)
  }

  func distance(_ x: Point, _ y: Point) -> Double {
    ((x.x - y.x) * (x.x - y.x) + (x.y - y.y) * (x.y - y.y)).squareRoot()
  }

  @Test func everyElementMovesLessThanItsEndpointsDistancePerFrame() throws {
    let a = try Self.grid(.allPhotos)
    let b = try Self.grid(.months)
    let t = LayoutTransition(from: a, at: ScrollState(x: 0, y: 2500), to: b, at: ScrollState(), anchoredAt: nil)
    var driver = TransitionDriver(duration: 0.2)
    driver.animate(to: 1, at: 0)
    // Reverse mid-way: the progress turns around where it is.
    var previous: [ElementID: Point] = [:]
    var lastP = 0.0
    var reversed = false
    for frame in 0...60 {
      let time = Double(frame) / 120
      if frame == 12 && !reversed {
        driver.animate(to: 0, at: time)
        reversed = true
      }
      let p = driver.progress(at: time)
      #expect(abs(p - lastP) <= 0.1, "frame \(frame): progress jumped \(lastP) → \(p)")
      lastP = p
      var visible: [LayoutAttributes] = []
      t.visibleAttributes(progress: p, into: &visible)
      var current: [ElementID: Point] = [:]
      for e in visible { current[e.id] = e.center - t.offset(at: p) }
      for (id, now) in current {
        guard let before = previous[id], let s0 = screen(t, id, 0), let s1 = screen(t, id, 1) else { continue }
        let span = distance(s0, s1)
        // Never more than its endpoints' distance, and in fact at most the progress step times it.
        #expect(distance(before, now) <= span * 0.1 + 1e-6, "frame \(frame) \(id)")
        #expect(distance(before, now) <= span + 1e-9)
      }
      previous = current
    }
    #expect(driver.isSettled(at: 0.5))
    #expect(driver.progress(at: 0.5) == 0)
  }

  @Test func aNewTransitionMidWayStartsFromWhatIsOnScreen() throws {
    let a = try Self.grid(.allPhotos)
    let b = try Self.grid(.months)
    let c = try Self.grid(.columns(3))
    let t1 = LayoutTransition(from: a, at: ScrollState(x: 0, y: 4000), to: b, at: ScrollState(), anchoredAt: nil)
    let frozen = t1.presented(at: 0.4)
    let t2 = LayoutTransition(from: frozen, at: frozen.presentedState, to: c, at: ScrollState(), anchoredAt: nil)
    var before: [LayoutAttributes] = []
    t1.visibleAttributes(progress: 0.4, into: &before)
    var after: [LayoutAttributes] = []
    t2.visibleAttributes(progress: 0, into: &after)
    // The same elements at the same places; elements only in C are there at alpha 0.
    #expect(
      sameElements(withoutProvenance(before.filter { $0.alpha > 0 }), withoutProvenance(after.filter { $0.alpha > 0 })))
    #expect(isClose(t2.offset(at: 0), t1.offset(at: 0.4)))
    // And continuous from there, frame by frame.
    var previous = Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0.center - t2.offset(at: 0)) })
    for frame in 1...24 {
      let p = TimingCurve.easeInOut.value(at: Double(frame) / 24)
      var now: [LayoutAttributes] = []
      t2.visibleAttributes(progress: p, into: &now)
      for e in now {
        let s = e.center - t2.offset(at: p)
        if let old = previous[e.id], let s0 = screen(t2, e.id, 0), let s1 = screen(t2, e.id, 1) {
          #expect(distance(old, s) <= distance(s0, s1) + 1e-9, "frame \(frame) \(e.id)")
        }
        previous[e.id] = s
      }
    }
    var end: [LayoutAttributes] = []
    t2.visibleAttributes(progress: 1, into: &end)
    #expect(sameElements(end.filter { $0.alpha > 0 }, c.visibleAttributes(at: t2.toState)))
  }

  // MARK: - Pinch

  @Test func pinchDrivesProgressAndReleaseFinishesOrCancels() {
    let pinch = PinchProgress(fromColumns: 3, toColumns: 5)
    #expect(isClose(pinch.targetScale, 0.6))
    #expect(isClose(pinch.progress(scale: 0.8), 0.5))
    #expect(pinch.progress(scale: 0.1) == 1)
    #expect(pinch.progress(scale: 2) == 0)
    #expect(pinch.progress(scale: .nan, from: 0.3) == 0.3)
    var driver = TransitionDriver()
    driver.beginInteraction(at: 0)
    driver.interact(progress: pinch.progress(scale: 0.9))
    #expect(isClose(driver.progress(at: 0.05), 0.25))
    // Slow release at a quarter: cancels, from where it is.
    var cancel = driver
    #expect(cancel.endInteraction(velocity: 0, at: 0.1) == 0)
    #expect(isClose(cancel.progress(at: 0.1), 0.25))
    #expect(cancel.progress(at: 0.1 + 1 / 120) < 0.25)
    // A fast pinch-in releases past the middle: finishes.
    var finish = driver
    let velocity = pinch.progressVelocity(scaleVelocity: -2)
    #expect(finish.endInteraction(velocity: velocity, at: 0.1) == 1)
    // A second pinch during the finish catches the progress where it is.
    let caught = finish.progress(at: 0.13)
    #expect(caught > 0.25 && caught < 1)
    let base = finish.beginInteraction(at: 0.13)
    #expect(base == caught)
    #expect(finish.progress(at: 0.2) == caught)
    finish.interact(progress: pinch.progress(scale: 1.05, from: base))
    #expect(isClose(finish.progress(at: 0.21), caught - 0.125))
    finish.endInteraction(velocity: 0, at: 0.3)
    #expect(finish.progress(at: 5) == (caught - 0.125 >= 0.5 ? 1 : 0))
  }

  @Test func queriesClampBadProgress() throws {
    let a = try Self.grid(.columns(3))
    let b = try Self.grid(.columns(5))
    let t = LayoutTransition(from: a, at: ScrollState(x: .nan, y: 100), to: b, at: ScrollState(), anchoredAt: nil)
    var x: [LayoutAttributes] = []
    t.visibleAttributes(progress: .nan, into: &x)
    var y: [LayoutAttributes] = []
    t.visibleAttributes(progress: 0, into: &y)
    #expect(x == y)
    var z: [LayoutAttributes] = []
    t.attributes(in: Rect(x: 0, y: .infinity, width: 10, height: 10), progress: 0.5, into: &z)
    #expect(z.isEmpty)
    #expect(t.sourceOffset.isFinite && t.targetOffset.isFinite)
  }
}
