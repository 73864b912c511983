import Album
import LayoutCore
import Testing

// No `import GestureScripting`: the album is driven through its typed
// methods, by role, as the UIKit shell's scroll-view callbacks drive it.

@Suite struct AlbumTypedAPITests {
  func album() throws -> AlbumCoordinator {
    let sizes = (0..<20).map { i in i % 2 == 0 ? Size(width: 4000, height: 3000) : Size(width: 3000, height: 4000) }
    return try AlbumCoordinator(photos: LayoutItems(sizes), viewport: Size(width: 390, height: 844))
  }

  @Test func aPagerSwipeGoesToTheNextPhotoAndTheStripFollows() throws {
    var album = try album()
    let stripStart = album.stripSurface.contentOffset.x
    album.touchDown(.pager, at: 0)
    album.drag(.pager, translation: Point(x: -250, y: 0), at: 0.2)
    album.release(.pager, at: 0.2)
    album.advance(to: 2)
    #expect(album.leader == .pager)
    #expect(album.pagerSurface.contentOffset.x > 0)
    #expect(album.stripSurface.contentOffset.x > stripStart)
  }

  @Test func touchingTheStripMakesItTheLeader() throws {
    var album = try album()
    album.touchDown(.strip, at: 0)
    album.drag(.strip, translation: Point(x: -120, y: 0), at: 0.3)
    #expect(album.leader == .strip)
    album.release(.strip, at: 0.3)
    album.advance(to: 3)
    #expect(album.pagerSurface.contentOffset.x > 0)
  }
}
