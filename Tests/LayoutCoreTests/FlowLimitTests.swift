import LayoutCore
import ScrollworkTestSupport
import Testing

/// The flow layout's content limit, the class the sticky layout's fuzz
/// input `sticky-huge-section-header-query-miss` found: content past
/// `LayoutLimits.maximumExtent` is `LayoutError.contentTooLarge` at
/// prepare. Flow used to check only that its content was finite, so
/// headers, footers, insets or spacings of 1e250 pt were accepted, with
/// cells beyond the reach of the whole-plane query and coordinates too
/// coarse to keep 100 pt cells apart. The leading inset across the lines,
/// which does not add into the content, is bounded by `maximumExtent`
/// too, and content that overflows `Double` is `.contentTooLarge` like
/// any other.
@Suite struct FlowLimitTests {
  static let limit = LayoutLimits.maximumExtent
  let viewport = Viewport(width: 390, height: 844)

  struct Case {
    var name: String
    var layout: FlowLayout
    var items: LayoutItems
    var length: Double
  }

  /// Content of `limit + excess` along the main axis, reached through each
  /// part of the layout in turn (every sum exact).
  static func cases(excess: Double) -> [Case] {
    let l = limit
    let half = l / 2
    let line = Size(width: 390, height: 100)
    let empty = LayoutItems(sections: [.uniform(line, count: 0), .uniform(line, count: 0)])
    let one = LayoutItems(sections: [.uniform(line, count: 1), .uniform(line, count: 1)])
    return [
      Case(
        name: "pinned headers of empty sections",
        layout: FlowLayout(lineSpacing: 0, headerLength: half + excess / 2, pinsHeaders: true), items: empty,
        length: l + excess),
      Case(
        name: "pinned footers",
        layout: FlowLayout(lineSpacing: 0, footerLength: half - 100 + excess / 2, pinsFooters: true), items: one,
        length: l + excess),
      Case(
        name: "section insets",
        layout: FlowLayout(
          lineSpacing: 0, sectionInset: EdgeInsets(top: half - 150 + excess / 2, left: 0, bottom: 50, right: 0)),
        items: one, length: l + excess),
      Case(
        name: "line spacing between stored lines",
        layout: FlowLayout(lineSpacing: half - 150 + excess / 2),
        items: LayoutItems(Array(repeating: line, count: 3)), length: l + excess),
      Case(
        name: "headers along a horizontal axis",
        layout: FlowLayout(axis: .horizontal, lineSpacing: 0, headerLength: half + excess / 2, pinsHeaders: true),
        items: empty, length: l + excess),
    ]
  }

  /// Each way content can pass the limit, by as little as 1/16 pt, is
  /// `.contentTooLarge` with the exact extent; so is the sticky fuzz
  /// input's 8.5e245 pt header, and 1e250 pt footers, insets and spacing.
  /// Without the check at the end of `PreparedFlowLayout.init` every one
  /// of them prepared.
  @Test func contentPastTheLimitIsContentTooLarge() {
    for excess in [0x1p-4, 1, 1e6, Self.limit] {
      for c in Self.cases(excess: excess) {
        #expect(
          throws: LayoutError.contentTooLarge(extent: c.length, limit: Self.limit), "\(c.name), excess \(excess)"
        ) {
          try c.layout.prepare(items: c.items, viewport: viewport)
        }
      }
    }
    let items = LayoutItems(count: 1, size: Size(width: 100, height: 100))
    let huge = 1e250
    let cases: [(FlowLayout, Double)] = [
      (FlowLayout(headerLength: 8.5e245, pinsHeaders: true), 8.5e245 + 100),
      (FlowLayout(footerLength: huge), 100 + huge),
      (FlowLayout(sectionInset: EdgeInsets(top: huge, left: 0, bottom: 0, right: 0)), huge + 100),
      (FlowLayout(sectionInset: EdgeInsets(top: 0, left: 0, bottom: huge, right: 0)), 100 + huge),
      (FlowLayout(lineSpacing: huge), 100 + huge + 100),
    ]
    let two = LayoutItems(count: 2, size: Size(width: 390, height: 100))
    for (index, (layout, length)) in cases.enumerated() {
      #expect(throws: LayoutError.contentTooLarge(extent: length, limit: Self.limit), "\(layout)") {
        try layout.prepare(items: index == cases.count - 1 ? two : items, viewport: viewport)
      }
    }
  }

  /// The same parts adding up to the limit, or a little less, prepare with
  /// that content length, and the query returns exactly the brute-force
  /// set for thin rectangles 1 pt inside and outside every element's edges
  /// at offsets along the whole content; then the shared checker.
  @Test func contentAtTheLimitPreparesAndItsQueriesMatchBruteForce() throws {
    for excess in [0, -1, -0x1p-4, -1e6] {
      for c in Self.cases(excess: excess) {
        let p = try c.layout.prepare(items: c.items, viewport: viewport)
        let axis = c.layout.axis
        #expect(p.contentLength == c.length, "\(c.name), excess \(excess)")
        let V = viewport.size[axis]
        for offset in [-V, 0, 57, c.length / 2, c.length - V, c.length - 1, c.length + V] {
          let state = axis == .vertical ? ScrollState(x: 0, y: offset) : ScrollState(x: offset, y: 0)
          let all = p.allAttributes(at: state)
          #expect(all.allSatisfy { $0.isFinite }, "\(c.name), offset \(offset)")
          var rects = [Rect(origin: state.contentOffset, size: viewport.size)]
          for a in all {
            for edge in [
              a.frame.min(axis) - 1, a.frame.min(axis) + 0.5, a.frame.max(axis) - 1, a.frame.max(axis) + 0.5,
            ] {
              rects.append(
                axis == .vertical
                  ? Rect(x: -10, y: edge, width: 410, height: 0.5) : Rect(x: edge, y: -10, width: 0.5, height: 864))
            }
          }
          for rect in rects {
            let found = p.attributes(in: rect, at: state).sortedByID
            #expect(found == bruteForce(all, in: rect), "\(c.name), excess \(excess), offset \(offset), \(rect)")
          }
        }
        for index in 0..<8 {
          let seed = propertySeed(index, base: 0xF1_0717)
          var rng = SplitMix64(seed: seed)
          let failures = LayoutChecker(p).failures(using: &rng)
          #expect(failures.isEmpty, "\(c.name), excess \(excess), seed \(seed): \(failures)")
        }
      }
    }
  }

  // MARK: - Lengths across the lines

  /// The items of the tests across the lines: stored lines of two sizes
  /// and a uniform section, so both ways of placing cells are checked.
  static let mixed = LayoutItems(sections: [
    .each([Size(width: 10, height: 10), Size(width: 20, height: 30), Size(width: 400, height: 5)]),
    .uniform(Size(width: 10, height: 10), count: 7),
  ])

  /// The name `FlowLayout.validate()` gives the leading inset across the
  /// lines, and a layout with that inset set to `value`.
  static func crossLeading(_ axis: Axis, _ value: Double) -> (name: String, layout: FlowLayout) {
    let inset =
      axis == .vertical
      ? EdgeInsets(top: 5, left: value, bottom: 5, right: 0) : EdgeInsets(top: value, left: 5, bottom: 0, right: 5)
    return (
      axis == .vertical ? "sectionInset.left" : "sectionInset.top",
      FlowLayout(axis: axis, sectionInset: inset, headerLength: 20, footerLength: 20, pinsHeaders: true)
    )
  }

  /// Every cell of `p` is returned by the whole-plane query, the query
  /// equals brute force for thin rectangles along every cell's edges across
  /// the lines, and the shared checker passes.
  func expectCellsAreFound(_ p: PreparedFlowLayout, _ what: String, seedBase: UInt64) {
    let axis = p.layout.axis
    let cross = axis.cross
    let state = ScrollState()
    let all = p.allAttributes(at: state)
    var cells = 0
    for s in 0..<p.numberOfSections { cells += p.numberOfItems(inSection: s) }
    #expect(all.filter { $0.id.kind == .cell }.count == cells, "\(what): cells missed by the whole-plane query")
    #expect(all.allSatisfy { $0.isFinite }, "\(what)")
    let length = p.contentLength
    for a in all where a.id.kind == .cell {
      for edge in [a.frame.min(cross) - 1, a.frame.min(cross) - 0.5, a.frame.max(cross) - 0.5] {
        let rect = Rect(axis: axis, mainMin: -10, crossMin: edge, mainLength: length + 20, crossLength: 1)
        #expect(p.attributes(in: rect, at: state).sortedByID == bruteForce(all, in: rect), "\(what), \(rect)")
      }
    }
    for index in 0..<4 {
      let seed = propertySeed(index, base: seedBase)
      var rng = SplitMix64(seed: seed)
      let failures = LayoutChecker(p).failures(using: &rng)
      #expect(failures.isEmpty, "\(what), seed \(seed): \(failures)")
    }
  }

  /// The leading inset across the lines (left when scrolling vertically,
  /// top when horizontally) places every cell but does not add into the
  /// content length the prepare check sees: past
  /// `LayoutLimits.maximumExtent` it is `.invalidConfiguration` with the
  /// exact message, from `validate()` and from `prepare`; up to the limit
  /// (where the room between the insets is 0 and cells are 0 pt across at
  /// 2⁴⁸) it prepares, every cell is found by the whole-plane query and
  /// brute force agrees. Before the bound a 1e300 pt inset prepared and
  /// put every cell at 1e300, where the whole-plane query (±1e15) never
  /// finds it.
  @Test func leadingInsetAcrossTheLinesIsBoundedByTheLimit() throws {
    let accepted = [0, 300, 1e6, Self.limit - 1, Self.limit]
    let rejected = [Self.limit.nextUp, Self.limit + 1, 1e15, 1e300, .greatestFiniteMagnitude]
    for axis in [Axis.vertical, .horizontal] {
      for value in rejected {
        let (name, layout) = Self.crossLeading(axis, value)
        let error = LayoutError.invalidConfiguration(
          "\(name) must be at most \(Self.limit) points, got \(value)")
        #expect(throws: error, "\(axis) \(value)") { try layout.validate() }
        #expect(throws: error, "\(axis) \(value)") { try layout.prepare(items: Self.mixed, viewport: viewport) }
      }
      for value in accepted {
        let (name, layout) = Self.crossLeading(axis, value)
        let p = try layout.prepare(items: Self.mixed, viewport: viewport)
        expectCellsAreFound(p, "\(name) \(value)", seedBase: 0xF1_0C05)
        // Every cell starts at the inset, or after it within the room.
        let all = p.allAttributes(at: ScrollState())
        for a in all where a.id.kind == .cell {
          #expect(a.frame.min(axis.cross) >= value, "\(name) \(value): \(a)")
          #expect(a.frame.max(axis.cross) <= Swift.max(value, viewport.size[axis.cross]), "\(name) \(value): \(a)")
        }
      }
    }
  }

  /// The other lengths across the lines need no bound, and have none: a
  /// trailing inset only shrinks the room between the insets (to 0), and
  /// an inter-item spacing wider than the room only puts each item on its
  /// own line, so cells stay between the leading inset and the viewport's
  /// cross extent however large they are. Up to
  /// `Double.greatestFiniteMagnitude` they prepare, and the queries find
  /// every cell.
  @Test func trailingInsetAndSpacingAcrossTheLinesNeedNoBound() throws {
    for axis in [Axis.vertical, .horizontal] {
      for value in [Self.limit, Self.limit.nextUp, 1e300, .greatestFiniteMagnitude] {
        let trailing =
          axis == .vertical
          ? EdgeInsets(top: 0, left: 7, bottom: 0, right: value) : EdgeInsets(top: 7, left: 0, bottom: value, right: 0)
        let layouts = [
          ("trailing inset", FlowLayout(axis: axis, sectionInset: trailing)),
          ("interItemSpacing", FlowLayout(axis: axis, interItemSpacing: value)),
          ("interItemSpacing, centred", FlowLayout(axis: axis, interItemSpacing: value, alignment: .center)),
          (
            "both, leading",
            FlowLayout(axis: axis, interItemSpacing: value, sectionInset: trailing, alignment: .leading)
          ),
        ]
        for (name, layout) in layouts {
          let p = try layout.prepare(items: Self.mixed, viewport: viewport)
          expectCellsAreFound(p, "\(axis) \(name) \(value)", seedBase: 0xF1_0C06)
          for a in p.allAttributes(at: ScrollState()) where a.id.kind == .cell {
            #expect(a.frame.min(axis.cross) >= 0 && a.frame.max(axis.cross) <= viewport.size[axis.cross], "\(a)")
          }
        }
      }
    }
  }

  // MARK: - Content that overflows to infinity

  /// Content whose length overflows `Double` (parts of
  /// `Double.greatestFiniteMagnitude` each) is past the limit like any
  /// other: `.contentTooLarge` with an infinite extent, as the doc on
  /// `prepare` promises, whether the overflow happens in stored lines, in
  /// a uniform section's arithmetic or between sections. It used to be
  /// `.invalidConfiguration` ("beyond the representable range"), while
  /// finite content past the limit was `.contentTooLarge`.
  @Test func contentThatOverflowsToInfinityIsContentTooLarge() {
    let huge = Double.greatestFiniteMagnitude
    let line = Size(width: 390, height: 100)
    let stored = LayoutItems(Array(repeating: line, count: 3))
    let uniform = LayoutItems(count: 3, size: line)
    let two = LayoutItems(sections: [.uniform(line, count: 1), .each([line])])
    let cases: [(String, FlowLayout, LayoutItems)] = [
      ("line spacing between stored lines", FlowLayout(lineSpacing: huge), stored),
      ("line spacing in a uniform section", FlowLayout(lineSpacing: huge), uniform),
      (
        "line spacing along a horizontal axis", FlowLayout(axis: .horizontal, lineSpacing: huge),
        LayoutItems(count: 3, size: Size(width: 100, height: 844))
      ),
      ("headers", FlowLayout(headerLength: huge, pinsHeaders: true), two),
      ("footers", FlowLayout(footerLength: huge, pinsFooters: true), two),
      ("header and footer", FlowLayout(headerLength: huge, footerLength: huge), LayoutItems(count: 1, size: line)),
      ("insets", FlowLayout(sectionInset: EdgeInsets(top: huge, left: 0, bottom: huge, right: 0)), stored),
    ]
    for (name, layout, items) in cases {
      #expect(throws: LayoutError.contentTooLarge(extent: .infinity, limit: Self.limit), "\(name)") {
        try layout.prepare(items: items, viewport: viewport)
      }
    }
  }
}
