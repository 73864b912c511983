import LayoutCatalog
import ScrollworkTestSupport
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  package static func tagTable(
    _ layout: TagTableLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.tagTable.name, preset: preset,
      title: "A table of tag clouds",
      summary: "Each row holds a cloud of word tags and is exactly as tall as its cloud (its fitting size); "
        + "nothing scrolls inside a row. A fling down, a drag back.",
      demoScript: "drag 0,-360 0.3; release; wait 1.5; drag 0,200 0.3; release; wait 1",
      make: { context in
        let rows = TagTableScene.rowTexts(rows: 40)
        let text = try TagText(size: 15, padding: (6, 10), scale: context.scale)
        let viewport = Viewport(size: context.size, scale: context.scale)
        let prepared = try TagTableScene.prepareTable(layout, rows: rows, text: text, viewport: viewport)
        return ScrollerScene(
          scroller: LayoutScroller(layout: prepared, state: ScrollState()), name: "table",
          region: Rect(origin: .zero, size: context.size), photo: { _ in nil }, style: { _ in ElementStyle() },
          background: Color(hex: 0xC7C7CC), debug: context.debug,
          draw: { a, canvas, origin, clip in
            if a.id.kind == TagTableLayout.rowKind {
              canvas.fill(a.frame.offsetBy(dx: origin.x, dy: origin.y), .white, clip: clip)
            } else if a.id.kind == .cell, a.id.section < rows.count, a.id.item < rows[a.id.section].count {
              text.draw(rows[a.id.section][a.id.item], a, on: &canvas, origin: origin, clip: clip)
            }
          })
      })
  }
}

/// The tag table's demo rows and how a table of them is prepared.
package enum TagTableScene {
  /// `rows` rows of 3 to 14 words each, the same for the same arguments.
  package static func rowTexts(rows: Int, seed: UInt64 = 11) -> [[String]] {
    var rng = SplitMix64(seed: seed)
    let words = SampleWords.all
    return (0..<rows).map { _ in
      (0..<(3 + Int(rng.next() % 12))).map { _ in words[Int(rng.next() % UInt64(words.count))] }
    }
  }

  /// The table: each row's tags measured at the row's width.
  package static func prepareTable(
    _ layout: TagTableLayout, rows: [[String]], text: TagText, viewport: Viewport
  ) throws -> PreparedTagTableLayout {
    let width = layout.cloud.maxTagWidth(forWidth: layout.rowWidth(forWidth: viewport.size.width))
    let sections = rows.map { ItemSizes.each($0.map { text.size($0, maxWidth: width) }) }
    return try layout.prepare(items: LayoutItems(sections: sections), viewport: viewport)
  }
}
