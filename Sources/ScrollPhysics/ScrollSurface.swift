import LayoutCore

/// The settings of a scroll surface (the parts of `UIScrollView` that shape
/// its motion).
public struct ScrollConfiguration: Hashable, Sendable {
  /// How quickly a fling slows.
  public var decelerationRate: DecelerationRate
  /// Whether releases land on multiples of the viewport size.
  public var isPagingEnabled: Bool
  /// Whether the content may be pulled past its edges (rubber-banding).
  public var bounces: Bool
  /// Bounce along x even when the content is not wider than the viewport.
  public var alwaysBounceHorizontal: Bool
  /// Bounce along y even when the content is not taller than the viewport.
  public var alwaysBounceVertical: Bool
  /// The spring's natural frequency (per second) for the bounce back.
  public var bounceStiffness: Double
  /// With paging, a release faster than this (points per second) moves to
  /// the next page in its direction even before half of it shows.
  public var pagingVelocityThreshold: Double
  /// The duration of an animated `setContentOffset`, in seconds.
  public var animationDuration: Double

  /// UIScrollView's defaults unless given. A non-positive or non-finite
  /// stiffness falls back to 14, a non-finite threshold to 300 pt/s, a
  /// negative or non-finite duration to 0.3 s.
  public init(
    decelerationRate: DecelerationRate = .normal, isPagingEnabled: Bool = false, bounces: Bool = true,
    alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false, bounceStiffness: Double = 14,
    pagingVelocityThreshold: Double = 300, animationDuration: Double = 0.3
  ) {
    self.decelerationRate = decelerationRate
    self.isPagingEnabled = isPagingEnabled
    self.bounces = bounces
    self.alwaysBounceHorizontal = alwaysBounceHorizontal
    self.alwaysBounceVertical = alwaysBounceVertical
    self.bounceStiffness = bounceStiffness.isFinite && bounceStiffness > 0 ? bounceStiffness : 14
    self.pagingVelocityThreshold = pagingVelocityThreshold.finiteOr(300)
    self.animationDuration = Swift.max(0, animationDuration.finiteOr(0.3))
  }
}

/// A scroll view's motion with `UIScrollView`'s semantics, driven by
/// injected time: drags, releases with a velocity estimated from the drag,
/// deceleration, paging, snapping through a layout's target offset,
/// rubber-banding past the edges and the spring back, animated offset
/// changes; delegate events queue in UIKit's order.
///
/// ```swift
/// var surface = ScrollSurface(viewportSize: Size(width: 390, height: 844),
///                             contentSize: Size(width: 390, height: 10_000))
/// surface.drag(translation: Point(x: 0, y: -300), at: 0.25)   // finger moves up 300 pt
/// surface.release(at: 0.25)
/// surface.advance(to: 2)
/// let events = surface.drainEvents()
/// ```
///
/// Times are seconds on any clock, as long as they do not run backwards: a
/// time before the last one, or a non-finite one, is clamped to the last
/// (documented clamp). Non-finite offsets and sizes are replaced by zero.
public struct ScrollSurface: Hashable, Sendable {
  /// Paging, deceleration rate, bounces and spring settings.
  public var configuration: ScrollConfiguration
  /// The visible size (the scroll view's bounds size).
  public private(set) var viewportSize: Size
  /// The scrollable content's size (a layout's `contentSize(at:)`).
  public private(set) var contentSize: Size
  /// Extra room around the content (a layout's `contentInset(at:)`).
  public private(set) var contentInset: EdgeInsets
  /// The point of the content at the viewport's top-left corner.
  public private(set) var contentOffset: Point
  /// The current velocity in points per second (of the content offset).
  public internal(set) var velocity: Point = .zero
  /// What the surface is doing: idle, dragging, decelerating or animating.
  public internal(set) var phase: ScrollPhase = .idle
  /// The finger's translation at its last drag sample (zero before any).
  public internal(set) var lastTranslation: Point = .zero
  /// The content offset when the current (or last) finger touched down.
  public internal(set) var dragStartOffset: Point = .zero
  /// The latest time the surface has seen.
  public private(set) var time: Double = 0

  var isTouching = false
  var dragOrigin: Point = .zero  // the un-banded offset where the finger's translation is zero
  var tracker = VelocityTracker()
  var motionX: AxisMotion?
  var motionY: AxisMotion?
  var events: [ScrollEvent] = []

  /// A surface at rest at `contentOffset`. Negative or non-finite sizes
  /// clamp to zero, non-finite insets to zero, non-finite offsets to zero.
  public init(
    viewportSize: Size, contentSize: Size, contentInset: EdgeInsets = .zero, contentOffset: Point = .zero,
    configuration: ScrollConfiguration = ScrollConfiguration()
  ) {
    self.configuration = configuration
    self.viewportSize = Self.sanitize(viewportSize)
    self.contentSize = Self.sanitize(contentSize)
    self.contentInset = contentInset.isFinite ? contentInset : .zero
    self.contentOffset = contentOffset.sanitized
  }

  static func sanitize(_ size: Size) -> Size {
    Size(width: Swift.max(0, size.width.finiteOr(0)), height: Swift.max(0, size.height.finiteOr(0)))
  }

  // MARK: Bounds

  /// The lowest resting offset: `−inset.leading` on each axis.
  public var minOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

  /// The highest resting offset: content + trailing inset − viewport, never
  /// below `minOffset`.
  public var maxOffset: Point {
    Point(
      x: Swift.max(-contentInset.left, contentSize.width + contentInset.right - viewportSize.width),
      y: Swift.max(-contentInset.top, contentSize.height + contentInset.bottom - viewportSize.height))
  }

  /// `offset` clamped into `minOffset...maxOffset`.
  public func clamped(_ offset: Point) -> Point {
    Point(x: clamp(offset.x, minOffset.x, maxOffset.x), y: clamp(offset.y, minOffset.y, maxOffset.y))
  }

  /// Whether the content moves along `axis` under a finger.
  public func scrolls(_ axis: Axis) -> Bool {
    let always = axis == .horizontal ? configuration.alwaysBounceHorizontal : configuration.alwaysBounceVertical
    return maxOffset[axis] > minOffset[axis] || (always && configuration.bounces)
  }

  /// Whether the offset is past an edge (rubber-banding or springing back).
  public var isOutOfBounds: Bool { clamped(contentOffset) != contentOffset }

  // MARK: Events

  /// Returns the queued delegate events and clears the queue.
  public mutating func drainEvents() -> [ScrollEvent] {
    defer { events.removeAll(keepingCapacity: true) }
    return events
  }

  /// Passes each queued delegate event to `body`, in order, then clears
  /// the queue, keeping its storage: unlike `drainEvents()`, a frame loop
  /// that calls this every frame does not allocate.
  public mutating func consumeEvents(_ body: (ScrollEvent) throws -> Void) rethrows {
    for event in events { try body(event) }
    events.removeAll(keepingCapacity: true)
  }

  /// Moves the queued delegate events into `buffer` (replacing what it
  /// held) and leaves the queue empty; both keep their storage, so a frame
  /// loop that swaps the same buffer in every frame does not allocate.
  public mutating func takeEvents(into buffer: inout [ScrollEvent]) {
    buffer.removeAll(keepingCapacity: true)
    swap(&buffer, &events)
  }

  /// The queued delegate events, without clearing them.
  public var pendingEvents: [ScrollEvent] { events }

  mutating func moveTo(_ offset: Point) {
    let offset = offset.sanitized
    if offset != contentOffset {
      contentOffset = offset
      events.append(.didScroll)
    }
  }

  mutating func accept(_ newTime: Double) -> Double {
    if newTime.isFinite && newTime > time { time = newTime }
    return time
  }

  // MARK: Geometry changes

  /// Changes the content size and insets (a layout's answer at a new
  /// state); the offset stays, as in UIKit, and motions keep their targets.
  public mutating func setContent(size: Size, inset: EdgeInsets) {
    // A finger held past an edge keeps the content where it shows it: the
    // drag's reference moves with the new edges.
    let before = isTouching ? unbanded(contentOffset) : .zero
    contentSize = Self.sanitize(size)
    contentInset = inset.isFinite ? inset : .zero
    if isTouching {
      let shift = unbanded(contentOffset) - before
      if shift.isFinite && shift != .zero {
        dragOrigin = dragOrigin + shift
        tracker.translate(by: shift)
      }
    }
  }

  /// Changes the viewport size (rotation); the offset stays.
  public mutating func setViewportSize(_ size: Size) { viewportSize = Self.sanitize(size) }

  /// Moves the content offset at once, as assigning `contentOffset` does:
  /// stops any motion (without an end event, as UIKit) unless a finger is
  /// down, in which case the drag continues from the new offset.
  public mutating func setContentOffset(_ offset: Point, at time: Double) {
    _ = accept(time)
    if isTouching {
      rebaseDrag(to: offset.sanitized)
    } else {
      motionX = nil
      motionY = nil
      if phase != .idle { phase = .idle }
      velocity = .zero
    }
    moveTo(offset)
  }

  /// Animates the content offset to `offset` (clamped into bounds, see
  /// `programmaticTarget(_:)`) over the configured duration with an
  /// ease-in-out curve; ends with `didEndScrollingAnimation`. Ignored while
  /// a finger is down.
  public mutating func setContentOffset(animated offset: Point, at time: Double) {
    let now = accept(time)
    guard !isTouching else { return }
    let target = programmaticTarget(offset)
    let duration = configuration.animationDuration
    motionX = .animation(from: contentOffset.x, to: target.x, start: now, duration: duration)
    motionY = .animation(from: contentOffset.y, to: target.y, start: now, duration: duration)
    phase = .animating
    if duration == 0 { advance(to: now) }
  }

  // MARK: Programmatic offsets

  /// Where a programmatic offset change (a script's `jump` or `scroll`)
  /// goes: one rule for both. Each coordinate is clamped into
  /// `minOffset...maxOffset`; a non-finite coordinate keeps the current
  /// offset's (also clamped). So `jump 1e300,1e300` and `scroll 1e300,1e300`
  /// both end at `maxOffset`, and no programmatic change leaves the surface
  /// past an edge or at a non-finite offset.
  ///
  /// - Complexity: O(1).
  public func programmaticTarget(_ offset: Point) -> Point {
    clamped(
      Point(
        x: offset.x.isFinite ? offset.x : contentOffset.x, y: offset.y.isFinite ? offset.y : contentOffset.y))
  }

  /// A programmatic offset change, animated (`scroll`) or not (`jump`),
  /// with the target from `programmaticTarget(_:)`. Unlike
  /// `setContentOffset(_:at:)`, which sets any finite offset (a follower
  /// surface mirrors a rubber band that way), this never leaves bounds.
  public mutating func setProgrammaticContentOffset(_ offset: Point, animated: Bool, at time: Double) {
    if animated {
      setContentOffset(animated: offset, at: time)
    } else {
      setContentOffset(programmaticTarget(offset), at: time)
    }
  }
}
