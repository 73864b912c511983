import LayoutCore
import ScrollworkTestSupport
import Testing

@Suite struct ExtentTreeTests {
  @Test func sumsAndSearchesMatchALinearScan() {
    for index in 0..<200 {
      let seed = propertySeed(index, base: 0xE7)
      var rng = SplitMix64(seed: seed)
      let n = rng.int(in: 0...70)
      var values = (0..<n).map { _ in rng.chance(0.3) ? 0 : rng.double(in: 0...50) }
      var tree = ExtentTree(values)
      for _ in 0..<rng.int(in: 0...40) where n > 0 {
        let i = rng.int(in: 0...(n - 1))
        values[i] = rng.chance(0.3) ? 0 : rng.double(in: 0...50)
        tree.set(i, to: values[i])
      }
      #expect(tree.count == n)
      var sum = 0.0
      for i in 0...n {
        #expect(isClose(tree.start(of: i), sum, tolerance: 1e-9), "seed \(seed) i \(i)")
        if i < n {
          #expect(tree.extent(at: i) == values[i])
          sum += values[i]
        }
      }
      #expect(isClose(tree.total, sum, tolerance: 1e-9))
      for _ in 0..<20 {
        let y = rng.double(in: -10...(sum + 10))
        // The first element whose end is past y (by a linear scan).
        var expected = n
        var running = 0.0
        for i in 0..<n {
          running += values[i]
          if running > y + 1e-7 {
            expected = i
            break
          }
          if running > y - 1e-7 { expected = -1 }  // too close to call
        }
        if expected >= 0 { #expect(tree.firstEnding(after: y) == expected, "seed \(seed) y \(y)") }
      }
    }
  }

  @Test func badInputIsClampedOrIgnored() {
    var tree = ExtentTree([1, .nan, .infinity, 2])
    #expect(tree.total == 3)
    tree.set(-1, to: 5)
    tree.set(4, to: 5)
    tree.set(0, to: .nan)
    #expect(tree.total == 2)
    #expect(tree.start(of: Int.max) == 2)
    #expect(tree.start(of: Int.min) == 0)
    #expect(ExtentTree([]).firstEnding(after: 3) == 0)
  }
}

@Suite struct SelfSizingUpdateTests {
  /// Random estimates, then random measured sizes in random order (heights
  /// only, or widths too): after every batch, the frames equal a full
  /// prepare of the same sizes, and the content size and the visible sets
  /// agree.
  @Test func updatesEqualAFullPrepare() throws {
    for index in 0..<80 {
      let seed = propertySeed(index, base: 0x5E1F)
      var rng = SplitMix64(seed: seed)
      let (layout, trueSizes, viewport) = randomTagCloud(&rng)
      let estimate = Size(width: rng.double(in: 20...120), height: rng.double(in: 10...50))
      let widthsKnown = rng.chance(0.5)
      // With known widths only heights are estimated.
      var sizes = trueSizes.map { section in
        section.map { Size(width: widthsKnown ? $0.width : estimate.width, height: estimate.height) }
      }
      var cloud = try layout.prepare(
        estimated: LayoutItems(sections: sizes.map { .each($0) }), viewport: viewport)
      let ids = sizes.enumerated().flatMap { s, section in section.indices.map { ElementID.cell($0, section: s) } }
      var order = ids.shuffled(using: &rng)
      while !order.isEmpty {
        let batch = order.prefix(rng.int(in: 1...12))
        order.removeFirst(batch.count)
        for id in batch {
          let size = trueSizes[id.section][id.item]
          let accepted = cloud.setMeasuredSize(size, for: id)
          #expect(accepted)
          sizes[id.section][id.item] = size
        }
        let fresh = try layout.prepare(items: LayoutItems(sections: sizes.map { .each($0) }), viewport: viewport)
        let a = cloud.allAttributes(at: ScrollState())
        let b = fresh.allAttributes(at: ScrollState())
        #expect(a.count == b.count, "seed \(seed)")
        for (x, y) in zip(a, b) {
          #expect(x.id == y.id && isClose(x.frame, y.frame, tolerance: 1e-6), "seed \(seed): \(x.frame) vs \(y.frame)")
        }
        #expect(
          isClose(
            cloud.contentSize(at: ScrollState()).height, fresh.contentSize(at: ScrollState()).height, tolerance: 1e-6))
        let y = rng.double(in: 0...Swift.max(1, fresh.contentSize(at: ScrollState()).height))
        let rect = Rect(x: 0, y: y, width: viewport.size.width, height: viewport.size.height)
        #expect(
          cloud.attributes(in: rect, at: ScrollState()).map(\.id).sorted()
            == bruteForce(cloud.allAttributes(at: ScrollState()), in: rect).map(\.id), "seed \(seed)")
      }
      #expect(cloud.measuredCount == ids.count)
      expectMatchesReference(cloud, layout, trueSizes.map { $0 }, seed: seed)
    }
  }

  @Test func aHeightUpdateMovesOnlyWhatIsBelow() throws {
    let layout = TagCloudLayout(lineSpacing: 10, itemSpacing: 10, sectionInset: .zero)
    var cloud = try layout.prepare(
      estimated: LayoutItems(count: 1000, size: Size(width: 90, height: 30)),
      viewport: Viewport(width: 300, height: 600))
    // Three tags a line (90 + 10 + 90 + 10 + 90 = 290).
    #expect(cloud.attributes(for: .cell(3), at: ScrollState())?.frame.minY == 40)
    cloud.setMeasuredSize(Size(width: 90, height: 50), for: .cell(4))
    #expect(cloud.attributes(for: .cell(0), at: ScrollState())?.frame.minY == 0)
    #expect(cloud.attributes(for: .cell(3), at: ScrollState())?.frame.minY == 50)  // centred in a 50 pt line
    #expect(cloud.attributes(for: .cell(4), at: ScrollState())?.frame.minY == 40)
    #expect(cloud.attributes(for: .cell(6), at: ScrollState())?.frame.minY == 100)
    #expect(cloud.contentSize(at: ScrollState()).height == 334 * 40 - 10 + 20)
    #expect(cloud.isMeasured(.cell(4)) && !cloud.isMeasured(.cell(5)))
  }

  @Test func measuringThroughAnOffsetMeasuresTheLinesAboveIt() throws {
    let layout = TagCloudLayout(lineSpacing: 10, itemSpacing: 10, sectionInset: .zero)
    var cloud = try layout.prepare(
      estimated: LayoutItems(count: 100, size: Size(width: 90, height: 30)), viewport: Viewport(width: 300, height: 600)
    )
    // Real tags are 140 wide (two a line) and 50 tall: lines 60 apart.
    let count = cloud.measure(through: 200) { _ in Size(width: 140, height: 50) }
    #expect(count == 8)  // lines at 0, 60, 120, 180
    #expect(cloud.isMeasured(.cell(7)) && !cloud.isMeasured(.cell(8)))
    #expect(cloud.attributes(for: .cell(8), at: ScrollState())?.frame.minY == 240)
    #expect(cloud.measure(through: .nan) { _ in nil } == 0)
  }

  @Test func aWidthUpdateReflowsWithinItsParagraph() throws {
    var layout = TagCloudLayout(lineSpacing: 0, itemSpacing: 0, sectionInset: .zero)
    layout.paragraphLength = 6
    var cloud = try layout.prepare(
      estimated: LayoutItems(count: 12, size: Size(width: 100, height: 10)), viewport: Viewport(width: 300, height: 600)
    )
    // Paragraphs of six: two lines of three each.
    cloud.setMeasuredSize(Size(width: 150, height: 10), for: .cell(0))
    // Paragraph 1: [0,1] [2,3,4] [5]; paragraph 2 unchanged below.
    #expect(cloud.attributes(for: .cell(2), at: ScrollState())?.frame.origin == Point(x: 0, y: 10))
    #expect(cloud.attributes(for: .cell(5), at: ScrollState())?.frame.origin == Point(x: 0, y: 20))
    #expect(cloud.attributes(for: .cell(6), at: ScrollState())?.frame.origin == Point(x: 0, y: 30))
    #expect(cloud.attributes(for: .cell(11), at: ScrollState())?.frame.origin == Point(x: 200, y: 40))
  }
}

@Suite struct AnchorTests {
  func cloud() throws -> PreparedTagCloudLayout {
    try TagCloudLayout(lineSpacing: 10, itemSpacing: 10, sectionInset: .zero).prepare(
      estimated: LayoutItems(count: 300, size: Size(width: 90, height: 30)), viewport: Viewport(width: 300, height: 400)
    )
  }

  @Test func firstVisibleKeepsItsScreenPosition() throws {
    var cloud = try cloud()
    for g in 0..<60 { cloud.setMeasuredSize(Size(width: 90, height: 30), for: .cell(g)) }
    let offset = Point(x: 0, y: 415)  // line 10 starts at 400
    let mark = cloud.mark(.firstVisible, at: offset)
    #expect(mark == .element(.cell(30), screenPosition: -15))
    // Lines above the viewport grow by 20 each.
    for g in stride(from: 0, to: 30, by: 3) { cloud.setMeasuredSize(Size(width: 90, height: 50), for: .cell(g)) }
    let corrected = cloud.offset(keeping: mark, from: offset)
    #expect(corrected.y == 615)
    #expect(cloud.screenPosition(of: mark, at: corrected) == -15)
  }

  @Test func unmeasuredElementsAreAnchorsOnlyWhenNothingElseIsVisible() throws {
    var cloud = try cloud()
    #expect(cloud.mark(.firstVisible, at: Point(x: 0, y: 45)).id == .cell(3))
    cloud.setMeasuredSize(Size(width: 90, height: 30), for: .cell(7))
    #expect(cloud.mark(.firstVisible, at: Point(x: 0, y: 45)).id == .cell(7))
  }

  @Test func topBottomAndItemAnchors() throws {
    var cloud = try cloud()
    let offset = Point(x: 0, y: 200)
    let top = cloud.mark(.top, at: offset)
    let bottom = cloud.mark(.bottom, at: offset)
    let item = cloud.mark(.item(.cell(90), distanceFromStart: 50), at: offset)
    let height = cloud.contentSize(at: ScrollState()).height
    cloud.setMeasuredSize(Size(width: 90, height: 130), for: .cell(0))
    #expect(cloud.offset(keeping: top, from: offset).y == 200)
    #expect(cloud.offset(keeping: bottom, from: offset).y == 300)
    #expect(cloud.contentSize(at: ScrollState()).height == height + 100)
    // Tag 90 starts line 30 at 1200, moved down by 100.
    #expect(cloud.offset(keeping: item, from: offset).y == 1250)
    #expect(cloud.offset(keeping: .element(.cell(5000), screenPosition: 3), from: offset) == offset)
  }
}
