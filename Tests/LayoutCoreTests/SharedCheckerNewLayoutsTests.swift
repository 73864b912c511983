import LayoutCore
import ScrollworkTestSupport
import Testing

/// The shared checker (`LayoutChecker`: the query against brute force, the
/// identities, finiteness, invariants) over random configurations of the
/// layouts that landed together: mosaics, waterfalls, photo grids in each
/// mode, tag clouds (known sizes, estimates, partly measured), tag tables,
/// and photo grid transitions frozen mid-way (`PresentedTransition`). Every
/// case is seeded; a failure names its seed.
@Suite struct SharedCheckerNewLayoutsTests {
  static func viewport(_ rng: inout SplitMix64) -> Viewport {
    Viewport(width: rng.double(in: 120...1100), height: rng.double(in: 120...1000))
  }

  /// One to four sections, each uniform or of varied sizes, some empty.
  static func items(_ rng: inout SplitMix64, maxItems: Int = 60, sizes: ClosedRange<Double> = 1...300) -> LayoutItems {
    var sections: [ItemSizes] = []
    for _ in 0..<rng.int(in: 1...4) {
      let count = rng.chance(0.1) ? 0 : rng.int(in: 1...maxItems)
      if rng.chance(0.4) {
        sections.append(.uniform(Size(width: rng.double(in: sizes), height: rng.double(in: sizes)), count: count))
      } else {
        sections.append(
          .each((0..<count).map { _ in Size(width: rng.double(in: sizes), height: rng.double(in: sizes)) }))
      }
    }
    return LayoutItems(sections: sections)
  }

  static func insets(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> EdgeInsets {
    EdgeInsets(
      top: rng.double(in: range), left: rng.double(in: range), bottom: rng.double(in: range),
      right: rng.double(in: range))
  }

  /// Runs the checker on `prepared`; records the failures with `seed`.
  static func expectPasses<P: PreparedLayout>(
    _ prepared: P, seed: UInt64, _ rng: inout SplitMix64, _ what: String,
    adjust: (inout LayoutChecker<P>) -> Void = { _ in }
  ) where P.State == ScrollState {
    var checker = LayoutChecker(prepared)
    checker.states = 3
    adjust(&checker)
    let failures = checker.failures(using: &rng)
    #expect(failures.isEmpty, "\(what) seed \(seed): \(failures.prefix(4))")
  }

  @Test func mosaics() throws {
    let segments = MosaicLayout.Segment.allCases
    for index in 0..<250 {
      let seed = propertySeed(index, base: 0x3A1C_05A1)
      var rng = SplitMix64(seed: seed)
      let layout = MosaicLayout(
        segmentHeight: rng.double(in: 20...400), spacing: rng.chance(0.2) ? 0 : rng.double(in: 0...12),
        opening: (0..<rng.int(in: 0...3)).map { _ in segments[rng.int(in: 0...segments.count - 1)] },
        cycle: (0..<rng.int(in: 1...4)).map { _ in segments[rng.int(in: 0...segments.count - 1)] })
      let prepared = try layout.prepare(items: Self.items(&rng, maxItems: 80), viewport: Self.viewport(&rng))
      Self.expectPasses(prepared, seed: seed, &rng, "mosaic \(layout)")
    }
  }

  @Test func waterfalls() throws {
    for index in 0..<250 {
      let seed = propertySeed(index, base: 0xFA11_0001)
      var rng = SplitMix64(seed: seed)
      var perSection: [Int: Int] = [:]
      for _ in 0..<rng.int(in: 0...2) { perSection[rng.int(in: 0...4)] = rng.int(in: 1...6) }
      let layout = WaterfallLayout(
        columnCount: rng.int(in: 1...6), columnSpacing: rng.double(in: 0...20), itemSpacing: rng.double(in: 0...20),
        sectionInset: Self.insets(&rng, 0...30), headerHeight: rng.chance(0.5) ? 0 : rng.double(in: 0...60),
        footerHeight: rng.chance(0.5) ? 0 : rng.double(in: 0...60), sectionColumnCounts: perSection,
        direction: rng.chance(0.5) ? .leftToRight : .rightToLeft)
      let prepared = try layout.prepare(items: Self.items(&rng, maxItems: 80), viewport: Self.viewport(&rng))
      Self.expectPasses(prepared, seed: seed, &rng, "waterfall \(layout)")
    }
  }

  static func randomGrid(_ rng: inout SplitMix64, mode: PhotoGridLayout.Mode) -> PhotoGridLayout {
    guard rng.chance(0.6) else { return PhotoGridLayout.photosMonths.with(mode: mode) }
    return PhotoGridLayout(
      mode: mode, largeHeightFraction: rng.double(in: 0.2...1.5), largeInsets: insets(&rng, 0...4),
      smallInsets: insets(&rng, 0...4), headerHeight: rng.double(in: 0...80),
      summaryHeightFraction: rng.double(in: 0.2...1.2), summaryInsets: insets(&rng, 0...16),
      summaryCornerRadius: rng.double(in: 0...20), columnSpacing: rng.double(in: 0...4))
  }

  @Test(arguments: ["all", "months", "columns:1", "columns:5", "columns:N"])
  func photoGrids(mode name: String) throws {
    for index in 0..<120 {
      let seed = propertySeed(index, base: 0x9407_0000 &+ UInt64(name.utf8.count))
      var rng = SplitMix64(seed: seed)
      let mode = name == "columns:N" ? .columns(rng.int(in: 1...30)) : try #require(PhotoGridLayout.Mode(parsing: name))
      let layout = Self.randomGrid(&rng, mode: mode)
      // Wide enough that the insets leave room for the photos.
      let viewport = Viewport(width: rng.double(in: 320...1100), height: rng.double(in: 200...1000))
      let prepared = try layout.prepare(items: Self.items(&rng, maxItems: 90), viewport: viewport)
      Self.expectPasses(prepared, seed: seed, &rng, "photos \(mode)") { checker in
        // Months shows each section's summary photo only (the others have
        // no attributes, by design): no per-cell enumeration there.
        if case .months = mode { checker.maximumEnumeratedItems = 0 }
      }
    }
  }

  static func randomCloud(_ rng: inout SplitMix64) -> TagCloudLayout {
    TagCloudLayout(
      lineSpacing: rng.double(in: 0...12), itemSpacing: rng.double(in: 0...12), sectionInset: insets(&rng, 0...16),
      headerHeight: rng.chance(0.5) ? 0 : rng.double(in: 0...40), isRightToLeft: rng.chance(0.3),
      paragraphLength: rng.chance(0.5) ? 0 : rng.int(in: 1...8))
  }

  @Test func tagCloudsEstimatedAndPartlyMeasured() throws {
    for index in 0..<250 {
      let seed = propertySeed(index, base: 0x7A6C_10D0)
      var rng = SplitMix64(seed: seed)
      let cloud = Self.randomCloud(&rng)
      let items = Self.items(&rng, maxItems: 80, sizes: 4...180)
      let viewport = Self.viewport(&rng)
      if rng.chance(0.25) {
        Self.expectPasses(try cloud.prepare(items: items, viewport: viewport), seed: seed, &rng, "known tags")
        continue
      }
      var prepared = try cloud.prepare(estimated: items, viewport: viewport)
      // Measure a prefix (as scrolling down does), then some tags at random:
      // wider, narrower, taller, wider than the room (clamped).
      if rng.chance(0.5) {
        let through = rng.double(in: 0...2000)
        prepared.measure(through: through) { _ in
          rng.chance(0.2) ? nil : Size(width: rng.double(in: 4...300), height: rng.double(in: 4...120))
        }
      }
      for _ in 0..<rng.int(in: 0...30) {
        let s = rng.int(in: 0...max(0, prepared.numberOfSections - 1))
        let n = prepared.numberOfItems(inSection: s)
        guard n > 0 else { continue }
        let size = Size(width: rng.double(in: 0...(rng.chance(0.1) ? 2000 : 200)), height: rng.double(in: 0...150))
        prepared.setMeasuredSize(size, for: .cell(rng.int(in: 0...n - 1), section: s))
      }
      if rng.chance(0.15) { prepared = try prepared.resized(to: Self.viewport(&rng)) }
      Self.expectPasses(prepared, seed: seed, &rng, "estimated tags (\(prepared.measuredCount) measured)")
    }
  }

  @Test func tagTables() throws {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0x7AB1_E000)
      var rng = SplitMix64(seed: seed)
      let table = TagTableLayout(
        cloud: Self.randomCloud(&rng), rowSpacing: rng.double(in: 0...8), tableInset: Self.insets(&rng, 0...20))
      let prepared = try table.prepare(
        items: Self.items(&rng, maxItems: 40, sizes: 4...160), viewport: Self.viewport(&rng))
      Self.expectPasses(prepared, seed: seed, &rng, "tag table")
    }
  }

  /// Mid-way through a photo grid mode change (anchored, as pinching does)
  /// or a change to an unrelated layout over the same items: the frozen
  /// transition is a prepared layout, and its query follows the documented
  /// visible-set rule (`LayoutTransition`): presented frame meets R, and the
  /// frame in A meets R_A or the frame in B meets R_B.
  ///
  /// Seeds 89654020073 and 455966156195 once returned one element twice
  /// (A's query counted a frame that, read back as centre and size, only
  /// touched `R_A`); they are among the 200 again.
  @Test func presentedTransitions() throws {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0x7AA5_1710)
      try Self.transitionCase(seed: seed)
    }
  }

  static func transitionCase(seed: UInt64) throws {
    let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(1), .columns(3), .columns(7), .columns(15)]
    var rng = SplitMix64(seed: seed)
    let viewport = Viewport(width: rng.double(in: 320...900), height: rng.double(in: 300...1000))
    let items = Self.items(&rng, maxItems: 70)
    let progress = rng.chance(0.1) ? [0, 1][rng.int(in: 0...1)] : rng.double(in: 0...1)
    if rng.chance(0.75) {
      let a = try Self.randomGrid(&rng, mode: modes[rng.int(in: 0...modes.count - 1)]).prepare(
        items: items, viewport: viewport)
      let b = try Self.randomGrid(&rng, mode: modes[rng.int(in: 0...modes.count - 1)]).prepare(
        items: items, viewport: viewport)
      let from = LayoutChecker.randomOffset(for: a, using: &rng)
      let t = LayoutTransition(from: a, at: from, to: b, at: ScrollState(), mapping: .sameIdentity, anchoredAt: nil)
      Self.checkPresented(t.presented(at: progress), seed: seed, &rng, enumerates: b.layout.mode != .months)
    } else {
      let a = try WaterfallLayout(columnCount: rng.int(in: 1...4)).prepare(items: items, viewport: viewport)
      let b = try MosaicLayout.appleMosaic.prepare(items: items, viewport: viewport)
      let from = LayoutChecker.randomOffset(for: a, using: &rng)
      let to = LayoutChecker.randomOffset(for: b, using: &rng)
      let t = LayoutTransition(from: a, at: from, to: b, at: to)
      Self.checkPresented(t.presented(at: progress), seed: seed, &rng)
    }
  }

  static func checkPresented<A: PreparedLayout, B: PreparedLayout>(
    _ presented: PresentedTransition<A, B>, seed: UInt64, _ rng: inout SplitMix64, enumerates: Bool = true
  ) where A.State == ScrollState, B.State == ScrollState {
    let t = presented.transition
    let o = t.offset(at: presented.progress)
    expectPasses(presented, seed: seed, &rng, "transition at \(presented.progress)") { checker in
      // B in Months shows only each section's summary photo.
      if !enumerates { checker.maximumEnumeratedItems = 0 }
      checker.meets = { element, rect in
        guard element.frame.intersects(rect) else { return false }
        let rectA = rect.offsetBy(dx: t.sourceOffset.x - o.x, dy: t.sourceOffset.y - o.y)
        let rectB = rect.offsetBy(dx: t.targetOffset.x - o.x, dy: t.targetOffset.y - o.y)
        let inB = t.to.attributes(for: element.id, at: t.toState)
        let inA = t.mapping.backward(element.id).flatMap { t.from.attributes(for: $0, at: t.fromState) }
        return inA?.frame.intersects(rectA) == true || inB?.frame.intersects(rectB) == true
      }
    }
  }
}
