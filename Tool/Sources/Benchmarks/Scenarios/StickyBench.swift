import LayoutCore
import Raster
import ScrollPhysics

extension BenchScenario {
  /// The "Jungle Cup" roster: the `jungleCup` preset with every effect on,
  /// sections of 100 players each, scrolled to random offsets (pull-downs
  /// included).
  package static var stickyRoster: BenchScenario {
    .layout(
      "sticky-roster",
      prepare: { n in
        let sections = Array(repeating: 100, count: max(1, n / 100))
        return try StickyHeaderLayout.jungleCup.prepare(
          items: LayoutItems(sections: sections.map { .uniform(Size(width: 390, height: 200), count: $0) }),
          viewport: Viewport(width: 390, height: 844))
      },
      states: { prepared, samples, rng in
        let bounds = prepared.offsetBounds(at: ScrollState())
        return (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: (bounds.min.y - 200)...bounds.max.y)) }
      },
      baseline: { prepared, states in
        // The tutorial's way: a cache of every element's attributes; per frame,
        // every cached element is updated for its effects and tested against the rect.
        let ids = prepared.allAttributes(at: ScrollState()).map(\.id).sorted()
        let size = prepared.viewport.size
        return NaiveBaseline { i, result in
          let state = states[i]
          let rect = Rect(origin: state.contentOffset, size: size)
          for id in ids {
            if let attributes = prepared.attributes(for: id, at: state), attributes.frame.intersects(rect) {
              result.append(attributes)
            }
          }
        }
      })
  }
}
