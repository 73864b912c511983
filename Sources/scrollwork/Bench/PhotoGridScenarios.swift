import LayoutCore

extension BenchScenario {
  /// n photos in sections of 100 (at least one section).
  static func benchLibrary(_ n: Int) -> LayoutItems {
    let full = n / 100
    var sections: [ItemSizes] = Array(repeating: .uniform(Size(width: 4032, height: 3024), count: 100), count: full)
    if n % 100 != 0 || sections.isEmpty { sections.append(.uniform(Size(width: 4032, height: 3024), count: n % 100)) }
    return LayoutItems(sections: sections)
  }

  /// A transition frame between two photo grid modes at n photos: both
  /// layouts' queries plus the interpolation, at random offsets and
  /// progress. The baseline interpolates every photo of A and B and keeps
  /// those whose presented frames meet the viewport (O(n)).
  static func photosTransition(_ name: String, from: PhotoGridLayout.Mode, to: PhotoGridLayout.Mode) -> BenchScenario {
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
  static var photosAllToMonths: BenchScenario { photosTransition("photos-all-months", from: .allPhotos, to: .months) }

  /// A pinch from 3 to 5 columns at n photos.
  static var photosPinch: BenchScenario { photosTransition("photos-pinch-3-5", from: .columns(3), to: .columns(5)) }

  /// A data update: 1,000 photos inserted at random places into n photos
  /// (All Photos). The prepare column times the update: the snapshot
  /// difference, preparing B and the anchored transition. The query is a
  /// frame of that transition; the baseline interpolates every photo.
  static var photosInsert: BenchScenario {
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
        items: LayoutItems(sections: new.itemCounts.map { .uniform(Size(width: 4032, height: 3024), count: $0) }),
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

extension NaiveBaseline {
  /// A transition the O(n) way: every element of A and of B paired,
  /// interpolated and tested against the presented viewport.
  static func interpolatingEverything<A: PreparedLayout, B: PreparedLayout>(
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
