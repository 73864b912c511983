import LayoutCore
import LayoutHost
import Testing

/// `LayoutHost.prepareForFrame(bounds:counts:)`, the shell's prepare on
/// every frame: it does what `prepare(bounds:counts:)` does, preparing
/// again exactly when that would.
@Suite struct FramePrepareTests {
  static func host() throws -> LayoutHost<PreparedFlowLayout> {
    var host = LayoutHost(
      FlowLayout(lineSpacing: 2, interItemSpacing: 2), itemSizes: .uniform(Size(width: 96, height: 96)))
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [1_000])
    return host
  }

  @Test func aScrollOnlyMovesTheBounds() throws {
    var host = try Self.host()
    let moved = Rect(x: 0, y: 500, width: 390, height: 844)
    #expect(try host.prepareForFrame(bounds: moved, counts: host.counts) == false)
    #expect(host.bounds == moved && host.contentOffset == moved.origin)
    var expected = try Self.host()
    #expect(try expected.prepare(bounds: moved, counts: [1_000]) == false)
    var a: [LayoutAttributes] = []
    var b: [LayoutAttributes] = []
    host.elements(in: moved, into: &a)
    expected.elements(in: moved, into: &b)
    #expect(!a.isEmpty && a == b)
  }

  @Test func itPreparesAgainWhenPrepareWould() throws {
    var host = try Self.host()
    // A new size.
    #expect(try host.prepareForFrame(bounds: Rect(x: 0, y: 0, width: 320, height: 844), counts: host.counts))
    // New counts.
    #expect(try host.prepareForFrame(bounds: host.bounds, counts: [999]))
    #expect(host.counts == [999])
    // An invalidation of everything.
    host.invalidateEverything()
    #expect(try host.prepareForFrame(bounds: host.bounds, counts: host.counts))
    // Nothing changed.
    #expect(try host.prepareForFrame(bounds: host.bounds, counts: host.counts) == false)
  }

  @Test func badBoundsThrowAndKeepTheBounds() throws {
    var host = try Self.host()
    let before = host.bounds
    #expect(throws: HostError.self) {
      try host.prepareForFrame(bounds: Rect(x: .nan, y: 0, width: 390, height: 844), counts: host.counts)
    }
    #expect(host.bounds == before)
  }
}
