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

  /// The unfolded cells at blend `e`, written into `result` (replacing
  /// what it held, keeping its storage: a frame loop that passes the same
  /// buffer back does not allocate). `following` is the pager's page and
  /// fraction for `.follow`. Cells with nothing unfolded are left out.
  func unfolded(blend e: Double, following: (index: Int, fraction: Double)?, into result: inout [Unfold]) {
    result.removeAll(keepingCapacity: true)
    func add(_ index: Int, _ amount: Double) {
      if amount > 0 { result.append(Unfold(index: index, amount: amount)) }
    }
    if case .hold = goal {
      for u in from { add(u.index, u.amount) }
      return
    }
    for u in from where e < 1 { add(u.index, u.amount * (1 - e)) }
    switch goal {
    case .hold, .fold: break
    case .unfold(let b): add(b, e)
    case .follow:
      if let (i, f) = following {
        add(i, (1 - f) * e)
        add(i + 1, f * e)
      }
    }
  }

  /// Whether the transition has reached its goal at `time`.
  func isComplete(at time: Double) -> Bool {
    if case .hold = goal { return true }
    return blend(at: time) >= 1
  }
}
