#if canImport(Glibc)
  import Glibc
#endif

/// Seconds on a monotonic clock (never jumps with the wall clock).
public func monotonicSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Sleeps until monotonic time `deadline` (seconds); returns at once when
/// it has passed or is not finite.
public func sleep(untilMonotonic deadline: Double) {
  let remaining = deadline - monotonicSeconds()
  guard remaining.isFinite, remaining > 0 else { return }
  guard remaining < 3600 else { return }
  var request = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
  var left = timespec()
  while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
}

/// Frame deadlines at a fixed rate: each frame is due one period after the
/// last; a frame that overruns skips the deadlines it missed (those count
/// as dropped) instead of rushing to catch up.
///
/// A pure value: the caller passes the clock's readings in.
public struct FramePacer: Sendable, Equatable {
  /// Seconds per frame (1/120 for 120 Hz).
  public let period: Double
  /// When the next frame is due (seconds, the caller's clock).
  public private(set) var deadline: Double
  /// Deadlines missed so far.
  public private(set) var dropped = 0

  /// A pacer at `rate` frames per second (clamped to 1...1000; not finite
  /// → 120) whose first frame is due at `start`.
  public init(rate: Double = 120, start: Double) {
    let r = rate.isFinite ? Swift.min(1000, Swift.max(1, rate)) : 120
    period = 1 / r
    deadline = start.isFinite ? start : 0
  }

  /// The frame due at `deadline` finished at `now`: moves to the next
  /// deadline after `now` and returns it. Every whole period `now` is past
  /// the next deadline counts as one dropped frame. A non-finite `now`
  /// changes nothing.
  ///
  /// - Complexity: O(1).
  @discardableResult
  public mutating func frameDone(at now: Double) -> Double {
    guard now.isFinite else { return deadline }
    let next = deadline + period
    if now > next {
      let missed = ((now - next) / period).rounded(.down)
      let skip = missed < 1e9 ? Int(missed) + 1 : 1_000_000_000
      dropped += skip
      deadline = next + Double(skip) * period
    } else {
      deadline = next
    }
    return deadline
  }
}

/// Frame times collected by the viewer: median, 99th percentile, dropped
/// frames.
public struct FrameStats: Sendable, Equatable {
  /// Each frame's work time in milliseconds, in order.
  public private(set) var samples: [Double] = []
  /// Frames dropped (deadlines missed).
  public var dropped = 0
  /// The names of the phases recorded with each frame, in order.
  public private(set) var phaseNames: [String] = []
  /// Each phase's times in milliseconds, one list per name in
  /// `phaseNames`.
  public private(set) var phaseSamples: [[Double]] = []

  public init() {}

  /// Records one frame's work time and the parts it was spent in
  /// (milliseconds; a phase's first use adds it). Non-finite or negative
  /// values are ignored, each on its own.
  ///
  /// - Complexity: O(phases) amortised.
  public mutating func record(milliseconds: Double, phases: [(name: String, milliseconds: Double)]) {
    record(milliseconds: milliseconds)
    for (name, value) in phases where value.isFinite && value >= 0 {
      if let i = phaseNames.firstIndex(of: name) {
        phaseSamples[i].append(value)
      } else {
        phaseNames.append(name)
        phaseSamples.append([value])
      }
    }
  }

  /// Records one frame's work time (milliseconds). Non-finite or negative
  /// values are ignored.
  ///
  /// - Complexity: amortised O(1).
  public mutating func record(milliseconds: Double) {
    guard milliseconds.isFinite, milliseconds >= 0 else { return }
    samples.append(milliseconds)
  }

  /// The `p`-th percentile (nearest rank; `p` clamped to 0...100), or 0
  /// with no samples.
  ///
  /// - Complexity: O(n log n).
  public func percentile(_ p: Double) -> Double { Self.percentile(p, of: samples) }

  /// The `p`-th percentile of `values` (nearest rank), or 0 when empty.
  static func percentile(_ p: Double, of values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let q = p.isFinite ? Swift.min(100, Swift.max(0, p)) : 50
    let rank = Int((q / 100 * Double(sorted.count)).rounded(.up))
    return sorted[Swift.min(sorted.count - 1, Swift.max(0, rank - 1))]
  }

  public var median: Double { percentile(50) }
  public var p99: Double { percentile(99) }

  /// One line: each phase's median and p99, in the order first recorded
  /// (`phases: draw 3.10/4.20 ms, show 1.00/1.50 ms (median/p99)`), or
  /// an empty string when no phase was recorded.
  public var phaseSummary: String {
    guard !phaseNames.isEmpty else { return "" }
    let parts = zip(phaseNames, phaseSamples).map { name, values in
      "\(name) \(Self.ms(Self.percentile(50, of: values), unit: false))/\(Self.ms(Self.percentile(99, of: values)))"
    }
    return "phases: " + parts.joined(separator: ", ") + " (median/p99)"
  }

  /// Milliseconds with two decimals (values too large for `Int` print as
  /// they are).
  static func ms(_ v: Double, unit: Bool = true) -> String {
    guard v.isFinite, abs(v) < 1e15 else { return "\(v)" + (unit ? " ms" : "") }
    let hundredths = Int((v * 100).rounded())
    let frac = hundredths % 100
    return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)" + (unit ? " ms" : "")
  }

  /// One line: frames, median, p99, dropped, against `budget` ms.
  public func summary(budget: Double) -> String {
    let ms = { (v: Double) in Self.ms(v) }
    return "frames \(samples.count), median \(ms(median)), p99 \(ms(p99)), dropped \(dropped) "
      + "(budget \(ms(budget)))"
  }
}
