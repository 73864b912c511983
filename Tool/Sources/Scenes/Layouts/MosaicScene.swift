import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  /// The sample photos in a mosaic, filling the screen's width.
  package static func mosaic(
    _ layout: MosaicLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.mosaic.name, preset: preset,
      title: "Mosaic (\(preset) preset)",
      summary: "Segments of one, two or three photos: full width, 50/50, 2/3 + 1/3 and 1/3 + 2/3, "
        + "aspect-filled. A fling down, a rubber-band at the end, a drag back.",
      demoScript:
        "drag 0,-300 0.25; release; wait 1.4; drag 0,-260 0.2; release; wait 1.6; drag 0,200 0.3; release; wait 0.8",
      make: { context in
        let count = max(context.photos.count, 36)
        let prepared = try layout.prepare(
          items: LayoutItems(count: count, size: .zero), viewport: Viewport(size: context.size, scale: context.scale))
        return ScrollerScene(
          scroller: LayoutScroller(layout: prepared, state: ScrollState()),
          name: "mosaic", region: Rect(origin: .zero, size: context.size),
          photo: { context.photo($0.id.item) }, style: { _ in ElementStyle() }, background: .white,
          debug: context.debug)
      })
  }
}
