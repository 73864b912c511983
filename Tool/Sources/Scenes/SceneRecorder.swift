import Foundation
import GestureScripting
import LayoutCore
import Simulation
import Raster
import ScrollPhysics
import ToolSupport

/// A recorded scene: the files written and what the page says about them.
package struct RecordedScene {
  package struct KeyFrame {
    /// Relative to the output folder.
    package var path: String
    package var time: Double
  }

  package var entry: SceneEntry
  package var script: String
  /// The animated PNG, relative to the output folder.
  package var animation: String
  package var keyFrames: [KeyFrame]
  /// Frames drawn (including the first, at time 0).
  package var frameCount: Int
  /// Frames stored in the animation (equal neighbours merge).
  package var storedFrames: Int
  package var duration: Double
  package var pixelSize: PixelSize
  /// The size in points (what the page shows it at).
  package var pointSize: Size
  package var bytes: Int

  /// Memberwise, for the other targets of the tool's package.
  package init(
    entry: SceneEntry, script: String, animation: String, keyFrames: [KeyFrame], frameCount: Int, storedFrames: Int,
    duration: Double, pixelSize: PixelSize, pointSize: Size, bytes: Int
  ) {
    self.entry = entry
    self.script = script
    self.animation = animation
    self.keyFrames = keyFrames
    self.frameCount = frameCount
    self.storedFrames = storedFrames
    self.duration = duration
    self.pixelSize = pixelSize
    self.pointSize = pointSize
    self.bytes = bytes
  }
}

/// Draws scenes and records gesture scripts on them to an animated PNG and
/// key-frame PNGs.
package final class SceneRecorder {
  package let painter: ElementPainter
  package let context: SceneContext
  package let pixelSize: PixelSize
  package let background = Color(hex: 0x000000)
  /// Called with a frame's layers before they are drawn (`render` loads
  /// their photos there, in parallel).
  package var beforePaint: (([SceneLayer]) -> Void)?
  /// Called as frames are drawn: (scene name, frames done, frames in all).
  package var progress: ((String, Int, Int) -> Void)?

  package init(painter: ElementPainter, context: SceneContext) {
    self.painter = painter
    self.context = context
    pixelSize = PixelSize(
      width: Int((context.size.width * context.scale).rounded()),
      height: Int((context.size.height * context.scale).rounded()))
  }

  /// The scene's current frame.
  package func draw<S: Scene>(_ scene: S) -> Canvas {
    var canvas = Canvas(pixelSize: pixelSize, scale: context.scale, background: background)
    paint(scene.layers(), on: &canvas)
    return canvas
  }

  /// Draws the scene's current frame over `canvas`, reusing its pixels
  /// when it has this recorder's size and scale (a new canvas otherwise):
  /// the viewer draws every frame into one canvas, without allocating
  /// 4 bytes a pixel each time. The pixels are those `draw(_:)` returns.
  package func draw<S: Scene>(_ scene: S, into canvas: inout Canvas) {
    draw(scene.layers(), into: &canvas)
  }

  /// Draws `layers` (a scene's, or a `SceneChange`'s blend) over
  /// `canvas` as `draw(_:into:)` draws a scene's.
  package func draw(_ layers: [SceneLayer], into canvas: inout Canvas) {
    if canvas.image.size == pixelSize && canvas.scale == context.scale {
      // Opaque layer backgrounds overwrite their pixels: clear the rest.
      let covered = layers.compactMap { $0.background?.alpha == 1 ? $0.region : nil }
      canvas.clear(background, exceptInsideOf: covered)
    } else {
      canvas = Canvas(pixelSize: pixelSize, scale: context.scale, background: background)
    }
    paint(layers, on: &canvas)
  }

  private func paint(_ layers: [SceneLayer], on canvas: inout Canvas) {
    beforePaint?(layers)
    for layer in layers {
      if let fill = layer.background { canvas.fill(layer.region, fill) }
      let origin = Point(x: layer.region.minX - layer.contentOffset.x, y: layer.region.minY - layer.contentOffset.y)
      let ordered = layer.elements.sorted { $0.zIndex != $1.zIndex ? $0.zIndex < $1.zIndex : $0.id < $1.id }
      for element in ordered {
        if let draw = layer.draw {
          draw(element, &canvas, origin, layer.region)
        } else {
          painter.draw(
            element, photo: layer.photo(element), style: layer.style(element), on: &canvas, origin: origin,
            clip: layer.region)
        }
      }
      if layer.indexLabels {
        for element in ordered { painter.drawIndexLabel(element, on: &canvas, origin: origin, clip: layer.region) }
      }
      if layer.centerLine { painter.drawCenterLine(in: layer.region, on: &canvas) }
    }
  }

  /// The frame numbers worth keeping as stills: the first, the end of each
  /// timed step, and the last; at most `limit`, spread evenly.
  /// A script past the frame limit has only the first (`checkLength`
  /// rejects it before recording).
  package static func keyFrames(_ script: GestureScript, fps: Double, limit: Int = 12) -> [Int] {
    var marks = [0] + ((try? script.tickMarks(fps: fps)) ?? [])
    marks = Array(Set(marks)).sorted()
    guard marks.count > limit else { return marks }
    return (0..<limit).map { marks[$0 * (marks.count - 1) / (limit - 1)] }
  }

  /// The frames a recording of `script` draws: the first, then one per
  /// tick of each timed step (instant steps may add one at the end).
  ///
  /// - Throws: `ScriptError.tooLong` when the script passes
  ///   `GestureScript.maximumFrames`; the bound is checked before any
  ///   conversion to `Int`, so no duration traps.
  package static func frameCount(_ script: GestureScript, fps: Double) throws -> Int {
    1 + (try script.frameCount(fps: fps))
  }

  /// The longest recording accepted, in frames (a minute at 30 fps): the
  /// animation is built in memory.
  package static let maximumFrames = 1800

  /// Throws when `script` needs more than `maximumFrames` frames at `fps`.
  package static func checkLength(_ script: GestureScript, fps: Double) throws {
    let frames = try frameCount(script, fps: fps)
    guard frames <= maximumFrames else {
      throw CLIError("the script needs \(frames) frames at \(fps) fps; at most \(maximumFrames) are recorded")
    }
  }

  /// Plays `script` on a new scene from `entry`, writing
  /// `<folder>/<name>/animation.png`, key frames `key-NN.png` and, with
  /// `everyFrame`, `frame-NNNN.png` for every frame.
  package func record(
    _ entry: SceneEntry, scriptText: String, fps: Double, folder: String, everyFrame: Bool = false
  ) throws -> RecordedScene {
    let script = try GestureScript(scriptText, verbs: ScriptVerbs.all)
    try Self.checkLength(script, fps: fps)
    var scene = try entry.make(context)
    try Self.rehearse(script, on: scene, fps: fps)
    return try record(
      &scene, entry: entry, script: script, scriptText: scriptText, fps: fps, folder: folder,
      everyFrame: everyFrame)
  }

  /// Runs `script` on a copy of `scene` without drawing, so that a step the
  /// scene cannot take (an unknown target) fails before any file is written.
  /// Costs the layout work only.
  package static func rehearse<S: Scene>(_ script: GestureScript, on scene: S, fps: Double) throws {
    var copy = scene
    try script.run(on: &copy, fps: fps) { _, _ in }
  }

  private func record<S: Scene>(
    _ scene: inout S, entry: SceneEntry, script: GestureScript, scriptText: String, fps: Double, folder: String,
    everyFrame: Bool
  ) throws -> RecordedScene {
    let directory = folder + "/" + entry.name
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let marks = Set(Self.keyFrames(script, fps: fps))
    let total = try Self.frameCount(script, fps: fps)
    // Frames are compressed on a second thread while the next is drawn.
    let encoder = FrameEncoder(
      width: pixelSize.width, height: pixelSize.height, fps: fps, directory: directory, name: entry.name,
      marks: marks, everyFrame: everyFrame)
    var frame = 0
    var lastTime = 0.0
    let name = entry.name
    let progress = self.progress
    func emit(_ canvas: Canvas, time: Double) {
      encoder.add(canvas.image, frame: frame, time: time)
      frame += 1
      lastTime = time
      progress?(name, frame, Swift.max(total, frame))
    }
    emit(draw(scene), time: 0)
    try script.run(on: &scene, fps: fps) { scene, time in
      emit(self.draw(scene), time: time)
    }
    let (apng, encoded) = try encoder.finish()
    var keyFrames = encoded
    // Always keep the last frame as a still.
    if !marks.contains(frame - 1) {
      let still = try PNGEncoder.encode(draw(scene).image)
      let file = String(format: "key-%02d.png", keyFrames.count + 1)
      try writeFile(still, to: directory + "/" + file)
      keyFrames.append(.init(path: entry.name + "/" + file, time: lastTime))
    }
    let bytes = apng.finish()
    try writeFile(bytes, to: directory + "/animation.png")
    return RecordedScene(
      entry: entry, script: scriptText, animation: entry.name + "/animation.png", keyFrames: keyFrames,
      frameCount: frame, storedFrames: apng.frameCount, duration: lastTime, pixelSize: pixelSize,
      pointSize: context.size, bytes: bytes.count)
  }
}
