import Foundation
import LayoutCore
import Raster
import Scenes
import LayoutCatalog
import Testing
import ToolSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Output of versions without a manifest of identities: it looks like
/// scrollwork's by its names, but a name is not proof, so it is never
/// deleted or replaced: it is named beside the new output, and a file of
/// it in the way of a new one fails the run before anything changes.
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
      #expect(OutputManifest.isOutputFileName(name), "\(name)")
    }
    for name in [
      "animation.PNG", "animation.png.bak", "key-1.png", "key-ab.png", "key-01.jpg", "frame-12.png", "frame-00x1.png",
      "frame-0001.png~", "photo.png", "index.html", "key-.png", "frame-.png", "Key-01.png",
    ] {
      #expect(!OutputManifest.isOutputFileName(name), "\(name)")
    }
    for name in ["album", "carousel-coverFlow", "sticky-jungleCup", "tag-table"] {
      #expect(OutputManifest.isSceneName(Substring(name)), "\(name)")
    }
    for name in ["", ".", "..", ".scrollwork-staging-x", "-x", "a b", "a/b", "caf\u{E9}"] {
      #expect(!OutputManifest.isSceneName(Substring(name)), "\(name)")
    }
  }

  @Test func framesOfAVersionWithoutIdentitiesAreNamedNeverDeleted() throws {
    let dir = folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = PNGEncoderFixture.png(width: 8, height: 8)
    // What an older version left, none of it at a path the new run writes:
    // frames of a long run, a scene the new run does not play, its
    // one-path-a-line manifest.
    var legacy = ["coverflow/animation.png", "coverflow/key-01.png"]
    legacy += (0..<25).map { String(format: "flow/frame-%04d.png", $0) }
    for file in legacy { try put(png, dir + "/" + file) }
    try put(
      Array((["# files written by the last scrollwork run"] + legacy).joined(separator: "\n").utf8),
      dir + "/" + OutputFolder.manifestName)
    let mine: [String: [UInt8]] = [
      "notes.txt": Array("notes".utf8), "photo.png": png, "flow/notes.txt": Array("mine".utf8),
      "holiday/frame-0001.png": png,
    ]
    for (file, bytes) in mine { try put(bytes, dir + "/" + file) }

    var job = RenderJob(
      output: dir, photoFolder: nil, size: Size(width: 100, height: 160), scale: 1, fps: 10, debug: false,
      scenes: [
        (
          SceneEntry.flowGrid(FlowPreset.uikit.layout, name: "flow", preset: "uikit"),
          "drag 0,-200 0.2; release; wait 0.2"
        )
      ], title: "test")
    var warnings: [String] = []
    job.report = { warnings.append($0) }
    try job.run()
    for file in legacy { #expect((try? RegularFile.read(dir + "/" + file, limit: 1 << 20)) == png, "\(file) kept") }
    for (file, bytes) in mine {
      #expect((try? RegularFile.read(dir + "/" + file, limit: 1 << 20)) == bytes, "\(file) kept as it was")
    }
    let manifest = OutputManifest.parse(try RegularFile.read(dir + "/" + OutputFolder.manifestName, limit: 1 << 20))
    let written = manifest.entries.map(\.path)
    #expect(written.contains("flow/animation.png") && written.contains("index.html"))
    #expect(!written.contains { $0.hasPrefix("flow/frame-") || $0.hasPrefix("coverflow/") })
    #expect(warnings.allSatisfy { $0.hasPrefix("warning: ") }, "no file skipped or failed: \(warnings)")
    // The second run removes what the first wrote (unchanged) and does not
    // write again; the legacy files stay.
    job.scenes = [(SceneEntry.flowGrid(FlowPreset.uikit.layout, name: "flow", preset: "uikit"), "wait 0.1")]
    try job.run()
    for file in legacy { #expect((try? RegularFile.read(dir + "/" + file, limit: 1 << 20)) == png, "\(file) kept") }
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
