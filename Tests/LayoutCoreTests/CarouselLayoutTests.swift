import LayoutCore
import ScrollworkTestSupport
import Testing

@Suite struct CarouselLayoutTests {
  static let phone = Viewport(width: 375, height: 300)

  @Test func itemsAreSquareAtTheViewportHeightAndCentreAtMultiplesOfThePitch() throws {
    let prepared = try CarouselLayout.spotify.prepare(
      items: LayoutItems(count: 10, size: Size(width: 1, height: 1)), viewport: Self.phone)
    #expect(prepared.strip.pitch == 310)
    #expect(prepared.contentSize(at: ScrollState()) == Size(width: 375 + 9 * 310, height: 300))
    for i in 0..<10 {
      let offset = Double(i) * 310
      let a = try #require(prepared.attributes(for: .cell(i), at: ScrollState(x: offset, y: 0)))
      #expect(a.size == Size(width: 300, height: 300))
      #expect(isClose(a.center.x - offset, 187.5), "item \(i)")
      #expect(a.center.y == 150)
      #expect(a.transform.isIdentity && a.alpha == 1, "the centred item is full size and opaque")
    }
    #expect(prepared.offsetBounds(at: ScrollState()).max.x == 9 * 310)
  }

  @Test func theNeighboursOfTheCentredItemAreAlwaysEqual() throws {
    // The seed needed a magic minimum (0.860091) because its two neighbours
    // differed; measured on untransformed centres they cannot.
    for index in 0..<1_500 {
      let seed = propertySeed(index, base: 0x51_3E7)
      var rng = SplitMix64(seed: seed)
      let random = try RandomCentered(&rng)
      guard random.symmetric else { continue }
      let p = random.prepared
      let n = p.strip.count
      guard n >= 3 else { continue }
      for i in 1..<(n - 1) {
        let offset = p.strip.centeringOffset(i)
        let centre = try #require(p.item(i, at: offset))
        let before = try #require(p.item(i - 1, at: offset))
        let after = try #require(p.item(i + 1, at: offset))
        #expect(centre.alpha == 1 && centre.transform.a == 1, "seed \(seed) \(random.name) item \(i)")
        #expect(
          isClose(before.transform.a, after.transform.a, tolerance: 1e-12), "seed \(seed) \(random.name) item \(i)")
        #expect(isClose(before.alpha, after.alpha, tolerance: 1e-12), "seed \(seed) \(random.name)")
        let shiftBefore = before.transform.tx + before.transform.ty
        let shiftAfter = after.transform.tx + after.transform.ty
        #expect(abs(shiftBefore + shiftAfter) < 1e-9 * max(1, abs(shiftBefore)), "seed \(seed) \(random.name)")
        #expect(before.zIndex == after.zIndex, "seed \(seed) \(random.name)")
        #expect(centre.zIndex >= before.zIndex, "seed \(seed) \(random.name)")
      }
    }
  }

  @Test func scaleAndAlphaStayInRangeAndAreContinuousInTheOffset() throws {
    for index in 0..<1_500 {
      let seed = propertySeed(index, base: 0xC0_47)
      var rng = SplitMix64(seed: seed)
      let random = try RandomCentered(&rng, maxItems: 20)
      let p = random.prepared
      let n = p.strip.count
      guard n > 0 else { continue }
      let effect = p.effect
      let minScale = clamp(effect.minScale, 0, 1)
      let minAlpha = clamp(effect.minAlpha, 0, 1)
      // Presence changes at most 1/(span·unit) per point; shifts at most 1 per point.
      let span = max(effect.span, 0) * p.unitLength
      let step = 0.01
      let bound = span > 0 ? step / span + 1e-9 : 1.0
      for _ in 0..<20 {
        let i = rng.int(in: 0...n - 1)
        let offset = rng.double(in: -p.strip.pitch...p.strip.maximumOffset + p.strip.pitch)
        let a = try #require(p.item(i, at: offset))
        let b = try #require(p.item(i, at: offset + step))
        #expect(a.transform.a >= minScale - 1e-12 && a.transform.a <= 1, "seed \(seed) \(random.name)")
        #expect(a.alpha >= minAlpha - 1e-12 && a.alpha <= 1, "seed \(seed) \(random.name)")
        #expect(abs(a.transform.a - b.transform.a) <= bound, "seed \(seed) \(random.name) \(a) \(b)")
        #expect(abs(a.alpha - b.alpha) <= bound, "seed \(seed) \(random.name)")
        #expect(abs(a.transform.tx - b.transform.tx) <= step + 1e-9, "seed \(seed) \(random.name)")
        #expect(abs(a.transform.ty - b.transform.ty) <= step + 1e-9, "seed \(seed) \(random.name)")
        #expect(a.isFinite, "seed \(seed)")
      }
    }
  }

  @Test func queriesEqualABruteForceFilterOverEveryElement() throws {
    for index in 0..<1_500 {
      let seed = propertySeed(index, base: 0xB7_F0)
      var rng = SplitMix64(seed: seed)
      let random = try RandomCentered(&rng, maxItems: 40)
      let p = random.prepared
      let length = p.contentSize(at: ScrollState())[p.axis]
      let offset = rng.double(in: -200...length + 200)
      let state = p.state(offset)
      let rect =
        rng.chance(0.5)
        ? Rect(origin: state.contentOffset, size: p.viewport.size)
        : Rect(
          x: rng.double(in: -300...length), y: rng.double(in: -300...length), width: rng.double(in: 0...900),
          height: rng.double(in: 0...900))
      let all = p.allAttributes(at: state)
      #expect(all.count == p.strip.count, "seed \(seed)")
      let expected = all.filter { $0.frame.intersects(rect) || $0.transformedFrame.intersects(rect) }.sortedByID
      let found = p.attributes(in: rect, at: state).sortedByID
      #expect(found == expected, "seed \(seed) \(random.name) offset \(offset) rect \(rect)")
    }
  }

  @Test func targetsCentreTheItemNearestTheProjectedRestingPoint() throws {
    for index in 0..<3_000 {
      let seed = propertySeed(index, base: 0x7A_46)
      var rng = SplitMix64(seed: seed)
      let random = try RandomCentered(&rng)
      let p = random.prepared
      let maxOffset = p.strip.maximumOffset
      let proposed = rng.double(in: -500...maxOffset + 500)
      let target = p.targetContentOffset(
        proposed: Point(axis: p.axis, main: proposed, cross: 3), velocity: .zero, at: p.state(0))
      #expect(target[p.axis.cross] == 0, "seed \(seed)")
      guard let item = p.strip.nearestItem(at: target[p.axis]) else {
        #expect(target[p.axis] == 0)
        continue
      }
      // The chosen item sits exactly at the centre.
      let a = try #require(p.item(item, at: target[p.axis]))
      let centre = target[p.axis] + p.viewport.size[p.axis] / 2
      #expect(abs(a.center[p.axis] - centre) < 0.01, "seed \(seed)")
      if p.snapping == .nearest {
        // No other item's centre is nearer the proposal.
        let clampedProposal = clamp(proposed, 0, maxOffset)
        #expect(abs(target[p.axis] - clampedProposal) <= p.strip.pitch / 2 + 1e-9, "seed \(seed)")
      } else {
        // One item: released at rest on item 0, the target is item 0 or 1.
        #expect(item <= 1, "seed \(seed)")
      }
    }
  }

  @Test func fasterFlicksNeverLandOnAnEarlierItem() throws {
    for index in 0..<500 {
      let seed = propertySeed(index, base: 0x1_F11C)
      var rng = SplitMix64(seed: seed)
      let random = try RandomCentered(&rng)
      let p = random.prepared
      let start = rng.double(in: 0...max(0, p.strip.maximumOffset))
      for snapping in CenteredStrip.Snapping.allCases {
        var previous = -Double.infinity
        for k in 0..<200 {
          let proposed = start + Double(k) * 37.3
          let target = p.strip.targetOffset(proposed: proposed, current: start, snapping: snapping)
          #expect(target >= previous, "seed \(seed) \(snapping) k \(k)")
          previous = target
        }
      }
    }
  }

  @Test func oneItemSnappingMovesAtMostOneItemPastTheReleasePosition() throws {
    let p = try CarouselLayout(snapping: .oneItem).prepare(
      items: LayoutItems(count: 50, size: Size(width: 1, height: 1)), viewport: Self.phone)
    let pitch = p.strip.pitch
    #expect(p.strip.targetOffset(proposed: 40 * pitch, current: 10 * pitch, snapping: .oneItem) == 11 * pitch)
    #expect(p.strip.targetOffset(proposed: -5, current: 10 * pitch, snapping: .oneItem) == 9 * pitch)
    #expect(p.strip.targetOffset(proposed: 40 * pitch, current: 10.3 * pitch, snapping: .oneItem) == 11 * pitch)
    #expect(p.strip.targetOffset(proposed: -5, current: 10.3 * pitch, snapping: .oneItem) == 10 * pitch)
    #expect(p.strip.targetOffset(proposed: 10.2 * pitch, current: 10 * pitch, snapping: .oneItem) == 10 * pitch)
    #expect(p.strip.targetOffset(proposed: 80 * pitch, current: 60 * pitch, snapping: .oneItem) == 49 * pitch)
    #expect(p.strip.targetOffset(proposed: 1234.5, current: 0, snapping: .none) == 1234.5)
  }

  @Test func nearestItemBreaksTiesTowardsTheLowerIndex() throws {
    let p = try CarouselLayout.plain.prepare(items: LayoutItems(count: 5, size: .zero), viewport: Self.phone)
    #expect(p.strip.nearestItem(at: 155) == 0)
    #expect(p.strip.nearestItem(at: 465) == 1)
    #expect(p.strip.nearestItem(at: 465.01) == 2)
    #expect(p.strip.nearestItem(at: -1e9) == 0)
    #expect(p.strip.nearestItem(at: .infinity) == 0)
    #expect(p.strip.nearestItem(at: 1e300) == 4)
  }

  @Test func identitiesRunAcrossSectionsSkippingEmptyOnes() throws {
    let items = LayoutItems(sections: [.uniform(.zero, count: 2), .uniform(.zero, count: 0), .uniform(.zero, count: 3)])
    let p = try CarouselLayout.plain.prepare(items: items, viewport: Self.phone)
    #expect(p.numberOfSections == 3)
    #expect(p.numberOfItems(inSection: 1) == 0 && p.numberOfItems(inSection: 2) == 3)
    let ids = p.allAttributes(at: ScrollState()).sortedByID.map(\.id)
    #expect(ids == [.cell(0), .cell(1), .cell(0, section: 2), .cell(1, section: 2), .cell(2, section: 2)])
    #expect(p.centeredItem(at: ScrollState(x: 2 * 310, y: 0)) == .cell(0, section: 2))
    let a = try #require(p.attributes(for: .cell(2, section: 2), at: ScrollState()))
    #expect(isClose(a.center.x, 187.5 + 4 * 310))
    #expect(p.attributes(for: .cell(0, section: 1), at: ScrollState()) == nil)
    #expect(p.attributes(for: .cell(3, section: 2), at: ScrollState()) == nil)
    #expect(p.attributes(for: .cell(-1), at: ScrollState()) == nil)
    #expect(p.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: ScrollState()) == nil)
  }

  @Test func badInputThrowsOrClamps() throws {
    let items = LayoutItems(count: 3, size: .zero)
    #expect(throws: LayoutError.self) {
      try CarouselLayout().prepare(items: items, viewport: Viewport(width: .nan, height: 300))
    }
    #expect(throws: LayoutError.self) {
      try CarouselLayout().prepare(items: items, viewport: Viewport(width: 300, height: 0))
    }
    #expect(throws: LayoutError.self) {
      try CarouselLayout(itemSize: Size(width: 0, height: 100)).prepare(items: items, viewport: Self.phone)
    }
    #expect(throws: LayoutError.self) {
      try CarouselLayout(spacing: .infinity).prepare(items: items, viewport: Self.phone)
    }
    #expect(throws: LayoutError.self) { try CarouselLayout(spacing: -300).prepare(items: items, viewport: Self.phone) }
    #expect(throws: LayoutError.self) {
      try CarouselLayout().prepare(items: LayoutItems(sections: [.uniform(.zero, count: -1)]), viewport: Self.phone)
    }
    // Non-finite offsets read as 0; everything returned is finite.
    let p = try CarouselLayout.coverFlow.prepare(items: items, viewport: Self.phone)
    for offset in [Double.nan, .infinity, -.infinity] {
      let state = ScrollState(x: offset, y: offset)
      #expect(p.visibleAttributes(at: state) == p.visibleAttributes(at: ScrollState()))
      #expect(p.allAttributes(at: state).allSatisfy { $0.isFinite })
      #expect(p.targetContentOffset(proposed: Point(x: offset, y: offset), velocity: .zero, at: state) == .zero)
    }
  }

  @Test func emptyCarouselRestsAtZero() throws {
    let p = try CarouselLayout.spotify.prepare(items: .empty, viewport: Self.phone)
    #expect(p.contentSize(at: ScrollState()) == Self.phone.size)
    #expect(p.visibleAttributes(at: ScrollState()).isEmpty)
    #expect(p.centeredItem(at: ScrollState()) == nil)
    #expect(
      p.targetContentOffset(proposed: Point(x: 500, y: 0), velocity: Point(x: 900, y: 0), at: ScrollState()) == .zero)
  }

  @Test func coverFlowNeighboursTuckUnderTheCentredItem() throws {
    let p = try CarouselLayout.coverFlow.prepare(items: LayoutItems(count: 9, size: .zero), viewport: Self.phone)
    let offset = 4 * p.strip.pitch
    let centre = try #require(p.item(4, at: offset))
    let next = try #require(p.item(5, at: offset))
    #expect(next.transformedFrame.minX < centre.transformedFrame.maxX, "overlap")
    #expect(next.zIndex < centre.zIndex)
    #expect(next.transform.a == 0.75 && next.alpha == 0.6)
    // Items shifted into view from outside the viewport are still returned.
    let wide = try CarouselLayout.coverFlow.prepare(
      items: LayoutItems(count: 9, size: .zero), viewport: Viewport(width: 800, height: 300))
    let bounds = Rect(x: offset, y: 0, width: 800, height: 300)
    let all = wide.allAttributes(at: wide.state(offset))
    let visible = Set(wide.visibleAttributes(at: wide.state(offset)).map(\.id.item))
    let drawn = Set(all.filter { $0.transformedFrame.intersects(bounds) }.map(\.id.item))
    let framed = Set(all.filter { $0.frame.intersects(bounds) }.map(\.id.item))
    #expect(drawn.isSubset(of: visible))
    #expect(!drawn.isSubset(of: framed), "some items are drawn in view only because the shift moved them there")
    #expect(drawn == [1, 2, 3, 4, 5, 6, 7])
  }

  @Test func stackedCardsPeekFromUnderTheTopCard() throws {
    let p = try CarouselLayout.stackedCards.prepare(items: LayoutItems(count: 9, size: .zero), viewport: Self.phone)
    let offset = 2 * p.strip.pitch
    let top = try #require(p.item(2, at: offset))
    let cards = try (3...5).map { try #require(p.item($0, at: offset)) }
    #expect(top.transform.isIdentity && top.alpha == 1)
    for (k, card) in cards.enumerated() {
      let depth = Double(k + 1)
      #expect(isClose(card.transformedFrame.midX, top.center.x + 24 * depth), "card \(k + 1)")
      #expect(isClose(card.transform.a, 1 - 0.05 * depth))
      #expect(card.zIndex < top.zIndex)
    }
    #expect(cards[2].alpha == 0, "the card at the deck's depth has faded out")
    // The card leaving the top slides away unchanged, above the pile.
    let leaving = try #require(p.item(2, at: offset + 100))
    #expect(leaving.transform.isIdentity && leaving.alpha == 1)
    #expect(leaving.zIndex > (try #require(p.item(3, at: offset + 100))).zIndex)
    #expect(p.snapping == .oneItem)
  }
}

@Suite struct CarouselScaleTests {
  @Test func tenMillionItemsPrepareAtOnceAndQueryOnlyWhatIsVisible() throws {
    let items = LayoutItems(sections: [.uniform(.zero, count: 6_000_000), .uniform(.zero, count: 4_000_000)])
    for layout in CarouselLayout.presets.map(\.layout) {
      let p = try layout.prepare(items: items, viewport: Viewport(width: 375, height: 300))
      var rng = SplitMix64(seed: 42)
      for _ in 0..<200 {
        let offset = rng.double(in: 0...p.strip.maximumOffset)
        let visible = p.visibleAttributes(at: ScrollState(x: offset, y: 0))
        #expect(!visible.isEmpty && visible.count <= 8, "\(visible.count) at \(offset)")
        for a in visible {
          let global = a.id.section == 0 ? a.id.item : 6_000_000 + a.id.item
          #expect(isClose(a.center.x, 187.5 + Double(global) * 310), "\(a.id) at \(offset)")
        }
      }
      let last = try #require(p.attributes(for: .cell(3_999_999, section: 1), at: ScrollState()))
      #expect(isClose(last.center.x, 187.5 + 9_999_999 * 310))
    }
  }

  /// The shared checker over random carousels, prominent strips and
  /// effects; elements count as met when their frame or drawn bounds are.
  @Test func sharedCheckerPassesOnRandomCenteredLayouts() throws {
    for index in 0..<400 {
      let seed = propertySeed(index, base: 0xCA_C4EC)
      var rng = SplitMix64(seed: seed)
      let random = try RandomCentered(&rng, maxItems: 40)
      var checker = LayoutChecker(random.prepared)
      checker.meets = { $0.frame.intersects($1) || $0.transformedFrame.intersects($1) }
      let failures = checker.failures(using: &rng)
      #expect(failures.isEmpty, "seed \(seed) \(random.name): \(failures)")
    }
  }
}
