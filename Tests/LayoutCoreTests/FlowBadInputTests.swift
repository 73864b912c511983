import LayoutCore
import ScrollworkTestSupport
import Testing

/// Issue 15 for the flow layout: counts beyond Double coordinates, bad
/// configuration numbers and content beyond the representable range get a
/// typed error instead of a trap, a silent 0 or a non-finite size.
@Suite struct FlowBadInputTests {
  let viewport = Viewport(width: 390, height: 844)
  let item = Size(width: 100, height: 100)

  @Test func countsBeyondDoubleCoordinatesAreRejected() throws {
    for count in [Int.max, Int.max - 1, LayoutItems.maximumAddressableCount + 1] {
      #expect(throws: LayoutError.self) {
        try FlowLayout().prepare(items: LayoutItems(count: count, size: item), viewport: viewport)
      }
    }
    // Two sections whose sum overflows an Int.
    #expect(throws: LayoutError.self) {
      try FlowLayout().prepare(
        items: LayoutItems(sections: [.uniform(item, count: Int.max - 1), .uniform(item, count: 1)]),
        viewport: viewport)
    }
    #expect(throws: LayoutError.self) {
      try FlowLayout().prepare(
        items: LayoutItems(sections: [.uniform(item, count: 1 << 52), .uniform(item, count: 1 << 52), .each([item])]),
        viewport: viewport)
    }
    // The limit itself is fine when the content fits in
    // LayoutLimits.maximumExtent (390 items a line), and queries far away
    // stay finite; with 10 pt spacings it would not fit (contentTooLarge).
    let most = LayoutItems(count: LayoutItems.maximumAddressableCount, size: Size(width: 1, height: 1))
    #expect(throws: LayoutError.self) { try FlowLayout().prepare(items: most, viewport: viewport) }
    let big = try FlowLayout(lineSpacing: 0, interItemSpacing: 0).prepare(items: most, viewport: viewport)
    #expect(big.contentSize(at: ScrollState()).height.isFinite)
    for y in [1e300, 1e15, -1e300, .infinity, .nan] {
      let found = big.visibleAttributes(at: ScrollState(x: 0, y: y))
      #expect(found.allSatisfy { $0.isFinite }, "offset \(y)")
    }
  }

  @Test func badConfigurationNumbersAreRejectedNotTreatedAsZero() {
    let items = LayoutItems(count: 10, size: item)
    var layouts: [(String, FlowLayout)] = []
    for bad in [Double.nan, -1, .infinity, -.infinity] {
      layouts.append(("lineSpacing", FlowLayout(lineSpacing: bad)))
      layouts.append(("interItemSpacing", FlowLayout(interItemSpacing: bad)))
      layouts.append(("sectionInset.top", FlowLayout(sectionInset: EdgeInsets(top: bad, left: 0, bottom: 0, right: 0))))
      layouts.append(
        ("sectionInset.left", FlowLayout(sectionInset: EdgeInsets(top: 0, left: bad, bottom: 0, right: 0))))
      layouts.append(
        ("sectionInset.bottom", FlowLayout(sectionInset: EdgeInsets(top: 0, left: 0, bottom: bad, right: 0))))
      layouts.append(
        ("sectionInset.right", FlowLayout(sectionInset: EdgeInsets(top: 0, left: 0, bottom: 0, right: bad))))
      layouts.append(("headerLength", FlowLayout(headerLength: bad)))
      layouts.append(("footerLength", FlowLayout(footerLength: bad)))
    }
    for (name, layout) in layouts {
      do {
        _ = try layout.prepare(items: items, viewport: viewport)
        Issue.record("\(name) \(layout) was accepted")
      } catch {
        guard case .invalidConfiguration(let message) = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        #expect(message.hasPrefix(name), "the error names the value: \(message)")
      }
    }
  }

  /// Sizes past the limit are `invalidItemSize`; lengths whose sum
  /// overflows `Double` are `contentTooLarge` with an infinite extent.
  @Test func contentBeyondTheRepresentableRangeIsAnErrorAtPrepare() {
    let huge = Size(width: 100, height: 1e308)
    let tooLarge = LayoutError.invalidItemSize(section: 0, item: 0, huge)
    for items in [LayoutItems(count: 12, size: huge), LayoutItems(Array(repeating: huge, count: 12))] {
      #expect(throws: tooLarge) { try FlowLayout().prepare(items: items, viewport: viewport) }
    }
    let cases: [(FlowLayout, LayoutItems)] = [
      (FlowLayout(lineSpacing: 1e308), LayoutItems(count: 12, size: item)),
      (FlowLayout(lineSpacing: 1e308), LayoutItems(Array(repeating: item, count: 12))),
      (FlowLayout(headerLength: 1e308, footerLength: 1e308), LayoutItems(count: 1, size: item)),
      (FlowLayout(axis: .horizontal, lineSpacing: 1e308), LayoutItems(count: 40, size: item)),
      (
        FlowLayout(sectionInset: EdgeInsets(top: 1e308, left: 0, bottom: 1e308, right: 0)),
        LayoutItems(sections: [.each([item])])
      ),
    ]
    for (layout, items) in cases {
      #expect(throws: LayoutError.contentTooLarge(extent: .infinity, limit: LayoutLimits.maximumExtent), "\(layout)") {
        try layout.prepare(items: items, viewport: viewport)
      }
    }
    // Huge but within LayoutLimits.maximumExtent: finite everywhere.
    let fine = try? FlowLayout().prepare(items: LayoutItems([Size(width: 100, height: 0x1p47)]), viewport: viewport)
    #expect(fine?.contentSize(at: ScrollState()).height == 0x1p47)
    // An item past the limit is refused, naming it.
    #expect(throws: LayoutError.invalidItemSize(section: 0, item: 0, Size(width: 100, height: 1e307))) {
      try FlowLayout().prepare(items: LayoutItems([Size(width: 100, height: 1e307)]), viewport: viewport)
    }
  }
}
