import LayoutCore
import Raster
import ScrollPhysics

extension BenchScenario {
  /// The prominent-cell list: 300×200 cards on a 390×844 screen.
  package static var prominent: BenchScenario {
    .layout(
      "prominent",
      prepare: { n in
        try ProminentLayout().prepare(
          items: LayoutItems(count: n, size: Size(width: 300, height: 200)), viewport: Viewport(width: 390, height: 844)
        )
      },
      states: verticalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }
}
