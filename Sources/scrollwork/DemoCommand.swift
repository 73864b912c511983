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

  @OptionGroup var frames: FrameOptions

  func run() throws {
    try frames.job(output: out, scenes: SceneCatalog.all.map { ($0, $0.demoScript) }, title: "Scrollwork demo").run()
  }
}
