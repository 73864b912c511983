/// Drives a transition's progress: a pure state machine stepped with time
/// values (seconds, any origin), for an animation, a gesture, or a gesture
/// that takes over an animation.
///
/// - Resting: the progress holds.
/// - Animating: from the progress it had when the animation began to a
///   target, along `curve`, over `duration × |target − start|` (so
///   finishing the last tenth takes a tenth of the time).
/// - Interactive: the gesture sets the progress (`interact(progress:)`).
///
/// Every change starts from `progress(at:)` at the time it happens, so the
/// progress never jumps: a release continues from where the finger left
/// it, a second pinch during the finish catches the progress where it is,
/// and a reversal turns around from the current value.
///
/// Bad input: non-finite times count as the last time the driver was
/// given (or 0); progress values are clamped into `[0, 1]`; a non-finite
/// or negative duration counts as 0 (the change is immediate).
public struct TransitionDriver: Hashable, Sendable {
  /// What moves the progress.
  public enum Phase: Hashable, Sendable {
    case resting
    case animating
    case interactive
  }

  /// What moves the progress now.
  public private(set) var phase: Phase
  /// The curve animations follow.
  public var curve: TimingCurve
  /// How long a whole 0 → 1 animation takes, in seconds.
  public var duration: Double
  /// The progress when resting or interacting, and where an animation
  /// began.
  public private(set) var startProgress: Double
  /// Where the running animation ends (the resting or interactive progress
  /// otherwise).
  public private(set) var targetProgress: Double
  /// When the running animation began.
  public private(set) var startTime: Double
  /// How long the running animation lasts.
  public private(set) var segmentDuration: Double

  /// A resting driver at `progress`.
  public init(progress: Double = 0, curve: TimingCurve = .easeInOut, duration: Double = 0.2) {
    let p = clamp(progress, 0, 1)
    phase = .resting
    self.curve = curve
    self.duration = duration.isFinite && duration > 0 ? duration : 0
    startProgress = p
    targetProgress = p
    startTime = 0
    segmentDuration = 0
  }

  /// The progress at `time`.
  ///
  /// - Complexity: O(1); pure.
  public func progress(at time: Double) -> Double {
    guard phase == .animating else { return startProgress }
    guard segmentDuration > 0, time.isFinite else { return time.isFinite ? targetProgress : startProgress }
    let t = (time - startTime) / segmentDuration
    if t >= 1 { return targetProgress }
    return clamp(lerp(startProgress, targetProgress, curve.value(at: t)), 0, 1)
  }

  /// Whether nothing moves the progress any more at `time`: resting, or an
  /// animation that has ended.
  public func isSettled(at time: Double) -> Bool {
    switch phase {
    case .resting: true
    case .interactive: false
    case .animating: time.isFinite && time >= startTime + segmentDuration
    }
  }

  /// Animates from the progress at `time` to `target` (clamped into
  /// `[0, 1]`).
  public mutating func animate(to target: Double, at time: Double) {
    let now = time.isFinite ? time : startTime
    let p = progress(at: now)
    let target = clamp(target, 0, 1)
    startProgress = p
    targetProgress = target
    startTime = now
    segmentDuration = duration * abs(target - p)
    phase = segmentDuration > 0 ? .animating : .resting
    if phase == .resting { startProgress = target }
  }

  /// A gesture takes over at `time`: the progress holds where it is (an
  /// animation stops there) until `interact(progress:)`. Returns that
  /// progress, the base a gesture adds its own movement to.
  @discardableResult public mutating func beginInteraction(at time: Double) -> Double {
    let p = progress(at: time.isFinite ? time : startTime)
    startProgress = p
    targetProgress = p
    segmentDuration = 0
    phase = .interactive
    return p
  }

  /// The gesture sets the progress (clamped into `[0, 1]`). Begins an
  /// interaction if none is running (the progress then jumps only if the
  /// caller asks it to).
  public mutating func interact(progress: Double) {
    let p = clamp(progress, 0, 1)
    startProgress = p
    targetProgress = p
    segmentDuration = 0
    phase = .interactive
  }

  /// How far ahead a release's velocity is projected to decide between
  /// finishing and cancelling, in seconds.
  public static let projectionTime = 0.1

  /// The gesture ends at `time` with the progress moving at `velocity` (per
  /// second): finishes (animates to 1) when `progress + velocity ×
  /// projectionTime ≥ 0.5`, cancels (animates to 0) otherwise, continuing
  /// from the current progress. Returns the target. A non-finite velocity
  /// counts as 0.
  @discardableResult public mutating func endInteraction(velocity: Double, at time: Double) -> Double {
    let p = progress(at: time)
    let projected = p + velocity.finiteOr(0) * Self.projectionTime
    let target: Double = projected >= 0.5 ? 1 : 0
    animate(to: target, at: time)
    return target
  }
}

/// Maps a pinch's scale to a transition's progress, linearly: scale 1 is
/// the gesture's base progress, `targetScale` one full transition further
/// (for columns `c₀ → c₁`, `targetScale = c₀ / c₁`: pinching in to 0.6
/// goes from 3 to 5 columns).
///
/// Bad input: a non-finite, non-positive or unit target scale makes every
/// scale map to the base (no progress); non-finite scales count as 1.
public struct PinchProgress: Hashable, Sendable {
  /// The scale at which the transition is complete.
  public var targetScale: Double

  public init(targetScale: Double) { self.targetScale = targetScale }

  /// From `from` columns to `to` columns: `targetScale = from / to`.
  public init(fromColumns from: Int, toColumns to: Int) {
    targetScale = from > 0 && to > 0 ? Double(from) / Double(to) : 1
  }

  var span: Double? {
    guard targetScale.isFinite, targetScale > 0, targetScale != 1 else { return nil }
    return targetScale - 1
  }

  /// From one grid mode to another: `from.effectiveColumns /
  /// to.effectiveColumns`.
  public init(from: PhotoGridLayout.Mode, to: PhotoGridLayout.Mode) {
    self.init(fromColumns: from.effectiveColumns, toColumns: to.effectiveColumns)
  }

  /// The progress at pinch `scale`, starting from `base` progress at scale
  /// 1, clamped into `[0, 1]`.
  public func progress(scale: Double, from base: Double = 0) -> Double {
    guard let span else { return clamp(base, 0, 1) }
    return clamp(base + (scale.finiteOr(1) - 1) / span, 0, 1)
  }

  /// The progress velocity (per second) for a scale velocity (per second).
  public func progressVelocity(scaleVelocity: Double) -> Double {
    guard let span else { return 0 }
    return scaleVelocity.finiteOr(0) / span
  }
}
