import LayoutCore
import LayoutHost

/// A host driven by recorded calls, as UIKit drove the layout: each call
/// applied in turn, each answered as the host answers UIKit
/// (`scrollwork replay` prints the answers).
///
/// Besides the host it keeps what a replay needs between calls: whether a
/// `prepare` has succeeded (queries need one first), the last context
/// answered (what `{"call":"invalidate"}` without a context applies), and
/// a running interactive transition with its target host.
public struct HostReplay {
  /// The host the calls drive (the transition's target once one completes).
  public private(set) var host: any LayoutHosting
  /// The running interactive transition, if any.
  public private(set) var transition: HostTransition?
  /// The host a running transition leads to.
  public private(set) var transitionTarget: (any LayoutHosting)?
  /// The last context answered (`invalidate` without a context applies it).
  public private(set) var lastContext: InvalidationContext?
  /// Whether a `prepare` call has succeeded.
  public private(set) var isPrepared = false
  /// Makes the host a `transition` call's `to` names.
  let makeHost: (String) throws -> any LayoutHosting
  private var buffer: [LayoutAttributes] = []
  /// The last transition target made, by its `to` text, as last prepared:
  /// a replay that names the same target on many lines makes it (parses
  /// its options, measures its words) once, and prepares it again only for
  /// other bounds or counts.
  private var madeTarget: (command: String, host: any LayoutHosting)?
  /// About how many elements an `elements` answer over a large rectangle
  /// holds at once (`apply(_:head:element:)`): the rectangle is queried in
  /// bands of about this many elements and merged into identity order.
  /// At least 1; the default, 16,384, keeps a few MB of attributes.
  public var elementChunk = 16_384 {
    didSet { elementChunk = Swift.max(1, elementChunk) }
  }
  /// Whether the host leaves the waterfall's settle to a shell
  /// (`LayoutHost.defersSettle`): a recording's header says so
  /// (`HostLine.header(format:defersSettle:)`) when the recorded host did,
  /// and the replay sets it before the first call. Transition targets the
  /// replay makes take it too.
  ///
  /// - Complexity: O(1).
  public var defersSettle: Bool {
    get { host.defersSettle }
    set { host.defersSettle = newValue }
  }

  /// The most attributes the last `elements` answer held at once.
  private(set) var elementsHeld = 0

  /// A replay of calls on `host`; `makeHost` makes the host of a
  /// `transition` call's `to` (a layout and its options, not yet prepared;
  /// the error it throws is printed as the reason, naming `to`).
  public init(host: any LayoutHosting, makeHost: @escaping (String) throws -> any LayoutHosting) {
    self.host = host
    self.makeHost = makeHost
  }

  /// Applies `call` and returns the host's answer; on error nothing
  /// changes.
  ///
  /// The call's `bounds`, when it has some, become the host's first (as
  /// the collection view's bounds were when UIKit made the call).
  ///
  /// - Throws: `HostReplayError` naming the field at fault: `call` for a
  ///   query before a `prepare` has succeeded or a `finishTransition`
  ///   without a transition; `bounds` for bounds the host refuses or a
  ///   layout with no room in them; `sections` or `updates` for counts or
  ///   updates the host refuses (and for a layout's own refusal of a
  ///   prepare when the same bounds take one item: the counts are at
  ///   fault); `to` for a transition target that cannot
  ///   be made or prepared. While a transition runs, a `prepare` with other
  ///   counts (`sections`) and a `prepareForUpdates` (`call`) are refused:
  ///   finishing the transition would lose them.
  /// - Complexity: that of the host's answer (see `LayoutHost`); the
  ///   elements are sorted by identity, O(k log k).
  public mutating func apply(_ call: HostCall) throws(HostReplayError) -> HostAnswer {
    let saved = self
    do {
      return try perform(call)
    } catch {
      self = saved
      throw error
    }
  }

  /// Applies `call` as `apply(_:)` does, but hands over an answer's
  /// elements one at a time instead of in an array: `head` gets the answer
  /// with its element list empty, then `element` gets each element in
  /// identity order (an `elements` or `transition` answer; nothing for the
  /// others). On error neither is called and nothing changes.
  ///
  /// An `elements` call over a rectangle much longer than the bounds is
  /// never held whole: the rectangle is queried in bands along the content
  /// (about `elementChunk` elements each), once to learn each band's
  /// smallest identity per kind and then once per kind, and each element is
  /// written as soon as no later band can hold a smaller one. The elements
  /// and their order are those of `apply(_:)`: the union of the bands'
  /// answers, each element once.
  ///
  /// - Complexity: O(k log k) for k elements and O(k · kinds) queries of
  ///   the engine; memory O(`elementChunk` + the elements a later band
  ///   holds a smaller identity than), a few bands' worth for a layout
  ///   whose identities follow the content (every layout in the catalogue),
  ///   at most the whole answer for one whose identities run against it.
  public mutating func apply(
    _ call: HostCall, head: (HostAnswer) -> Void, element: (LayoutAttributes) -> Void
  ) throws(HostReplayError) {
    guard case .elements(let rect, let bounds) = call, transition == nil else {
      switch try apply(call) {
      case .elements(let list):
        head(.elements([]))
        list.forEach(element)
      case .transition(let progress, let presented, let target, let list):
        head(.transition(progress: progress, presentedOffset: presented, targetOffset: target, elements: []))
        list.forEach(element)
      case let answer:
        head(answer)
      }
      return
    }
    let saved = self
    do {
      if let bounds { try setBounds(bounds) }
      try prepare()
    } catch {
      self = saved
      throw error
    }
    head(.elements([]))
    streamElements(in: rect ?? host.bounds, element)
  }

  private mutating func perform(_ call: HostCall) throws(HostReplayError) -> HostAnswer {
    if let bounds = call.bounds { try setBounds(bounds) }
    switch call {
    case .prepare(let bounds, let counts):
      let countsBefore = host.counts
      let sizeBefore = host.bounds.size
      let hostBefore = host
      if transition != nil, isPrepared, counts != host.counts {
        throw HostReplayError(field: "sections", message: Self.busy("new section counts"))
      }
      do throws(HostError) {
        let again = try host.prepare(bounds: bounds, counts: counts)
        isPrepared = true
        return .prepared(again: again, contentSize: host.contentSize)
      } catch {
        // Counts are the sections' fault; a layout that has no room in
        // the bounds is theirs, and so is content that grows too long
        // when only the bounds changed (a resize with the same counts).
        let resize = isPrepared && counts == countsBefore
        // Only the counts changed: a layout that refuses them (a count
        // limit stated as a configuration) is the sections' fault too.
        let recount = isPrepared && counts != countsBefore && bounds.size == sizeBefore
        switch error {
        case .invalidCounts, .update, .layout(.invalidItemCount), .layout(.tooManyItems):
          throw HostReplayError(field: "sections", message: error.description, hostError: error)
        case .layout(.contentTooLarge), .layout(.invalidItemSize):
          throw HostReplayError(field: resize ? "bounds" : "sections", message: error.description, hostError: error)
        default:
          // A layout's own refusal (a count limit or a number of sections
          // stated as a configuration error): the counts' fault when the
          // same bounds take one item.
          var probe = hostBefore
          let countsAtFault = recount || (!resize && (try? probe.prepare(bounds: bounds, counts: [1])) != nil)
          throw HostReplayError(
            field: countsAtFault ? "sections" : "bounds", message: error.description, hostError: error)
        }
      }
    case .contentSize:
      try prepare()
      return .contentSize(host.contentSize)
    case .elements(let rect, _):
      try prepare()
      let rect = rect ?? host.bounds
      guard let transition else {
        var list: [LayoutAttributes] = []
        streamElements(in: rect) { list.append($0) }
        return .elements(list)
      }
      // A huge answer's room is not kept for the rest of the replay.
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
      transition.elements(in: rect, into: &buffer)
      buffer.sort { $0.id < $1.id }
      return .elements(buffer)
    case .item(let id, _), .supplementary(let id, _):
      try prepare()
      return .attributes(transition.map { $0.attributes(for: id) } ?? host.attributes(for: id))
    case .shouldInvalidateForBoundsChange(let bounds):
      try prepare()
      return .invalidate(host.shouldInvalidate(forBoundsChange: bounds))
    case .invalidationContextForBoundsChange(let bounds):
      try prepare()
      let context = host.invalidationContext(forBoundsChange: bounds)
      lastContext = context
      return .context(context)
    case .shouldInvalidateForPreferredSize(let id, let size, _):
      try prepare()
      return .invalidate(host.shouldInvalidate(forPreferredSize: size, of: id))
    case .invalidationContextForPreferredSize(let id, let size, _):
      try prepare()
      let context = host.invalidationContext(forPreferredSize: size, of: id)
      lastContext = context
      return .context(context)
    case .invalidate(let given, _):
      let context = given ?? lastContext ?? .everything(.configuration)
      if let size = context.bounds?.size, size.width < Viewport.minimumExtent || size.height < Viewport.minimumExtent {
        throw HostReplayError(
          field: "context.bounds",
          message: "the bounds are \(size.width)x\(size.height): no layout can be prepared for a size under "
            + "\(Viewport.minimumExtent) points (UIKit never invalidates for such bounds)")
      }
      let origin = (context.bounds ?? host.bounds).origin + context.contentOffsetAdjustment
      if Swift.abs(origin.x) > LayoutLimits.maximumExtent || Swift.abs(origin.y) > LayoutLimits.maximumExtent {
        throw HostReplayError(
          field: "context.contentOffsetAdjustment",
          message: "it would move the content offset to [\(origin.x),\(origin.y)], past the limit of "
            + "\(LayoutLimits.maximumExtent) points")
      }
      host.invalidate(with: context)
      return .bounds(host.bounds)
    case .prepareForUpdates(let updates, let counts, _):
      try prepare()
      if transition != nil { throw HostReplayError(field: "call", message: Self.busy("a batch update")) }
      do throws(HostError) {
        try host.prepare(forUpdates: updates, counts: counts)
      } catch {
        if case .update = error {
          throw HostReplayError(field: "updates", message: error.description, hostError: error)
        }
        throw HostReplayError(field: "sections", message: error.description, hostError: error)
      }
      return .updated(
        contentSize: host.contentSize, targetContentOffset: host.targetContentOffset(forProposed: host.bounds.origin),
        anchor: host.pendingAnchor)
    case .initialForAppearing(let id, _):
      return .attributes(host.initialAttributes(forAppearing: id))
    case .finalForDisappearing(let id, _):
      return .attributes(host.finalAttributes(forDisappearing: id))
    case .finalizeUpdates:
      host.finalizeUpdates()
      return .none
    case .targetContentOffset(let proposed, let velocity, let dragStart, _):
      try prepare()
      if let dragStart { host.dragStart = dragStart }
      return .offset(host.targetContentOffset(proposed: proposed, velocity: velocity))
    case .targetContentOffsetForProposed(let proposed, _):
      try prepare()
      return .offset(
        transition.map { $0.restingOffset(completed: true) } ?? host.targetContentOffset(forProposed: proposed))
    case .transition(let to, let progress, let anchor, _):
      try prepare()
      if let to { try start(to: to, anchoredAt: anchor) }
      guard var running = transition else {
        throw HostReplayError(field: "to", message: "no transition is running: give \"to\" with the target layout")
      }
      if let progress { running.progress = progress }
      transition = running
      buffer.removeAll(keepingCapacity: true)
      running.elements(in: Rect(origin: running.presentedOffset, size: host.bounds.size), into: &buffer)
      buffer.sort { $0.id < $1.id }
      return .transition(
        progress: running.progress, presentedOffset: running.presentedOffset, targetOffset: running.targetOffset,
        elements: buffer)
    case .finishTransition(let completed, _):
      guard let running = transition, let target = transitionTarget else {
        throw HostReplayError(field: "call", message: "no transition is running")
      }
      let completed = completed ?? true
      let offset = running.restingOffset(completed: completed)
      if completed { host = target }
      try setBounds(Rect(origin: offset, size: host.bounds.size))
      transition = nil
      transitionTarget = nil
      return .finished(completed: completed, offset: offset)
    }
  }

  /// Passes the host's elements in `rect` to `body` in identity order,
  /// each once (see `apply(_:head:element:)`).
  private mutating func streamElements(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
    guard rect.isFinite else { return }
    let content = host.contentSize
    let vertical = !(content.width > content.height)
    let step = Swift.max(vertical ? host.bounds.height : host.bounds.width, 1)
    let (low, high) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    if rect == host.bounds || !(high - low > 4 * step) {
      // A rectangle about the size of the bounds: one query. A huge
      // answer's room is not kept for the rest of the replay.
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
      if rect == host.bounds {
        // As the UIKit layout reads it each frame (the answer lent in place).
        host.withElements(in: rect) { buffer.append(contentsOf: $0) }
      } else {
        host.elements(in: rect, into: &buffer)
      }
      buffer.sort { $0.id < $1.id }
      elementsHeld = buffer.count
      buffer.forEach(body)
      return
    }
    var scan = BandScan(
      host: host, rect: rect, vertical: vertical, extent: vertical ? content.height : content.width, step: step,
      chunk: elementChunk)
    elementsHeld = scan.run(body)
  }

  /// Why a call that changes the data is refused while a transition runs:
  /// the target layout would not know it, and finishing the transition
  /// would silently undo it.
  static func busy(_ what: String) -> String {
    "a transition is running: finish it (\"finishTransition\") before \(what); the target layout would not "
      + "have it and finishing would undo it"
  }

  /// Starts a transition to the layout `command` names.
  private mutating func start(to command: String, anchoredAt anchor: Point?) throws(HostReplayError) {
    var other: any LayoutHosting
    if let made = madeTarget, made.command == command {
      other = made.host
    } else {
      do {
        other = try makeHost(command)
      } catch {
        throw HostReplayError(field: "to", message: "\(error)")
      }
    }
    other.defersSettle = host.defersSettle
    do throws(HostError) {
      try other.prepare(bounds: host.bounds, counts: host.counts)
    } catch {
      madeTarget = nil
      throw HostReplayError(field: "to", message: error.description, hostError: error)
    }
    madeTarget = (command, other)
    guard let made = HostTransition(fromAny: host, toAny: other, anchoredAt: anchor) else {
      throw HostReplayError(field: "to", message: "a transition needs both layouts prepared with a plain scroll state")
    }
    transition = made
    transitionTarget = other
  }

  private mutating func setBounds(_ rect: Rect) throws(HostReplayError) {
    do throws(HostError) {
      try host.setBounds(rect)
    } catch {
      throw HostReplayError(field: "bounds", message: error.description, hostError: error)
    }
  }

  /// Prepares when an invalidation asked for it (UIKit calls `prepare()`
  /// before it queries).
  private mutating func prepare() throws(HostReplayError) {
    guard isPrepared else {
      throw HostReplayError(
        field: "call",
        message: "the layout is not prepared yet: a \"prepare\" call with bounds and sections must succeed first")
    }
    do throws(HostError) {
      try host.prepareIfNeeded()
    } catch {
      throw HostReplayError(
        field: "bounds", message: "the layout cannot be prepared: \(error.description)", hostError: error)
    }
  }
}

/// What a host answers a call (`HostReplay.apply(_:)`).
public enum HostAnswer: Hashable, Sendable {
  /// `prepare`: whether the layout was prepared again, and the content size.
  case prepared(again: Bool, contentSize: Size)
  /// `contentSize`.
  case contentSize(Size)
  /// `elements`: the attributes in the rectangle, sorted by identity.
  case elements([LayoutAttributes])
  /// `item`, `supplementary`, the appearing and disappearing calls: the
  /// element's attributes, `nil` when there is no such element.
  case attributes(LayoutAttributes?)
  /// The `shouldInvalidate…` calls.
  case invalidate(Bool)
  /// The `invalidationContext…` calls.
  case context(InvalidationContext)
  /// `invalidate`: the host's bounds after it.
  case bounds(Rect)
  /// `prepareForUpdates`: the content size after the update, where the
  /// offset rests, and the update's anchor.
  case updated(contentSize: Size, targetContentOffset: Point, anchor: ElementID?)
  /// The target content offset calls.
  case offset(Point)
  /// `transition`: its progress, the offset shown, the target offset and
  /// the elements shown, sorted by identity.
  case transition(progress: Double, presentedOffset: Point, targetOffset: Point, elements: [LayoutAttributes])
  /// `finishTransition`: whether the new layout was kept, and where it rests.
  case finished(completed: Bool, offset: Point)
  /// `finalizeUpdates`.
  case none
}

/// Why a host could not apply a call: the field at fault and why.
public struct HostReplayError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The dotted path of the field at fault, or `call`.
  public var field: String
  /// Why, in words.
  public var message: String
  /// The host's error, when the host refused.
  public var hostError: HostError?

  /// An error naming `field`.
  public init(field: String, message: String, hostError: HostError? = nil) {
    self.field = field
    self.message = message
    self.hostError = hostError
  }

  /// `field: message`.
  public var description: String { field + ": " + message }
}

/// An `elements` answer over a long rectangle, written in identity order
/// without holding it whole (`HostReplay.apply(_:head:element:)`).
///
/// The rectangle is cut along the content's axis into bands of about
/// `chunk` elements (the part before the content and the part after it are
/// one band each); each band reaches a little into the next, so an element
/// on a cut (even one of no height) lies inside a band as it lies inside
/// the rectangle, and the bands' answers together are the rectangle's. A
/// first pass keeps each band's smallest identity per kind (and the
/// elements themselves while there are few: then they are simply sorted);
/// then, per kind in order, the bands are queried again in turn and an
/// element is written once no later band holds a smaller identity of its
/// kind. An element two bands hold is still waiting when the second one
/// comes (the second band's smallest identity is at most its own), so it
/// is written once.
struct BandScan {
  let host: any LayoutHosting
  let rect: Rect
  let vertical: Bool
  let extent: Double
  let step: Double
  let chunk: Int
  /// Each band's query, and its smallest identity of each kind present.
  private var bands: [(query: Rect, smallest: [ElementID])] = []

  init(host: any LayoutHosting, rect: Rect, vertical: Bool, extent: Double, step: Double, chunk: Int) {
    self.host = host
    self.rect = rect
    self.vertical = vertical
    self.extent = extent
    self.step = step
    self.chunk = chunk
  }

  /// The query of the band from `start` to `end` along the axis, reaching
  /// `overlap` into the next (never past the rectangle).
  private func query(from start: Double, to end: Double, overlap: Double) -> Rect {
    let (low, high) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    let stop = end >= high ? high : Swift.min(end + overlap, high)
    let length = start == low && stop == high ? (vertical ? rect.height : rect.width) : stop - start
    return vertical
      ? Rect(x: rect.minX, y: start, width: rect.width, height: length)
      : Rect(x: start, y: rect.minY, width: length, height: rect.height)
  }

  /// Writes the elements; returns the most attributes held at once.
  mutating func run(_ body: (LayoutAttributes) -> Void) -> Int {
    let (low, high) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    var kept: [LayoutAttributes]? = []
    var found: [LayoutAttributes] = []
    var start = low
    var length = step
    var held = 0
    while start < high {
      var end: Double
      if start < 0 {
        end = Swift.min(0, high)
      } else if start >= extent {
        end = high
      } else {
        end = Swift.min(start + Swift.max(length, start.ulp * 8), high)
        if end > extent { end = Swift.max(extent, start.nextUp) }
      }
      let band = query(from: start, to: end, overlap: Swift.min(step, end - start) / 8)
      found.removeAll(keepingCapacity: true)
      host.elements(in: band, into: &found)
      let inContent = start >= 0 && start < extent
      if inContent && found.count > 2 * chunk && length > step / 64 && start + length / 2 > start {
        length /= 2  // too many: the same start again, half as far
        continue
      }
      if inContent && found.count <= chunk / 2 && length < extent { length *= 2 }
      var smallest: [ElementID] = []
      for a in found {
        if let i = smallest.firstIndex(where: { $0.kind == a.id.kind }) {
          if a.id < smallest[i] { smallest[i] = a.id }
        } else {
          smallest.append(a.id)
        }
      }
      bands.append((band, smallest))
      held = Swift.max(held, found.count + (kept?.count ?? 0))
      if kept != nil {
        if kept!.count + found.count <= 4 * chunk {
          kept!.append(contentsOf: found)
        } else {
          kept = nil
        }
      }
      start = end
    }
    found = []
    if var all = kept {
      all.sort { $0.id < $1.id }
      var last: ElementID?
      for a in all where a.id != last {
        body(a)
        last = a.id
      }
      return held
    }
    var kinds: [ElementKind] = []
    for band in bands {
      for id in band.smallest where !kinds.contains(id.kind) { kinds.append(id.kind) }
    }
    kinds.sort()
    for kind in kinds { held = Swift.max(held, write(kind, body)) }
    return held
  }

  /// Writes the elements of `kind` in identity order; returns the most
  /// attributes held at once.
  private func write(_ kind: ElementKind, _ body: (LayoutAttributes) -> Void) -> Int {
    // The smallest identity of the kind in each band and every later one.
    var later: [ElementID?] = Array(repeating: nil, count: bands.count + 1)
    for b in bands.indices.reversed() {
      let own = bands[b].smallest.first { $0.kind == kind }
      later[b] =
        switch (own, later[b + 1]) {
        case (let a?, let c?): Swift.min(a, c)
        case (let a, let c): a ?? c
        }
    }
    var waiting = AttributeHeap()
    var found: [LayoutAttributes] = []
    var last: ElementID?
    var held = 0
    for b in bands.indices {
      guard later[b] != nil else { break }
      found.removeAll(keepingCapacity: true)
      host.elements(in: bands[b].query, into: &found)
      for a in found where a.id.kind == kind { waiting.push(a) }
      held = Swift.max(held, found.count + waiting.count)
      while let top = waiting.top, later[b + 1].map({ top.id < $0 }) ?? true {
        waiting.pop()
        if top.id != last { body(top) }
        last = top.id
      }
    }
    return held
  }
}

/// A binary min-heap of attributes by identity.
struct AttributeHeap {
  private var items: [LayoutAttributes] = []

  var top: LayoutAttributes? { items.first }
  var count: Int { items.count }

  mutating func push(_ a: LayoutAttributes) {
    items.append(a)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard items[i].id < items[parent].id else { break }
      items.swapAt(i, parent)
      i = parent
    }
  }

  mutating func pop() {
    guard items.count > 1 else {
      items.removeAll()
      return
    }
    items[0] = items.removeLast()
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < items.count && items[l].id < items[m].id { m = l }
      if r < items.count && items[r].id < items[m].id { m = r }
      if m == i { return }
      items.swapAt(i, m)
      i = m
    }
  }
}
