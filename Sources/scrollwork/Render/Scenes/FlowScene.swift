import LayoutCore
import Raster
import ScrollPhysics

/// The photo grid: a vertical flow layout of square thumbnails, three to a
/// row, in sections of twelve with pinned headers.
enum FlowScene {
  static let entry = SceneEntry(
    name: "flow",
    title: "Photo grid (flow layout)",
    summary: "Square thumbnails, three to a row, aspect-filled and cropped; section headers pin to the top. "
      + "A fling, a rubber-band at the end, a drag back.",
    demoScript:
      "drag 0,-260 0.3; release; wait 1.2; drag 0,-200 0.2; release; wait 1.6; drag 0,240 0.3; release; wait 0.8",
    make: { context in try make(context) })

  static func make(_ context: SceneContext) throws -> any Scene {
    let spacing = 2.0
    let columns = 3.0
    let side = ((context.size.width - spacing * (columns - 1)) / columns).rounded(.down)
    let perSection = 12
    let count = Swift.max(context.photos.count, 48)
    let sections = (0..<((count + perSection - 1) / perSection)).map { s in
      ItemSizes.uniform(Size(width: side, height: side), count: Swift.min(perSection, count - s * perSection))
    }
    let layout = FlowLayout(
      axis: .vertical, lineSpacing: spacing, interItemSpacing: spacing, headerLength: 34, pinsHeaders: true)
    let prepared = try layout.prepare(
      items: LayoutItems(sections: sections), viewport: Viewport(size: context.size, scale: context.scale))
    return ScrollerScene(
      scroller: LayoutScroller(layout: prepared, state: ScrollState()),
      name: "grid",
      region: Rect(origin: .zero, size: context.size),
      photo: { a in a.id.kind == .cell ? context.photo(a.id.section * perSection + a.id.item) : nil },
      style: { a in
        a.id.kind == .cell
          ? ElementStyle()
          : ElementStyle(
            fill: Color(hex: 0x1C1C1E, alpha: 0.92), label: "Section \(a.id.section + 1)", labelSize: 15,
            labelPlacement: .bottomLeading)
      },
      debug: context.debug)
  }
}
