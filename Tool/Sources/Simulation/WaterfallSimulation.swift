import LayoutCore
import ScrollPhysics
import ToolOutput

/// `simulate waterfall --estimated`: the self-sizing scroller's frames
/// (`Simulator.runSelfSizing`'s lines), plus the settle of the slack at
/// the top: in the first frame where a column's start lies below its
/// section's top by more than 1 pt within the visible rectangle or a
/// quarter of a viewport above it (`PreparedWaterfallLayout.needsSettle`),
/// the layout is settled (`settled()`), the anchor kept by an offset
/// correction, and for the next `WaterfallSettle.defaultDuration` seconds
/// the elements shown are the settle's (every element moving once by
/// identity). Each line carries `"settle"`: the settle's progress, or
/// `null`.
package enum WaterfallSimulation {
  /// How far above the visible rectangle, as a fraction of the viewport's
  /// height, a slack starts a settle.
  package static let settleMargin = 0.25

  package static func run(
    _ layout: WaterfallLayout, items: LayoutItems, estimate: Size, options: SimulationRun, settles: Bool
  ) throws {
    let prepared = try layout.prepare(items: items, estimate: estimate, viewport: options.viewport)
    let configuration = options.configuration()
    var scroller = SelfSizingScroller(layout: prepared, offset: options.offset, configuration: configuration)
    let start = Simulator.startingOffset(options.offset, on: scroller.surface)
    if start != options.offset {
      scroller = SelfSizingScroller(layout: prepared, offset: start, configuration: configuration)
    }
    let withElements = options.elements
    var visible: [LayoutAttributes] = []
    var settle: WaterfallSettle?
    try options.gestureScript().run(on: &scroller, fps: options.fps) { scroller, time in
      visible.removeAll(keepingCapacity: true)
      let frame = scroller.layoutFrame(measure: { id, _ in items.size(of: id) }, into: &visible)
      var correction = frame.correction
      if let running = settle, running.isFinished(at: time) { settle = nil }
      if settles, settle == nil {
        let offset = scroller.surface.contentOffset
        let size = scroller.layout.viewport.size
        let margin = size.height * settleMargin
        let ahead = Rect(x: offset.x, y: offset.y - margin, width: size.width, height: size.height + margin)
        if scroller.layout.needsSettle(in: ahead), let settled = try? scroller.layout.settled() {
          let before = scroller.layout
          let mark = before.mark(.firstVisible, at: offset)
          correction += scroller.replaceLayout(settled, keeping: mark)
          settle = WaterfallSettle(
            from: before, at: offset, to: settled, at: scroller.surface.contentOffset, startTime: time)
        }
      }
      if let settle {
        visible.removeAll(keepingCapacity: true)
        settle.elements(at: time, offset: scroller.surface.contentOffset, into: &visible)
      }
      var o = JSONObject()
      o.add("time", time)
      o.add("offset", scroller.surface.contentOffset)
      o.add("velocity", scroller.surface.velocity)
      o.add("phase", scroller.surface.phase.rawValue)
      switch frame.anchor {
      case .element(let id, _): o.add("anchor", raw: "[\(id.section),\(id.item)]")
      case .offset: o.add("anchor", "offset")
      case .bottom: o.add("anchor", "bottom")
      }
      if let position = scroller.layout.screenPosition(of: frame.anchor, at: scroller.surface.contentOffset) {
        o.add("anchorScreenY", position)
      }
      o.add("correction", correction)
      o.add("measured", frame.measured)
      o.add("clamped", frame.clamped)
      if let settle { o.add("settle", settle.progress(at: time)) } else { o.add("settle", raw: "null") }
      o.add("topSlack", scroller.layout.topSlack(inSection: 0))
      o.add("events", raw: "[" + scroller.drainEvents().map { JSONWriter.string($0.name) }.joined(separator: ",") + "]")
      if withElements {
        let sorted = visible.sorted { $0.id < $1.id }
        o.add("elements", raw: "[" + sorted.map(\.json).joined(separator: ",") + "]")
      }
      print(o.text)
    }
  }
}
