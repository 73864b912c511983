import Foundation
import LayoutCore
import Raster
import Scenes
import Testing

/// A recording compresses frames on a second thread (`FrameEncoder` on a
/// `SerialWorker`): the animation and key frames must be byte for byte
/// those of encoding each frame in order on the caller's thread, and a
/// failure must still fail the recording.
@Suite struct FrameEncoderTests {
  func frames() -> [RGBAImage] {
    (0..<9).map { step in
      var c = Canvas(pixelSize: PixelSize(width: 48, height: 36), background: Color(hex: 0x102030))
      c.fill(Rect(x: Double(3 + (step % 5) * 7), y: 6, width: 11, height: 13), Color(hex: 0xFFCC00), cornerRadius: 3)
      return c.image
    }
  }

  func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "scrollwork-encoder-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func jobsRunOnceEachInTheOrderSubmitted() {
    final class Log: @unchecked Sendable { var values: [Int] = [] }
    let log = Log()
    let worker = SerialWorker(limit: 2)
    for i in 0..<200 { worker.submit { log.values.append(i) } }
    worker.finish()
    #expect(log.values == Array(0..<200))
    worker.submit { log.values.append(-1) }
    worker.finish()
    #expect(log.values.count == 200, "a job after finish is dropped, not run")
  }

  @Test func theBytesAreThoseOfEncodingInOrder() throws {
    let source = frames()
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let encoder = FrameEncoder(
      width: 48, height: 36, fps: 30, directory: folder, name: "scene", marks: [0, 4, 8], everyFrame: false)
    for (i, image) in source.enumerated() { encoder.add(image, frame: i, time: Double(i) / 30) }
    let (apng, keyFrames) = try encoder.finish()

    var reference = APNGWriter(width: 48, height: 36)
    for image in source { try reference.add(image, delay: 1.0 / 30) }
    #expect(apng.finish() == reference.finish())
    #expect(keyFrames.map(\.path) == ["scene/key-01.png", "scene/key-02.png", "scene/key-03.png"])
    let times: [Double] = [0, 4.0 / 30, 8.0 / 30]
    #expect(keyFrames.map(\.time) == times)
    for (k, frame) in [0, 4, 8].enumerated() {
      let written = try Data(contentsOf: URL(fileURLWithPath: folder + String(format: "/key-%02d.png", k + 1)))
      #expect([UInt8](written) == (try PNGEncoder.encode(source[frame])), "key frame \(k + 1)")
    }
  }

  @Test func aWriteFailureFailsTheRecording() throws {
    let encoder = FrameEncoder(
      width: 48, height: 36, fps: 30, directory: "/nonexistent-scrollwork-folder/x", name: "scene", marks: [1],
      everyFrame: false)
    for (i, image) in frames().enumerated() { encoder.add(image, frame: i, time: Double(i) / 30) }
    #expect(throws: EncodeError.self) { _ = try encoder.finish() }
  }
}
