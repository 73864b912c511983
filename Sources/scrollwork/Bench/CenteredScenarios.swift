import LayoutCore

extension BenchScenario {
  /// The album-art carousel (`spotify` preset): 300 pt squares on a
  /// 390×300 strip, at random offsets.
  static var carousel: BenchScenario {
    .layout(
      "carousel",
      prepare: { n in
        try CarouselLayout.spotify.prepare(
          items: LayoutItems(count: n, size: Size(width: 300, height: 300)), viewport: Viewport(width: 390, height: 300)
        )
      },
      states: { prepared, samples, rng in
        let bounds = prepared.offsetBounds(at: ScrollState())
        return (0..<samples).map { _ in ScrollState(x: rng.double(in: bounds.min.x...bounds.max.x), y: 0) }
      },
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// The prominent-cell list: 300×200 cards on a 390×844 screen.
  static var prominent: BenchScenario {
    .layout(
      "prominent",
      prepare: { n in
        try ProminentLayout().prepare(
          items: LayoutItems(count: n, size: Size(width: 300, height: 200)), viewport: Viewport(width: 390, height: 844)
        )
      },
      states: { prepared, samples, rng in
        let bounds = prepared.offsetBounds(at: ScrollState())
        return (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
      },
      baseline: NaiveBaseline.loopingOverCells)
  }
}
