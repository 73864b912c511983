@testable import LayoutCore
import ScrollworkTestSupport
import Testing

/// A transition answers its viewport from the candidates it found when it
/// started (`TransitionCandidates`). These tests hold those frames to the
/// straightforward query (`TransitionFastPathTests.reference`), bit for
/// bit and in order, over mode changes, data updates, layouts without a
/// walk, type-erased layouts and viewports that change size, and check
/// that the frames really came from the candidates.
@Suite struct TransitionCandidatesTests {
  typealias FastPath = TransitionFastPathTests

  /// The viewport's frame at `p` from the candidates, checked against the
  /// reference; returns how many elements it showed.
  static func checkViewport<A: PreparedLayout, B: PreparedLayout>(
    _ t: LayoutTransition<A, B>, progress p: Double, seed: UInt64
  ) -> Int {
    let rect = t.viewportRect(at: p)
    let o = t.offset(at: p)
    let rectA = rect.offsetBy(dx: t.sourceOffset.x - o.x, dy: t.sourceOffset.y - o.y)
    let rectB = rect.offsetBy(dx: t.targetOffset.x - o.x, dy: t.targetOffset.y - o.y)
    #expect(t.candidates.covers(rectA, rectB), "seed \(seed) p \(p): the viewport walked")
    var found: [LayoutAttributes] = []
    t.visibleAttributes(progress: p, into: &found)
    #expect(FastPath.sameBits(found, FastPath.reference(t, in: rect, progress: p)), "seed \(seed) p \(p)")
    return found.count
  }

  static func progress(_ rng: inout SplitMix64) -> Double {
    rng.chance(0.2) ? Double(rng.int(in: 0...1)) : rng.double(in: 0...1)
  }

  @Test func modeChangesFromTheCandidatesMatchTheStraightforwardQuery() throws {
    var shown = 0
    for index in 0..<150 {
      let seed = propertySeed(index, base: 0xCA4D_1DA7)
      var rng = SplitMix64(seed: seed)
      let counts = (0..<rng.int(in: 1...8)).map { _ in rng.chance(0.2) ? 0 : rng.int(in: 1...60) }
      let viewport = Viewport(width: rng.double(in: 200...800), height: rng.double(in: 200...1000))
      let spacing = rng.double(in: 0...3)
      let modeA = FastPath.modes[rng.int(in: 0...(FastPath.modes.count - 1))]
      let modeB = FastPath.modes[rng.int(in: 0...(FastPath.modes.count - 1))]
      var copy = rng
      let a = try FastPath.randomGrid(&rng, mode: modeA, counts: counts, viewport: viewport, spacing: spacing)
      let b = try FastPath.randomGrid(&copy, mode: modeB, counts: counts, viewport: viewport, spacing: spacing)
      let bounds = a.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
        anchoredAt: rng.chance(0.5) ? nil : Point(x: rng.double(in: 0...400), y: rng.double(in: 0...900)))
      let erased = LayoutTransition(
        from: AnyPreparedLayout(a), at: t.fromState, to: AnyPreparedLayout(b), at: t.toState)
      for _ in 0..<8 {
        let p = Self.progress(&rng)
        shown += Self.checkViewport(t, progress: p, seed: seed)
        _ = Self.checkViewport(erased, progress: p, seed: seed)
      }
    }
    #expect(shown > 2000)
  }

  @Test func dataUpdatesFromTheCandidatesMatchTheStraightforwardQuery() throws {
    var shown = 0
    for index in 0..<80 {
      let seed = propertySeed(index, base: 0xCA4D_DA7A)
      var rng = SplitMix64(seed: seed)
      var nextID = 0
      var nextSection = 1000
      let old = TransitionDataTests.randomSnapshot(&rng, photos: rng.int(in: 0...400), nextID: &nextID)
      let (new, reloaded) = TransitionDataTests.mutate(old, &rng, nextID: &nextID, nextSection: &nextSection)
      let change = SnapshotChange(from: old, to: new, reloaded: reloaded)
      let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(3), .columns(7)]
      let a = try TransitionDataTests.grid(old, modes[rng.int(in: 0...3)])
      let b = try TransitionDataTests.grid(new, modes[rng.int(in: 0...3)])
      let bounds = a.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
        mapping: .dataChange(change), anchoredAt: nil)
      for _ in 0..<6 { shown += Self.checkViewport(t, progress: Self.progress(&rng), seed: seed) }
    }
    #expect(shown > 500)
  }

  /// Layouts without a walk (queried once into the candidates), and a
  /// viewport that changes size on the way (a rotation): the candidates
  /// cover the larger of the two.
  @Test func layoutsWithoutAWalkAndResizedViewportsMatchTheStraightforwardQuery() throws {
    var shown = 0
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xCA4D_F10A)
      var rng = SplitMix64(seed: seed)
      let n = rng.int(in: 0...300)
      let items = LayoutItems(
        sections: [.each((0..<n).map { _ in Size(width: rng.double(in: 20...200), height: rng.double(in: 20...200)) })])
      let viewportA = Viewport(width: rng.double(in: 200...600), height: rng.double(in: 300...900))
      let viewportB =
        rng.chance(0.5) ? viewportA : Viewport(width: rng.double(in: 200...900), height: rng.double(in: 200...900))
      let flow = try FlowLayout().prepare(items: items, viewport: viewportA)
      let waterfall = try WaterfallLayout().prepare(items: items, viewport: viewportB)
      let bounds = flow.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: flow, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: waterfall,
        at: ScrollState(), anchoredAt: nil)
      for _ in 0..<6 { shown += Self.checkViewport(t, progress: Self.progress(&rng), seed: seed) }
    }
    #expect(shown > 500)
  }

  /// A rectangle outside the candidates' walks both layouts, with the same
  /// rule: the candidates never answer for what they do not cover.
  @Test func otherRectanglesWalk() throws {
    let items = LayoutItems(count: 2_000, size: Size(width: 4032, height: 3024))
    let viewport = Viewport(width: 390, height: 844)
    let a = try PhotoGridLayout.photosMonths.with(mode: .columns(3)).prepare(items: items, viewport: viewport)
    let b = try PhotoGridLayout.photosMonths.with(mode: .columns(5)).prepare(items: items, viewport: viewport)
    let t = LayoutTransition(from: a, at: ScrollState(x: 0, y: 5_000), to: b, at: ScrollState(), anchoredAt: nil)
    let p = 0.3
    let rect = t.viewportRect(at: p).offsetBy(dx: 0, dy: 600)
    let o = t.offset(at: p)
    #expect(
      !t.candidates.covers(
        rect.offsetBy(dx: t.sourceOffset.x - o.x, dy: t.sourceOffset.y - o.y),
        rect.offsetBy(dx: t.targetOffset.x - o.x, dy: t.targetOffset.y - o.y)))
    var found: [LayoutAttributes] = []
    t.attributes(in: rect, progress: p, into: &found)
    #expect(!found.isEmpty)
    #expect(FastPath.sameBits(found, FastPath.reference(t, in: rect, progress: p)))
  }

  /// A viewport over more elements than the candidates keep: none are
  /// kept, and every frame walks, with the same answers.
  @Test func tooManyElementsAreNotKept() throws {
    let items = LayoutItems(sections: [.each(Array(repeating: Size(width: 2, height: 2), count: 6_000))])
    let viewport = Viewport(width: 400, height: 400)
    let a = try FlowLayout().prepare(items: items, viewport: viewport)
    let b = try FlowLayout(lineSpacing: 1, interItemSpacing: 1).prepare(items: items, viewport: viewport)
    let t = LayoutTransition(from: a, at: ScrollState(), to: b, at: ScrollState())
    #expect(t.candidates.fromA.count + t.candidates.fromB.count == 0)
    let p = 0.5
    var found: [LayoutAttributes] = []
    t.visibleAttributes(progress: p, into: &found)
    #expect(found.count > TransitionCandidates.limit / 2)
    #expect(FastPath.sameBits(found, FastPath.reference(t, in: t.viewportRect(at: p), progress: p)))
  }
}
