import GestureScripting
import LayoutCore
import PhotoGrid
import ScrollPhysics
import ScrollworkTestSupport
import LayoutCatalog
import Testing

/// The photo grid's `insert` and `delete` steps cost nothing per photo: the
/// library is runs of identities (`PhotoIdentities`), the mapping comes
/// from ranges, and a chain of interrupting transitions is bounded. Before,
/// each step copied one integer per photo (a 10^8-photo library took 42 s
/// and 10 GB for five steps) and 3,000 instant inserts nested 3,000
/// transitions (a stack overflow after 8 minutes). No test here is timed:
/// the old code fails them by running out of memory, overflowing the stack
/// or taking hours.
@Suite struct PhotoScriptScalingTests {
  func session(_ counts: [Int]) throws -> PhotoGridSession {
    try PhotoGridSession(
      layout: .photosMonths, counts: counts, photoSize: DefaultItemSizes.cameraPhoto,
      viewport: Viewport(width: 390, height: 844), offset: .zero)
  }

  func error(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return String(describing: error)
    }
  }

  @Test func identitiesFollowTheSnapshotModel() {
    for index in 0..<40 {
      let seed = propertySeed(index, base: 0x1D5_0023)
      var rng = SplitMix64(seed: seed)
      let counts = (0..<rng.int(in: 1...4)).map { _ in rng.int(in: 0...30) }
      var runs = PhotoIdentities(counts: counts)
      var model = LibrarySnapshot<Int, Int>(counts: counts)
      var next = model.totalCount
      for _ in 0..<30 {
        if rng.chance(0.5) {
          let n = rng.int(in: 1...9)
          let at = rng.int(in: 0...model.totalCount)
          let landed = runs.insert(next..<(next + n), atGlobal: at)
          let before = model
          model = model.inserting(Array(next..<(next + n)), atGlobal: at)
          if let landed {
            #expect(Array(model.sections[landed.section].items[landed.items]) == Array(next..<(next + n)))
          } else {
            #expect(before == model)
          }
          next += n
        } else if model.totalCount > 0 {
          let first = rng.int(in: 0...(model.totalCount - 1))
          let last = rng.int(in: first...(model.totalCount - 1))
          let removed = runs.remove(globalRange: first..<(last + 1))
          #expect(removed.reduce(0) { $0 + $1.items.count } == last - first + 1)
          model = model.removing(globalRange: first..<(last + 1))
        }
        #expect(runs.sections.map(\.identities) == model.sections.map(\.items), "seed \(seed)")
        #expect(runs.totalCount == model.totalCount && runs.itemCounts == model.itemCounts)
        for (s, section) in model.sections.enumerated() {
          for (i, id) in section.items.enumerated() where runs.sections[s].id(at: i) != id {
            Issue.record(
              "seed \(seed): photo [\(s),\(i)] is \(id), runs say \(String(describing: runs.sections[s].id(at: i)))")
          }
          #expect(runs.sections[s].id(at: section.items.count) == nil)
        }
      }
    }
  }

  @Test func aHundredMillionPhotosTakeStepsWithoutCopyingThem() throws {
    var grid = try session([99_000_000])
    try grid.perform(nil, verb: "insert", arguments: ["1000000", "0"], duration: 0, at: 0)
    grid.advance(to: 0.5)
    #expect(grid.library.totalCount == 100_000_000)
    try grid.perform(nil, verb: "delete", arguments: ["1", "99999998"], duration: 0, at: 1)
    grid.advance(to: 1.5)
    #expect(grid.library.totalCount == 2)
    // The first new photo and the last old one remain.
    #expect(grid.photoID(.cell(0, section: 0)) == 99_000_000)
    #expect(grid.photoID(.cell(1, section: 0)) == 98_999_999)
    #expect(grid.library.sections[0].identities == [99_000_000, 98_999_999])
  }

  @Test func theLibraryLimitIsRefusedAtOnceNamingTheStep() throws {
    var grid = try session([PhotoGridSession.maximumPhotoCount - 10])
    let message = error { try grid.perform(nil, verb: "insert", arguments: ["11", "0"], duration: 0, at: 0) }
    #expect(message?.contains("'insert 11 at 0'") == true, "\(message ?? "no error")")
    #expect(message?.contains("at most \(PhotoGridSession.maximumPhotoCount)") == true)
    #expect(error { try grid.perform(nil, verb: "insert", arguments: ["10", "0"], duration: 0, at: 0) } == nil)
    let delete = error { try grid.perform(nil, verb: "delete", arguments: ["5", "100000000"], duration: 0, at: 1) }
    #expect(delete?.contains("'delete 5..100000000'") == true, "\(delete ?? "no error")")
  }

  @Test func instantInsertsDoNotNestWithoutBound() throws {
    var grid = try session([100])
    var deepest = 0
    for i in 0..<300 {
      try grid.perform(nil, verb: "insert", arguments: ["1", String(i)], duration: 0, at: 0)
      deepest = Swift.max(deepest, grid.animator.chainDepth)
      #expect(!grid.visibleAttributes.isEmpty)
    }
    #expect(deepest == PhotoGridAnimator.maximumChainDepth)
    grid.advance(to: 1)
    #expect(grid.animator.transition == nil && grid.animator.chainDepth == 0)
    #expect(grid.library.totalCount == 400)
    // At rest, what is shown is the grid of 400 photos at its offset.
    let fresh = try PhotoGridLayout.photosMonths.prepare(
      items: LayoutItems(count: 400, size: DefaultItemSizes.cameraPhoto), viewport: Viewport(width: 390, height: 844))
    let offset = grid.contentOffset
    let expected = fresh.attributes(
      in: Rect(origin: offset, size: Size(width: 390, height: 844)), at: ScrollState(contentOffset: offset))
    #expect(grid.visibleAttributes.sorted { $0.id < $1.id } == expected.sorted { $0.id < $1.id })
  }

  @Test func aStepTheGridRefusesIsNamedByItsNumberAndText() throws {
    var grid = try session([20])
    let script = try GestureScript("wait 0.1; insert 2 at 0 # fine\ninsert   1 at 99", verbs: PhotoGridSession.verbs)
    let message = error { try script.run(on: &grid, fps: 30) { _, _ in } }
    #expect(message == "bad script step 3 'insert   1 at 99': the index 99 is past the library's end (22 photos)")
  }

  @Test func aScriptTakesABoundedNumberOfEdits() throws {
    var grid = try session([PhotoGridSession.maximumEdits + 10])
    for i in 0..<PhotoGridSession.maximumEdits {
      try grid.perform(nil, verb: "delete", arguments: ["0", "0"], duration: 0, at: Double(i))
    }
    let message = error { try grid.perform(nil, verb: "delete", arguments: ["0", "0"], duration: 0, at: 1e5) }
    #expect(message?.contains("at most \(PhotoGridSession.maximumEdits) insert and delete steps") == true)
    #expect(grid.library.totalCount == 10)
  }

  @Test func aLibraryOfManySectionsTakesFewerEditsRefusedBeforeRunning() throws {
    let sections = 50_000
    let allowed = PhotoGridSession.allowedEdits(sections: sections)
    #expect(allowed == PhotoGridSession.maximumEditWork / sections && allowed < PhotoGridSession.maximumEdits)
    let text = Array(repeating: "delete 0..0", count: allowed + 1).joined(separator: "; ")
    let script = try GestureScript(text, verbs: PhotoGridSession.verbs)
    let message = error { try PhotoGridSession.checkEdits(script, sections: sections) }
    #expect(message?.hasPrefix("bad script step \(allowed + 1) 'delete 0..0'") == true, "\(message ?? "no error")")
    #expect(
      error { try PhotoGridSession.checkEdits(try GestureScript(text, verbs: PhotoGridSession.verbs), sections: 1) }
        == nil)
    #expect(PhotoGridSession.allowedEdits(sections: 1) == PhotoGridSession.maximumEdits)
    #expect(PhotoGridSession.allowedEdits(sections: 0) == PhotoGridSession.maximumEdits)
  }
}
