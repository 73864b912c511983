import LayoutCore

/// What one self-sizing frame did: the offset it shows, the anchor it held
/// and where, how far it moved the offset to hold it, and how many elements
/// it measured.
public struct SelfSizingFrame: Hashable, Sendable {
  /// The content offset the frame shows.
  public var offset: Point
  /// The anchor held this frame.
  public var anchor: AnchorMark
  /// The anchor's distance past the viewport's start along the layout's
  /// scroll axis after the frame (for an element anchor: its frame's
  /// start); `nil` when the element is gone.
  public var anchorScreenPosition: Double?
  /// The sum of the offset corrections made this frame (points, along the
  /// layout's scroll axis).
  public var correction: Double
  /// How many elements were measured this frame.
  public var measured: Int
  /// Whether holding the anchor would have left a resting offset past the
  /// content's end, so the offset was clamped to the edge instead.
  public var clamped: Bool
}

/// A scroll surface over a self-sizing layout: each frame measures the
/// elements that come into view, and those about to (`lookahead` points
/// ahead of the viewport in the direction of motion), updates the layout
/// with their real sizes, and moves the content offset along the layout's
/// scroll axis so that the anchor keeps its place on screen, whether the
/// surface is resting, dragged, flung or bouncing.
///
/// ```swift
/// var scroller = SelfSizingScroller(layout: cloud)
/// try script.run(on: &scroller) { scroller, time in
///   let frame = scroller.layoutFrame(measure: { id, maxWidth in measurer.size(of: id, maxWidth) }, into: &visible)
/// }
/// ```
///
/// Gesture calls only move the surface; `layoutFrame(measure:into:)` does
/// the measuring, before anything is drawn.
public struct SelfSizingScroller<Layout: SelfSizingLayout>: Sendable {
  /// The layout with every size measured so far.
  public private(set) var layout: Layout
  /// The scroll surface (offset, phase, velocity, events).
  public private(set) var surface: ScrollSurface
  /// What keeps its place when sizes change.
  public var anchor: ScrollAnchor
  /// The elements to measure in the current pass (kept between frames so a
  /// steady frame loop does not allocate).
  var pending: [ElementID] = []
  /// How far past the viewport, in points along the scroll axis and on
  /// the side the content is moving towards, elements are measured before
  /// they come into view (default: one viewport length; negative reads as
  /// 0, non-finite as the default). Measuring ahead means that what comes
  /// into view already has its real size, so learning sizes never moves
  /// what is on screen, even in a fast fling.
  public var lookahead: Double?
  /// The offset shown by the last frame, for the direction of motion.
  var lastFrameOffset: Point?
  /// The most measuring passes per frame: a pass measures what is visible
  /// and unmeasured; the corrected offset may reveal more.
  public static var maximumPasses: Int { 8 }

  /// A scroller over `layout`, resting at `offset`.
  ///
  /// - Parameters:
  ///   - layout: the prepared geometry, with estimates for what is not
  ///     measured yet.
  ///   - offset: the initial content offset (a non-finite coordinate is
  ///     read as 0).
  ///   - anchor: what keeps its place on screen when measured sizes differ
  ///     from the estimates.
  ///   - configuration: the scroll surface's settings (deceleration,
  ///     paging, bouncing).
  public init(
    layout: Layout, offset: Point = .zero, anchor: ScrollAnchor = .firstVisible,
    configuration: ScrollConfiguration = ScrollConfiguration()
  ) {
    self.layout = layout
    self.anchor = anchor
    let state = ScrollState(contentOffset: offset.sanitized)
    surface = ScrollSurface(
      viewportSize: layout.viewport.size, contentSize: layout.contentSize(at: state),
      contentInset: layout.contentInset(at: state), contentOffset: offset.sanitized, configuration: configuration)
  }

  /// The layout state at the surface's offset.
  public var state: ScrollState { ScrollState(contentOffset: surface.contentOffset) }

  /// The visible rectangle at the surface's offset.
  public var visibleRect: Rect { Rect(origin: surface.contentOffset, size: layout.viewport.size) }

  /// The rectangle measured this frame: the visible one, stretched by
  /// `lookahead` along the scroll axis towards where the content is
  /// going (the motion since the last frame, else the surface's velocity;
  /// at rest, towards the content's start: sizes learnt before the anchor,
  /// which sits at the viewport's start, move nothing on screen, while a
  /// size learnt below the viewport could pull an element into the last
  /// line on screen).
  var measuredRect: Rect {
    let axis = layout.scrollAxis
    var rect = visibleRect
    let offset = surface.contentOffset
    var direction = lastFrameOffset.map { offset[axis] - $0[axis] } ?? 0
    if direction == 0 || !direction.isFinite { direction = surface.velocity[axis] }
    if direction == 0 || !direction.isFinite { direction = -1 }
    let length = layout.viewport.size[axis]
    let ahead = lookahead.map { $0.isFinite ? Swift.max(0, $0) : length } ?? length
    var origin = rect.origin
    var size = rect.size
    if direction < 0 { origin[axis] -= ahead }
    size[axis] += ahead
    rect = Rect(origin: origin, size: size)
    return rect
  }

  /// Measures what is visible and unmeasured (and what is within
  /// `lookahead` of the viewport where the content is going), hands the
  /// sizes to the layout, corrects the offset so the anchor holds, repeats while the
  /// corrected view shows more unmeasured elements (at most
  /// `maximumPasses`), then appends the visible attributes to `result`.
  ///
  /// `measure` gets an element and the widest it may be, and returns its
  /// size (`nil` or a bad size keeps the estimate, and the element is not
  /// asked again this frame).
  ///
  /// - Complexity: O(m log n + k) for m elements measured, k visible.
  public mutating func layoutFrame(
    measure: (ElementID, _ maxWidth: Double) -> Size?, into result: inout [LayoutAttributes]
  ) -> SelfSizingFrame {
    let mark = layout.mark(anchor, at: surface.contentOffset)
    var correction = 0.0
    var count = 0
    var clamped = false
    for _ in 0..<Self.maximumPasses {
      pending.removeAll(keepingCapacity: true)
      layout.forEachUnmeasured(in: measuredRect) { pending.append($0) }
      guard !pending.isEmpty else { break }
      let maxWidth = layout.maxItemWidth
      var changed = false
      for id in pending {
        count += 1
        let before = layout.attributes(for: id, at: ScrollState())?.size ?? .zero
        let size = measure(id, maxWidth) ?? before
        // Lines at and below the anchor keep their breaks (the tag cloud).
        if !layout.setMeasuredSize(size, for: id, keepingLinesFrom: mark.id) {
          // A bad size keeps the estimate; it is not asked for again.
          layout.setMeasuredSize(before, for: id)
        } else if size != before {
          changed = true
        }
      }
      guard changed else { continue }
      let step = apply(mark)
      correction += step.delta
      clamped = clamped || step.clamped
    }
    let offset = surface.contentOffset
    lastFrameOffset = offset
    layout.attributes(in: visibleRect, at: state, into: &result)
    return SelfSizingFrame(
      offset: offset, anchor: mark, anchorScreenPosition: layout.screenPosition(of: mark, at: offset),
      correction: correction, measured: count, clamped: clamped)
  }

  /// Moves the surface so `mark` holds in the current layout, keeping any
  /// drag or motion going from the corrected offset; refits a fling to the
  /// new content edges.
  mutating func apply(_ mark: AnchorMark) -> (delta: Double, clamped: Bool) {
    let s = state
    let before = surface.contentOffset
    surface.setContent(size: layout.contentSize(at: s), inset: layout.contentInset(at: s))
    let wanted = layout.offset(keeping: mark, from: before)
    surface.translate(by: wanted - before)
    var clamped = false
    if surface.phase == .idle && !surface.isTouching && surface.isOutOfBounds {
      // Resting past the end: the content got shorter below the anchor
      // than the viewport can show. Rest on the edge.
      surface.setContentOffset(surface.clamped(surface.contentOffset), at: surface.time)
      clamped = true
    }
    surface.refitDeceleration(along: layout.scrollAxis)
    return (surface.contentOffset[layout.scrollAxis] - before[layout.scrollAxis], clamped)
  }

  /// Replaces the layout with `layout`, the same elements arranged anew
  /// (a waterfall's settle), keeping `mark` where it was on screen; any
  /// drag or motion goes on from the corrected offset. Returns the offset
  /// correction along the scroll axis.
  ///
  /// - Complexity: O(log n) (the anchor's lookup).
  public mutating func replaceLayout(_ layout: Layout, keeping mark: AnchorMark) -> Double {
    self.layout = layout
    return apply(mark).delta
  }

  /// Lays the content out for a new viewport (a rotation), keeping the
  /// anchor where it was on screen; the offset is then clamped into the new
  /// bounds (reported as `clamped`).
  ///
  /// - Complexity: O(n) (the layout re-flows).
  /// - Throws: `LayoutError.invalidViewport`; nothing changes then.
  public mutating func setViewport(_ viewport: Viewport) throws(LayoutError) -> SelfSizingFrame {
    let mark = layout.mark(anchor, at: surface.contentOffset)
    let before = surface.contentOffset
    layout = try layout.resized(to: viewport)
    surface.setViewportSize(layout.viewport.size)
    surface.setContent(size: layout.contentSize(at: state), inset: layout.contentInset(at: state))
    let wanted = layout.offset(keeping: mark, from: before)
    surface.translate(by: wanted - before)
    var clamped = false
    if !surface.isTouching && surface.phase != .decelerating && surface.isOutOfBounds {
      surface.setContentOffset(surface.clamped(surface.contentOffset), at: surface.time)
      clamped = true
    }
    surface.refitDeceleration(along: layout.scrollAxis)
    let offset = surface.contentOffset
    return SelfSizingFrame(
      offset: offset, anchor: mark, anchorScreenPosition: layout.screenPosition(of: mark, at: offset),
      correction: offset[layout.scrollAxis] - before[layout.scrollAxis], measured: 0, clamped: clamped)
  }

  // MARK: Gestures

  /// A finger touches down.
  public mutating func touchDown(at time: Double) {
    surface.touchDown(at: time)
  }

  /// The finger has moved by `translation` since it touched down.
  public mutating func drag(translation: Point, at time: Double) {
    surface.drag(translation: translation, at: time)
  }

  /// The finger lifts; the resting offset goes through the layout's
  /// `targetContentOffset`.
  public mutating func release(at time: Double) {
    let layout = self.layout
    let state = self.state
    let start = surface.dragStartOffset
    surface.release(at: time) { proposed, velocity in
      layout.targetContentOffset(proposed: proposed, velocity: velocity, dragStart: start, at: state)
    }
  }

  /// Moves the offset, animated or not, clamped into bounds.
  public mutating func setContentOffset(_ offset: Point, animated: Bool, at time: Double) {
    // One rule for `jump` and `scroll` (as `LayoutScroller`): into bounds.
    surface.setProgrammaticContentOffset(offset, animated: animated, at: time)
  }

  public mutating func advance(to time: Double) { surface.advance(to: time) }

  /// Returns the surface's queued events and clears them.
  public mutating func drainEvents() -> [ScrollEvent] { surface.drainEvents() }

  /// Passes each queued event to `body`, in order, then clears the queue,
  /// keeping its storage: unlike `drainEvents()`, a frame loop that calls
  /// this every frame does not allocate.
  ///
  /// - Complexity: O(events queued).
  public mutating func consumeEvents(_ body: (ScrollEvent) throws -> Void) rethrows {
    try surface.consumeEvents(body)
  }
}

extension ScrollSurface {
  /// The running motion along `axis`.
  fileprivate func runningMotion(along axis: Axis) -> AxisMotion? { axis == .horizontal ? motionX : motionY }

  fileprivate mutating func setMotion(_ motion: AxisMotion?, along axis: Axis) {
    if axis == .horizontal { motionX = motion } else { motionY = motion }
  }

  /// After the content's size changed under a fling along `axis`: a free
  /// fling that was going to run into an old edge runs into the new one
  /// instead (or runs free when the content now reaches past it); a fling
  /// whose resting point is past the new edges is sent there along its
  /// curve. Nothing moves this instant: a change that would move the
  /// offset now is not made.
  mutating func refitDeceleration(along axis: Axis = .vertical) {
    guard phase == .decelerating, let motion = runningMotion(along: axis) else { return }
    let now = time
    let current = contentOffset[axis]
    let edge = clamp(current, minOffset[axis], maxOffset[axis])
    if edge != current {
      // Already past the new edge (the content ended before the viewport's
      // end): bounce back to it from here, with the velocity it has.
      guard abs(motion.rest - edge) > 1e-9 else { return }
      setMotion(
        AxisMotion.boundedSpring(
          rest: edge, from: current, velocity: velocity[axis], start: now, stiffness: configuration.bounceStiffness,
          limit: viewportSize[axis]), along: axis)
      return
    }
    if case .decay(let from, let to, let rate, let start, let oldEdge, let stiffness, let limit) = motion,
      oldEdge != nil || to > maxOffset[axis] || to < minOffset[axis]
    {
      let newEdge: Double? = to > maxOffset[axis] ? maxOffset[axis] : to < minOffset[axis] ? minOffset[axis] : nil
      guard newEdge != oldEdge else { return }
      let refit = AxisMotion.decay(
        from: from, to: to, rate: rate, start: start, edge: newEdge, stiffness: stiffness, limit: limit)
      if abs(refit.sample(at: now).position - current) < 1e-9 {
        setMotion(refit, along: axis)
        return
      }
    }
    let rest = runningMotion(along: axis)?.rest ?? current
    if rest > maxOffset[axis] + 1e-9 || rest < minOffset[axis] - 1e-9 {
      var target = restingOffset
      target[axis] = clamp(rest, minOffset[axis], maxOffset[axis])
      redirect(to: target, at: now)
    }
  }
}
