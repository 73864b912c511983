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
      baseline: NaiveBaseline.loopingOverCells)
  }
}
