@testable import LayoutCore
import ScrollworkTestSupport
import Testing

/// A transition answers its viewport from the candidates it found when it
/// started (`TransitionCandidates`). `checkViewport` holds such a frame to
/// the straightforward query (`TransitionFastPathTests.reference`), bit for
/// bit and in order, and checks that it came from the candidates; the
/// fast-path tests call it on every random transition they draw (mode
/// changes, type-erased layouts, data updates, layouts without a walk,
/// viewports that change size). Here: what the candidates must not answer.
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

  /// A layout (not one of the engine's) whose query hands out elements of
  /// negative width: the candidates keep none, since their test
  /// (`Rect.overlaps`) answers as `intersects` only for sizes that are
  /// not negative, and every frame walks, with the same answers.
  @Test func negativeSizesAreNotKept() throws {
    struct NegativeWidths: PreparedLayout {
      var viewport: Viewport { Viewport(width: 400, height: 400) }
      var numberOfSections: Int { 1 }
      func numberOfItems(inSection section: Int) -> Int { section == 0 ? 40 : 0 }
      func contentSize(at state: ScrollState) -> Size { Size(width: 400, height: 2_000) }
      func frame(_ i: Int) -> Rect { Rect(x: 200, y: Double(i) * 50, width: i % 3 == 0 ? -50 : 100, height: 40) }
      func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
        // Along y only, whatever the width.
        for i in 0..<40 where frame(i).minY < rect.maxY && rect.minY < frame(i).maxY {
          result.append(LayoutAttributes(id: .cell(i), frame: frame(i)))
        }
      }
      func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
        guard id.kind == .cell, id.section == 0, id.item >= 0, id.item < 40 else { return nil }
        return LayoutAttributes(id: id, frame: frame(id.item))
      }
    }
    let t = LayoutTransition(
      from: NegativeWidths(), at: ScrollState(), to: NegativeWidths(), at: ScrollState(x: 0, y: 300))
    #expect(t.candidates.fromA.count + t.candidates.fromB.count == 0)
    for p in [0.0, 0.25, 0.5, 1.0] {
      var found: [LayoutAttributes] = []
      t.visibleAttributes(progress: p, into: &found)
      #expect(!found.isEmpty)
      #expect(!found.contains { $0.size.width < 0 })
      #expect(FastPath.sameBits(found, FastPath.reference(t, in: t.viewportRect(at: p), progress: p)), "p \(p)")
    }
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
