import LayoutCore

extension BenchScenario {
  /// A Photos-style grid: 4 columns of square thumbnails, 2 pt apart, on a
  /// 390×844 screen, scrolled to random offsets.
  static var flowGrid: BenchScenario {
    .layout(
      "flow-grid",
      prepare: { n in
        try FlowLayout(lineSpacing: 2, interItemSpacing: 2)
          .prepare(
            items: LayoutItems(count: n, size: Size(width: 96, height: 96)), viewport: Viewport(width: 390, height: 844)
          )
      },
      states: { prepared, samples, rng in
        let bounds = prepared.offsetBounds(at: ScrollState())
        return (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
      },
      baseline: { prepared, states in
        // A naive flow layout: every frame precomputed, every one tested per query.
        let all = prepared.allAttributes(at: ScrollState()).filter { $0.id.kind == .cell }.sorted { $0.id < $1.id }
        let frames = all.map(\.frame)
        let size = prepared.viewport.size
        return NaiveBaseline { i, result in
          let rect = Rect(origin: states[i].contentOffset, size: size)
          for item in frames.indices where frames[item].intersects(rect) {
            result.append(LayoutAttributes(id: .cell(item), frame: frames[item]))
          }
        }
      })
  }
}
