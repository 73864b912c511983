import ArgumentParser
import GestureScripting
import LayoutCore
import Scenes
import ScrollPhysics

/// `scrollwork render`: one layout, the user's photos and gestures.
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render one layout with your photos and a gesture script to PNG frames, an animated PNG and a page.",
    discussion: """
      Reads every JPEG and PNG of --photos (sorted by name; EXIF orientation applied). Files that \
      cannot be read are skipped with a message each and counted in the summary; the exit status \
      is non-zero only when nothing could be rendered. Without --script or --script-file, plays the \
      layout's demo script.

      Presets: \(LayoutRegistry.presetSummary).

      Script: the steps of 'scrollwork simulate' (drag DX,DY SECONDS; release; wait SECONDS; …).

      Example: scrollwork render --layout carousel --preset coverFlow --photos ~/Pictures --out out \\
                 --script "drag -300 0.25; release; wait 1.5"
      """)

  @Option(help: "The layout.")
  var layout: LayoutName

  @Option(help: "The layout's preset (default: the layout's own; see the list below).")
  var preset: PresetName?

  @OptionGroup var script: ScriptOptions

  @Option(help: "The output folder (created if needed).")
  var out: String

  @OptionGroup var frames: FrameOptions

  @Flag(help: "Also write every frame as frame-NNNN.png.")
  var everyFrame = false

  /// The scene to record and its script: the layout's demo script unless
  /// one is given.
  func scene() throws -> (entry: SceneEntry, script: String) {
    let entry = try PresetName.scene(layout.entry, preset)
    return (entry, try script.text() ?? entry.demoScript)
  }

  func run() throws {
    let (entry, text) = try scene()
    var job = try frames.job(output: out, scenes: [(entry, text)], title: "Scrollwork: \(entry.title)")
    // A bad or overlong script fails before any work.
    try SceneRecorder.checkLength(try GestureScript(text, verbs: LayoutRegistry.scriptVerbs), fps: frames.fps)
    job.everyFrame = everyFrame
    try job.run()
  }
}
