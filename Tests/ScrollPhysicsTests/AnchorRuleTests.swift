import GestureScripting
import LayoutCore
import LayoutHost
import ScrollPhysics
import ScrollworkTestSupport
import Testing

/// The anchor rule, for every layout that takes estimates
/// (`RandomLayouts.estimating`): when sizes above the anchor are learnt,
/// nothing on screen moves relative to the anchor, and the anchor keeps its
/// place on screen.
@Suite struct AnchorRuleTests {
  /// Item `i`'s real size: far from the 80×30 estimate and different for
  /// every item, the same on every run.
  static func realSize(_ i: Int, salt: UInt64) -> Size {
    var r = SplitMix64(seed: salt &+ UInt64(i) &* 0x9E37_79B9_7F4A_7C15)
    return Size(width: r.double(in: 20...220), height: r.double(in: 18...140))
  }

  /// ~20,000 items prepared with an 80×30 estimate, scrolled from deep in
  /// the content by a fast drag towards the start and its fling: in every
  /// frame, every element visible both before and after the frame's
  /// measurements keeps what is on screen of it (its start and end along
  /// the scroll axis, cut to the viewport) where it was relative to the
  /// anchor (to 1e-9 of the coordinates' magnitude), and the anchor's
  /// screen position is unchanged.
  @Test(arguments: RandomLayouts.estimating.map(\.name))
  func flingTowardsTheStartMovesNothingOnScreen(_ name: String) throws {
    let entry = try #require(RandomLayouts.layout(named: name)?.estimated)
    for index in 0..<3 {
      let seed = propertySeed(index, base: 0xA4C4_0220)
      var r = SplitMix64(seed: seed)
      let drawn = entry(&r)
      let counts = index == 0 ? [20_000] : [12_000, 150, 7_850]
      let items = LayoutItems(sections: counts.map { .uniform(Size(width: 80, height: 30), count: $0) })
      let layout = try drawn.prepare(items, Viewport(width: 390, height: 844))
      try Self.fling(layout, seed: seed, description: "\(drawn) seed \(seed)")
    }
  }

  /// Issue 20's case (`simulate tags --words 20000 --estimated 80x30`, a
  /// fast drag upward from deep in the cloud), where 8 tags measured above
  /// the anchor once moved 66 of 74 visible tags by 40 pt: one section, no
  /// paragraphs, so without the anchor every line below a measured tag
  /// would be broken again.
  @Test func theIssuesTagCloudKeepsTheScreenStill() throws {
    let cloud = try TagCloudLayout().prepare(
      estimated: LayoutItems(count: 20_000, size: Size(width: 80, height: 30)),
      viewport: Viewport(width: 390, height: 844))
    try Self.fling(cloud, seed: 20, description: "tags --words 20000 --estimated 80x30")
  }

  static func fling<L: SelfSizingLayout>(_ layout: L, seed: UInt64, description: String) throws {
    let axis = layout.scrollAxis
    let length = layout.contentSize(at: ScrollState())[axis]
    var start = Point.zero
    start[axis] = (length * 0.7).rounded()
    var scroller = SelfSizingScroller(layout: layout, offset: start)
    // Section starts, to name an item by a global number for its real size.
    var firsts: [Int] = [0]
    for s in 0..<layout.numberOfSections { firsts.append(firsts[s] + layout.numberOfItems(inSection: s)) }
    let measure: (ElementID, Double) -> Size? = { id, maxWidth in
      var size = realSize(firsts[id.section] + id.item, salt: seed)
      size.width = Swift.min(size.width, maxWidth)
      return size
    }
    var buffer: [LayoutAttributes] = []
    // At rest first: the screen it starts on is measured.
    _ = scroller.layoutFrame(measure: measure, into: &buffer)
    var translation = Point.zero
    translation[axis] = 1800
    let script = try GestureScript(
      "drag \(translation.x),\(translation.y) 0.15; release; wait 1.2")
    var before: [LayoutAttributes] = []
    var frames = 0
    var checked = 0
    var measuredTotal = 0
    var traveled = 0.0
    var lastOffset = scroller.surface.contentOffset[axis]
    try script.run(on: &scroller) { scroller, time in
      frames += 1
      before.removeAll(keepingCapacity: true)
      let viewBefore = scroller.visibleRect
      scroller.layout.attributes(in: viewBefore, at: scroller.state, into: &before)
      buffer.removeAll(keepingCapacity: true)
      let frame = scroller.layoutFrame(measure: measure, into: &buffer)
      measuredTotal += frame.measured
      traveled += abs(frame.offset[axis] - frame.correction - lastOffset)
      lastOffset = frame.offset[axis]
      guard !frame.clamped, case .element(let anchor, let screen) = frame.anchor else { return }
      let now = frame.anchorScreenPosition ?? .nan
      #expect(
        abs(now - screen) <= 1e-9 * Swift.max(1, abs(frame.offset[axis])),
        "anchor moved \(screen) → \(now) at t \(time): \(description)")
      guard let anchorBefore = before.first(where: { $0.id == anchor })?.frame.min(axis),
        let anchorAfter = buffer.first(where: { $0.id == anchor })?.frame.min(axis)
      else {
        Issue.record("the anchor \(anchor) is not on screen at t \(time): \(description)")
        return
      }
      var moved = 0
      var worst = 0.0
      for a in buffer {
        guard let b = before.first(where: { $0.id == a.id }) else { continue }
        // Pinned supplementaries hold to the viewport, as the anchor does:
        // they are checked too.
        // What is on screen of each: its frame cut to the viewport along
        // the scroll axis (a row taller than the screen shows no edge).
        let viewAfter = scroller.visibleRect
        let startShift =
          (Swift.max(a.frame.min(axis), viewAfter.min(axis)) - anchorAfter)
          - (Swift.max(b.frame.min(axis), viewBefore.min(axis)) - anchorBefore)
        let endShift =
          (Swift.min(a.frame.max(axis), viewAfter.max(axis)) - anchorAfter)
          - (Swift.min(b.frame.max(axis), viewBefore.max(axis)) - anchorBefore)
        let shift = Swift.abs(startShift) > Swift.abs(endShift) ? startShift : endShift
        let tolerance = 1e-9 * Swift.max(1, abs(a.frame.max(axis)), abs(anchorAfter))
        if abs(shift) > tolerance {
          moved += 1
          worst = Swift.max(worst, abs(shift))
        }
        checked += 1
      }
      #expect(moved == 0, "\(moved) of \(buffer.count) moved (up to \(worst) pt) at t \(time): \(description)")
    }
    // The gesture did what it says: many frames, sizes learnt, content
    // passed (guards against a test that checks nothing).
    #expect(frames > 60)
    #expect(checked > 1000, "\(checked) elements checked: \(description)")
    #expect(measuredTotal > 50, "\(measuredTotal) measured: \(description)")
    #expect(traveled > 2000, "travelled \(traveled) pt: \(description)")
  }
}
