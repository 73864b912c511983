import Album
import GestureScripting
import LayoutCatalog
import LayoutCore
import Raster
import ScrollPhysics

/// The Photos screen: big photos paging above, the accordion filmstrip
/// below, driven by one `AlbumCoordinator` (targets `pager` and `strip`).
package struct AlbumScene: Scene, GestureForwarding {
  package var album: AlbumCoordinator
  package var driven: AlbumCoordinator {
    get { album }
    set { album = newValue }
  }
  package var context: SceneContext

  /// The album scene for `configuration` on `context`'s canvas and photos.
  package static func make(_ configuration: AlbumConfiguration, _ context: SceneContext) throws -> AlbumScene {
    let album = try AlbumCoordinator(
      photos: LayoutItems(context.photoSizes), viewport: context.size, configuration: configuration)
    return AlbumScene(album: album, context: context)
  }

  package func layers() -> [SceneLayer] {
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

  /// Memberwise, for the other targets of the tool's package.
  package init(album: AlbumCoordinator, context: SceneContext) {
    self.album = album
    self.context = context
  }
}

extension SceneEntry {
  /// The demo: three pager swipes, a strip drag that folds the strip (a
  /// hold before lifting, so it settles at once: a fling would coast for
  /// seconds first), the unfold, one swipe back.
  package static func album(
    _ configuration: AlbumConfiguration, name: String, preset: String
  ) -> SceneEntry {
    SceneEntry(
      name: name, layout: LayoutCatalog.album.name, preset: preset,
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
        try AlbumScene.make(AlbumConfiguration(configuration, debug: context.debug), context)
      })
  }
}

extension AlbumConfiguration {
  /// `configuration` with its debug overlay on or off.
  fileprivate init(_ configuration: AlbumConfiguration, debug: Bool) {
    self = configuration
    self.debug = debug
  }
}
