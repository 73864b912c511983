import CRasterShim
import Foundation
import GestureScripting
import LayoutCore
import Raster
import Scenes
import ScrollPhysics
import Testing
import ToolSupport
@testable import scrollwork

/// End-to-end tests of `scrollwork render` / `demo`'s job: folders, bad
/// files, outputs.
@Suite struct RenderCommandTests {
  func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "scrollwork-cli-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func jpeg(width: Int, height: Int) -> [UInt8] {
    var c = Canvas(pixelSize: PixelSize(width: width, height: height), background: Color(hex: 0x3366CC))
    c.fill(Rect(x: 0, y: 0, width: Double(width) / 2, height: Double(height) / 2), Color(hex: 0xFF0000))
    return (try? JPEGEncoder.encode(c.image, quality: 90)) ?? []
  }

  func job(output: String, photos: String?, script: String = "drag 0,-200 0.2; release; wait 0.3") -> RenderJob {
    RenderJob(
      output: output, photoFolder: photos, size: Size(width: 160, height: 240), scale: 1, fps: 15, debug: true,
      scenes: [(FlowEntry.scene(.uikit), script)], title: "test")
  }

  @Test func rendersGoodPhotosAndSkipsBadOnes() throws {
    let root = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let photos = root + "/photos"
    try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
    let good = jpeg(width: 300, height: 200)
    try writeFile(good, to: photos + "/a.jpg")
    try writeFile(
      try PNGEncoder.encode(Canvas(pixelSize: PixelSize(width: 50, height: 80), background: .white).image),
      to: photos + "/b.png")
    try writeFile([], to: photos + "/empty.jpg")
    try writeFile(Array("not a photo".utf8), to: photos + "/notes.txt")
    try writeFile(Array(good.prefix(good.count / 2)), to: photos + "/cut.jpg")
    let out = root + "/out"
    try job(output: out, photos: photos).run()
    let files = try FileManager.default.contentsOfDirectory(atPath: out + "/flow")
    #expect(files.contains("animation.png"))
    #expect(files.filter { $0.hasPrefix("key-") }.count >= 2)
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(html.contains("flow/animation.png") && html.contains("data-status"))
    let apng = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/flow/animation.png")))
    #expect(PNGChunk.parse(apng).map(\.type).contains("acTL"))
    #expect(!FileManager.default.fileExists(atPath: out + "/.scrollwork-write-check"))
  }

  @Test func aFolderOfOnlyBadFilesRendersNothingAndFails() throws {
    let root = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFile([], to: root + "/zero.jpg")
    #expect(throws: CLIError.self) { try job(output: root + "/out", photos: root).run() }
    #expect(!FileManager.default.fileExists(atPath: root + "/out/index.html"))
  }

  @Test func badFoldersFailBeforeAnyWork() throws {
    let root = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFile([1], to: root + "/file")
    do {
      try job(output: root + "/out", photos: root + "/missing").run()
      Issue.record("a missing photo folder was accepted")
    } catch let error as CLIError {
      #expect(error.description.contains("does not exist"))
    }
    #expect(!FileManager.default.fileExists(atPath: root + "/out"), "nothing written before the check")
    do {
      try job(output: root + "/file/out", photos: nil).run()
      Issue.record("an output folder under a file was accepted")
    } catch let error as CLIError {
      #expect(error.description.contains("is a file"))
    }
  }

  @Test func keyFramesMarkStepEnds() throws {
    let script = try GestureScript("drag 0,-100 0.5; release; wait 1; tap; wait 0.5")
    #expect(SceneRecorder.keyFrames(script, fps: 10) == [0, 5, 15, 20])
    let long = try GestureScript(Array(repeating: "wait 0.1", count: 20).joined(separator: ";"))
    #expect(SceneRecorder.keyFrames(long, fps: 10, limit: 5).count == 5)
  }

  @Test func everySceneRendersAFrame() throws {
    let context = SceneContext(
      size: Size(width: 120, height: 200), scale: 1, photos: SampleAlbum.photos(count: 8), debug: false)
    let painter = ElementPainter(cache: ImageCache(samples: SampleRenderer(font: nil)), font: nil)
    let recorder = SceneRecorder(painter: painter, context: context)
    for entry in SceneCatalog.all {
      let scene = try entry.make(context)
      let canvas = recorder.draw(scene)
      let distinct = Set(stride(from: 0, to: canvas.image.pixels.count, by: 4 * 7).map { canvas.image.pixels[$0] })
      #expect(distinct.count > 8, "\(entry.name) draws something")
      _ = try GestureScript(entry.demoScript, verbs: LayoutRegistry.scriptVerbs)
    }
  }

  /// The viewer draws every frame into one canvas: each scene, at rest and
  /// after its demo's first gesture, gives the bits a new canvas gets, and
  /// the reused canvas's storage is not reallocated.
  @Test(arguments: [2.0, 3.0])
  func drawingIntoAReusedCanvasGivesTheSameBits(scale: Double) throws {
    let context = SceneContext(
      size: Size(width: 120, height: 200), scale: scale, photos: SampleAlbum.photos(count: 8), debug: false)
    let painter = ElementPainter(cache: ImageCache(samples: SampleRenderer(font: nil)), font: nil)
    let recorder = SceneRecorder(painter: painter, context: context)
    var reused = Canvas(pixelSize: PixelSize(width: 3, height: 3), scale: 1)
    var storage: UnsafeRawPointer?
    for entry in SceneCatalog.all {
      var scene = try entry.make(context)
      for time in [0.0, 0.4] {
        if time > 0 {
          try scene.touchDown(nil, at: 0.1)
          try scene.drag(nil, translation: Point(x: -40, y: -60), at: 0.2)
          try scene.release(nil, at: 0.3)
          scene.advance(to: time)
        }
        recorder.draw(scene, into: &reused)
        let same = reused.image == recorder.draw(scene).image
        #expect(same, "\(entry.name) at \(time) s")
        let address = reused.image.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let storage { #expect(address == storage, "\(entry.name): the canvas was reallocated") }
        storage = address
      }
    }
  }
}
