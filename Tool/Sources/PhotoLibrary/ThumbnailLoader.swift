import CRasterShim
import Foundation
import Raster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes photos at the size they are drawn, on background threads, so
/// the frame loop never decodes: it asks for what it is missing, draws a
/// placeholder meanwhile, and takes what is ready at the start of a frame.
///
/// ```swift
/// let loader = ThumbnailLoader(store: store)
/// painter.requestImage = { loader.request($0) }
/// // each frame:
/// loader.nextFrame()
/// let delivered = loader.deliver(to: painter)
/// ```
///
/// Requests are served newest first (what is on screen now before what
/// was asked for earlier), and a request not renewed in the last two
/// frames is cancelled before it is decoded (it scrolled away). Each
/// decode reads the on-disk `ThumbnailStore` first and fills it after.
/// Workers run at a lower scheduling priority than the frame loop.
///
/// Thread-safe. The workers run until `stop()`.
public final class ThumbnailLoader: @unchecked Sendable {
  /// One decoded (or failed) request.
  public struct Done: Sendable {
    public var photo: Photo
    public var level: Int
    public var result: Result<RGBAImage, DecodeError>
    /// The image's average colour (`RGBAImage.averageColor`), worked out
    /// on the worker; `nil` for a failure.
    public var averageColor: UInt32?
    /// The photo resampled as the request's tile asked
    /// (`ElementPainter.makeTile`), worked out on the worker; `nil` when
    /// none was asked for or the decode failed.
    public var tile: (request: ElementPainter.TileRequest, image: RGBAImage)?
  }

  struct Key: Hashable {
    var source: Photo.Source
    var level: Int
  }

  struct Job {
    var photo: Photo
    var level: Int
    var size: PixelSize
    var tile: ElementPainter.TileRequest?
    var stamp: Int
  }

  public let decoder: ImageDecoder
  public let store: ThumbnailStore?
  private let condition = NSCondition()
  private var pending: [Key: Job] = [:]
  private var order: [Key] = []
  private var inFlight: Set<Key> = []
  private var ready: [Done] = []
  private var stale: [Key] = []
  private var frame = 0
  private var stopping = false
  private var running = 0
  private var counts = (decoded: 0, cancelled: 0, storeHits: 0)
  /// Decodes running now, and how many may run at once (`workers`, or
  /// `scrollingWorkers` while the user scrolls).
  private var decoding = 0
  private var activeLimit: Int
  private let workerCount: Int

  /// Requests decoded (read from the store or the file), requests
  /// cancelled before their decode, and decodes the on-disk store answered.
  public var statistics: (decoded: Int, cancelled: Int, storeHits: Int) {
    condition.lock()
    defer { condition.unlock() }
    return counts
  }

  /// Makes a worker's own sample renderer (a FreeType face is not shared
  /// between threads); `nil`: sample photos are not taken.
  public let samples: (@Sendable () -> SampleRenderer)?

  /// - Parameters:
  ///   - workers: decoding threads (default: one per core; 1…16).
  ///   - samples: makes a sample renderer for each worker, so that the
  ///     built-in sample album is drawn off the frame too; `nil` takes
  ///     file photos only.
  public init(
    decoder: ImageDecoder = ImageDecoder(), store: ThumbnailStore?,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount, samples: (@Sendable () -> SampleRenderer)? = nil
  ) {
    self.decoder = decoder
    self.store = store
    self.samples = samples
    workerCount = Swift.min(16, Swift.max(1, workers))
    activeLimit = workerCount
    for _ in 0..<workerCount {
      running += 1
      let thread = Thread { [self] in work() }
      thread.name = "thumbnails"
      thread.start()
    }
  }

  /// Asks for what the painter's `requestImage` asks: a level of a photo
  /// and maybe its tile (see `request(_:level:size:tile:)`).
  @discardableResult
  public func request(_ request: ElementPainter.ImageRequest) -> Bool {
    self.request(request.photo, level: request.level, size: request.size, tile: request.tile)
  }

  /// Asks for level `level` (pixel size `size`) of a file photo (or of a
  /// sample photo, given `samples`), and for the photo resampled as `tile`
  /// asks; a repeat of a pending request renews it (it is not cancelled
  /// this frame) and takes its tile.
  ///
  /// - Returns: whether the loader takes the photo: `false` for a source
  ///   it does not decode (the caller decodes it itself).
  /// - Complexity: O(1) amortised.
  @discardableResult
  public func request(
    _ photo: Photo, level: Int, size: PixelSize, tile: ElementPainter.TileRequest? = nil
  ) -> Bool {
    switch photo.source {
    case .file: break
    case .sample: if samples == nil { return false }
    }
    let key = Key(source: photo.source, level: level)
    condition.lock()
    defer { condition.unlock() }
    if var job = pending[key] {
      if job.stamp != frame || (tile != nil && job.tile != tile) {
        if job.stamp != frame { order.append(key) }  // newest first: served again from the top
        job.stamp = frame
        if let tile { job.tile = tile }
        pending[key] = job
      }
      return true
    }
    guard !inFlight.contains(key) else { return true }
    pending[key] = Job(photo: photo, level: level, size: size, tile: tile, stamp: frame)
    order.append(key)
    condition.signal()
    return true
  }

  /// Starts a frame: requests not renewed during the previous frame are
  /// cancelled.
  ///
  /// - Complexity: O(pending requests).
  public func nextFrame() {
    condition.lock()
    defer { condition.unlock() }
    frame += 1
    let oldest = frame - 2
    // Into a kept buffer: nothing is allocated on a frame with nothing to cancel.
    stale.removeAll(keepingCapacity: true)
    for (key, job) in pending where job.stamp < oldest { stale.append(key) }
    for key in stale { pending[key] = nil }
    counts.cancelled += stale.count
    if order.count > 4 * Swift.max(16, pending.count) { order = order.filter { pending[$0] != nil } }
  }

  /// Decoders allowed to run at once while the user scrolls: half the
  /// workers, at least one (on two cores, one decoder: the other core is
  /// the frame's).
  public var scrollingWorkers: Int { Swift.max(1, workerCount / 2) }

  /// Tells the loader whether the user is scrolling: while scrolling, at
  /// most `scrollingWorkers` decodes start (running ones finish); all the
  /// workers resume when it stops.
  ///
  /// - Complexity: O(1).
  public func setScrolling(_ scrolling: Bool) {
    condition.lock()
    defer { condition.unlock() }
    let limit = scrolling ? scrollingWorkers : workerCount
    guard limit != activeLimit else { return }
    activeLimit = limit
    if !scrolling { condition.broadcast() }
  }

  /// What has been decoded since the last call, in the order it finished;
  /// at most `limit` (the oldest first, the rest kept for the next call).
  /// A negative or zero `limit` takes nothing.
  public func takeReady(limit: Int = .max) -> [Done] {
    condition.lock()
    defer { condition.unlock() }
    // An empty answer shares the empty array: a frame with nothing ready allocates nothing.
    guard !ready.isEmpty, limit > 0 else { return [] }
    if ready.count <= limit {
      let done = ready
      ready = []
      return done
    }
    let done = Array(ready.prefix(limit))
    ready.removeFirst(limit)
    return done
  }

  /// Finished decodes not yet taken.
  public var readyCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return ready.count
  }

  /// Moves what is ready into `cache` (images as their level, failures
  /// remembered); returns the requests it delivered.
  ///
  /// - Complexity: O(delivered), plus the cache's evictions.
  @discardableResult
  public func deliver(into cache: ImageCache, limit: Int = .max) -> [Done] {
    let done = takeReady(limit: limit)
    for item in done {
      switch item.result {
      case .success(let image): cache.insert(image, for: item.photo, level: item.level)
      case .failure(let error): cache.recordFailure(error, for: item.photo)
      }
    }
    return done
  }

  /// Delivers what is ready to `painter`: images into its cache (and
  /// failures), tiles into its resampled photos.
  ///
  /// - Parameter limit: at most this many (the oldest first; the rest
  ///   wait for the next call): the viewer's per-frame budget.
  /// - Returns: what was delivered.
  public func deliver(to painter: ElementPainter, limit: Int = .max) -> [Done] {
    let done = deliver(into: painter.cache, limit: limit)
    for item in done {
      if let tile = item.tile, let image = try? item.result.get() {
        painter.insertTile(tile.image, of: item.photo, source: image.size, for: tile.request)
      }
    }
    return done
  }

  /// Requests waiting or being decoded.
  public var pendingCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return pending.count + inFlight.count
  }

  /// Blocks until every request is decoded or cancelled (for `render`,
  /// which draws each frame complete, and for tests).
  public func waitUntilIdle() {
    condition.lock()
    defer { condition.unlock() }
    while !pending.isEmpty || !inFlight.isEmpty { condition.wait() }
  }

  /// Stops the workers after their current decode (pending requests are dropped).
  public func stop() {
    condition.lock()
    stopping = true
    pending.removeAll()
    order.removeAll()
    condition.broadcast()
    while running > 0 { condition.wait() }
    condition.unlock()
  }

  private func work() {
    // Below the frame loop: decoding must not take its core.
    _ = sw_lower_thread_priority(10)
    // And below it on the disk: a busy disk serves the frame's process first.
    _ = sw_lower_thread_io_priority()
    let renderer = samples?()
    condition.lock()
    while true {
      while !stopping, pending.isEmpty || decoding >= activeLimit { condition.wait() }
      if stopping { break }
      // The newest request still pending.
      var job: Job?
      while let key = order.popLast() {
        if let j = pending[key] {
          pending[key] = nil
          inFlight.insert(key)
          job = j
          break
        }
      }
      guard let job else { continue }
      decoding += 1
      condition.unlock()
      let (result, fromStore) = produce(job, samples: renderer)
      let image = try? result.get()
      let average = image?.averageColor
      let tile = job.tile.flatMap { request in
        image.map { (request, ElementPainter.makeTile($0, photoSize: job.photo.size, request, parallel: false)) }
      }
      condition.lock()
      decoding -= 1
      inFlight.remove(Key(source: job.photo.source, level: job.level))
      ready.append(Done(photo: job.photo, level: job.level, result: result, averageColor: average, tile: tile))
      counts.decoded += 1
      if fromStore { counts.storeHits += 1 }
      condition.broadcast()
    }
    running -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// Decodes one request: from the store when it has it, else from the
  /// file (then stored).
  func produce(_ job: Job, samples: SampleRenderer?) -> (Result<RGBAImage, DecodeError>, fromStore: Bool) {
    let path: String
    switch job.photo.source {
    case .file(let file): path = file
    case .sample(let sample):
      guard let samples else { return (.failure(.unreadable("no sample generator")), false) }
      return (.success(samples.render(sample, size: job.size)), false)
    }
    let name = store?.name(path: path, level: job.level)
    if let name, let image = store?.load(name) { return (.success(image), true) }
    do throws(DecodeError) {
      let image = try decoder.decode(file: path, atLeast: job.size)
      if let name { store?.save(image, name: name) }
      return (.success(image), false)
    } catch {
      return (.failure(error), false)
    }
  }
}
