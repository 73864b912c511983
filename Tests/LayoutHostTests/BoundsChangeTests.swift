import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import Testing

/// Scrolling and resizing through the host: what a context names, against
/// brute force over every element.
@Suite struct BoundsChangeTests {
  /// Every element's attributes at `offset`, by identity.
  static func all(_ host: any LayoutHosting, at offset: Point) throws -> [ElementID: LayoutAttributes] {
    var moved = host
    try moved.setBounds(Rect(origin: offset, size: host.bounds.size))
    var result: [LayoutAttributes] = []
    moved.elements(in: Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), into: &result)
    return Dictionary(result.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func randomOffset(_ host: any LayoutHosting, _ c: HostCase, _ rng: inout SplitMix64) -> Point {
    let size = host.contentSize
    if c.horizontal { return Point(x: rng.double(in: -100...Swift.max(0, size.width)), y: 0) }
    return Point(x: 0, y: rng.double(in: -100...Swift.max(0, size.height)))
  }

  @Test(arguments: hostCases)
  func scrollDependenceIsTrue(_ c: HostCase) throws {
    // Elements whose kind the declaration leaves out never change with the offset.
    let host = try c.prepared()
    var rng = SplitMix64(seed: 11)
    for _ in 0..<12 {
      let a = Self.randomOffset(host, c, &rng)
      let b = Self.randomOffset(host, c, &rng)
      let before = try Self.all(host, at: a)
      let after = try Self.all(host, at: b)
      for (id, attributes) in before where !host.scrollDependence.includes(id.kind) {
        #expect(
          after[id] == attributes, "\(c): \(id) changed from \(a) to \(b) but \(host.scrollDependence) excludes it")
      }
    }
  }

  @Test(arguments: hostCases)
  func scrollContextNamesEveryChangedElementInViewAndNeverEverything(_ c: HostCase) throws {
    var host = try c.prepared()
    var rng = SplitMix64(seed: 5)
    for step in 0..<120 {
      let old = host.bounds
      // Half small scrolls (the rectangles meet), half jumps.
      let delta = rng.double(in: -400...400)
      let offset =
        rng.chance(0.5)
        ? old.origin + (c.horizontal ? Point(x: delta, y: 0) : Point(x: 0, y: delta)) : Self.randomOffset(host, c, &rng)
      let new = Rect(origin: offset, size: old.size)
      // What was on screen before, and what is on screen after (as the host will show it).
      var before: [LayoutAttributes] = []
      host.elements(in: old, into: &before)
      let oldHost = host
      let should = host.shouldInvalidate(forBoundsChange: new)
      let context = host.invalidationContext(forBoundsChange: new)
      #expect(!context.invalidatesEverything, "\(c) step \(step): a scroll invalidated everything")
      host.invalidate(with: context)
      #expect(host.bounds == new)
      let onScreenAfter = host.elements(in: new).map(\.id)
      // Read in place: the answer kept for the new bounds, and any other
      // rectangle's, as `elements(in:into:)` gives them.
      let elsewhere = new.offsetBy(dx: c.horizontal ? 37 : 0, dy: c.horizontal ? 0 : 37)
      for rect in [new, elsewhere] {
        let lent = host.withElements(in: rect) { Array($0) }
        #expect(lent == host.elements(in: rect), "\(c) step \(step): withElements(in: \(rect))")
      }
      #expect(host.withElements(in: Rect(x: .nan, y: 0, width: 10, height: 10)) { $0.count } == 0)
      for id in Set(before.map(\.id) + onScreenAfter) {
        guard let a = oldHost.attributes(for: id), let b = host.attributes(for: id), b != a else { continue }
        #expect(should, "\(c) step \(step): \(id) changed but shouldInvalidate said no")
        #expect(context.invalidates(id), "\(c) step \(step): \(id) changed but the context misses it")
      }
      #expect(context.elements == context.elements.sorted() && Set(context.elements).count == context.elements.count)
    }
  }

  @Test(arguments: hostCases)
  func afterAnySequenceElementsEqualAFreshPrepare(_ c: HostCase) throws {
    var host = try c.prepared()
    var rng = SplitMix64(seed: 99)
    for _ in 0..<25 {
      let resize = rng.chance(0.25)
      let sizeBefore = host.bounds.size
      let size = resize ? Size(width: rng.double(in: 280...500), height: rng.double(in: 200...900)) : host.bounds.size
      let new = Rect(origin: Self.randomOffset(host, c, &rng), size: size)
      if host.shouldInvalidate(forBoundsChange: new) {
        let context = host.invalidationContext(forBoundsChange: new)
        #expect(context.invalidatesEverything == (size != host.bounds.size))
        host.invalidate(with: context)
      } else {
        try host.setBounds(new)
      }
      let prepared = try host.prepareIfNeeded()
      #expect(prepared == (size != sizeBefore), "\(c): a scroll prepared again, or a resize did not")
      var fresh = c.host
      try fresh.prepare(bounds: host.bounds, counts: c.counts)
      var mine: [LayoutAttributes] = []
      var theirs: [LayoutAttributes] = []
      host.elements(in: host.bounds, into: &mine)
      fresh.elements(in: host.bounds, into: &theirs)
      #expect(mine.sorted { $0.id < $1.id } == theirs.sorted { $0.id < $1.id }, "\(c) at \(host.bounds)")
      #expect(host.contentSize == fresh.contentSize)
    }
  }

  @Test func flowWithoutPinnedHeadersNeverInvalidatesOnScroll() throws {
    let host = try hostCases[0].prepared()
    #expect(!host.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 390, height: 844)))
    #expect(host.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 391, height: 844)))
    #expect(!host.shouldInvalidate(forBoundsChange: Rect(x: .nan, y: 0, width: 390, height: 844)))
  }

  @Test func stickyNamesOnlySupplementariesWithoutCellParallax() throws {
    var layout = StickyHeaderLayout.jungleCup
    layout.isCellParallaxEnabled = false
    var host = LayoutHost(layout, itemSizes: .uniform(Size(width: 390, height: 44)))
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [30, 30])
    #expect(host.scrollDependence == .supplementaries)
    let context = host.invalidationContext(forBoundsChange: Rect(x: 0, y: 700, width: 390, height: 844))
    #expect(!context.elements.isEmpty)
    #expect(context.items.isEmpty)
  }

  @Test func badBoundsAndCountsAreRefusedAndChangeNothing() throws {
    var host = try hostCases[0].prepared()
    let before = host.bounds
    #expect(throws: HostError.self) { try host.setBounds(Rect(x: .infinity, y: 0, width: 390, height: 844)) }
    #expect(throws: HostError.self) { try host.prepare(bounds: before, counts: [-1]) }
    #expect(throws: HostError.self) { try host.prepare(bounds: before, counts: [Int.max, Int.max]) }
    // A sum that would overflow (found by FuzzLayouts): refused, not a trap.
    #expect(throws: HostError.self) { try host.prepare(bounds: before, counts: [1, Int.max]) }
    #expect(throws: HostError.self) { try host.prepare(bounds: before, counts: [7, Int.max - 1, 3]) }
    #expect(host.bounds == before)
    #expect(host.attributes(for: .cell(5, section: 0)) != nil)
    #expect(host.attributes(for: .cell(Int.max, section: 0)) == nil)
    #expect(host.attributes(for: .cell(0, section: -1)) == nil)
    #expect(host.elements(in: Rect(x: .nan, y: 0, width: 1, height: 1)).isEmpty)
  }

  @Test func aZeroSizedViewportPreparesNothingUntilItHasASize() throws {
    var host = hostCases[0].host
    #expect(throws: HostError.self) { try host.prepare(bounds: .zero, counts: [10]) }
    #expect(host.contentSize == .zero)
    try host.prepare(bounds: Rect(x: 0, y: 0, width: 390, height: 844), counts: [10])
    #expect(host.contentSize.height > 0)
  }
}
