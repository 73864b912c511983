import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

/// Hostile gesture scripts and programmatic offsets: each gets a typed
/// error or a documented clamp; nothing traps, hangs or turns non-finite.
@Suite struct ScriptRobustnessTests {
  func scroller(count: Int = 200) throws -> LayoutScroller<PreparedCenteredLayout> {
    let layout = try CarouselLayout(itemSize: Size(width: 100, height: 100))
      .prepare(
        items: LayoutItems(count: count, size: Size(width: 1, height: 1)), viewport: Viewport(width: 300, height: 100))
    return LayoutScroller(layout: layout, state: ScrollState())
  }

  /// Parses and runs `text`, returning the error it gives (nil when none).
  func outcome(_ text: String, fps: Double = 120) -> ScriptError? {
    do {
      let script = try GestureScript(text)
      var s = try scroller()
      try script.run(on: &s, fps: fps) { s, _ in
        #expect(s.surface.contentOffset.isFinite && s.surface.velocity.isFinite)
      }
      return nil
    } catch let error as ScriptError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  @Test(arguments: [
    "wait 1e17", "hold 1e19", "drag 0,-1 1e20", "wait 7e16; wait 7e16", "wait 1e308", "drag 1e308,1e308 1",
    "wait 86400.5", "wait -0.0000001", "wait inf", "wait -inf", "wait nan", "drag nan,1 1", "jump 1e400",
    "wait 0x1p1000", "scroll 1,2,3", "drag 1 2 3",
  ])
  func hugeOrBadNumbersGiveATypedError(text: String) {
    let error = outcome(text)
    // drag 1e308,1e308 1 is valid (a huge but finite finger move), the rest are not.
    if text.hasPrefix("drag 1e308") {
      #expect(error == nil)
    } else {
      #expect(error != nil, "\(text) was accepted")
    }
  }

  @Test func sumsOfLongStepsAreCaughtBeforeTheyOverflow() {
    let text = Array(repeating: "wait 86400", count: 1000).joined(separator: ";")
    guard case .tooLong(let step, _)? = outcome(text) else {
      Issue.record("not tooLong")
      return
    }
    #expect(step.hasPrefix("1 "), "the first step already passes the limit: \(step)")
    guard case .tooLong(let second, let frames)? = outcome("wait 500; wait 400") else {
      Issue.record("not tooLong")
      return
    }
    #expect(second.hasPrefix("2 'wait 400'"))
    #expect(frames == "108000")
  }

  @Test func hugeFrameRatesCannotOverflowTheTickCount() {
    #expect(GestureScript.ticks(1, fps: 1e300) == nil)
    #expect(GestureScript.ticks(86_400, fps: .greatestFiniteMagnitude) == nil)
    #expect(GestureScript.ticks(0, fps: 1e300) == 1)
    #expect(GestureScript.ticks(1, fps: .nan) == 120)
    #expect(outcome("wait 1", fps: 1e300) != nil)
    #expect(outcome("wait 1", fps: -5) == nil, "a bad rate is the documented 120")
  }

  @Test func errorsNameTheStep() throws {
    #expect(throws: ScriptError.self) { try GestureScript("wait 1; tap; hold 1e19") }
    do {
      _ = try GestureScript("wait 1; tap\nhold 1e19 # long")
    } catch {
      #expect(error.description.contains("3 'hold 1e19'"), "\(error)")
      #expect(error.description.contains("at most 86400"), "\(error)")
    }
  }

  @Test func crlfAndAByteOrderMarkAreAccepted() throws {
    let plain = try GestureScript("drag 0,-100 0.2\nrelease\nwait 0.5")
    let crlf = try GestureScript("\u{FEFF}drag 0,-100 0.2\r\nrelease\r\nwait 0.5\r\n")
    let cr = try GestureScript("drag 0,-100 0.2\rrelease\rwait 0.5")
    #expect(plain.steps.map(\.action) == crlf.steps.map(\.action))
    #expect(plain.steps.map(\.action) == cr.steps.map(\.action))
    #expect(crlf.steps.count == 3)
    // A BOM anywhere else is not whitespace: it is reported.
    #expect(throws: ScriptError.self) { try GestureScript("wait 1;\u{FEFF}wait 1") }
  }

  @Test func aScriptAboveOneMebibyteIsRejected() {
    let text = String(repeating: "tap;", count: (1 << 20) / 4 + 1)
    #expect(throws: ScriptError.self) { try GestureScript(text) }
  }

  @Test func jumpAndScrollClampTheSameWay() throws {
    for target in ["1e300,1e300", "-1e300,-1e300", "1e300", "123.5,-7"] {
      var jumped = try scroller()
      var scrolled = try scroller()
      try GestureScript("jump \(target); wait 0.1").run(on: &jumped) { _, _ in }
      try GestureScript("scroll \(target); wait 1").run(on: &scrolled) { _, _ in }
      #expect(jumped.surface.contentOffset == scrolled.surface.contentOffset, "\(target)")
      #expect(jumped.surface.contentOffset == jumped.surface.clamped(jumped.surface.contentOffset), "\(target)")
    }
    var s = try scroller()
    try GestureScript("jump 1e300,1e300").run(on: &s) { _, _ in }
    #expect(s.surface.contentOffset == s.surface.maxOffset)
  }

  @Test func nonFiniteProgrammaticOffsetsKeepTheCurrentCoordinate() {
    var surface = ScrollSurface(
      viewportSize: Size(width: 100, height: 100), contentSize: Size(width: 1000, height: 1000))
    surface.setProgrammaticContentOffset(Point(x: 300, y: 200), animated: false, at: 0)
    surface.setProgrammaticContentOffset(Point(x: .nan, y: .infinity), animated: false, at: 1)
    #expect(surface.contentOffset == Point(x: 300, y: 200))
    surface.setProgrammaticContentOffset(Point(x: -.infinity, y: 50), animated: true, at: 2)
    surface.advance(to: 10)
    #expect(surface.contentOffset == Point(x: 300, y: 50))
  }

  @Test func hugeTimesStayFinite() {
    for time in [1e6, 1e15, 1e300, Double.greatestFiniteMagnitude] {
      var surface = ScrollSurface(
        viewportSize: Size(width: 100, height: 100), contentSize: Size(width: 100, height: 100_000))
      // Pull past the top edge and let go: a spring back.
      for k in 0...10 { surface.drag(translation: Point(x: 0, y: Double(k) * 40), at: Double(k) / 100) }
      surface.release(at: 0.1)
      surface.advance(to: 0.11)
      surface.advance(to: time)
      #expect(surface.contentOffset == .zero, "time \(time): \(surface.contentOffset)")
      #expect(surface.phase == .idle)
      // A fling, then a huge time.
      for k in 0...10 { surface.drag(translation: Point(x: 0, y: -Double(k) * 300), at: time) }
      surface.release(at: time)
      surface.advance(to: .infinity)
      #expect(surface.contentOffset.isFinite && surface.velocity.isFinite, "time \(time)")
    }
  }

  @Test func aSurfaceWithoutTargetsSaysSo() {
    let message = ScriptError.unknownTarget("pager", known: []).description
    #expect(message.contains("takes no target"))
    #expect(!message.contains("known: )"))
  }
}
