import LayoutCore
import Raster
import Scenes
import Testing
import ViewerApp
@testable import scrollwork

/// The viewer's damaged-rows drawing gives the same pixels as drawing the
/// whole frame.
@Suite struct FrameDamageTests {
  let scale = 2.0

  func scene(_ name: String) throws -> any Scene {
    let entry = try #require(SceneCatalog.entry(named: name))
    let context = SceneContext(
      size: Size(width: 200, height: 320), scale: scale, photos: SampleAlbum.photos(), debug: false)
    return try entry.make(context)
  }

  func painter() -> ElementPainter {
    ElementPainter(cache: ImageCache(byteLimit: 64 << 20, samples: SampleRenderer(font: nil)), font: nil)
  }

  func layers(_ scene: any Scene) -> [SceneLayer] { FrameDamage.snapped(scene.layers(), scale: scale) }

  func wholeFrame(_ layers: [SceneLayer], _ painter: ElementPainter) -> Canvas {
    var canvas = Canvas(pixelSize: PixelSize(width: 400, height: 640), scale: scale)
    var frames = FramePainter(painter: painter, background: Color(hex: 0x000000), scale: scale)
    frames.drawAll(layers, on: &canvas)
    return canvas
  }

  /// Scrolls `name` through `offsets`, drawing each frame from the last by
  /// its damage, and compares every frame with the whole frame drawn anew.
  func check(_ name: String, offsets: [Double]) throws -> (partial: Int, rows: Int) {
    var scene = try scene(name)
    let painter = painter()
    let size = PixelSize(width: 400, height: 640)
    var frames = FramePainter(painter: painter, background: Color(hex: 0x000000), scale: scale)
    var canvas = Canvas(pixelSize: size, scale: scale)
    var previous = layers(scene)
    frames.drawAll(previous, on: &canvas)
    var partial = 0
    var rows = 0
    for y in offsets {
      try scene.setContentOffset(nil, Point(x: 0, y: y), animated: false, at: 0)
      let current = layers(scene)
      if let damage = FrameDamage.plan(from: previous, to: current, arrived: [], pixelSize: size, scale: scale) {
        frames.draw(current, damage: damage, on: &canvas)
        partial += 1
        rows += damage.rowCount
        #expect(damage.moving != nil)
      } else {
        frames.drawAll(current, on: &canvas)
      }
      let expected = wholeFrame(current, painter)
      #expect(canvas.image.pixels == expected.image.pixels, "\(name) at offset \(y)")
      previous = current
    }
    return (partial, rows)
  }

  @Test func aScrolledGridDrawnByItsDamageEqualsTheWholeFrame() throws {
    // Down and back up, by whole and fractional points (offsets snap to pixels).
    let offsets = [7.0, 19.5, 40.25, 90, 95.3, 60, 20.75, 3]
    let (partial, rows) = try check("photos", offsets: offsets)
    // Most frames are drawn in part, and far fewer rows than whole frames.
    #expect(partial >= offsets.count / 2)
    #expect(rows < partial * 640 / 2)
  }

  @Test func aScrolledFlowWithTextDrawnByItsDamageEqualsTheWholeFrame() throws {
    _ = try check("flow-photos", offsets: [5, 33.5, 61, 12.25])
  }

  @Test func anArrivedPhotoDamagesOnlyTheRowsOfItsElements() throws {
    let scene = try scene("photos")
    let current = layers(scene)
    let size = PixelSize(width: 400, height: 640)
    let layer = try #require(current.first)
    // A photo shown by one small element only (the sample photos repeat).
    let names = layer.elements.compactMap { layer.photo($0)?.name }
    let element = try #require(
      layer.elements.first { e in
        e.size.height < 100 && layer.photo(e).map { p in names.filter { $0 == p.name }.count == 1 } == true
      })
    let photo = try #require(layer.photo(element))
    let damage = try #require(
      FrameDamage.plan(from: current, to: current, arrived: [photo.name], pixelSize: size, scale: scale))
    #expect(damage.moving == nil)
    #expect(!damage.rows.isEmpty)
    // The element's rows and a margin of 2 pixels each side.
    #expect(damage.rows.count == 1)
    #expect(damage.rowCount <= Int((element.size.height * scale).rounded(.up)) + 6)
    // Nothing arrived, nothing moved: nothing to draw.
    let none = try #require(FrameDamage.plan(from: current, to: current, arrived: [], pixelSize: size, scale: scale))
    #expect(none.rows.isEmpty && none.moving == nil)
  }

  @Test func whatCannotBeMovedAsRowsHasNoPlan() throws {
    let scene = try scene("photos")
    let current = layers(scene)
    let size = PixelSize(width: 400, height: 640)
    // A sideways move, a changed region: the whole frame is drawn.
    var sideways = current
    sideways[0].contentOffset.x += 10
    #expect(FrameDamage.plan(from: current, to: sideways, arrived: [], pixelSize: size, scale: scale) == nil)
    var moved = current
    moved[0].region.origin.y += 1
    #expect(FrameDamage.plan(from: current, to: moved, arrived: [], pixelSize: size, scale: scale) == nil)
    // A scroll by more than the share worth doing in part.
    var far = current
    far[0].contentOffset.y += 300
    #expect(FrameDamage.plan(from: current, to: far, arrived: [], pixelSize: size, scale: scale) == nil)
  }

  @Test func bandsMergeSortedAndDisjoint() {
    #expect(FrameDamage.merged([5..<9, 0..<3, 3..<4, 8..<12, 20..<20]) == [0..<4, 5..<12])
    #expect(FrameDamage.merged([]) == [])
  }

  @Test func offsetsSnapToDevicePixels() {
    let layer = SceneLayer(
      region: Rect(x: 0, y: 0, width: 10, height: 10), contentOffset: Point(x: 0.3, y: 10.26), elements: [],
      photo: { _ in nil }, style: { _ in ElementStyle() })
    let snapped = FrameDamage.snapped([layer], scale: 2)
    #expect(snapped[0].contentOffset == Point(x: 0.5, y: 10.5))
  }
}
