/// Turns XInput 2 scroll valuators into wheel notches.
///
/// A device with smooth scrolling (a touchpad, a high-resolution wheel)
/// reports a running value per scroll axis; one notch of a classic wheel
/// is `increment` of it. The scroll is the change since the previous
/// reading of that axis, so the first reading after `reset` (the pointer
/// entered the window, the device changed) only sets the baseline.
///
/// A pure value; the window feeds it the readings.
public struct SmoothScroll: Sendable, Equatable {
  /// One scroll axis of one device.
  public struct Axis: Hashable, Sendable {
    public var device: Int
    /// The valuator's number on that device.
    public var number: Int
    public var vertical: Bool
    /// Valuator units per notch; its sign is the direction (negative on
    /// "natural scrolling" setups).
    public var increment: Double

    public init(device: Int, number: Int, vertical: Bool, increment: Double) {
      self.device = device
      self.number = number
      self.vertical = vertical
      self.increment = increment
    }
  }

  /// Readings further than this many notches from the previous one are a
  /// new baseline (a driver that reset or wrapped its counter), not a
  /// scroll.
  public static let maximumNotches = 1000.0

  /// The axes scrolled through; an axis whose increment is zero or not
  /// finite is never used.
  public private(set) var axes: [Axis]
  private var last: [Int: Double] = [:]

  public init(axes: [Axis] = []) {
    self.axes = axes.filter { $0.increment.isFinite && $0.increment != 0 }
  }

  /// Forgets every baseline (the next reading of each axis scrolls
  /// nothing).
  public mutating func reset() { last.removeAll(keepingCapacity: true) }

  /// Replaces the axes (a device changed) and forgets the baselines.
  public mutating func replaceAxes(_ axes: [Axis]) {
    self = SmoothScroll(axes: axes)
  }

  /// Whether `device` has a scroll axis.
  public func scrolls(_ device: Int) -> Bool { axes.contains { $0.device == device } }

  /// The scroll, in notches (`dx` > 0 right, `dy` > 0 down, as buttons 7
  /// and 5), of a reading of `device`'s valuators: `value(number)` is the
  /// valuator's value, or `nil` when this event does not carry it.
  /// Non-finite values are ignored.
  ///
  /// - Complexity: O(axes).
  public mutating func notches(device: Int, value: (Int) -> Double?) -> (dx: Double, dy: Double) {
    var dx = 0.0
    var dy = 0.0
    for (i, axis) in axes.enumerated() where axis.device == device {
      guard let v = value(axis.number), v.isFinite else { continue }
      defer { last[i] = v }
      guard let previous = last[i] else { continue }
      let n = (v - previous) / axis.increment
      guard n.isFinite, abs(n) <= Self.maximumNotches else { continue }
      if axis.vertical { dy += n } else { dx += n }
    }
    return (dx, dy)
  }
}
