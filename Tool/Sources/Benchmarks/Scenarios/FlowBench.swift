import LayoutCore
import Raster
import ScrollPhysics

extension BenchScenario {
  /// A Photos-style grid: 4 columns of square thumbnails, 2 pt apart, on a
  /// 390×844 screen, scrolled to random offsets.
  package static var flowGrid: BenchScenario {
    .layout(
      "flow-grid",
      prepare: { n in
        try FlowLayout(lineSpacing: 2, interItemSpacing: 2)
          .prepare(
            items: LayoutItems(count: n, size: Size(width: 96, height: 96)), viewport: Viewport(width: 390, height: 844)
          )
      },
      states: verticalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }

  /// A flow of photos at their own aspect ratios (120 pt tall, 60–240 pt
  /// wide): per-item sizes, so frames are stored and found by binary search.
  package static var flowVaried: BenchScenario {
    .layout(
      "flow-varied",
      input: { n in
        var rng = BenchRandom(seed: 7)
        return LayoutItems((0..<n).map { _ in Size(width: rng.double(in: 60...240), height: 120) })
      },
      prepare: { items in
        try FlowLayout(lineSpacing: 2, interItemSpacing: 2).prepare(
          items: items, viewport: Viewport(width: 390, height: 844))
      },
      states: verticalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }
}
