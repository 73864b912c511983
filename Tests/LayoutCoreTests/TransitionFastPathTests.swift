import LayoutCore
import ScrollworkTestSupport
import Testing

/// The transition's query places each element it finds with
/// `geometry(for:at:)` and builds whole attributes only for those it shows;
/// the photo grid's query derives frames from the line and reuses photo
/// rectangles. These tests hold both to the straightforward computations
/// they replaced, bit for bit and in the same order, on random grids,
/// pinches, mode changes and data updates.
@Suite struct TransitionFastPathTests {
  /// The transition's query as it was written before: per element found,
  /// the whole attributes looked up on the other layout, interpolated (or
  /// moved and faded), then the presented frame tested.
  static func reference<A: PreparedLayout, B: PreparedLayout>(
    _ t: LayoutTransition<A, B>, in rect: Rect, progress: Double
  ) -> [LayoutAttributes] {
    let p = clamp(progress, 0, 1)
    let o = t.offset(at: p)
    let a = t.sourceOffset
    let b = t.targetOffset
    let rectA = rect.offsetBy(dx: a.x - o.x, dy: a.y - o.y)
    let rectB = rect.offsetBy(dx: b.x - o.x, dy: b.y - o.y)
    var out: [LayoutAttributes] = []
    var found: [LayoutAttributes] = []
    t.from.attributes(in: rectA, at: t.fromState, into: &found)
    for x in found where x.frame.intersects(rectA) {
      var presented: LayoutAttributes
      if let id = t.mapping.forward(x.id), let y = t.to.attributes(for: id, at: t.toState) {
        presented = LayoutTransition<A, B>.interpolate(x, y, p)
      } else {
        presented = x
        presented.center = x.center + (o - a)
        presented.alpha = x.alpha * (1 - p)
        presented.extras.isLeaving = true
      }
      if presented.frame.intersects(rect) { out.append(presented) }
    }
    found.removeAll()
    t.to.attributes(in: rectB, at: t.toState, into: &found)
    for y in found where y.frame.intersects(rectB) {
      var presented: LayoutAttributes
      if let id = t.mapping.backward(y.id), let x = t.from.attributes(for: id, at: t.fromState) {
        if x.frame.intersects(rectA) { continue }
        presented = LayoutTransition<A, B>.interpolate(x, y, p)
      } else {
        presented = y
        presented.center = y.center + (o - b)
        presented.alpha = y.alpha * p
        presented.extras.isLeaving = false
      }
      if presented.frame.intersects(rect) { out.append(presented) }
    }
    return out
  }

  /// Whether two lists are equal element by element, every number compared
  /// by its bits.
  static func sameBits(_ x: [LayoutAttributes], _ y: [LayoutAttributes]) -> Bool {
    func bits(_ e: LayoutAttributes) -> [UInt64] {
      let c = e.extras.contentRect
      return [
        e.center.x, e.center.y, e.size.width, e.size.height, e.transform.a, e.transform.b, e.transform.c,
        e.transform.d, e.transform.tx, e.transform.ty, e.alpha, e.extras.overlayAlpha, e.extras.cornerRadius,
        e.extras.styleProgress, c?.minX ?? 0, c?.minY ?? 0, c?.width ?? 0, c?.height ?? 0,
      ].map(\.bitPattern)
    }
    guard x.count == y.count else { return false }
    return zip(x, y).allSatisfy { l, r in l == r && bits(l) == bits(r) }
  }

  static let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(1), .columns(3), .columns(5), .columns(15)]

  /// A random grid: sections of uniform or per-photo sizes (some not
  /// positive), a random viewport and column spacing.
  static func randomGrid(
    _ rng: inout SplitMix64, mode: PhotoGridLayout.Mode, counts: [Int], viewport: Viewport, spacing: Double
  ) throws -> PreparedPhotoGridLayout {
    var layout = PhotoGridLayout.photosMonths.with(mode: mode)
    layout.columnSpacing = spacing
    let items = LayoutItems(
      sections: counts.map { n in
        rng.chance(0.5)
          ? .uniform(Size(width: rng.double(in: 0...5000), height: rng.double(in: 1...5000)), count: n)
          : .each((0..<n).map { _ in Size(width: rng.double(in: 1...5000), height: rng.double(in: 0...5000)) })
      })
    return try layout.prepare(items: items, viewport: viewport)
  }

  /// A random grid in a random mode: up to 6 sections (some empty) of
  /// `photos` photos each, a random viewport and spacing; and its counts.
  static func randomGridOfAnyMode(
    _ rng: inout SplitMix64, photos: ClosedRange<Int>
  ) throws -> (PreparedPhotoGridLayout, [Int]) {
    let counts = (0..<rng.int(in: 0...6)).map { _ in rng.chance(0.2) ? 0 : rng.int(in: photos) }
    let viewport = Viewport(width: rng.double(in: 100...800), height: rng.double(in: 100...1000))
    let grid = try randomGrid(
      &rng, mode: modes[rng.int(in: 0...(modes.count - 1))], counts: counts, viewport: viewport,
      spacing: rng.double(in: 0...3))
    return (grid, counts)
  }

  @Test func photoGridGeometryIsTheLookupsCentreAndSize() throws {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0x6E0_F00D)
      var rng = SplitMix64(seed: seed)
      let (g, counts) = try Self.randomGridOfAnyMode(&rng, photos: 1...30)
      for _ in 0..<60 {
        let kind: ElementKind = rng.chance(0.2) ? .header : rng.chance(0.05) ? .footer : .cell
        let id = ElementID(kind: kind, section: rng.int(in: -1...(counts.count + 1)), item: rng.int(in: -1...32))
        let whole = g.attributes(for: id, at: ScrollState())
        let placed = g.geometry(for: id, at: ScrollState())
        #expect((whole == nil) == (placed == nil), "seed \(seed) \(id)")
        if let whole, let placed {
          #expect(whole.center == placed.center && whole.size == placed.size, "seed \(seed) \(id)")
        }
      }
    }
  }

  @Test func modeChangesMatchTheStraightforwardQuery() throws {
    var checked = 0
    var viewportFrames = 0
    for index in 0..<150 {
      let seed = propertySeed(index, base: 0xFA57_1A7E)
      var rng = SplitMix64(seed: seed)
      let counts = (0..<rng.int(in: 1...8)).map { _ in rng.chance(0.2) ? 0 : rng.int(in: 1...60) }
      let viewport = Viewport(width: rng.double(in: 200...800), height: rng.double(in: 200...1000))
      let spacing = rng.double(in: 0...3)
      let modeA = Self.modes[rng.int(in: 0...(Self.modes.count - 1))]
      let modeB = Self.modes[rng.int(in: 0...(Self.modes.count - 1))]
      // Same photos in both (the same draws): the grids differ in mode.
      var copy = rng
      let a = try Self.randomGrid(&rng, mode: modeA, counts: counts, viewport: viewport, spacing: spacing)
      let b = try Self.randomGrid(&copy, mode: modeB, counts: counts, viewport: viewport, spacing: spacing)
      let bounds = a.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
        anchoredAt: rng.chance(0.5) ? nil : Point(x: rng.double(in: 0...400), y: rng.double(in: 0...900)))
      // Type-erased, as the animator and the host hold their layouts.
      let erased = LayoutTransition(
        from: AnyPreparedLayout(a), at: t.fromState, to: AnyPreparedLayout(b), at: t.toState)
      for _ in 0..<8 {
        let p = rng.chance(0.2) ? Double(rng.int(in: 0...1)) : rng.double(in: 0...1)
        let rect =
          rng.chance(0.5)
          ? t.viewportRect(at: p)
          : Rect(
            x: rng.double(in: -100...600), y: t.offset(at: p).y + rng.double(in: -600...900),
            width: rng.double(in: 0...800), height: rng.chance(0.1) ? 0 : rng.double(in: 0...1500))
        var found: [LayoutAttributes] = []
        t.attributes(in: rect, progress: p, into: &found)
        #expect(Self.sameBits(found, Self.reference(t, in: rect, progress: p)), "seed \(seed) p \(p)")
        var viaErased: [LayoutAttributes] = []
        erased.attributes(in: rect, progress: p, into: &viaErased)
        #expect(Self.sameBits(viaErased, Self.reference(erased, in: rect, progress: p)), "seed \(seed) p \(p)")
        checked += found.count
        // The viewport itself, from the candidates found at the start.
        viewportFrames += TransitionCandidatesTests.checkViewport(t, progress: p, seed: seed)
        _ = TransitionCandidatesTests.checkViewport(erased, progress: p, seed: seed)
      }
    }
    #expect(checked > 1000)
    #expect(viewportFrames > 2000)
  }

  /// The photo grid's walk visits what its query appends, in the same
  /// order, with the same identities, centres and sizes, and completes
  /// each to the query's attributes, bit for bit.
  @Test func photoGridWalkIsItsQueryWithoutTheRest() throws {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0x3A1C_6E0)
      var rng = SplitMix64(seed: seed)
      let (g, _) = try Self.randomGridOfAnyMode(&rng, photos: 1...40)
      for _ in 0..<10 {
        let rect = Rect(
          x: rng.double(in: -200...800), y: rng.double(in: -500...(g.contentHeight + 500)),
          width: rng.chance(0.1) ? 0 : rng.double(in: 0...900), height: rng.chance(0.1) ? 0 : rng.double(in: 0...1500))
        let queried = g.attributes(in: rect, at: ScrollState())
        var walked: [(ElementID, Point, Size)] = []
        var wholes: [LayoutAttributes] = []
        #expect(
          g.forEachGeometry(in: rect, at: ScrollState()) {
            walked.append(($0, $1, $2))
            wholes.append($3())
          })
        #expect(walked.count == queried.count, "seed \(seed)")
        for (w, q) in zip(walked, queried) {
          #expect(
            w.0 == q.id && w.1.x.bitPattern == q.center.x.bitPattern && w.1.y.bitPattern == q.center.y.bitPattern
              && w.2.width.bitPattern == q.size.width.bitPattern && w.2.height.bitPattern == q.size.height.bitPattern,
            "seed \(seed) \(q.id)")
        }
        // The completed attributes are the query's, bit for bit.
        #expect(Self.sameBits(wholes, queried), "seed \(seed)")
      }
    }
  }

  /// Layouts without a walk (the default `forEachGeometry` says so) are
  /// queried into the result as scratch; the frame is the same as the
  /// straightforward query's, and the scratch is gone after.
  @Test func layoutsWithoutAWalkMatchTheStraightforwardQuery() throws {
    var checked = 0
    var viewportFrames = 0
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0xF10_3A7)
      var rng = SplitMix64(seed: seed)
      let n = rng.int(in: 0...300)
      let items = LayoutItems(
        sections: [.each((0..<n).map { _ in Size(width: rng.double(in: 20...200), height: rng.double(in: 20...200)) })])
      let viewport = Viewport(width: rng.double(in: 200...600), height: rng.double(in: 300...900))
      // Half the time the viewport changes size on the way (a rotation).
      let viewportB =
        rng.chance(0.5) ? viewport : Viewport(width: rng.double(in: 200...900), height: rng.double(in: 200...900))
      let flow = try FlowLayout().prepare(items: items, viewport: viewport)
      let waterfall = try WaterfallLayout().prepare(items: items, viewport: viewportB)
      #expect(!flow.forEachGeometry(in: .zero, at: ScrollState()) { _, _, _, _ in })
      let bounds = flow.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: flow, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: waterfall,
        at: ScrollState(), anchoredAt: nil)
      for _ in 0..<6 {
        let p = rng.double(in: 0...1)
        let rect = t.viewportRect(at: p).offsetBy(dx: 0, dy: rng.double(in: -300...300))
        var found = [LayoutAttributes(id: .cell(-1, section: -1), frame: .zero)]  // kept as it was
        t.attributes(in: rect, progress: p, into: &found)
        #expect(found.first?.id == .cell(-1, section: -1))
        #expect(
          Self.sameBits(Array(found.dropFirst()), Self.reference(t, in: rect, progress: p)), "seed \(seed) p \(p)")
        checked += found.count - 1
        viewportFrames += TransitionCandidatesTests.checkViewport(t, progress: p, seed: seed)
      }
    }
    #expect(checked > 500)
    #expect(viewportFrames > 500)
  }

  @Test func dataUpdatesMatchTheStraightforwardQuery() throws {
    typealias Snapshot = LibrarySnapshot<Int, Int>
    var checked = 0
    var viewportFrames = 0
    for index in 0..<80 {
      let seed = propertySeed(index, base: 0xDA7A_FA57)
      var rng = SplitMix64(seed: seed)
      var nextID = 0
      var nextSection = 1000
      let old = TransitionDataTests.randomSnapshot(&rng, photos: rng.int(in: 0...400), nextID: &nextID)
      let (new, reloaded) = TransitionDataTests.mutate(old, &rng, nextID: &nextID, nextSection: &nextSection)
      let change = SnapshotChange(from: old, to: new, reloaded: reloaded)
      let modes: [PhotoGridLayout.Mode] = [.allPhotos, .months, .columns(3), .columns(7)]
      let a = try TransitionDataTests.grid(old, modes[rng.int(in: 0...3)])
      let b = try TransitionDataTests.grid(new, modes[rng.int(in: 0...3)])
      let bounds = a.offsetBounds(at: ScrollState())
      let t = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
        mapping: .dataChange(change), anchoredAt: nil)
      for _ in 0..<6 {
        let p = rng.double(in: 0...1)
        let rect = t.viewportRect(at: p).offsetBy(dx: 0, dy: rng.double(in: -400...400))
        var found: [LayoutAttributes] = []
        t.attributes(in: rect, progress: p, into: &found)
        #expect(Self.sameBits(found, Self.reference(t, in: rect, progress: p)), "seed \(seed) p \(p)")
        checked += found.count
        viewportFrames += TransitionCandidatesTests.checkViewport(t, progress: p, seed: seed)
      }
    }
    #expect(checked > 500)
    #expect(viewportFrames > 500)
  }

  /// The data change's per-section table agrees with mapping every
  /// identity one by one through the snapshots (the brute force of
  /// `TransitionDataTests`), including sections with no change.
  @Test func snapshotChangeLooksUpUnchangedSectionsByIndex() {
    typealias Snapshot = LibrarySnapshot<Int, Int>
    let old = Snapshot(sections: (0..<50).map { s in .init(id: s, items: Array((s * 10)..<(s * 10 + 10))) })
    var sections = old.sections
    sections[7].items.insert(9_000, at: 4)
    sections[30].items.remove(at: 0)
    let change = SnapshotChange(from: old, to: Snapshot(sections: sections))
    for s in 0..<50 {
      for i in 0..<10 {
        let expected: ElementID? =
          s == 7
          ? .cell(i < 4 ? i : i + 1, section: 7)
          : s == 30
            ? (i == 0 ? nil : .cell(i - 1, section: 30))
            : .cell(i, section: s)
        #expect(change.newID(forOld: .cell(i, section: s)) == expected, "\(s) \(i)")
        if let expected { #expect(change.oldID(forNew: expected) == .cell(i, section: s)) }
      }
    }
    #expect(change.oldID(forNew: .cell(4, section: 7)) == nil)
    #expect(change.newID(forOld: .cell(10, section: 3)) == nil)
  }
}
