import LayoutCore
import Raster
import ScrollPhysics

extension BenchScenario {
  /// Apple's mosaic sample (`appleMosaic`) on a 390×844 screen, scrolled to
  /// random offsets. Baseline: the sample's own query, every frame cached
  /// in item order, a binary search for any frame that meets the rect
  /// (taking bottoms as sorted), then a scan back while bottoms reach the
  /// rect and forward while tops do.
  package static var mosaic: BenchScenario {
    .layout(
      "mosaic",
      prepare: { n in
        try MosaicLayout.appleMosaic.prepare(
          items: LayoutItems(count: n, size: .zero), viewport: Viewport(width: 390, height: 844))
      },
      states: randomVerticalOffsets,
      baseline: { prepared, states in
        let frames = cachedFrames(prepared)
        let size = prepared.viewport.size
        return NaiveBaseline { i, result in
          let rect = Rect(origin: states[i].contentOffset, size: size)
          var low = 0
          var high = frames.count - 1
          var match = -1
          while low <= high {
            let mid = (low + high) / 2
            if frames[mid].intersects(rect) {
              match = mid
              break
            }
            if frames[mid].maxY < rect.minY { low = mid + 1 } else { high = mid - 1 }
          }
          guard match >= 0 else { return }
          var k = match - 1
          while k >= 0, frames[k].maxY >= rect.minY {
            result.append(LayoutAttributes(id: .cell(k), frame: frames[k]))
            k -= 1
          }
          k = match
          while k < frames.count, frames[k].minY <= rect.maxY {
            result.append(LayoutAttributes(id: .cell(k), frame: frames[k]))
            k += 1
          }
        }
      })
  }
}
