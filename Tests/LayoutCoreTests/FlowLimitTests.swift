import LayoutCore
import ScrollworkTestSupport
import Testing

/// The flow layout's content limit, the class the sticky layout's fuzz
/// input `sticky-huge-section-header-query-miss` found: content past
/// `LayoutLimits.maximumExtent` is `LayoutError.contentTooLarge` at
/// prepare. Flow used to check only that its content was finite, so
/// headers, footers, insets or spacings of 1e250 pt were accepted, with
/// cells beyond the reach of the whole-plane query and coordinates too
/// coarse to keep 100 pt cells apart.
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
}
