import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  /// A looping strip across the middle of the screen, starting on item 0:
  /// the script swipes back across the seam to the last items, then
  /// forward across it again.
  package static func looping(
    _ layout: LoopingCarouselLayout, name: String, preset: String, title: String, summary: String
  ) -> SceneEntry {
    return SceneEntry(
      name: name, layout: LayoutCatalog.looping.name, preset: preset, title: title,
      summary: summary,
      demoScript: "drag 420 0.2; release; wait 1.3; drag -1200 0.3; release; wait 1.6",
      make: { context in
        let height = min(300, context.size.width * 0.7)
        let region = Rect(x: 0, y: (context.size.height - height) / 2, width: context.size.width, height: height)
        let prepared = try layout.prepare(
          items: LayoutItems(context.photoSizes), viewport: Viewport(size: region.size, scale: context.scale))
        return ScrollerScene(
          scroller: LayoutScroller(
            layout: prepared, state: ScrollState(), configuration: ScrollConfiguration(decelerationRate: .fast)),
          name: "looping", region: region, photo: { context.photo($0.id.item) },
          style: { _ in ElementStyle(cornerRadius: 10) }, background: Color(hex: 0x121212), debug: context.debug)
      })
  }
}

extension LoopingPreset {
  // What the demo page says of each preset's scene, and what it plays.

  package var sceneTitle: String {
    switch self {
    case .spotify: "Looping carousel (spotify preset)"
    case .coverFlow: "Looping cover flow (coverFlow preset)"
    case .stackedCards: "Looping stacked cards (stackedCards preset)"
    case .plain: "Looping carousel (plain preset)"
    }
  }

  package var sceneSummary: String {
    switch self {
    case .spotify: "Covers that scale and fade by distance to the centre, after the last the first again, both ways."
    case .coverFlow: "Cover flow without ends: the first cover follows the last, tucked in the same way."
    case .stackedCards: "A deck that never runs out: one card per swipe, the first after the last."
    case .plain: "A snapping strip without ends."
    }
  }
}
