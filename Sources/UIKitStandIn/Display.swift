#if !canImport(UIKit)
  import Foundation

  /// The stand-in's media clock, readable from any thread as
  /// `CACurrentMediaTime()` is.
  final class StandInClock: @unchecked Sendable {
    static let shared = StandInClock()
    private let lock = NSLock()
    private var time: Double = 0

    var now: Double {
      get { lock.withLock { time } }
      set { lock.withLock { time = newValue } }
    }
  }

  /// The current media time in seconds (QuartzCore's `CACurrentMediaTime()`):
  /// here the test-driven clock of ``StandInDisplay``, which starts at 0 and
  /// moves only when a test advances it.
  public func CACurrentMediaTime() -> Double { StandInClock.shared.now }

  /// A display link's preferred frame rates (QuartzCore's `CAFrameRateRange`).
  public struct CAFrameRateRange: Equatable, Hashable, Sendable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?

    /// A range from `minimum` to `maximum`, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float?) {
      self.minimum = minimum
      self.maximum = maximum
      self.preferred = preferred
    }

    /// The system's default range.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)
  }

  /// A timer synchronised to the display (QuartzCore's `CADisplayLink`).
  ///
  /// UIKit makes one with `init(target:selector:)`; selectors do not exist
  /// on Linux, so the stand-in takes a closure instead. A link fires when a
  /// test drives the display (``StandInDisplay/tick(to:)``,
  /// ``StandInDisplay/advance(by:)``) once it is added to a run loop and
  /// until it is invalidated.
  @MainActor
  public final class CADisplayLink {
    private let handler: @MainActor (CADisplayLink) -> Void
    /// The time of the frame last displayed (when the link last fired).
    public private(set) var timestamp: Double = 0
    /// The time of the frame that will be displayed next.
    public private(set) var targetTimestamp: Double = 0
    /// The time between frames.
    public private(set) var duration: Double = 0
    /// Whether the link skips firing.
    public var isPaused = false
    /// The rates the link prefers (recorded; the stand-in's display runs at
    /// the rate the test drives it).
    public var preferredFrameRateRange = CAFrameRateRange.default
    /// Whether the link was added to a run loop and not invalidated.
    public private(set) var isAdded = false

    /// A link that calls `handler` on every frame.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
      self.handler = handler
    }

    /// Starts the link firing (`add(to:forMode:)`).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
      guard !isAdded else { return }
      isAdded = true
      StandInDisplay.links.append(self)
    }

    /// Stops the link for good and releases it from the display.
    public func invalidate() {
      isAdded = false
      StandInDisplay.links.removeAll { $0 === self }
    }

    func fire(at time: Double, frameDuration: Double) {
      guard isAdded, !isPaused else { return }
      timestamp = time
      duration = frameDuration
      targetTimestamp = time + frameDuration
      handler(self)
    }
  }

  /// The test's control of time and of the display: moves the clock
  /// `CACurrentMediaTime()` reads and fires every added `CADisplayLink`,
  /// then lays out every collection view that needs it (UIKit's display
  /// cycle: animations and display links, then layout, then drawing).
  @MainActor
  public enum StandInDisplay {
    /// The links added and not invalidated, in the order they were added.
    static var links: [CADisplayLink] = []
    /// The views a display cycle lays out, unretained (a Swift `weak`
    /// reference would give each a side table, which slows every retain
    /// and release of it): each leaves the list when it goes.
    /// `nonisolated(unsafe)`: a view's `deinit`, not isolated, removes it.
    nonisolated(unsafe) static var collectionViews: [Unmanaged<UICollectionView>] = []

    /// The time between frames the drivers use (60 Hz).
    public static var frameDuration: Double = 1.0 / 60.0

    /// The current time (`CACurrentMediaTime()`).
    public static var now: Double { StandInClock.shared.now }

    /// How many display links are firing.
    public static var activeLinkCount: Int { links.count }

    /// Sets the clock to `time` (never backwards) and runs one frame.
    public static func tick(to time: Double) {
      StandInClock.shared.now = Swift.max(time, StandInClock.shared.now)
      for link in links { link.fire(at: StandInClock.shared.now, frameDuration: frameDuration) }
      layoutViews()
    }

    /// Advances the clock by `seconds` in frames of ``frameDuration``,
    /// running each frame.
    public static func advance(by seconds: Double) {
      let end = StandInClock.shared.now + seconds
      while StandInClock.shared.now + frameDuration < end + 1e-9 {
        tick(to: StandInClock.shared.now + frameDuration)
      }
      if StandInClock.shared.now < end { tick(to: end) }
    }

    /// Sets the clock without running a frame (for a test's set-up).
    public static func setTime(_ time: Double) { StandInClock.shared.now = time }

    /// Forgets every display link (between tests).
    public static func reset() {
      for link in links { link.invalidate() }
      links.removeAll()
    }

    static func register(_ view: UICollectionView) {
      collectionViews.append(Unmanaged.passUnretained(view))
    }

    /// Removes `view` from the views laid out (its `deinit`).
    nonisolated static func unregister(_ view: UICollectionView) {
      let id = Unmanaged.passUnretained(view).toOpaque()
      collectionViews.removeAll { $0.toOpaque() == id }
    }

    static func layoutViews() {
      // Held for the pass: a view's layout may release another view.
      let views = collectionViews.map { $0.takeUnretainedValue() }
      for view in views { view.layoutIfNeeded() }
    }
  }
#endif
