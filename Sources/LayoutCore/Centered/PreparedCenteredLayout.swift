/// The geometry of a centred strip with a distance-to-centre effect,
/// ready for queries: what `CarouselLayout` and `ProminentLayout` prepare.
///
/// Items are numbered across sections in order and laid out as one strip
/// (`CenteredStrip`); each query applies the `CenterEffect` to the items
/// it finds, so scrolling never re-prepares.
///
/// Visibility: an element is returned when its untransformed frame **or**
/// its transformed bounds meet the query rectangle. For effects that only
/// shrink (carousel, prominent) the two agree, since a scaled-down element
/// stays inside its frame. Effects with a `shift` (cover flow, deck) move
/// elements away from their frames; the query then looks
/// `maximumDisplacement` points past the rectangle on both sides along the
/// axis, so everything drawn inside the rectangle is returned.
public struct PreparedCenteredLayout: PreparedLayout {
  /// The validated viewport.
  public let viewport: Viewport
  /// The items' geometry.
  public let strip: CenteredStrip
  /// How items look by their distance to the centre.
  public let effect: CenterEffect
  /// How releases pick the item to settle on.
  public let snapping: CenteredStrip.Snapping
  /// The length of one effect unit, in points.
  public let unitLength: Double
  /// How far past a query rectangle elements may be drawn from.
  public let maximumDisplacement: Double
  /// The index of each section's first item in the strip, plus the total.
  let sectionStarts: [Int]

  /// Prepares `items` (only their counts are used: every item has
  /// `itemSize`) along `axis`.
  ///
  /// - Complexity: O(number of sections).
  /// - Throws: `LayoutError` for a bad viewport, item size, count or
  ///   spacing (see `CenteredStrip`), an effect parameter out of its range
  ///   (`CenterEffect.validated()`), or content beyond
  ///   `LayoutLimits.maximumExtent`.
  public init(
    axis: Axis, itemSize: Size, spacing: Double, effect: CenterEffect, snapping: CenteredStrip.Snapping,
    items: LayoutItems, viewport: Viewport
  ) throws(LayoutError) {
    let viewport = try viewport.validated()
    let effect = try effect.validated()
    var starts = [0]
    for (s, section) in items.sections.enumerated() {
      if case .uniform(_, let count) = section, count < 0 { throw .invalidItemCount(section: s, count: count) }
      let (total, overflow) = starts[starts.count - 1].addingReportingOverflow(section.count)
      guard !overflow else { throw .tooManyItems(count: Int.max, limit: Int.max, layout: "centered strip") }
      starts.append(total)
    }
    strip = try CenteredStrip(
      axis: axis, itemSize: itemSize, spacing: spacing, count: starts[starts.count - 1], viewport: viewport.size)
    self.viewport = viewport
    self.effect = effect
    self.snapping = snapping
    sectionStarts = starts
    unitLength = effect.unitLength(viewportExtent: viewport.size[axis], pitch: strip.pitch)
    maximumDisplacement = effect.maximumDisplacement(unitLength: unitLength)
    // Queries widen their rectangle by the displacement: it must stay in range.
    guard unitLength <= LayoutLimits.maximumExtent, maximumDisplacement <= LayoutLimits.maximumExtent else {
      throw .contentTooLarge(extent: maximumDisplacement, limit: LayoutLimits.maximumExtent)
    }
    #if DEBUG
      checkInvariants()
    #endif
  }

  public var numberOfSections: Int { sectionStarts.count - 1 }

  public func numberOfItems(inSection section: Int) -> Int {
    guard section >= 0, section < numberOfSections else { return 0 }
    return sectionStarts[section + 1] - sectionStarts[section]
  }

  public func contentSize(at state: ScrollState) -> Size { strip.contentSize }

  /// The identity of strip item `i` (0 ≤ i < count).
  func id(ofItem i: Int) -> ElementID {
    // The last section starting at or before i: one before the first that
    // starts after it. It is never empty: an empty one shares its start
    // with the next, which then qualifies too.
    let section = partitionPoint(in: 1..<numberOfSections) { sectionStarts[$0] > i } - 1
    return .cell(i - sectionStarts[section], section: section)
  }

  /// Item `i`'s attributes at `offset` along the axis.
  func attributes(ofItem i: Int, id: ElementID, offset: Double) -> LayoutAttributes {
    let frame = strip.frame(i)
    let value = effect.value(delta: strip.delta(i, offset: offset), unitLength: unitLength)
    return LayoutAttributes(
      id: id, center: frame.center, size: frame.size, transform: value.transform(axis: strip.axis),
      alpha: value.alpha, zIndex: value.zIndex)
  }

  /// - Complexity: O(log s + k) for s sections and k elements found.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    let axis = strip.axis
    let offset = state.contentOffset.sanitized[axis]
    let reach = maximumDisplacement
    for i in strip.slots.slots(meeting: rect.min(axis) - reach, rect.max(axis) + reach) {
      let attributes = attributes(ofItem: i, id: id(ofItem: i), offset: offset)
      // Scales never exceed 1, so without a shift the drawn bounds lie inside
      // the frame and the frame test alone decides.
      if attributes.frame.intersects(rect) || (reach > 0 && attributes.transformedFrame.intersects(rect)) {
        result.append(attributes)
      }
    }
  }

  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.kind == .cell, id.item >= 0, id.item < numberOfItems(inSection: id.section) else { return nil }
    let i = sectionStarts[id.section] + id.item
    return attributes(ofItem: i, id: id, offset: state.contentOffset.sanitized[strip.axis])
  }

  /// The offset that centres the item nearest the fling's projected resting
  /// point `proposed` (or, with `.oneItem`, the nearest within one item of
  /// the release position; with `.none`, `proposed` clamped into bounds).
  /// Across the axis the offset clamps into bounds (0).
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
    let axis = strip.axis
    let main = strip.targetOffset(proposed: proposed[axis], current: dragStart.sanitized[axis], snapping: snapping)
    let crossMax = Swift.max(0, strip.contentSize[axis.cross] - viewport.size[axis.cross])
    return Point(axis: axis, main: main, cross: clamp(proposed[axis.cross].finiteOr(0), 0, crossMax))
  }

  /// The identity of the item nearest the viewport's centre at `state`, or
  /// `nil` when there are no items.
  public func centeredItem(at state: ScrollState) -> ElementID? {
    strip.nearestItem(at: state.contentOffset.sanitized[strip.axis]).map(id(ofItem:))
  }
}
