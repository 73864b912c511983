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
      demoScript: demoScript,
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

extension CarouselPreset {
  // What the demo page says of each preset's scene, and what it plays.

  package var sceneTitle: String {
    switch self {
    case .spotify: "Carousel (spotify preset)"
    case .coverFlow: "Cover flow (coverFlow preset)"
    case .stackedCards: "Stacked cards (stackedCards preset)"
    case .plain: "Carousel (plain preset)"
    }
  }

  package var sceneSummary: String {
    switch self {
    case .spotify: "Square covers that shrink and fade away from the centre and snap to the nearest one."
    case .coverFlow: "Neighbours shrink to 0.75 and slide under the centred cover; it snaps to the nearest one."
    case .stackedCards: "A deck: the cards behind peek out; a swipe moves exactly one card, however hard."
    case .plain: "A strip that snaps an item to the centre, with no effect."
    }
  }

  package var demoScript: String {
    switch self {
    case .stackedCards:
      "drag -300 0.15; release; wait 1.0; drag -300 0.15; release; wait 1.0; drag 300 0.15; release; wait 1.0"
    default: "drag -420 0.2; release; wait 1.3; drag 200 0.15; release; wait 1.3"
    }
  }
}
