import GestureScripting
import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics
import ToolSupport

package struct TagText {
  package let measurer: TextMeasurer
  package let padding: (vertical: Double, horizontal: Double)

  package init(size: Double, padding: (Double, Double), scale: Double) throws {
    do {
      measurer = try TextMeasurer(style: TextStyle(size: size), scale: scale)
    } catch {
      throw CLIError("cannot measure text: \(error)")
    }
    self.padding = padding
  }

  /// The tag's size: its text wrapped at `maxWidth` minus the padding, plus
  /// the padding, no wider than `maxWidth`.
  package func size(_ text: String, maxWidth: Double) -> Size {
    measurer.tagSize(of: text, padding: padding, maxWidth: maxWidth)
  }

  package func draw(_ text: String, _ a: LayoutAttributes, on canvas: inout Canvas, origin: Point, clip: Rect) {
    let frame = a.frame.offsetBy(dx: origin.x, dy: origin.y)
    canvas.drawTag(
      text, in: frame, measurer: measurer, padding: padding, background: Color(hex: 0xE5E5EA),
      color: Color(hex: 0x1C1C1E), cornerRadius: 8, clip: clip)
  }
}

/// The tag cloud on screen: a self-sizing scroller that measures newly
/// visible tags every frame, before drawing.
package struct TagScene: Scene, GestureForwarding {
  package var scroller: SelfSizingScroller<PreparedTagCloudLayout>
  package var driven: SelfSizingScroller<PreparedTagCloudLayout> {
    get { scroller }
    set { scroller = newValue }
  }
  package var texts: [String]
  package var text: TagText
  package var context: SceneContext
  package var visible: [LayoutAttributes] = []

  package init(
    scroller: SelfSizingScroller<PreparedTagCloudLayout>, texts: [String], text: TagText, context: SceneContext
  ) {
    self.scroller = scroller
    self.texts = texts
    self.text = text
    self.context = context
    measureVisible()
  }

  package mutating func measureVisible() {
    visible.removeAll(keepingCapacity: true)
    let texts = self.texts
    let text = self.text
    _ = scroller.layoutFrame(
      measure: { id, maxWidth in
        id.kind == .cell && id.item < texts.count ? text.size(texts[id.item], maxWidth: maxWidth) : nil
      }, into: &visible)
  }

  /// Every frame measures the tags that came into view.
  package mutating func advance(to time: Double) {
    scroller.advance(to: time)
    measureVisible()
  }

  package func layers() -> [SceneLayer] {
    let texts = self.texts
    let text = self.text
    return [
      SceneLayer(
        region: Rect(origin: .zero, size: context.size), contentOffset: scroller.surface.contentOffset,
        elements: visible, photo: { _ in nil }, style: { _ in ElementStyle() }, background: .white,
        indexLabels: context.debug,
        draw: { a, canvas, origin, clip in
          guard a.id.kind == .cell, a.id.item < texts.count else { return }
          text.draw(texts[a.id.item], a, on: &canvas, origin: origin, clip: clip)
        })
    ]
  }
}

/// Where the tags' texts come from and how they are measured: what
/// `inspect tags` and `simulate tags` share.
