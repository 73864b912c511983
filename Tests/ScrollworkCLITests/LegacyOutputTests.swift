import Foundation
import LayoutCore
import Raster
import Testing

@testable import scrollwork

#if canImport(Glibc)
  import Glibc
#endif

/// Output of versions without a manifest: what scrollwork wrote is
/// recognised by its exact names and removed; nothing else is touched.
@Suite struct LegacyOutputTests {
  func folder() -> String { temporaryFolder("scrollwork-legacy") }

  func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  func put(_ bytes: [UInt8], _ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: OutputFolder.parent(of: path), withIntermediateDirectories: true)
    try writeFile(bytes, to: path)
  }

  @Test func outputFileNamesAreMatchedExactly() {
    for name in ["animation.png", "key-01.png", "key-12.png", "key-123.png", "frame-0000.png", "frame-1799.png"] {
      #expect(OutputFolder.isOutputFileName(name), "\(name)")
    }
    for name in [
      "animation.PNG", "animation.png.bak", "key-1.png", "key-ab.png", "key-01.jpg", "frame-12.png", "frame-00x1.png",
      "frame-0001.png~", "photo.png", "index.html", "key-.png", "frame-.png", "Key-01.png",
    ] {
      #expect(!OutputFolder.isOutputFileName(name), "\(name)")
    }
    let scenes = OutputFolder.knownSceneNames
    // The first versions' names and every layout and preset of today's.
    for name in [
      "album", "flow", "carousel", "coverflow", "stack", "prominent", "sticky", "carousel-coverflow", "tags",
    ] {
      #expect(scenes.contains(name), "\(name)")
    }
    #expect(!scenes.contains("holiday") && !scenes.contains(""))
  }

  @Test func staleFramesOfAVersionWithoutAManifestAreRemovedAndUsersFilesKept() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = PNGEncoderFixture.png(width: 8, height: 8)
    // What an older version left: frames of a long run, more key frames
    // than the new run writes, a scene the new run does not play.
    var legacy = ["flow/animation.png", "coverflow/animation.png", "coverflow/key-01.png"]
    legacy += (1...9).map { String(format: "flow/key-%02d.png", $0) }
    legacy += (0..<25).map { String(format: "flow/frame-%04d.png", $0) }
    for file in legacy { try put(png, dir + "/" + file) }
    try put(Array("<html>old</html>".utf8), dir + "/index.html")
    // The user's files, some of them with names close to ours.
    let mine: [String: [UInt8]] = [
      "notes.txt": Array("notes".utf8),
      "photo.png": png,
      "flow/notes.txt": Array("mine".utf8),
      "flow/frame-12.png": png,
      "flow/key-01.png.bak": png,
      "flow/key-10.png": Array("not a PNG".utf8),
      "holiday/frame-0001.png": png,
      "holiday/animation.png": png,
      "flow/sub/frame-0002.png": png,
    ]
    for (file, bytes) in mine { try put(bytes, dir + "/" + file) }
    #expect(symlink(dir + "/photo.png", dir + "/flow/key-11.png") == 0)

    var job = RenderJob(
      output: dir, photoFolder: nil, size: Size(width: 100, height: 160), scale: 1, fps: 10, debug: false,
      scenes: [(FlowEntry.scene(.uikit), "drag 0,-200 0.2; release; wait 0.2")], title: "test")
    var warnings: [String] = []
    job.report = { warnings.append($0) }
    try job.run()

    let manifest = String(
      decoding: try RegularFile.read(dir + "/" + OutputFolder.manifestName, limit: 1 << 20), as: UTF8.self)
    let written = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    #expect(written.contains("flow/animation.png") && written.contains("index.html"))
    for file in legacy where !written.contains(file) {
      #expect(!exists(dir + "/" + file), "stale \(file) removed")
    }
    #expect(!exists(dir + "/coverflow"), "a scene folder left empty goes too")
    #expect(!written.contains { $0.hasPrefix("flow/frame-") })
    #expect(written.filter { $0.hasPrefix("flow/key-") }.count < 9, "the new run writes fewer key frames: \(written)")
    for (file, bytes) in mine {
      #expect((try? RegularFile.read(dir + "/" + file, limit: 1 << 20)) == bytes, "\(file) kept as it was")
    }
    #expect(exists(dir + "/flow/key-11.png"), "a link is not ours")
    #expect(try RegularFile.read(dir + "/index.html", limit: 1 << 20) != Array("<html>old</html>".utf8))
    #expect(warnings.allSatisfy { $0.hasPrefix("warning: ") }, "no file skipped or failed: \(warnings)")

    // A second run removes only what the first wrote and does not write again.
    try job.run()
    for (file, bytes) in mine {
      #expect((try? RegularFile.read(dir + "/" + file, limit: 1 << 20)) == bytes, "\(file) kept as it was")
    }
  }

  @Test func foreignFilesBesideTheOutputAreNamed() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try put(Array("mine".utf8), dir + "/flow/notes.txt")
    let output = try OutputFolder(dir)
    try put([1], output.staging + "/flow/animation.png")
    try put([2], output.staging + "/index.html")
    let published = try output.commit()
    #expect(published.foreign == ["flow/notes.txt"])
    #expect(published.removed == 0)
    #expect(!exists(output.staging))
  }
}
