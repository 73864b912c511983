import Album
import GestureScripting
import LayoutCore
import ToolOutput

extension Simulator {
  /// `simulate album`: runs `gestures` on the album at `fps` frames a
  /// second, printing a JSON line a frame (`frameJSON(_:elements:)`).
  package static func run(
    _ coordinator: inout AlbumCoordinator, gestures: GestureScript, fps: Double, elements: Bool
  ) throws {
    try gestures.run(on: &coordinator, fps: fps) { coordinator, _ in
      print(frameJSON(&coordinator, elements: elements))
    }
  }

  /// One frame of the album: both offsets, the page and the thumbnail, the
  /// accordion's progress, the events and, with `elements`, both surfaces'
  /// elements in identity order.
  package static func frameJSON(_ coordinator: inout AlbumCoordinator, elements: Bool) -> String {
    let frame = coordinator.frame(attributes: elements)
    func optional(_ value: Int?) -> String { value.map(String.init) ?? "null" }
    var o = JSONObject()
    o.add("time", frame.time)
    o.add("leader", frame.leader.rawValue)
    o.add("pagerOffset", frame.pagerOffset)
    o.add("stripOffset", frame.stripOffset)
    o.add("photo", raw: optional(frame.pagerPosition?.index))
    o.add("fraction", frame.pagerPosition?.fraction ?? 0)
    o.add("position", frame.position)
    o.add("thumbnail", raw: optional(frame.centredThumbnail))
    o.add("animated", raw: optional(frame.animatedThumbnail))
    o.add("progress", frame.progress)
    o.add("accordion", frame.accordion.rawValue)
    if frame.debug { o.add("debug", true) }
    let events = coordinator.drainEvents().map { JSONWriter.string($0.0.rawValue + "." + $0.1.name) }
    o.add("events", raw: "[" + events.joined(separator: ",") + "]")
    if elements {
      o.add(
        "pagerElements",
        raw: "[" + frame.pagerAttributes.sorted { $0.id < $1.id }.map(\.json).joined(separator: ",") + "]")
      o.add(
        "stripElements",
        raw: "[" + frame.stripAttributes.sorted { $0.id < $1.id }.map(\.json).joined(separator: ",") + "]")
    }
    return o.text
  }
}
