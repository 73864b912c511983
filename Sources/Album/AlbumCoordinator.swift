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
///   `t − ⌊t⌋` and puts the matching point on its centre line
///   (`configuration.followerOffset` says which point).
/// - Strip leads: `t` is the strip's thumbnail coordinate at its centre
///   line (`PreparedFilmstripLayout.thumbnailCoordinate`), and the pager goes to
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
/// album.touchDown(.strip, at: 0)
/// album.drag(.strip, translation: Point(x: -120, y: 0), at: 0.4)
/// album.release(.strip, at: 0.4)
/// album.advance(to: 1.4)
/// draw(album.frame())
/// ```
///
/// A gesture script drives it from above (`GestureScripting`): its targets
/// are `"pager"` and `"strip"` (the `Role` names); a step without a target
/// goes to the pager.
///
/// The parts live in separate files: the position arithmetic in
/// `AlbumPositionMap` (a pure value), the frame step here, the accordion's
/// fold/settle rules and leader switches in `AlbumCoordinator+Accordion`,
/// the gestures in `AlbumCoordinator+Gestures`, rotation in
/// `AlbumCoordinator+Rotation`.
public struct AlbumCoordinator: Sendable {
  /// One of the album's two surfaces.
  public enum Role: String, Hashable, Sendable, CaseIterable {
    case pager
    case strip
  }

  /// The layouts, timing, scroll settings and debug flag.
  public internal(set) var configuration: AlbumConfiguration
  /// The photos' pixel sizes (one section).
  public internal(set) var photos: LayoutItems
  /// The album's size: the pager above, the strip below.
  public internal(set) var viewportSize: Size
  /// The pager's prepared geometry.
  public internal(set) var pager: PreparedAlbumPagerLayout
  /// The filmstrip's prepared geometry.
  public internal(set) var strip: PreparedFilmstripLayout
  /// The pager's scroll surface (paging).
  public internal(set) var pagerSurface: ScrollSurface
  /// The filmstrip's scroll surface.
  public internal(set) var stripSurface: ScrollSurface
  /// The surface the user touched last.
  public internal(set) var leader: Role = .pager
  /// The latest time seen (seconds; never runs backwards).
  public internal(set) var time: Double = 0
  /// The strip's state as last applied (offset and unfolded cells).
  public internal(set) var stripState: FilmstripState
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

  /// The album position arithmetic for the current geometry.
  public var positions: AlbumPositionMap { AlbumPositionMap(pager: pager, strip: strip) }

  /// The pager's page width.
  var pageWidth: Double { pager.pageWidth }
  var stripHalfWidth: Double { strip.viewport.size.width / 2 }

  /// The album position `t` for pager offset `x`.
  public func position(pagerOffset x: Double) -> Double { positions.position(pagerOffset: x) }

  /// The pager offset for album position `t` (the inverse of
  /// `position(pagerOffset:)`).
  public func pagerOffset(position t: Double) -> Double { positions.pagerOffset(position: t) }

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
    guard let page = positions.followingPage(position: t) else { return nil }
    return (page.index, page.fraction)
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

  // MARK: The frame step

  /// One step after any input or time change, in this order:
  ///
  /// 1. `applyAccordionRules()`: the events the surfaces raised since the
  ///    last step are queued for `drainEvents()`, and the leading strip's
  ///    drag start folds, its coming to rest settles (unfolds).
  /// 2. The follower, the strip's geometry and its offset are brought up
  ///    to date (`placeSurfaces()`).
  /// 3. `applyAccordionRules()` again, for the events that placing the
  ///    surfaces raised, so they act in the same step.
  mutating func update() {
    applyAccordionRules()
    placeSurfaces()
    applyAccordionRules()
  }

  /// Places the follower from the leader at the current time: the strip's
  /// unfolded cells, content size, insets and offset, and the pager's
  /// offset when the strip leads. Queues events but never folds or settles.
  mutating func placeSurfaces() {
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
      let centreX: Double
      switch configuration.followerOffset {
      case .thumbnailCoordinate: centreX = placement.contentX
      case .seedUnitStep:
        centreX = positions.followerCentreX(position: t, rule: .seedUnitStep, strip: strip, at: state)
      }
      let x = n == 0 ? stripSurface.contentOffset.x : centreX - stripHalfWidth
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
