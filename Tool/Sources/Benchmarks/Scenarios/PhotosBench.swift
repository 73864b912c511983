import GestureScripting
import LayoutCatalog
import LayoutCore
import PhotoGrid
import Raster
import ScrollPhysics

// MARK: - Benchmark scenarios

extension BenchScenario {
  /// n photos in sections of 100 (at least one section).
  package static func benchLibrary(_ n: Int) -> LayoutItems {
    let full = n / 100
    var sections: [ItemSizes] = Array(repeating: .uniform(DefaultItemSizes.cameraPhoto, count: 100), count: full)
    if n % 100 != 0 || sections.isEmpty { sections.append(.uniform(DefaultItemSizes.cameraPhoto, count: n % 100)) }
    return LayoutItems(sections: sections)
  }

  /// A transition frame between two photo grid modes at n photos: both
  /// layouts' queries plus the interpolation, at random offsets and
  /// progress. The baseline interpolates every photo of A and B and keeps
  /// those whose presented frames meet the viewport (O(n)).
  package static func photosTransition(
    _ name: String, from: PhotoGridLayout.Mode, to: PhotoGridLayout.Mode
  ) -> BenchScenario {
    BenchScenario(name: name) { n, samples, seed in
      let items = benchLibrary(n)
      let viewport = Viewport(width: 390, height: 844)
      let heapBefore = heapBytes()
      let start = nanoseconds()
      let a = try PhotoGridLayout.photosMonths.with(mode: from).prepare(items: items, viewport: viewport)
      let b = try PhotoGridLayout.photosMonths.with(mode: to).prepare(items: items, viewport: viewport)
      let prepareNs = Double(nanoseconds() - start)
      let heapAfter = heapBytes()
      var rng = BenchRandom(seed: seed)
      let bounds = a.offsetBounds(at: ScrollState())
      let transitions = (0..<samples).map { _ in
        LayoutTransition(
          from: a, at: ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)), to: b, at: ScrollState(),
          anchoredAt: nil)
      }
      let progress = (0..<samples).map { _ in rng.unit() }
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        transitions[i].visibleAttributes(progress: progress[i], into: &result)
      }
      var bytes: Int?
      if let heapBefore, let heapAfter { bytes = heapAfter - heapBefore }
      return BenchSubject(
        engine: engine, baseline: .interpolatingEverything(transitions, progress), keepAlive: (a, b, transitions),
        prepareNs: prepareNs, preparedBytes: bytes)
    }
  }

  /// All Photos → Months (the seed's switch) at n photos.
  package static var photosAllToMonths: BenchScenario {
    photosTransition("photos-all-months", from: .allPhotos, to: .months)
  }

  /// A pinch from 3 to 5 columns at n photos.
  package static var photosPinch: BenchScenario {
    photosTransition("photos-pinch-3-5", from: .columns(3), to: .columns(5))
  }

  /// Beginning a pinch from 3 to 5 columns at n photos, at a random
  /// offset: the anchored transition (the anchor, the target offset, the
  /// candidates the frames are answered from) and its first frame. The
  /// floor is the direct query of the same viewport in A (a scroll frame
  /// at rest); the baseline interpolates every photo for that frame.
  package static var photosPinchBegin: BenchScenario {
    BenchScenario(name: "photos-pinch-begin") { n, samples, seed in
      let items = benchLibrary(n)
      let viewport = Viewport(width: 390, height: 844)
      let start = nanoseconds()
      let a = try PhotoGridLayout.photosMonths.with(mode: .columns(3)).prepare(items: items, viewport: viewport)
      let b = try PhotoGridLayout.photosMonths.with(mode: .columns(5)).prepare(items: items, viewport: viewport)
      let prepareNs = Double(nanoseconds() - start)
      var rng = BenchRandom(seed: seed)
      let bounds = a.offsetBounds(at: ScrollState())
      let states = (0..<samples).map { _ in ScrollState(x: 0, y: rng.double(in: bounds.min.y...bounds.max.y)) }
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        let t = LayoutTransition(from: a, at: states[i], to: b, at: ScrollState(), anchoredAt: nil)
        t.visibleAttributes(progress: 0, into: &result)
      }
      let floor: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        a.attributes(in: Rect(origin: states[i].contentOffset, size: viewport.size), at: states[i], into: &result)
      }
      let transitions = states.map { LayoutTransition(from: a, at: $0, to: b, at: ScrollState(), anchoredAt: nil) }
      return BenchSubject(
        engine: engine, baseline: .interpolatingEverything(transitions, Array(repeating: 0, count: samples)),
        keepAlive: (a, b, transitions), prepareNs: prepareNs, preparedBytes: nil, floor: floor)
    }
  }

  /// A data update: 1,000 photos inserted at random places into n photos
  /// (All Photos). The prepare column times the update: the snapshot
  /// difference, preparing B and the anchored transition. The query is a
  /// frame of that transition; the baseline interpolates every photo.
  package static var photosInsert: BenchScenario {
    BenchScenario(name: "photos-insert-1000") { n, samples, seed in
      let items = benchLibrary(n)
      let viewport = Viewport(width: 390, height: 844)
      var rng = BenchRandom(seed: seed)
      var next = 0
      let old = LibrarySnapshot<Int, Int>(
        sections: items.sections.enumerated().map { s, section in
          defer { next += section.count }
          return .init(id: s, items: Array(next..<(next + section.count)))
        })
      var sections = old.sections
      for k in 0..<1_000 {
        let s = Int(rng.next() % UInt64(sections.count))
        let at = Int(rng.next() % UInt64(sections[s].items.count + 1))
        sections[s].items.insert(next + k, at: at)
      }
      let new = LibrarySnapshot<Int, Int>(sections: sections)
      let layout = PhotoGridLayout.photosMonths
      let a = try layout.prepare(items: items, viewport: viewport)
      let y = a.contentHeight / 2
      let heapBefore = heapBytes()
      let start = nanoseconds()
      let change = SnapshotChange(from: old, to: new)
      let b = try layout.prepare(
        items: LayoutItems(sections: new.itemCounts.map { .uniform(DefaultItemSizes.cameraPhoto, count: $0) }),
        viewport: viewport)
      let transition = LayoutTransition(
        from: a, at: ScrollState(x: 0, y: y), to: b, at: ScrollState(), mapping: .dataChange(change), anchoredAt: nil)
      let prepareNs = Double(nanoseconds() - start)
      let heapAfter = heapBytes()
      let progress = (0..<samples).map { _ in rng.unit() }
      let transitions = Array(repeating: transition, count: samples)
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        transition.visibleAttributes(progress: progress[i], into: &result)
      }
      var bytes: Int?
      if let heapBefore, let heapAfter { bytes = heapAfter - heapBefore }
      return BenchSubject(
        engine: engine, baseline: .interpolatingEverything(transitions, progress),
        keepAlive: (old, new, transition), prepareNs: prepareNs, preparedBytes: bytes)
    }
  }
}

extension BenchScenario {
  /// One script step on `simulate photos --items n` (one section, All
  /// Photos, scrolled to the middle): the step as `PhotoGridSession` takes
  /// it (the library's runs, the mapping from ranges, preparing the grid,
  /// the anchored transition) plus the first frame's visible elements.
  /// The baseline is the step the way the tool took it before: the
  /// library as one integer per photo copied and edited, an edit per photo
  /// and the mapping built from them, and the new grid (O(n + k log k)).
  package static func photosStep(
    _ name: String, verb: String, arguments: @escaping (_ n: Int, _ rng: inout BenchRandom) -> [String]
  )
    -> BenchScenario
  {
    BenchScenario(name: name) { n, samples, seed in
      let viewport = Viewport(width: 390, height: 844)
      let size = DefaultItemSizes.cameraPhoto
      let start = nanoseconds()
      var session = try PhotoGridSession(
        layout: .photosMonths, counts: [n], photoSize: size, viewport: viewport, offset: .zero)
      let prepareNs = Double(nanoseconds() - start)
      session.setContentOffset(Point(x: 0, y: session.animator.grid.contentHeight / 2), animated: false, at: 0)
      session.advance(to: 0)
      var rng = BenchRandom(seed: seed)
      let steps = (0..<samples).map { _ in arguments(n, &rng) }
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        var copy = session
        try? copy.perform(nil, verb: verb, arguments: steps[i], duration: 0, at: 1)
        copy.visibleAttributes(into: &result)
      }
      let snapshot = LibrarySnapshot<Int, Int>(counts: [n])
      let layout = PhotoGridLayout.photosMonths
      let baseline = NaiveBaseline { i, _ in
        let a = Int(steps[i][0]) ?? 0
        let b = Int(steps[i][1]) ?? 0
        let new: LibrarySnapshot<Int, Int>
        let edits: [CollectionUpdate]
        if verb == "insert" {
          new = snapshot.inserting(Array(n..<(n + a)), atGlobal: b)
          edits = (0..<a).map { .insertItem(ItemPath(section: 0, item: b + $0)) }
        } else {
          new = snapshot.removing(globalRange: a..<(b + 1))
          edits = (a...b).map { .deleteItem(ItemPath(section: 0, item: $0)) }
        }
        blackHole(try? SnapshotChange(oldCounts: snapshot.itemCounts, newCounts: new.itemCounts, updates: edits))
        blackHole(
          try? layout.prepare(
            items: LayoutItems(sections: new.itemCounts.map { .uniform(size, count: $0) }), viewport: viewport))
      }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: (session, snapshot), prepareNs: prepareNs, preparedBytes: nil)
    }
  }

  /// `insert 1000 at 0`.
  package static var photosStepInsert: BenchScenario {
    photosStep("photos-step-insert", verb: "insert") { _, _ in ["1000", "0"] }
  }

  /// `delete I..I+999` at a random I.
  package static var photosStepDelete: BenchScenario {
    photosStep("photos-step-delete", verb: "delete") { n, rng in
      let first = Int(rng.double(in: 0...Double(Swift.max(0, n - 1000))))
      return [String(first), String(Swift.min(n, first + 1000) - 1)]
    }
  }
}

extension NaiveBaseline {
  /// A transition the O(n) way: every element of A and of B paired,
  /// interpolated and tested against the presented viewport.
  package static func interpolatingEverything<A: PreparedLayout, B: PreparedLayout>(
    _ transitions: [LayoutTransition<A, B>], _ progress: [Double]
  ) -> NaiveBaseline {
    guard let first = transitions.first else { return NaiveBaseline { _, _ in } }
    var idsA: [ElementID] = []
    var idsB: [ElementID] = []
    for s in 0..<first.from.numberOfSections {
      idsA.append(ElementID(kind: .header, section: s, item: 0))
      for i in 0..<first.from.numberOfItems(inSection: s) { idsA.append(.cell(i, section: s)) }
    }
    for s in 0..<first.to.numberOfSections {
      idsB.append(ElementID(kind: .header, section: s, item: 0))
      for i in 0..<first.to.numberOfItems(inSection: s) { idsB.append(.cell(i, section: s)) }
    }
    return NaiveBaseline { i, result in
      let t = transitions[i]
      let p = progress[i]
      let viewport = t.viewportRect(at: p)
      let shiftA = t.offset(at: p) - t.sourceOffset
      let shiftB = t.offset(at: p) - t.targetOffset
      for id in idsA {
        guard let x = t.from.attributes(for: id, at: t.fromState) else { continue }
        var presented: LayoutAttributes
        if let idB = t.mapping.forward(id), let y = t.to.attributes(for: idB, at: t.toState) {
          presented = LayoutTransition<A, B>.interpolate(x, y, p)
        } else {
          presented = x
          presented.center = x.center + shiftA
          presented.alpha = x.alpha * (1 - p)
        }
        if presented.frame.intersects(viewport) { result.append(presented) }
      }
      for id in idsB {
        guard let y = t.to.attributes(for: id, at: t.toState) else { continue }
        if let idA = t.mapping.backward(id), t.from.attributes(for: idA, at: t.fromState) != nil { continue }
        var presented = y
        presented.center = y.center + shiftB
        presented.alpha = y.alpha * p
        if presented.frame.intersects(viewport) { result.append(presented) }
      }
    }
  }
}
