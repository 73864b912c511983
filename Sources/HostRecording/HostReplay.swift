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
  ///   updates the host refuses; `to` for a transition target that cannot
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

  private mutating func perform(_ call: HostCall) throws(HostReplayError) -> HostAnswer {
    if let bounds = call.bounds { try setBounds(bounds) }
    switch call {
    case .prepare(let bounds, let counts):
      let countsBefore = host.counts
      let sizeBefore = host.bounds.size
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
          throw HostReplayError(field: recount ? "sections" : "bounds", message: error.description, hostError: error)
        }
      }
    case .contentSize:
      try prepare()
      return .contentSize(host.contentSize)
    case .elements(let rect, _):
      try prepare()
      let rect = rect ?? host.bounds
      // A huge answer's room is not kept for the rest of the replay.
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
      if let transition {
        transition.elements(in: rect, into: &buffer)
      } else if rect == host.bounds {
        // As the UIKit layout reads it each frame (the answer lent in place).
        host.withElements(in: rect) { buffer.append(contentsOf: $0) }
      } else {
        // Any other rectangle straight into the answer: one copy of it,
        // not the host's buffer and this one (an `elements` call over the
        // whole content of millions of items).
        host.elements(in: rect, into: &buffer)
      }
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
