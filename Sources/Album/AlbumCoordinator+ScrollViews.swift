import LayoutCore
import ScrollPhysics

/// What a host app with two real scroll views applies after each call of
/// the scroll-view API: where each scroll view should be, and the strip's
/// state, content size and insets (its layout's answers at that state).
public struct AlbumLinkOutput: Hashable, Sendable {
  /// The pager's content offset.
  public var pagerOffset: Point
  /// The strip's content offset.
  public var stripOffset: Point
  /// The strip's state: its offset and unfolded thumbnails, for its layout.
  public var stripState: FilmstripState
  /// The strip's content size at that state.
  public var stripContentSize: Size
  /// The strip's content insets at that state.
  public var stripContentInset: EdgeInsets
  /// The scroll view the user touched last.
  public var leader: AlbumCoordinator.Role
  /// The accordion's phase.
  public var accordion: AccordionPhase
}

/// The album driven by two real scroll views (two `UICollectionView`s):
/// the host app reports each scroll view's delegate calls and offsets, and
/// applies the offsets and the strip's state the album answers. No scroll
/// physics runs here: the scroll views move themselves; the album only
/// keeps the follower in sync and runs the accordion (fold when the strip
/// is dragged, unfold and centre the thumbnail under the centre line when
/// it comes to rest), frame by frame from `tick(at:)`.
///
/// The surfaces inside the coordinator follow the reported offsets and
/// never move on their own. Times are seconds, non-decreasing (earlier or
/// non-finite times count as the latest seen); offsets that are not finite
/// are ignored. `AlbumScrollViewTests` replays a simulated album's offsets
/// and events through this API and gets the same frames.
extension AlbumCoordinator {
  /// The scroll view `role` reports a new content offset (x only:
  /// `scrollViewDidScroll`). The leader's offset moves the follower; the
  /// follower's report of the offset the album gave it is an echo and
  /// changes nothing; any other change of the follower's offset makes it
  /// the leader.
  public mutating func scrollViewDidScroll(_ role: Role, offset x: Double, at time: Double) -> AlbumLinkOutput {
    accept(time)
    guard x.isFinite else { return linkOutput() }
    if role != leader {
      let current = role == .pager ? pagerSurface.contentOffset.x : stripSurface.contentOffset.x
      if abs(current - x) <= 1e-9 { return linkOutput() }
      lead(role)
    }
    if role == .pager {
      pagerSurface.setContentOffset(Point(x: x, y: 0), at: self.time)
    } else {
      stripSurface.setContentOffset(Point(x: x, y: 0), at: self.time)
    }
    update()
    return linkOutput()
  }

  /// A finger touches `role` (the scroll view's pan gesture recognizer
  /// began, or a touch-down recognizer fired): it leads from now, as the
  /// simulated album's `touchDown` makes it. Optional: without it the
  /// scroll view leads from `scrollViewWillBeginDragging`.
  public mutating func scrollViewDidTouchDown(_ role: Role, at time: Double) -> AlbumLinkOutput {
    accept(time)
    lead(role)
    update()
    return linkOutput()
  }

  /// The user starts dragging `role` (`scrollViewWillBeginDragging`): it
  /// leads; on the strip, the unfolded thumbnails start folding.
  public mutating func scrollViewWillBeginDragging(_ role: Role, at time: Double) -> AlbumLinkOutput {
    accept(time)
    lead(role)
    if role == .strip { fold() }
    update()
    return linkOutput()
  }

  /// The user lifts the finger (`scrollViewDidEndDragging`); without
  /// deceleration the strip is at rest and unfolds.
  public mutating func scrollViewDidEndDragging(_ role: Role, willDecelerate: Bool, at time: Double) -> AlbumLinkOutput
  {
    accept(time)
    if !willDecelerate { cameToRest(role) }
    update()
    return linkOutput()
  }

  /// The scroll view stopped decelerating (`scrollViewDidEndDecelerating`)
  /// or ended an animated offset change
  /// (`scrollViewDidEndScrollingAnimation`): the strip is at rest and
  /// unfolds.
  public mutating func scrollViewDidEndScrolling(_ role: Role, at time: Double) -> AlbumLinkOutput {
    accept(time)
    cameToRest(role)
    update()
    return linkOutput()
  }

  /// A display-link tick: the accordion animates to `time`.
  public mutating func tick(at time: Double) -> AlbumLinkOutput {
    accept(time)
    update()
    return linkOutput()
  }

  /// The current answer, without changing anything.
  public func linkOutput() -> AlbumLinkOutput {
    let frame = frame(attributes: false)
    return AlbumLinkOutput(
      pagerOffset: pagerSurface.contentOffset, stripOffset: stripSurface.contentOffset, stripState: frame.stripState,
      stripContentSize: strip.contentSize(at: frame.stripState),
      stripContentInset: strip.contentInset(at: frame.stripState),
      leader: leader, accordion: frame.accordion)
  }

  mutating func cameToRest(_ role: Role) {
    if role == .strip && leader == .strip { settle() }
  }
}
