import LayoutCore
import ToolOutput

extension Inspector {
  /// The extra fields `inspect` prints for centred layouts: the item at the
  /// centre and the offset a release at rest would settle on.
  package static func centeredExtras(_ prepared: PreparedCenteredLayout, state: ScrollState) -> [(String, String)] {
    var state = state
    state.contentOffset = state.contentOffset.sanitized
    let centered = prepared.centeredItem(at: state).map { "[\($0.section),\($0.item)]" } ?? "null"
    let snap = prepared.targetContentOffset(proposed: state.contentOffset, velocity: .zero, at: state)
    return [("centered", centered), ("snapOffset", JSONWriter.array([snap.x, snap.y]))]
  }

  /// The extra fields `inspect looping` prints: whether it loops, its period,
  /// the item at the centre, the offset a release at rest settles on and the
  /// re-centred offset showing the same picture.
  package static func loopingExtras(_ prepared: PreparedLoopingCarouselLayout, state: ScrollState) -> [(String, String)]
  {
    var state = state
    state.contentOffset = state.contentOffset.sanitized
    let centered = prepared.centeredItem(at: state).map { "[\($0.section),\($0.item)]" } ?? "null"
    let snap = prepared.targetContentOffset(proposed: state.contentOffset, velocity: .zero, at: state)
    let recentered = prepared.recenteredOffset(state.contentOffset)
    return [
      ("looping", prepared.isLooping ? "true" : "false"), ("minimumLoopingCount", String(prepared.minimumLoopingCount)),
      ("period", JSONWriter.number(prepared.period)), ("centered", centered),
      ("snapOffset", JSONWriter.array([snap.x, snap.y])),
      ("recenteredOffset", JSONWriter.array([recentered.x, recentered.y])),
    ]
  }
}
