import GestureScripting
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

@Suite struct CarouselSnapTests {
  /// A random centred layout (a carousel preset, or the prominent cell)
  /// with its designed deceleration rate.
  static func randomLayout(_ rng: inout SplitMix64) throws -> (PreparedCenteredLayout, DecelerationRate, String) {
    let count = rng.int(in: 1...40)
    let items = LayoutItems(count: count, size: Size(width: 1, height: 1))
    let viewport = Viewport(width: rng.double(in: 200...800), height: rng.double(in: 150...800))
    switch rng.int(in: 0...4) {
    case 4:
      let layout = ProminentLayout(
        itemSize: Size(width: rng.double(in: 50...300), height: rng.double(in: 50...300)),
        lineSpacing: rng.double(in: 0...30))
      return (try layout.prepare(items: items, viewport: viewport), layout.decelerationRate, "prominent")
    case let k:
      var (name, layout) = CarouselLayout.presets[k]
      layout.spacing = rng.double(in: 0...30)
      if rng.chance(0.3) { layout.snapping = .oneItem }
      return (try layout.prepare(items: items, viewport: viewport), layout.decelerationRate, name)
    }
  }

  static func scroller(
    _ prepared: PreparedCenteredLayout, rate: DecelerationRate, at item: Int
  )
    -> LayoutScroller<PreparedCenteredLayout>
  {
    let offset = Point(axis: prepared.strip.axis, main: prepared.strip.centeringOffset(item), cross: 0)
    return LayoutScroller(
      layout: prepared, state: ScrollState(contentOffset: offset),
      configuration: ScrollConfiguration(decelerationRate: rate))
  }

  @Test func everySnapCentresAnItem() throws {
    for index in 0..<250 {
      let seed = propertySeed(index, base: 0x5_4A9)
      var rng = SplitMix64(seed: seed)
      let (prepared, rate, name) = try Self.randomLayout(&rng)
      let axis = prepared.strip.axis
      let start = rng.int(in: 0...prepared.strip.count - 1)
      var scroller = Self.scroller(prepared, rate: rate, at: start)
      // Drags of all kinds: slow, fast, past either edge, with a pause.
      let distance = rng.double(in: -1.5...1.5) * prepared.strip.viewportExtent
      let duration = rng.double(in: 0.03...0.6)
      let hold = rng.chance(0.2) ? "hold 0.2; " : ""
      let move = axis == .horizontal ? "\(distance),0" : "0,\(distance)"
      let script = try GestureScript("drag \(move) \(duration); \(hold)release; wait 12")
      var released = scroller.surface.contentOffset[axis]
      try script.run(on: &scroller, fps: 60) { scroller, _ in
        if scroller.surface.phase == .dragging { released = scroller.surface.contentOffset[axis] }
      }
      let offset = scroller.surface.contentOffset
      #expect(scroller.surface.phase == .idle, "seed \(seed) \(name)")
      let item = try #require(prepared.strip.nearestItem(at: offset[axis]))
      #expect(abs(offset[axis] - prepared.strip.centeringOffset(item)) < 0.01, "seed \(seed) \(name) \(offset)")
      let attributes = try #require(prepared.attributes(for: .cell(item), at: scroller.state))
      let centre = offset[axis] + prepared.viewport.size[axis] / 2
      #expect(abs(attributes.center[axis] - centre) < 0.01, "seed \(seed) \(name)")
      #expect(attributes.alpha == 1 || name == "coverflow" || abs(attributes.alpha - 1) < 1e-9, "seed \(seed)")
      if prepared.snapping == .oneItem {
        // At most one item from the one centred when the drag began.
        #expect(abs(item - start) <= 1, "seed \(seed): from \(start) to \(item)")
      }
      _ = released
    }
  }

  @Test func fasterFlicksNeverLandOnAnEarlierItem() throws {
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xF_A57)
      var rng = SplitMix64(seed: seed)
      let (prepared, rate, name) = try Self.randomLayout(&rng)
      let axis = prepared.strip.axis
      let start = rng.int(in: 0...prepared.strip.count - 1)
      let distance = rng.double(in: 20...120) * (rng.chance(0.5) ? 1 : -1)
      var previous: Int?
      // The same drag, ever faster.
      for duration in [0.8, 0.5, 0.3, 0.2, 0.12, 0.08, 0.05, 0.03] {
        var scroller = Self.scroller(prepared, rate: rate, at: start)
        let move = axis == .horizontal ? "\(distance),0" : "0,\(distance)"
        try GestureScript("drag \(move) \(duration); release").run(on: &scroller, fps: 120) { _, _ in }
        let item = try #require(prepared.strip.nearestItem(at: scroller.surface.restingOffset[axis]))
        if let previous {
          // A finger moving left (negative) scrolls towards later items.
          if distance < 0 {
            #expect(item >= previous, "seed \(seed) \(name) duration \(duration)")
          } else {
            #expect(item <= previous, "seed \(seed) \(name) duration \(duration)")
          }
        }
        previous = item
      }
    }
  }

  @Test func slowReleasesSettleOnTheNearestItem() throws {
    let prepared = try CarouselLayout.spotify.prepare(
      items: LayoutItems(count: 10, size: .zero), viewport: Viewport(width: 375, height: 300))
    var scroller = Self.scroller(prepared, rate: .normal, at: 3)
    // 140 pt left (less than half of the 310 pt pitch), then a rest: back to item 3.
    try GestureScript("drag -140 0.5; hold 0.3; release; wait 6").run(on: &scroller) { _, _ in }
    #expect(scroller.surface.contentOffset.x == 3 * 310)
    var further = Self.scroller(prepared, rate: .normal, at: 3)
    try GestureScript("drag -170 0.5; hold 0.3; release; wait 6").run(on: &further) { _, _ in }
    #expect(further.surface.contentOffset.x == 4 * 310)
  }

  @Test func fastFlicksTravelAcrossManyItems() throws {
    let prepared = try CarouselLayout.spotify.prepare(
      items: LayoutItems(count: 100, size: .zero), viewport: Viewport(width: 375, height: 300))
    var scroller = Self.scroller(prepared, rate: .normal, at: 0)
    try GestureScript("drag -300 0.1; release; wait 8").run(on: &scroller) { _, _ in }
    let x = scroller.surface.contentOffset.x
    #expect(x > 5 * 310)
    #expect(abs(x / 310 - (x / 310).rounded()) < 1e-9)
  }

  @Test func prominentUsesTheFastRateSoFlicksStopSooner() throws {
    let layout = ProminentLayout()
    #expect(layout.decelerationRate == .fast)
    let prepared = try layout.prepare(
      items: LayoutItems(count: 200, size: .zero), viewport: Viewport(width: 375, height: 400))
    var fast = Self.scroller(prepared, rate: layout.decelerationRate, at: 0)
    var normal = Self.scroller(prepared, rate: .normal, at: 0)
    let script = try GestureScript("drag 0,-300 0.1; release; wait 8")
    try script.run(on: &fast) { _, _ in }
    try script.run(on: &normal) { _, _ in }
    #expect(fast.surface.contentOffset.y < normal.surface.contentOffset.y)
    #expect(fast.surface.contentOffset.y.truncatingRemainder(dividingBy: 210) == 0)
  }

  @Test func stackedCardsMoveOneCardPerSwipe() throws {
    let prepared = try CarouselLayout.stackedCards.prepare(
      items: LayoutItems(count: 30, size: .zero), viewport: Viewport(width: 375, height: 300))
    var scroller = Self.scroller(prepared, rate: .normal, at: 5)
    var rests: [Double] = []
    let script = try GestureScript("drag -200 0.05; release; wait 4; drag 200 0.05; release; wait 4")
    try script.run(on: &scroller) { scroller, _ in
      if scroller.drainEvents().contains(.didEndDecelerating) { rests.append(scroller.surface.contentOffset.x) }
    }
    // A hard flick each way: one card forward, one card back.
    #expect(rests == [6 * 310, 5 * 310])
  }

  /// One item per swipe is measured from where the drag began, however far
  /// the finger drags (up to three items) and however hard it flicks.
  @Test func oneItemSnappingMovesAtMostOneItemFromTheDragStart() throws {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0x1_7E11)
      var rng = SplitMix64(seed: seed)
      var layout = CarouselLayout.spotify
      layout.snapping = .oneItem
      layout.itemSize = Size(width: rng.double(in: 60...300), height: 150)
      let prepared = try layout.prepare(
        items: LayoutItems(count: 40, size: .zero), viewport: Viewport(width: 375, height: 150))
      let start = rng.int(in: 0...39)
      var scroller = Self.scroller(prepared, rate: .normal, at: start)
      let pitch = prepared.strip.pitch
      let distance = rng.double(in: -3...3) * pitch
      let script = try GestureScript("drag \(distance) \(rng.double(in: 0.03...0.5)); release; wait 8")
      try script.run(on: &scroller) { _, _ in }
      let rest = scroller.surface.contentOffset.x / pitch
      #expect(abs(rest - rest.rounded()) < 1e-6, "seed \(seed): rests on an item")
      #expect(abs(rest.rounded() - Double(start)) <= 1, "seed \(seed): from \(start) to \(rest)")
    }
  }
}
