/// A change from one prepared layout to another that moves every element
/// by identity: `(from, fromState)` at progress 0, `(to, toState)` at
/// progress 1.
///
/// Progress `p` is the interpolation fraction, already through the timing
/// curve (`TimingCurve`, `TransitionDriver`). The query is a pure function
/// of `p` and costs two visible-rect queries (one on each layout) plus
/// O(1) work per element found.
///
/// ## Coordinates
/// The scroll offset runs from `a = fromState.contentOffset` to
/// `b = toState.contentOffset`: `offset(at: p) = a + (b − a)·p`. Presented
/// attributes are in *presented content coordinates*: the viewport at
/// progress `p` is `Rect(origin: offset(at: p), size: viewport size)`, so
/// the screen position of an element is its presented centre minus
/// `offset(at: p)`. On screen:
/// - an element in both layouts moves from its screen frame in A to its
///   screen frame in B: centre, size, transform, alpha, overlay alpha,
///   content rect, corner radius and style progress interpolate linearly;
///   the z-index is the rounded interpolation;
/// - an element only in A stays at its screen frame in A and fades out
///   (alpha × (1 − p)); one only in B stays at its screen frame in B and
///   fades in (alpha × p).
/// In content coordinates, an element in both is therefore exactly at the
/// interpolation of its frames in A and B.
///
/// ## Identity
/// Presented elements carry B's identity when they are in B, A's identity
/// when they are only in A. For a data change an element only in A may then
/// share its identity with a different element of B (a deleted photo and
/// the one now at its index): `attributes(for:progress:)` answers B's, and
/// the element only in A carries `extras.isLeaving`, so that a renderer
/// can look its content up in A's data.
///
/// ## Visible set (the exact rule)
/// For a query rectangle `R` (presented coordinates) at progress `p`, let
/// `R_A = R` moved by `a − offset(at: p)` and `R_B = R` moved by
/// `b − offset(at: p)` (R seen from the same place on screen in A at `a`
/// and in B at `b`). An element is returned when
/// 1. its presented frame meets `R`, and
/// 2. its frame in A meets `R_A` or its frame in B meets `R_B`.
/// For an element only in A (only in B) rule 2 follows from rule 1, so
/// such elements are returned exactly when their presented frame meets
/// `R`. An element in both that is outside `R_A` in A and outside `R_B`
/// in B but crosses `R` mid-way is not returned. This cannot happen when
/// the order of elements along the scroll axis is the same in A and B and
/// the anchor is on screen at both ends (every photo grid mode change with
/// the anchored target offset, every data update without moves): an
/// element above the screen at one end and below it at the other would
/// have to pass the anchor.
///
/// Both layouts' `attributes(for:at:)` must agree with their
/// `attributes(in:at:into:)` bit for bit (every engine layout's tests check
/// this): an element found in both queries is emitted once, by the query on
/// A, using that agreement.
public struct LayoutTransition<A: PreparedLayout, B: PreparedLayout>: Sendable {
  /// The layout at progress 0.
  public let from: A
  /// The state at progress 0; its content offset is `a`.
  public let fromState: A.State
  /// The layout at progress 1.
  public let to: B
  /// The state at progress 1; its content offset is `b`.
  public let toState: B.State
  /// How A's elements correspond to B's.
  public let mapping: ElementMapping
  /// The element the target offset keeps in place, in A, if any.
  public let anchor: ElementID?
  /// The anchor's counterpart in B (its section's first photo when it has
  /// none), if any.
  public let targetAnchor: ElementID?
  /// What the viewport can show at any progress, found when the transition
  /// starts (see `TransitionCandidates`).
  @usableFromInline let candidates: TransitionCandidates

  /// A transition to an explicit target state.
  ///
  /// - Complexity: one query on each layout and a lookup per element found
  ///   (O(log n + k)), to find what the viewport can show
  ///   (`TransitionCandidates`); allocates (once, not per frame).
  public init(from: A, at fromState: A.State, to: B, at toState: B.State, mapping: ElementMapping = .sameIdentity) {
    let fromState = Self.sanitized(fromState)
    let toState = Self.sanitized(toState)
    self.from = from
    self.fromState = fromState
    self.to = to
    self.toState = toState
    self.mapping = mapping
    anchor = nil
    targetAnchor = nil
    candidates = TransitionCandidates(from: from, at: fromState, to: to, at: toState, mapping: mapping)
  }

  /// A transition whose target offset keeps the photo you are looking at in
  /// place: the anchor is the element of A under `point` (a point on
  /// screen, the viewport's centre by default), or when nothing is under
  /// it, the element of A on screen whose centre is nearest. Its
  /// counterpart in B (or when it has none, the first photo of its section
  /// in B) gets the target offset that puts its centre at the anchor's
  /// centre on screen, clamped into B's offset bounds at `toState`.
  /// `toState`'s offset is replaced; without an anchor it is A's offset,
  /// clamped.
  ///
  /// - Complexity: two visible-rect queries on A, then one on each layout
  ///   and a lookup per element found (O(log n + k)), to find what the
  ///   viewport can show (`TransitionCandidates`); allocates (once, not per
  ///   frame).
  public init(
    from: A, at fromState: A.State, to: B, at toState: B.State, mapping: ElementMapping = .sameIdentity,
    anchoredAt point: Point? = nil
  ) {
    let fromState = Self.sanitized(fromState)
    let a = fromState.contentOffset
    let size = from.viewport.size
    let screenPoint =
      point.map { Point(x: $0.x.finiteOr(size.width / 2), y: $0.y.finiteOr(size.height / 2)) }
      ?? Point(x: size.width / 2, y: size.height / 2)
    let contentPoint = a + screenPoint
    var found: [LayoutAttributes] = []
    from.attributes(in: Rect(origin: contentPoint, size: .zero), at: fromState, into: &found)
    if found.isEmpty { from.attributes(in: Rect(origin: a, size: size), at: fromState, into: &found) }
    let anchorA = Self.best(found, near: contentPoint)
    var target = toState
    var anchorB: LayoutAttributes?
    if let anchorA {
      if let id = mapping.forward(anchorA.id), let b = to.attributes(for: id, at: toState) {
        anchorB = b
      } else if let s = mapping.forwardSection(anchorA.id.section),
        let b = to.attributes(for: .cell(0, section: s), at: toState)
      {
        anchorB = b
      }
    }
    var b = a
    if let anchorA, let anchorB {
      b = anchorB.center - (anchorA.center - a)
    }
    let bounds = to.offsetBounds(at: toState)
    target.contentOffset = Point(x: clamp(b.x, bounds.min.x, bounds.max.x), y: clamp(b.y, bounds.min.y, bounds.max.y))
    self.from = from
    self.fromState = fromState
    self.to = to
    self.toState = target
    self.mapping = mapping
    anchor = anchorA?.id
    targetAnchor = anchorB?.id
    candidates = TransitionCandidates(from: from, at: fromState, to: to, at: target, mapping: mapping)
  }

  static func sanitized<S: ScrollStateProtocol>(_ state: S) -> S {
    var copy = state
    copy.contentOffset = state.contentOffset.sanitized
    return copy
  }

  /// The attributes under `point` to anchor on: cells before other kinds,
  /// then the nearest centre, then the lower identity (deterministic).
  static func best(_ candidates: [LayoutAttributes], near point: Point) -> LayoutAttributes? {
    func distance(_ a: LayoutAttributes) -> Double {
      let dx = a.center.x - point.x
      let dy = a.center.y - point.y
      return dx * dx + dy * dy
    }
    return candidates.min { l, r in
      let lc = l.id.kind == .cell
      let rc = r.id.kind == .cell
      if lc != rc { return lc }
      let dl = distance(l)
      let dr = distance(r)
      if dl != dr { return dl < dr }
      return l.id < r.id
    }
  }

  /// `a`, the offset at progress 0.
  @inlinable public var sourceOffset: Point { fromState.contentOffset }
  /// `b`, the offset at progress 1 (the anchored target offset).
  @inlinable public var targetOffset: Point { toState.contentOffset }

  /// The presented content offset at progress `p`: `a + (b − a)·p`, with
  /// `p` clamped into `[0, 1]` (NaN counts as 0).
  @inlinable public func offset(at p: Double) -> Point {
    let p = clamp(p, 0, 1)
    let a = sourceOffset
    let b = targetOffset
    return Point(x: mix(a.x, b.x, p), y: mix(a.y, b.y, p))
  }

  /// The viewport at progress `p`, in presented coordinates.
  @inlinable public func viewportRect(at p: Double) -> Rect {
    let p = clamp(p, 0, 1)
    let sa = from.viewport.size
    let sb = to.viewport.size
    return Rect(
      origin: offset(at: p), size: Size(width: mix(sa.width, sb.width, p), height: mix(sa.height, sb.height, p)))
  }

  // MARK: - Interpolation

  /// An element in both layouts at progress `p`. The centre and size
  /// always mix (`mixedFrame` gives the same bits); any other value equal
  /// at both ends is kept as it is, not mixed: `a·(1 − p) + a·p` can be an
  /// ulp off `a`, so an alpha of 1 or an identity transform stays exact
  /// (and a frame of a pinch, where most of them are equal, skips them).
  @inline(__always) @inlinable public static func interpolate(
    _ x: LayoutAttributes, _ y: LayoutAttributes, _ p: Double
  ) -> LayoutAttributes {
    let ex = x.extras
    let ey = y.extras
    let content: Rect?
    if ex.contentRect == ey.contentRect {
      content = ey.contentRect
    } else {
      let cx = ex.contentRect ?? Rect(origin: .zero, size: x.size)
      let cy = ey.contentRect ?? Rect(origin: .zero, size: y.size)
      content = Rect(
        x: mix(cx.minX, cy.minX, p), y: mix(cx.minY, cy.minY, p), width: mix(cx.width, cy.width, p),
        height: mix(cx.height, cy.height, p))
    }
    let tx = x.transform
    let ty = y.transform
    let transform =
      tx == ty
      ? ty
      : AffineTransform(
        a: mix(tx.a, ty.a, p), b: mix(tx.b, ty.b, p), c: mix(tx.c, ty.c, p), d: mix(tx.d, ty.d, p),
        tx: mix(tx.tx, ty.tx, p), ty: mix(tx.ty, ty.ty, p))
    // Equal z-indices mix to themselves (the rounding would give them
    // back): no rounding call for them.
    let z = x.zIndex == y.zIndex ? Double(y.zIndex) : mix(Double(x.zIndex), Double(y.zIndex), p).rounded()
    return LayoutAttributes(
      id: y.id, center: Point(x: mix(x.center.x, y.center.x, p), y: mix(x.center.y, y.center.y, p)),
      size: Size(width: mix(x.size.width, y.size.width, p), height: mix(x.size.height, y.size.height, p)),
      transform: transform, alpha: keep(x.alpha, y.alpha, p),
      zIndex: z >= Double(Int32.min) && z <= Double(Int32.max) ? Int(z) : y.zIndex,
      isHidden: p < 0.5 ? x.isHidden : y.isHidden,
      extras: AttributeExtras(
        contentRect: content, overlayAlpha: keep(ex.overlayAlpha, ey.overlayAlpha, p),
        cornerRadius: keep(ex.cornerRadius, ey.cornerRadius, p),
        styleProgress: keep(ex.styleProgress, ey.styleProgress, p)))
  }

  /// An element of one layout only, moved by `shift` and faded to `alpha`
  /// times its own.
  /// `leaving`: the element is the old layout's only (`isLeaving`).
  @inline(__always) @inlinable static func alone(
    _ x: LayoutAttributes, shift: Point, alpha: Double, leaving: Bool = false
  ) -> LayoutAttributes {
    var copy = x
    copy.center = x.center + shift
    copy.alpha = x.alpha * alpha
    copy.extras.isLeaving = leaving
    return copy
  }

  // MARK: - Queries

  /// Appends the presented attributes of every element the visible-set
  /// rule (see the type's documentation) returns for `rect` at progress
  /// `p`, in no particular order.
  ///
  /// The viewport at any progress (`viewportRect(at:)`), or any rectangle
  /// whose `R_A` and `R_B` lie within a point of the viewports at the
  /// ends, is answered from the candidates found when the transition
  /// started (`TransitionCandidates`): no query, no lookup, only the
  /// rule's tests and the interpolation of what is shown.
  ///
  /// Any other rectangle walks both layouts. Each element found is placed
  /// first, from its centre and size and those of its counterpart; whole
  /// attributes are looked up and interpolated only for the elements
  /// shown. A layout with a walk (`forEachGeometry(in:at:_:)`) is read
  /// without building attributes; any other is queried into `result`
  /// itself as scratch, which is trimmed after. Both ways give the same
  /// elements, bit for bit, in the same order. A steady-state frame
  /// allocates nothing once `result` has the capacity.
  ///
  /// - Complexity: from the candidates, O(c) for the c elements found
  ///   when the transition started (about the viewport's elements in A
  ///   and in B). Otherwise O(log n + k): one query or walk on A and one on
  ///   B; per element of A found, its counterpart's `attributes(for:at:)`
  ///   on B; per element of B found, its counterpart's `geometry(for:at:)`
  ///   on A; per element shown, up to two more `attributes(for:at:)`
  ///   lookups (plus the mapping's O(log d) per lookup for a data change).
  /// - Bad input: `p` is clamped into `[0, 1]` (NaN counts as 0); a
  ///   non-finite `rect` returns nothing.
  @inlinable
  public func attributes(in rect: Rect, progress p: Double, into result: inout [LayoutAttributes]) {
    guard rect.isFinite else { return }
    let p = clamp(p, 0, 1)
    let o = offset(at: p)
    let a = sourceOffset
    let b = targetOffset
    let rectA = rect.offsetBy(dx: a.x - o.x, dy: a.y - o.y)
    let rectB = rect.offsetBy(dx: b.x - o.x, dy: b.y - o.y)
    let pass = Pass(rect: rect, rectA: rectA, rectB: rectB, shiftA: o - a, shiftB: o - b, p: p)
    if candidates.covers(rectA, rectB) {
      Self.emit(candidates, pass, &result)
      return
    }
    // Local functions forced inline, so that once a layout's walk is
    // inlined they are too: no closure context, no copy of a layout per
    // element.
    @inline(__always) func visitA(_ id: ElementID, _ center: Point, _ size: Size, _ whole: () -> LayoutAttributes) {
      Self.fromA(from, fromState, to, toState, mapping, pass, id, center, size, whole, &result)
    }
    @inline(__always) func visitB(_ id: ElementID, _ center: Point, _ size: Size, _ whole: () -> LayoutAttributes) {
      Self.fromB(from, fromState, to, toState, mapping, pass, id, center, size, whole, &result)
    }
    if !from.forEachGeometry(in: rectA, at: fromState, visitA) {
      Self.visit(from, rectA, fromState, &result) { own, out in
        Self.fromA(from, fromState, to, toState, mapping, pass, own.id, own.center, own.size, { own }, &out)
      }
    }
    if !to.forEachGeometry(in: rectB, at: toState, visitB) {
      Self.visit(to, rectB, toState, &result) { own, out in
        Self.fromB(from, fromState, to, toState, mapping, pass, own.id, own.center, own.size, { own }, &out)
      }
    }
  }

  /// What one frame's passes share.
  @usableFromInline struct Pass {
    @usableFromInline let rect: Rect
    @usableFromInline let rectA: Rect
    @usableFromInline let rectB: Rect
    @usableFromInline let shiftA: Point
    @usableFromInline let shiftB: Point
    @usableFromInline let p: Double

    @inlinable init(rect: Rect, rectA: Rect, rectB: Rect, shiftA: Point, shiftB: Point, p: Double) {
      self.rect = rect
      self.rectA = rectA
      self.rectB = rectB
      self.shiftA = shiftA
      self.shiftB = shiftB
      self.p = p
    }
  }

  /// An element of A: a pair (emitted here) or one only in A. `whole`
  /// builds (or, after a query, returns) its attributes.
  @inlinable @inline(__always)
  static func fromA(
    _ from: A, _ fromState: A.State, _ to: B, _ toState: B.State, _ mapping: ElementMapping, _ pass: Pass,
    _ id: ElementID, _ xCenter: Point, _ xSize: Size,
    _ whole: () -> LayoutAttributes,
    _ out: inout [LayoutAttributes]
  ) {
    let p = pass.p
    let rect = pass.rect
    // One test decides which pass emits a pair, here and in B's pass: a
    // layout's query may count an element whose frame, read back as
    // centre and size, only touches the rectangle.
    guard Rect(center: xCenter, size: xSize).intersects(pass.rectA) else { return }
    // An element of A inside A's rectangle is nearly always shown: B's
    // whole attributes are looked up at once rather than placed first.
    if let idB = mapping.forward(id), let y = to.attributes(for: idB, at: toState) {
      guard Self.mixedFrame(xCenter, xSize, y.center, y.size, p).intersects(rect) else { return }
      out.append(Self.interpolate(whole(), y, p))
    } else {
      guard Rect(center: xCenter + pass.shiftA, size: xSize).intersects(rect) else { return }
      out.append(Self.alone(whole(), shift: pass.shiftA, alpha: 1 - p, leaving: true))
    }
  }

  /// An element of B: a pair A's pass did not emit, or one only in B.
  @inlinable @inline(__always)
  static func fromB(
    _ from: A, _ fromState: A.State, _ to: B, _ toState: B.State, _ mapping: ElementMapping, _ pass: Pass,
    _ id: ElementID, _ yCenter: Point, _ ySize: Size,
    _ whole: () -> LayoutAttributes,
    _ out: inout [LayoutAttributes]
  ) {
    let p = pass.p
    let rect = pass.rect
    // B's frame decides, as A's does in A's pass (the documented rule), not
    // what the layout's query counts as meeting the rectangle.
    guard Rect(center: yCenter, size: ySize).intersects(pass.rectB) else { return }
    if let idA = mapping.backward(id), let x = from.geometry(for: idA, at: fromState) {
      if Rect(center: x.center, size: x.size).intersects(pass.rectA) { return }  // emitted by A's pass
      guard Self.mixedFrame(x.center, x.size, yCenter, ySize, p).intersects(rect),
        let full = from.attributes(for: idA, at: fromState)
      else { return }
      out.append(Self.interpolate(full, whole(), p))
    } else {
      guard Rect(center: yCenter + pass.shiftB, size: ySize).intersects(rect) else { return }
      out.append(Self.alone(whole(), shift: pass.shiftB, alpha: p))
    }
  }

  /// A frame from the candidates: the same tests as the passes on A and B,
  /// on the attributes found when the transition started, in the same
  /// order.
  @inlinable static func emit(_ candidates: TransitionCandidates, _ pass: Pass, _ out: inout [LayoutAttributes]) {
    let p = pass.p
    let rect = pass.rect
    // Every rectangle tested below has a size that is not negative: the
    // candidates keep only such frames (`TransitionCandidates.init`), a
    // mix of two of them is one too, and A's and B's rectangles are `rect`
    // moved. So `overlaps` answers as `intersects` does, once `rect`'s
    // size has been checked here.
    guard rect.size.width >= 0, rect.size.height >= 0 else { return }
    let a = candidates.fromA
    a.placements.withUnsafeBufferPointer { placements in
      for i in placements.indices {
        let c = placements[i]
        guard c.ownFrame.overlaps(pass.rectA) else { continue }
        if c.hasOther {
          guard Self.mixedFrame(c.ownCenter, c.ownSize, c.otherCenter, c.otherSize, p).overlaps(rect) else {
            continue
          }
          out.append(Self.interpolate(a.attributes[2 &* i], a.attributes[2 &* i &+ 1], p))
        } else {
          guard Rect(center: c.ownCenter + pass.shiftA, size: c.ownSize).overlaps(rect) else { continue }
          out.append(Self.alone(a.attributes[2 &* i], shift: pass.shiftA, alpha: 1 - p, leaving: true))
        }
      }
    }
    let b = candidates.fromB
    b.placements.withUnsafeBufferPointer { placements in
      for i in placements.indices {
        let c = placements[i]
        guard c.ownFrame.overlaps(pass.rectB) else { continue }
        if c.hasOther {
          if c.otherFrame.overlaps(pass.rectA) { continue }  // emitted from A's
          guard Self.mixedFrame(c.otherCenter, c.otherSize, c.ownCenter, c.ownSize, p).overlaps(rect) else {
            continue
          }
          out.append(Self.interpolate(b.attributes[2 &* i &+ 1], b.attributes[2 &* i], p))
        } else {
          guard Rect(center: c.ownCenter + pass.shiftB, size: c.ownSize).overlaps(rect) else { continue }
          out.append(Self.alone(b.attributes[2 &* i], shift: pass.shiftB, alpha: p))
        }
      }
    }
  }

  /// For a layout without a walk: queries `rect` into the end of `result`,
  /// hands each element found, with its attributes, to `body` (which
  /// appends what it shows), then removes the query's answers.
  @inlinable static func visit<L: PreparedLayout>(
    _ layout: L, _ rect: Rect, _ state: L.State, _ result: inout [LayoutAttributes],
    _ body: (LayoutAttributes, inout [LayoutAttributes]) -> Void
  ) {
    let start = result.count
    layout.attributes(in: rect, at: state, into: &result)
    let end = result.count
    for i in start..<end {
      let own = result[i]
      body(own, &result)
    }
    result.removeSubrange(start..<end)
  }

  /// The frame `interpolate(x, y, p)` has, from the centres and sizes
  /// alone (the same arithmetic, so the same bits).
  @inlinable static func mixedFrame(_ xc: Point, _ xs: Size, _ yc: Point, _ ys: Size, _ p: Double) -> Rect {
    Rect(
      center: Point(x: mix(xc.x, yc.x, p), y: mix(xc.y, yc.y, p)),
      size: Size(width: mix(xs.width, ys.width, p), height: mix(xs.height, ys.height, p)))
  }

  /// Appends the presented attributes visible in the viewport at progress
  /// `p` (`viewportRect(at: p)`).
  @inlinable public func visibleAttributes(progress p: Double, into result: inout [LayoutAttributes]) {
    attributes(in: viewportRect(at: p), progress: p, into: &result)
  }

  /// The presented attributes of one element at progress `p`, looked up by
  /// its presented identity (B's, or A's for an element only in A); `nil`
  /// when neither layout has it.
  ///
  /// - Complexity: O(1) lookups (O(log d) for a data change).
  public func attributes(for id: ElementID, progress p: Double) -> LayoutAttributes? {
    let p = clamp(p, 0, 1)
    let o = offset(at: p)
    if let y = to.attributes(for: id, at: toState) {
      if let idA = mapping.backward(id), let x = from.attributes(for: idA, at: fromState) {
        return Self.interpolate(x, y, p)
      }
      return Self.alone(y, shift: o - targetOffset, alpha: p)
    }
    if let x = from.attributes(for: id, at: fromState) {
      if let idB = mapping.forward(id), to.attributes(for: idB, at: toState) != nil { return nil }
      return Self.alone(x, shift: o - sourceOffset, alpha: 1 - p, leaving: true)
    }
    return nil
  }

  /// The transition frozen at progress `p`: what is on screen, as a
  /// prepared layout a new transition can start from.
  public func presented(at p: Double) -> PresentedTransition<A, B> {
    PresentedTransition(transition: self, progress: clamp(p, 0, 1))
  }
}

/// A transition frozen at one progress: a prepared layout whose elements
/// are the transition's presented elements and whose natural offset is the
/// presented offset. A new transition started mid-way starts from it, so
/// it starts from what is on screen.
///
/// Its content size and insets are B's; its sections and item counts are
/// B's. Queries ignore the state (nothing moves with the offset).
public struct PresentedTransition<A: PreparedLayout, B: PreparedLayout>: PreparedLayout {
  /// The transition it freezes.
  public let transition: LayoutTransition<A, B>
  /// The progress it is frozen at, in `[0, 1]`.
  public let progress: Double

  /// B's viewport.
  public var viewport: Viewport { transition.to.viewport }
  /// B's number of sections.
  public var numberOfSections: Int { transition.to.numberOfSections }
  /// B's number of items in `section` (0 for a section B does not have).
  public func numberOfItems(inSection section: Int) -> Int { transition.to.numberOfItems(inSection: section) }

  /// The content size of B, grown to hold the presented viewport (so the
  /// presented offset is always inside the offset bounds).
  public func contentSize(at state: ScrollState) -> Size {
    let size = transition.to.contentSize(at: transition.toState)
    let viewport = transition.viewportRect(at: progress)
    return Size(width: Swift.max(size.width, viewport.maxX), height: Swift.max(size.height, viewport.maxY))
  }

  /// B's content insets.
  public func contentInset(at state: ScrollState) -> EdgeInsets { transition.to.contentInset(at: transition.toState) }

  /// The state that shows what the transition shows: the presented offset.
  public var presentedState: ScrollState { ScrollState(contentOffset: transition.offset(at: progress)) }

  /// Appends the transition's presented elements in `rect` at the frozen
  /// progress (its visible-set rule); the state is not read.
  ///
  /// - Complexity: O(log n + k), as the transition's query.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    transition.attributes(in: rect, progress: progress, into: &result)
  }

  /// One presented element by its presented identity (see
  /// `LayoutTransition.attributes(for:progress:)`); `nil` when absent.
  ///
  /// - Complexity: O(1) lookups (O(log d) for a data change).
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    transition.attributes(for: id, progress: progress)
  }
}

/// `a·(1 − p) + b·p`: exactly `a` at 0 and exactly `b` at 1, so a finished
/// transition shows B's attributes bit for bit.
@inlinable func mix(_ a: Double, _ b: Double, _ p: Double) -> Double { a * (1 - p) + b * p }

/// `a` when `a == b` (exactly, for any `p`), else `mix(a, b, p)`.
@inlinable @inline(__always) func keep(_ a: Double, _ b: Double, _ p: Double) -> Double {
  a == b ? a : mix(a, b, p)
}
