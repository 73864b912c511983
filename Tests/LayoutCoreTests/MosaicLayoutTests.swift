import LayoutCore
import ScrollworkTestSupport
import Testing

/// The mosaic: the sample's segment geometry at 390 pt, its cycle and tail,
/// the two sample bugs fixed, the index against brute force and against an
/// independent item-by-item model, and bad input.
@Suite struct MosaicLayoutTests {
  let viewport = Viewport(width: 390, height: 844)
  let state = ScrollState()

  func frames(_ n: Int, _ layout: MosaicLayout = .appleMosaic, viewport: Viewport? = nil) throws -> [Rect] {
    let prepared = try layout.prepare(
      items: LayoutItems(count: n, size: .zero), viewport: viewport ?? self.viewport)
    return (0..<n).map { prepared.attributes(for: .cell($0), at: state)!.frame }
  }

  /// A model written the sample's way: walk the items one at a time,
  /// choosing each segment's style as it goes. Independent of the engine's
  /// O(1) segment arithmetic.
  static func model(_ layout: MosaicLayout, count n: Int, width W: Double, top: Double = 0) -> [Rect] {
    let h = layout.segmentHeight
    let g = layout.spacing
    func cut(_ length: Double, _ p: Double, _ q: Double) -> (Double, Double, Double) {
      let a = (length * p / q).rounded(.up)
      return (a, min(a + g, length), max(0, length - a - g))
    }
    var frames: [Rect] = []
    var k = 0
    var y = top + g
    while frames.count < n {
      var style =
        k < layout.opening.count ? layout.opening[k] : layout.cycle[(k - layout.opening.count) % layout.cycle.count]
      let left = n - frames.count
      if left <= 2 && (k > 0 || left < style.capacity) { style = left == 1 ? .fullWidth : .fiftyFifty }
      switch style {
      case .fullWidth:
        frames.append(Rect(x: 0, y: y, width: W, height: h))
      case .fiftyFifty:
        let (a, b, c) = cut(W, 1, 2)
        frames += [Rect(x: 0, y: y, width: a, height: h), Rect(x: b, y: y, width: c, height: h)]
      case .twoThirdsOneThird:
        let (a, b, c) = cut(W, 2, 3)
        let (p, q, r) = cut(h, 1, 2)
        frames += [
          Rect(x: 0, y: y, width: a, height: h), Rect(x: b, y: y, width: c, height: p),
          Rect(x: b, y: y + q, width: c, height: r),
        ]
      case .oneThirdTwoThirds:
        let (a, b, c) = cut(W, 1, 3)
        let (p, q, r) = cut(h, 1, 2)
        frames += [
          Rect(x: 0, y: y, width: a, height: p), Rect(x: 0, y: y + q, width: a, height: r),
          Rect(x: b, y: y, width: c, height: h),
        ]
      }
      k += 1
      y += h + g
    }
    return frames
  }

  @Test func appleMosaicSegmentsAt390() throws {
    let f = try frames(11)
    // Segment 0: one full-width cell, 1 pt below the top.
    #expect(f[0] == Rect(x: 0, y: 1, width: 390, height: 200))
    // Segment 1 (50/50), 1 pt below: cut at ⌈195⌉, 1 pt gap, 194 left.
    #expect(f[1] == Rect(x: 0, y: 202, width: 195, height: 200))
    #expect(f[2] == Rect(x: 196, y: 202, width: 194, height: 200))
    // Segment 2 (2/3 + 1/3): large 260 wide; stacked 129 wide, 100 + 1 + 99 tall.
    #expect(f[3] == Rect(x: 0, y: 403, width: 260, height: 200))
    #expect(f[4] == Rect(x: 261, y: 403, width: 129, height: 100))
    #expect(f[5] == Rect(x: 261, y: 504, width: 129, height: 99))
    // Segment 3 (1/3 + 2/3): stacked 130 wide at the left, large 259 wide.
    #expect(f[6] == Rect(x: 0, y: 604, width: 130, height: 100))
    #expect(f[7] == Rect(x: 0, y: 705, width: 130, height: 99))
    #expect(f[8] == Rect(x: 131, y: 604, width: 259, height: 200))
    // Segment 4: the cycle is back at 50/50.
    #expect(f[9] == Rect(x: 0, y: 805, width: 195, height: 200))
    #expect(f[10] == Rect(x: 196, y: 805, width: 194, height: 200))
  }

  @Test func cycleRepeatsAfterTheOpening() throws {
    let f = try frames(30)
    // Segments 4, 5, 6 repeat 1, 2, 3, 201·3 = 603 pt lower.
    for i in 1...8 { #expect(f[i + 8] == f[i].offsetBy(dx: 0, dy: 603), "item \(i + 8)") }
    for i in 9...20 { #expect(f[i + 8] == f[i].offsetBy(dx: 0, dy: 603), "item \(i + 8)") }
  }

  @Test func tailsOfOneAndTwoItems() throws {
    // Two items: the first segment keeps its full width, the second (one left) is full width.
    #expect(try frames(2) == [Rect(x: 0, y: 1, width: 390, height: 200), Rect(x: 0, y: 202, width: 390, height: 200)])
    // Four: the 50/50 fits, then one is left: full width.
    #expect(try frames(4)[3] == Rect(x: 0, y: 403, width: 390, height: 200))
    // Five: two left where 2/3 + 1/3 would come: 50/50.
    let five = try frames(5)
    #expect(five[3] == Rect(x: 0, y: 403, width: 195, height: 200))
    #expect(five[4] == Rect(x: 196, y: 403, width: 194, height: 200))
    // Seven and eight: one or two left where 1/3 + 2/3 would come.
    #expect(try frames(7)[6] == Rect(x: 0, y: 604, width: 390, height: 200))
    #expect(
      try Array(frames(8)[6...]) == [
        Rect(x: 0, y: 604, width: 195, height: 200), Rect(x: 196, y: 604, width: 194, height: 200),
      ])
    // A cycle with a full-width segment: two left there become one 50/50 segment.
    let layout = MosaicLayout(opening: [], cycle: [.fiftyFifty, .fullWidth])
    let three = try frames(4, layout)
    #expect(three[2] == Rect(x: 0, y: 202, width: 195, height: 200))
    #expect(three[3] == Rect(x: 196, y: 202, width: 194, height: 200))
    #expect(try layout.prepare(items: LayoutItems(count: 4, size: .zero), viewport: viewport).contentHeight == 402)
    // An opening segment larger than the items falls back too.
    let small = MosaicLayout(opening: [.twoThirdsOneThird], cycle: [.fullWidth])
    #expect(
      try frames(2, small) == [Rect(x: 0, y: 1, width: 195, height: 200), Rect(x: 196, y: 1, width: 194, height: 200)])
  }

  @Test func emptyOneAndTwoItemLayouts() throws {
    let empty = try MosaicLayout.appleMosaic.prepare(items: .empty, viewport: viewport)
    #expect(empty.numberOfSections == 0)
    #expect(empty.contentSize(at: state) == Size(width: 390, height: 0))
    #expect(empty.allAttributes(at: state).isEmpty)
    #expect(empty.attributes(for: .cell(0), at: state) == nil)
    let none = try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: 0, size: .zero), viewport: viewport)
    #expect(none.numberOfItems(inSection: 0) == 0)
    #expect(none.contentHeight == 0)
    #expect(none.allAttributes(at: state).isEmpty)
    let one = try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: 1, size: .zero), viewport: viewport)
    #expect(one.allAttributes(at: state).map(\.frame) == [Rect(x: 0, y: 1, width: 390, height: 200)])
    #expect(one.contentHeight == 201)
    #expect(one.attributes(for: .cell(1), at: state) == nil)
    #expect(one.attributes(for: .cell(-1), at: state) == nil)
    #expect(one.attributes(for: .cell(0, section: 1), at: state) == nil)
    #expect(one.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: state) == nil)
    let two = try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: 2, size: .zero), viewport: viewport)
    #expect(two.allAttributes(at: state).sortedByID.map(\.id) == [.cell(0), .cell(1)])
    #expect(two.contentHeight == 402)
  }

  /// The sample unions the previous frame into its content bounds, so the
  /// last cell is left out whenever it ends below the one before it.
  @Test func contentSizeIncludesTheLastCell() throws {
    // Six items end with a 2/3 + 1/3 segment: the last cell (lower right)
    // ends at 603, the one before it at 503.
    let f = try frames(6)
    #expect(f[4].maxY == 503)
    #expect(f[5].maxY == 603)
    let short = Viewport(width: 390, height: 300)
    for n in 0...40 {
      let prepared = try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: n, size: .zero), viewport: short)
      let bottom = prepared.allAttributes(at: state).map(\.frame.maxY).max() ?? 0
      #expect(prepared.contentSize(at: state).height == bottom, "n \(n)")
      if n > 0 { #expect(prepared.attributes(for: .cell(n - 1), at: state)!.frame.maxY == bottom, "n \(n)") }
    }
    #expect(
      try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: 6, size: .zero), viewport: short).contentHeight
        == 603)
  }

  /// The sample's query: a binary search for any frame meeting the rect,
  /// which treats bottoms as sorted, then a scan back while bottoms reach
  /// the rect and forward while tops do.
  static func sampleQuery(_ frames: [Rect], _ rect: Rect) -> [Int] {
    var low = 0
    var high = frames.count - 1
    var match: Int?
    while low <= high {
      let mid = (low + high) / 2
      if frames[mid].intersects(rect) {
        match = mid
        break
      }
      if frames[mid].maxY < rect.minY { low = mid + 1 } else { high = mid - 1 }
    }
    guard let match else { return [] }
    var found: [Int] = []
    var i = match - 1
    while i >= 0, frames[i].maxY >= rect.minY {
      found.append(i)
      i -= 1
    }
    i = match
    while i < frames.count, frames[i].minY <= rect.maxY {
      found.append(i)
      i += 1
    }
    return found.sorted()
  }

  /// A thin rectangle below the upper small cell of a 2/3 + 1/3 segment:
  /// the sample's search lands on the lower small cell, its backward scan
  /// stops at the upper one and the large cell is lost.
  @Test func stackedSegmentsDoNotHideTheLargeCell() throws {
    let prepared = try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: 6, size: .zero), viewport: viewport)
    let all = prepared.allAttributes(at: state).sortedByID
    let rect = Rect(x: 0, y: 550, width: 390, height: 20)
    #expect(Self.sampleQuery(all.map(\.frame), rect) == [5])
    let found = prepared.attributes(in: rect, at: state).sortedByID
    #expect(found.map(\.id) == [.cell(3), .cell(5)])
    #expect(found == bruteForce(all, in: rect))
    // Every thin band of the segment, on both stacked styles.
    let many = try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: 40, size: .zero), viewport: viewport)
    let every = many.allAttributes(at: state)
    for y in stride(from: 395.0, through: 820, by: 0.5) {
      for rect in [Rect(x: 0, y: y, width: 390, height: 3), Rect(x: 100, y: y, width: 0, height: 0)] {
        #expect(many.attributes(in: rect, at: state).sortedByID == bruteForce(every, in: rect), "y \(y)")
      }
    }
  }

  static func randomLayout(_ rng: inout SplitMix64) -> MosaicLayout {
    let styles = MosaicLayout.Segment.allCases
    func pick(_ count: Int) -> [MosaicLayout.Segment] { (0..<count).map { _ in styles[rng.int(in: 0...3)] } }
    if rng.chance(0.3) { return .appleMosaic }
    return MosaicLayout(
      segmentHeight: rng.double(in: 1...400), spacing: rng.chance(0.3) ? 0 : rng.double(in: 0...12),
      opening: pick(rng.int(in: 0...3)), cycle: pick(rng.int(in: 1...5)))
  }

  @Test func indexMatchesBruteForceAndTheModel() throws {
    for index in 0..<400 {
      let seed = propertySeed(index, base: 0x3105_A1C)
      var rng = SplitMix64(seed: seed)
      let layout = Self.randomLayout(&rng)
      let width = rng.chance(0.5) ? 390 : rng.double(in: 1...800)
      let viewport = Viewport(width: width, height: rng.double(in: 100...900))
      let counts = (0..<rng.int(in: 0...4)).map { _ in rng.int(in: 0...60) }
      let prepared = try layout.prepare(
        items: LayoutItems(sections: counts.map { .uniform(.zero, count: $0) }), viewport: viewport)
      let all = prepared.allAttributes(at: state).sortedByID
      #expect(all.count == counts.reduce(0, +), "seed \(seed)")
      // The frames are the item-by-item model's, section after section.
      var top = 0.0
      var expected: [LayoutAttributes] = []
      for (s, n) in counts.enumerated() {
        let frames = Self.model(layout, count: n, width: width, top: top)
        expected += frames.enumerated().map { LayoutAttributes(id: .cell($0.offset, section: s), frame: $0.element) }
        if let bottom = frames.map(\.maxY).max() { top = bottom }
      }
      #expect(all.count == expected.count, "seed \(seed)")
      for (a, b) in zip(all, expected) {
        #expect(a.id == b.id && isClose(a.frame, b.frame), "seed \(seed) \(a.id) \(a.frame) \(b.frame)")
        #expect(prepared.attributes(for: a.id, at: state) == a, "seed \(seed) \(a.id)")
        #expect(a.isFinite, "seed \(seed)")
      }
      #expect(isClose(prepared.contentHeight, top), "seed \(seed)")
      for _ in 0..<20 {
        let height = prepared.contentHeight
        let y = rng.double(in: -50...(height + 50))
        let rect: Rect
        switch rng.int(in: 0...2) {
        case 0: rect = Rect(x: 0, y: y, width: width, height: viewport.size.height)
        case 1:
          rect = Rect(
            x: rng.double(in: -10...width), y: y, width: rng.double(in: 0...50), height: rng.double(in: 0...6))
        default: rect = Rect(x: rng.double(in: -10...width), y: y, width: rng.double(in: 0...width), height: 0)
        }
        let found = prepared.attributes(in: rect, at: state).sortedByID
        #expect(found == bruteForce(all, in: rect), "seed \(seed) rect \(rect)")
        #expect(Set(found.map(\.id)).count == found.count, "seed \(seed): duplicates")
      }
    }
  }

  @Test func sectionsFollowOneAnotherAndRestartThePattern() throws {
    let prepared = try MosaicLayout.appleMosaic.prepare(
      items: LayoutItems(sections: [.uniform(.zero, count: 3), .uniform(.zero, count: 0), .uniform(.zero, count: 2)]),
      viewport: viewport)
    #expect(prepared.numberOfSections == 3)
    #expect(
      prepared.attributes(for: .cell(2, section: 0), at: state)!.frame == Rect(x: 196, y: 202, width: 194, height: 200))
    // Section 2 starts at 402, where section 0 ends; its first cell is full width.
    #expect(
      prepared.attributes(for: .cell(0, section: 2), at: state)!.frame == Rect(x: 0, y: 403, width: 390, height: 200))
    #expect(
      prepared.attributes(for: .cell(1, section: 2), at: state)!.frame == Rect(x: 0, y: 604, width: 390, height: 200))
    #expect(prepared.contentHeight == 804)
  }

  /// Nothing is stored per item: a trillion items prepare at once, and the
  /// last one is found by arithmetic.
  @Test func hugeCountsAreArithmetic() throws {
    let n = 1_000_000_000_000
    let prepared = try MosaicLayout.appleMosaic.prepare(items: LayoutItems(count: n, size: .zero), viewport: viewport)
    let last = try #require(prepared.attributes(for: .cell(n - 1), at: state))
    #expect(isClose(last.frame.maxY, prepared.contentHeight))
    let bottom = Rect(x: 0, y: prepared.contentHeight - 844, width: 390, height: 844)
    let found = prepared.attributes(in: bottom, at: state)
    #expect(found.contains { $0.id == .cell(n - 1) })
    #expect(found.count >= 4 && found.count <= 20)
    for a in found { #expect(prepared.attributes(for: a.id, at: state) == a) }
  }

  func isConfiguration(_ error: LayoutError?) -> Bool {
    if case .invalidConfiguration = error { return true }
    return false
  }

  @Test func badInputThrows() throws {
    let items = LayoutItems(count: 3, size: .zero)
    func error(_ layout: MosaicLayout, _ items: LayoutItems, _ viewport: Viewport? = nil) -> LayoutError? {
      do {
        _ = try layout.prepare(items: items, viewport: viewport ?? self.viewport)
        return nil
      } catch { return error }
    }
    for height in [Double.nan, .infinity, 0, -1] {
      var layout = MosaicLayout.appleMosaic
      layout.segmentHeight = height
      #expect(isConfiguration(error(layout, items)))
    }
    for spacing in [Double.nan, -Double.infinity, -1] {
      var layout = MosaicLayout.appleMosaic
      layout.spacing = spacing
      #expect(isConfiguration(error(layout, items)))
    }
    #expect(error(MosaicLayout(cycle: []), items) == .invalidConfiguration("mosaic cycle must not be empty"))
    // Int.max items would be ~6e20 pt tall: a typed error, not a trap.
    let huge = error(.appleMosaic, LayoutItems(count: Int.max, size: .zero))
    #expect(isConfiguration(huge))
    #expect(error(.appleMosaic, LayoutItems(count: -1, size: .zero)) == .invalidItemCount(section: 0, count: -1))
    let nan = Size(width: .nan, height: 1)
    // NaN sizes are not equal to themselves: match the case.
    guard case .invalidItemSize(0, 1, _) = error(.appleMosaic, LayoutItems([.zero, nan])) else {
      Issue.record("NaN size not rejected")
      return
    }
    #expect(isConfiguration(error(.appleMosaic, items, Viewport(width: .nan, height: 1))) == false)
    #expect(error(.appleMosaic, items, Viewport(width: .nan, height: 1)) != nil)
    #expect(
      error(.appleMosaic, items, Viewport(width: 0, height: 100)) == .invalidViewport(Size(width: 0, height: 100)))
    // Non-finite rectangles find nothing and do not trap.
    let prepared = try MosaicLayout.appleMosaic.prepare(items: items, viewport: viewport)
    #expect(prepared.attributes(in: Rect(x: 0, y: .nan, width: 10, height: 10), at: state).isEmpty)
    #expect(prepared.attributes(in: Rect(x: 0, y: -.infinity, width: 390, height: .infinity), at: state).isEmpty)
    #expect(prepared.attributes(in: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), at: state).count == 3)
  }

  /// A viewport narrower than the gaps: widths clamp to 0 and cells stay
  /// inside their segment; nothing traps.
  @Test func narrowViewportClampsWidths() throws {
    let f = try frames(6, viewport: Viewport(width: 1, height: 100))
    for frame in f { #expect(frame.width >= 0 && frame.isFinite) }
    #expect(f[2] == Rect(x: 1, y: 202, width: 0, height: 200))
    // Segments too short for their gap: the lower stacked cell stays inside.
    let flat = try frames(6, MosaicLayout(segmentHeight: 1.5, spacing: 3), viewport: Viewport(width: 390, height: 100))
    #expect(flat.count == 6)
    #expect(flat[5] == Rect(x: 263, y: 3 + 2 * 4.5 + 1.5, width: 127, height: 0))
    #expect(flat.allSatisfy { $0.maxY <= 18 })
  }
}
