import GestureScripting
import LayoutCore
import PhotoGrid
import ToolOutput

extension Simulator {
  /// `simulate photos`: refuses more edits than the library takes, then
  /// rehearses `gestures` on a copy (a step that cannot run fails before
  /// any output), then runs them, printing a JSON line a frame.
  package static func run(
    _ session: PhotoGridSession, gestures: GestureScript, sections: Int, fps: Double, elements: Bool
  ) throws {
    try PhotoGridSession.checkEdits(gestures, sections: sections)
    var copy = session
    try gestures.run(on: &copy, fps: fps) { _, _ in }
    var live = session
    try gestures.run(on: &live, fps: fps) { session, time in
      print(frameJSON(time: time, session: &session, elements: elements))
    }
  }

  /// One frame of the photo grid: the offset, the mode, the transition's
  /// progress, the photo count, the events and, with `elements`, the
  /// visible elements.
  package static func frameJSON(time: Double, session: inout PhotoGridSession, elements: Bool) -> String {
    var o = JSONObject()
    o.add("time", time)
    o.add("offset", session.contentOffset)
    o.add("mode", session.mode.description)
    o.add("progress", session.progress)
    o.add("photos", session.library.totalCount)
    o.add("events", raw: "[" + session.drainEvents().map(JSONWriter.string).joined(separator: ",") + "]")
    if elements {
      let visible = session.visibleAttributes.sorted { $0.id < $1.id }
      o.add("elements", raw: "[" + visible.map(\.json).joined(separator: ",") + "]")
    }
    return o.text
  }
}
