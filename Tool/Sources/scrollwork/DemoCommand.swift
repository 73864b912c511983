import ArgumentParser
import LayoutCore
import Scenes

/// `scrollwork demo`: every layout's demo scenes with their own scripts, on
/// the sample album (or your photos).
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render every layout, scripted, to animated PNGs and a web page (no input needed).",
    discussion: """
      Writes DIR/<scene>/animation.png (an animated PNG), DIR/<scene>/key-NN.png (key frames) \
      and DIR/index.html, which plays the animations when opened from disk. Shows progress on a \
      terminal and prints where the page is. --layout plays one layout's scenes only, --preset \
      one preset of it.

      Presets: \(LayoutRegistry.presetSummary).

      Example: scrollwork demo --out /tmp/scrollwork-demo
      """)

  @Option(help: "The output folder (created if needed).")
  var out: String = "scrollwork-demo"

  @Option(help: "Only this layout's scenes.")
  var layout: LayoutName?

  @Option(help: "Only this preset's scene (with --layout).")
  var preset: PresetName?

  @OptionGroup var frames: FrameOptions

  func validate() throws {
    if preset != nil, layout == nil { throw ValidationError("--preset goes with --layout") }
  }

  func run() throws {
    let scenes: [SceneEntry]
    switch (layout, preset) {
    case (let layout?, let preset?): scenes = [try PresetName.scene(layout.entry, preset)]
    case (let layout?, nil): scenes = layout.entry.demoScenes
    default: scenes = SceneCatalog.all
    }
    try frames.job(output: out, scenes: scenes.map { ($0, $0.demoScript) }, title: "Scrollwork demo").run()
  }
}
