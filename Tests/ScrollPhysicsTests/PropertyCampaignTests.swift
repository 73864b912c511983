import GestureScripting
import LayoutCatalog
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The seeded property campaign: ≥ 100,000 random (layout configuration ×
/// gesture script) cases over the carousel (every preset and random
/// effects), the prominent layout, flow, sticky headers, the album pager,
/// the mosaic, the waterfall, the photo grid (each mode), tag clouds
/// (estimates partly measured) and tag tables. Each case runs its script frame by frame through a
/// `LayoutScroller`, then lets the motion come to rest. Checked: nothing
/// traps, every offset, velocity and visible attribute is finite, no frame
/// jumps (in scripts without `jump` or `scroll`, each frame moves no
/// further than its velocities, the finger and a viewport's slack allow),
/// the surface ends at rest inside its bounds, and on every snapping layout
/// the rest is exactly an item's centring offset.
///
/// Prints `campaign: N cases, seed S`. `SCROLLWORK_CAMPAIGN_SEED` and
/// `SCROLLWORK_CAMPAIGN_CASES` change the seed and the count (for a longer
/// hunt); a failure names the case's own seed, which reproduces it alone.
@Suite struct PropertyCampaignTests {
  static let defaultSeed: UInt64 = 0x15_CA_3A_16
  static let defaultCases = 100_000

  static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  /// What one chunk of the campaign found.
  struct Tally: Sendable {
    var cases = 0
    var frames = 0
    var snaps = 0
    var continuity = 0
    var failures: [String] = []
  }

  /// What every case of one run gets: the viewport, the items, the script.
  struct Case {
    var viewport: Viewport
    var count: Int
    var size: Size
    var items: LayoutItems
    var gestures: GestureScript
    var fps: Double
    var label: String
  }

  /// How often each layout is drawn, relative to 1: the snapping layouts
  /// more (their rests are checked exactly).
  static let weights = ["carousel": 3, "prominent": 2]

  /// The catalog's layouts, each as often as its weight.
  static let weighted: [String] = LayoutCatalog.all.flatMap {
    Array(repeating: $0.name, count: weights[$0.name] ?? 1)
  }

  /// A random configuration of each layout of the catalog, by name, run
  /// through `check`.
  static let cases: [String: @Sendable (inout SplitMix64, Case, inout Tally) throws -> Void] = [
    "carousel": { rng, c, tally in
      var layout = CarouselLayout.presets[rng.int(in: 0...CarouselLayout.presets.count - 1)].layout
      if rng.chance(0.5) {
        layout.itemSize = rng.chance(0.3) ? nil : c.size
        layout.spacing = rng.double(in: -10...40)
        layout.snapping = CenteredStrip.Snapping.allCases[rng.int(in: 0...2)]
      }
      let prepared = try layout.prepare(items: c.items, viewport: c.viewport)
      try check(prepared, c.gestures, fps: c.fps, snap: prepared, label: c.label, into: &tally)
    },
    "prominent": { rng, c, tally in
      let layout = ProminentLayout(
        itemSize: c.size, lineSpacing: rng.double(in: 0...30), minScale: rng.double(in: 0...1),
        minAlpha: rng.double(in: 0...1), snapping: rng.chance(0.8) ? .nearest : .oneItem)
      let prepared = try layout.prepare(items: c.items, viewport: c.viewport)
      try check(prepared, c.gestures, fps: c.fps, snap: prepared, label: c.label, into: &tally)
    },
    "flow": { rng, c, tally in
      let layout = FlowLayout(
        axis: rng.chance(0.5) ? .vertical : .horizontal, lineSpacing: rng.double(in: 0...20),
        interItemSpacing: rng.double(in: 0...20), headerLength: rng.double(in: 0...60), pinsHeaders: rng.chance(0.5))
      try check(
        layout.prepare(items: c.items, viewport: c.viewport), c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "sticky": { rng, c, tally in
      let layout = StickyHeaderLayout(
        headerHeight: rng.double(in: 0...400), menuHeight: rng.double(in: 0...60),
        sectionHeaderHeight: rng.double(in: 0...50), isHeaderStretchy: rng.chance(0.5), isMenuSticky: rng.chance(0.5),
        areSectionHeadersSticky: rng.chance(0.5))
      try check(
        layout.prepare(items: c.items, viewport: c.viewport), c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "album": { rng, c, tally in
      let layout = AlbumPagerLayout(spacing: rng.double(in: 0...150), minimumWidth: rng.double(in: 10...60))
      try check(
        layout.prepare(items: c.items, viewport: c.viewport), c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "mosaic": { rng, c, tally in
      let segments = MosaicLayout.Segment.allCases
      let layout = MosaicLayout(
        segmentHeight: rng.double(in: 20...400), spacing: rng.double(in: 0...10),
        opening: (0..<rng.int(in: 0...2)).map { _ in segments[rng.int(in: 0...segments.count - 1)] },
        cycle: (0..<rng.int(in: 1...3)).map { _ in segments[rng.int(in: 0...segments.count - 1)] })
      let items = sectioned(c.count, c.size, &rng)
      try check(
        layout.prepare(items: items, viewport: c.viewport), c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "waterfall": { rng, c, tally in
      let layout = WaterfallLayout(
        columnCount: rng.int(in: 1...5), columnSpacing: rng.double(in: 0...20), itemSpacing: rng.double(in: 0...20),
        headerHeight: rng.chance(0.5) ? 0 : rng.double(in: 0...50), footerHeight: rng.double(in: 0...20),
        direction: rng.chance(0.5) ? .leftToRight : .rightToLeft)
      let items = LayoutItems(
        sections: [.each((0..<c.count).map { _ in Size(width: c.size.width, height: rng.double(in: 20...300)) })])
      try check(
        layout.prepare(items: items, viewport: c.viewport), c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "photos": { rng, c, tally in
      let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(rng.int(in: 1...15))]
      let layout = PhotoGridLayout.photosMonths.with(mode: modes[rng.int(in: 0...2)])
      let items = sectioned(c.count, c.size, &rng)
      try check(
        layout.prepare(items: items, viewport: c.viewport), c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "tags": { rng, c, tally in
      let cloud = TagCloudLayout(
        lineSpacing: rng.double(in: 0...10), itemSpacing: rng.double(in: 0...10),
        headerHeight: rng.chance(0.5) ? 0 : rng.double(in: 0...40), isRightToLeft: rng.chance(0.3),
        paragraphLength: rng.chance(0.5) ? 0 : rng.int(in: 1...6))
      let items = LayoutItems(
        sections: [
          .each((0..<c.count).map { _ in Size(width: rng.double(in: 10...200), height: rng.double(in: 16...60)) })
        ])
      // Estimates, the first lines measured (as after scrolling there).
      var prepared = try cloud.prepare(estimated: items, viewport: c.viewport)
      prepared.measure(through: rng.double(in: 0...1500)) { _ in
        Size(width: rng.double(in: 10...240), height: rng.double(in: 16...70))
      }
      try check(prepared, c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "tag-table": { rng, c, tally in
      let cloud = TagCloudLayout(
        lineSpacing: rng.double(in: 0...10), itemSpacing: rng.double(in: 0...10),
        headerHeight: rng.chance(0.5) ? 0 : rng.double(in: 0...40), isRightToLeft: rng.chance(0.3),
        paragraphLength: rng.chance(0.5) ? 0 : rng.int(in: 1...6))
      let table = TagTableLayout(cloud: cloud, rowSpacing: rng.double(in: 0...4))
      let rows = sectioned(c.count, c.size, &rng).sections.map { section in
        ItemSizes.each((0..<min(section.count, 12)).map { _ in Size(width: rng.double(in: 10...150), height: 24) })
      }
      let prepared = try table.prepare(items: LayoutItems(sections: rows), viewport: c.viewport)
      try check(prepared, c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
    "looping": { rng, c, tally in
      var layout = LoopingCarouselLayout.presets[rng.int(in: 0...LoopingCarouselLayout.presets.count - 1)].layout
      if rng.chance(0.5) {
        layout.itemSize = rng.chance(0.3) ? nil : c.size
        layout.spacing = rng.double(in: 0...40)
      }
      try check(
        layout.prepare(items: c.items, viewport: c.viewport), c.gestures, fps: c.fps, label: c.label, into: &tally)
    },
  ]

  @Test func everyLayoutOfTheCatalogHasACase() {
    let missing = LayoutCatalog.names.filter { Self.cases[$0] == nil }
    #expect(missing.isEmpty, "the campaign has no case for \(missing)")
    #expect(Set(Self.cases.keys).isSubset(of: Set(LayoutCatalog.names)), "a case for a layout the catalog lacks")
    #expect(Set(Self.weighted) == Set(LayoutCatalog.names))
  }

  @Test func campaign() async {
    let seed = Self.environment("SCROLLWORK_CAMPAIGN_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
    let cases = Self.environment("SCROLLWORK_CAMPAIGN_CASES").flatMap { Int($0) } ?? Self.defaultCases
    let chunks = 8
    let total = await withTaskGroup(of: Tally.self) { group in
      for chunk in 0..<chunks {
        group.addTask {
          var tally = Tally()
          var index = chunk
          while index < cases {
            Self.run(case: index, base: seed, into: &tally)
            index += chunks
          }
          return tally
        }
      }
      var all = Tally()
      for await tally in group {
        all.cases += tally.cases
        all.frames += tally.frames
        all.snaps += tally.snaps
        all.continuity += tally.continuity
        all.failures += tally.failures
      }
      return all
    }
    print(
      "campaign: \(total.cases) cases, seed \(seed) (\(total.frames) frames, \(total.snaps) exact snaps and "
        + "\(total.continuity) jump-free runs checked, \(total.failures.count) failures)")
    #expect(total.continuity > cases / 4, "most scripts are checked for jumps")
    #expect(total.cases == cases)
    #expect(total.snaps > cases / 4, "most cases end on a snapping layout")
    for failure in total.failures.prefix(20) { Issue.record(Comment(rawValue: failure)) }
    #expect(total.failures.isEmpty)
  }

  /// A random script: a few random steps, then a drag and a release (so
  /// that the end is a release, whose rest a snapping layout decides).
  static func script(_ rng: inout SplitMix64) -> String {
    func duration() -> String { String(rng.double(in: 0...0.25)) }
    func delta() -> String {
      rng.chance(0.1)
        ? "\(rng.double(in: -1e6...1e6)),\(rng.double(in: -1e6...1e6))"
        : "\(rng.double(in: -800...800)),\(rng.double(in: -800...800))"
    }
    func point() -> String {
      rng.chance(0.1) ? "1e300,-1e300" : "\(rng.double(in: -2000...20000)),\(rng.double(in: -2000...20000))"
    }
    var steps: [String] = []
    for _ in 0..<rng.int(in: 0...4) {
      switch rng.int(in: 0...7) {
      case 0, 1: steps.append("drag \(delta()) \(duration())")
      case 2: steps.append("hold \(duration())")
      case 3: steps.append("release")
      case 4: steps.append("wait \(duration())")
      case 5: steps.append("tap")
      case 6: steps.append("jump \(point())")
      default: steps.append("scroll \(point())")
      }
    }
    steps.append("drag \(delta()) \(duration())")
    if rng.chance(0.3) { steps.append("hold \(duration())") }
    steps.append("release")
    return steps.joined(separator: rng.chance(0.5) ? "; " : "\r\n")
  }

  static func run(case index: Int, base: UInt64, into tally: inout Tally) {
    let seed = propertySeed(index, base: base)
    var rng = SplitMix64(seed: seed)
    let viewport = Viewport(width: rng.double(in: 100...600), height: rng.double(in: 100...900))
    let count = rng.chance(0.05) ? rng.int(in: 0...1) : rng.int(in: 2...80)
    let size = Size(width: rng.double(in: 20...300), height: rng.double(in: 20...300))
    let items = LayoutItems(count: count, size: size)
    let text = script(&rng)
    let fps = rng.double(in: 8...30)
    let label = "case \(index) seed \(seed) script '\(text)' fps \(fps)"
    do {
      let gestures = try GestureScript(text)
      // A layout of the catalog drawn by weight (the snapping carousel and
      // prominent list, whose rests are checked exactly, more often), then
      // its case: every layout of the catalog has one
      // (`everyLayoutOfTheCatalogHasACase`).
      let name = Self.weighted[rng.int(in: 0...Self.weighted.count - 1)]
      guard let run = Self.cases[name] else {
        tally.failures.append("\(label): the campaign has no case for the layout \(name)")
        tally.cases += 1
        return
      }
      let input = Case(
        viewport: viewport, count: count, size: size, items: items, gestures: gestures, fps: fps, label: label)
      try run(&rng, input, &tally)
    } catch {
      tally.failures.append("\(label): unexpected error \(error)")
    }
    tally.cases += 1
  }

  /// `count` items of `size` in one to three sections.
  static func sectioned(_ count: Int, _ size: Size, _ rng: inout SplitMix64) -> LayoutItems {
    let parts = rng.int(in: 1...3)
    return LayoutItems(
      sections: (0..<parts).map { k in .uniform(size, count: count / parts + (k < count % parts ? 1 : 0)) })
  }

  static func finite(_ a: LayoutAttributes) -> Bool {
    a.center.isFinite && a.size.isFinite && a.transform.isFinite && a.alpha.isFinite
  }

  /// Runs `script` on `layout`; with `snap`, the rest must centre an item exactly.
  static func check<P: PreparedLayout>(
    _ layout: P, _ script: GestureScript, fps: Double, snap: PreparedCenteredLayout? = nil, label: String,
    into tally: inout Tally
  ) throws where P.State == ScrollState {
    var scroller = LayoutScroller(layout: layout, state: ScrollState())
    var failure: String?
    var frames = 0
    var last = 0.0
    // No jump: without programmatic steps (which move the offset at once by
    // design), a frame moves the offset no further than its velocities
    // allow, plus the finger's largest move and twice the viewport (a
    // spring's speed can peak between two frames, within the overshoot).
    var programmatic = false
    var finger = 0.0
    for step in script.steps {
      switch step.action {
      case .jump, .scroll: programmatic = true
      case .drag(let d, _): finger = max(finger, abs(d.x) + abs(d.y))
      default: break
      }
    }
    let slack = finger + 2 * (layout.viewport.size.width + layout.viewport.size.height)
    if !programmatic { tally.continuity += 1 }
    var previous = (offset: Point.zero, velocity: Point.zero, time: 0.0)
    try script.run(on: &scroller, fps: fps) { s, time in
      frames += 1
      last = time
      guard failure == nil else { return }
      let surface = s.surface
      if !surface.contentOffset.isFinite || !surface.velocity.isFinite || !time.isFinite {
        failure = "non-finite offset \(surface.contentOffset) or velocity \(surface.velocity) at \(time)"
      } else if frames % 4 == 0, let bad = s.visibleAttributes.first(where: { !finite($0) }) {
        failure = "non-finite attributes \(bad) at \(time)"
      } else if !programmatic {
        let dt = time - previous.time
        let moved = abs(surface.contentOffset.x - previous.offset.x) + abs(surface.contentOffset.y - previous.offset.y)
        let speed =
          abs(previous.velocity.x) + abs(previous.velocity.y) + abs(surface.velocity.x) + abs(surface.velocity.y)
        if moved > speed * dt + slack {
          failure = "jump of \(moved) pt between \(previous.time) and \(time) (speed \(speed))"
        }
      }
      previous = (surface.contentOffset, surface.velocity, time)
    }
    scroller.advance(to: last + 120)
    let surface = scroller.surface
    tally.frames += frames
    if failure == nil {
      if surface.phase != .idle {
        failure = "still \(surface.phase) two minutes after the last step"
      } else if !surface.contentOffset.isFinite || surface.clamped(surface.contentOffset) != surface.contentOffset {
        failure = "rests at \(surface.contentOffset), outside \(surface.minOffset)...\(surface.maxOffset)"
      } else if let bad = scroller.visibleAttributes.first(where: { !finite($0) }) {
        failure = "non-finite attributes at rest \(bad)"
      }
    }
    if failure == nil, let snap, snap.snapping != .none {
      let axis = snap.strip.axis
      let offset = surface.contentOffset[axis]
      let item = snap.strip.nearestItem(at: offset) ?? 0
      tally.snaps += 1
      if offset != snap.strip.centeringOffset(item) || surface.contentOffset[axis.cross] != 0 {
        failure = "rests at \(surface.contentOffset), not exactly on item \(item) (\(snap.strip.centeringOffset(item)))"
      }
    }
    if let failure { tally.failures.append("\(label): \(failure)") }
  }
}
