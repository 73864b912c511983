/// What a transition can show in its viewport, found once when it starts:
/// every element of A around A's viewport at `a`, and every element of B
/// around B's viewport at `b`, each with its whole attributes and its
/// counterpart's.
///
/// For the viewport at any progress, the rectangles a frame looks in
/// (`R_A`, `R_B` in `LayoutTransition`'s visible-set rule) are A's viewport
/// at `a` and B's at `b`, whatever the progress, up to rounding (and up to
/// the larger size when A's and B's viewports differ). So a frame needs no
/// query and no lookup: it tests the candidates against the rule and
/// interpolates those it shows, which is what `UICollectionViewTransitionLayout`
/// does with the attributes both layouts prepared.
///
/// A frame uses the candidates only when its `R_A` and `R_B` lie inside the
/// rectangles they were found in (`rectA`, `rectB`, the viewports at the
/// ends grown by 1 point on every side); any other query walks both
/// layouts as before. Both ways give the same elements with the same bits
/// (`TransitionFastPathTests`).
///
/// - Complexity: finding them is one query on each layout plus a lookup
///   per element found (O(log n + k)), and allocates twice; they hold two
///   attributes per element found. Past `limit` elements (a viewport over
///   that many tiny cells), or when an element's size is negative or NaN
///   (which no engine layout gives), none are kept and every frame walks.
@usableFromInline struct TransitionCandidates: Sendable {
  /// What a frame tests of one element found: its frame (as the passes
  /// rebuild it from centre and size) and, when it has a counterpart in the
  /// other layout, the counterpart's frame, centre and size. The whole
  /// attributes are apart (`Side.own`, `Side.other`), read only for the
  /// elements shown.
  @usableFromInline struct Placement: Sendable {
    @usableFromInline let ownFrame: Rect
    @usableFromInline let ownCenter: Point
    @usableFromInline let ownSize: Size
    @usableFromInline let otherFrame: Rect
    @usableFromInline let otherCenter: Point
    @usableFromInline let otherSize: Size
    @usableFromInline let hasOther: Bool

    @inlinable init(own: LayoutAttributes, other: LayoutAttributes?) {
      ownCenter = own.center
      ownSize = own.size
      ownFrame = Rect(center: own.center, size: own.size)
      let counterpart = other ?? own
      otherCenter = counterpart.center
      otherSize = counterpart.size
      otherFrame = Rect(center: counterpart.center, size: counterpart.size)
      hasOther = other != nil
    }
  }

  /// The elements one layout's query found, in its order.
  @usableFromInline struct Side: Sendable {
    @usableFromInline var placements: [Placement] = []
    /// Per element, its attributes in its layout, then its counterpart's
    /// in the other layout (its own again when it has none).
    @usableFromInline var attributes: [LayoutAttributes] = []

    @usableFromInline init() {}

    @inlinable var count: Int { placements.count }

    mutating func reserveCapacity(_ count: Int) {
      placements.reserveCapacity(count)
      attributes.reserveCapacity(2 * count)
    }

    mutating func append(own: LayoutAttributes, other: LayoutAttributes?) {
      placements.append(Placement(own: own, other: other))
      attributes.append(own)
      attributes.append(other ?? own)
    }
  }

  /// Where A's candidates were found (A's coordinates) and B's (B's).
  @usableFromInline let rectA: Rect
  @usableFromInline let rectB: Rect
  /// A's elements in A's query order, with B's counterpart.
  @usableFromInline let fromA: Side
  /// B's elements in B's query order, with A's counterpart when A has it
  /// (found by `geometry(for:at:)`, as a frame's pass on B does).
  @usableFromInline let fromB: Side

  /// The most elements kept (both layouts together).
  @usableFromInline static var limit: Int { 4_096 }

  /// No candidates: every query walks.
  @usableFromInline static var none: TransitionCandidates {
    TransitionCandidates(rectA: Rect(x: 0, y: 0, width: -1, height: -1), rectB: .zero, fromA: Side(), fromB: Side())
  }

  @usableFromInline init(rectA: Rect, rectB: Rect, fromA: Side, fromB: Side) {
    self.rectA = rectA
    self.rectB = rectB
    self.fromA = fromA
    self.fromB = fromB
  }

  /// The candidates of a transition from `from` at `a` to `to` at `b`.
  @usableFromInline init<A: PreparedLayout, B: PreparedLayout>(
    from: A, at fromState: A.State, to: B, at toState: B.State, mapping: ElementMapping
  ) {
    let sa = from.viewport.size
    let sb = to.viewport.size
    let size = Size(width: Swift.max(sa.width, sb.width) + 2, height: Swift.max(sa.height, sb.height) + 2)
    let a = fromState.contentOffset
    let b = toState.contentOffset
    let rectA = Rect(origin: Point(x: a.x - 1, y: a.y - 1), size: size)
    let rectB = Rect(origin: Point(x: b.x - 1, y: b.y - 1), size: size)
    guard rectA.isFinite, rectB.isFinite else {
      self = .none
      return
    }
    var fromA = Side()
    var fromB = Side()
    // A frame tests the candidates with `Rect.overlaps`, which answers as
    // `intersects` only for sizes that are not negative (a layout's, as
    // the engine's layouts give them): a size that is not is kept out by
    // keeping no candidates, and every frame walks.
    var sizesAreValid = true
    func addA(_ id: ElementID, _ x: LayoutAttributes) {
      if let idB = mapping.forward(id), let y = to.attributes(for: idB, at: toState) {
        sizesAreValid = sizesAreValid && x.size.isValid && y.size.isValid
        fromA.append(own: x, other: y)
      } else {
        sizesAreValid = sizesAreValid && x.size.isValid
        fromA.append(own: x, other: nil)
      }
    }
    func addB(_ id: ElementID, _ y: LayoutAttributes) {
      if let idA = mapping.backward(id), from.geometry(for: idA, at: fromState) != nil {
        // A counterpart whose whole attributes are missing is never shown
        // (a frame's pass on B passes it over): not kept.
        guard let x = from.attributes(for: idA, at: fromState) else { return }
        sizesAreValid = sizesAreValid && x.size.isValid && y.size.isValid
        fromB.append(own: y, other: x)
      } else {
        sizesAreValid = sizesAreValid && y.size.isValid
        fromB.append(own: y, other: nil)
      }
    }
    guard Self.visit(from, rectA, fromState, room: Self.limit, reserve: { fromA.reserveCapacity($0) }, addA),
      Self.visit(to, rectB, toState, room: Self.limit - fromA.count, reserve: { fromB.reserveCapacity($0) }, addB),
      sizesAreValid
    else {
      self = .none
      return
    }
    self.init(rectA: rectA, rectB: rectB, fromA: fromA, fromB: fromB)
  }

  /// Hands `add` every element of `layout` in `rect`, with its attributes,
  /// in query order: from its walk when it has one (the same attributes as
  /// its query), counted first and passed to `reserve` so that what `add`
  /// fills is allocated once. `false`, adding nothing, when there are more
  /// than `room`.
  static func visit<L: PreparedLayout>(
    _ layout: L, _ rect: Rect, _ state: L.State, room: Int, reserve: (Int) -> Void,
    _ add: (ElementID, LayoutAttributes) -> Void
  ) -> Bool {
    var count = 0
    if layout.forEachGeometry(in: rect, at: state, { _, _, _, _ in count += 1 }) {
      guard count <= room else { return false }
      reserve(count)
      _ = layout.forEachGeometry(in: rect, at: state) { id, _, _, whole in add(id, whole()) }
    } else {
      let found = layout.attributes(in: rect, at: state)
      guard found.count <= room else { return false }
      reserve(found.count)
      for x in found { add(x.id, x) }
    }
    return true
  }

  /// Whether a frame looking in `rectA` and `rectB` can use the candidates.
  @inlinable func covers(_ rectA: Rect, _ rectB: Rect) -> Bool {
    self.rectA.contains(rectA) && self.rectB.contains(rectB)
  }
}
