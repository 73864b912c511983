import LayoutCore
import ScrollworkTestSupport
import Testing

/// The looping carousel: geometry on hand-computed cases, the seam (no
/// jump, same effect, snapping across it both ways), unique identities,
/// the degraded strip below the minimum count, bad input, determinism and
/// the shared checker.
@Suite struct LoopingCarouselTests {
  /// Ten 300 pt squares, 10 pt apart, in a 375 × 300 viewport: pitch 310,
  /// period 3100.
  static func tenCovers(_ layout: LoopingCarouselLayout = .spotify) throws -> PreparedLoopingCarouselLayout {
    try layout.prepare(
      items: LayoutItems(count: 10, size: Size(width: 300, height: 300)), viewport: Viewport(width: 375, height: 300))
  }

  /// A random looping carousel: a preset or a random effect, random sizes,
  /// spacing and counts (over one to three sections), always looping.
  static func randomLooping(_ rng: inout SplitMix64) throws -> PreparedLoopingCarouselLayout {
    let presets: [LoopingCarouselLayout] = [.spotify, .coverFlow, .stackedCards, .plain]
    var layout = presets[rng.int(in: 0...3)]
    layout.itemSize = rng.chance(0.3) ? nil : Size(width: rng.double(in: 20...500), height: rng.double(in: 20...500))
    layout.spacing = rng.chance(0.2) ? 0 : rng.double(in: -10...60)
    layout.snapping = CenteredStrip.Snapping.allCases[rng.int(in: 0...2)]
    let viewport = Viewport(width: rng.double(in: 100...900), height: rng.double(in: 100...700))
    let probe = try layout.prepare(items: LayoutItems(count: 1, size: Size(width: 1, height: 1)), viewport: viewport)
    let total = probe.minimumLoopingCount + rng.int(in: 0...40)
    let sections = rng.int(in: 1...3)
    var counts = (0..<sections).map { _ in total / sections }
    counts[0] += total - counts.reduce(0, +)
    let items = LayoutItems(sections: counts.map { .uniform(Size(width: 1, height: 1), count: $0) })
    return try layout.prepare(items: items, viewport: viewport)
  }

  /// The attributes at `state` keyed by identity.
  static func byID(_ attributes: [LayoutAttributes]) -> [ElementID: LayoutAttributes] {
    Dictionary(attributes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// Whether `b` is `a` moved by `shift` along x, up to rounding at the
  /// offsets' magnitude.
  static func isShifted(_ a: LayoutAttributes, _ b: LayoutAttributes, by shift: Double, scale: Double) -> Bool {
    let t = 1e-9 * Swift.max(1, scale)
    return isClose(a.center.x + shift, b.center.x, tolerance: t)
      && isClose(a.center.y, b.center.y, tolerance: t) && isClose(a.size, b.size, tolerance: t)
      && isClose(a.alpha, b.alpha, tolerance: 1e-6) && isClose(a.transform.a, b.transform.a, tolerance: 1e-6)
      && isClose(a.transform.d, b.transform.d, tolerance: 1e-6)
      && isClose(a.transform.tx, b.transform.tx, tolerance: 1e-6 * Swift.max(1, scale / 1e3))
      && a.zIndex == b.zIndex
  }

  @Test func handComputedGeometry() throws {
    let prepared = try Self.tenCovers()
    #expect(prepared.isLooping)
    #expect(prepared.minimumLoopingCount == 3)  // ceil((375 + 300) / 310)
    #expect(prepared.period == 3100)
    #expect(prepared.halfRange == Double(prepared.slotRange) * 310)
    #expect(prepared.slotRange % 10 == 0 && prepared.halfRange <= 0x1p26 && prepared.halfRange > 0x1p25)
    // Offset 0 centres item 0; offset −310 centres item 9, to its left.
    let zero = Self.byID(prepared.visibleAttributes(at: ScrollState(x: 0, y: 0)))
    #expect(zero[.cell(0)]?.center == Point(x: 187.5, y: 150))
    #expect(zero[.cell(9)]?.center == Point(x: 187.5 - 310, y: 150))
    #expect(zero[.cell(1)]?.center == Point(x: 187.5 + 310, y: 150))
    #expect(zero.count == 3)
    let back = ScrollState(x: -310, y: 0)
    #expect(prepared.centeredItem(at: back) == .cell(9))
    #expect(Self.byID(prepared.visibleAttributes(at: back))[.cell(9)]?.center.x == 187.5 - 310)
    // The content: V + halfRange, with halfRange before it.
    #expect(prepared.contentSize(at: back) == Size(width: 375 + prepared.halfRange, height: 300))
    #expect(prepared.contentInset(at: back) == EdgeInsets(left: prepared.halfRange))
    let bounds = prepared.offsetBounds(at: back)
    #expect(bounds.min.x == -prepared.halfRange && bounds.max.x == prepared.halfRange)
    #expect(375 + prepared.halfRange <= LayoutLimits.maximumExtent)
  }

  @Test func theNeighboursAcrossTheSeamAreOnePitchApartAndLookAlike() throws {
    for layout in [LoopingCarouselLayout.spotify, .coverFlow, .stackedCards, .plain] {
      let prepared = try Self.tenCovers(layout)
      let plain = try CarouselLayout(
        itemSize: layout.itemSize, spacing: layout.spacing, effect: layout.effect, snapping: layout.snapping
      ).prepare(
        items: LayoutItems(count: 30, size: Size(width: 300, height: 300)), viewport: Viewport(width: 375, height: 300))
      // Half-way from item 9 to item 0 (across the seam) the picture is
      // the plain carousel's half-way from item 19 to item 20, moved.
      for fraction in stride(from: -1.5, through: 1.5, by: 0.125) {
        let offset = (fraction - 0.5 + 10) * 310  // around the seam after item 9
        let looping = Self.byID(prepared.visibleAttributes(at: ScrollState(x: offset, y: 0)))
        let reference = Self.byID(plain.visibleAttributes(at: ScrollState(x: offset + 3100, y: 0)))
        #expect(looping.count == reference.count, "\(layout) at \(offset)")
        for (id, a) in reference {
          let b = looping[.cell(id.item % 10)]
          #expect(
            b.map { Self.isShifted(a, $0, by: -3100, scale: 1e4) } == true,
            "\(id) at \(offset): \(a) vs \(String(describing: b))")
        }
      }
    }
  }

  @Test func onePeriodLaterThePictureIsTheSameMoved() throws {
    for index in 0..<150 {
      let seed = propertySeed(index, base: 0x1009_5EA4)
      var rng = SplitMix64(seed: seed)
      let prepared = try Self.randomLooping(&rng)
      let p = prepared.strip.pitch
      let period = prepared.period
      for _ in 0..<6 {
        // Near a seam (where a copy switches) or anywhere in the range.
        let k = Double(rng.int(in: -200...200))
        let offset =
          rng.chance(0.5)
          ? k * period + rng.double(in: -1...1) * p
          : rng.double(in: -(prepared.halfRange - period)...(prepared.halfRange - period))
        let rect = Rect(x: offset - 200, y: -10, width: prepared.viewport.size.width + 400, height: 2000)
        let before = Self.byID(prepared.attributes(in: rect, at: ScrollState(x: offset, y: 0)))
        let after = Self.byID(
          prepared.attributes(in: rect.offsetBy(dx: period, dy: 0), at: ScrollState(x: offset + period, y: 0)))
        #expect(Set(before.keys) == Set(after.keys) || before.count == after.count, "seed \(seed) at \(offset)")
        for (id, a) in before {
          guard let b = after[id] else { continue }  // an edge that rounds the other way
          #expect(Self.isShifted(a, b, by: period, scale: abs(offset) + period), "seed \(seed) \(id) at \(offset)")
        }
      }
    }
  }

  @Test func nothingVisibleJumpsWhileScrollingAcrossTheSeam() throws {
    for index in 0..<80 {
      let seed = propertySeed(index, base: 0x5EA_3105)
      var rng = SplitMix64(seed: seed)
      let prepared = try Self.randomLooping(&rng)
      let p = prepared.strip.pitch
      let n = Double(prepared.strip.count)
      // Scroll in small steps over two periods around offset 0, both ways.
      let steps = 400
      var previous: [ElementID: LayoutAttributes]? = nil
      for step in 0...steps {
        let offset = (Double(step) / Double(steps) * 2 - 1) * n * p
        let now = Self.byID(prepared.visibleAttributes(at: ScrollState(x: offset, y: 0)))
        if let previous {
          for (id, a) in now {
            guard let b = previous[id] else { continue }
            // An element seen in both frames moved by the step, never by a period.
            #expect(abs(a.center.x - b.center.x) < 1e-6 * p, "seed \(seed) \(id) jumped at \(offset)")
          }
        }
        previous = now
      }
    }
  }

  @Test func snappingCrossesTheSeamBothWays() throws {
    for layout in [LoopingCarouselLayout.spotify, .stackedCards] {
      let prepared = try Self.tenCovers(layout)
      let zero = ScrollState()
      // Backwards from item 0 to item 9.
      let back = prepared.targetContentOffset(proposed: Point(x: -200, y: 0), velocity: Point(x: -1, y: 0), at: zero)
      #expect(back == Point(x: -310, y: 0))
      #expect(prepared.centeredItem(at: ScrollState(contentOffset: back)) == .cell(9))
      // Forwards from item 9 to item 0.
      let last = ScrollState(x: 9 * 310, y: 0)
      let forward = prepared.targetContentOffset(
        proposed: Point(x: 9 * 310 + 200, y: 0), velocity: Point(x: 1, y: 0), at: last)
      #expect(forward == Point(x: 3100, y: 0))
      #expect(prepared.centeredItem(at: ScrollState(contentOffset: forward)) == .cell(0))
    }
    // A hard fling: the nearest item goes on past the seam; one per swipe stops at the next.
    let nearest = try Self.tenCovers(.spotify)
    #expect(
      nearest.targetContentOffset(proposed: Point(x: -5000, y: 0), velocity: .zero, at: ScrollState()).x == -16 * 310)
    let deck = try Self.tenCovers(.stackedCards)
    #expect(deck.targetContentOffset(proposed: Point(x: -5000, y: 0), velocity: .zero, at: ScrollState()).x == -310)
    #expect(deck.targetContentOffset(proposed: Point(x: 5000, y: 0), velocity: .zero, at: ScrollState()).x == 310)
    // Snapping at the ends of the range stays in it.
    let end = nearest.targetContentOffset(proposed: Point(x: 1e12, y: 0), velocity: .zero, at: ScrollState())
    #expect(end.x == nearest.halfRange)
  }

  @Test func snapsLandOnAnItemNearTheProposal() throws {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0x5_1A95)
      var rng = SplitMix64(seed: seed)
      let prepared = try Self.randomLooping(&rng)
      let p = prepared.strip.pitch
      let proposed = rng.double(in: -1e5...1e5)
      let start = proposed + rng.double(in: -3...3) * p
      let target = prepared.targetContentOffset(
        proposed: Point(x: proposed, y: 0), velocity: .zero, dragStart: Point(x: start, y: 0),
        at: ScrollState(x: start, y: 0))
      #expect(target.y == 0)
      switch prepared.base.snapping {
      case .none: #expect(target.x == proposed, "seed \(seed)")
      case .nearest:
        #expect(abs(target.x - proposed) <= p / 2 * (1 + 1e-9), "seed \(seed)")
        #expect(target.x == (target.x / p).rounded() * p, "seed \(seed): a slot's offset")
      case .oneItem:
        #expect(abs(target.x - start) <= p * (2 + 1e-9), "seed \(seed)")
        #expect(target.x == (target.x / p).rounded() * p, "seed \(seed): a slot's offset")
      }
    }
  }

  @Test func everyQueryShowsEachItemOnce() throws {
    for index in 0..<150 {
      let seed = propertySeed(index, base: 0x1D_0CE)
      var rng = SplitMix64(seed: seed)
      let prepared = try Self.randomLooping(&rng)
      let count = prepared.strip.count
      for _ in 0..<6 {
        let offset = rng.double(in: -prepared.halfRange...prepared.halfRange)
        let state = ScrollState(x: offset, y: 0)
        let all = prepared.allAttributes(at: state)
        #expect(all.count == count && Set(all.map(\.id)).count == count, "seed \(seed)")
        // Wide rectangles, several periods long, still show each item once.
        let width = rng.double(in: 0...(5 * prepared.period))
        let found = prepared.attributes(
          in: Rect(x: offset - rng.double(in: 0...width), y: 0, width: width, height: 10), at: state)
        #expect(Set(found.map(\.id)).count == found.count, "seed \(seed)")
        // attributes(for:) answers the copy the query shows.
        for a in found { #expect(prepared.attributes(for: a.id, at: state) == a, "seed \(seed)") }
      }
    }
  }

  @Test func recenteringMovesWholePeriodsAndLandsOnTheSameItem() throws {
    let prepared = try Self.tenCovers()
    for j in [-123_456, -10, -1, 0, 9, 10, 11, 98_765] {
      let offset = Point(x: Double(j) * 310, y: 0)
      let recentered = prepared.recenteredOffset(offset)
      let item = ((j % 10) + 10) % 10
      #expect(recentered == Point(x: Double(item) * 310, y: 0), "slot \(j)")
      #expect(prepared.centeredItem(at: ScrollState(contentOffset: recentered)) == .cell(item))
    }
    // Between items: the same picture, moved by whole periods.
    let offset = -7_654_321.25
    let moved = prepared.recenteredOffset(Point(x: offset, y: 0)).x
    #expect(abs(moved) < 3100 && ((moved - offset) / 3100).rounded() * 3100 == moved - offset)
    let a = Self.byID(prepared.visibleAttributes(at: ScrollState(x: offset, y: 0)))
    let b = Self.byID(prepared.visibleAttributes(at: ScrollState(x: moved, y: 0)))
    #expect(a.keys.sorted() == b.keys.sorted())
    for (id, x) in a { #expect(Self.isShifted(x, b[id]!, by: moved - offset, scale: 1e7)) }
  }

  @Test func tooFewItemsMakeThePlainCarousel() throws {
    let viewport = Viewport(width: 375, height: 300)
    for count in [0, 1, 2] {
      let items = LayoutItems(count: count, size: Size(width: 300, height: 300))
      let looping = try LoopingCarouselLayout.spotify.prepare(items: items, viewport: viewport)
      let plain = try CarouselLayout.spotify.prepare(items: items, viewport: viewport)
      #expect(!looping.isLooping && looping.minimumLoopingCount == 3)
      #expect(looping.contentInset(at: ScrollState()) == .zero)
      for x in [-100.0, 0, 155, 310, 1e6] {
        let state = ScrollState(x: x, y: 0)
        #expect(looping.contentSize(at: state) == plain.contentSize(at: state))
        #expect(looping.allAttributes(at: state) == plain.allAttributes(at: state))
        #expect(
          looping.targetContentOffset(proposed: Point(x: x, y: 0), velocity: .zero, at: state)
            == plain.targetContentOffset(proposed: Point(x: x, y: 0), velocity: .zero, at: state))
      }
    }
    let three = try LoopingCarouselLayout.spotify.prepare(
      items: LayoutItems(count: 3, size: Size(width: 300, height: 300)), viewport: viewport)
    #expect(three.isLooping)
    // Cover flow draws its neighbours up to 1.35 pitches out: it needs more.
    let coverFlow = try LoopingCarouselLayout.coverFlow.prepare(
      items: LayoutItems(count: 3, size: Size(width: 300, height: 300)), viewport: viewport)
    #expect(!coverFlow.isLooping && coverFlow.minimumLoopingCount > 3)
  }

  @Test func badInputIsRefusedOrClamped() throws {
    let viewport = Viewport(width: 375, height: 300)
    let size = Size(width: 300, height: 300)
    #expect(throws: LayoutError.self) {
      try LoopingCarouselLayout.spotify.prepare(items: LayoutItems(count: Int.max, size: size), viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try LoopingCarouselLayout.spotify.prepare(items: LayoutItems(count: -1, size: size), viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try LoopingCarouselLayout(spacing: .nan).prepare(items: LayoutItems(count: 10, size: size), viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try LoopingCarouselLayout(itemSize: Size(width: .infinity, height: 10)).prepare(
        items: LayoutItems(count: 10, size: size), viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try LoopingCarouselLayout(preferredDecelerationRate: .nan).prepare(
        items: LayoutItems(count: 10, size: size), viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try LoopingCarouselLayout.spotify.prepare(
        items: LayoutItems(count: 10, size: size), viewport: Viewport(width: .nan, height: 300))
    }
    // A period past the limit.
    #expect(throws: LayoutError.self) {
      try LoopingCarouselLayout(itemSize: Size(width: 1e13, height: 10)).prepare(
        items: LayoutItems(count: 40, size: size), viewport: viewport)
    }
    let prepared = try Self.tenCovers()
    // NaN offsets read as 0; 1e308 clamps to the end of the range.
    #expect(
      prepared.visibleAttributes(at: ScrollState(x: .nan, y: .nan)) == prepared.visibleAttributes(at: ScrollState()))
    for x in [1e308, -1e308, Double.infinity, -Double.greatestFiniteMagnitude] {
      let state = ScrollState(x: x, y: 0)
      let all = prepared.allAttributes(at: state)
      #expect(all.count == 10 && all.allSatisfy(\.isFinite), "\(x)")
      let target = prepared.targetContentOffset(proposed: Point(x: x, y: .nan), velocity: .zero, at: state)
      #expect(target.x.isFinite && abs(target.x) <= prepared.halfRange && target.y == 0, "\(x)")
      #expect(prepared.recenteredOffset(Point(x: x, y: 0)).x.isFinite)
      #expect(prepared.centeredItem(at: state) != nil)
    }
    // Rectangles that are not finite.
    #expect(prepared.attributes(in: Rect(x: .nan, y: 0, width: 10, height: 10), at: ScrollState()).isEmpty)
    #expect(
      prepared.attributes(in: Rect(x: -.infinity, y: 0, width: .infinity, height: 10), at: ScrollState()).count <= 10)
    // Identities that do not exist.
    for id in [ElementID.cell(10), .cell(-1), .cell(Int.max), .cell(0, section: 1), .cell(0, section: Int.min)] {
      #expect(prepared.attributes(for: id, at: ScrollState()) == nil)
    }
  }

  @Test func preparingTwiceGivesTheSameBits() throws {
    var rng = SplitMix64(seed: 0xD37E)
    for _ in 0..<20 {
      var copy = rng
      let a = try Self.randomLooping(&rng)
      let b = try Self.randomLooping(&copy)
      let offset = rng.double(in: -a.halfRange...a.halfRange)
      let state = ScrollState(x: offset, y: 0)
      #expect(a.allAttributes(at: state) == b.allAttributes(at: state))
      #expect(a.contentSize(at: state) == b.contentSize(at: state))
      #expect(
        a.targetContentOffset(proposed: Point(x: offset, y: 0), velocity: .zero, at: state)
          == b.targetContentOffset(proposed: Point(x: offset, y: 0), velocity: .zero, at: state))
    }
  }

  @Test func theSharedCheckerPasses() throws {
    for index in 0..<150 {
      let seed = propertySeed(index, base: 0x100B_C4EC)
      var rng = SplitMix64(seed: seed)
      // Looping or not (a few items), across the whole range and near 0.
      let prepared: PreparedLoopingCarouselLayout
      if rng.chance(0.2) {
        let layout = [LoopingCarouselLayout.spotify, .coverFlow, .stackedCards, .plain][rng.int(in: 0...3)]
        prepared = try layout.prepare(
          items: LayoutItems(count: rng.int(in: 0...3), size: Size(width: 1, height: 1)),
          viewport: Viewport(width: rng.double(in: 200...900), height: rng.double(in: 100...400)))
      } else {
        prepared = try Self.randomLooping(&rng)
      }
      let range = prepared.halfRange + prepared.viewport.size.width
      var checker = LayoutChecker(prepared) { rng in
        switch rng.int(in: 0...9) {
        case 0: ScrollState(x: .nan, y: 0)
        case 1...4: ScrollState(x: rng.double(in: -3...3) * Swift.max(1, prepared.period), y: 0)
        default: ScrollState(x: rng.double(in: -range...range), y: 0)
        }
      }
      checker.meets = { $0.frame.intersects($1) || $0.transformedFrame.intersects($1) }
      checker.tolerance = 1e-9
      let failures = checker.failures(using: &rng)
      #expect(failures.isEmpty, "seed \(seed) looping \(prepared.isLooping): \(failures.prefix(4))")
    }
  }
}
