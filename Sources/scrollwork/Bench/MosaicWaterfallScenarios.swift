import LayoutCore

extension BenchScenario {
  /// Apple's mosaic sample (`appleMosaic`) on a 390×844 screen, scrolled to
  /// random offsets. Baseline: the sample's own query, every frame cached
  /// in item order, a binary search for any frame that meets the rect
  /// (taking bottoms as sorted), then a scan back while bottoms reach the
  /// rect and forward while tops do.
  static var mosaic: BenchScenario {
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

  /// A two-column waterfall of photos at their own aspect ratios (portrait
  /// to panorama, 0.5 to 2 wide per tall), 8 pt apart, on a 390×844
  /// screen. Baseline: CHT's query, a union rect of every 20 items' frames,
  /// scanned from the start for the first that meets the rect and from the
  /// end for the last, then every item between them tested.
  static var waterfall: BenchScenario {
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
  static func randomVerticalOffsets<P: PreparedLayout>(
    _ prepared: P, _ samples: Int, _ rng: inout BenchRandom
  )
    -> [ScrollState] where P.State == ScrollState
  {
    let bounds = prepared.offsetBounds(at: ScrollState())
    return (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
  }

  /// Every cell frame of section 0 in item order: what the anchors cache in
  /// `prepare` (frames only, to keep the baseline's memory down at 10⁷).
  static func cachedFrames<P: PreparedLayout>(_ prepared: P) -> [Rect] where P.State == ScrollState {
    let n = prepared.numberOfItems(inSection: 0)
    var frames: [Rect] = []
    frames.reserveCapacity(n)
    for k in 0..<n {
      if let attributes = prepared.attributes(for: .cell(k), at: ScrollState()) { frames.append(attributes.frame) }
    }
    return frames
  }
}
