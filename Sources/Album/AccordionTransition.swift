import LayoutCore

/// What the filmstrip's unfolded cells are doing: a blend from the set they
/// had when it started (`from`) towards a goal, linear in time.
///
/// Every change starts from the set the strip shows at that moment, so an
/// interrupted fold or unfold continues from where it was instead of
/// jumping to 0 or 1 (the seed restarted its progress).
struct AccordionTransition: Hashable, Sendable {
  enum Goal: Hashable, Sendable {
    /// Nothing moves: the strip shows `from`.
    case hold
    /// Every cell folds.
    case fold
    /// One cell unfolds, every other folds, and the strip's offset brings
    /// the cell to the centre line.
    case unfold(Int)
    /// The strip blends into the pager's page and fraction.
    case follow
  }

  var from: [Unfold]
  var goal: Goal
  var start: Double
  var duration: Double
  /// For `.unfold`: how far the centre line was from the cell's centre at
  /// the start, in points; it shrinks to zero with the blend.
  var misalignment: Double = 0

  static let resting = AccordionTransition(from: [], goal: .hold, start: 0, duration: 0)

  /// The blend at `time`, from 0 (shows `from`) to 1 (shows the goal).
  func blend(at time: Double) -> Double {
    if case .hold = goal { return 0 }
    guard duration > 0 else { return 1 }
    return clamp((time - start) / duration, 0, 1)
  }

  /// The unfolded cells at blend `e`; `following` gives the pager's
  /// page-and-fraction set for `.follow`.
  func unfolded(blend e: Double, following: [Unfold]) -> [Unfold] {
    if case .hold = goal { return from }
    var result: [Unfold] = []
    result.reserveCapacity(from.count + 2)
    for u in from where e < 1 { result.append(Unfold(index: u.index, amount: u.amount * (1 - e))) }
    switch goal {
    case .hold, .fold: break
    case .unfold(let b): result.append(Unfold(index: b, amount: e))
    case .follow: for u in following { result.append(Unfold(index: u.index, amount: u.amount * e)) }
    }
    return result
  }

  /// Whether the transition has reached its goal at `time`.
  func isComplete(at time: Double) -> Bool {
    if case .hold = goal { return true }
    return blend(at: time) >= 1
  }
}
