/// A photo grid that changes mode, zooms with a pinch and takes data
/// updates with animated transitions by identity, interruptible at any
/// time: the value a tool's `mode`, `pinch`, `insert` and `delete` verbs
/// drive. Pure: every method takes the time as a value.
///
/// ```swift
/// var animator = PhotoGridAnimator(grid: allPhotos, offset: Point(x: 0, y: 3000))
/// try animator.change(to: months, duration: 0.2, at: 0)          // mode months 0.2
/// animator.visibleAttributes(at: 0.1, into: &buffer)
/// animator.beginPinch(to: fiveColumns, at: 1, point: Point(x: 195, y: 400))
/// animator.pinchChanged(scale: 0.8, at: 1.1)
/// animator.pinchEnded(scaleVelocity: -1, at: 1.2)
/// ```
///
/// A change while a transition runs starts from what is on screen (the
/// running transition frozen at its current progress) and the mapping it
/// takes relates the current `grid` to the new one. Settled transitions are
/// dropped (`settle(at:)`, called by every change), so a chain only grows
/// while changes interrupt each other.
public struct PhotoGridAnimator: Sendable {
  /// A transition from whatever is on screen to a grid.
  public typealias Transition = LayoutTransition<AnyPreparedLayout, PreparedPhotoGridLayout>

  /// The grid shown at rest, or the one the running transition goes to.
  public private(set) var grid: PreparedPhotoGridLayout
  /// The running transition, if any.
  public private(set) var transition: Transition?
  /// Drives the running transition's progress.
  public private(set) var driver: TransitionDriver
  /// The content offset at rest (no transition).
  public private(set) var restingOffset: Point
  /// The grid the running transition started from, when it started from
  /// rest (a cancelled pinch returns to it).
  public private(set) var sourceGrid: PreparedPhotoGridLayout?
  /// The running pinch's mapping and base progress.
  public private(set) var pinch: PinchProgress?
  private var pinchBase = 0.0
  /// How many transitions the running one holds, itself included (each
  /// change that interrupts one starts from it, frozen); 0 at rest.
  public private(set) var chainDepth = 0

  /// The most transitions a chain holds. A change that would make it
  /// longer starts from the running transition's end, as if it had
  /// finished: every frame walks the chain, and a script of thousands of
  /// instant `insert`s (each interrupting the last) would otherwise make
  /// each frame and each change cost as many steps, and nest as deep on
  /// the stack.
  public static let maximumChainDepth = 8

  /// A grid at rest at `offset` (clamped into its bounds).
  public init(grid: PreparedPhotoGridLayout, offset: Point = .zero, curve: TimingCurve = .easeInOut) {
    self.grid = grid
    let bounds = grid.offsetBounds(at: ScrollState())
    let o = offset.sanitized
    restingOffset = Point(x: clamp(o.x, bounds.min.x, bounds.max.x), y: clamp(o.y, bounds.min.y, bounds.max.y))
    transition = nil
    driver = TransitionDriver(progress: 1, curve: curve)
  }

  /// The interpolation fraction at `time` (1 at rest).
  public func progress(at time: Double) -> Double { transition == nil ? 1 : driver.progress(at: time) }

  /// The presented content offset at `time`.
  public func contentOffset(at time: Double) -> Point {
    guard let transition else { return restingOffset }
    return transition.offset(at: driver.progress(at: time))
  }

  /// The viewport's rectangle at `time`, in presented coordinates.
  public func viewportRect(at time: Double) -> Rect {
    guard let transition else { return Rect(origin: restingOffset, size: grid.viewport.size) }
    return transition.viewportRect(at: driver.progress(at: time))
  }

  /// Appends what is visible at `time` (the grid at rest, or the running
  /// transition's visible set; see `LayoutTransition`).
  ///
  /// - Complexity: O(log n + k); allocates nothing once `result` has room.
  public func visibleAttributes(at time: Double, into result: inout [LayoutAttributes]) {
    guard let transition else {
      grid.attributes(in: Rect(origin: restingOffset, size: grid.viewport.size), at: ScrollState(), into: &result)
      return
    }
    transition.visibleAttributes(progress: driver.progress(at: time), into: &result)
  }

  /// Whether a transition is running or held by a gesture at `time`.
  public func isTransitioning(at time: Double) -> Bool { transition != nil && !driver.isSettled(at: time) }

  /// Drops a transition that has come to rest at `time`: at 1 the grid
  /// rests at the target offset; at 0 (cancelled) it returns to the source
  /// grid when the transition started from rest, and otherwise stays
  /// presented as it is.
  public mutating func settle(at time: Double) {
    guard let transition, driver.isSettled(at: time) else { return }
    let p = driver.progress(at: time)
    if p >= 1 {
      restingOffset = transition.targetOffset
      self.transition = nil
      sourceGrid = nil
      chainDepth = 0
    } else if p <= 0, let source = sourceGrid {
      grid = source
      restingOffset = transition.sourceOffset
      self.transition = nil
      sourceGrid = nil
      chainDepth = 0
    }
  }

  /// Scrolls at rest to `offset` (clamped); ignored while a transition runs.
  public mutating func scroll(to offset: Point, at time: Double) {
    settle(at: time)
    guard transition == nil else { return }
    let bounds = grid.offsetBounds(at: ScrollState())
    let o = offset.sanitized
    restingOffset = Point(x: clamp(o.x, bounds.min.x, bounds.max.x), y: clamp(o.y, bounds.min.y, bounds.max.y))
  }

  /// Starts a transition at `time` from what is on screen to `target`.
  mutating func start(
    to target: PreparedPhotoGridLayout, mapping: ElementMapping, at time: Double, anchoredAt point: Point?
  ) {
    settle(at: time)
    if let running = transition, chainDepth >= Self.maximumChainDepth {
      // The chain is as long as it may be: the running transition ends now.
      restingOffset = running.targetOffset
      transition = nil
      sourceGrid = nil
      chainDepth = 0
    }
    let from: AnyPreparedLayout
    let state: ScrollState
    chainDepth += 1
    if let running = transition {
      let frozen = running.presented(at: driver.progress(at: time))
      from = AnyPreparedLayout(frozen)
      state = frozen.presentedState
      sourceGrid = nil
    } else {
      from = AnyPreparedLayout(grid)
      state = ScrollState(contentOffset: restingOffset)
      sourceGrid = grid
    }
    transition = Transition(from: from, at: state, to: target, at: ScrollState(), mapping: mapping, anchoredAt: point)
    grid = target
    driver = TransitionDriver(progress: 0, curve: driver.curve, duration: driver.duration)
    pinch = nil
  }

  /// Animates to `target` (another mode of the same photos, or new data
  /// with `mapping: .dataChange(…)` from the current grid's snapshot) over
  /// `duration` seconds from `time`, anchored at `point` (the viewport's
  /// centre by default).
  public mutating func change(
    to target: PreparedPhotoGridLayout, mapping: ElementMapping = .sameIdentity, duration: Double, at time: Double,
    anchoredAt point: Point? = nil
  ) {
    start(to: target, mapping: mapping, at: time, anchoredAt: point)
    driver.duration = duration.isFinite && duration > 0 ? duration : 0
    driver.animate(to: 1, at: time)
  }

  /// A pinch begins at `time` at screen `point`, towards `target` (for
  /// columns `c₀ → c₁`, `PinchProgress(fromColumns: c₀, toColumns: c₁)` maps
  /// the scale). A pinch during a running transition to the same target
  /// catches it where it is; to another target it starts from what is on
  /// screen.
  public mutating func beginPinch(
    to target: PreparedPhotoGridLayout, progress mapping: PinchProgress, at time: Double, point: Point?,
    duration: Double = 0.25
  ) {
    settle(at: time)
    if transition != nil && target.layout == grid.layout && target.totalCount == grid.totalCount
      && !driver.isSettled(at: time)
    {
      pinchBase = driver.beginInteraction(at: time)
    } else {
      start(to: target, mapping: .sameIdentity, at: time, anchoredAt: point)
      pinchBase = driver.beginInteraction(at: time)
    }
    driver.duration = duration.isFinite && duration > 0 ? duration : 0
    pinch = mapping
  }

  /// The pinch's scale (1 where it began) at `time`.
  public mutating func pinchChanged(scale: Double, at time: Double) {
    guard let pinch else { return }
    driver.interact(progress: pinch.progress(scale: scale, from: pinchBase))
  }

  /// The pinch ends at `time` with the scale changing at `scaleVelocity`
  /// per second: finishes or cancels from the current progress. Returns the
  /// target progress (1 or 0).
  @discardableResult public mutating func pinchEnded(scaleVelocity: Double, at time: Double) -> Double {
    guard let pinch else { return progress(at: time) }
    self.pinch = nil
    return driver.endInteraction(velocity: pinch.progressVelocity(scaleVelocity: scaleVelocity), at: time)
  }
}
