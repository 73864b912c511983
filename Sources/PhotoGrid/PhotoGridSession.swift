import GestureScripting
import LayoutCore
import ScrollPhysics

// MARK: - The session: a grid that scrolls, changes mode, pinches and updates

/// A photo grid driven by a gesture script: a `ScrollSurface` scrolls it at
/// rest; `mode`, `pinch`, `insert` and `delete` animate through a
/// `PhotoGridAnimator`. While a transition runs, touches are ignored; when
/// it settles, the surface takes the grid's new content size and the
/// animator's resting offset.
public struct PhotoGridSession: GestureDriven {
  public static var layoutVerbs: Set<String> { Set(verbs.map(\.name)) }

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

  public func checked(_ target: String?) throws(ScriptError) {
    if let target, target != Self.targetName { throw .unknownTarget(target, known: [Self.targetName]) }
  }

  // MARK: Scrolling

  public mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try checked(target)
    self.time = time
    animator.settle(at: time)
    guard animator.transition == nil else { return }
    touching = true
    surface.touchDown(at: time)
  }

  public mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try checked(target)
    guard touching else { return }
    surface.drag(translation: translation, at: time)
  }

  public mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try checked(target)
    guard touching else { return }
    touching = false
    surface.release(at: time) { proposed, _ in proposed }
  }

  public mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    try checked(target)
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

  // MARK: Layout verbs

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

  private func prepare(
    _ mode: PhotoGridLayout.Mode, _ counts: [Int], _ step: String
  )
    throws(ScriptError) -> PreparedPhotoGridLayout
  {
    do {
      return try base.with(mode: mode).prepare(items: Self.items(counts, photoSize), viewport: viewport)
    } catch {
      throw .badStep(step, "the grid cannot be laid out: \(error)")
    }
  }

  /// The most photos a script's library may hold (10^8; the CLI's limit
  /// for `--items` and `--sections` is this one). An `insert`
  /// past it is refused at once, naming the step and the limit; below it,
  /// no step costs anything per photo.
  public static let maximumPhotoCount = 100_000_000

  /// The most `insert` and `delete` steps one script may take. Each adds
  /// at most two runs to the library, and a step costs O(r) for r runs:
  /// the bound keeps a whole script's edits to about a second, where a
  /// megabyte of edits at scattered places would take minutes.
  public static let maximumEdits = 10_000

  /// A step also costs O(s) for s sections (the counts, the mapping and
  /// the grid's prepare are per section): a script may take at most this
  /// many edits times sections (a few seconds of steps).
  public static let maximumEditWork = 30_000_000

  /// The most `insert` and `delete` steps a script may take on a library
  /// of `sections` sections.
  public static func allowedEdits(sections: Int) -> Int {
    Swift.min(maximumEdits, maximumEditWork / Swift.max(1, sections))
  }

  /// Refuses, before it runs, a script with more `insert` and `delete`
  /// steps than a library of `sections` sections takes, naming the first
  /// step past the limit.
  public static func checkEdits(_ script: GestureScript, sections: Int) throws(ScriptError) {
    let allowed = allowedEdits(sections: sections)
    var edits = 0
    for (index, step) in script.steps.enumerated() {
      guard case .custom(let verb, _, _) = step.action, verb == "insert" || verb == "delete" else { continue }
      edits += 1
      if edits > allowed { throw .badStep("\(index + 1) '\(step.text)'", tooManyEdits(allowed, sections)) }
    }
  }

  public static func tooManyEdits(_ allowed: Int, _ sections: Int) -> String {
    "a script may take at most \(allowed) insert and delete steps on a library of \(sections) section(s) "
      + "(\(maximumEdits) at most, and \(maximumEditWork) ÷ sections: each step costs time per section); "
      + "this is one more"
  }

  /// A layout verb's step as the script writes it, for messages.
  public static func stepText(_ verb: String, _ arguments: [String]) -> String {
    switch (verb, arguments.count) {
    case ("insert", 2): "'insert \(arguments[0]) at \(arguments[1])'"
    case ("delete", 2): "'delete \(arguments[0])..\(arguments[1])'"
    default: "'\(([verb] + arguments).joined(separator: " "))'"
    }
  }

  /// Performs a layout verb.
  ///
  /// - Complexity: `insert` and `delete` cost O(s + r + d) for s sections,
  ///   r runs of consecutive identities in the library (each step adds at
  ///   most two) and d transitions still running (at most
  ///   `PhotoGridAnimator.maximumChainDepth`): nothing per photo, however
  ///   many the library holds or the step touches.
  public mutating func perform(
    _ target: String?, verb: String, arguments: [String], duration: Double, at time: Double
  ) throws(ScriptError) {
    try checked(target)
    let step = Self.stepText(verb, arguments)
    freeze(at: time)
    switch verb {
    case "mode":
      guard let mode = arguments.first.flatMap(PhotoGridLayout.Mode.init(parsing:)) else {
        throw .badStep(step, "not a mode (all, months or columns:N)")
      }
      animator.change(to: try prepare(mode, library.itemCounts, step), duration: duration, at: time)
      events.append("mode")
    case "pinch":
      guard let scale = arguments.first.flatMap(Double.init), scale.isFinite, scale > 0 else {
        throw .badStep(step, "a pinch scale must be a finite number > 0")
      }
      let point = arguments.count > 1 ? try? GestureScript.point(arguments[1], step) : nil
      let from = mode
      guard let to = from.pinchTarget(scale: scale) else {
        events.append("pinchIgnored")
        return
      }
      animator.beginPinch(
        to: try prepare(to, library.itemCounts, step), progress: PinchProgress(from: from, to: to), at: time,
        point: point)
      pinch = (time, duration, scale)
      events.append("pinchBegan")
    case "insert", "delete":
      let allowed = Self.allowedEdits(sections: library.sections.count)
      guard edits < allowed else { throw .badStep(step, Self.tooManyEdits(allowed, library.sections.count)) }
      edits += 1
      if verb == "insert" {
        try insert(arguments, step: step, at: time)
      } else {
        try delete(arguments, step: step, at: time)
      }
    default:
      throw .unsupportedStep(step: step, verb: verb, takenBy: Self.owner)
    }
  }

  private mutating func insert(_ arguments: [String], step: String, at time: Double) throws(ScriptError) {
    guard arguments.count == 2, let count = Int(arguments[0]), let index = Int(arguments[1]) else {
      throw .badStep(step, "expected 'insert N at I'")
    }
    let total = library.totalCount
    guard (0...total).contains(index) else {
      throw .badStep(step, "the index \(index) is past the library's end (\(total) photos)")
    }
    guard count > 0, count <= Self.maximumPhotoCount - total else {
      throw .badStep(
        step,
        "the library would hold \(total) + \(count) photos; a script's library holds at most "
          + "\(Self.maximumPhotoCount) (the limit of --items and --sections)")
    }
    guard let landed = library.placement(of: count, atGlobal: index) else {
      throw .badStep(step, "the library has no section to insert into")
    }
    try update(deleting: [], inserting: [landed], step: step, at: time)
    _ = library.insert(nextID..<(nextID + count), atGlobal: index)
    nextID += count
    events.append("inserted")
  }

  private mutating func delete(_ arguments: [String], step: String, at time: Double) throws(ScriptError) {
    guard arguments.count == 2, let first = Int(arguments[0]), let last = Int(arguments[1]), first <= last else {
      throw .badStep(step, "expected 'delete I..J' with I ≤ J")
    }
    let total = library.totalCount
    guard first >= 0, last < total else {
      throw .badStep(step, "the range \(first)..\(last) is past the library's end (\(total) photos)")
    }
    let removed = library.removal(ofGlobal: first..<(last + 1))
    try update(deleting: removed, inserting: [], step: step, at: time)
    _ = library.remove(globalRange: first..<(last + 1))
    events.append("deleted")
  }

  /// Animates to the library that deleting `deleted` (positions before)
  /// and inserting `inserted` (positions after) make from the current one
  /// (the caller then edits `library` in place, once this has not thrown):
  /// the identity mapping comes from the ranges in O(s + r log r), with
  /// nothing per photo (not from diffing two snapshots, O(n·k) for k
  /// changes in a section of n).
  private mutating func update(
    deleting deleted: [ItemRange], inserting inserted: [ItemRange], step: String, at time: Double
  ) throws(ScriptError) {
    let counts = library.counts(deleting: deleted, inserting: inserted)
    let change: SnapshotChange
    do throws(CollectionUpdateError) {
      change = try SnapshotChange(
        oldCounts: library.itemCounts, newCounts: counts, deleting: deleted, inserting: inserted)
    } catch {
      throw .badStep(step, error.description)
    }
    let grid = try prepare(mode, counts, step)
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
  /// - Throws: `ScriptError.badStep` when an identity repeats or is
  ///   negative, or when the grid cannot be laid out; the session is then
  ///   unchanged.
  public mutating func replaceLibrary(
    with library: LibrarySnapshot<Int, Int>, at time: Double, anchoredAt point: Point? = nil
  ) throws(ScriptError) {
    let step = "'replace library'"
    var seenSections = Set<Int>()
    var seenPhotos = Set<Int>()
    for section in library.sections {
      guard section.id >= 0, seenSections.insert(section.id).inserted else {
        throw .badStep(step, "section identity \(section.id) repeats or is negative")
      }
      for id in section.items {
        guard id >= 0, id < Int.max, seenPhotos.insert(id).inserted else {
          throw .badStep(step, "photo identity \(id) repeats or is out of range")
        }
      }
    }
    let total = seenPhotos.count
    guard total <= Self.maximumPhotoCount else {
      throw .badStep(step, "a library holds at most \(Self.maximumPhotoCount) photos; this one \(total)")
    }
    let grid = try prepare(mode, library.itemCounts, step)
    freeze(at: time)
    let change = SnapshotChange(from: self.library.snapshot, to: library)
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

// MARK: - The session's script verbs

extension PhotoGridSession {
  /// Who takes the photo grid's verbs, for messages.
  public static let owner = "the photo grid, 'photos'"

  /// The most photos one `insert` step may add.
  public static let maximumInsertCount = 1_000_000

  /// The photo grid's own script steps, declared for the parser
  /// (`GestureScript(_:verbs:)`):
  ///
  /// | step | meaning |
  /// | --- | --- |
  /// | `mode NAME SECONDS` | animate to mode `all`, `months` or `columns:N` over SECONDS |
  /// | `pinch SCALE SECONDS [at X,Y]` | a pinch from scale 1 to SCALE (> 0) over SECONDS, at screen point X,Y (the centre by default), then lift |
  /// | `insert N at I` | N new photos (1…1,000,000) at global index I, animated |
  /// | `delete I..J` | photos I through J (global indices, both included) are removed, animated |
  public static let verbs: [LayoutVerb] = [
    LayoutVerb(name: "mode", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 2 else { throw .badStep(name, "wrong number of arguments for 'mode'") }
      guard PhotoGridLayout.Mode(parsing: words[0]) != nil else {
        throw .badStep(name, "'\(words[0])' is not a mode (all, months or columns:N)")
      }
      return ([words[0]], try GestureScript.seconds(words[1], name))
    },
    LayoutVerb(name: "pinch", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 2 || words.count == 4 else { throw .badStep(name, "wrong number of arguments for 'pinch'") }
      let scale = try GestureScript.number(words[0], name)
      guard scale > 0 else { throw .badStep(name, "a pinch scale must be > 0, not \(words[0])") }
      let duration = try GestureScript.seconds(words[1], name)
      var arguments = [words[0]]
      if words.count == 4 {
        guard words[2] == "at" else { throw .badStep(name, "expected 'at X,Y' after the duration") }
        _ = try GestureScript.point(words[3], name)
        arguments.append(words[3])
      }
      return (arguments, duration)
    },
    LayoutVerb(name: "insert", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 3 else { throw .badStep(name, "wrong number of arguments for 'insert'") }
      guard words[1] == "at" else { throw .badStep(name, "expected 'insert N at I'") }
      let count = try GestureScript.whole(words[0], name)
      guard (1...maximumInsertCount).contains(count) else {
        throw .badStep(name, "an insert adds 1 to \(maximumInsertCount) photos, not \(words[0])")
      }
      _ = try GestureScript.whole(words[2], name)
      return ([words[0], words[2]], nil)
    },
    LayoutVerb(name: "delete", owner: owner) { words, name throws(ScriptError) in
      guard words.count == 1 else { throw .badStep(name, "wrong number of arguments for 'delete'") }
      let ends = words[0].split(separator: ".", omittingEmptySubsequences: true)
      guard words[0].contains(".."), ends.count == 2 else {
        throw .badStep(name, "'\(words[0])' is not a range I..J")
      }
      let i = try GestureScript.whole(String(ends[0]), name)
      let j = try GestureScript.whole(String(ends[1]), name)
      guard i <= j else { throw .badStep(name, "the range \(words[0]) is empty (I must be ≤ J)") }
      return ([String(i), String(j)], nil)
    },
  ]
}
