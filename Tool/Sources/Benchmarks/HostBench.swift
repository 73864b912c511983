import LayoutCatalog
import LayoutCore
import LayoutHost
import ToolSupport

// The layout host's benchmark scenarios: what a UICollectionView costs
// through the host, against the engine's direct calls measured in the same
// run (the "floor" column) and the O(n) way (the "baseline" column).

/// A mutable host the benchmark closures share. Its methods use the host
/// in place, as a `UICollectionViewLayout` subclass does with its own
/// stored host (reading `box.host` from a closure copies the whole host).
package final class HostBox<Prepared: PreparedLayout> {
  package var host: LayoutHost<Prepared>
  package var counter = 0
  /// How many elements the last scroll frame read.
  package var lastCount = 0
  package init(_ host: LayoutHost<Prepared>) { self.host = host }

  /// One scroll frame as UIKit makes it: from `old` to `new` bounds, the
  /// bounds-change check, the context and its application, then the
  /// layout pass (`layOut`: the prepare, the content size, the elements in
  /// the new bounds, read in place as the UIKit layout reads them,
  /// `withElements(in:_:)`; what it does with each, making a UIKit object,
  /// is UIKit's cost and not measured).
  package func scrollFrame(from old: Rect, to new: Rect) {
    lastCount = Self.scrollFrame(&host, from: old, to: new)
  }

  /// The frame on the host in place: a non-mutating call on a class's
  /// stored struct copies the struct first (the class could change it
  /// during the call); through `inout` it is used where it is. Returns
  /// how many elements it read.
  package static func scrollFrame(_ host: inout LayoutHost<Prepared>, from old: Rect, to new: Rect) -> Int {
    try? host.setBounds(old)
    moveBounds(&host, to: new)
    return layOut(&host)
  }

  /// UIKit's layout pass after a bounds change as a shell passes it on
  /// (UIKit prepares after every invalidation, then asks for the content
  /// size and the elements in the bounds): the host's prepare for the
  /// frame with its own counts, its content size, and its elements, read.
  /// Returns how many elements it read.
  @discardableResult
  package static func layOut(_ host: inout LayoutHost<Prepared>) -> Int {
    let bounds = host.bounds
    _ = try? host.prepareForFrame(bounds: bounds, counts: host.counts)
    blackHole(host.contentSize)
    return host.withElements(in: bounds) { elements in
      read(elements)
      return elements.count
    }
  }

  /// UIKit's bounds change as a shell passes it on: the question, then
  /// the context and its application, or the bounds moved without one.
  package static func moveBounds(_ host: inout LayoutHost<Prepared>, to bounds: Rect) {
    if host.shouldInvalidate(forBoundsChange: bounds) {
      let context = host.invalidationContext(forBoundsChange: bounds)
      host.invalidate(with: context)
    } else {
      try? host.setBounds(bounds)
    }
  }

  /// Reads every element's centre, as a shell reads what it is given (the
  /// host frames' answers and their floor's).
  package static func read<C: Collection<LayoutAttributes>>(_ elements: C) {
    var sum = 0.0
    for e in elements { sum += e.center.y }
    blackHole(sum)
  }
}

extension BenchScenario {
  /// The host scenarios, after the layouts'.
  package static var hostScenarios: [BenchScenario] {
    [
      // The catalog's presets and default item sizes (`BenchCaseTests`
      // holds every host and shell scenario's name to a catalog layout).
      .hostFrame(
        "host-frame-carousel", CarouselPreset.spotify.layout, sizes: LayoutCatalog.carousel.defaultItemSizes.source,
        viewport: Size(width: 390, height: 300), horizontal: LayoutCatalog.carousel.isHorizontal),
      .hostFrame(
        "host-frame-sticky", StickyPreset.jungleCup.layout, sizes: LayoutCatalog.sticky.defaultItemSizes.source,
        viewport: Size(width: 390, height: 844), horizontal: LayoutCatalog.sticky.isHorizontal, sectionLength: 50),
      .hostFrame(
        "host-frame-flow-pinned", FlowPreset.photos.layout, sizes: .uniform(Size(width: 96, height: 96)),
        viewport: Size(width: 390, height: 844), horizontal: LayoutCatalog.flow.isHorizontal, sectionLength: 60),
      .hostPreferredSize,
      .hostPreferredSize(
        "host-size-flow", FlowLayout(lineSpacing: 4, interItemSpacing: 4), estimate: Size(width: 80, height: 30)
      ) { k in Size(width: 60 + Double(k % 9) * 10, height: 30 + Double(k % 5)) },
      .hostPreferredSize(
        "host-size-sticky", StickyHeaderLayout(cellSize: .items), estimate: Size(width: 390, height: 44)
      ) {
        k in Size(width: 390, height: 40 + Double(k % 7) * 3)
      },
      .hostPreferredSize(
        "host-size-waterfall", WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8),
        estimate: Size(width: 3, height: 4)
      ) { k in Size(width: 3000, height: 1500 + Double(k % 11) * 300) },
      .hostBatchUpdate,
    ]
  }

  /// One scroll frame through the host, as UIKit makes it: the bounds
  /// change check, the invalidation context and its application, and the
  /// elements in the new rectangle; frames 1/120 s apart at 2,000 pt/s,
  /// timed once each in scroll order (each context follows the last); the
  /// answer read in place, as the UIKit layout reads it. Floor: the
  /// engine's direct query at the same offsets, its answer read the same
  /// way.
  package static func hostFrame<L: CollectionLayout>(
    _ name: String, _ layout: L, sizes: ItemSizeSource, viewport: Size, horizontal: Bool, sectionLength: Int? = nil
  ) -> BenchScenario where L.Prepared.State == ScrollState {
    BenchScenario(name: name) { n, samples, seed in
      var host = LayoutHost(layout, itemSizes: sizes)
      let counts =
        sectionLength.map { length in
          (0..<((n + length - 1) / length)).map { Swift.min(length, n - $0 * length) }
        } ?? [n]
      let start = nanoseconds()
      try host.prepare(bounds: Rect(origin: .zero, size: viewport), counts: counts)
      let prepareNs = Double(nanoseconds() - start)
      guard let prepared = host.prepared else { throw CLIError("\(name): not prepared") }
      var rng = BenchRandom(seed: seed)
      let range = prepared.offsetBounds(at: ScrollState())
      let step = 2000.0 / 120
      let span = step * Double(samples + 1)
      let low = horizontal ? range.min.x : range.min.y
      let high = Swift.max(low, (horizontal ? range.max.x : range.max.y) - span)
      let first = rng.double(in: low...high)
      let offsets = (0...samples).map { i -> Point in
        let v = first + step * Double(i)
        return horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v)
      }
      let box = HostBox(host)
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
        box.scrollFrame(
          from: Rect(origin: offsets[i], size: viewport), to: Rect(origin: offsets[i + 1], size: viewport))
      }
      // The engine's answer, read as the host's is.
      let floor: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        let offset = offsets[i + 1]
        prepared.attributes(
          in: Rect(origin: offset, size: viewport), at: ScrollState(contentOffset: offset), into: &result)
        HostBox<L.Prepared>.read(result)
      }
      let states = offsets.dropFirst().map { ScrollState(contentOffset: $0) }
      return BenchSubject(
        engine: engine, baseline: NaiveBaseline.loopingOverCells(prepared, Array(states)), keepAlive: box,
        prepareNs: prepareNs, preparedBytes: nil, floor: floor, repeats: 1, lastResultCount: { box.lastCount })
    }
  }

  /// A self-sizing cell's preferred size through the host (should it
  /// invalidate, the context with its offset adjustment, applying it), for
  /// tags near and above the viewport of a cloud of estimates. Floor: the
  /// engine's own size update with the anchor kept; baseline: preparing the
  /// whole cloud again (what invalidating everything costs).
  package static var hostPreferredSize: BenchScenario {
    BenchScenario(name: "host-size-tags") { n, samples, seed in
      let cloud = TagCloudLayout(paragraphLength: 64)
      let viewport = Size(width: 390, height: 844)
      var host = LayoutHost(itemSizes: .uniform(Size(width: 80, height: 30))) { items, viewport throws(LayoutError) in
        try cloud.prepare(estimated: items, viewport: viewport)
      }
      let start = nanoseconds()
      try host.prepare(bounds: Rect(origin: .zero, size: viewport), counts: [n])
      let prepareNs = Double(nanoseconds() - start)
      try host.setBounds(Rect(x: 0, y: host.contentSize.height / 2, width: 390, height: 844))
      let firstVisible = host.elements(in: host.bounds).map(\.id.item).min() ?? 0
      var rng = BenchRandom(seed: seed)
      let items = (0..<samples).map { _ in clamp(firstVisible - 60 + Int(rng.double(in: 0...150)), 0, n - 1) }
      let box = HostBox(host)
      guard var direct = host.prepared else { throw CLIError("host-size-tags: not prepared") }
      let directBox = HostBox(host)
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
        box.counter &+= 1
        let size = Size(width: 60 + Double(box.counter % 9) * 10, height: 30 + Double(box.counter % 5))
        let context = box.host.invalidationContext(forPreferredSize: size, of: .cell(items[i]))
        box.host.invalidate(with: context)
      }
      let floor: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
        directBox.counter &+= 1
        let size = Size(width: 60 + Double(directBox.counter % 9) * 10, height: 30 + Double(directBox.counter % 5))
        let offset = Point(x: 0, y: viewport.height)
        let mark = direct.mark(.firstVisible, at: offset)
        direct.setMeasuredSize(size, for: .cell(items[i]))
        blackHole(direct.offset(keeping: mark, from: offset))
      }
      let baseline = NaiveBaseline { _, _ in
        blackHole(
          try? cloud.prepare(
            estimated: LayoutItems(count: n, size: Size(width: 80, height: 30)), viewport: Viewport(size: viewport)))
      }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: box, prepareNs: prepareNs, preparedBytes: nil, floor: floor)
    }
  }

  /// A self-sizing cell's preferred size through the host for a layout
  /// prepared from estimates (the flow, the sticky list, the waterfall), as
  /// `host-size-tags` does for the tag cloud: cells near and above the
  /// viewport, half-way down n cells of `estimate`, take `size(k)` for the
  /// k-th update (should it invalidate, the context with its offset
  /// adjustment, applying it). Floor: the engine's own update with the
  /// first visible element as its anchor and the offset that keeps it;
  /// baseline: preparing every estimate again (what invalidating
  /// everything costs).
  package static func hostPreferredSize<L: EstimatingLayout>(
    _ name: String, _ layout: L, estimate: Size, size: @escaping @Sendable (Int) -> Size
  ) -> BenchScenario where L.Prepared.State == ScrollState {
    BenchScenario(name: name) { n, samples, seed in
      let viewport = Size(width: 390, height: 844)
      var host = LayoutHost(layout, itemSizes: .uniform(estimate), estimated: true)
      let start = nanoseconds()
      try host.prepare(bounds: Rect(origin: .zero, size: viewport), counts: [n])
      let prepareNs = Double(nanoseconds() - start)
      try host.setBounds(Rect(x: 0, y: host.contentSize.height / 2, width: 390, height: 844))
      let firstVisible = host.elements(in: host.bounds).filter { $0.id.kind == .cell }.map(\.id.item).min() ?? 0
      var rng = BenchRandom(seed: seed)
      let items = (0..<samples).map { _ in clamp(firstVisible - 60 + Int(rng.double(in: 0...150)), 0, n - 1) }
      let box = HostBox(host)
      guard var direct = host.prepared else { throw CLIError("\(name): not prepared") }
      let directBox = HostBox(host)
      let offset = host.bounds.origin
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
        box.counter &+= 1
        let context = box.host.invalidationContext(forPreferredSize: size(box.counter), of: .cell(items[i]))
        box.host.invalidate(with: context)
      }
      let floor: (Int, inout [LayoutAttributes]) -> Void = { i, _ in
        directBox.counter &+= 1
        blackHole(direct.recordPreferredSize(size(directBox.counter), for: .cell(items[i]), anchoredAt: offset))
      }
      let baseline = NaiveBaseline { _, _ in
        blackHole(
          try? layout.prepare(estimated: LayoutItems(count: n, size: estimate), viewport: Viewport(size: viewport)))
      }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: box, prepareNs: prepareNs, preparedBytes: nil, floor: floor)
    }
  }

  /// A batch update of 8 deletions and 8 insertions into n items through the
  /// host (the mapping from UIKit's edits, the new layout, the anchored
  /// offset, the visible elements, finalising). Floor: the engine's direct
  /// visible query; baseline: the same change found by diffing two n-item
  /// snapshots (O(n)).
  package static var hostBatchUpdate: BenchScenario {
    BenchScenario(name: "host-update-flow") { n, samples, seed in
      let viewport = Size(width: 390, height: 844)
      var host = LayoutHost(
        FlowLayout(lineSpacing: 2, interItemSpacing: 2), itemSizes: .uniform(Size(width: 96, height: 96)))
      let start = nanoseconds()
      try host.prepare(bounds: Rect(origin: .zero, size: viewport), counts: [n])
      let prepareNs = Double(nanoseconds() - start)
      try host.setBounds(Rect(x: 0, y: host.contentSize.height / 3, width: 390, height: 844))
      var rng = BenchRandom(seed: seed)
      let k = Swift.min(8, n / 2)
      func distinct(_ count: Int) -> [Int] {
        var picked = Set<Int>()
        while picked.count < count { picked.insert(Int(rng.double(in: 0...Double(n - 1)))) }
        return picked.sorted()
      }
      let updates: [[CollectionUpdate]] = (0..<samples).map { _ in
        distinct(k).map { CollectionUpdate.deleteItem(ItemPath(section: 0, item: $0)) }
          + distinct(k).map { CollectionUpdate.insertItem(ItemPath(section: 0, item: $0)) }
      }
      let box = HostBox(host)
      let engine: (Int, inout [LayoutAttributes]) -> Void = { i, result in
        try? box.host.prepare(forUpdates: updates[i], counts: [n])
        box.host.elements(in: box.host.bounds, into: &result)
        box.host.finalizeUpdates()
      }
      guard let prepared = host.prepared else { throw CLIError("host-update-flow: not prepared") }
      let bounds = host.bounds
      let floor: (Int, inout [LayoutAttributes]) -> Void = { _, result in
        prepared.attributes(in: bounds, at: ScrollState(contentOffset: bounds.origin), into: &result)
      }
      let before = LibrarySnapshot<Int, Int>(counts: [n])
      let gone = Set(distinct(k))
      var after = before.sections[0].items.filter { !gone.contains($0) }
      for (j, position) in distinct(k).enumerated() { after.insert(n + j, at: position) }
      let afterSnapshot = LibrarySnapshot<Int, Int>(sections: [.init(id: 0, items: after)])
      let baseline = NaiveBaseline { _, _ in blackHole(SnapshotChange(from: before, to: afterSnapshot)) }
      return BenchSubject(
        engine: engine, baseline: baseline, keepAlive: (box, before, afterSnapshot), prepareNs: prepareNs,
        preparedBytes: nil, floor: floor)
    }
  }
}
