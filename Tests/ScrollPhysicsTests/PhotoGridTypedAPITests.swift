import LayoutCore
import PhotoGrid
import ScrollPhysics
import ScrollworkTestSupport
import Testing

// No `import GestureScripting`: the photo grid, the album and the scrollers
// are driven here through their typed methods alone, as an app's gesture
// recognisers drive them.

/// The photo grid session's typed methods: what an app (or the viewer) calls
/// without the script language, with typed refusals that leave the session
/// unchanged.
@Suite struct PhotoGridTypedAPITests {
  func session(_ counts: [Int]) throws -> PhotoGridSession {
    try PhotoGridSession(
      layout: .photosMonths, counts: counts, photoSize: Size(width: 4032, height: 3024),
      viewport: Viewport(width: 390, height: 844), offset: .zero)
  }

  @Test func setModeAnimatesToTheModeAndSettles() throws {
    var grid = try session([40, 60])
    #expect(grid.mode != .columns(5))
    try grid.setMode(.columns(5), duration: 0.3, at: 0)
    #expect(grid.mode == .columns(5))
    grid.advance(to: 0.15)
    #expect(grid.progress > 0 && grid.progress < 1)
    grid.advance(to: 0.4)
    #expect(grid.progress == 1)
    #expect(grid.drainEvents().contains("transitionEnded"))
  }

  @Test func insertAndDeleteKeepIdentitiesAndCount() throws {
    var grid = try session([10])
    try grid.insert(count: 3, at: 2, time: 0)
    grid.advance(to: 1)
    #expect(grid.library.totalCount == 13)
    #expect(grid.photoID(.cell(2, section: 0)) == 10)
    #expect(grid.photoID(.cell(5, section: 0)) == 2)
    try grid.delete(0...1, time: 2)
    grid.advance(to: 3)
    #expect(grid.library.totalCount == 11)
    #expect(grid.photoID(.cell(0, section: 0)) == 10)
    #expect(grid.editCount == 2)
  }

  @Test func refusalsAreTypedAndLeaveTheSessionUnchanged() throws {
    var grid = try session([10])
    #expect(throws: PhotoGridError.indexPastEnd(index: 11, total: 10)) { try grid.insert(count: 1, at: 11, time: 0) }
    #expect(throws: PhotoGridError.rangePastEnd(first: 5, last: 10, total: 10)) { try grid.delete(5...10, time: 0) }
    #expect(throws: PhotoGridError.badPinchScale(0)) { try grid.pinch(scale: 0, duration: 0.2, at: 0) }
    let tooMany = PhotoGridSession.maximumInsertCount + 1
    #expect(throws: PhotoGridError.self) { try grid.insert(count: tooMany, at: 0, time: 0) }
    #expect(grid.library.totalCount == 10)
    #expect(grid.editCount == 0)
    #expect(grid.progress == 1)
  }

  @Test func scrollingMethodsMoveTheSurface() throws {
    var grid = try session([200])
    grid.touchDown(at: 0)
    grid.drag(translation: Point(x: 0, y: -300), at: 0.1)
    #expect(grid.contentOffset.y > 0)
    grid.release(at: 0.1)
    grid.advance(to: 3)
    let rest = grid.contentOffset
    grid.setContentOffset(Point(x: 0, y: 1e308), animated: false, at: 3)
    #expect(grid.contentOffset.y > rest.y)
    #expect(grid.contentOffset.y.isFinite)
  }

  @Test func aFingerDownAcrossALibraryReplacementScrollsAgainAfterItWithoutAJump() throws {
    // The viewer's wheel (a finger that lifts 0.12 s after the last notch)
    // kept scrolling through the moment a folder finished indexing: the
    // replacement's transition dropped the finger and the grid ignored the
    // wheel until it lifted, which a steady wheel never does.
    var grid = try session([200])
    grid.touchDown(at: 0)
    grid.drag(translation: Point(x: 0, y: -200), at: 0.1)
    let before = grid.contentOffset.y
    #expect(before > 0)
    try grid.replaceLibrary(with: grid.library.snapshot, at: 0.2)
    // While the transition runs the finger moves nothing.
    grid.drag(translation: Point(x: 0, y: -260), at: 0.25)
    #expect(grid.progress < 1)
    grid.advance(to: 2)
    #expect(grid.progress == 1)
    let rested = grid.contentOffset.y
    // After it, the same finger scrolls from where the grid rests: the
    // first move takes the finger, the next moves by its delta alone.
    grid.drag(translation: Point(x: 0, y: -300), at: 2.0)
    #expect(abs(grid.contentOffset.y - rested) < 1e-9, "taking the finger again moves nothing")
    grid.drag(translation: Point(x: 0, y: -400), at: 2.1)
    #expect(abs(grid.contentOffset.y - (rested + 100)) < 1e-6, "\(grid.contentOffset.y) vs \(rested + 100)")
    grid.release(at: 2.2)
    // A finger that lifted never moves it again.
    grid.advance(to: 5)
    let still = grid.contentOffset.y
    grid.drag(translation: Point(x: 0, y: -900), at: 5.1)
    #expect(grid.contentOffset.y == still)
  }

  @Test func aLibraryChangePreparedAheadAnimatesAsTheDirectOne() throws {
    var direct = try session([40, 60])
    direct.setContentOffset(Point(x: 0, y: 600), animated: false, at: 0)
    var prepared = direct
    let old = direct.library.snapshot
    // Drop every fifth photo, move the second section first, add 3 new.
    var sections = old.sections.map { s in
      LibrarySnapshot<Int, Int>.Section(
        id: s.id, items: s.items.enumerated().filter { $0.offset % 5 != 0 }.map(\.element))
    }
    sections.reverse()
    sections[0].items += [1000, 1001, 1002]
    let new = LibrarySnapshot(sections: sections)
    let ahead = PreparedLibraryChange(from: prepared.library, to: new)
    try direct.replaceLibrary(with: new, at: 1)
    try prepared.replaceLibrary(ahead, at: 1)
    for t in [1.0, 1.1, 1.2, 2] {
      direct.advance(to: t)
      prepared.advance(to: t)
      #expect(direct.visibleAttributes == prepared.visibleAttributes, "at \(t)")
    }
    // A change prepared from another library is worked out again: the
    // same result as the direct replacement from the session's library.
    var stale = direct
    var fresh = direct
    let other = PreparedLibraryChange(from: PhotoIdentities(old), to: old)
    try stale.replaceLibrary(other, at: 3)
    try fresh.replaceLibrary(with: old, at: 3)
    stale.advance(to: 3.1)
    fresh.advance(to: 3.1)
    #expect(stale.visibleAttributes == fresh.visibleAttributes)
    #expect(stale.library == fresh.library)
  }
}
