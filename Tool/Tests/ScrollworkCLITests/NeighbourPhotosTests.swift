import LayoutCatalog
import LayoutCore
import Raster
import Scenes
import Testing
import ViewerApp

/// The photos the viewer readies at rest: one screen away on every side,
/// never what is on screen.
@Suite struct NeighbourPhotosTests {
  static let photos = FolderChangeTests.photos((0..<300).map { "IMG_\($0).jpg" }, day: { $0 / 3 })

  static func onScreen(_ scene: any Scene) -> Set<String> {
    Set(scene.layers().flatMap { layer in layer.elements.compactMap { layer.photo($0)?.name } })
  }

  @Test func theAlbumReadiesThePagesBeforeAndAfterTheOneShown() throws {
    var scene: any Scene = try SceneEntry.album(
      AlbumPreset.standard.configuration(stripHeight: 44, debug: false), name: "album", preset: "standard"
    ).make(FolderChangeTests.context(Self.photos))
    try scene.setContentOffset(
      "pager", Point(x: (scene as! AlbumScene).album.pager.offset(ofPage: 12), y: 0), animated: false, at: 0)
    scene.advance(to: 1)
    let layers = scene.layers()
    let pager = try #require(layers.first)
    let shown = Set(pager.elements.compactMap { pager.photo($0)?.name })
    #expect(shown.contains("IMG_12.jpg"))
    let strip = try #require(layers.last)
    let found = ViewScenes.neighbourPhotos(scene, layers: layers)
    // Each layer's own: pages at a page's size, the strip's thumbnails.
    let pages = found.filter { abs($0.0.size.width - pager.region.width) < 1 }
    let thumbnails = found.filter { abs($0.0.size.width - pager.region.width) >= 1 }
    #expect(Set(pages.map(\.1.name)) == ["IMG_11.jpg", "IMG_13.jpg"])
    #expect(found.prefix(2).map(\.1.name).sorted() == ["IMG_11.jpg", "IMG_13.jpg"], "the pager's first")
    let inStrip = Set(strip.elements.compactMap { strip.photo($0)?.name })
    #expect(!thumbnails.isEmpty && Set(thumbnails.map(\.1.name)).isDisjoint(with: inStrip))
    #expect(Set(thumbnails.map(\.1.name)).count == thumbnails.count, "each photo once a layer")
    #expect(ViewScenes.neighbourPhotos(scene, layers: layers, limit: 1).count == 1)
  }

  @Test func theGridReadiesAScreenAboveAndBelow() throws {
    var scene: any Scene = try SceneEntry.photoLibrary(
      PhotosPreset.photosMonths.layout, name: "photos", preset: "photosMonths"
    ).make(FolderChangeTests.context(Self.photos))
    if var grid = scene as? PhotosScene {
      grid.show(mode: .allPhotos, offset: Point(x: 0, y: 3000))
      scene = grid
    }
    let layers = scene.layers()
    let layer = try #require(layers.first)
    let found = ViewScenes.neighbourPhotos(scene, layers: layers)
    #expect(!found.isEmpty)
    #expect(Set(found.map(\.1.name)).isDisjoint(with: Self.onScreen(scene)))
    let above = found.filter { $0.0.frame.maxY <= layer.contentOffset.y }
    let below = found.filter { $0.0.frame.minY >= layer.contentOffset.y + layer.region.height }
    #expect(!above.isEmpty && !below.isEmpty)
    #expect(above.count + below.count == found.count, "only photos off screen, above or below")
    #expect(ViewScenes.neighbourPhotos(scene, layers: layers, limit: 7).count == 7)
  }
}
