import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  /// The Jungle Cup screen: a stretchy, darkening header photo, a sticky
  /// menu, sticky section headers and parallax photo cells.
  package static func jungleCup(
    _ layout: StickyHeaderLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.sticky.name, preset: preset,
      title: "Stretchy header, sticky menu and section headers",
      summary: "Pull down: the header stretches. Scroll up: it darkens and goes, the menu and section headers "
        + "stick, the photos move inside their cells (parallax).",
      demoScript: "drag 0,140 0.35; release; wait 0.8; drag 0,-420 0.3; release; wait 1.6",
      make: { context in
        let sections = (0..<4).map { _ in ItemSizes.uniform(Size(width: context.size.width, height: 200), count: 5) }
        let prepared = try layout.prepare(
          items: LayoutItems(sections: sections), viewport: Viewport(size: context.size, scale: context.scale))
        return ScrollerScene(
          scroller: LayoutScroller(layout: prepared, state: ScrollState()),
          name: "list", region: Rect(origin: .zero, size: context.size),
          photo: { a in
            switch a.id.kind {
            case .cell: context.photo(a.id.section * 5 + a.id.item + 1)
            case .stretchyHeader: context.photo(0)
            default: nil
            }
          },
          style: { a in
            switch a.id.kind {
            case .cell, .stretchyHeader: ElementStyle()
            case .header:
              ElementStyle(
                fill: Color(hex: 0xF2F2F7), label: "Group \(a.id.section + 1)", labelSize: 17,
                labelColor: .black, labelPlacement: .bottomLeading)
            case .footer: ElementStyle(fill: Color(hex: 0xE5E5EA))
            default: ElementStyle(fill: Color(hex: 0x1C1C1E), label: "Matches   Teams   Table", labelSize: 16)
            }
          },
          background: .white, debug: context.debug)
      })
  }
}
