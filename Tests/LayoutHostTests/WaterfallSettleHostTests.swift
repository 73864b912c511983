import LayoutCore
import LayoutHost
import Testing

/// The waterfall's settle where an app runs it: a host scrolled up through
/// estimates (scroll frames and preferred sizes as UIKit sends them) never
/// shows a hole, settles the slack at the top once, keeps the anchor on
/// screen through it, and ends with every column flush at the top.
@Suite struct WaterfallSettleHostTests {
  static let viewport = Size(width: 390, height: 844)
  static let spacing = 8.0
  /// Real sizes the cells report (portrait to panorama), by item.
  static let sizes = [
    Size(width: 3, height: 4), Size(width: 4, height: 3), Size(width: 1, height: 2), Size(width: 16, height: 9),
    Size(width: 2, height: 3),
  ]

  static func host(at offset: Double) throws -> LayoutHost<PreparedWaterfallLayout> {
    var host = LayoutHost(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: spacing),
      itemSizes: .uniform(Size(width: 3, height: 4)), estimated: true)
    try host.prepare(bounds: Rect(origin: .zero, size: viewport), counts: [2000])
    try host.setBounds(Rect(x: 0, y: offset, width: viewport.width, height: viewport.height))
    return host
  }

  /// Gives every cell on screen that still has its estimate its real size,
  /// as UIKit's self-sizing pass does; returns the settles it caused.
  static func measure(_ host: inout LayoutHost<PreparedWaterfallLayout>) -> [HostSettle] {
    var settles: [HostSettle] = []
    // A cell whose real size is its estimate changes nothing (UIKit does
    // not invalidate for it): it is left, as UIKit leaves it.
    var same: Set<ElementID> = []
    for _ in 0..<200 {
      var pending: [ElementID] = []
      host.prepared?.forEachUnmeasured(in: host.bounds) { if !same.contains($0) { pending.append($0) } }
      guard let id = pending.first else { break }
      let size = sizes[id.item % sizes.count]
      let preferred = Size(width: 300, height: 300 * size.height / size.width)
      guard host.shouldInvalidate(forPreferredSize: preferred, of: id) else {
        same.insert(id)
        continue
      }
      let context = host.invalidationContext(forPreferredSize: preferred, of: id)
      host.invalidate(with: context)
      if let settle = host.takePendingSettle() { settles.append(settle) }
    }
    return settles
  }

  /// The largest gap on screen between consecutive items of a column,
  /// beyond the item spacing.
  static func worstHole(_ host: LayoutHost<PreparedWaterfallLayout>) -> Double {
    let cells = host.elements(in: host.bounds).filter { $0.id.kind == .cell }
    var byColumn: [Double: [Rect]] = [:]
    for c in cells { byColumn[c.frame.minX.rounded(), default: []].append(c.frame) }
    var worst = 0.0
    for frames in byColumn.values {
      let sorted = frames.sorted { $0.minY < $1.minY }
      for (a, b) in zip(sorted, sorted.dropFirst()) { worst = max(worst, b.minY - a.maxY - spacing) }
    }
    return worst
  }

  /// The first element of `before` with its real size (the anchor the
  /// settle keeps), else the first.
  static func anchor(of settle: HostSettle, in prepared: PreparedWaterfallLayout) -> ElementID? {
    settle.before.first { prepared.isMeasured($0.id) }?.id ?? settle.before.first?.id
  }

  @Test func scrollingUpToTheTopSettlesOnceWithoutHolesKeepingTheAnchor() throws {
    var host = try Self.host(at: 6000)
    var settles = Self.measure(&host)
    let first = Self.worstHole(host)
    #expect(first <= 1)
    var offset = host.bounds.minY
    var frames = 0
    while offset > 0 || frames < 140 {
      frames += 1
      offset = max(0, offset - 45)
      let next = Rect(x: 0, y: offset, width: Self.viewport.width, height: Self.viewport.height)
      if host.shouldInvalidate(forBoundsChange: next) {
        let context = host.invalidationContext(forBoundsChange: next)
        host.invalidate(with: context)
      } else {
        try host.setBounds(next)
      }
      if let settle = host.takePendingSettle() { settles.append(settle) }
      settles += Self.measure(&host)
      offset = host.bounds.minY
      let hole = Self.worstHole(host)
      #expect(hole <= 1, "frame \(frames) at \(offset): a hole on screen")
      if frames > 400 { break }
    }
    #expect(settles.count == 1, "settles: \(settles.count)")
    let prepared = try #require(host.prepared)
    #expect(prepared.topSlack(inSection: 0) <= 1)
    // Every column starts at the section's top.
    var starts: [Double: Double] = [:]
    for a in host.elements(in: Rect(x: 0, y: 0, width: 390, height: 400)) where a.id.kind == .cell {
      starts[a.frame.minX.rounded()] = min(starts[a.frame.minX.rounded()] ?? .infinity, a.frame.minY)
    }
    #expect(starts.count == 2)
    for (_, top) in starts { #expect(abs(top - 0) <= 1, "column starts at \(top)") }
    // The settle kept the anchor's screen position.
    let settle = try #require(settles.first)
    let anchor = try #require(Self.anchor(of: settle, in: prepared))
    let was = try #require(settle.before.first { $0.id == anchor })
    let now = try #require(settle.after.first { $0.id == anchor })
    #expect(abs((was.frame.minY - settle.fromOffset.y) - (now.frame.minY - settle.toOffset.y)) <= 0.5)
    #expect(settle.before.contains { b in settle.after.contains { $0.id == b.id && $0.frame != b.frame } })
  }

  @Test func aScrollFrameWithoutSlackSettlesNothing() throws {
    var host = try Self.host(at: 3000)
    _ = Self.measure(&host)
    let next = Rect(x: 0, y: 3040, width: Self.viewport.width, height: Self.viewport.height)
    let needs = host.needsSettle(at: next)
    #expect(!needs)
    let invalidates = host.shouldInvalidate(forBoundsChange: next)
    #expect(!invalidates)
    let none = host.settleIfNeeded() == nil
    #expect(none)
    let nonePending = host.pendingSettle == nil
    #expect(nonePending)
    // Other layouts never settle.
    var flow = LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 50, height: 50)))
    try flow.prepare(bounds: Rect(origin: .zero, size: Self.viewport), counts: [100])
    #expect(!flow.needsSettle(at: flow.bounds))
    let flowSettles = flow.settleIfNeeded() != nil
    #expect(!flowSettles)
    // Bad rectangles are no settle.
    let bad = host.needsSettle(at: Rect(x: .nan, y: 0, width: 10, height: 10))
    #expect(!bad)
  }
}
