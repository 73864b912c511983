import LayoutCore
import ScrollworkTestSupport
import Testing

/// Every element of a prepared layout, one identity at a time, without the
/// visible-rect index: the brute-force reference.
func everyElement<P: PreparedLayout>(
  _ prepared: P, at state: P.State, kinds: [ElementKind] = [.header, .footer]
)
  -> [LayoutAttributes]
{
  var result: [LayoutAttributes] = []
  for s in 0..<prepared.numberOfSections {
    for i in 0..<prepared.numberOfItems(inSection: s) {
      if let a = prepared.attributes(for: .cell(i, section: s), at: state) { result.append(a) }
    }
    for kind in kinds {
      if let a = prepared.attributes(for: ElementID(kind: kind, section: s, item: 0), at: state) { result.append(a) }
    }
  }
  return result
}

@Suite struct FlowLayoutTests {
  let viewport = Viewport(width: 390, height: 844)

  @Test func threeColumnGridJustifiesFullLines() throws {
    let prepared = try FlowLayout(lineSpacing: 10, interItemSpacing: 10)
      .prepare(items: LayoutItems(count: 7, size: Size(width: 120, height: 120)), viewport: viewport)
    let state = ScrollState()
    let frames = (0..<7).map { prepared.attributes(for: .cell($0), at: state)!.frame }
    // 3 × 120 = 360 in 390: 15 pt gaps on full lines.
    #expect(frames[0] == Rect(x: 0, y: 0, width: 120, height: 120))
    #expect(frames[1] == Rect(x: 135, y: 0, width: 120, height: 120))
    #expect(frames[2] == Rect(x: 270, y: 0, width: 120, height: 120))
    #expect(frames[3].minY == 130)
    // The last line keeps the minimum spacing from the leading edge.
    #expect(frames[6] == Rect(x: 0, y: 260, width: 120, height: 120))
    #expect(prepared.contentSize(at: state) == Size(width: 390, height: 380))
  }

  @Test func itemsCentreOnTheirLineAndWrapOnOverflow() throws {
    let sizes = [Size(width: 100, height: 50), Size(width: 100, height: 100), Size(width: 250, height: 40)]
    let prepared = try FlowLayout(lineSpacing: 5, interItemSpacing: 10, alignment: .leading)
      .prepare(items: LayoutItems(sizes), viewport: Viewport(width: 300, height: 500))
    let state = ScrollState()
    let f = (0..<3).map { prepared.attributes(for: .cell($0), at: state)!.frame }
    #expect(f[0] == Rect(x: 0, y: 25, width: 100, height: 50))
    #expect(f[1] == Rect(x: 110, y: 0, width: 100, height: 100))
    #expect(f[2] == Rect(x: 0, y: 105, width: 250, height: 40))
  }

  @Test func horizontalFlowStacksLinesAlongX() throws {
    let prepared = try FlowLayout(axis: .horizontal, lineSpacing: 0, interItemSpacing: 0)
      .prepare(
        items: LayoutItems(count: 10, size: Size(width: 50, height: 100)), viewport: Viewport(width: 200, height: 300))
    let state = ScrollState()
    #expect(prepared.attributes(for: .cell(4), at: state)!.frame == Rect(x: 50, y: 100, width: 50, height: 100))
    #expect(prepared.contentSize(at: state) == Size(width: 200, height: 300))
  }

  @Test func sectionsHeadersFootersAndInsets() throws {
    let layout = FlowLayout(
      lineSpacing: 0, interItemSpacing: 0, sectionInset: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10),
      headerLength: 40, footerLength: 20)
    let items = LayoutItems(sections: [
      .uniform(Size(width: 370, height: 100), count: 2), .uniform(Size(width: 50, height: 50), count: 0),
    ])
    let prepared = try layout.prepare(items: items, viewport: viewport)
    let state = ScrollState()
    #expect(
      prepared.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: state)!.frame
        == Rect(x: 0, y: 0, width: 390, height: 40))
    #expect(prepared.attributes(for: .cell(0), at: state)!.frame == Rect(x: 10, y: 45, width: 370, height: 100))
    #expect(prepared.attributes(for: .cell(1), at: state)!.frame.minY == 145)
    #expect(prepared.attributes(for: ElementID(kind: .footer, section: 0, item: 0), at: state)!.frame.minY == 250)
    // An empty section still has its header, insets and footer.
    #expect(prepared.attributes(for: ElementID(kind: .header, section: 1, item: 0), at: state)!.frame.minY == 270)
    #expect(prepared.contentSize(at: state).height == 270 + 40 + 10 + 20)
  }

  @Test func pinnedHeadersStickAndLeaveWithTheirSection() throws {
    let layout = FlowLayout(lineSpacing: 0, interItemSpacing: 0, headerLength: 50, pinsHeaders: true)
    let items = LayoutItems(sections: [
      .uniform(Size(width: 390, height: 100), count: 5), .uniform(Size(width: 390, height: 100), count: 5),
    ])
    let prepared = try layout.prepare(items: items, viewport: viewport)
    func headerY(_ section: Int, _ offset: Double) -> Double {
      prepared.attributes(for: ElementID(kind: .header, section: section, item: 0), at: ScrollState(x: 0, y: offset))!
        .frame.minY
    }
    #expect(headerY(0, 0) == 0)
    #expect(headerY(0, 200) == 200)  // stuck to the top
    #expect(headerY(0, 500) == 500)  // section 0's items end at 550
    #expect(headerY(0, 520) == 500)  // pushed out by the section's end
    #expect(headerY(1, 520) == 550)
    #expect(headerY(1, 700) == 700)
    #expect(headerY(0, -100) == 0)  // pulled down: stays at its place
    let header = prepared.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: ScrollState(x: 0, y: 200))!
    #expect(header.zIndex > 0)
    // The query finds a pinned header even though its unpinned place is off screen.
    let visible = prepared.visibleAttributes(at: ScrollState(x: 0, y: 300))
    #expect(visible.contains { $0.id == ElementID(kind: .header, section: 0, item: 0) && $0.frame.minY == 300 })
  }

  /// Over thousands of random layouts and queries, the index returns exactly
  /// what a brute-force filter over every element returns.
  @Test func indexMatchesBruteForce() throws {
    for trial in 0..<600 {
      let seed = propertySeed(trial, base: 2024)
      var rng = SplitMix64(seed: seed)
      let axis: Axis = rng.chance(0.5) ? .vertical : .horizontal
      let layout = FlowLayout(
        axis: axis, lineSpacing: rng.double(in: 0...20), interItemSpacing: rng.double(in: 0...20),
        sectionInset: EdgeInsets(
          top: rng.double(in: 0...20), left: rng.double(in: 0...20), bottom: rng.double(in: 0...20),
          right: rng.double(in: 0...20)),
        headerLength: rng.chance(0.5) ? rng.double(in: 10...60) : 0,
        footerLength: rng.chance(0.5) ? rng.double(in: 10...60) : 0,
        pinsHeaders: rng.chance(0.5), pinsFooters: rng.chance(0.3),
        alignment: FlowLayout.Alignment.allCases[rng.int(in: 0...2)])
      var sections: [ItemSizes] = []
      for _ in 0..<rng.int(in: 0...4) {
        let count = rng.int(in: 0...60)
        if rng.chance(0.4) {
          sections.append(.uniform(Size(width: rng.double(in: 0...200), height: rng.double(in: 0...200)), count: count))
        } else {
          sections.append(
            .each((0..<count).map { _ in Size(width: rng.double(in: 0...250), height: rng.double(in: 0...250)) }))
        }
      }
      let viewport = Viewport(width: rng.double(in: 100...500), height: rng.double(in: 100...900))
      let prepared = try layout.prepare(items: LayoutItems(sections: sections), viewport: viewport)
      let length = prepared.contentSize(at: ScrollState())[axis]
      for _ in 0..<8 {
        var offset = Point.zero
        offset[axis] = rng.double(in: -300...(length + 300))
        let state = ScrollState(contentOffset: offset)
        let rect = Rect(
          x: offset.x + rng.double(in: -50...50), y: offset.y + rng.double(in: -50...50),
          width: rng.double(in: 0...600), height: rng.double(in: 0...900))
        let expected = bruteForce(everyElement(prepared, at: state), in: rect)
        let found = prepared.attributes(in: rect, at: state).sortedByID
        #expect(found == expected, "seed \(seed)")
        #expect(found.allSatisfy { $0.isFinite }, "seed \(seed)")
      }
    }
  }

  @Test func badInputIsRejectedOrClamped() throws {
    let layout = FlowLayout()
    #expect(throws: LayoutError.invalidViewport(Size(width: 0, height: 10))) {
      try layout.prepare(
        items: LayoutItems(count: 1, size: Size(width: 1, height: 1)), viewport: Viewport(width: 0, height: 10))
    }
    #expect(throws: LayoutError.self) {
      try layout.prepare(
        items: LayoutItems(count: 1, size: Size(width: 1, height: 1)), viewport: Viewport(width: .nan, height: 10))
    }
    #expect(throws: LayoutError.invalidItemSize(section: 0, item: 1, Size(width: -1, height: 5))) {
      try layout.prepare(
        items: LayoutItems([Size(width: 1, height: 1), Size(width: -1, height: 5)]), viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try layout.prepare(items: LayoutItems([Size(width: .infinity, height: 1)]), viewport: viewport)
    }
    #expect(throws: LayoutError.invalidItemCount(section: 0, count: -3)) {
      try layout.prepare(
        items: LayoutItems(sections: [.uniform(Size(width: 1, height: 1), count: -3)]), viewport: viewport)
    }
    // Empty data: an empty layout.
    let empty = try layout.prepare(items: .empty, viewport: viewport)
    #expect(empty.contentSize(at: ScrollState()) == Size(width: 390, height: 0))
    #expect(empty.visibleAttributes(at: ScrollState()).isEmpty)
    // Too-wide items clamp to the room between the insets; NaN offsets read as zero.
    let wide = try FlowLayout(sectionInset: EdgeInsets(left: 20, right: 20))
      .prepare(items: LayoutItems([Size(width: 1000, height: 10)]), viewport: viewport)
    #expect(wide.attributes(for: .cell(0), at: ScrollState())!.frame == Rect(x: 20, y: 0, width: 350, height: 10))
    #expect(wide.visibleAttributes(at: ScrollState(x: .nan, y: .infinity)).count == 1)
    // Identities that do not exist.
    #expect(wide.attributes(for: .cell(1), at: ScrollState()) == nil)
    #expect(wide.attributes(for: .cell(-1), at: ScrollState()) == nil)
    #expect(wide.attributes(for: .cell(0, section: 5), at: ScrollState()) == nil)
    #expect(wide.attributes(for: ElementID(kind: .header, section: 0, item: 0), at: ScrollState()) == nil)
    #expect(wide.numberOfItems(inSection: -1) == 0)
  }

  /// Uniform sections are arithmetic, per-item ones stored: the same frames
  /// (to rounding) for every alignment, spacing and count.
  @Test func uniformAndPerItemSectionsGiveTheSameFrames() throws {
    for trial in 0..<300 {
      let seed = propertySeed(trial, base: 77)
      var rng = SplitMix64(seed: seed)
      let size = Size(width: rng.double(in: 1...200), height: rng.double(in: 1...200))
      let count = rng.int(in: 0...60)
      let layout = FlowLayout(
        axis: rng.chance(0.5) ? .vertical : .horizontal, lineSpacing: rng.double(in: 0...10),
        interItemSpacing: rng.double(in: 0...10),
        sectionInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), headerLength: 10,
        alignment: FlowLayout.Alignment.allCases[rng.int(in: 0...2)])
      let uniform = try layout.prepare(
        items: LayoutItems(sections: [.uniform(size, count: count), .uniform(size, count: 3)]), viewport: viewport)
      let each = try layout.prepare(
        items: LayoutItems(sections: [.each(Array(repeating: size, count: count)), .each([size, size, size])]),
        viewport: viewport)
      let a = uniform.allAttributes(at: ScrollState()).sortedByID
      let b = each.allAttributes(at: ScrollState()).sortedByID
      #expect(a.map(\.id) == b.map(\.id), "seed \(seed)")
      for (x, y) in zip(a, b) { #expect(isClose(x.frame, y.frame, tolerance: 1e-9), "seed \(seed): \(x.id)") }
      #expect(isClose(uniform.contentSize(at: ScrollState()), each.contentSize(at: ScrollState())), "seed \(seed)")
    }
  }

  @Test func tinyUniformItemsDoNotOverflow() throws {
    let prepared = try FlowLayout(interItemSpacing: 0)
      .prepare(items: LayoutItems(count: 5, size: Size(width: 1e-300, height: 10)), viewport: viewport)
    #expect(prepared.visibleAttributes(at: ScrollState()).count == 5)
  }

  @Test func millionsOfUniformCellsCostNoPerCellMemory() throws {
    let prepared = try FlowLayout(lineSpacing: 2, interItemSpacing: 2)
      .prepare(items: LayoutItems(count: 50_000_000, size: Size(width: 96, height: 96)), viewport: viewport)
    let bounds = prepared.offsetBounds(at: ScrollState())
    let state = ScrollState(x: 0, y: bounds.max.y / 2)
    let visible = prepared.visibleAttributes(at: state)
    #expect(visible.count > 30 && visible.count < 60)
    let expected = bruteForce(
      visible.map { prepared.attributes(for: $0.id, at: state)! },
      in: Rect(origin: state.contentOffset, size: viewport.size))
    #expect(visible.sortedByID == expected)
  }

  /// The shared checker over random flow layouts: sections uniform or
  /// stored, headers and footers pinned or not, every alignment and axis.
  @Test func sharedCheckerPassesOnRandomFlowLayouts() throws {
    for index in 0..<300 {
      let seed = propertySeed(index, base: 0xF10_C4EC)
      var rng = SplitMix64(seed: seed)
      let layout = FlowLayout(
        axis: rng.chance(0.5) ? .vertical : .horizontal, lineSpacing: rng.chance(0.3) ? 0 : rng.double(in: 0...20),
        interItemSpacing: rng.chance(0.3) ? 0 : rng.double(in: 0...20),
        sectionInset: EdgeInsets(
          top: rng.double(in: 0...30), left: rng.double(in: 0...30), bottom: rng.double(in: 0...30),
          right: rng.double(in: 0...30)),
        headerLength: rng.chance(0.4) ? 0 : rng.double(in: 1...80),
        footerLength: rng.chance(0.4) ? 0 : rng.double(in: 1...80), pinsHeaders: rng.chance(0.5),
        pinsFooters: rng.chance(0.5), alignment: FlowLayout.Alignment.allCases[rng.int(in: 0...2)])
      var sections: [ItemSizes] = []
      for _ in 0..<rng.int(in: 0...5) {
        let count = rng.int(in: 0...30)
        if rng.chance(0.4) {
          sections.append(.uniform(Size(width: rng.double(in: 0...200), height: rng.double(in: 0...200)), count: count))
        } else {
          sections.append(
            .each((0..<count).map { _ in Size(width: rng.double(in: 0...250), height: rng.double(in: 0...200)) }))
        }
      }
      let viewport = Viewport(width: rng.double(in: 100...600), height: rng.double(in: 100...900))
      let prepared = try layout.prepare(items: LayoutItems(sections: sections), viewport: viewport)
      let failures = LayoutChecker(prepared).failures(using: &rng)
      #expect(failures.isEmpty, "seed \(seed): \(failures)")
    }
  }
}
