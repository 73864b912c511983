/// The animated settle of a waterfall's slack: every element moves once,
/// by identity, from where the layout before the settle shows it to where
/// the settled layout (`PreparedWaterfallLayout.settled()`) puts it, over
/// `duration` seconds along `curve`, while the scroll may go on.
///
/// The settled layout's offset `b` keeps the anchor's screen position (the
/// caller corrects the offset as for a measured size), so the anchor stays
/// still through the animation (the interpolation mixes screen positions:
/// `LayoutTransition`), and everything else slides to its new place.
///
/// Time comes in as a value; the same inputs give the same frames.
public struct WaterfallSettle: Sendable {
  /// The transition from the layout before the settle at its offset to the
  /// settled one at the anchored offset.
  public let transition: LayoutTransition<PreparedWaterfallLayout, PreparedWaterfallLayout>
  /// When the settle starts, in seconds (the caller's clock).
  public let startTime: Double
  /// How long it takes, in seconds.
  public let duration: Double
  /// The pacing of the movement.
  public let curve: TimingCurve

  /// The settle's default duration: 0.3 s, a short system animation.
  public static let defaultDuration = 0.3

  /// A settle from `from` shown at offset `a` to `to` (the settled layout)
  /// at offset `b`, starting at `startTime`. A non-finite or negative
  /// duration or start time is read as the default and 0 (documented
  /// clamp); a duration of 0 finishes at once.
  ///
  /// - Complexity: two visible-rect queries (`LayoutTransition`'s
  ///   candidates); allocates once.
  public init(
    from: PreparedWaterfallLayout, at a: Point, to: PreparedWaterfallLayout, at b: Point, startTime: Double,
    duration: Double = WaterfallSettle.defaultDuration, curve: TimingCurve = .easeInOut
  ) {
    transition = LayoutTransition(
      from: from, at: ScrollState(contentOffset: a), to: to, at: ScrollState(contentOffset: b))
    self.startTime = startTime.isFinite ? startTime : 0
    self.duration = duration.isFinite && duration >= 0 ? duration : Self.defaultDuration
    self.curve = curve
  }

  /// The progress at `time`: 0 before the start, 1 from `startTime +
  /// duration` on, the curve's value between.
  public func progress(at time: Double) -> Double {
    guard duration > 0 else { return 1 }
    let t = clamp(((time - startTime) / duration).finiteOr(1), 0, 1)
    return clamp(curve.value(at: t).finiteOr(t), 0, 1)
  }

  /// Whether the settle has finished at `time`.
  public func isFinished(at time: Double) -> Bool { time >= startTime + duration || duration <= 0 }

  /// Appends the elements on screen at `time` when the scroll has moved
  /// the settled layout's offset to `offset` (it started at the target
  /// offset `b`), with frames in the settled layout's content coordinates
  /// (what a scroller at `offset` draws).
  ///
  /// - Complexity: as `LayoutTransition.attributes(in:progress:into:)`.
  public func elements(at time: Double, offset: Point, into result: inout [LayoutAttributes]) {
    let p = progress(at: time)
    let o = transition.offset(at: p)
    let b = transition.targetOffset
    let d = Point(x: (offset.x - b.x).finiteOr(0), y: (offset.y - b.y).finiteOr(0))
    let first = result.count
    transition.attributes(in: Rect(origin: o + d, size: transition.to.viewport.size), progress: p, into: &result)
    let shift = b - o
    for k in first..<result.count {
      result[k].center = result[k].center + shift
    }
  }
}
