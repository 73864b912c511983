import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  /// The sample photos in columns at their own aspect ratios.
  package static func waterfall(
    _ layout: WaterfallLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.waterfall.name, preset: preset,
      title: "Waterfall (\(preset) preset)",
      summary: "Photos at their own aspect ratios, each placed in the shortest column. "
        + "A fling down, a rubber-band at the end, a drag back.",
      demoScript:
        "drag 0,-300 0.25; release; wait 1.4; drag 0,-260 0.2; release; wait 1.6; drag 0,200 0.3; release; wait 0.8",
      make: { context in
        let sizes = (0..<max(context.photos.count, 48)).map { context.photoSizes[$0 % context.photos.count] }
        let prepared = try layout.prepare(
          items: LayoutItems(sizes), viewport: Viewport(size: context.size, scale: context.scale))
        return ScrollerScene(
          scroller: LayoutScroller(layout: prepared, state: ScrollState()),
          name: "waterfall", region: Rect(origin: .zero, size: context.size),
          photo: { context.photo($0.id.item) }, style: { _ in ElementStyle(cornerRadius: 6) },
          background: Color(hex: 0xF2F2F7), debug: context.debug)
      })
  }
}
