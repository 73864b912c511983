import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

/// The self-sizing waterfall under a real scroller (`SelfSizingScroller`,
/// measuring ahead as it does): the fast upward drag through
/// estimates shows no hole in any frame (two consecutive items of a column
/// on screen more than the spacing apart) and keeps the anchor to 0.5 pt;
/// scrolled to the top, the slack settles once, animated, and every column
/// ends flush with the section's top.
@Suite struct WaterfallScrollTests {
  static let viewport = Viewport(width: 390, height: 844)
  static let spacing = 10.0

  /// Photo-like sizes (landscape, portrait, square, panorama), by item.
  static func photo(_ k: Int) -> Size {
    let shapes = [
      Size(width: 4032, height: 3024), Size(width: 3024, height: 4032), Size(width: 1920, height: 1080),
      Size(width: 1080, height: 1920), Size(width: 3000, height: 3000), Size(width: 6000, height: 2000),
    ]
    var x = UInt64(truncatingIfNeeded: k) &* 0x9E37_79B9_7F4A_7C15
    x ^= x >> 29
    return shapes[Int(x % UInt64(shapes.count))]
  }

  static func scroller(at y: Double) throws -> SelfSizingScroller<PreparedWaterfallLayout> {
    let layout = try WaterfallLayout().prepare(
      estimated: LayoutItems(count: 2000, size: Size(width: 3, height: 4)), viewport: viewport)
    return SelfSizingScroller(layout: layout, offset: Point(x: 0, y: y))
  }

  /// The largest gap beyond the spacing between consecutive items of a
  /// column, both on screen.
  static func worstGap(_ shown: [LayoutAttributes], in view: Rect) -> Double {
    var columns: [Double: [Rect]] = [:]
    for a in shown where a.id.kind == .cell && a.frame.maxY > view.minY && a.frame.minY < view.maxY {
      columns[a.frame.minX, default: []].append(a.frame)
    }
    var worst = 0.0
    for frames in columns.values {
      let sorted = frames.sorted { $0.minY < $1.minY }
      for (a, b) in zip(sorted, sorted.dropFirst()) { worst = Swift.max(worst, b.minY - a.maxY - spacing) }
    }
    return worst
  }

  @Test func aFastUpwardDragThroughEstimatesShowsNoHoleAndKeepsTheAnchor() throws {
    var scroller = try Self.scroller(at: 60_000)
    var shown: [LayoutAttributes] = []
    _ = scroller.layoutFrame(measure: { id, _ in Self.photo(id.item) }, into: &shown)
    var frames = 0
    try GestureScript("drag 0,3000 0.3; release; wait 1.5").run(on: &scroller) { scroller, time in
      shown.removeAll(keepingCapacity: true)
      let frame = scroller.layoutFrame(measure: { id, _ in Self.photo(id.item) }, into: &shown)
      frames += 1
      let gap = Self.worstGap(shown, in: scroller.visibleRect)
      #expect(gap <= 1, "t \(time): a hole of \(gap) pt")
      if case .element(_, let screen) = frame.anchor, let now = frame.anchorScreenPosition {
        #expect(abs(now - screen) <= 0.5, "t \(time): the anchor moved \(now - screen)")
      }
    }
    #expect(frames > 200)
    #expect(scroller.layout.topSlack(inSection: 0) > 1, "the slack collected above, off screen")
  }

  @Test func scrolledToTheTopTheSlackSettlesOnceAndTheColumnsEndFlush() throws {
    var scroller = try Self.scroller(at: 6000)
    var shown: [LayoutAttributes] = []
    var settle: WaterfallSettle?
    var settles = 0
    var lastStart = -1.0
    try GestureScript("drag 0,3000 0.3; release; wait 2.5").run(on: &scroller) { scroller, time in
      shown.removeAll(keepingCapacity: true)
      let frame = scroller.layoutFrame(measure: { id, _ in Self.photo(id.item) }, into: &shown)
      if let running = settle, running.isFinished(at: time) { settle = nil }
      let offset = scroller.surface.contentOffset
      let ahead = Rect(x: 0, y: offset.y - 211, width: 390, height: 844 + 211)
      if settle == nil, scroller.layout.needsSettle(in: ahead) {
        let before = scroller.layout
        let settled = try! before.settled()
        let mark = before.mark(.firstVisible, at: offset)
        let screen = before.screenPosition(of: mark, at: offset)
        _ = scroller.replaceLayout(settled, keeping: mark)
        let after = scroller.layout.screenPosition(of: mark, at: scroller.surface.contentOffset)
        #expect(screen == nil || abs(screen! - after!) <= 0.5, "the settle keeps the anchor")
        settle = WaterfallSettle(
          from: before, at: offset, to: settled, at: scroller.surface.contentOffset, startTime: time)
        settles += 1
        lastStart = time
      }
      if settle == nil {
        let gap = Self.worstGap(shown, in: scroller.visibleRect)
        #expect(gap <= 1, "t \(time): a hole of \(gap) pt")
        if case .element(_, let screen) = frame.anchor, let now = frame.anchorScreenPosition {
          #expect(abs(now - screen) <= 0.5, "t \(time): the anchor moved \(now - screen)")
        }
      }
    }
    #expect(settles == 1, "settled \(settles) times, last at \(lastStart)")
    #expect(scroller.surface.contentOffset.y == 0)
    #expect(scroller.layout.topSlack(inSection: 0) <= 1)
    for c in 0..<2 {
      let top = scroller.layout.attributes(
        in: Rect(x: 5 + Double(c) * 200, y: 0, width: 1, height: 1), at: ScrollState())
      #expect(top.first?.frame.minY == 0, "column \(c) starts at the top")
    }
  }
}
