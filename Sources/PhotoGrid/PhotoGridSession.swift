import LayoutCore
import ScrollPhysics

// MARK: - The session: a grid that scrolls, changes mode, pinches and updates

/// A photo grid that scrolls, changes mode, pinches and updates: a
/// `ScrollSurface` scrolls it at rest; `setMode(_:duration:at:)`,
/// `pinch(scale:duration:at:around:)`, `insert(count:at:time:)` and
/// `delete(_:time:)` animate through a `PhotoGridAnimator`. (The gesture-script
/// language drives it from above: `GestureScripting` makes it `GestureDriven`.) While a transition runs, touches are ignored; when
/// it settles, the surface takes the grid's new content size and the
/// animator's resting offset.
public struct PhotoGridSession {
  /// The target name scripts may use ("grid").
  public static let targetName = "grid"

  /// How long an `insert` or `delete` animates, in seconds.
  public static let updateDuration = 0.3

  public let base: PhotoGridLayout
  public let viewport: Viewport
  public let photoSize: Size
  /// The library: section and photo identities (new photos get new ones),
  /// as runs, so that no step costs anything per photo.
  public private(set) var library: PhotoIdentities
  private var nextID: Int
  private var nextSectionID: Int
  /// The library before the latest insert, delete or replacement (what
  /// leaving elements show while its transition runs).
  private var libraryBefore: PhotoIdentities?
  public private(set) var animator: PhotoGridAnimator
  public private(set) var surface: ScrollSurface
  private var touching = false
  /// A finger is down (from `touchDown` to `release`), whether or not the
  /// surface follows it: a transition started under the finger (a library
  /// replaced, an edit) stops the surface following it; once the transition
  /// is over, the same finger takes the surface again where it is, as a
  /// scroll view keeps tracking a pan across a batch update.
  private var fingerDown = false
  /// The finger's translation when the surface last took it.
  private var takenAt = Point(x: 0, y: 0)
  private var pinch: (start: Double, duration: Double, scale: Double)?
  public private(set) var time = 0.0
  private var events: [String] = []
  /// The `insert` and `delete` steps taken so far.
  private var edits = 0

  public init(
    layout: PhotoGridLayout, counts: [Int], photoSize: Size, viewport: Viewport, offset: Point,
    configuration: ScrollConfiguration = ScrollConfiguration()
  ) throws {
    base = layout
    self.viewport = viewport
    self.photoSize = photoSize
    library = PhotoIdentities(counts: counts)
    nextID = library.totalCount
    nextSectionID = library.sections.count
    let grid = try layout.prepare(items: Self.items(library.itemCounts, photoSize), viewport: viewport)
    animator = PhotoGridAnimator(grid: grid, offset: offset)
    surface = ScrollSurface(
      viewportSize: viewport.size, contentSize: grid.contentSize(at: ScrollState()),
      contentInset: grid.contentInset(at: ScrollState()), contentOffset: animator.restingOffset,
      configuration: configuration)
  }

  public static func items(_ counts: [Int], _ size: Size) -> LayoutItems {
    LayoutItems(sections: counts.map { .uniform(size, count: $0) })
  }

  /// The mode shown at rest, or the one the running transition goes to.
  public var mode: PhotoGridLayout.Mode { animator.grid.layout.mode }

  /// The presented content offset.
  public var contentOffset: Point {
    animator.transition == nil ? surface.contentOffset : animator.contentOffset(at: time)
  }

  /// The interpolation fraction (1 at rest).
  public var progress: Double { animator.progress(at: time) }

  /// Appends the presented visible elements.
  ///
  /// - Complexity: O(log n + k).
  public func visibleAttributes(into result: inout [LayoutAttributes]) {
    if animator.transition != nil {
      animator.visibleAttributes(at: time, into: &result)
    } else {
      let offset = surface.contentOffset
      animator.grid.attributes(
        in: Rect(origin: offset, size: viewport.size), at: ScrollState(contentOffset: offset), into: &result)
    }
  }

  public var visibleAttributes: [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    visibleAttributes(into: &result)
    return result
  }

  /// The surface's events and the session's own, oldest first, cleared.
  public mutating func drainEvents() -> [String] {
    let names = surface.drainEvents().map(\.name) + events
    events.removeAll()
    return names
  }

  // MARK: Scrolling

  /// A finger touches down (ignored while a transition runs).
  public mutating func touchDown(at time: Double) {
    self.time = time
    fingerDown = true
    takenAt = Point(x: 0, y: 0)
    animator.settle(at: time)
    guard animator.transition == nil else { return }
    touching = true
    surface.touchDown(at: time)
  }

  /// The finger has moved by `translation` since it touched down. A finger
  /// that a transition took the surface from moves it again once the
  /// transition is over, from where the surface rests (no jump).
  public mutating func drag(translation: Point, at time: Double) {
    if !touching {
      guard fingerDown, translation.x.isFinite, translation.y.isFinite else { return }
      self.time = time
      animator.settle(at: time)
      guard animator.transition == nil else { return }
      touching = true
      takenAt = translation
      // The surface may still hold the finger's old drag (a transition
      // froze it, not a release): end it where it rests, with no fling,
      // and start a new one here.
      let offset = surface.contentOffset
      surface.release(at: time)
      surface.setContentOffset(offset, at: time)
      surface.touchDown(at: time)
    }
    surface.drag(translation: Point(x: translation.x - takenAt.x, y: translation.y - takenAt.y), at: time)
  }

  /// The finger lifts (a fling if it was moving).
  public mutating func release(at time: Double) {
    fingerDown = false
    guard touching else { return }
    touching = false
    surface.release(at: time) { proposed, _ in proposed }
  }

  /// Moves the offset, animated or not, clamped into bounds (ignored while
  /// a transition runs).
  public mutating func setContentOffset(_ offset: Point, animated: Bool, at time: Double) {
    self.time = time
    animator.settle(at: time)
    guard animator.transition == nil else { return }
    surface.setProgrammaticContentOffset(offset, animated: animated, at: time)
  }

  public mutating func advance(to time: Double) {
    self.time = time
    if let p = pinch {
      let f = p.duration > 0 ? Swift.min(1, Swift.max(0, (time - p.start) / p.duration)) : 1
      animator.pinchChanged(scale: 1 + (p.scale - 1) * f, at: time)
      if f >= 1 {
        animator.pinchEnded(scaleVelocity: p.duration > 0 ? (p.scale - 1) / p.duration : 0, at: time)
        pinch = nil
        events.append("pinchEnded")
      }
    }
    let wasAnimating = animator.transition != nil
    animator.settle(at: time)
    if wasAnimating {
      if animator.transition == nil {
        let grid = animator.grid
        surface.setContent(size: grid.contentSize(at: ScrollState()), inset: grid.contentInset(at: ScrollState()))
        surface.setContentOffset(animator.restingOffset, at: time)
        events.append("transitionEnded")
      }
    } else {
      surface.advance(to: time)
    }
  }

  // MARK: Modes, pinches and edits

  /// Stops any scrolling where it is (inside the bounds) and hands the
  /// offset to the animator, before a transition starts from rest.
  private mutating func freeze(at time: Double) {
    self.time = time
    animator.settle(at: time)
    guard animator.transition == nil else { return }
    let offset = surface.clamped(surface.contentOffset)
    surface.setContentOffset(offset, at: time)
    touching = false
    animator.scroll(to: offset, at: time)
  }

  private func prepare(_ mode: PhotoGridLayout.Mode, _ counts: [Int]) throws(PhotoGridError) -> PreparedPhotoGridLayout
  {
    do {
      return try base.with(mode: mode).prepare(items: Self.items(counts, photoSize), viewport: viewport)
    } catch {
      throw .cannotLayOut(error)
    }
  }

  /// The most photos a session's library may hold (10^8; the CLI's limit
  /// for `--items` and `--sections` is this one). An insert past it is
  /// refused at once, naming the limit; below it, no edit costs anything
  /// per photo.
  public static let maximumPhotoCount = 100_000_000

  /// The most inserts and deletes one session may take. Each adds at most
  /// two runs to the library, and an edit costs O(r) for r runs: the bound
  /// keeps a whole session's edits to about a second, where a megabyte of
  /// script edits at scattered places would take minutes.
  public static let maximumEdits = 10_000

  /// An edit also costs O(s) for s sections (the counts, the mapping and
  /// the grid's prepare are per section): a session may take at most this
  /// many edits times sections (a few seconds of edits).
  public static let maximumEditWork = 30_000_000

  /// The most inserts and deletes a session may take on a library of
  /// `sections` sections.
  public static func allowedEdits(sections: Int) -> Int {
    Swift.min(maximumEdits, maximumEditWork / Swift.max(1, sections))
  }

  /// The most photos one insert may add.
  public static let maximumInsertCount = 1_000_000

  /// How many `insert(count:at:time:)` and `delete(_:time:)` calls this
  /// session has taken (at most `allowedEdits(sections:)`).
  public var editCount: Int { edits }

  /// Animates to `mode` over `duration` seconds (0: at once), from rest:
  /// any scrolling stops where it is first.
  ///
  /// - Throws: `PhotoGridError.cannotLayOut` when the grid cannot be laid
  ///   out in that mode; the session is then unchanged but stopped.
  public mutating func setMode(_ mode: PhotoGridLayout.Mode, duration: Double, at time: Double) throws(PhotoGridError) {
    freeze(at: time)
    animator.change(to: try prepare(mode, library.itemCounts), duration: duration, at: time)
    events.append("mode")
  }

  /// A pinch from scale 1 to `scale` over `duration` seconds, around
  /// `point` (a point in the viewport; the centre by default), then lift:
  /// the grid follows the fingers to the mode the pinch goes to
  /// (`PhotoGridLayout.Mode.pinchTarget(scale:)`).
  ///
  /// - Returns: `false` when the pinch goes to no other mode (it is
  ///   ignored).
  /// - Throws: `PhotoGridError.badPinchScale` for a scale that is not a
  ///   finite number > 0; `.cannotLayOut` when the target cannot be laid out.
  @discardableResult
  public mutating func pinch(
    scale: Double, duration: Double, at time: Double, around point: Point? = nil
  )
    throws(PhotoGridError) -> Bool
  {
    guard scale.isFinite, scale > 0 else { throw .badPinchScale(scale) }
    freeze(at: time)
    let from = mode
    guard let to = from.pinchTarget(scale: scale) else {
      events.append("pinchIgnored")
      return false
    }
    animator.beginPinch(
      to: try prepare(to, library.itemCounts), progress: PinchProgress(from: from, to: to), at: time, point: point)
    pinch = (time, duration, scale)
    events.append("pinchBegan")
    return true
  }

  /// Inserts `count` new photos (new identities) at global index `index`
  /// (0 through the photo count), animated over `updateDuration`.
  ///
  /// - Complexity: O(s + r + d) for s sections, r runs of consecutive
  ///   identities in the library (each edit adds at most two) and d
  ///   transitions still running: nothing per photo.
  /// - Throws: `PhotoGridError.tooManyEdits` past `allowedEdits(sections:)`;
  ///   `.indexPastEnd`; `.tooManyPhotos` past `maximumPhotoCount` (or a
  ///   count < 1); `.noSection` for a library without sections. The session
  ///   is then unchanged.
  public mutating func insert(count: Int, at index: Int, time: Double) throws(PhotoGridError) {
    try countEdit()
    let total = library.totalCount
    guard (0...total).contains(index) else { throw .indexPastEnd(index: index, total: total) }
    guard count > 0, count <= Self.maximumInsertCount, count <= Self.maximumPhotoCount - total else {
      throw .tooManyPhotos(total: total, adding: count, limit: Self.maximumPhotoCount)
    }
    guard let landed = library.placement(of: count, atGlobal: index) else { throw .noSection }
    freeze(at: time)
    try update(deleting: [], inserting: [landed], at: time)
    _ = library.insert(nextID..<(nextID + count), atGlobal: index)
    nextID += count
    edits += 1
    events.append("inserted")
  }

  /// Deletes the photos at global indices `range`, animated over
  /// `updateDuration`.
  ///
  /// - Complexity: as `insert(count:at:time:)`.
  /// - Throws: `PhotoGridError.tooManyEdits`; `.rangePastEnd` for a range
  ///   outside the library. The session is then unchanged.
  public mutating func delete(_ range: ClosedRange<Int>, time: Double) throws(PhotoGridError) {
    try countEdit()
    let total = library.totalCount
    guard range.lowerBound >= 0, range.upperBound < total else {
      throw .rangePastEnd(first: range.lowerBound, last: range.upperBound, total: total)
    }
    let global = range.lowerBound..<(range.upperBound + 1)
    freeze(at: time)
    try update(deleting: library.removal(ofGlobal: global), inserting: [], at: time)
    _ = library.remove(globalRange: global)
    edits += 1
    events.append("deleted")
  }

  private func countEdit() throws(PhotoGridError) {
    let allowed = Self.allowedEdits(sections: library.sections.count)
    guard edits < allowed else { throw .tooManyEdits(allowed: allowed, sections: library.sections.count) }
  }

  /// Animates to the library that deleting `deleted` (positions before)
  /// and inserting `inserted` (positions after) make from the current one
  /// (the caller then edits `library` in place, once this has not thrown):
  /// the identity mapping comes from the ranges in O(s + r log r), with
  /// nothing per photo (not from diffing two snapshots, O(n·k) for k
  /// changes in a section of n).
  private mutating func update(
    deleting deleted: [ItemRange], inserting inserted: [ItemRange], at time: Double
  ) throws(PhotoGridError) {
    let counts = library.counts(deleting: deleted, inserting: inserted)
    let change: SnapshotChange
    do throws(CollectionUpdateError) {
      change = try SnapshotChange(
        oldCounts: library.itemCounts, newCounts: counts, deleting: deleted, inserting: inserted)
    } catch {
      throw .inconsistentUpdate(error)
    }
    let grid = try prepare(mode, counts)
    libraryBefore = library
    animator.change(to: grid, mapping: .dataChange(change), duration: Self.updateDuration, at: time)
  }

  /// Animates to a new library (a photo folder that changed): `library`
  /// lists each section's identity and its photos' identities in order;
  /// photos and sections the session already shows keep their identities,
  /// new ones take identities it has not used (see `unusedIdentity`).
  /// New photos and sections fade in at their places, those gone fade out
  /// at theirs, the rest move, over `updateDuration`; the photo at the
  /// anchor keeps its place on screen: the photo under `point` (a point
  /// in the viewport), by default the viewport's centre.
  ///
  /// - Complexity: O(n) for the n photos before and after (the
  ///   identities are compared one by one: for a change of folder, not a
  ///   frame), plus the grid's prepare.
  /// - Throws: `PhotoGridError.badIdentity` when an identity repeats or is
  ///   negative, `.tooManyPhotos` past `maximumPhotoCount`, `.cannotLayOut`
  ///   when the grid cannot be laid out; the session is then unchanged.
  public mutating func replaceLibrary(
    with library: LibrarySnapshot<Int, Int>, at time: Double, anchoredAt point: Point? = nil
  ) throws(PhotoGridError) {
    try replaceLibrary(with: library, change: nil, at: time, anchoredAt: point)
  }

  /// `replaceLibrary(with:at:anchoredAt:)` with the identity diff worked
  /// out ahead, off the frame's thread (`PreparedLibraryChange(from:to:)`
  /// with this session's `library`): the frame then costs the grid's
  /// prepare and a pass over the identities, not the diff. A change
  /// prepared from another library than the session's is worked out again
  /// here (the result is the same either way).
  ///
  /// - Complexity: O(n) for the n photos after, plus the grid's prepare;
  ///   O(n + m) when the change must be worked out again.
  /// - Throws: as `replaceLibrary(with:at:anchoredAt:)`.
  public mutating func replaceLibrary(
    _ prepared: PreparedLibraryChange, at time: Double, anchoredAt point: Point? = nil
  ) throws(PhotoGridError) {
    try replaceLibrary(
      with: prepared.library, change: prepared.basis == library ? prepared.change : nil, at: time, anchoredAt: point)
  }

  private mutating func replaceLibrary(
    with library: LibrarySnapshot<Int, Int>, change prepared: SnapshotChange?, at time: Double, anchoredAt point: Point?
  ) throws(PhotoGridError) {
    var seenSections = Set<Int>()
    var seenPhotos = Set<Int>()
    for section in library.sections {
      guard section.id >= 0, seenSections.insert(section.id).inserted else {
        throw .badIdentity("section identity \(section.id) repeats or is negative")
      }
      for id in section.items {
        guard id >= 0, id < Int.max, seenPhotos.insert(id).inserted else {
          throw .badIdentity("photo identity \(id) repeats or is out of range")
        }
      }
    }
    let total = seenPhotos.count
    guard total <= Self.maximumPhotoCount else {
      throw .libraryTooLarge(total: total, limit: Self.maximumPhotoCount)
    }
    let grid = try prepare(mode, library.itemCounts)
    freeze(at: time)
    let change = prepared ?? SnapshotChange(from: self.library.snapshot, to: library)
    libraryBefore = self.library
    animator.change(
      to: grid, mapping: .dataChange(change), duration: Self.updateDuration, at: time, anchoredAt: point)
    self.library = PhotoIdentities(library)
    nextID = Swift.max(nextID, (seenPhotos.max() ?? -1) + 1)
    nextSectionID = Swift.max(nextSectionID, (seenSections.max() ?? -1) + 1)
    events.append("libraryReplaced")
  }

  /// An identity no photo of this session has had: for a photo a new
  /// library adds.
  public mutating func unusedIdentity() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// A section identity no section of this session has had.
  public mutating func unusedSectionIdentity() -> Int {
    defer { nextSectionID += 1 }
    return nextSectionID
  }

  /// The photo identity an element shows: an element that a transition
  /// shows only because the library before it had it (`isLeaving`: a
  /// deleted photo fading out) is looked up in that library.
  ///
  /// - Complexity: O(log r) for r runs of consecutive identities.
  public func photoID(of attributes: LayoutAttributes) -> Int? {
    let id = attributes.id
    if attributes.extras.isLeaving, animator.transition != nil, let before = libraryBefore {
      guard id.kind == .cell, before.sections.indices.contains(id.section) else { return nil }
      return before.sections[id.section].id(at: id.item)
    }
    return photoID(id)
  }

  /// The section identity an element belongs to (a leaving element's in
  /// the library before the transition).
  public func sectionID(of attributes: LayoutAttributes) -> Int? {
    let s = attributes.id.section
    if attributes.extras.isLeaving, animator.transition != nil, let before = libraryBefore {
      return before.sections.indices.contains(s) ? before.sections[s].id : nil
    }
    return sectionID(s)
  }

  /// The photo identity shown by cell `id`, if it is one.
  ///
  /// - Complexity: O(log r) for r runs of consecutive identities.
  public func photoID(_ id: ElementID) -> Int? {
    guard id.kind == .cell, library.sections.indices.contains(id.section) else { return nil }
    return library.sections[id.section].id(at: id.item)
  }

  /// The section identity of section `section`.
  public func sectionID(_ section: Int) -> Int? {
    library.sections.indices.contains(section) ? library.sections[section].id : nil
  }

  /// How many photos section `section` holds (0 for none).
  public func photoCount(inSection section: Int) -> Int {
    library.itemCounts.indices.contains(section) ? library.itemCounts[section] : 0
  }
}

/// A library replacement's identity diff, worked out ahead (on another
/// thread: it is the costly part of a replacement, about 30 ms at 20,000
/// photos) from the library a session shows (`PhotoGridSession.library`)
/// to the one it will show; `PhotoGridSession.replaceLibrary(_:at:anchoredAt:)`
/// applies it.
public struct PreparedLibraryChange: Sendable {
  /// The library the change starts from.
  public let basis: PhotoIdentities
  /// The library it ends at.
  public let library: LibrarySnapshot<Int, Int>
  let change: SnapshotChange

  /// The change from `basis` to `library`.
  ///
  /// - Complexity: O((n + m)·d) for the n and m photos before and after
  ///   and d changes (`CollectionDifference`), by section.
  public init(from basis: PhotoIdentities, to library: LibrarySnapshot<Int, Int>) {
    self.basis = basis
    self.library = library
    change = SnapshotChange(from: basis.snapshot, to: library)
  }
}
