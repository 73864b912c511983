import ArgumentParser
import LayoutCore
import Scenes

/// What `demo` and `render` share: the screen, the frame rate, the photos
/// and the debug overlay.
struct FrameOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "The screen size in points, WxH (default: 390x844).")
  var size: SizeArgument?

  @Option(parsing: .unconditional, help: "Pixels per point.")
  var scale: Double = 1

  @Option(parsing: .unconditional, help: "Frames per second of the animations.")
  var fps: Double = 30

  @Option(help: "A folder of JPEG/PNG photos (default: the built-in sample album).")
  var photos: String?

  @Option(help: "Where the photo index and thumbnails are kept (default: $XDG_CACHE_HOME/scrollwork).")
  var cache: String?

  @Flag(help: "Draw the debug overlay (item numbers, centre lines).")
  var debug = false

  /// The screen size, 390×844 unless given.
  var screen: Size { size?.value ?? Size(width: 390, height: 844) }

  /// A render job for `scenes`, its options checked.
  func job(output: String, scenes: [(SceneEntry, String)], title: String) throws -> RenderJob {
    try RenderJob.check(size: screen, scale: scale, fps: fps)
    var job = RenderJob(
      output: output, photoFolder: photos, size: screen, scale: scale, fps: fps, debug: debug, scenes: scenes,
      title: title)
    job.cacheFolder = cache
    return job
  }
}
