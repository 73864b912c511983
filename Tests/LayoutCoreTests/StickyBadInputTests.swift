import LayoutCore
import ScrollworkTestSupport
import Testing

/// Issue 15 for the sticky-header layout: counts beyond Double coordinates
/// and content beyond the representable range get a typed error.
@Suite struct StickyBadInputTests {
  let viewport = Viewport(width: 390, height: 844)

  @Test func countsBeyondDoubleCoordinatesAreRejected() {
    for count in [Int.max, LayoutItems.maximumAddressableCount + 1] {
      #expect(throws: LayoutError.self) {
        try StickyHeaderLayout.jungleCup.prepare(
          items: LayoutItems(count: count, size: Size(width: 1, height: 1)), viewport: viewport)
      }
    }
    #expect(throws: LayoutError.self) {
      try StickyHeaderLayout.jungleCup.prepare(
        items: LayoutItems(sections: [.uniform(.zero, count: Int.max - 1), .uniform(.zero, count: 1)]),
        viewport: viewport)
    }
  }

  @Test func contentBeyondTheRepresentableRangeIsAnErrorAtPrepare() {
    let cases: [(StickyHeaderLayout, LayoutItems)] = [
      (StickyHeaderLayout(cellSize: .fullWidth(height: 1e308)), LayoutItems(count: 3, size: .zero)),
      (StickyHeaderLayout(), LayoutItems(Array(repeating: Size(width: 10, height: 1e308), count: 3))),
      (StickyHeaderLayout(lineSpacing: 1e308), LayoutItems(count: 3, size: Size(width: 10, height: 10))),
      (
        StickyHeaderLayout(headerHeight: 1e308, menuHeight: 1e308),
        LayoutItems(count: 1, size: Size(width: 10, height: 10))
      ),
      (
        StickyHeaderLayout(sectionHeaderHeight: 1e308, sectionFooterHeight: 1e308),
        LayoutItems(sections: [.uniform(Size(width: 10, height: 10), count: 1)])
      ),
    ]
    for (layout, items) in cases {
      #expect(throws: LayoutError.self, "\(layout)") { try layout.prepare(items: items, viewport: viewport) }
    }
  }
}
