import LayoutCore
import Raster
import ScrollPhysics

/// The album-art carousel (`spotify` preset: scale and fade by distance to
/// the centre), a strip across the middle of the screen. It snaps with the
/// fast deceleration rate, as snapping carousels set `decelerationRate =
/// .fast` in UIKit: the normal rate's long tail would still be creeping
/// towards its item when the clip ends.
enum CarouselScene {
  static let entry = strip(
    name: "carousel", title: "Carousel (spotify preset)", layout: .spotify,
    summary: "Square covers that shrink and fade away from the centre and snap to the nearest one.",
    script: "drag -420 0.2; release; wait 1.3; drag 200 0.15; release; wait 1.3")

  /// Cover flow: neighbours shrink and tuck under the centred cover.
  static let coverFlow = strip(
    name: "coverflow", title: "Cover flow (coverflow preset)", layout: .coverFlow,
    summary: "Neighbours shrink to 0.75 and slide under the centred cover; it snaps to the nearest one.",
    script: "drag -420 0.2; release; wait 1.3; drag 200 0.15; release; wait 1.3")

  /// A deck of cards: one card per swipe, the next ones peeking behind.
  static let stackedCards = strip(
    name: "stack", title: "Stacked cards (stack preset)", layout: .stackedCards,
    summary: "A deck: the cards behind peek out; a swipe moves exactly one card, however hard.",
    script: "drag -300 0.15; release; wait 1.0; drag -300 0.15; release; wait 1.0; drag 300 0.15; release; wait 1.0")

  /// A carousel strip across the middle of the screen, snapping at the fast
  /// rate.
  static func strip(name: String, title: String, layout: CarouselLayout, summary: String, script: String) -> SceneEntry
  {
    SceneEntry(
      name: name, title: title, summary: summary, demoScript: script,
      make: { context in
        let height = min(300, context.size.width * 0.7)
        let region = Rect(x: 0, y: (context.size.height - height) / 2, width: context.size.width, height: height)
        let items = LayoutItems(context.photoSizes)
        let prepared = try layout.prepare(items: items, viewport: Viewport(size: region.size, scale: context.scale))
        let scrolling = ScrollConfiguration(decelerationRate: .fast)
        return ScrollerScene(
          scroller: LayoutScroller(layout: prepared, state: ScrollState(), configuration: scrolling),
          name: name, region: region, photo: { context.photo($0.id.item) },
          style: { _ in ElementStyle(cornerRadius: 10) }, background: Color(hex: 0x121212), debug: context.debug)
      })
  }
}

/// The prominent list: a vertical strip where the centred item is full size.
enum ProminentScene {
  static let entry = SceneEntry(
    name: "prominent",
    title: "Prominent list",
    summary: "A vertical list whose centred item is full size; the others shrink and fade. Snaps to an item.",
    demoScript: "drag 0,-260 0.25; release; wait 1.2; drag 0,120 0.2; release; wait 1",
    make: { context in
      // Leave a margin on wide screens; on tiny ones use most of the width.
      let side = max(8, min(context.size.width - 80, 260, context.size.width * 0.8))
      let layout = ProminentLayout(itemSize: Size(width: side, height: side))
      let region = Rect(origin: .zero, size: context.size)
      let prepared = try layout.prepare(
        items: LayoutItems(context.photoSizes), viewport: Viewport(size: region.size, scale: context.scale))
      let scrolling = ScrollConfiguration(decelerationRate: DecelerationRate(layout.preferredDecelerationRate))
      return ScrollerScene(
        scroller: LayoutScroller(layout: prepared, state: ScrollState(), configuration: scrolling),
        name: "list", region: region, photo: { context.photo($0.id.item) },
        style: { _ in ElementStyle(cornerRadius: 14) }, background: Color(hex: 0x121212), debug: context.debug)
    })
}
