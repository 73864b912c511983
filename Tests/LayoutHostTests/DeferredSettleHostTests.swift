import LayoutCore
import LayoutHost
import Testing

/// The settle a shell animates (`LayoutHost.defersSettle`): scroll frames
/// and preferred sizes leave the slack in place, and a batch update with
/// no edit (UIKit's `performBatchUpdates(nil)`, in UIKit's call order)
/// lays the learnt sizes out afresh, every column flush, with a resting
/// offset that keeps the first item on screen where it was, and answers
/// each element's animation by identity: from where it was to where it is.
@Suite struct DeferredSettleHostTests {
  /// Scrolls a deferring host up from 6000 pt, 45 pt a frame with the
  /// cells measured as they show, until the slack would show.
  static func scrolledToTheSlack() throws -> LayoutHost<PreparedWaterfallLayout> {
    var host = try WaterfallSettleHostTests.host(at: 6000)
    host.defersSettle = true
    _ = WaterfallSettleHostTests.measure(&host)
    var offset = host.bounds.minY
    while offset > 0 {
      offset = max(0, offset - 45)
      let bounds = Rect(x: 0, y: offset, width: 390, height: 844)
      if host.shouldInvalidate(forBoundsChange: bounds) {
        host.invalidate(with: host.invalidationContext(forBoundsChange: bounds))
      } else {
        try host.setBounds(bounds)
      }
      let settles = WaterfallSettleHostTests.measure(&host)
      #expect(settles.isEmpty, "a deferring host does not settle by itself")
      #expect(WaterfallSettleHostTests.worstHole(host) <= 1)
      if host.needsSettle(at: host.bounds) { return host }
    }
    return host
  }

  @Test func anUpdateWithNoEditSettlesKeepingTheFirstItemOnScreen() throws {
    var host = try Self.scrolledToTheSlack()
    #expect(host.needsSettle(at: host.bounds), "the slack is about to show")
    #expect(host.pendingSettle == nil)
    let before = host.elements(in: host.bounds).filter { $0.id.kind == .cell }
    let offsetBefore = host.bounds.origin
    let first = try #require(before.min { $0.id < $1.id })
    let measuredBefore = try #require(host.prepared).learntSizes()
    // UIKit's performBatchUpdates(nil).
    host.invalidateDataCounts()
    try host.prepare(bounds: host.bounds, counts: host.counts)
    try host.prepare(forUpdates: [], counts: host.counts)
    let target = host.targetContentOffset(forProposed: offsetBefore)
    // Every element animates from where it was.
    for a in before {
      let initial = try #require(host.initialAttributes(forAppearing: a.id))
      #expect(initial.frame == a.frame, "\(a.id) starts where it was")
    }
    host.finalizeUpdates()
    try host.setBounds(Rect(origin: target, size: host.bounds.size))
    let prepared = try #require(host.prepared)
    #expect(prepared.topSlack(inSection: 0) <= 1, "flush")
    #expect(!host.needsSettle(at: host.bounds))
    let moved = try #require(host.attributes(for: first.id))
    let screenBefore = first.frame.minY - offsetBefore.y
    let screenAfter = moved.frame.minY - target.y
    #expect(abs(screenBefore - screenAfter) <= 0.5 || target.y == 0, "\(screenBefore) → \(screenAfter)")
    // The measured items stay measured.
    #expect(prepared.learntSizes() == measuredBefore)
    for a in before where measuredBefore.size(of: a.id) != nil && !prepared.isMeasured(a.id) {
      Issue.record("\(a.id) lost its measured size")
    }
  }
}
