import LayoutCore
import ScrollworkTestSupport
import Testing

@Suite struct ProminentLayoutTests {
  static let viewport = Viewport(width: 375, height: 400)
  static let items = LayoutItems(count: 20, size: Size(width: 1, height: 1))

  /// The seed's steps, as it writes them.
  static func seed(
    distance: Double, maxDistance: Double, standardAlpha: Double, standardScale: Double
  )
    -> (alpha: Double, scale: Double)
  {
    let d = min(distance, maxDistance)
    let ratio = (maxDistance - d) / maxDistance
    return (ratio * (1 - standardAlpha) + standardAlpha, ratio * (1 - standardScale) + standardScale)
  }

  @Test func effectMatchesTheSeedFormula() throws {
    for index in 0..<2_000 {
      let seed = propertySeed(index, base: 0x9_80)
      var rng = SplitMix64(seed: seed)
      let size = Size(width: rng.double(in: 50...300), height: rng.double(in: 50...300))
      let spacing = rng.double(in: 0...40)
      let layout = ProminentLayout(
        itemSize: size, lineSpacing: spacing, minScale: rng.double(in: 0...1), minAlpha: rng.double(in: 0...1))
      let prepared = try layout.prepare(items: Self.items, viewport: Self.viewport)
      let offset = rng.double(in: -300...prepared.strip.maximumOffset + 300)
      let i = rng.int(in: 0...19)
      let a = try #require(prepared.attributes(for: .cell(i), at: ScrollState(x: 0, y: offset)))
      let distance = abs(a.center.y - (offset + Self.viewport.size.height / 2))
      let expected = Self.seed(
        distance: distance, maxDistance: size.height + spacing, standardAlpha: layout.minAlpha,
        standardScale: layout.minScale)
      #expect(abs(a.alpha - expected.alpha) < 1e-9, "seed \(seed)")
      #expect(abs(a.transform.a - expected.scale) < 1e-9 && a.transform.d == a.transform.a, "seed \(seed)")
      #expect(a.transform.tx == 0 && a.transform.ty == 0, "seed \(seed)")
    }
  }

  @Test func itemsCentreHorizontallyAndOffsetsOfWholePitchesCentreThem() throws {
    let prepared = try ProminentLayout().prepare(items: Self.items, viewport: Self.viewport)
    #expect(prepared.strip.pitch == 210)
    #expect(prepared.contentSize(at: ScrollState()) == Size(width: 375, height: 400 + 19 * 210))
    for i in 0..<20 {
      let state = ScrollState(x: 0, y: Double(i) * 210)
      let a = try #require(prepared.attributes(for: .cell(i), at: state))
      #expect(a.center.x == 187.5)
      #expect(isClose(a.center.y, Double(i) * 210 + 200))
      #expect(a.alpha == 1 && a.transform.isIdentity)
      #expect(prepared.centeredItem(at: state) == .cell(i))
    }
  }

  @Test func defaultsAreTheSeedsHalfScaleAndHalfAlphaOnePitchAway() throws {
    let prepared = try ProminentLayout().prepare(items: Self.items, viewport: Self.viewport)
    let state = ScrollState(x: 0, y: 5 * 210)
    for i in [3, 4, 6, 7] {
      let a = try #require(prepared.attributes(for: .cell(i), at: state))
      #expect(isClose(a.alpha, 0.5) && isClose(a.transform.a, 0.5), "item \(i)")
    }
    // Half a pitch away: three quarters.
    let half = ScrollState(x: 0, y: 5 * 210 + 105)
    let a = try #require(prepared.attributes(for: .cell(5), at: half))
    #expect(isClose(a.alpha, 0.75) && isClose(a.transform.a, 0.75))
  }

  @Test func theMostProminentItemDrawsOnTop() throws {
    for index in 0..<500 {
      let seed = propertySeed(index, base: 0x7_09)
      var rng = SplitMix64(seed: seed)
      let prepared = try ProminentLayout(
        itemSize: Size(width: 200, height: rng.double(in: 40...400)), lineSpacing: rng.double(in: -20...40)
      ).prepare(items: Self.items, viewport: Self.viewport)
      let state = ScrollState(x: 0, y: rng.double(in: 0...prepared.strip.maximumOffset))
      let visible = prepared.visibleAttributes(at: state)
      guard let top = visible.max(by: { $0.zIndex < $1.zIndex }) else { continue }
      let mostProminent = visible.max(by: { $0.alpha < $1.alpha })!
      #expect(top.alpha == mostProminent.alpha, "seed \(seed)")
      #expect(top.id == prepared.centeredItem(at: state), "seed \(seed)")
    }
  }

  @Test func snapsVerticallyAndPrefersTheFastRate() throws {
    let layout = ProminentLayout()
    #expect(layout.preferredDecelerationRate == 0.99)
    let prepared = try layout.prepare(items: Self.items, viewport: Self.viewport)
    let target = prepared.targetContentOffset(
      proposed: Point(x: 12, y: 3 * 210 + 90), velocity: Point(x: 0, y: 500), at: ScrollState())
    #expect(target == Point(x: 0, y: 3 * 210))
    let past = prepared.targetContentOffset(
      proposed: Point(x: 0, y: 1e6), velocity: Point(x: 0, y: 9000), at: ScrollState())
    #expect(past == Point(x: 0, y: 19 * 210))
  }

  @Test func badInputThrows() {
    #expect(throws: LayoutError.self) {
      try ProminentLayout(itemSize: Size(width: 100, height: .nan)).prepare(items: Self.items, viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      try ProminentLayout(lineSpacing: .nan).prepare(items: Self.items, viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      try ProminentLayout(itemSize: Size(width: 100, height: 100), lineSpacing: -100)
        .prepare(items: Self.items, viewport: Self.viewport)
    }
    #expect(throws: LayoutError.self) {
      try ProminentLayout().prepare(items: Self.items, viewport: Viewport(width: -1, height: 400))
    }
  }

  /// The shared checker over prominent strips of random sizes.
  @Test func sharedCheckerPassesOnProminentLayouts() throws {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0x9F_C4EC)
      var rng = SplitMix64(seed: seed)
      let prepared = try ProminentLayout().prepare(
        items: LayoutItems(count: rng.int(in: 0...60), size: Size(width: 1, height: 1)),
        viewport: Viewport(width: rng.double(in: 100...800), height: rng.double(in: 100...800)))
      var checker = LayoutChecker(prepared)
      checker.meets = { $0.frame.intersects($1) || $0.transformedFrame.intersects($1) }
      let failures = checker.failures(using: &rng)
      #expect(failures.isEmpty, "seed \(seed): \(failures)")
    }
  }
}
