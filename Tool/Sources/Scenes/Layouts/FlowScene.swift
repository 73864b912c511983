import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

/// The flow layout's demo scene: a photo grid, three square thumbnails to a
/// row, in sections of twelve.
package enum FlowScene {
  package static func makeScene(_ layout: FlowLayout, _ context: SceneContext) throws -> any Scene {
    let columns = 3.0
    let room = context.size.width - layout.sectionInset.left - layout.sectionInset.right
    let side = ((room - layout.interItemSpacing * (columns - 1)) / columns).rounded(.down)
    let perSection = 12
    let count = Swift.max(context.photos.count, 48)
    let sections = (0..<((count + perSection - 1) / perSection)).map { s in
      ItemSizes.uniform(Size(width: side, height: side), count: Swift.min(perSection, count - s * perSection))
    }
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

extension SceneEntry {
  /// A photo grid, three square thumbnails to a row, in sections of twelve.
  package static func flowGrid(
    _ layout: FlowLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.flow.name, preset: preset,
      title: "Photo grid (flow layout, \(preset) preset)",
      summary: "Square thumbnails, three to a row, aspect-filled and cropped"
        + (layout.pinsHeaders ? "; section headers pin to the top" : "")
        + ". A fling, a rubber-band at the end, a drag back.",
      demoScript:
        "drag 0,-260 0.3; release; wait 1.2; drag 0,-200 0.2; release; wait 1.6; drag 0,240 0.3; release; wait 0.8",
      make: { context in try FlowScene.makeScene(layout, context) })
  }
}
