import LayoutCore
import LayoutHost
import Raster
import ScrollPhysics

extension BenchScenario {

  /// A two-column waterfall of photos at their own aspect ratios (portrait
  /// to panorama, 0.5 to 2 wide per tall), 8 pt apart, on a 390×844
  /// screen. Baseline: CHT's query, a union rect of every 20 items' frames,
  /// scanned from the start for the first that meets the rect and from the
  /// end for the last, then every item between them tested.
  package static var waterfall: BenchScenario {
    .layout(
      "waterfall",
      input: { n in
        var rng = BenchRandom(seed: 13)
        return LayoutItems((0..<n).map { _ in Size(width: 3000, height: 3000 / rng.double(in: 0.5...2)) })
      },
      prepare: { items in
        try WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8)
          .prepare(items: items, viewport: Viewport(width: 390, height: 844))
      },
      states: randomVerticalOffsets,
      baseline: { prepared, states in
        let frames = cachedFrames(prepared)
        let unionSize = 20
        var unions: [Rect] = []
        unions.reserveCapacity(frames.count / unionSize + 1)
        var start = 0
        while start < frames.count {
          let end = min(start + unionSize, frames.count)
          unions.append(frames[start..<end].dropFirst().reduce(frames[start]) { $0.union($1) })
          start = end
        }
        let size = prepared.viewport.size
        return NaiveBaseline { i, result in
          let rect = Rect(origin: states[i].contentOffset, size: size)
          guard let first = unions.firstIndex(where: { $0.intersects(rect) }),
            let last = unions.lastIndex(where: { $0.intersects(rect) })
          else { return }
          for k in (first * unionSize)..<min((last + 1) * unionSize, frames.count) where frames[k].intersects(rect) {
            result.append(LayoutAttributes(id: .cell(k), frame: frames[k]))
          }
        }
      })
  }

  /// Random vertical offsets within the scrollable range.
  package static func randomVerticalOffsets<P: PreparedLayout>(
    _ prepared: P, _ samples: Int, _ rng: inout BenchRandom
  )
    -> [ScrollState] where P.State == ScrollState
  {
    let bounds = prepared.offsetBounds(at: ScrollState())
    return (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
  }

  /// Every cell frame of section 0 in item order: what the anchors cache in
  /// `prepare` (frames only, to keep the baseline's memory down at 10⁷).
  package static func cachedFrames<P: PreparedLayout>(_ prepared: P) -> [Rect] where P.State == ScrollState {
    let n = prepared.numberOfItems(inSection: 0)
    var frames: [Rect] = []
    frames.reserveCapacity(n)
    for k in 0..<n {
      if let attributes = prepared.attributes(for: .cell(k), at: ScrollState()) { frames.append(attributes.frame) }
    }
    return frames
  }
}
