import LayoutCore
import Synchronization
import Testing

@testable import LayoutHost

/// A host never asks an item source that lists a size per item for more
/// items than it can afford (issue #36), and clamps what a context moves.
@Suite struct ItemSourceLimitTests {
  let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

  @Test func aPerItemSourceIsNotAskedForMoreThanItsLimit() throws {
    let asked = Mutex(0)
    let source = ItemSizeSource { _, count, _ in
      asked.withLock { $0 += 1 }
      return .uniform(Size(width: 10, height: 10), count: count)
    }
    #expect(source.maximumItemCount == LayoutLimits.maximumStoredItemCount)
    var host = LayoutHost(FlowLayout(), itemSizes: source)
    let over = LayoutLimits.maximumStoredItemCount + 1
    #expect(throws: HostError.layout(.tooManyItems(count: over, limit: over - 1, layout: "flow layout"))) {
      try host.prepare(bounds: bounds, counts: [over - 1, 1])
    }
    #expect(asked.withLock { $0 } == 0, "refused before the source was asked")
    #expect(host.prepared == nil)
    var cycling = LayoutHost(FlowLayout(), itemSizes: .cycling([Size(width: 1, height: 1), Size(width: 2, height: 2)]))
    #expect(throws: HostError.self) { try cycling.prepare(bounds: bounds, counts: [1 << 40]) }
    var uniform = LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 10, height: 10)))
    #expect(try uniform.prepare(bounds: bounds, counts: [1 << 40]), "a uniform source stores nothing per item")
  }

  @Test func anUpdateToHugeCountsIsRefusedToo() throws {
    var host = LayoutHost(FlowLayout(), itemSizes: .cycling([Size(width: 1, height: 1), Size(width: 2, height: 2)]))
    try host.prepare(bounds: bounds, counts: [3])
    #expect(throws: HostError.self) {
      try host.prepare(forUpdates: [.insertSection(1)], counts: [3, LayoutLimits.maximumStoredItemCount])
    }
    #expect(host.counts == [3])
  }

  @Test func anOffsetAdjustmentIsClampedToTheExtentLimit() throws {
    var host = LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 10, height: 10)))
    try host.prepare(bounds: bounds, counts: [30])
    var context = InvalidationContext(reason: .preferredSize)
    context.contentOffsetAdjustment = Point(x: 0, y: LayoutLimits.maximumExtent)
    host.invalidate(with: context)
    host.invalidate(with: context)
    #expect(host.bounds.origin.y == LayoutLimits.maximumExtent)
    context.contentOffsetAdjustment = Point(x: -3 * LayoutLimits.maximumExtent, y: 0)
    host.invalidate(with: context)
    #expect(host.bounds.origin.x == -LayoutLimits.maximumExtent)
  }
}
