import LayoutCore
import Raster
import ScrollPhysics

extension BenchScenario {
  /// The album-art carousel (`spotify` preset): 300 pt squares on a
  /// 390×300 strip, at random offsets.
  package static var carousel: BenchScenario {
    .layout(
      "carousel",
      prepare: { n in
        try CarouselLayout.spotify.prepare(
          items: LayoutItems(count: n, size: Size(width: 300, height: 300)), viewport: Viewport(width: 390, height: 300)
        )
      },
      states: horizontalOffsets,
      baseline: NaiveBaseline.loopingOverCells)
  }
}
