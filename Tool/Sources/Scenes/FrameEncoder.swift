import Foundation
import Raster

/// Runs jobs one at a time, in the order submitted, on a thread of its
/// own, while the caller goes on: a recording draws frame i + 1 while frame
/// i is compressed (zlib, most of a recording's time). At most `limit` jobs
/// wait; `submit` blocks past that, so memory stays bounded.
///
/// Jobs run in order on one thread, so what they share needs no lock; the
/// caller reads it after `finish()`.
package final class SerialWorker: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  private var closed = false
  private var stopped = false
  private let limit: Int

  package init(limit: Int = 3) {
    self.limit = Swift.max(1, limit)
    let thread = Thread { [self] in loop() }
    thread.name = "scrollwork.encoder"
    thread.start()
  }

  /// Queues `job`; waits while `limit` jobs are already waiting.
  package func submit(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    defer { condition.unlock() }
    while jobs.count >= limit && !stopped { condition.wait() }
    guard !closed else { return }
    jobs.append(job)
    condition.broadcast()
  }

  /// Waits until every job submitted has run, then ends the thread. Later
  /// submissions are dropped; calling it again does nothing.
  package func finish() {
    condition.lock()
    defer { condition.unlock() }
    closed = true
    condition.broadcast()
    while !stopped { condition.wait() }
  }

  private func loop() {
    condition.lock()
    while true {
      while jobs.isEmpty && !closed { condition.wait() }
      if jobs.isEmpty {
        stopped = true
        condition.broadcast()
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.broadcast()
      condition.unlock()
      job()
      condition.lock()
    }
  }
}

/// A recording's output written as frames come: the animated PNG (kept in
/// memory) and the key frames and single frames (written to files), on a
/// `SerialWorker`, in frame order, so the bytes are those of encoding each
/// frame as it is drawn.
package final class FrameEncoder: @unchecked Sendable {
  private let worker = SerialWorker()
  // Touched only by the worker's jobs until `finish()` returns.
  private var apng: APNGWriter
  private var keyFrames: [RecordedScene.KeyFrame] = []
  private var failure: (any Error)?
  private let delay: Double
  private let directory: String
  private let name: String
  private let marks: Set<Int>
  private let everyFrame: Bool

  /// Frames `marks` are key frames, written as `<directory>/key-NN.png`
  /// (named `<name>/key-NN.png` in the page); with `everyFrame`, every
  /// frame is also written as `frame-NNNN.png`.
  package init(width: Int, height: Int, fps: Double, directory: String, name: String, marks: Set<Int>, everyFrame: Bool)
  {
    apng = APNGWriter(width: width, height: height)
    delay = 1 / fps
    self.directory = directory
    self.name = name
    self.marks = marks
    self.everyFrame = everyFrame
  }

  deinit { worker.finish() }

  /// Queues frame `frame` (shown at `time`); after a failure nothing more
  /// is encoded, and `finish()` throws it.
  package func add(_ image: RGBAImage, frame: Int, time: Double) {
    worker.submit { [self] in encode(image, frame: frame, time: time) }
  }

  private func encode(_ image: RGBAImage, frame: Int, time: Double) {
    guard failure == nil else { return }
    do {
      try apng.add(image, delay: delay)
      let key = marks.contains(frame)
      guard key || everyFrame else { return }
      let still = try PNGEncoder.encode(image)
      if key {
        let file = String(format: "key-%02d.png", keyFrames.count + 1)
        try writeFile(still, to: directory + "/" + file)
        keyFrames.append(.init(path: name + "/" + file, time: time))
      }
      if everyFrame { try writeFile(still, to: directory + String(format: "/frame-%04d.png", frame)) }
    } catch {
      failure = error
    }
  }

  /// Waits for every frame queued, then gives the animation and the key
  /// frames written.
  ///
  /// - Throws: the first error an encoding or a write met.
  package func finish() throws -> (apng: APNGWriter, keyFrames: [RecordedScene.KeyFrame]) {
    worker.finish()
    if let failure { throw failure }
    return (apng, keyFrames)
  }
}
