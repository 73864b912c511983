import Album
import CRasterShim
import LayoutCore
import Raster
import Scenes
import ToolSupport
import ViewerApp

#if canImport(Glibc)
  import Glibc
#endif

/// The renderer's figures: one album frame drawn with photos (1280×720 at
/// 1x, and the viewer's 390×844 at 2x), the viewer's frame loop over a
/// swipe (without the window), and thumbnail decoding with DCT scaling
/// against full decoding plus resizing.
package enum RenderBench {
  package struct Row {
    package var scenario: String
    package var medianMs: Double
    package var baselineMs: Double?
    package var note: String

    package var ratio: Double? { baselineMs.map { $0 / max(medianMs, 1e-9) } }

    /// Memberwise, for the other targets of the tool's package.
    package init(scenario: String, medianMs: Double, baselineMs: Double?, note: String) {
      self.scenario = scenario
      self.medianMs = medianMs
      self.baselineMs = baselineMs
      self.note = note
    }
  }

  /// The renderer's rows, by name, in the order `bench` prints them.
  package static let scenarios: [(name: String, run: @Sendable (_ quick: Bool) throws -> Row)] = [
    ("render-album-frame", albumFrame), ("render-album-2x", albumFrame2x), ("render-grid-2x", gridFrame2x),
    ("viewer-frame-loop", viewerLoop),
    ("decode-thumbnail", thumbnailDecode),
  ]

  /// Runs the measurements whose name contains `filter` (all without
  /// one); `quick` takes fewer samples.
  package static func run(quick: Bool, filter: String? = nil) throws -> [Row] {
    try scenarios.filter { filter == nil || $0.name.contains(filter!) }.map { try $0.run(quick) }
  }

  /// A renderer and an album scene of `size` points at `scale`, the finger
  /// on the pager half a page to the left (two photos and the whole
  /// filmstrip on screen).
  package static func albumMidSwipe(size: Size, scale: Double) throws -> (SceneRecorder, any Scene) {
    let font = try? Font.named("DejaVu Sans:bold")
    let cache = ImageCache(byteLimit: 192 << 20, samples: SampleRenderer(font: font))
    let context = SceneContext(size: size, scale: scale, photos: SampleAlbum.photos(), debug: false)
    let recorder = SceneRecorder(painter: ElementPainter(cache: cache, font: font), context: context)
    var scene: any Scene = try AlbumScene.make(
      AlbumConfiguration(stripHeight: 44, debug: false, followerOffset: .thumbnailCoordinate), context)
    try scene.touchDown("pager", at: 0)
    try scene.drag("pager", translation: Point(x: -size.width / 2, y: 0), at: 0.1)
    return (recorder, scene)
  }

  /// The viewer's album frame: 390×844 points at 2x (780×1688 px) with the
  /// 24 sample photos, mid-swipe, the cache warm.
  package static func albumFrame2x(quick: Bool) throws -> Row {
    let (recorder, scene) = try albumMidSwipe(size: Size(width: 390, height: 844), scale: 2)
    blackHole(recorder.draw(scene))  // warm the cache
    let count = quick ? 5 : 30
    let cpuStart = processCPUSeconds()
    let stats = Stats(timeSamples(count: count, repeats: 1) { _ in blackHole(recorder.draw(scene)) })
    let cpu = (processCPUSeconds() - cpuStart) / Double(count) * 1000
    return Row(
      scenario: "render-album-2x", medianMs: stats.median / 1e6, baselineMs: nil,
      note: "390x844 pt @2x = 780x1688 px, p99 \(fixed(stats.p99 / 1e6)) ms, CPU \(fixed(cpu)) ms/frame, 8.33 ms budget"
    )
  }

  /// The viewer's photo grid frame: All Photos at 390×844 points @2x with
  /// the sample photos, scrolled a little past the top, the cache warm.
  package static func gridFrame2x(quick: Bool) throws -> Row {
    let font = try? Font.named("DejaVu Sans:bold")
    let cache = ImageCache(byteLimit: 192 << 20, samples: SampleRenderer(font: font))
    let context = SceneContext(
      size: Size(width: 390, height: 844), scale: 2, photos: SampleAlbum.photos(), debug: false)
    let recorder = SceneRecorder(painter: ElementPainter(cache: cache, font: font), context: context)
    var scene: any Scene = try PhotosScene(layout: .photosMonths, context: context)
    try scene.setContentOffset(nil, Point(x: 0, y: 333), animated: false, at: 0)
    blackHole(recorder.draw(scene))  // warm the cache
    let count = quick ? 5 : 30
    let stats = Stats(timeSamples(count: count, repeats: 1) { _ in blackHole(recorder.draw(scene)) })
    return Row(
      scenario: "render-grid-2x", medianMs: stats.median / 1e6, baselineMs: nil,
      note: "All Photos, 780x1688 px, p99 \(fixed(stats.p99 / 1e6)) ms, 8.33 ms budget")
  }

  /// The viewer's frame loop without the window: a pager swipe and its
  /// paging at 120 Hz, each frame advancing the scene, drawing it and
  /// converting it to the window's pixel format (what `view` does between
  /// reading events and `XShmPutImage`), into one reused canvas as `view`
  /// draws.
  package static func viewerLoop(quick: Bool) throws -> Row {
    var (recorder, scene) = try albumMidSwipe(size: Size(width: 390, height: 844), scale: 2)
    // As the viewer does: the photos of the pages ahead decoded before the frames.
    for (element, photo) in ViewScenes.upcomingPhotos(scene) {
      recorder.painter.prefetch(element, photo: photo, scale: 2)
    }
    var window = [UInt8](repeating: 0, count: recorder.pixelSize.area * 4)
    var canvas = Canvas(pixelSize: recorder.pixelSize, scale: 2)
    let frames = quick ? 30 : 120
    var times: [Double] = []
    let cpuStart = processCPUSeconds()
    for frame in 0..<frames {
      let t = 0.1 + Double(frame) / 120
      let start = nanoseconds()
      if frame < 12 {
        try scene.drag("pager", translation: Point(x: -195 - Double(frame) * 4, y: 0), at: t)
      } else if frame == 12 {
        try scene.release("pager", at: t)
      }
      scene.advance(to: t)
      recorder.draw(scene, into: &canvas)
      canvas.image.pixels.withUnsafeBufferPointer { rgba in
        window.withUnsafeMutableBufferPointer { out in
          sw_rgba_to_bgrx(rgba.baseAddress, out.baseAddress, recorder.pixelSize.area)
        }
      }
      times.append(Double(nanoseconds() - start))
    }
    let cpu = (processCPUSeconds() - cpuStart) / Double(frames) * 1000
    let stats = Stats(times)
    return Row(
      scenario: "viewer-frame-loop", medianMs: stats.median / 1e6, baselineMs: nil,
      note: "780x1688 px swipe + paging, \(frames) frames, p99 \(fixed(stats.p99 / 1e6)) ms, "
        + "CPU \(fixed(cpu)) ms/frame, 8.33 ms budget (no X)")
  }

  /// CPU time used by the whole process so far (all threads), in seconds:
  /// with other work on the machine, CPU per frame ÷ cores bounds the idle
  /// wall time from below where the wall clock only bounds it from above.
  package static func processCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  package static func fixed(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
  }

  /// One 1280×720 album frame mid-swipe (two photos and the whole
  /// filmstrip on screen), drawn with the sample album, the cache warm.
  package static func albumFrame(quick: Bool) throws -> Row {
    let (recorder, scene) = try albumMidSwipe(size: Size(width: 1280, height: 720), scale: 1)
    blackHole(recorder.draw(scene))  // warm the cache
    let samples = timeSamples(count: quick ? 5 : 20, repeats: 1) { _ in blackHole(recorder.draw(scene)) }
    let median = Stats(samples).median / 1e6
    return Row(scenario: "render-album-frame", medianMs: median, baselineMs: nil, note: "1280x720 px, 8.33 ms budget")
  }

  /// A 4032×3024 JPEG decoded for a 160×120 thumbnail: libjpeg's DCT
  /// scaling (1/8) then a box filter, against a full decode then halving
  /// down to the same size.
  package static func thumbnailDecode(quick: Bool) throws -> Row {
    let photo = SampleAlbum.photos()[0]
    let renderer = SampleRenderer(font: try? Font.named("DejaVu Sans:bold"))
    guard case .sample(let sample) = photo.source else { throw CLIError("the sample album has no generated photo") }
    let image = renderer.render(sample, size: PixelSize(width: 4032, height: 3024))
    let jpeg = try encodeJPEG(image)
    let decoder = ImageDecoder()
    let thumbnail = PixelSize(width: 160, height: 120)
    let scaled = timeSamples(count: quick ? 5 : 15, repeats: 1) { _ in
      blackHole(try? decoder.decode(jpeg, atLeast: thumbnail))
    }
    let full = timeSamples(count: quick ? 3 : 8, repeats: 1) { _ in
      guard var image = try? decoder.decode(jpeg) else { return }
      while image.width / 2 >= thumbnail.width && image.height / 2 >= thumbnail.height { image = image.halved() }
      blackHole(image)
    }
    _ = try decoder.decode(jpeg, atLeast: thumbnail)
    return Row(
      scenario: "decode-thumbnail", medianMs: Stats(scaled).median / 1e6, baselineMs: Stats(full).median / 1e6,
      note: "4032x3024 JPEG (\(jpeg.count / 1024) KiB) for 160x120")
  }

  package static func encodeJPEG(_ image: RGBAImage) throws -> [UInt8] {
    try JPEGEncoder.encode(image, quality: 90)
  }
}
