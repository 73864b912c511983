import ArgumentParser
import LayoutCore

/// `scrollwork demo`: every scene with its own script, on the sample album.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render every layout, scripted, to animated PNGs and a web page (no input needed).",
    discussion: """
      Writes DIR/<layout>/animation.png (an animated PNG), DIR/<layout>/key-NN.png (key frames) \
      and DIR/index.html, which plays the animations when opened from disk. Shows progress on a \
      terminal and prints where the page is.

      Example: scrollwork demo --out /tmp/scrollwork-demo
      """)

  @Option(help: "The output folder (created if needed).")
  var out: String = "scrollwork-demo"

  @Option(help: "The screen size in points, WxH (default: 390x844).")
  var size: SizeArgument?

  @Option(help: "Pixels per point.")
  var scale: Double = 1

  @Option(help: "Frames per second of the animations.")
  var fps: Double = 30

  @Option(help: "Use the photos of this folder instead of the sample album.")
  var photos: String?

  @Flag(help: "Draw the debug overlay (item numbers, centre lines).")
  var debug = false

  func run() throws {
    let screen = size?.value ?? Size(width: 390, height: 844)
    try RenderJob.check(size: screen, scale: scale, fps: fps)
    try RenderJob(
      output: out, photoFolder: photos, size: screen, scale: scale, fps: fps, debug: debug,
      scenes: SceneCatalog.all.map { ($0, $0.demoScript) }, title: "Scrollwork demo"
    ).run()
  }
}
