import ArgumentParser
import LayoutCore
import ScrollPhysics

/// `scrollwork render`: one layout, the user's photos and gestures.
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render one layout with your photos and a gesture script to PNG frames, an animated PNG and a page.",
    discussion: """
      Reads every JPEG and PNG of --photos (sorted by name; EXIF orientation applied). Files that \
      cannot be read are skipped with a message each and counted in the summary; the exit status \
      is non-zero only when nothing could be rendered.

      Script: the steps of 'scrollwork simulate' (drag DX,DY SECONDS; release; wait SECONDS; …).

      Example: scrollwork render --layout flow --photos ~/Pictures --out out \\
                 --script "drag 0,-300 0.25; release; wait 1.5"
      """)

  @Option(help: "The layout: \(SceneCatalog.names.joined(separator: ", ")).")
  var layout: String

  @Option(help: "The gesture script, or a file holding one.")
  var script: String

  @Option(help: "The output folder (created if needed).")
  var out: String

  @OptionGroup var frames: FrameOptions

  @Flag(help: "Also write every frame as frame-NNNN.png.")
  var everyFrame = false

  func run() throws {
    guard let entry = SceneCatalog.entry(named: layout) else {
      throw ValidationError("unknown layout '\(layout)' (known: \(SceneCatalog.names.joined(separator: ", ")))")
    }
    let text = try loadScriptText(script)
    var job = try frames.job(output: out, scenes: [(entry, text)], title: "Scrollwork: \(entry.title)")
    // A bad or overlong script fails before any work.
    try SceneRecorder.checkLength(try GestureScript(text), fps: frames.fps)
    job.everyFrame = everyFrame
    try job.run()
  }
}
