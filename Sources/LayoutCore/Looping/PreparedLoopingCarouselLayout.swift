/// The geometry of a looping carousel, ready for queries: what
/// `LoopingCarouselLayout` prepares.
///
/// **Coordinates.** Slot `j` (any integer in `-slotRange...slotRange`) is
/// the carousel strip's item `j`: its untransformed centre lies at
/// `V/2 + j·p` along the axis and offset `j·p` centres it; it shows item
/// `j mod n`. The offsets run from `−halfRange` to `halfRange`
/// (`halfRange = slotRange·p`, a whole number of periods `P = n·p`, about
/// 2^26 points, never more than `LayoutLimits.maximumExtent` allows): the
/// content is `V + halfRange` long with a leading content inset of
/// `halfRange`, so offset 0 centres item 0 and a fling can travel millions
/// of points either way before it reaches an end.
///
/// **Seamless.** The attributes at offset `o + P` are those at `o`, moved
/// by `P` (up to rounding): the picture is periodic, so a host may move a
/// resting offset by whole periods (`recenteredOffset(_:)`) without a
/// visible change, and loop forever.
///
/// **Unique identities.** Each query shows item `i` in one copy only, the
/// one whose centre lies in the period centred on the viewport's centre
/// (slots `firstSlot(at:) ..< firstSlot(at:) + n`). With at least
/// `minimumLoopingCount` items the copies that switch lie outside the
/// viewport (and its effect's reach), so nothing visible jumps.
///
/// **Too few items.** Below `minimumLoopingCount` (`n·p < V + e + 2·reach`),
/// or with no items, the layout is the plain carousel strip
/// (`PreparedCenteredLayout`): no looping, offsets `0...(n − 1)·p`.
///
/// Bad input: offsets that are not finite read as 0; offsets beyond the
/// range clamp to `±(halfRange + V)` (a rubber band's overshoot stays
/// exact). Queries with a rectangle that is not finite along the axis find
/// what lies in its finite part, and nothing for NaN.
public struct PreparedLoopingCarouselLayout: PreparedLayout {
  /// The carousel geometry of one period (and the whole layout when it
  /// does not loop).
  public let base: PreparedCenteredLayout
  /// Whether the items repeat (enough items to fill the viewport plus one).
  public let isLooping: Bool
  /// The fewest items that loop with this viewport, item size, spacing and
  /// effect: `ceil((V + e + 2·reach) / p)` (at most 2^62).
  public let minimumLoopingCount: Int
  /// The length of one period along the axis: `n·p` (0 when not looping).
  public let period: Double
  /// The highest slot index on either side: a whole number of periods.
  public let slotRange: Int
  /// The highest offset on either side: `slotRange·p` (0 when not looping).
  public let halfRange: Double
  /// The content's length along the axis: `V + halfRange`, nudged by an ulp
  /// when that makes `length − V` exactly `halfRange`.
  let mainLength: Double

  /// The number of points a looping carousel's offsets reach on either side
  /// (rounded down to whole periods, at least one period).
  public static let targetHalfRange: Double = 0x1p26

  /// Wraps `base` (prepared with the carousel's geometry for all items).
  ///
  /// - Complexity: O(1).
  /// - Throws: `LayoutError.contentTooLarge` when one period plus the
  ///   viewport passes `LayoutLimits.maximumExtent`.
  public init(_ base: PreparedCenteredLayout) throws(LayoutError) {
    self.base = base
    let strip = base.strip
    let n = strip.count
    let p = strip.pitch
    let v = strip.viewportExtent
    let needed = (v + strip.itemSize[strip.axis] + 2 * base.maximumDisplacement) / p
    minimumLoopingCount = needed.isFinite ? Int(Swift.min(Swift.max(1, needed.rounded(.up)), 0x1p62)) : 1 << 62
    isLooping = n > 0 && n >= minimumLoopingCount
    guard isLooping else {
      period = 0
      slotRange = 0
      halfRange = 0
      mainLength = strip.contentSize[strip.axis]
      return
    }
    let period = Double(n) * p
    guard period + v <= LayoutLimits.maximumExtent else {
      throw .contentTooLarge(extent: period + v, limit: LayoutLimits.maximumExtent)
    }
    self.period = period
    // Whole periods up to the target; slot indices stay below 2^50.
    let periods = Swift.max(
      1, Swift.min((Self.targetHalfRange / period).rounded(.down), (0x1p50 / Double(n)).rounded(.down)))
    slotRange = Int(periods) * n
    halfRange = Double(slotRange) * p
    var length = v + halfRange
    for candidate in [length, length.nextUp, length.nextDown] where candidate - v == halfRange {
      length = candidate
      break
    }
    mainLength = length
    #if DEBUG
      checkInvariants()
    #endif
  }

  /// The carousel strip of one period: item size, pitch, frames.
  public var strip: CenteredStrip { base.strip }
  public var viewport: Viewport { base.viewport }
  public var numberOfSections: Int { base.numberOfSections }
  public func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }

  /// `V + halfRange` along the axis (the carousel's when not looping).
  public func contentSize(at state: ScrollState) -> Size {
    guard isLooping else { return base.contentSize(at: state) }
    return Size(axis: strip.axis, main: mainLength, cross: strip.viewportSize[strip.axis.cross])
  }

  /// `halfRange` before the content along the axis, so offsets run from
  /// `−halfRange` (zero when not looping).
  public func contentInset(at state: ScrollState) -> EdgeInsets {
    guard isLooping else { return .zero }
    return strip.axis == .horizontal ? EdgeInsets(left: halfRange) : EdgeInsets(top: halfRange)
  }

  /// The offset along the axis a query reads: finite, within
  /// `±(halfRange + V)`.
  @inlinable func offset(_ state: ScrollState) -> Double {
    let limit = halfRange + strip.viewportExtent
    return clamp(state.contentOffset[strip.axis].finiteOr(0), -limit, limit)
  }

  /// The first slot of the period centred on the viewport's centre at
  /// `offset` (a clamped offset, see `offset(_:)`): slots
  /// `first ..< first + n` show each item once.
  @inlinable func firstSlot(at offset: Double) -> Int {
    Int(((offset - period / 2) / strip.pitch).rounded(.up))
  }

  /// `j mod n`, in `0..<n`.
  @inlinable func item(ofSlot j: Int) -> Int {
    let r = j % strip.count
    return r < 0 ? r + strip.count : r
  }

  /// The slot that shows item `i` at `offset` (a clamped offset).
  ///
  /// - Complexity: O(1).
  public func slot(ofItem i: Int, at offset: Double) -> Int {
    guard isLooping else { return i }
    let first = firstSlot(at: offset)
    return first + item(ofSlot: i - first)
  }

  /// - Complexity: O(log s + k) for s sections and k elements found.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    guard isLooping else { return base.attributes(in: rect, at: state, into: &result) }
    let axis = strip.axis
    let offset = offset(state)
    let reach = base.maximumDisplacement
    let low = rect.min(axis) - reach
    let high = rect.max(axis) + reach
    guard low <= high else { return }  // NaN
    let first = firstSlot(at: offset)
    let p = strip.pitch
    let leading = strip.slots.leading
    // Slots whose frames may meet low...high, a slot wider on each side,
    // kept within the one period shown.
    let lower = clamp(
      ((low - leading - strip.slots.extent) / p).rounded(.down) - 1, Double(first), Double(first + strip.count - 1))
    let upper = clamp(((high - leading) / p).rounded(.up) + 1, Double(first), Double(first + strip.count - 1))
    guard lower <= upper else { return }
    for j in Int(lower)...Int(upper) {
      let attributes = base.attributes(ofItem: j, id: base.id(ofItem: item(ofSlot: j)), offset: offset)
      if attributes.frame.intersects(rect) || (reach > 0 && attributes.transformedFrame.intersects(rect)) {
        result.append(attributes)
      }
    }
  }

  /// The attributes of cell `id` in the copy the queries at `state` show;
  /// `nil` for an identity that does not exist.
  ///
  /// - Complexity: O(1).
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard isLooping else { return base.attributes(for: id, at: state) }
    guard id.kind == .cell, isInRange(id) else { return nil }
    let i = base.sectionStarts[id.section] + id.item
    let offset = offset(state)
    return base.attributes(ofItem: slot(ofItem: i, at: offset), id: id, offset: offset)
  }

  /// The slot nearest the viewport's centre at `offset`, ties to the lower
  /// one, within `±slotRange`.
  func nearestSlot(at offset: Double) -> Double {
    clamp((offset / strip.pitch - 0.5).rounded(.up), -Double(slotRange), Double(slotRange))
  }

  /// The offset that centres the slot nearest the fling's projected resting
  /// point `proposed` (with `.oneItem`, the nearest within one item of
  /// where the drag began; with `.none`, `proposed` within the range):
  /// across the seam as anywhere else. Across the axis the offset is 0.
  ///
  /// - Complexity: O(1).
  public func targetContentOffset(proposed: Point, velocity: Point, at state: ScrollState) -> Point {
    targetContentOffset(proposed: proposed, velocity: velocity, dragStart: state.contentOffset, at: state)
  }

  /// As `targetContentOffset(proposed:velocity:at:)`; with `.oneItem` the
  /// swipe is limited to one item from where the drag began.
  ///
  /// - Complexity: O(1).
  public func targetContentOffset(
    proposed: Point, velocity: Point, dragStart: Point, at state: ScrollState
  )
    -> Point
  {
    guard isLooping else {
      return base.targetContentOffset(proposed: proposed, velocity: velocity, dragStart: dragStart, at: state)
    }
    let axis = strip.axis
    let p = strip.pitch
    let wanted = offset(ScrollState(contentOffset: proposed))
    let main: Double
    switch base.snapping {
    case .none:
      main = clamp(wanted, -halfRange, halfRange)
    case .nearest:
      main = nearestSlot(at: wanted) * p
    case .oneItem:
      let f = offset(ScrollState(contentOffset: dragStart)) / p
      let j = clamp(nearestSlot(at: wanted), f.rounded(.up) - 1, f.rounded(.down) + 1)
      main = clamp(j, -Double(slotRange), Double(slotRange)) * p
    }
    return Point(axis: axis, main: main, cross: 0)
  }

  /// The identity of the item nearest the viewport's centre at `state`, or
  /// `nil` when there are no items.
  ///
  /// - Complexity: O(log s) for s sections.
  public func centeredItem(at state: ScrollState) -> ElementID? {
    guard isLooping else { return base.centeredItem(at: state) }
    let j = Int(nearestSlot(at: offset(state)))
    return base.id(ofItem: item(ofSlot: j))
  }

  /// The offset showing the same picture as `offset` (up to rounding) that
  /// lies nearest 0: `offset` moved by whole periods, so that the slot
  /// nearest the centre lies in `0..<n`. A UIKit host sets it while the
  /// view is at rest to loop forever; a resting offset `j·p` becomes
  /// `(j mod n)·p` exactly. Not looping, or a non-finite offset: `offset`
  /// with non-finite coordinates read as 0.
  ///
  /// - Complexity: O(1).
  public func recenteredOffset(_ offset: Point) -> Point {
    let offset = offset.sanitized
    guard isLooping else { return offset }
    let axis = strip.axis
    let o = self.offset(ScrollState(contentOffset: offset))
    let j = Int(nearestSlot(at: o))
    let shift = j - item(ofSlot: j)  // a whole number of periods, in slots
    let p = strip.pitch
    // At rest on a slot, land on the bits of the new slot's offset.
    let main = o == Double(j) * p ? Double(j - shift) * p : o - Double(shift) * p
    return Point(axis: axis, main: main, cross: offset[axis.cross])
  }
}
