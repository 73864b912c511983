import GestureScripting
import LayoutCore
import ScrollPhysics
import ToolOutput

/// An element's JSON with its tag's text: `texts[section][item]` for cells
/// (a cloud is section 0; a table's rows are sections).
package func tagJSON(_ a: LayoutAttributes, texts: [[String]]) -> String {
  guard a.id.kind == .cell, a.id.section >= 0, a.id.section < texts.count, a.id.item >= 0,
    a.id.item < texts[a.id.section].count
  else { return a.json }
  return String(a.json.dropLast()) + ",\"text\":" + JSONWriter.string(texts[a.id.section][a.id.item]) + "}"
}

extension Simulator {
  /// `simulate tag-table --estimated`: the self-sizing run
  /// (`runSelfSizing`), each tag measured from its text (`measure(text,
  /// maxWidth)`) as it comes into view, and with `elements` each tag's
  /// `"text"`.
  package static func runTagTable(
    _ layout: PreparedTagTableLayout, rows: [[String]], measure: @escaping (String, Double) -> Size,
    gestures: GestureScript, run: (offset: Point, fps: Double, elements: Bool)
  ) throws {
    try runSelfSizing(
      layout, offset: run.offset, gestures: gestures, fps: run.fps, elements: run.elements,
      measure: { id, maxWidth in
        guard id.kind == .cell, id.section >= 0, id.section < rows.count, id.item >= 0,
          id.item < rows[id.section].count
        else { return nil }
        return measure(rows[id.section][id.item], maxWidth)
      },
      elementJSON: { tagJSON($0, texts: rows) })
  }

  /// `simulate tag-table`: the measured table in a `LayoutScroller`, a
  /// JSON line a frame.
  package static func runTagTable(
    _ prepared: PreparedTagTableLayout, gestures: GestureScript, run: (offset: Point, fps: Double, elements: Bool)
  ) throws {
    var scroller = LayoutScroller(layout: prepared, state: ScrollState(contentOffset: run.offset))
    let start = startingOffset(run.offset, on: scroller.surface)
    if start != run.offset {
      scroller = LayoutScroller(layout: prepared, state: ScrollState(contentOffset: start))
    }
    try gestures.run(on: &scroller, fps: run.fps) { scroller, time in
      print(frameJSON(time: time, scroller: &scroller, elements: run.elements))
    }
  }
}

extension Inspector {
  /// `inspect tags` and `inspect tag-table`: the layout, viewport, offset
  /// and content size, how many tags are measured (a cloud from
  /// estimates), and the elements with their tags' texts
  /// (`texts[section][item]`).
  ///
  /// - Complexity: O(k log k) for k elements listed.
  package static func tagReport<P: PreparedLayout>(
    name: String, _ prepared: P, texts: [[String]], offset: Point, all: Bool, measured: Int? = nil
  ) -> String where P.State == ScrollState {
    var state = ScrollState(contentOffset: offset)
    state.contentOffset = state.contentOffset.sanitized
    let elements = (all ? prepared.allAttributes(at: state) : prepared.visibleAttributes(at: state))
      .sorted { $0.id < $1.id }
    var o = JSONObject()
    o.add("layout", name)
    o.add("viewport", prepared.viewport.size)
    o.add("offset", state.contentOffset)
    o.add("contentSize", prepared.contentSize(at: state))
    if let measured { o.add("measured", measured) }
    o.add("elements", raw: "[" + elements.map { tagJSON($0, texts: texts) }.joined(separator: ",") + "]")
    return o.text
  }
}
