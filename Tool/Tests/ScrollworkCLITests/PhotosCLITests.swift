import Foundation
import GestureScripting
import LayoutCore
import PhotoGrid
import Raster
import Scenes
import ScrollPhysics
import Testing
import ViewerApp
@testable import scrollwork

/// `inspect photos` and `simulate photos`, as a user types them.
@Suite struct PhotosCLITests {
  static let base = ["--viewport", "390x844", "--sections", "7,12,5"]

  func object(_ arguments: [String]) throws -> [String: Any] {
    let result = try runScrollwork(arguments)
    #expect(result.status == 0, "\(result.err)")
    return try #require(try json(result.out) as? [String: Any])
  }

  func elements(_ o: [String: Any]) throws -> [[String: Any]] { try #require(o["elements"] as? [[String: Any]]) }

  /// An element's identity and geometry, for comparing outputs.
  func keyed(_ elements: [[String: Any]]) -> [String: [Double]] {
    var result: [String: [Double]] = [:]
    for e in elements {
      let key = "\(e["kind"] ?? "")/\(e["section"] ?? "")/\(e["item"] ?? "")"
      result[key] =
        ((e["center"] as? [Double]) ?? []) + ((e["size"] as? [Double]) ?? []) + [(e["alpha"] as? Double) ?? -1]
    }
    return result
  }

  @Test(arguments: ["all", "months", "columns:3", "columns:5"])
  func inspectEveryMode(mode: String) throws {
    let o = try object(["inspect", "photos", "--mode", mode] + Self.base)
    #expect(o["mode"] as? String == mode)
    let elements = try elements(o)
    #expect(!elements.isEmpty)
    let kinds = Set(elements.compactMap { $0["kind"] as? String })
    #expect(kinds.isSubset(of: ["cell", "supplementary:header"]))
    if mode == "months" {
      // One summary card per section, with its corner radius and style.
      #expect(elements.filter { $0["kind"] as? String == "cell" }.allSatisfy { ($0["styleProgress"] as? Double) == 1 })
      #expect(kinds.contains("supplementary:header"))
    }
    let all = try self.elements(try object(["inspect", "photos", "--mode", mode, "--all"] + Self.base))
    let cells = all.filter { $0["kind"] as? String == "cell" }.count
    #expect(cells == (mode == "months" ? 3 : 24))
  }

  @Test(arguments: [("all", "months"), ("months", "all"), ("columns:3", "columns:5"), ("all", "columns:3")])
  func transitionEndpointsEqualTheModes(from: String, to: String) throws {
    let args = ["inspect", "photos", "--mode", from, "--offset", "0,300"] + Self.base
    let start = try object(args + ["--to", to, "--progress", "0"])
    let end = try object(args + ["--to", to, "--progress", "1"])
    #expect(start["presentedOffset"] as? [Double] == start["sourceOffset"] as? [Double])
    let target = try #require(end["targetOffset"] as? [Double])
    #expect(end["presentedOffset"] as? [Double] == target)
    let a = try object(args)
    let b = try object(
      ["inspect", "photos", "--mode", to, "--offset", "\(target[0]),\(target[1])"] + Self.base)
    // At 0 the presented elements are A's (those visible), at 1 B's.
    let atStart = keyed(try elements(start)).filter { $0.value.last ?? 0 > 0 }
    let atEnd = keyed(try elements(end)).filter { $0.value.last ?? 0 > 0 }
    #expect(atStart == keyed(try elements(a)))
    #expect(atEnd == keyed(try elements(b)))
  }

  @Test func transitionHalfwayIsBetween() throws {
    let o = try object(
      ["inspect", "photos", "--mode", "all", "--offset", "0,300", "--to", "months", "--progress", "0.5"] + Self.base)
    let source = try #require(o["sourceOffset"] as? [Double])
    let target = try #require(o["targetOffset"] as? [Double])
    let presented = try #require(o["presentedOffset"] as? [Double])
    #expect(
      presented[1] == (source[1] + target[1]) / 2
        || (min(source[1], target[1])...max(source[1], target[1])).contains(presented[1]))
    #expect(try elements(o).contains { ($0["styleProgress"] as? Double).map { $0 > 0 && $0 < 1 } ?? false })
  }

  @Test(arguments: [
    (["--mode", "columns:0"], "--mode"), (["--mode", "columns:31"], "--mode"), (["--mode", "sideways"], "--mode"),
    (["--to", "months", "--progress", "1.5"], "--progress"), (["--to", "months", "--progress", "nan"], "--progress"),
    (["--progress", "0.5"], "--progress"), (["--to", "columns:99"], "--to"), (["--offset", "0,nan"], "--offset"),
  ])
  func badValuesAreRefusedNamingTheOption(extra: [String], option: String) throws {
    let result = try runScrollwork(["inspect", "photos"] + Self.base + extra)
    #expect(result.status != 0)
    #expect(result.err.contains(option), "\(result.err)")
  }

  func frames(_ script: String, mode: String = "columns:3", extra: [String] = []) throws -> [[String: Any]] {
    let result = try runScrollwork(
      ["simulate", "photos", "--mode", mode, "--script", script] + Self.base + extra)
    #expect(result.status == 0, "\(result.err)")
    return try result.out.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
  }

  @Test func simulateModeChangesAnimateAndSettle() throws {
    let lines = try frames("mode months 0.25; wait 0.1; mode all 0.25; wait 0.1")
    #expect(lines.count == 84)
    let modes = lines.compactMap { $0["mode"] as? String }
    #expect(modes.first == "months" && modes.last == "all")
    let progress = lines.compactMap { $0["progress"] as? Double }
    #expect(progress.contains { $0 > 0 && $0 < 1 })
    #expect(progress.last == 1)
    let events = lines.flatMap { ($0["events"] as? [String]) ?? [] }
    #expect(events.filter { $0 == "mode" }.count == 2)
    #expect(events.filter { $0 == "transitionEnded" }.count == 2)
  }

  @Test func simulatePinchInGoesToMoreColumnsAndOutToFewer() throws {
    let pinchIn = try frames("pinch 0.5 0.2; wait 0.5")
    #expect(pinchIn.last?["mode"] as? String == "columns:5")
    #expect(pinchIn.last?["progress"] as? Double == 1)
    let pinchOut = try frames("pinch 2 0.2; wait 0.5", mode: "columns:5")
    #expect(pinchOut.last?["mode"] as? String == "columns:3")
    // A pinch that barely moves is cancelled: back to the source mode.
    let cancelled = try frames("pinch 0.98 0.2; wait 0.5")
    #expect(cancelled.last?["mode"] as? String == "columns:3")
  }

  @Test func simulateScrollsTheGrid() throws {
    let lines = try frames("drag 0,-200 0.2; release; wait 1", mode: "all")
    let y = try #require((lines.last?["offset"] as? [Double])?[1])
    #expect(y > 200)
  }

  /// The photo at the viewport's centre before an insert above it is at
  /// the same place on screen after the update.
  @Test func insertKeepsTheViewedPhotoInPlace() throws {
    let lines = try frames(
      "jump 0,400; wait 0.05; insert 5 at 0; wait 0.5", extra: ["--elements", "--fps", "60"])
    let before = try #require(lines.first { ($0["photos"] as? Int) == 24 })
    let after = try #require(lines.last)
    #expect(after["photos"] as? Int == 29)
    func screenCenter(_ frame: [String: Any], section: Int, item: Int) throws -> [Double] {
      let offset = try #require(frame["offset"] as? [Double])
      let e = try #require(
        (frame["elements"] as? [[String: Any]])?.first {
          $0["kind"] as? String == "cell" && $0["section"] as? Int == section && $0["item"] as? Int == item
        })
      let c = try #require(e["center"] as? [Double])
      return [c[0] - offset[0], c[1] - offset[1]]
    }
    // Section 0 holds 7 photos: row 1 of 3 columns is in view at 400; the
    // 5 inserted at 0 shift section 0's photos by 5 items.
    let viewedBefore = try screenCenter(before, section: 1, item: 0)
    let viewedAfter = try screenCenter(after, section: 1, item: 0)
    let offsets = lines.compactMap { ($0["offset"] as? [Double])?[1] }
    #expect(offsets.last! > 400)
    #expect(abs(viewedBefore[1] - viewedAfter[1]) < 0.5, "\(viewedBefore) → \(viewedAfter)")
  }

  @Test func deleteShrinksTheLibrary() throws {
    let lines = try frames("delete 0..3; wait 0.4")
    #expect(lines.last?["photos"] as? Int == 20)
  }

  @Test(arguments: [
    ("insert 5 at 99", "past the library's end"), ("delete 20..30", "past the library's end"),
    ("pinch 0 1", "> 0"), ("mode sideways 1", "not a mode"), ("mode columns:40 0.2", "cannot be laid out"),
  ])
  func badStepsAreRefusedBeforeAnyOutput(script: String, message: String) throws {
    let result = try runScrollwork(["simulate", "photos", "--script", script] + Self.base)
    #expect(result.status != 0)
    #expect(result.out.isEmpty)
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test func otherLayoutsRefuseTheVerbs() throws {
    let result = try runScrollwork([
      "simulate", "flow", "--viewport", "390x844", "--items", "10", "--item-size", "50x50", "--script",
      "pinch 0.5 0.2",
    ])
    #expect(result.status != 0)
    #expect(result.err.contains("'pinch' is not a step this layout takes"), "\(result.err)")
  }
}

/// The render scene's sections: by capture month, else twelve to a section.
@Suite struct PhotoSectionsTests {
  static func photos(_ n: Int) -> [Photo] {
    (0..<n).map {
      Photo(name: "p\($0).jpg", size: PixelSize(width: 40, height: 30), source: .file("/nonexistent/\($0)"))
    }
  }

  @Test func undatedPhotosGoTwelveToASection() {
    let groups = PhotoSections.group(Self.photos(30)) { _ in nil }
    #expect(groups.map(\.photos.count) == [12, 12, 6])
    #expect(groups.flatMap(\.photos) == Array(0..<30))
    #expect(groups[0].title == "Photos 1–12")
  }

  @Test func datedPhotosGoByMonthAndUndatedOnesLast() {
    let dates: [String: EXIFDate] = [
      "p0.jpg": EXIFDate(year: 2024, month: 5, day: 2), "p1.jpg": EXIFDate(year: 2023, month: 12, day: 30),
      "p3.jpg": EXIFDate(year: 2024, month: 5, day: 1), "p4.jpg": EXIFDate(year: 2023, month: 12, day: 1),
    ]
    let groups = PhotoSections.group(Self.photos(5)) { dates[$0.name] }
    #expect(groups.map(\.title) == ["December 2023", "May 2024", "Undated"])
    #expect(groups.map(\.photos) == [[4, 1], [3, 0], [2]])
    #expect(groups[1].day == "1 May 2024")
  }
}

/// The viewer's M key on the photo grid scene.
@Suite struct PhotosSceneModeTests {
  @Test func cyclesAllMonthsThreeFiveAndBackAnimated() throws {
    let photos = PhotoSectionsTests.photos(30)
    let context = SceneContext(size: Size(width: 390, height: 844), scale: 1, photos: photos, debug: false)
    var scene = try PhotosScene(layout: .photosMonths, context: context)
    var seen: [String] = [scene.session.mode.description]
    var time = 0.0
    for _ in 0..<4 {
      scene.cycleMode()
      time += 0.1
      scene.advance(to: time)
      #expect(scene.session.progress < 1, "animated")
      time += 1
      scene.advance(to: time)
      #expect(scene.session.progress == 1)
      seen.append(scene.session.mode.description)
    }
    #expect(seen == ["all", "months", "columns:3", "columns:5", "all"])
  }
}

/// The demo script on the photo grid scene.
@Suite struct PhotosDemoTests {
  @Test func theDemoEndsInOneColumnAndTheInsertDoesNotMoveThePhotoInView() throws {
    let context = SceneContext(
      size: Size(width: 390, height: 844), scale: 1, photos: PhotoSectionsTests.photos(30), debug: false)
    var scene = try PhotosScene(layout: .photosMonths, context: context)
    var modes: [String] = []
    var lastBefore: (offset: Point, elements: [LayoutAttributes], session: PhotoGridSession)?
    try GestureScript(PhotosScene.demoScript, verbs: LayoutRegistry.scriptVerbs).run(on: &scene, fps: 60) { scene, _ in
      let mode = scene.session.mode.description
      if modes.last != mode { modes.append(mode) }
      if scene.session.library.totalCount == 48 {
        lastBefore = (scene.session.contentOffset, scene.session.visibleAttributes, scene.session)
      }
    }
    #expect(modes == ["all", "months", "all", "columns:3", "columns:5", "columns:3", "columns:1"])
    #expect(scene.session.library.totalCount == 54)
    let before = try #require(lastBefore)
    // The photo nearest the viewport's centre before the insert.
    let middle = before.offset.y + 422
    let viewed = try #require(
      before.elements.filter { $0.id.kind == .cell }.min { abs($0.center.y - middle) < abs($1.center.y - middle) })
    let photo = try #require(before.session.photoID(viewed.id))
    let after = scene.session.visibleAttributes
    let same = try #require(after.first { scene.session.photoID($0.id) == photo })
    let screenBefore = viewed.center.y - before.offset.y
    let screenAfter = same.center.y - scene.session.contentOffset.y
    #expect(abs(screenBefore - screenAfter) < 0.5, "\(screenBefore) → \(screenAfter)")
  }
}

extension PhotosSceneModeTests {
  @Test func aRebuiltSceneKeepsTheModeAndPlace() throws {
    let context = SceneContext(
      size: Size(width: 390, height: 844), scale: 1, photos: PhotoSectionsTests.photos(30), debug: false)
    var scene = try PhotosScene(layout: .photosMonths, context: context)
    scene.cycleMode()  // months
    scene.advance(to: 1)
    scene.cycleMode()  // columns:3
    scene.advance(to: 2)
    try scene.setContentOffset(nil, Point(x: 0, y: 300), animated: false, at: 2)
    let entry = PhotosEntry.scene(.photosMonths)
    let rebuilt = try ViewScenes.make(entry, context, keeping: scene)
    let photos = try #require(rebuilt as? PhotosScene)
    #expect(photos.session.mode == .columns(3))
    #expect(photos.session.progress == 1)
    #expect(photos.session.contentOffset == Point(x: 0, y: 300))
  }
}
