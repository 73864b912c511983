import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

@Suite struct GestureScriptTests {
  @Test func parsesEveryStep() throws {
    let script = try GestureScript(
      "drag -300 0.25; hold 0.1\nrelease # lift\nwait 2; tap; scroll 10,20; jump 5; pager drag 0,40 0.5")
    #expect(script.steps.count == 8)
    #expect(script.steps[0].action == .drag(Point(x: -300, y: 0), duration: 0.25))
    #expect(script.steps[5].action == .scroll(Point(x: 10, y: 20)))
    #expect(script.steps[7].target == "pager")
    #expect(try GestureScript("").steps.isEmpty)
  }

  @Test(arguments: ["drag 10", "wiggle 3", "wait -1", "wait nan", "drag 1,2,3 1", "pager", "release now", "wait 1e9"])
  func rejectsBadSteps(text: String) throws {
    #expect(throws: ScriptError.self) {
      let script = try GestureScript(text)
      var scroller = LayoutScroller(
        layout: try FlowLayout().prepare(
          items: LayoutItems(count: 10, size: Size(width: 50, height: 50)), viewport: Viewport(width: 100, height: 100)),
        state: ScrollState())
      try script.run(on: &scroller) { _, _ in }
    }
  }

  func frames(_ text: String) throws -> [(Double, Point, Point, String, [ScrollEvent])] {
    let layout = try FlowLayout(lineSpacing: 2, interItemSpacing: 2)
      .prepare(
        items: LayoutItems(count: 5000, size: Size(width: 120, height: 120)),
        viewport: Viewport(width: 390, height: 844))
    var scroller = LayoutScroller(layout: layout, state: ScrollState())
    var out: [(Double, Point, Point, String, [ScrollEvent])] = []
    try GestureScript(text).run(on: &scroller) { s, t in
      out.append((t, s.surface.contentOffset, s.surface.velocity, s.surface.phase.rawValue, s.drainEvents()))
    }
    return out
  }

  @Test func sameScriptGivesTheSameBitsTwice() throws {
    let text =
      "drag 0,-300 0.25; release; wait 1; drag 0,120 0.1; hold 0.05; release; wait 0.5; tap; scroll 0,900; wait 0.5; drag 0,2000 0.2; release; wait 3"
    let a = try frames(text)
    let b = try frames(text)
    #expect(a.count == b.count)
    for (x, y) in zip(a, b) {
      #expect(x.0.bitPattern == y.0.bitPattern)
      #expect(x.1.x.bitPattern == y.1.x.bitPattern && x.1.y.bitPattern == y.1.y.bitPattern)
      #expect(x.2.x.bitPattern == y.2.x.bitPattern && x.2.y.bitPattern == y.2.y.bitPattern)
      #expect(x.3 == y.3 && x.4 == y.4)
    }
    // 120 Hz ticks.
    #expect(a.count == Int((0.25 + 1 + 0.1 + 0.05 + 0.5 + 0.5 + 0.2 + 3) * 120 + 0.5))
    #expect(isClose(a[1].0 - a[0].0, 1.0 / 120))
    // The pull past the top at the end springs back to exactly zero.
    #expect(a.last!.1 == .zero)
  }

  @Test func releaseEventsArriveInTheNextFrame() throws {
    let f = try frames("drag 0,-300 0.25; release; wait 0.1")
    let names = f.flatMap(\.4).filter { $0 != .didScroll }.map(\.name)
    #expect(names == ["willBeginDragging", "willEndDragging", "didEndDragging(decelerate)", "willBeginDecelerating"])
    #expect(f[30].3 == "decelerating")
  }

  @Test func unknownTargetIsAnError() throws {
    #expect(throws: ScriptError.unknownTarget("pager", known: [])) { try frames("pager drag 10 0.1") }
  }

  @Test func velocityTrackerUsesRecentSamplesOnly() {
    var tracker = VelocityTracker()
    for k in 0...10 { tracker.add(Point(x: Double(k) * 10, y: 0), at: Double(k) / 100) }
    #expect(isClose(tracker.velocity(at: 0.1).x, 1000))
    // A finger that rested longer than the window releases at zero.
    #expect(tracker.velocity(at: 0.5) == .zero)
  }

  /// Records which targets a script touches, moves and lifts.
  struct Recorder: GestureDriven {
    var log: [String] = []
    mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
      log.append("down \(target ?? "-")")
    }
    mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {}
    mutating func release(_ target: String?, at time: Double) throws(ScriptError) { log.append("up \(target ?? "-")") }
    mutating func setContentOffset(
      _ target: String?, _ offset: Point, animated: Bool, at time: Double
    ) throws(ScriptError) {}
    mutating func advance(to time: Double) {}
  }

  @Test func untargetedReleaseLiftsTheOnlyFingerDown() throws {
    var recorder = Recorder()
    try GestureScript("pager drag -100 0.1; release; strip drag 20 0.1; strip hold 0.1; release; drag 5 0.1; release")
      .run(on: &recorder) { _, _ in }
    #expect(recorder.log == ["down pager", "up pager", "down strip", "up strip", "down -", "up -"])
  }
}
