import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  /// A carousel strip across the middle of the screen. It snaps with the
  /// fast deceleration rate, as snapping carousels set `decelerationRate =
  /// .fast` in UIKit: the normal rate's long tail would still be creeping
  /// towards its item when the clip ends.
  package static func carousel(
    _ layout: CarouselLayout, name: String, preset: String, title: String, summary: String, demoScript: String
  ) -> SceneEntry {
    let name = name
    return SceneEntry(
      name: name, layout: LayoutCatalog.carousel.name, preset: preset, title: title, summary: summary,
      demoScript: PhotosScene.demoScript,
      make: { context in
        let height = min(300, context.size.width * 0.7)
        let region = Rect(x: 0, y: (context.size.height - height) / 2, width: context.size.width, height: height)
        let items = LayoutItems(context.photoSizes)
        let prepared = try layout.prepare(items: items, viewport: Viewport(size: region.size, scale: context.scale))
        let scrolling = ScrollConfiguration(decelerationRate: .fast)
        return ScrollerScene(
          scroller: LayoutScroller(layout: prepared, state: ScrollState(), configuration: scrolling),
          name: "carousel", region: region, photo: { context.photo($0.id.item) },
          style: { _ in ElementStyle(cornerRadius: 10) }, background: Color(hex: 0x121212), debug: context.debug)
      })
  }
}
