import Foundation
import Testing

@testable import scrollwork

/// `scrollwork demo`, the README's first command: every scene of every
/// layout renders with its own script (a scene given another layout's
/// script fails its run, as the carousel's once did with the photo grid's
/// `mode` steps).
@Suite struct DemoCommandTests {
  @Test func everySceneRendersWithItsOwnScript() throws {
    let out = temporaryFolder("demo")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let demo = try Demo.parse(["--out", out, "--fps", "2", "--size", "96x64"])
    try demo.run()
    let scenes = LayoutRegistry.demoScenes
    #expect(!scenes.isEmpty)
    for scene in scenes {
      #expect(
        FileManager.default.fileExists(atPath: "\(out)/\(scene.name)/animation.png"), "\(scene.name) was not rendered")
    }
  }
}
