import LayoutCore
import Synchronization
import Testing

@testable import LayoutHost

/// A host never asks an item source that lists a size per item for more
/// items than it can afford (issue #36), and clamps what a context moves.
@Suite struct ItemSourceLimitTests {
  let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

  /// A debug build checks a layout's invariants after every prepare; over
  /// 2⁴⁰ uniform items the pager and the filmstrip walked every photo (a
  /// debug replay hung). They sample now.
  @Test(.timeLimit(.minutes(1))) func debugChecksOverHugeUniformCountsAreSampled() throws {
    let photo = ItemSizeSource.uniform(Size(width: 4032, height: 3024))
    let hosts: [any LayoutHosting] = [
      LayoutHost(AlbumPagerLayout(), itemSizes: photo),
      LayoutHost(CarouselLayout.plain, itemSizes: .viewportHeightSquares),
      LayoutHost(PhotoGridLayout.photosMonths, itemSizes: photo),
      LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 10, height: 10))),
    ]
    for var host in hosts {
      try host.prepare(bounds: bounds, counts: [1 << 38])
      #expect(host.erasedLayout != nil)
      #expect(!host.elements(in: bounds).isEmpty)
    }
    let strip = try FilmstripLayout().prepare(
      items: LayoutItems(count: 1 << 38, size: Size(width: 4032, height: 3024)), viewport: Viewport(size: bounds.size))
    #expect(strip.invariantViolations().isEmpty)
    #expect(invariantSample(5) == [0, 1, 2, 3, 4])
    #expect(invariantSample(-1).isEmpty)
    let sampled = invariantSample(1 << 40)
    #expect(sampled.count <= invariantSampleLimit + 2)
    #expect(sampled.first == 0 && sampled.last == (1 << 40) - 1 && sampled == sampled.sorted())
    #expect(Set(sampled).count == sampled.count)
  }

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
