import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

@testable import HostRecording

/// `HostReplay.apply(_:head:element:)`: an `elements` answer over a long
/// rectangle is written band by band, never held whole, with the same
/// elements in the same order, bit for bit, as one query sorted by
/// identity (what `scrollwork replay` printed before; issue #36).
@Suite struct StreamedElementsTests {
  /// An element as the replay prints it, every number by its bits.
  static func bits(_ a: LayoutAttributes) -> String {
    let f = a.frame
    let t = a.transform
    let numbers = [f.minX, f.minY, f.width, f.height, t.a, t.b, t.c, t.d, t.tx, t.ty, a.alpha]
    return "\(a.id.kind.name) \(a.id.section) \(a.id.item) "
      + numbers.map { String($0.bitPattern, radix: 16) }.joined(separator: " ") + " \(a.zIndex)"
  }

  /// What the replay answered before: one query, sorted by identity.
  static func oneQuery(_ host: any LayoutHosting, _ rect: Rect) -> [String] {
    host.elements(in: rect).sorted { $0.id < $1.id }.map(bits)
  }

  static func streamed(_ replay: inout HostReplay, _ rect: Rect) throws -> [String] {
    var heads: [HostAnswer] = []
    var list: [String] = []
    try replay.apply(.elements(rect: rect, bounds: nil), head: { heads.append($0) }, element: { list.append(bits($0)) })
    #expect(heads == [.elements([])])
    return list
  }

  /// Rectangles over the whole content, past both its ends, within it, a
  /// column of it, after it, and one of no width.
  static func rects(content: Size, viewport: Size) -> [Rect] {
    let w = Swift.max(content.width, viewport.width)
    let h = Swift.max(content.height, viewport.height)
    let vw = viewport.width
    let vh = viewport.height
    return [
      Rect(x: 0, y: 0, width: w, height: h),
      Rect(x: -3 * vw, y: -3 * vh, width: w + 9 * vw, height: h + 9 * vh),
      Rect(x: 0, y: h * 0.3, width: w, height: h * 0.5 + 5 * vh),
      Rect(x: w * 0.3, y: 0, width: w * 0.5 + 5 * vw, height: h),
      Rect(x: w * 0.25, y: -vh, width: w * 0.25, height: h + 2 * vh),
      Rect(x: 0, y: h + 10, width: w, height: 6 * vh),
      Rect(x: 0, y: 0, width: 0, height: h + 5 * vh),
    ]
  }

  @Test(arguments: RandomLayouts.all)
  func bandsAnswerAsOneQuery(_ layout: RandomLayout) throws {
    for seed: UInt64 in 1...4 {
      var random = SplitMix64(seed: seed)
      let drawn = layout.random(&random)
      let host: any LayoutHosting
      do {
        host = try drawn.prepared()
      } catch {
        continue
      }
      for rect in Self.rects(content: host.contentSize, viewport: host.bounds.size) {
        let expected = Self.oneQuery(host, rect)
        for chunk in [1, 2, 5, 64, 16_384] {
          var replay = HostReplay(host: drawn.host) { _ in drawn.host }
          replay.elementChunk = chunk
          _ = try replay.apply(.prepare(bounds: drawn.bounds, counts: drawn.counts))
          let got = try Self.streamed(&replay, rect)
          #expect(got == expected, "\(layout.name)#\(seed) \(rect) chunk \(chunk): \(drawn.description.prefix(200))")
          // `apply(_:)` answers the same list.
          guard case .elements(let all) = try replay.apply(.elements(rect: rect, bounds: nil)) else {
            Issue.record("an elements answer")
            continue
          }
          #expect(all.map(Self.bits) == expected)
        }
      }
    }
  }

  @Test func aWholeContentAnswerHoldsAFewBands() throws {
    var replay = HostReplay(host: LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 100, height: 100)))) { _ in
      LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 100, height: 100)))
    }
    replay.elementChunk = 256
    _ = try replay.apply(.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [200_000]))
    let content = replay.host.contentSize
    var count = 0
    var last: ElementID?
    try replay.apply(
      .elements(rect: Rect(x: 0, y: 0, width: content.width, height: content.height), bounds: nil), head: { _ in },
      element: { a in
        if let last { #expect(last < a.id) }
        last = a.id
        count += 1
      })
    #expect(count == 200_000)
    // One query holds all 200,000; the bands hold a few chunks at a time.
    #expect(replay.elementsHeld > 0 && replay.elementsHeld <= 8 * 256, "held \(replay.elementsHeld)")
  }

  @Test func aTransitionAndErrorsAreAnsweredAsBefore() throws {
    var replay = HostReplay(host: LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 100, height: 100)))) { _ in
      LayoutHost(FlowLayout(), itemSizes: .uniform(Size(width: 50, height: 50)))
    }
    var called = false
    #expect(throws: HostReplayError.self) {
      try replay.apply(.elements(rect: nil, bounds: nil), head: { _ in called = true }, element: { _ in called = true })
    }
    #expect(!called, "a refused call writes nothing")
    _ = try replay.apply(.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [300]))
    var ids: [ElementID] = []
    var head: HostAnswer?
    try replay.apply(
      .transition(to: "flow", progress: 0.5, anchor: nil), head: { head = $0 }, element: { ids.append($0.id) })
    guard case .transition(let progress, _, _, let none)? = head else {
      Issue.record("a transition answer")
      return
    }
    #expect(progress == 0.5 && none.isEmpty && !ids.isEmpty && ids == ids.sorted())
  }
}
