import LayoutCore
import Raster
import Testing

@testable import scrollwork

/// A folder that changes under the viewer: the rebuilt scene shows the
/// photo that was in view where it was.
@Suite struct FolderChangeTests {
  static func photos(_ names: [String], day: (Int) -> Int) -> [Photo] {
    names.enumerated().map { i, name in
      Photo(
        name: name, size: PixelSize(width: 4000, height: 3000), source: .file("/nonexistent/\(name)"),
        date: EXIFDate(year: 2024, month: 1 + i / 40, day: 1 + day(i) % 28))
    }
  }

  static func context(_ photos: [Photo]) -> SceneContext {
    SceneContext(size: Size(width: 390, height: 844), scale: 1, photos: photos, debug: false)
  }

  @Test func theGridKeepsThePhotoInViewWhenPhotosArriveAbove() throws {
    let names = (0..<200).map { "IMG_\($0).jpg" }
    let before = Self.photos(names, day: { $0 / 2 })
    var scene: any Scene = try PhotosEntry.scene(.photosMonths).make(Self.context(before))
    if var grid = scene as? PhotosScene {
      grid.show(mode: .allPhotos, offset: Point(x: 0, y: 3000))
      scene = grid
    }
    let viewed = try #require(ViewScenes.viewedPhoto(scene))
    // Ten new photos dated before all others: everything moves down.
    let added = (0..<10).map {
      Photo(
        name: "NEW_\($0).jpg", size: PixelSize(width: 4000, height: 3000), source: .file("/nonexistent/new\($0)"),
        date: EXIFDate(year: 2023, month: 12, day: 1))
    }
    let after = added + before
    var rebuilt = try ViewScenes.make(PhotosEntry.scene(.photosMonths), Self.context(after), keeping: scene)
    let unmoved = try #require(ViewScenes.viewedPhoto(rebuilt))
    #expect(unmoved.name != viewed.name, "kept offset alone: another photo is at the top")
    ViewScenes.show(viewed, in: &rebuilt)
    // The photo that was in view is the same distance below the top (the
    // photos around it may reflow: ten is not a whole number of groups).
    let grid = try #require(rebuilt as? PhotosScene)
    let frame = try #require(grid.frame(ofPhotoNamed: viewed.name))
    let offset = try #require(rebuilt.layers().first).contentOffset.y
    #expect(abs(frame.minY - offset - viewed.screenY) < 1e-9, "\(frame.minY - offset) vs \(viewed.screenY)")
  }

  @Test func theAlbumStaysOnItsPhotoWhenAnEarlierOneIsRemoved() throws {
    let names = (0..<30).map { "IMG_\($0).jpg" }
    let before = Self.photos(names, day: { $0 })
    var scene: any Scene = try AlbumScene.entry.make(Self.context(before))
    try scene.setContentOffset(
      "pager", Point(x: (scene as! AlbumScene).album.pager.offset(ofPage: 12), y: 0), animated: false, at: 0)
    scene.advance(to: 1)
    let viewed = try #require(ViewScenes.viewedPhoto(scene))
    #expect(viewed.name == "IMG_12.jpg")
    let after = before.filter { $0.name != "IMG_3.jpg" }
    var rebuilt = try ViewScenes.make(AlbumScene.entry, Self.context(after), keeping: scene)
    ViewScenes.show(viewed, in: &rebuilt)
    rebuilt.advance(to: 2)
    #expect(ViewScenes.viewedPhoto(rebuilt)?.name == "IMG_12.jpg")
  }
}
