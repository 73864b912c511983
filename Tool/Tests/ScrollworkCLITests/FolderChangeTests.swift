import GestureScripting
import LayoutCore
import PhotoGrid
import Raster
import Scenes
import LayoutCatalog
import Testing
import ViewerApp

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
    var scene: any Scene = try SceneEntry.photoLibrary(
      PhotosPreset.photosMonths.layout, name: "photos", preset: "photosMonths"
    ).make(Self.context(before))
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
    var rebuilt = try ViewScenes.make(
      SceneEntry.photoLibrary(PhotosPreset.photosMonths.layout, name: "photos", preset: "photosMonths"),
      Self.context(after), keeping: scene)
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
    var scene: any Scene = try SceneEntry.album(
      AlbumPreset.standard.configuration(stripHeight: 44, debug: false), name: "album", preset: "standard"
    ).make(Self.context(before))
    try scene.setContentOffset(
      "pager", Point(x: (scene as! AlbumScene).album.pager.offset(ofPage: 12), y: 0), animated: false, at: 0)
    scene.advance(to: 1)
    let viewed = try #require(ViewScenes.viewedPhoto(scene))
    #expect(viewed.name == "IMG_12.jpg")
    let after = before.filter { $0.name != "IMG_3.jpg" }
    var rebuilt = try ViewScenes.make(
      SceneEntry.album(
        AlbumPreset.standard.configuration(stripHeight: 44, debug: false), name: "album", preset: "standard"),
      Self.context(after), keeping: scene)
    ViewScenes.show(viewed, in: &rebuilt)
    rebuilt.advance(to: 2)
    #expect(ViewScenes.viewedPhoto(rebuilt)?.name == "IMG_12.jpg")
  }

  /// The grid in All Photos at `y`, with `before`'s photos.
  static func grid(_ photos: [Photo], at y: Double) throws -> PhotosScene {
    var grid = try #require(
      try SceneEntry.photoLibrary(PhotosPreset.photosMonths.layout, name: "photos", preset: "photosMonths").make(
        Self.context(photos)) as? PhotosScene)
    grid.show(mode: .allPhotos, offset: Point(x: 0, y: y))
    grid.advance(to: 1)
    return grid
  }

  /// The elements on screen with the photo each shows.
  static func shown(_ scene: PhotosScene) throws -> [(LayoutAttributes, Photo)] {
    let layer = try #require(scene.layers().first)
    return layer.elements.filter { $0.id.kind == .cell }.compactMap { a in layer.photo(a).map { (a, $0) } }
  }

  @Test func theGridAnimatesNewPhotosInAndKeepsTheFirstPhotoOnScreen() throws {
    let before = Self.photos((0..<200).map { "IMG_\($0).jpg" }, day: { $0 / 2 })
    var grid = try Self.grid(before, at: 3000)
    let first = try #require(grid.firstPhotoOnScreen())
    let firstName = try #require(grid.layers().first?.photo(first)?.name)
    let firstScreenY = first.frame.minY - grid.session.contentOffset.y
    // Six new photos on the day of the first photo on screen: they land right after it.
    let day = try #require(grid.layers().first?.photo(first)?.date)
    let added = (0..<6).map {
      Photo(
        name: "NEW_\($0).jpg", size: PixelSize(width: 4000, height: 3000), source: .file("/nonexistent/new\($0)"),
        date: day)
    }
    let replaced = grid.replacePhotos(before + added, at: 1)
    #expect(replaced)
    #expect(grid.context.photos.count == 206)
    // Mid-way the new photos are fading in.
    grid.advance(to: 1 + PhotoGridSession.updateDuration / 2)
    let fading = try Self.shown(grid).filter { $0.1.name.hasPrefix("NEW_") }
    #expect(!fading.isEmpty)
    #expect(fading.allSatisfy { $0.0.alpha > 0 && $0.0.alpha < 1 })
    // At the end they are shown, and the first photo is where it was.
    grid.advance(to: 3)
    #expect(try Self.shown(grid).contains { $0.1.name.hasPrefix("NEW_") && $0.0.alpha == 1 })
    let frame = try #require(grid.frame(ofPhotoNamed: firstName))
    #expect(abs(frame.minY - grid.session.contentOffset.y - firstScreenY) < 1e-9)
  }

  @Test func aReplacementPlannedAheadShowsWhatTheDirectOneShows() throws {
    // The viewer works the new identities and their diff out on another
    // thread (`plan`) and applies them at rest: the same frames as the
    // replacement worked out on the frame's thread.
    let before = Self.photos((0..<200).map { "IMG_\($0).jpg" }, day: { $0 / 2 })
    let after = Self.photos((0..<200).map { "IMG_\($0 % 7 == 0 ? $0 + 1000 : $0).jpg" }, day: { ($0 * 3) % 50 })
    var direct = try Self.grid(before, at: 3000)
    var planned = direct
    let basis = planned.replacementBasis
    let plan = try #require(PhotosScene.plan(after, groups: PhotoSections.group(after), basis: basis))
    let directDone = direct.replacePhotos(after, at: 1)
    let plannedDone = planned.replacePhotos(plan, at: 1)
    #expect(directDone && plannedDone)
    for t in [1.0, 1 + PhotoGridSession.updateDuration / 3, 1 + PhotoGridSession.updateDuration / 2, 3] {
      direct.advance(to: t)
      planned.advance(to: t)
      let a = try Self.shown(direct)
      let b = try Self.shown(planned)
      #expect(a.map(\.0) == b.map(\.0), "at \(t)")
      #expect(a.map(\.1.name) == b.map(\.1.name), "at \(t)")
    }
    #expect(planned.context.photos == after)
  }

  @Test func aPlanFromAnotherLibraryIsRefusedAndChangesNothing() throws {
    let before = Self.photos((0..<200).map { "IMG_\($0).jpg" }, day: { $0 / 2 })
    var grid = try Self.grid(before, at: 3000)
    let stale = try #require(
      PhotosScene.plan(
        before + before.prefix(3).map { Photo(name: "X" + $0.name, size: $0.size, source: $0.source, date: $0.date) },
        groups: PhotoSections.group(before), basis: grid.replacementBasis))
    // The grid changes after the plan was made (a folder change applied first).
    let changed = grid.replacePhotos(Array(before.dropLast(5)), at: 1)
    #expect(changed)
    grid.advance(to: 3)
    let library = grid.session.library
    let shown = try Self.shown(grid).map(\.1.name)
    let applied = grid.replacePhotos(stale, at: 4)
    #expect(!applied)
    #expect(grid.session.library == library)
    grid.advance(to: 4)
    #expect(try Self.shown(grid).map(\.1.name) == shown)
  }

  @Test func deletedPhotosFadeOutShowingThemselves() throws {
    let before = Self.photos((0..<200).map { "IMG_\($0).jpg" }, day: { $0 / 2 })
    var grid = try Self.grid(before, at: 3000)
    let onScreen = try Self.shown(grid).map(\.1.name)
    let gone = Set(onScreen.sorted().dropFirst(3).prefix(4))
    #expect(gone.count == 4)
    let replaced = grid.replacePhotos(before.filter { !gone.contains($0.name) }, at: 1)
    #expect(replaced)
    grid.advance(to: 1 + PhotoGridSession.updateDuration / 2)
    let shown = try Self.shown(grid)
    let leaving = shown.filter { $0.0.extras.isLeaving }
    // Each leaving cell shows the deleted photo it stood for, not the photo now at its index.
    #expect(Set(leaving.map(\.1.name)) == gone)
    #expect(leaving.allSatisfy { $0.0.alpha > 0 && $0.0.alpha < 1 })
    #expect(!shown.contains { !$0.0.extras.isLeaving && gone.contains($0.1.name) })
    grid.advance(to: 3)
    #expect(!(try Self.shown(grid)).contains { gone.contains($0.1.name) })
  }

  @Test func aNewMonthAppearsWithItsHeader() throws {
    let before = Self.photos((0..<200).map { "IMG_\($0).jpg" }, day: { $0 / 2 })
    var grid = try Self.grid(before, at: 0)
    let added = (0..<5).map {
      Photo(
        name: "OLD_\($0).jpg", size: PixelSize(width: 4000, height: 3000), source: .file("/nonexistent/old\($0)"),
        date: EXIFDate(year: 2020, month: 6, day: 1))
    }
    let replaced = grid.replacePhotos(added + before, at: 1)
    #expect(replaced)
    grid.advance(to: 3)
    // The new month is the first section, with its own identity and title; the others keep theirs.
    let sections = grid.session.library.sections
    #expect(sections.count == PhotoSections.group(added + before).count)
    #expect(grid.titles[sections[0].id] == "June 2020")
    #expect(sections[0].count == 5)
    #expect(sections.dropFirst().map(\.id) == Array(0..<(sections.count - 1)))
    #expect(grid.titles[sections[1].id] == "January 2024")
  }

  @Test func aSmallFolderIsRebuiltNotAnimated() throws {
    let before = Self.photos((0..<20).map { "IMG_\($0).jpg" }, day: { $0 })
    var grid = try Self.grid(before, at: 0)
    let library = grid.session.library
    let replaced = grid.replacePhotos(before.dropLast(2), at: 1)
    #expect(!replaced)
    #expect(grid.session.library == library)
    #expect(grid.context.photos.count == 20)
  }

  /// The album (and any scene that is rebuilt) moves what was on screen
  /// to its new place by photo: kept photos move, gone ones fade out
  /// showing themselves, new ones fade in.
  @Test func aRebuiltSceneMovesItsPhotosByName() throws {
    let photos = Self.photos((0..<4).map { "IMG_\($0).jpg" }, day: { $0 })
    func layer(_ shown: [(Int, Double)], offset: Double) -> SceneLayer {
      SceneLayer(
        region: Rect(x: 0, y: 0, width: 390, height: 844), contentOffset: Point(x: offset, y: 0),
        elements: shown.enumerated().map { i, cell in
          LayoutAttributes(id: .cell(i), center: Point(x: cell.1, y: 100), size: Size(width: 50, height: 50))
        },
        photo: { a in a.id.item < shown.count ? photos[shown[a.id.item].0] : nil }, style: { _ in ElementStyle() })
    }
    // Before: photos 0, 1, 2 at screen x 100, 200, 300 (offset 1000). After: 1, 2, 3 at 50, 150, 250 (offset 0).
    let old = layer([(0, 1100), (1, 1200), (2, 1300)], offset: 1000)
    let new = layer([(1, 50), (2, 150), (3, 250)], offset: 0)
    let change = SceneChange(from: [old], start: 10)
    let mid = try #require(change.layers(over: [new], at: 10 + SceneChange.duration / 2).first)
    let p = change.progress(at: 10 + SceneChange.duration / 2)
    #expect(p > 0 && p < 1)
    var byName: [String: LayoutAttributes] = [:]
    for element in mid.elements { byName[try #require(mid.photo(element)).name] = element }
    #expect(byName.count == 4)
    // Kept photos move from their old screen place to their new one.
    let one = try #require(byName["IMG_1.jpg"])
    #expect(abs(one.center.x - (200 + (50 - 200) * p)) < 1e-9)
    #expect(one.alpha == 1 && !one.extras.isLeaving)
    // The gone photo fades out where it was, the new one fades in where it is.
    let gone = try #require(byName["IMG_0.jpg"])
    #expect(gone.extras.isLeaving && abs(gone.center.x - 100) < 1e-9 && abs(gone.alpha - (1 - p)) < 1e-12)
    let added = try #require(byName["IMG_3.jpg"])
    #expect(!added.extras.isLeaving && abs(added.center.x - 250) < 1e-9 && abs(added.alpha - p) < 1e-12)
    // Over: the new scene's layers as they are.
    let end = try #require(change.layers(over: [new], at: 10 + SceneChange.duration).first)
    #expect(end.elements == new.elements)
    #expect(change.isFinished(at: 10 + SceneChange.duration))
  }

  /// A library with a repeated or negative identity is refused, naming
  /// why, and the session is unchanged.
  @Test func aBadLibraryIsRefusedAndChangesNothing() throws {
    var session = try PhotoGridSession(
      layout: PhotoGridLayout.photosMonths, counts: [3, 2], photoSize: Size(width: 4, height: 3),
      viewport: Viewport(width: 390, height: 844), offset: .zero)
    let before = session.library
    let bad: [LibrarySnapshot<Int, Int>] = [
      LibrarySnapshot(sections: [.init(id: 0, items: [0, 1, 1])]),
      LibrarySnapshot(sections: [.init(id: 0, items: [0]), .init(id: 0, items: [1])]),
      LibrarySnapshot(sections: [.init(id: 0, items: [-4])]),
      LibrarySnapshot(sections: [.init(id: -1, items: [0])]),
      LibrarySnapshot(sections: [.init(id: 0, items: [Int.max])]),
    ]
    for library in bad {
      #expect(throws: PhotoGridError.self) { try session.replaceLibrary(with: library, at: 1) }
      #expect(session.library == before)
      #expect(session.animator.transition == nil)
    }
    // A good one: identities as given, runs kept compact.
    try session.replaceLibrary(
      with: LibrarySnapshot(sections: [.init(id: 1, items: [3, 4, 9]), .init(id: 7, items: [0, 1, 2])]), at: 1)
    #expect(session.library.sections.map(\.id) == [1, 7])
    #expect(session.library.sections.map(\.identities) == [[3, 4, 9], [0, 1, 2]])
    #expect(session.library.sections.map(\.runs.count) == [2, 1])
    #expect(session.unusedIdentity() == 10)
    #expect(session.unusedSectionIdentity() == 8)
  }
}
