import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  /// A vertical list where the centred item is full size.
  package static func prominent(
    _ layout: ProminentLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.prominent.name, preset: preset,
      title: "Prominent list",
      summary: "A vertical list whose centred item is full size; the others shrink and fade. Snaps to an item.",
      demoScript: "drag 0,-260 0.25; release; wait 1.2; drag 0,120 0.2; release; wait 1",
      make: { context in
        // Leave a margin on wide screens; on tiny ones use most of the width.
        let side = max(8, min(context.size.width - 80, 260, context.size.width * 0.8))
        var sized = layout
        sized.itemSize = Size(width: side, height: side)
        let region = Rect(origin: .zero, size: context.size)
        let prepared = try sized.prepare(
          items: LayoutItems(context.photoSizes), viewport: Viewport(size: region.size, scale: context.scale))
        let scrolling = ScrollConfiguration(decelerationRate: DecelerationRate(sized.preferredDecelerationRate))
        return ScrollerScene(
          scroller: LayoutScroller(layout: prepared, state: ScrollState(), configuration: scrolling),
          name: "list", region: region, photo: { context.photo($0.id.item) },
          style: { _ in ElementStyle(cornerRadius: 14) }, background: Color(hex: 0x121212), debug: context.debug)
      })
  }
}
