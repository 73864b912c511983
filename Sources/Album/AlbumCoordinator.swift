import LayoutCore
import ScrollPhysics

/// The Photos main screen as a system: a paging pager of big photos and a
/// thumbnail filmstrip under it, each on its own scroll surface, kept in
/// sync; time comes in as a value.
///
/// The **leader** is the surface the user touched last; the other follows
/// it in the same frame (no one-frame lag: nothing is written from inside a
/// layout query). Both sides meet in one continuous quantity, the album
/// position `t`: `k` when photo `k` is centred, linear in between.
/// - Pager leads: `t = x/W`; the strip mirrors page `⌊t⌋` and fraction
///   `t − ⌊t⌋` and puts the matching point on its centre line.
/// - Strip leads: `t` is the strip's thumbnail coordinate at its centre
///   line (`PreparedFilmstrip.thumbnailCoordinate`), and the pager goes to
///   `x = t·W`, so its nearest page is the thumbnail under the centre line.
/// - Past either end `t` goes on at one folded pitch per unit, and the
///   other surface is pulled by the same number of points.
///
/// When the strip leads, its drag folds the unfolded thumbnails (keeping the
/// point under the centre line in place) and when it comes to rest the
/// thumbnail under the centre line unfolds and ends exactly centred, the
/// offset moving with the animation. A leader switch starts a blend from
/// what the strip shows at that moment, so nothing moves at the switch.
///
/// ```swift
/// var album = try AlbumCoordinator(photos: LayoutItems(sizes), viewport: Size(width: 390, height: 844))
/// var script = try GestureScript("strip drag -120 0.4; strip release; wait 1")
/// try script.run(on: &album) { album, time in draw(album.frame()) }
/// ```
///
/// Gesture targets are `"pager"` and `"strip"`; a step without a target
/// goes to the pager.
public struct AlbumCoordinator: GestureDriven, Sendable {
  /// One of the album's two surfaces.
  public enum Role: String, Hashable, Sendable, CaseIterable {
    case pager
    case strip
  }

  /// The layouts, timing, scroll settings and debug flag.
  public private(set) var configuration: AlbumConfiguration
  /// The photos' pixel sizes (one section).
  public private(set) var photos: LayoutItems
  /// The album's size: the pager above, the strip below.
  public private(set) var viewportSize: Size
  /// The pager's prepared geometry.
  public private(set) var pager: PreparedAlbumPager
  /// The filmstrip's prepared geometry.
  public private(set) var strip: PreparedFilmstrip
  /// The pager's scroll surface (paging).
  public private(set) var pagerSurface: ScrollSurface
  /// The filmstrip's scroll surface.
  public private(set) var stripSurface: ScrollSurface
  /// The surface the user touched last.
  public private(set) var leader: Role = .pager
  /// The latest time seen (seconds; never runs backwards).
  public private(set) var time: Double = 0
  /// The strip's state as last applied (offset and unfolded cells).
  public private(set) var stripState: FilmstripState
  var transition: AccordionTransition = .resting
  var events: [(Role, ScrollEvent)] = []
  /// A reused buffer for the strip's events while they are handled.
  var scratchEvents: [ScrollEvent] = []

  /// An album showing photo `photo` (clamped), its thumbnail unfolded and
  /// centred.
  ///
  /// - Throws: `LayoutError` for a bad size, photos or configuration.
  public init(
    photos: LayoutItems, viewport: Size, configuration: AlbumConfiguration = .photosLab(), photo: Int = 0
  ) throws(LayoutError) {
    let viewports = try configuration.viewports(for: viewport)
    self.configuration = configuration
    self.photos = photos
    self.viewportSize = viewport
    pager = try configuration.pager.prepare(items: photos, viewport: viewports.pager)
    strip = try configuration.strip.prepare(items: photos, viewport: viewports.strip)
    let n = pager.count
    let first = n == 0 ? 0 : clamp(photo, 0, n - 1)
    let state = n == 0 ? FilmstripState() : FilmstripState.accordion(index: first, progress: 1)
    // The pager leads until the strip is touched: the strip mirrors it.
    transition = AccordionTransition(from: [], goal: .follow, start: 0, duration: 0)
    pagerSurface = ScrollSurface(
      viewportSize: viewports.pager.size, contentSize: pager.contentSize(at: ScrollState()),
      contentOffset: Point(x: pager.offset(ofPage: first), y: 0), configuration: configuration.pagerScrolling)
    let stripOffset = n == 0 ? 0 : strip.centeredOffset(ofThumbnail: first, at: state)
    stripState = FilmstripState(contentOffset: Point(x: stripOffset, y: 0), unfolded: state.unfolded)
    stripSurface = ScrollSurface(
      viewportSize: viewports.strip.size, contentSize: strip.contentSize(at: stripState),
      contentInset: strip.contentInset(at: stripState), contentOffset: stripState.contentOffset,
      configuration: configuration.stripScrolling)
  }

  // MARK: Positions

  /// The pager's page width.
  var pageWidth: Double { pager.pageWidth }
  var stripHalfWidth: Double { strip.viewport.size.width / 2 }

  /// The album position `t` for pager offset `x`.
  public func position(pagerOffset x: Double) -> Double {
    let n = pager.count
    guard n > 0 else { return 0 }
    let end = Double(n - 1) * pageWidth
    if x < 0 { return x / strip.pitch }
    if x > end { return Double(n - 1) + (x - end) / strip.pitch }
    return x / pageWidth
  }

  /// The pager offset for album position `t` (the inverse of
  /// `position(pagerOffset:)`).
  public func pagerOffset(position t: Double) -> Double {
    let n = pager.count
    guard n > 0 else { return 0 }
    let last = Double(n - 1)
    if t < 0 { return t * strip.pitch }
    if t > last { return last * pageWidth + (t - last) * strip.pitch }
    return t * pageWidth
  }

  /// The album position now: from the leader's offset.
  public var position: Double {
    switch leader {
    case .pager: position(pagerOffset: pagerSurface.contentOffset.x)
    case .strip: strip.thumbnailCoordinate(atContentX: stripSurface.contentOffset.x + stripHalfWidth, at: stripState)
    }
  }

  /// The pager's page and fraction for album position `t` (clamped into
  /// the album), as the following strip shows it; `nil` for an empty album.
  func followingPage(_ t: Double) -> (index: Int, fraction: Double)? {
    let n = pager.count
    guard n > 0 else { return nil }
    let clamped = clamp(t, 0, Double(n - 1))
    let i = clamp(Int(clamped.rounded(.down)), 0, n - 1)
    return (i, clamped - Double(i))
  }

  /// The pager's page-and-fraction set for album position `t`.
  func followingSet(_ t: Double) -> [Unfold] {
    guard let (i, f) = followingPage(t) else { return [] }
    return FilmstripState.following(index: i, fraction: f).unfolded
  }

  /// The strip's unfolded cells at `time` for album position `t`.
  func unfolded(at time: Double, position t: Double) -> [Unfold] {
    var result: [Unfold] = []
    transition.unfolded(blend: transition.blend(at: time), following: followingPage(t), into: &result)
    return result
  }

  // MARK: Frame update

  /// Brings the follower, the strip's geometry and its offset up to date
  /// after anything moved, and reacts to the leader strip's events.
  mutating func update() {
    collectEvents()
    let now = time
    let n = pager.count
    switch leader {
    case .pager:
      let t = position(pagerOffset: pagerSurface.contentOffset.x)
      // Build the follower's cells in the storage of the last frame's: a
      // steady pager drag allocates nothing here.
      var buffer: [Unfold] = []
      swap(&buffer, &stripState.unfolded)
      transition.unfolded(blend: transition.blend(at: now), following: followingPage(t), into: &buffer)
      let state = FilmstripState(unfolded: strip.resolvedUnfolded(FilmstripState(unfolded: buffer)))
      buffer = []
      let placement = strip.placement(atThumbnailCoordinate: t, at: state)
      let x = n == 0 ? stripSurface.contentOffset.x : placement.contentX - stripHalfWidth
      stripSurface.setContent(size: placement.contentSize, inset: placement.contentInset)
      if x != stripSurface.contentOffset.x { stripSurface.setContentOffset(Point(x: x, y: 0), at: now) }
      stripState = FilmstripState(contentOffset: stripSurface.contentOffset, unfolded: state.unfolded)
      if transition.isComplete(at: now), case .follow = transition.goal, !transition.from.isEmpty {
        transition = AccordionTransition(from: [], goal: .follow, start: now, duration: 0)
      }
    case .strip:
      let centre = stripSurface.contentOffset.x + stripHalfWidth
      let t = strip.thumbnailCoordinate(atContentX: centre, at: stripState)
      let state = FilmstripState(
        unfolded: strip.resolvedUnfolded(FilmstripState(unfolded: unfolded(at: now, position: t))))
      // One pass over the new geometry: where `t` now is, the size and insets.
      let placement = strip.placement(atThumbnailCoordinate: t, at: state)
      var target = centre
      if case .unfold(let b) = transition.goal {
        // The offset moves with the animation and ends exactly centred.
        let e = transition.blend(at: now)
        let cellCentre = strip.center(ofThumbnail: b, at: state)
        target = e >= 1 ? cellCentre : cellCentre + transition.misalignment * (1 - e)
      } else if n > 0 && state.unfolded != stripState.unfolded {
        // Keep the point under the centre line in place while cells change.
        target = placement.contentX
      }
      stripSurface.setContent(size: placement.contentSize, inset: placement.contentInset)
      stripSurface.translate(by: Point(x: target - centre, y: 0))
      stripState = FilmstripState(contentOffset: stripSurface.contentOffset, unfolded: state.unfolded)
      if transition.isComplete(at: now) {
        switch transition.goal {
        case .hold: break
        default: transition = AccordionTransition(from: state.unfolded, goal: .hold, start: now, duration: 0)
        }
      }
      let x = pagerOffset(position: strip.thumbnailCoordinate(atContentX: target, at: stripState))
      if x != pagerSurface.contentOffset.x { pagerSurface.setContentOffset(Point(x: x, y: 0), at: now) }
    }
    collectEvents()
  }

  /// Moves the surfaces' events into the album's queue; the leading
  /// strip's drag start folds, its coming to rest unfolds.
  mutating func collectEvents() {
    pagerSurface.consumeEvents { events.append((.pager, $0)) }
    // Swap buffers rather than copy: no allocation per frame.
    var stripEvents: [ScrollEvent] = []
    swap(&stripEvents, &scratchEvents)
    stripSurface.takeEvents(into: &stripEvents)
    for event in stripEvents {
      events.append((.strip, event))
      guard leader == .strip else { continue }
      switch event {
      case .willBeginDragging: fold()
      case .didEndDragging(willDecelerate: false), .didEndDecelerating, .didEndScrollingAnimation: settle()
      default: break
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

  func role(_ target: String?) throws(ScriptError) -> Role {
    guard let target else { return .pager }
    guard let role = Role(rawValue: target) else {
      throw .unknownTarget(target, known: Role.allCases.map(\.rawValue))
    }
    return role
  }

  mutating func accept(_ newTime: Double) {
    if newTime.isFinite && newTime > time { time = newTime }
  }

  // MARK: GestureDriven

  /// A finger touches `target` (`"pager"` or `"strip"`; `nil` is the
  /// pager), which becomes the leader; what it was doing stops.
  ///
  /// - Throws: `ScriptError.unknownTarget` for another name.
  public mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    let role = try role(target)
    accept(time)
    advanceSurfaces()
    lead(role)
    if role == .pager { pagerSurface.touchDown(at: self.time) } else { stripSurface.touchDown(at: self.time) }
    update()
  }

  /// The finger on `target` has moved by `translation` since it touched
  /// down (only x counts); the first movement on the strip folds it.
  public mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    let role = try role(target)
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

  /// The finger on `target` lifts: the pager pages, the strip flings and,
  /// once at rest, unfolds the thumbnail under its centre line.
  public mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    let role = try role(target)
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

  /// Moves `target`'s offset (only x counts, clamped into the surface's
  /// bounds), animated or not; `target` becomes the leader. A strip moved
  /// without animation settles at once.
  public mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    let role = try role(target)
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

  // MARK: Rotation

  /// Changes the album's size (a rotation), keeping the album position: the
  /// current photo and fraction stay, and a running fold or unfold goes on.
  ///
  /// - Throws: `LayoutError` for a bad size (the album is unchanged).
  public mutating func resize(to size: Size, at time: Double) throws(LayoutError) {
    let viewports = try configuration.viewports(for: size)
    let newPager = try configuration.pager.prepare(items: photos, viewport: viewports.pager)
    let newStrip = try configuration.strip.prepare(items: photos, viewport: viewports.strip)
    accept(time)
    advanceSurfaces()
    update()
    let t = position
    // A pager settling on a page keeps settling on that page at the new width.
    let settling = pagerSurface.phase == .decelerating
    let restingPosition = position(pagerOffset: pagerSurface.restingOffset.x)
    viewportSize = size
    pager = newPager
    strip = newStrip
    pagerSurface.setViewportSize(viewports.pager.size)
    pagerSurface.setContent(size: pager.contentSize(at: ScrollState()), inset: .zero)
    stripSurface.setViewportSize(viewports.strip.size)
    stripSurface.setContent(size: strip.contentSize(at: stripState), inset: strip.contentInset(at: stripState))
    let pagerX = pagerOffset(position: t)
    pagerSurface.translate(by: Point(x: pagerX - pagerSurface.contentOffset.x, y: 0))
    if settling { pagerSurface.redirect(to: Point(x: pagerOffset(position: restingPosition), y: 0), at: time) }
    if pager.count > 0 {
      let x = strip.contentX(atThumbnailCoordinate: t, at: stripState) - stripHalfWidth
      stripSurface.translate(by: Point(x: x - stripSurface.contentOffset.x, y: 0))
    }
    stripState.contentOffset = stripSurface.contentOffset
    update()
  }

  // MARK: Events

  /// Returns the surfaces' delegate events since the last call, each with
  /// its surface, and clears them.
  public mutating func drainEvents() -> [(Role, ScrollEvent)] {
    defer { events.removeAll(keepingCapacity: true) }
    return events
  }

  /// Clears the queued events without returning them, keeping their
  /// storage (a frame loop that ignores events does not allocate).
  public mutating func discardEvents() { events.removeAll(keepingCapacity: true) }
}
