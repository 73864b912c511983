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

  @Option(help: "A folder of JPEG/PNG photos (default: the built-in sample album).")
  var photos: String?

  @Option(help: "The gesture script, or a file holding one.")
  var script: String

  @Option(help: "The output folder (created if needed).")
  var out: String

  @Option(help: "The screen size in points, WxH (default: 390x844).")
  var size: SizeArgument?

  @Option(help: "Pixels per point.")
  var scale: Double = 1

  @Option(help: "Frames per second.")
  var fps: Double = 30

  @Flag(help: "Also write every frame as frame-NNNN.png.")
  var everyFrame = false

  @Flag(help: "Draw the debug overlay (item numbers, centre lines).")
  var debug = false

  func run() throws {
    let screen = size?.value ?? Size(width: 390, height: 844)
    guard let entry = SceneCatalog.entry(named: layout) else {
      throw ValidationError("unknown layout '\(layout)' (known: \(SceneCatalog.names.joined(separator: ", ")))")
    }
    try RenderJob.check(size: screen, scale: scale, fps: fps)
    let text = try loadScriptText(script)
    // A bad or overlong script fails before any work.
    let frames = SceneRecorder.frameCount(try GestureScript(text), fps: fps)
    guard frames <= SceneRecorder.maximumFrames else {
      throw CLIError(
        "the script needs \(frames) frames at \(fps) fps; at most \(SceneRecorder.maximumFrames) are recorded")
    }
    var job = RenderJob(
      output: out, photoFolder: photos, size: screen, scale: scale, fps: fps, debug: debug,
      scenes: [(entry, text)], title: "Scrollwork: \(entry.title)")
    job.everyFrame = everyFrame
    try job.run()
  }
}
