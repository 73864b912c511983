import LayoutCore
import ToolOutput

extension Inspector {
  /// `inspect photos --to MODE --progress P`: the transition from `a` (in
  /// `modeA`, at `offset`) to `b` (in `modeB`) at progress `p`: both
  /// offsets, the presented one, `b`'s content size and the elements on
  /// screen, interpolated by identity.
  ///
  /// - Complexity: O(k log k) for the k elements of both layouts on screen.
  package static func transition(
    name: String, from a: PreparedPhotoGridLayout, mode modeA: PhotoGridLayout.Mode, to b: PreparedPhotoGridLayout,
    mode modeB: PhotoGridLayout.Mode, offset: Point, progress p: Double
  ) -> String {
    let transition = LayoutTransition(
      from: a, at: ScrollState(x: offset.x, y: offset.y), to: b, at: ScrollState(), anchoredAt: nil)
    var elements: [LayoutAttributes] = []
    transition.visibleAttributes(progress: p, into: &elements)
    elements.sort { $0.id < $1.id }
    var o = JSONObject()
    o.add("layout", name)
    o.add("viewport", a.viewport.size)
    o.add("mode", modeA.description)
    o.add("to", modeB.description)
    o.add("progress", p)
    o.add("sourceOffset", transition.sourceOffset)
    o.add("targetOffset", transition.targetOffset)
    o.add("presentedOffset", transition.offset(at: p))
    o.add("contentSize", b.contentSize(at: transition.toState))
    o.add("elements", raw: "[" + elements.map(\.json).joined(separator: ",") + "]")
    return o.text
  }
}
