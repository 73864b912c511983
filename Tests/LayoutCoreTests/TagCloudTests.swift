import LayoutCore
import ScrollworkTestSupport
import Testing

/// A naive tag cloud, written from the rules in `Guides/TagCloud.md`: what
/// the prepared geometry must reproduce.
func referenceTagCloud(
  _ layout: TagCloudLayout, _ sections: [[Size]], width: Double
) -> (
  frames: [ElementID: Rect], height: Double
) {
  func clean(_ v: Double) -> Double { Swift.max(0, v.isFinite ? v : 0) }
  let top = clean(layout.sectionInset.top)
  let left = clean(layout.sectionInset.left)
  let right = clean(layout.sectionInset.right)
  let bottom = clean(layout.sectionInset.bottom)
  let room = Swift.max(0, width - left - right)
  let gap = clean(layout.itemSpacing)
  let spacing = clean(layout.lineSpacing)
  let header = clean(layout.headerHeight)
  var frames: [ElementID: Rect] = [:]
  var y = 0.0
  for (s, sizes) in sections.enumerated() {
    if header > 0 {
      frames[ElementID(kind: .header, section: s, item: 0)] = Rect(x: 0, y: y, width: width, height: header)
    }
    y += header + top
    // Lines: lists of item indices.
    var lines: [[Int]] = []
    var used = 0.0
    for (i, size) in sizes.enumerated() {
      let w = Swift.min(size.width, room)
      let forced = layout.paragraphLength > 0 && i % layout.paragraphLength == 0
      if lines.isEmpty || forced || used + gap + w > room {
        lines.append([i])
        used = w
      } else {
        lines[lines.count - 1].append(i)
        used += gap + w
      }
    }
    for (l, line) in lines.enumerated() {
      if l > 0 { y += spacing }
      let height = line.map { sizes[$0].height }.max() ?? 0
      var x = 0.0
      for i in line {
        let w = Swift.min(sizes[i].width, room)
        let h = sizes[i].height
        let minX = layout.isRightToLeft ? width - right - x - w : left + x
        frames[.cell(i, section: s)] = Rect(x: minX, y: y + (height - h) / 2, width: w, height: h)
        x += w + gap
      }
      y += height
    }
    y += bottom
  }
  return (frames, y)
}

func randomTagCloud(_ rng: inout SplitMix64) -> (TagCloudLayout, [[Size]], Viewport) {
  var layout = TagCloudLayout()
  layout.lineSpacing = rng.chance(0.3) ? 0 : rng.double(in: 0...20)
  layout.itemSpacing = rng.chance(0.3) ? 0 : rng.double(in: 0...20)
  layout.sectionInset = EdgeInsets(
    top: rng.double(in: 0...20), left: rng.double(in: 0...30), bottom: rng.double(in: 0...20),
    right: rng.double(in: 0...30))
  layout.headerHeight = rng.chance(0.5) ? 0 : rng.double(in: 1...60)
  layout.isRightToLeft = rng.chance(0.3)
  layout.paragraphLength = rng.chance(0.6) ? 0 : rng.int(in: 1...12)
  let viewport = Viewport(width: rng.double(in: 120...500), height: rng.double(in: 100...900))
  var sections: [[Size]] = []
  for _ in 0..<rng.int(in: 0...5) {
    sections.append(
      (0..<rng.int(in: 0...60)).map { _ in
        Size(
          width: rng.chance(0.05) ? 0 : rng.chance(0.05) ? 2000 : rng.double(in: 10...200),
          height: rng.chance(0.05) ? 0 : rng.double(in: 10...90))
      })
  }
  return (layout, sections, viewport)
}

func expectMatchesReference(
  _ prepared: PreparedTagCloudLayout, _ layout: TagCloudLayout, _ sections: [[Size]], seed: UInt64
) {
  let reference = referenceTagCloud(layout, sections, width: prepared.viewport.size.width)
  let all = prepared.allAttributes(at: ScrollState())
  #expect(all.count == reference.frames.count, "seed \(seed)")
  for a in all {
    guard let expected = reference.frames[a.id] else {
      Issue.record("unexpected \(a.id) seed \(seed)")
      continue
    }
    #expect(isClose(a.frame, expected, tolerance: 1e-6), "\(a.id): \(a.frame) vs \(expected) seed \(seed)")
  }
  #expect(isClose(prepared.contentSize(at: ScrollState()).height, reference.height, tolerance: 1e-6), "seed \(seed)")
}

@Suite struct TagCloudTests {
  @Test func framesEqualANaiveFlow() throws {
    for index in 0..<300 {
      let seed = propertySeed(index, base: 0x7A6C)
      var rng = SplitMix64(seed: seed)
      let (layout, sections, viewport) = randomTagCloud(&rng)
      let prepared = try layout.prepare(items: LayoutItems(sections: sections.map { .each($0) }), viewport: viewport)
      expectMatchesReference(prepared, layout, sections, seed: seed)
    }
  }

  @Test func visibleSetEqualsBruteForce() throws {
    for index in 0..<300 {
      let seed = propertySeed(index, base: 0x7A6D)
      var rng = SplitMix64(seed: seed)
      let (layout, sections, viewport) = randomTagCloud(&rng)
      let prepared = try layout.prepare(items: LayoutItems(sections: sections.map { .each($0) }), viewport: viewport)
      let all = prepared.allAttributes(at: ScrollState())
      let height = prepared.contentSize(at: ScrollState()).height
      for _ in 0..<8 {
        let rect = Rect(
          x: rng.double(in: -50...400), y: rng.double(in: -200...(height + 200)), width: rng.double(in: 0...600),
          height: rng.chance(0.1) ? 0 : rng.double(in: 0...900))
        let found = prepared.attributes(in: rect, at: ScrollState()).sortedByID
        #expect(found == bruteForce(all, in: rect), "seed \(seed) rect \(rect)")
      }
    }
  }

  /// `geometry(for:at:)` is the lookup's centre and size, bit for bit, and
  /// `nil` where the lookup is (what a host's preferred-size check reads).
  @Test func geometryIsTheLookupsCentreAndSize() throws {
    for index in 0..<100 {
      let seed = propertySeed(index, base: 0x7A6E)
      var rng = SplitMix64(seed: seed)
      let (layout, sections, viewport) = randomTagCloud(&rng)
      let prepared = try layout.prepare(items: LayoutItems(sections: sections.map { .each($0) }), viewport: viewport)
      for _ in 0..<40 {
        let kind: ElementKind = rng.chance(0.2) ? .header : .cell
        let id = ElementID(kind: kind, section: rng.int(in: -1...(sections.count)), item: rng.int(in: -1...40))
        let whole = prepared.attributes(for: id, at: ScrollState())
        let placed = prepared.geometry(for: id, at: ScrollState())
        #expect((whole == nil) == (placed == nil), "seed \(seed) \(id)")
        if let whole, let placed {
          #expect(
            whole.center.x.bitPattern == placed.center.x.bitPattern
              && whole.center.y.bitPattern == placed.center.y.bitPattern && whole.size == placed.size,
            "seed \(seed) \(id)")
        }
      }
    }
  }

  @Test func tagsWiderThanTheContentAreClampedAndAlone() throws {
    let layout = TagCloudLayout(
      lineSpacing: 4, itemSpacing: 4, sectionInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
    let prepared = try layout.prepare(
      items: LayoutItems([Size(width: 50, height: 20), Size(width: 900, height: 40), Size(width: 50, height: 20)]),
      viewport: Viewport(width: 300, height: 400))
    let wide = try #require(prepared.attributes(for: .cell(1), at: ScrollState()))
    #expect(wide.frame == Rect(x: 10, y: 24, width: 280, height: 40))
    #expect(prepared.attributes(for: .cell(2), at: ScrollState())?.frame.minY == 68)
  }

  @Test func rightToLeftMirrorsLines() throws {
    var layout = TagCloudLayout(itemSpacing: 5, sectionInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 20))
    layout.isRightToLeft = true
    let prepared = try layout.prepare(
      items: LayoutItems([Size(width: 40, height: 20), Size(width: 60, height: 20)]),
      viewport: Viewport(width: 200, height: 100))
    #expect(prepared.attributes(for: .cell(0), at: ScrollState())?.frame.maxX == 180)
    #expect(prepared.attributes(for: .cell(1), at: ScrollState())?.frame.maxX == 135)
  }

  @Test func fittingSizeIsTheContentHeight() throws {
    for index in 0..<100 {
      let seed = propertySeed(index, base: 0xF17)
      var rng = SplitMix64(seed: seed)
      let (layout, sections, viewport) = randomTagCloud(&rng)
      let items = LayoutItems(sections: sections.map { .each($0) })
      let width = viewport.size.width
      let fitting = try layout.fittingSize(for: items, width: width)
      let reference = referenceTagCloud(layout, sections, width: width)
      #expect(isClose(fitting.height, reference.height, tolerance: 1e-6), "seed \(seed)")
      #expect(fitting.width == width)
      // Every element lies inside the fitting size; the last line reaches it
      // (less the bottom inset).
      let prepared = try layout.prepare(items: items, viewport: viewport)
      let bottom = prepared.allAttributes(at: ScrollState()).map(\.frame.maxY).max() ?? 0
      #expect(bottom <= fitting.height + 1e-9, "seed \(seed)")
      #expect(isClose(prepared.fittingSize(forWidth: width).height, fitting.height), "seed \(seed)")
      // Another width re-flows.
      let other = try layout.fittingSize(for: items, width: width / 2)
      #expect(isClose(prepared.fittingSize(forWidth: width / 2).height, other.height, tolerance: 1e-9), "seed \(seed)")
    }
  }

  @Test func badInputIsRejected() throws {
    let layout = TagCloudLayout(
      lineSpacing: -.infinity, itemSpacing: .nan,
      sectionInset: EdgeInsets(top: -5, left: .infinity, bottom: .nan, right: -1), headerHeight: -3,
      paragraphLength: Int.min)
    let two = LayoutItems([Size(width: 10, height: 10), Size(width: 10, height: 10)])
    let viewport = Viewport(width: 100, height: 100)
    #expect(throws: LayoutError.self) { try layout.prepare(items: two, viewport: viewport) }
    #expect(throws: LayoutError.self) { try layout.prepare(estimated: two, viewport: viewport) }
    for bad in [-1.0, .nan, .infinity] {
      #expect(throws: LayoutError.self) { try TagCloudLayout(lineSpacing: bad).prepare(items: two, viewport: viewport) }
      #expect(throws: LayoutError.self) {
        try TagTableLayout(rowSpacing: bad).prepare(items: two, viewport: viewport)
      }
    }
    #expect(throws: LayoutError.self) {
      try TagCloudLayout(paragraphLength: -1).prepare(items: two, viewport: viewport)
    }
    let clean = try TagCloudLayout(sectionInset: .zero).prepare(items: two, viewport: viewport)
    #expect(clean.allAttributes(at: ScrollState()).allSatisfy { $0.isFinite })
    #expect(clean.contentSize(at: ScrollState()).height == 10)
    #expect(throws: LayoutError.self) {
      try layout.prepare(items: LayoutItems([Size(width: .nan, height: 1)]), viewport: Viewport(width: 10, height: 10))
    }
    #expect(throws: LayoutError.self) {
      try layout.prepare(items: LayoutItems([Size(width: 1, height: 1)]), viewport: Viewport(width: 0, height: 10))
    }
    var cloud = try TagCloudLayout().prepare(
      estimated: LayoutItems(count: 3, size: Size(width: 80, height: 30)), viewport: Viewport(width: 300, height: 300))
    let rejected = [
      cloud.setMeasuredSize(Size(width: -1, height: 3), for: .cell(0)),
      cloud.setMeasuredSize(Size(width: 1, height: .infinity), for: .cell(0)),
      cloud.setMeasuredSize(Size(width: 1, height: 3), for: .cell(3)),
      cloud.setMeasuredSize(Size(width: 1, height: 3), for: .cell(0, section: Int.max)),
    ]
    #expect(rejected == [false, false, false, false])
    #expect(cloud.measuredCount == 0)
    #expect(cloud.attributes(for: .cell(Int.max), at: ScrollState()) == nil)
    #expect(cloud.attributes(in: Rect(x: .nan, y: 0, width: 1, height: 1), at: ScrollState()).isEmpty)
    #expect(throws: LayoutError.self) {
      try TagCloudLayout().prepare(
        estimated: LayoutItems(sections: [
          .uniform(Size(width: 1, height: 1), count: Int.max), .uniform(.zero, count: 5),
        ]),
        viewport: Viewport(width: 10, height: 10))
    }
    #expect(throws: LayoutError.self) {
      try TagTableLayout().prepare(
        items: LayoutItems(count: Int.max, size: .zero), viewport: Viewport(width: 10, height: 10))
    }
    let empty = try TagCloudLayout().prepare(items: .empty, viewport: Viewport(width: 100, height: 100))
    #expect(empty.contentSize(at: ScrollState()).height == 0)
    #expect(empty.allAttributes(at: ScrollState()).isEmpty)
  }
}

@Suite struct TagTableTests {
  @Test func rowsAreExactlyAsTallAsTheirClouds() throws {
    for index in 0..<60 {
      let seed = propertySeed(index, base: 0x7AB1E)
      var rng = SplitMix64(seed: seed)
      let (cloud, sections, viewport) = randomTagCloud(&rng)
      let table = TagTableLayout(
        cloud: TagCloudLayout(
          lineSpacing: cloud.lineSpacing, itemSpacing: cloud.itemSpacing, sectionInset: cloud.sectionInset,
          headerHeight: cloud.headerHeight, isRightToLeft: cloud.isRightToLeft),
        rowSpacing: rng.double(in: 0...10), tableInset: EdgeInsets(top: 5, left: 7, bottom: 5, right: 3))
      let items = LayoutItems(sections: sections.map { .each($0) })
      let prepared = try table.prepare(items: items, viewport: viewport)
      let width = table.rowWidth(forWidth: viewport.size.width)
      let all = prepared.allAttributes(at: ScrollState())
      for (r, sizes) in sections.enumerated() {
        let row = try #require(prepared.rowFrame(r))
        let fitting = try table.cloud.fittingSize(for: LayoutItems(sizes), width: width)
        #expect(isClose(row.height, fitting.height, tolerance: 1e-9), "seed \(seed)")
        #expect(row.width == width)
        for a in all where a.id.section == r && a.id.kind != TagTableLayout.rowKind {
          #expect(a.frame.minY >= row.minY - 1e-9 && a.frame.maxY <= row.maxY + 1e-9, "seed \(seed)")
          #expect(a.frame.minX >= row.minX - 1e-9 && a.frame.maxX <= row.maxX + 1e-9, "seed \(seed)")
        }
        #expect(all.filter { $0.id.section == r && $0.id.kind == .cell }.count == sizes.count)
      }
      let height = prepared.contentSize(at: ScrollState()).height
      for _ in 0..<6 {
        let rect = Rect(
          x: rng.double(in: -20...300), y: rng.double(in: -100...(height + 100)), width: rng.double(in: 1...500),
          height: rng.double(in: 1...700))
        #expect(
          prepared.attributes(in: rect, at: ScrollState()).sortedByID == bruteForce(all, in: rect), "seed \(seed)")
      }
      if let some = all.randomElement(using: &rng) {
        #expect(prepared.attributes(for: some.id, at: ScrollState()) == some)
      }
    }
  }
}
