import FuzzSupport
import HostRecording
import LayoutCore
import LayoutHost
import ScrollworkTestSupport

/// The layout host under UIKit-shaped call sequences with hostile values:
/// the first bytes pick a layout of `RandomLayouts` and a seed for its
/// random configuration; the rest is a sequence of calls (prepare with any
/// bounds and counts, queries with any rectangle and index path, bounds
/// changes, preferred sizes, batch updates that may not fit the counts,
/// snapping). Checks: nothing traps; every attribute, size and offset that
/// comes out is finite; contexts are sorted and unique and never invalidate
/// everything for a pure scroll; a refused call changes nothing; after each
/// step the elements at the bounds equal those of a fresh host prepared
/// there (when the layout takes no preferred sizes, whose sizes a fresh
/// host would not know); a replay's banded answer over a long rectangle is
/// one query's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHost(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
  let layouts = RandomLayouts.all
  let layout = layouts[input.int(in: 0...(layouts.count - 1))]
  var random = SplitMix64(seed: input.u64())
  let drawn = layout.random(&random)
  fuzzContext = layout.name
  var host = drawn.host
  var counts = drawn.counts.map { Swift.min($0, 400) }
  do throws(HostError) {
    try host.prepare(bounds: drawn.bounds, counts: counts)
  } catch {
    return 0
  }
  var sized = false
  for _ in 0..<input.int(in: 1...24) {
    if input.isEmpty { break }
    let before = host.bounds
    switch input.byte() % 11 {
    case 0:
      let bounds = Rect(origin: input.point(typical: -500...5000), size: input.size(typical: 1...1400))
      let newCounts = input.bool() ? counts : (0..<input.int(in: 0...4)).map { _ in input.count(typical: 300) }
      do throws(HostError) {
        try host.prepare(bounds: bounds, counts: newCounts)
        counts = newCounts
      } catch {
        // A refused prepare may leave the host unprepared (documented); it must not trap.
        check(host.elements(in: host.bounds).isEmpty || host.contentSize.isFinite, "answers after a refusal")
      }
    case 1:
      let rect = Rect(origin: input.point(typical: -500...5000), size: input.size(typical: 0...3000))
      for a in host.elements(in: rect) { checkFinite(a) }
      if input.bool() {
        // The replay answers a long rectangle band by band (issue #36):
        // the same list as one query sorted by identity. Small chunks
        // force many bands.
        var replay = HostReplay(host: host) { [host] _ in host }
        replay.elementChunk = input.int(in: 1...64)
        let long = Rect(
          origin: rect.origin,
          size: drawn.horizontal
            ? Size(width: rect.width * 8 + 5 * host.bounds.width, height: rect.height)
            : Size(width: rect.width, height: rect.height * 8 + 5 * host.bounds.height))
        if (try? replay.apply(.prepare(bounds: host.bounds, counts: host.counts))) != nil {
          var streamed: [LayoutAttributes] = []
          try? replay.apply(.elements(rect: long, bounds: nil), head: { _ in }, element: { streamed.append($0) })
          let one = replay.host.elements(in: long).sorted { $0.id < $1.id }
          check(streamed == one, "the banded answer differs from one query over \(long)")
        }
      }
    case 2:
      let id = ElementID(
        kind: input.bool() ? .cell : .supplementary(["header", "footer", "menu", "stretchyHeader"][input.int(in: 0...3)]),
        section: input.count(typical: 6), item: input.count(typical: 400))
      if let a = host.attributes(for: id) { checkFinite(a) }
    case 3, 4:
      let delta = input.double(typical: -900...900)
      let newBounds = Rect(
        origin: before.origin + (drawn.horizontal ? Point(x: delta, y: 0) : Point(x: 0, y: delta)), size: before.size)
      if host.shouldInvalidate(forBoundsChange: newBounds) {
        let context = host.invalidationContext(forBoundsChange: newBounds)
        if context.invalidatesEverything && newBounds.isFinite && newBounds.size == before.size && host.contentSize != .zero {
          fuzzFail("a scroll invalidated everything")
        }
        check(context.elements == context.elements.sorted() && Set(context.elements).count == context.elements.count, "context order")
        host.invalidate(with: context)
      } else {
        try? host.setBounds(newBounds)
      }
    case 5:
      let id = ElementID.cell(input.count(typical: 400), section: input.count(typical: 4))
      let preferred = input.size(typical: 1...300)
      let context = host.invalidationContext(forPreferredSize: preferred, of: id)
      check(context.contentOffsetAdjustment.isFinite && context.contentSizeAdjustment.isFinite, "adjustments finite")
      if !context.elements.isEmpty { sized = true }
      host.invalidate(with: context)
    case 6:
      var updates: [CollectionUpdate] = []
      var newCounts = counts.map { Swift.max(0, $0 + input.int(in: -3...3)) }
      if input.byte() % 4 != 0, !counts.isEmpty {
        // Edits that fit: deletions and insertions in one section.
        let s = input.int(in: 0...(counts.count - 1))
        let deletions = Set((0..<input.int(in: 0...4)).compactMap { _ in counts[s] > 0 ? input.int(in: 0...(counts[s] - 1)) : nil })
        let remaining = counts[s] - deletions.count
        let insertions = Set((0..<input.int(in: 0...4)).map { _ in input.int(in: 0...(remaining + 3)) })
        let after = remaining + insertions.count
        newCounts = counts
        newCounts[s] = after
        updates = deletions.sorted().map { .deleteItem(ItemPath(section: s, item: $0)) }
          + insertions.filter { $0 < after }.sorted().map { .insertItem(ItemPath(section: s, item: $0)) }
        newCounts[s] = remaining + insertions.filter { $0 < after }.count
      }
      for _ in 0..<(updates.isEmpty ? input.int(in: 0...8) : 0) {
        let path = ItemPath(section: input.count(typical: 4), item: input.count(typical: 300))
        switch input.byte() % 6 {
        case 0: updates.append(.insertItem(path))
        case 1: updates.append(.deleteItem(path))
        case 2: updates.append(.reloadItem(path))
        case 3: updates.append(.moveItem(from: path, to: ItemPath(section: input.count(typical: 4), item: input.count(typical: 300))))
        case 4: updates.append(.insertSection(input.count(typical: 4)))
        default: updates.append(.deleteSection(input.count(typical: 4)))
        }
      }
      let snapshot = host.elements(in: host.bounds)
      do throws(HostError) {
        try host.prepare(forUpdates: updates, counts: newCounts)
        counts = newCounts
        for id in host.elements(in: host.bounds).map(\.id) {
          if let a = host.initialAttributes(forAppearing: id) { checkFinite(a) }
        }
        check(host.targetContentOffset(forProposed: .zero).isFinite, "update offset finite")
        host.finalizeUpdates()
      } catch {
        check(host.elements(in: host.bounds) == snapshot, "a refused update changed the layout")
      }
    case 7:
      let proposed = input.point(typical: -1000...100_000)
      let velocity = input.point(typical: -8000...8000)
      check(host.targetContentOffset(proposed: proposed, velocity: velocity).isFinite, "snap offset finite")
      check(host.targetContentOffset(forProposed: proposed).isFinite, "proposed offset finite")
    case 9:
      // Counts the host accepts but a layout may not afford (issue #36).
      // A source that lists a size per item is never asked for more than
      // its limit: refused with `tooManyItems` naming it, before anything
      // is allocated (ASan fails an allocation of terabytes). Past the
      // host's limit every host refuses, never calling a count negative.
      // (Uniform sources at such counts are left to the unit tests: debug
      // builds check every item's invariants after a prepare.)
      let limit = host.itemSizes.maximumItemCount
      let newCounts: [Int]
      if limit < LayoutHost<PreparedFlowLayout>.maximumItemCount {
        let over = [limit + 1, 1 << 30, 1 << 40][input.int(in: 0...2)]
        newCounts = input.bool() ? [over] : [1, over - 1, 1]
      } else {
        newCounts = [[(1 << 40) + 1, 1 << 62, Int.max][input.int(in: 0...2)]]
      }
      do throws(HostError) {
        try host.prepare(bounds: before, counts: newCounts)
        fuzzFail("\(newCounts) was laid out")
      } catch {
        check(!error.description.contains("negative"), "a positive count called negative: \(error)")
        let total = newCounts.reduce(0) { $0 > Int.max - $1 ? Int.max : $0 + $1 }
        if limit < LayoutHost<PreparedFlowLayout>.maximumItemCount, total <= LayoutHost<PreparedFlowLayout>.maximumItemCount {
          guard case .layout(.tooManyItems(_, let named, let layout)) = error, named == limit, !layout.isEmpty else {
            fuzzFail("not refused by the source's limit: \(error)")
          }
        }
      }
    case 10:
      // Kind names from outside: long, many, not ASCII.
      let length = input.bool() ? input.int(in: 0...40) : input.int(in: 0...2100)
      let unit = ["k", "é", "\u{0}", "🙂", "ab"][input.int(in: 0...4)]
      let name = String(repeating: unit, count: length) + String(input.u64())
      do throws(ElementKind.NameError) {
        let kind = try ElementKind(checking: .supplementary, name: name)
        check(kind == .supplementary(name) && kind.name == name, "a checked kind keeps its name")
        check(name.utf8.count <= ElementKind.maximumNameLength, "a long name was accepted")
        if let a = host.attributes(for: ElementID(kind: kind, section: 0, item: 0)) { checkFinite(a) }
      } catch {
        if case .tooLong = error { check(name.utf8.count > ElementKind.maximumNameLength, "a short name was refused") }
      }
    default:
      try? host.setBounds(Rect(origin: input.point(typical: -500...5000), size: before.size))
    }
    check(host.contentSize.isFinite, "content size finite")
    // The host's answer at its bounds is a fresh prepare's (sizes learnt from cells aside).
    if !sized, (try? host.prepareIfNeeded()) != nil {
      var fresh = drawn.host
      if (try? fresh.prepare(bounds: host.bounds, counts: host.counts)) != nil {
        let mine = host.elements(in: host.bounds).sorted { $0.id < $1.id }
        let theirs = fresh.elements(in: host.bounds).sorted { $0.id < $1.id }
        check(mine == theirs, "elements differ from a fresh prepare at \(host.bounds)")
      }
    }
  }
  return 0
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fuzzFail(message()) }
}

func checkFinite(_ a: LayoutAttributes) {
  if !a.isFinite { fuzzFail("non-finite attributes \(a)") }
}
