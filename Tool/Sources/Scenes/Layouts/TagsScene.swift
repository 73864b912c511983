import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

extension SceneEntry {
  /// A long cloud of real words, prepared with an 80×30 estimate; the
  /// scroller measures each tag with FreeType as it comes into view and
  /// keeps the first visible tag in place while sizes change.
  package static func tagCloud(
    _ layout: TagCloudLayout, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.tags.name, preset: preset,
      title: "Self-sizing tag cloud",
      summary: "Hundreds of word tags laid out with an 80×30 estimate; each is measured (FreeType) as it comes "
        + "into view and the offset is corrected so nothing on screen jumps. A fling, a drag back.",
      demoScript:
        "drag 0,-420 0.3; release; wait 1.6; drag 0,-300 0.25; release; wait 1.4; drag 0,260 0.3; release; wait 1",
      make: { context in
        let texts = SampleWords.words(600).enumerated().map { i, word in
          i % 7 == 3 ? word + " " + SampleWords.all[(i * 37 + 11) % SampleWords.all.count] : word
        }
        let text = try TagText(size: 15, padding: (6, 10), scale: context.scale)
        let cloud = try layout.prepare(
          estimated: LayoutItems(count: texts.count, size: Size(width: 80, height: 30)),
          viewport: Viewport(size: context.size, scale: context.scale))
        return TagScene(scroller: SelfSizingScroller(layout: cloud), texts: texts, text: text, context: context)
      })
  }
}
