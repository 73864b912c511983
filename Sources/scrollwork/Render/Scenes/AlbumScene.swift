import Album
import LayoutCore
import Raster
import ScrollPhysics

/// The Photos screen: big photos paging above, the accordion filmstrip
/// below, driven by one `AlbumCoordinator` (targets `pager` and `strip`).
struct AlbumScene: Scene {
  var album: AlbumCoordinator
  var context: SceneContext

  /// The demo: three pager swipes, a strip drag that folds the strip (a
  /// hold before lifting, so it settles at once: a fling would coast for
  /// seconds first), the unfold, one swipe back.
  static let entry = SceneEntry(
    name: "album",
    title: "Photos album (pager + filmstrip)",
    summary: "Swipe the pager across three photos (parallax between pages; the filmstrip follows), drag the "
      + "filmstrip (it folds), let it settle (the thumbnail under the centre line unfolds and centres), swipe back.",
    demoScript: """
      pager drag -180 0.2; pager release; wait 0.6
      pager drag -180 0.2; pager release; wait 0.6
      pager drag -180 0.2; pager release; wait 0.7
      strip drag -100 0.6; strip hold 0.2; strip release; wait 1.0
      pager drag 180 0.2; pager release; wait 0.8
      """,
    make: { context in
      let configuration = AlbumConfiguration.photosLab(stripHeight: 44, debug: context.debug)
      let album = try AlbumCoordinator(
        photos: LayoutItems(context.photoSizes), viewport: context.size, configuration: configuration)
      return AlbumScene(album: album, context: context)
    })

  mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try album.touchDown(target, at: time)
  }

  mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try album.drag(target, translation: translation, at: time)
  }

  mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try album.release(target, at: time)
  }

  mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  )
    throws(ScriptError)
  {
    try album.setContentOffset(target, offset, animated: animated, at: time)
  }

  mutating func advance(to time: Double) { album.advance(to: time) }

  func layers() -> [SceneLayer] {
    let frame = album.frame()
    let context = self.context
    let pager = Rect(origin: .zero, size: frame.pagerViewport)
    let strip = Rect(origin: Point(x: 0, y: frame.pagerViewport.height), size: frame.stripViewport)
    return [
      SceneLayer(
        region: pager, contentOffset: frame.pagerOffset, elements: frame.pagerAttributes,
        photo: { context.photo($0.id.item) }, style: { _ in ElementStyle(fill: .black) }, background: .black,
        centerLine: frame.debug, indexLabels: frame.debug),
      SceneLayer(
        region: strip, contentOffset: frame.stripOffset, elements: frame.stripAttributes,
        photo: { context.photo($0.id.item) }, style: { _ in ElementStyle(fill: Color(hex: 0x2C2C2E)) },
        background: Color(hex: 0x0B0B0C), centerLine: frame.debug, indexLabels: frame.debug),
    ]
  }
}
