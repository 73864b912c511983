import LayoutCore
import ScrollPhysics

/// The album's gestures: each takes the surface (`Role`: the pager or the
/// strip) and the time, moves that surface and ends with the frame step
/// (`update()`).
extension AlbumCoordinator {
  mutating func accept(_ newTime: Double) {
    if newTime.isFinite && newTime > time { time = newTime }
  }

  /// A finger touches `role`'s surface, which becomes the leader; what it
  /// was doing stops.
  public mutating func touchDown(_ role: Role = .pager, at time: Double) {
    accept(time)
    advanceSurfaces()
    lead(role)
    if role == .pager { pagerSurface.touchDown(at: self.time) } else { stripSurface.touchDown(at: self.time) }
    update()
  }

  /// The finger on `role`'s surface has moved by `translation` since it
  /// touched down (only x counts); the first movement on the strip folds it.
  public mutating func drag(_ role: Role = .pager, translation: Point, at time: Double) {
    accept(time)
    lead(role)
    // Both strips scroll horizontally only.
    let horizontal = Point(x: translation.x, y: 0)
    if role == .pager {
      pagerSurface.drag(translation: horizontal, at: self.time)
    } else {
      stripSurface.drag(translation: horizontal, at: self.time)
    }
    update()
  }

  /// The finger on `role`'s surface lifts: the pager pages, the strip
  /// flings and, once at rest, unfolds the thumbnail under its centre line.
  public mutating func release(_ role: Role = .pager, at time: Double) {
    accept(time)
    if role == .pager {
      let pager = self.pager
      pagerSurface.release(at: self.time) { proposed, velocity in
        pager.targetContentOffset(proposed: proposed, velocity: velocity, at: ScrollState())
      }
    } else {
      stripSurface.release(at: self.time)
    }
    update()
    // A touch that lifts without scrolling (a tap, or a caught fling)
    // sends no end event: the strip is at rest all the same.
    if role == .strip && leader == .strip && stripSurface.phase == .idle { settle() }
    update()
  }

  /// Moves `role`'s offset (only x counts, clamped into the surface's
  /// bounds), animated or not; that surface becomes the leader. A strip
  /// moved without animation settles at once.
  public mutating func setContentOffset(_ role: Role = .pager, _ offset: Point, animated: Bool, at time: Double) {
    accept(time)
    advanceSurfaces()
    lead(role)
    // Offsets are clamped into bounds (an animated change clamps anyway):
    // past an edge, only a rubber band may take a surface, which keeps
    // either surface's overshoot within what the other can show.
    let point = Point(x: offset.x.finiteOr(0), y: 0)
    switch (role, animated) {
    case (.pager, true): pagerSurface.setContentOffset(animated: point, at: self.time)
    case (.pager, false): pagerSurface.setContentOffset(pagerSurface.clamped(point), at: self.time)
    case (.strip, true): stripSurface.setContentOffset(animated: point, at: self.time)
    case (.strip, false):
      stripSurface.setContentOffset(stripSurface.clamped(point), at: self.time)
      update()
      settle()
    }
    update()
  }

  mutating func advanceSurfaces() {
    pagerSurface.advance(to: time)
    stripSurface.advance(to: time)
  }

  /// Advances both surfaces and the accordion to `time` (seconds; earlier
  /// or non-finite times count as the latest one seen).
  public mutating func advance(to time: Double) {
    accept(time)
    advanceSurfaces()
    update()
  }

}
