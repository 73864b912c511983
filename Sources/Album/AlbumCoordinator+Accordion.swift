import LayoutCore
import ScrollPhysics

/// The accordion's rules, applied as an explicit step of every update:
///
/// - while the strip leads, its drag start (`willBeginDragging`) folds every
///   unfolded thumbnail from where it is (`fold()`);
/// - while the strip leads, its coming to rest (`didEndDragging` without
///   deceleration, `didEndDecelerating`, `didEndScrollingAnimation`; a tap
///   and a `jump` call `settle()` directly) unfolds the thumbnail under the
///   centre line and brings it to the centre (`settle()`);
/// - touching a surface makes it the leader (`lead(_:)`), blending from
///   what the strip shows so nothing moves at the switch.
extension AlbumCoordinator {
  /// Moves the surfaces' events into the album's queue (for
  /// `drainEvents()`) and returns the strip's in `scratchEvents`; changes
  /// nothing else. Swaps buffers rather than copying: no allocation per
  /// frame.
  mutating func collectEvents() {
    pagerSurface.consumeEvents { events.append((.pager, $0)) }
    stripSurface.takeEvents(into: &scratchEvents)
    for event in scratchEvents { events.append((.strip, event)) }
  }

  /// The rule for one of the strip's events: what the accordion does.
  enum StripEventRule: Equatable {
    case none
    case fold
    case settle
  }

  /// What a strip event asks of the accordion while `leader` leads.
  static func rule(for event: ScrollEvent, leader: Role) -> StripEventRule {
    guard leader == .strip else { return .none }
    switch event {
    case .willBeginDragging: return .fold
    case .didEndDragging(willDecelerate: false), .didEndDecelerating, .didEndScrollingAnimation: return .settle
    default: return .none
    }
  }

  /// Collects the surfaces' events, then applies the accordion's rules to
  /// the strip's, in order: the fold/settle step of `update()`.
  mutating func applyAccordionRules() {
    collectEvents()
    var stripEvents: [ScrollEvent] = []
    swap(&stripEvents, &scratchEvents)
    for event in stripEvents {
      switch Self.rule(for: event, leader: leader) {
      case .none: break
      case .fold: fold()
      case .settle: settle()
      }
    }
    swap(&stripEvents, &scratchEvents)
  }

  /// The strip's unfolded cells as shown now.
  var shownUnfolded: [Unfold] { stripState.unfolded }

  /// Starts folding every unfolded cell from where it is.
  mutating func fold() {
    let from = shownUnfolded
    guard let widest = from.max(by: { $0.amount < $1.amount }) else {
      transition = AccordionTransition(from: [], goal: .hold, start: time, duration: 0)
      return
    }
    let duration = configuration.timing.duration(width: strip.unfoldedWidth(widest.index)) * widest.amount
    transition = AccordionTransition(from: from, goal: .fold, start: time, duration: duration)
  }

  /// The strip came to rest: the thumbnail under the centre line unfolds
  /// and moves to the centre, from whatever the strip shows now.
  mutating func settle() {
    let centre = stripSurface.contentOffset.x + stripHalfWidth
    guard let b = strip.thumbnail(atContentX: centre, at: stripState) else { return }
    if case .unfold(let current) = transition.goal, current == b, !transition.isComplete(at: time) { return }
    let from = shownUnfolded
    let misalignment = centre - strip.center(ofThumbnail: b, at: stripState)
    let own = from.first { $0.index == b }?.amount ?? 0
    let others = from.filter { $0.index != b }.map(\.amount).max() ?? 0
    let width = strip.unfoldedWidth(b)
    let share = clamp(Swift.max(1 - own, others, abs(misalignment) / width), 0, 1)
    transition = AccordionTransition(
      from: from, goal: .unfold(b), start: time, duration: configuration.timing.duration(width: width) * share,
      misalignment: misalignment)
  }

  /// Makes `role` the leader; a switch blends from what the strip shows.
  mutating func lead(_ role: Role) {
    guard role != leader else { return }
    let from = shownUnfolded
    leader = role
    switch role {
    case .strip:
      transition = AccordionTransition(from: from, goal: .hold, start: time, duration: 0)
    case .pager:
      let target = followingSet(position(pagerOffset: pagerSurface.contentOffset.x))
      var distance = 0.0
      var width = configuration.strip.normalWidth
      for u in from + target {
        let a = from.first { $0.index == u.index }?.amount ?? 0
        let b = target.first { $0.index == u.index }?.amount ?? 0
        distance = Swift.max(distance, abs(a - b))
        width = Swift.max(width, strip.unfoldedWidth(u.index))
      }
      transition = AccordionTransition(
        from: from, goal: .follow, start: time,
        duration: configuration.timing.duration(width: width) * clamp(distance, 0, 1))
    }
  }
}
