import LayoutCore
@testable import LayoutHost
import Testing

/// Batch updates keep the sizes a self-sizing host learnt from preferred
/// sizes: deleted items drop theirs, inserted and reloaded items start
/// from their estimates, moved and kept ones carry theirs, in both the
/// order UIKit calls (counts invalidated, prepare, then the update items)
/// and the order a shell that names the updates first calls.
@Suite struct LearntSizeUpdateTests {
  static let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

  /// A host of `layout` prepared from `estimate` for sections of `counts`.
  static func host<L: EstimatingLayout>(_ layout: L, estimate: Size, counts: [Int]) throws -> LayoutHost<L.Prepared>
  where L.Prepared.State == ScrollState {
    var host = LayoutHost(layout, itemSizes: .uniform(estimate), estimated: true)
    try host.prepare(bounds: bounds, counts: counts)
    return host
  }

  /// Sends preferred sizes for the first `count` items of section 0 and
  /// returns the size each then has in the layout.
  static func learn<P: PreparedLayout>(
    _ host: inout LayoutHost<P>, count: Int, size: (Int) -> Size
  ) -> [ElementID: Size] {
    var learnt: [ElementID: Size] = [:]
    for i in 0..<count {
      let id = ElementID.cell(i, section: 0)
      #expect(host.shouldInvalidate(forPreferredSize: size(i), of: id), "item \(i) takes its size")
      host.invalidate(with: host.invalidationContext(forPreferredSize: size(i), of: id))
    }
    for i in 0..<count {
      let id = ElementID.cell(i, section: 0)
      learnt[id] = host.attributes(for: id)?.size
    }
    return learnt
  }

  static let updates: [CollectionUpdate] = [
    .deleteItem(ItemPath(section: 0, item: 2)),
    .reloadItem(ItemPath(section: 0, item: 4)),
    .moveItem(from: ItemPath(section: 0, item: 7), to: ItemPath(section: 0, item: 20)),
    .insertItem(ItemPath(section: 0, item: 0)),
    .insertItem(ItemPath(section: 0, item: 5)),
  ]

  /// Runs `updates` in UIKit's order (or the shell-first order) and checks
  /// every item after it against the mapping: a learnt size where its item
  /// had one (measured), else the estimate (unmeasured).
  static func check<P: SelfSizingLayout>(
    _ host: LayoutHost<P>, learnt: [ElementID: Size], estimate: Size, uikitOrder: Bool,
    updates: [CollectionUpdate] = updates
  ) throws {
    var host = host
    let oldCounts = host.counts
    let change = try SnapshotChange(oldCounts: oldCounts, newCounts: [oldCounts[0] + 1], updates: updates)
    let newCounts = change.itemCountsAfter
    let estimated = try #require(host.attributes(for: .cell(30, section: 0))?.size)
    if uikitOrder {
      host.invalidateDataCounts()
      try host.prepare(bounds: host.bounds, counts: newCounts)
    }
    try host.prepare(forUpdates: updates, counts: newCounts)
    host.finalizeUpdates()
    let prepared = try #require(host.prepared)
    var carried = 0
    for i in 0..<newCounts[0] {
      let id = ElementID.cell(i, section: 0)
      let size = try #require(host.attributes(for: id)?.size)
      if let old = change.oldID(forNew: id), let expected = learnt[old] {
        carried += 1
        #expect(prepared.isMeasured(id), "\(id) (was \(old)) stays measured")
        #expect(abs(size.width - expected.width) < 1e-9 && abs(size.height - expected.height) < 1e-9, "\(id) \(size)")
      } else {
        #expect(!prepared.isMeasured(id), "\(id) has its estimate")
        #expect(abs(size.height - estimated.height) < 1e-9, "\(id) \(size) is estimated as \(estimated)")
      }
    }
    // 12 learnt: item 2 deleted, item 4 reloaded, the others carried.
    #expect(carried == learnt.count - 2)
  }

  @Test(arguments: [true, false])
  func waterfallKeepsLearntSizes(_ uikitOrder: Bool) throws {
    let estimate = Size(width: 3, height: 4)
    var host = try Self.host(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8), estimate: estimate, counts: [60])
    let learnt = Self.learn(&host, count: 12) { i in Size(width: 4, height: 2 + Double(i % 5)) }
    try Self.check(host, learnt: learnt, estimate: estimate, uikitOrder: uikitOrder)
  }

  @Test(arguments: [true, false])
  func flowKeepsLearntSizes(_ uikitOrder: Bool) throws {
    let estimate = Size(width: 100, height: 40)
    var host = try Self.host(FlowLayout(), estimate: estimate, counts: [60])
    let learnt = Self.learn(&host, count: 12) { i in Size(width: 100, height: 50 + Double(i)) }
    try Self.check(host, learnt: learnt, estimate: estimate, uikitOrder: uikitOrder)
  }

  @Test(arguments: [true, false])
  func stickyKeepsLearntSizes(_ uikitOrder: Bool) throws {
    let estimate = Size(width: 390, height: 44)
    var host = try Self.host(
      StickyHeaderLayout(sectionHeaderHeight: 30, cellSize: .items), estimate: estimate, counts: [60])
    let learnt = Self.learn(&host, count: 12) { i in Size(width: 390, height: 60 + Double(i)) }
    try Self.check(host, learnt: learnt, estimate: estimate, uikitOrder: uikitOrder)
  }

  @Test(arguments: [true, false])
  func tagCloudKeepsLearntSizes(_ uikitOrder: Bool) throws {
    let estimate = Size(width: 80, height: 30)
    var host = try Self.host(TagCloudLayout(), estimate: estimate, counts: [60])
    let learnt = Self.learn(&host, count: 12) { i in Size(width: 60 + Double(i), height: 36) }
    try Self.check(host, learnt: learnt, estimate: estimate, uikitOrder: uikitOrder)
  }

  @Test(arguments: [true, false])
  func tagTableKeepsLearntSizes(_ uikitOrder: Bool) throws {
    let estimate = Size(width: 80, height: 30)
    var host = try Self.host(TagTableLayout(), estimate: estimate, counts: [60])
    let learnt = Self.learn(&host, count: 12) { i in Size(width: 60 + Double(i), height: 36) }
    try Self.check(host, learnt: learnt, estimate: estimate, uikitOrder: uikitOrder)
  }

  /// Items appended at the end (a feed's "load more") keep every learnt
  /// size at the prepare UIKit makes before it names the edits: what UIKit
  /// queries then is already the layout after the update.
  @Test func appendingKeepsLearntSizesFromTheFirstPrepare() throws {
    let estimate = Size(width: 3, height: 4)
    var host = try Self.host(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8), estimate: estimate, counts: [60])
    let learnt = Self.learn(&host, count: 12) { i in Size(width: 4, height: 2 + Double(i % 5)) }
    host.invalidateDataCounts()
    try host.prepare(bounds: host.bounds, counts: [80])
    let first = host.elements(in: host.bounds)
    for (id, size) in learnt {
      let a = try #require(host.attributes(for: id))
      #expect(abs(a.size.height - size.height) < 1e-9)
    }
    try host.prepare(
      forUpdates: (60..<80).map { .insertItem(ItemPath(section: 0, item: $0)) }, counts: [80])
    #expect(host.elements(in: host.bounds) == first, "the update changed nothing UIKit had already asked for")
    host.finalizeUpdates()
    let prepared = try #require(host.prepared)
    #expect((0..<80).filter { prepared.isMeasured(.cell($0, section: 0)) }.count == 12)
  }

  /// A batch update on a host that learnt nothing lays out the item
  /// source's sizes, as before.
  @Test func withoutLearntSizesTheSourceIsRead() throws {
    let estimate = Size(width: 3, height: 4)
    var host = try Self.host(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8), estimate: estimate, counts: [60])
    #expect(!host.hasLearntSizes)
    host.invalidateDataCounts()
    try host.prepare(bounds: host.bounds, counts: [61])
    try host.prepare(forUpdates: [.insertItem(ItemPath(section: 0, item: 0))], counts: [61])
    host.finalizeUpdates()
    #expect(!host.hasLearntSizes)
    let prepared = try #require(host.prepared)
    #expect(!(0..<61).contains { prepared.isMeasured(.cell($0, section: 0)) })
  }

  /// The mapping of learnt sizes through a change, against the change's
  /// own per-item answer, for seeded random edits.
  @Test(arguments: 0..<20)
  func mappingMatchesTheChangeItemByItem(_ seed: Int) throws {
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(1, n)))
    }
    let oldCounts = [30 + next(10), 20 + next(10)]
    var learnt: [[Size?]?] = oldCounts.map { n in
      (0..<n).map { i in i % 3 == 0 ? nil : Size(width: Double(i), height: 1) }
    }
    learnt[1] = next(2) == 0 ? nil : learnt[1]
    // Distinct edits: deletes and reloads of old items, inserts of new ones.
    var used = Set<Int>()
    var updates: [CollectionUpdate] = []
    var newCount0 = oldCounts[0]
    for _ in 0..<next(6) {
      let item = next(oldCounts[0])
      guard used.insert(item).inserted else { continue }
      if next(2) == 0 {
        updates.append(.deleteItem(ItemPath(section: 0, item: item)))
        newCount0 -= 1
      } else {
        updates.append(.reloadItem(ItemPath(section: 0, item: item)))
      }
    }
    let from = next(oldCounts[1])
    updates.append(.moveItem(from: ItemPath(section: 1, item: from), to: ItemPath(section: 0, item: 0)))
    newCount0 += 1
    let inserts = next(4)
    var insertedAt = Set<Int>([0])
    for _ in 0..<inserts {
      let at = next(newCount0 + 1)
      guard insertedAt.insert(at).inserted, at < newCount0 + 1 else { continue }
      newCount0 += 1
      updates.append(.insertItem(ItemPath(section: 0, item: at)))
    }
    let newCounts = [newCount0, oldCounts[1] - 1]
    guard let change = try? SnapshotChange(oldCounts: oldCounts, newCounts: newCounts, updates: updates) else {
      return  // an insert past the end after the others: not a valid batch
    }
    let sizes = LearntSizes(
      sections: learnt.map { section in
        var sparse = LearntSizes.Section()
        for (i, size) in (section ?? []).enumerated() { if let size { sparse.append(i, size) } }
        return sparse
      })
    let estimates = LayoutItems(sections: newCounts.map { .uniform(Size(width: 7, height: 7), count: $0) })
    let (items, mapped) = sizes.mapped(through: change, into: estimates)
    for s in newCounts.indices {
      for i in 0..<newCounts[s] {
        let id = ElementID.cell(i, section: s)
        let expected = change.oldID(forNew: id).flatMap { sizes.size(of: $0) }
        #expect(mapped.size(of: id) == expected, "\(id)")
        #expect(items.sections[s][i] == (expected ?? Size(width: 7, height: 7)))
      }
    }
  }
}
