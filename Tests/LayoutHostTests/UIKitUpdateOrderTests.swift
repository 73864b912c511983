import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

/// UIKit's order for a batch update (`performBatchUpdates`, a diffable data
/// source's `apply`): the counts are invalidated, the layout is prepared
/// with the new counts and queried, and only then are the update items
/// named (`prepare(forCollectionViewUpdates:)`; MagazineLayout's comments on
/// that method cite the radars). The host must answer exactly as it does
/// when the updates come first.
@Suite struct UIKitUpdateOrderTests {
  /// `host` taken through UIKit's order: invalidate the counts, prepare with
  /// the new counts, query, then the update items.
  static func uikitOrder(
    _ host: inout any LayoutHosting, _ updates: [CollectionUpdate], _ counts: [Int]
  ) throws(HostError) {
    host.invalidate(with: .everything(.dataChange, dataCounts: true))
    try host.prepare(bounds: host.bounds, counts: counts)
    _ = host.contentSize
    _ = host.elements(in: host.bounds)
    try host.prepare(forUpdates: updates, counts: counts)
  }

  /// The held-out replay of the issue: a thousand items scrolled to 3000,
  /// ten deleted at the top and one inserted; the update is taken, the
  /// first item on screen keeps its place and deleted items fade where
  /// they were.
  @Test func theHeldOutBatchUpdateIsTakenAndKeepsTheAnchor() throws {
    var host: any LayoutHosting = LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 120, height: 120)))
    let bounds = Rect(x: 0, y: 3000, width: 390, height: 844)
    try host.prepare(bounds: bounds, counts: [1000])
    let before = host
    let updates =
      (0..<10).map { CollectionUpdate.deleteItem(ItemPath(section: 0, item: $0)) } + [
        .insertItem(ItemPath(section: 0, item: 0))
      ]
    try Self.uikitOrder(&host, updates, [991])
    #expect(host.counts == [991])
    let anchor = try #require(host.pendingAnchor)
    let anchorAfter = try #require(host.attributes(for: anchor))
    let change = try SnapshotChange(oldCounts: [1000], newCounts: [991], updates: updates)
    let anchorOld = try #require(change.oldID(forNew: anchor))
    let anchorBefore = try #require(before.attributes(for: anchorOld))
    let target = host.targetContentOffset(forProposed: host.bounds.origin)
    #expect(anchorAfter.frame.minY - target.y == anchorBefore.frame.minY - bounds.minY)
    // The new item fades in at its place; a deleted one leaves from its own.
    let inserted = try #require(host.initialAttributes(forAppearing: .cell(0)))
    #expect(inserted.alpha == 0)
    let deleted = try #require(host.finalAttributes(forDisappearing: .cell(9)))
    #expect(deleted.alpha == 0)
    #expect(deleted.frame == before.attributes(for: .cell(9))?.frame)
    host.finalizeUpdates()
  }

  /// For every host case and random updates: UIKit's order and the
  /// updates-first order give the same anchor, resting offset, appearing
  /// and disappearing attributes, and the same elements afterwards.
  @Test(arguments: hostCases) func bothOrdersAnswerAlike(_ c: HostCase) throws {
    var rng = SplitMix64(seed: 33)
    var host = try c.prepared()
    for step in 0..<12 {
      let size = host.contentSize
      let range = c.horizontal ? size.width - c.bounds.width : size.height - c.bounds.height
      let along = rng.double(in: 0...Swift.max(0, range))
      try host.setBounds(
        Rect(origin: c.horizontal ? Point(x: along, y: 0) : Point(x: 0, y: along), size: c.bounds.size))
      var nextID = 1_000_000
      let old = host.counts.enumerated().map { s, n in (0..<n).map { s * 10_000 + $0 } }
      let (updates, new, _) = BatchUpdateTests.randomUpdate(old, &rng, nextID: &nextID)
      let counts = new.map(\.count)
      var first = host
      var uikit = host
      let firstRefused: Bool
      do throws(HostError) {
        try first.prepare(forUpdates: updates, counts: counts)
        firstRefused = false
      } catch { firstRefused = true }
      let uikitRefused: Bool
      do throws(HostError) {
        try Self.uikitOrder(&uikit, updates, counts)
        uikitRefused = false
      } catch { uikitRefused = true }
      #expect(firstRefused == uikitRefused, "\(c) step \(step): one order refused the update")
      if firstRefused || uikitRefused { continue }
      #expect(first.pendingAnchor == uikit.pendingAnchor, "\(c) step \(step)")
      #expect(first.targetContentOffset(forProposed: .zero) == uikit.targetContentOffset(forProposed: .zero))
      for a in host.elements(in: host.bounds) {
        #expect(
          first.finalAttributes(forDisappearing: a.id) == uikit.finalAttributes(forDisappearing: a.id),
          "\(c) step \(step): \(a.id) leaves differently")
      }
      for a in first.elements(in: first.bounds) {
        #expect(
          first.initialAttributes(forAppearing: a.id) == uikit.initialAttributes(forAppearing: a.id),
          "\(c) step \(step): \(a.id) appears differently")
      }
      first.finalizeUpdates()
      uikit.finalizeUpdates()
      #expect(first.elements(in: first.bounds) == uikit.elements(in: uikit.bounds))
      host = uikit
      try host.setBounds(Rect(origin: host.targetContentOffset(forProposed: .zero), size: host.bounds.size))
    }
  }

  /// A reload (counts invalidated, prepared, no update items) keeps no
  /// stale geometry: a later batch update starts from the reloaded layout.
  @Test func aReloadThenABatchUpdateStartsFromTheReload() throws {
    var host: any LayoutHosting = LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 120, height: 120)))
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [50])
    host.invalidate(with: .everything(.dataChange, dataCounts: true))
    try host.prepare(bounds: host.bounds, counts: [80])
    try Self.uikitOrder(&host, [.deleteItem(ItemPath(section: 0, item: 79))], [79])
    #expect(host.counts == [79])
    #expect(host.finalAttributes(forDisappearing: .cell(79))?.alpha == 0)
  }
}
