import Foundation
import GestureScripting
import LayoutCore
import PhotoLibrary
import Raster
import Scenes
import ScrollPhysics
import Simulation
import LayoutCatalog
import Testing
import ToolSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Script files, photo folders and output folders as a hostile user gives
/// them: FIFOs, folders, loops, undecodable names, stale outputs.
@Suite struct HostileInputRobustnessTests {
  func folder() -> String { temporaryFolder("scrollwork-robust") }

  func message(_ body: () throws -> Any) -> String? { thrownMessage(body) }

  // MARK: Script files

  @Test func scriptFilesAreReadOnlyWhenRegular() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(Array("\u{FEFF}drag 0,-100 0.2\r\nrelease\r\n".utf8), to: dir + "/s.txt")
    let text = try loadScriptFile(dir + "/s.txt")
    #expect(try GestureScript(text).steps.count == 2)
    #expect(try loadScriptText(dir + "/s.txt") == text)

    #expect(message { try loadScriptFile(dir + "/nope.txt") }?.contains("no such file") == true)
    #expect(message { try loadScriptText(dir + "/nope.txt") }?.contains("no such file") == true)
    #expect(message { try loadScriptFile(dir) }?.contains("a folder") == true)
    #expect(message { try loadScriptText(dir) }?.contains("a folder") == true)
    #expect(mkfifo(dir + "/fifo", 0o644) == 0)
    #expect(message { try loadScriptFile(dir + "/fifo") }?.contains("FIFO") == true)
    #expect(message { try loadScriptText(dir + "/fifo") }?.contains("FIFO") == true)
    #expect(symlink(dir + "/loop", dir + "/loop") == 0)
    #expect(message { try loadScriptFile(dir + "/loop") }?.contains("loop") == true)
    try writeFile([0xFF, 0xFE, 0x00], to: dir + "/binary")
    #expect(message { try loadScriptFile(dir + "/binary") }?.contains("UTF-8") == true)
    try writeFile([UInt8](repeating: 0x20, count: (1 << 20) + 1), to: dir + "/big")
    #expect(message { try loadScriptFile(dir + "/big") }?.contains("larger") == true)
    #expect(message { try loadScriptFile("") }?.contains("empty") == true)
  }

  @Test func aStepIsAStepEvenWhenAFileHasItsName() throws {
    // `release` parses as a script, so it is one whatever files exist; a
    // file is only read when the argument does not parse.
    #expect(try loadScriptText("release") == "release")
    #expect(try loadScriptText("wait 1") == "wait 1")
    #expect(try loadScriptText("drag 0,-1 1; release") == "drag 0,-1 1; release")
    // A word that is neither a step nor a path is left for the parser.
    #expect(try loadScriptText("wiggle") == "wiggle")
  }

  // MARK: Photo folders

  @Test func photoFoldersSkipFIFOsUndecodableNamesAndLoops() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let good = PNGEncoderFixture.png(width: 64, height: 48)
    try writeFile(good, to: dir + "/good.png")
    #expect(mkfifo(dir + "/pipe.jpg", 0o644) == 0)
    #expect(symlink(dir + "/loop.jpg", dir + "/loop.jpg") == 0)
    // A name that is not UTF-8 (Latin-1 "é").
    let raw: [UInt8] = Array((dir + "/caf").utf8) + [0xE9] + Array(".png".utf8) + [0]
    let fd = raw.withUnsafeBufferPointer { p in
      p.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    #expect(fd >= 0)
    if fd >= 0 {
      _ = good.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    let library = try LibraryScanner(folder: dir, index: nil).run()
    let reported = library.problems.map { "\($0.name): \($0.reason)" }
    #expect(library.photos.map(\.name) == ["good.png"])
    #expect(reported.contains { $0.hasPrefix("pipe.jpg") && $0.contains("FIFO") }, "\(reported)")
    #expect(reported.contains { $0.hasPrefix("loop.jpg") && $0.contains("loop") }, "\(reported)")
    #expect(reported.contains { $0.contains("caf\\xE9.png") && $0.contains("UTF-8") }, "\(reported)")
  }

  @Test func photoFolderLoopsAreNamed() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(symlink(dir + "/loop", dir + "/loop") == 0)
    #expect(message { try PhotoFolder.check(dir + "/loop") }?.contains("loop of symbolic links") == true)
    #expect(symlink(dir + "/none", dir + "/dangling") == 0)
    #expect(message { try PhotoFolder.check(dir + "/dangling") }?.contains("does not exist") == true)
    #expect(message { try PhotoFolder.check(dir + "/missing") }?.contains("does not exist") == true)
  }

  // MARK: Output folders

  func job(
    _ output: String, script: String = "drag 0,-200 0.2; release; wait 0.2",
    scenes: [SceneEntry] = [SceneEntry.flowGrid(FlowPreset.uikit.layout, name: "flow", preset: "uikit")]
  )
    -> RenderJob
  {
    RenderJob(
      output: output, photoFolder: nil, size: Size(width: 100, height: 160), scale: 1, fps: 10, debug: false,
      scenes: scenes.map { ($0, script) }, title: "test")
  }

  func listing(_ root: String) -> [String] {
    (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
  }

  @Test func theWriteCheckNeverDeletesAUsersFile() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(Array("mine".utf8), to: dir + "/.scrollwork-write-check")
    try writeFile(Array("notes".utf8), to: dir + "/notes.txt")
    try job(dir).run()
    #expect(try RegularFile.read(dir + "/.scrollwork-write-check", limit: 10) == Array("mine".utf8))
    #expect(try RegularFile.read(dir + "/notes.txt", limit: 10) == Array("notes".utf8))
    #expect(!listing(dir).contains { $0.contains(OutputFolder.stagingPrefix) }, "no staging folder left")
  }

  @Test func anEarlierRunsFilesDoNotLookLikeTheNewOutput() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // A long first run with every frame, then a short second one.
    var first = job(dir, script: "drag 0,-200 0.5; release; wait 1")
    first.everyFrame = true
    try first.run()
    let before = listing(dir + "/flow").filter { $0.hasPrefix("frame-") }
    #expect(before.count > 10)
    try writeFile(Array("user".utf8), to: dir + "/flow/mine.txt")
    try job(dir, script: "wait 0.2").run()
    let after = listing(dir + "/flow")
    #expect(!after.contains { $0.hasPrefix("frame-") }, "stale frames removed: \(after)")
    #expect(after.contains("mine.txt"), "a user's file stays")
    #expect(after.contains("animation.png"))
    let manifest = String(
      decoding: try RegularFile.read(dir + "/" + OutputFolder.manifestName, limit: 1 << 20), as: UTF8.self)
    #expect(manifest.contains("flow/animation.png") && manifest.contains("index.html"))
    #expect(!manifest.contains("mine.txt"))
  }

  @Test func aFailedRenderLeavesNothing() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/new/deeper"
    // An unknown target fails every scene: nothing is rendered.
    #expect(throws: (any Error).self) { try job(out, script: "nosuch drag 0,1 0.1").run() }
    #expect(!FileManager.default.fileExists(atPath: dir + "/new"), "no empty folder left: \(listing(dir))")
    // In an existing folder: no staging folder or partial file left.
    #expect(throws: (any Error).self) { try job(dir, script: "nosuch drag 0,1 0.1").run() }
    #expect(listing(dir).isEmpty, "\(listing(dir))")
  }

  @Test func anEmptyOutputPathSaysSo() {
    let text = message { try OutputFolder("") }
    #expect(text?.contains("--out is empty") == true, "\(text ?? "")")
    #expect(text?.contains("'.'") == false)
  }
}

/// A small PNG made with the library's encoder.
enum PNGEncoderFixture {
  static func png(width: Int, height: Int) -> [UInt8] {
    let pixels = [UInt8](repeating: 200, count: width * height * 4)
    return (try? PNGEncoder.encode(RGBAImage(width: width, height: height, premultiplied: pixels))) ?? []
  }
}
