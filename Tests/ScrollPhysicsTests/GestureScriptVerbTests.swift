import GestureScripting
import LayoutCore
import PhotoGrid
import ScrollPhysics
import Testing

/// A driver that takes the layout verbs and records them.
private struct VerbRecorder: GestureDriven {
  static var layoutVerbs: Set<String> { PhotoGridSession.layoutVerbs }
  var performed: [(verb: String, arguments: [String], duration: Double, time: Double)] = []
  var advances = 0
  mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {}
  mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {}
  mutating func release(_ target: String?, at time: Double) throws(ScriptError) {}
  mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  )
    throws(ScriptError)
  {}
  mutating func advance(to time: Double) { advances += 1 }
  mutating func perform(
    _ target: String?, verb: String, arguments: [String], duration: Double, at time: Double
  ) throws(ScriptError) {
    performed.append((verb, arguments, duration, time))
  }
}

@Suite struct GestureScriptVerbTests {
  @Test func aLayoutDeclaresItsOwnVerbsAndOnlyDeclaredVerbsParse() throws {
    // Without the photo grid's declarations its verbs are unknown steps.
    #expect(throws: ScriptError.self) { try GestureScript("mode months 0.4") }
    // Any layout can declare a verb: a 'spin DEGREES SECONDS' of its own.
    let spin = LayoutVerb(name: "spin", owner: "the test's spinner") { words, name throws(ScriptError) in
      guard words.count == 2 else { throw .badStep(name, "expected 'spin DEGREES SECONDS'") }
      return ([words[0]], try GestureScript.seconds(words[1], name))
    }
    let script = try GestureScript("drag 0,-10 0.1; spin 90 0.5", verbs: [spin])
    #expect(script.steps[1].action == .custom(verb: "spin", arguments: ["90"], duration: 0.5))
    #expect(try script.tickMarks(fps: 10) == [1, 6])
    // A driver that does not take it refuses the script, naming who does.
    var recorder = VerbRecorder()
    do {
      try script.run(on: &recorder, fps: 10) { _, _ in }
      Issue.record("ran")
    } catch {
      #expect(error.description.contains("only the test's spinner takes it"), "\(error)")
    }
    // A declared verb cannot shadow a common step.
    let shadow = LayoutVerb(name: "drag", owner: "nobody") { _, name throws(ScriptError) in
      throw .badStep(name, "never called")
    }
    #expect(try GestureScript("drag 0,-10 0.1", verbs: [shadow]).steps.count == 1)
  }

  @Test func parsesTheLayoutVerbs() throws {
    let script = try GestureScript(
      "mode months 0.4; pinch 0.6 0.3 at 100,200; insert 5 at 12; delete 3..7; pinch 2 0", verbs: PhotoGridSession.verbs
    )
    #expect(script.steps.count == 5)
    #expect(script.steps[0].action == .custom(verb: "mode", arguments: ["months"], duration: 0.4))
    #expect(script.steps[1].action == .custom(verb: "pinch", arguments: ["0.6", "100,200"], duration: 0.3))
    #expect(script.steps[2].action == .custom(verb: "insert", arguments: ["5", "12"], duration: nil))
    #expect(script.steps[3].action == .custom(verb: "delete", arguments: ["3", "7"], duration: nil))
    #expect(script.steps[4].action == .custom(verb: "pinch", arguments: ["2"], duration: 0))
    #expect(try GestureScript("grid mode columns:5 1", verbs: PhotoGridSession.verbs).steps[0].target == "grid")
  }

  @Test(arguments: [
    "mode", "mode months", "mode sideways 1", "mode months -1", "mode months nan", "mode months 1e9",
    "pinch 0 1", "pinch -2 1", "pinch inf 1", "pinch 2 1 at", "pinch 2 1 near 3,4", "pinch 2 1 at 3,nan",
    "insert 5", "insert 0 at 1", "insert 2000000 at 1", "insert 5 to 1", "insert 5 at -1", "insert 1.5 at 0",
    "insert 5 at 99999999999999999999", "delete 3", "delete 7..3", "delete -1..3", "delete a..b", "delete 1..2..3",
  ])
  func rejectsBadLayoutSteps(text: String) {
    #expect(throws: ScriptError.self) { try GestureScript(text, verbs: PhotoGridSession.verbs) }
  }

  @Test func badStepMessagesNameTheProblem() {
    do {
      _ = try GestureScript("wait 1; pinch 0 1", verbs: PhotoGridSession.verbs)
      Issue.record("parsed")
    } catch {
      #expect(error.description.contains("2 'pinch 0 1'"))
      #expect(error.description.contains("> 0"))
    }
  }

  @Test func timedVerbsCountFramesAndInstantOnesDoNot() throws {
    let script = try GestureScript(
      "mode months 0.5; insert 3 at 0; pinch 0.5 0.25; delete 0..1", verbs: PhotoGridSession.verbs)
    #expect(try script.tickMarks(fps: 100) == [50, 75])
    var driver = VerbRecorder()
    var frames: [Double] = []
    try script.run(on: &driver, fps: 100) { _, t in frames.append(t) }
    #expect(driver.performed.map(\.verb) == ["mode", "insert", "pinch", "delete"])
    #expect(driver.performed[1].time == 0.5)
    #expect(driver.performed[2].duration == 0.25)
    // 50 + 25 ticks, plus one last frame after the instant delete.
    #expect(frames.count == 76)
  }

  @Test func aLongLayoutVerbIsRefusedBeforeRunning() throws {
    let script = try GestureScript("mode months 86400", verbs: PhotoGridSession.verbs)
    #expect(throws: ScriptError.self) { try script.frameCount(fps: 120) }
  }

  @Test func otherDriversRefuseLayoutVerbsNamingThem() throws {
    let layout = try FlowLayout().prepare(
      items: LayoutItems(count: 10, size: Size(width: 50, height: 50)), viewport: Viewport(width: 100, height: 100))
    var scroller = LayoutScroller(layout: layout, state: ScrollState())
    var frames = 0
    do {
      try GestureScript("drag 0,-10 0.1; mode months 0.3", verbs: PhotoGridSession.verbs).run(on: &scroller) { _, _ in
        frames += 1
      }
      Issue.record("ran")
    } catch {
      #expect(error.description.contains("'mode' is not a step this layout takes"))
      #expect(error.description.contains("2 'mode months 0.3'"))
    }
    // Refused before anything ran.
    #expect(frames == 0)
    #expect(scroller.surface.contentOffset == .zero)
  }
}
