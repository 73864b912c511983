import LayoutCore
import Raster
import ScrollPhysics

extension BenchScenario {
  /// The looping carousel (`spotify` preset): 300 pt squares on a 390×300
  /// strip, at random offsets across its whole range.
  package static var looping: BenchScenario {
    .layout(
      "looping",
      prepare: { n in
        try LoopingCarouselLayout.spotify.prepare(
          items: LayoutItems(count: n, size: Size(width: 300, height: 300)), viewport: Viewport(width: 390, height: 300)
        )
      },
      states: horizontalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }
}
