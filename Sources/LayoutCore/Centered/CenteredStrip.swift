/// Uniform items in a row along one axis, with room before the first and
/// after the last so that each can sit at the viewport's centre: the
/// geometry the carousel, the prominent cell, cover flow and the deck share.
///
/// With viewport extent `V`, item extent `e` and pitch `p = e + spacing`
/// along the axis, item `i`'s centre is at `V/2 + i·p`, so the offset that
/// centres it is exactly `i·p`; the content is `V + (n − 1)·p` long and the
/// offsets run from 0 (item 0 centred) to `(n − 1)·p` (the last centred).
/// Across the axis items centre in the viewport. An item longer than the
/// viewport starts before 0; it still centres.
///
/// Bad input is rejected by `init(axis:itemSize:spacing:count:viewport:)`
/// (it throws); queries clamp offsets and indices (documented per method).
public struct CenteredStrip: Hashable, Sendable {
  /// The scroll axis.
  public let axis: Axis
  /// The size of every item.
  public let itemSize: Size
  /// The space between neighbouring items along the axis.
  public let spacing: Double
  /// The viewport's size.
  public let viewportSize: Size
  /// The items as slots: slot `i` is item `i`'s extent along the axis.
  public let slots: UniformStrip
  /// The content's length along the axis: `V + (n − 1)·p`, nudged by an
  /// ulp when that makes `length − V` (the highest offset a scroll view
  /// computes from the content size) exactly `(n − 1)·p`.
  let mainLength: Double

  /// - Throws: `LayoutError.invalidViewport` for a bad viewport (or one
  ///   longer than `LayoutLimits.maximumExtent`), `.invalidItemSize` for an
  ///   item size that is not finite and positive (or above the limit),
  ///   `.invalidConfiguration` for a spacing that is not finite or leaves a
  ///   pitch of zero or less, `.invalidValue` for a spacing beyond the
  ///   limit, `.invalidItemCount` for a negative count, `.contentTooLarge`
  ///   when `V + (n − 1)·p` would pass the limit.
  /// - Complexity: O(1).
  public init(axis: Axis, itemSize: Size, spacing: Double, count: Int, viewport: Size) throws(LayoutError) {
    let limit = LayoutLimits.maximumExtent
    guard viewport.isPositive, viewport.width <= limit, viewport.height <= limit else {
      throw .invalidViewport(viewport)
    }
    guard itemSize.isPositive, itemSize.width <= limit, itemSize.height <= limit else {
      throw .invalidItemSize(section: 0, item: 0, itemSize)
    }
    guard count >= 0 else { throw .invalidItemCount(section: 0, count: count) }
    guard spacing.isFinite else { throw .invalidConfiguration("spacing \(spacing) is not finite") }
    _ = try Validate.coordinate(spacing, "spacing")
    let extent = itemSize[axis]
    let pitch = extent + spacing
    guard pitch > 0, pitch.isFinite else {
      throw .invalidConfiguration("spacing \(spacing) leaves no room between items of extent \(extent)")
    }
    // The content runs V + (n − 1)·p; the frames reach half an item past it
    // at most, which the limit's margin covers.
    _ = try Validate.extent(count: Swift.max(0, count - 1), pitch: pitch, leading: viewport[axis])
    self.axis = axis
    self.itemSize = itemSize
    self.spacing = spacing
    self.viewportSize = viewport
    slots = UniformStrip(leading: viewport[axis] / 2 - extent / 2, extent: extent, pitch: pitch, count: count)
    let span = Double(Swift.max(0, count - 1)) * pitch
    let v = viewport[axis]
    var length = v + span
    // A scroll view rests at most at `length − V`: make that the last
    // item's centring offset exactly, so a snap to it lands on the bits.
    for candidate in [length, length.nextUp, length.nextDown] where candidate - v == span {
      length = candidate
      break
    }
    mainLength = length
  }

  /// The number of items.
  @inlinable public var count: Int { slots.count }
  /// The distance from one item's centre to the next.
  @inlinable public var pitch: Double { slots.pitch }
  /// The viewport's extent along the axis.
  @inlinable public var viewportExtent: Double { viewportSize[axis] }

  /// The content size: `V + (n − 1)·p` along the axis (just `V` when
  /// empty), the viewport's extent across it.
  public var contentSize: Size { Size(axis: axis, main: mainLength, cross: viewportSize[axis.cross]) }

  /// The highest offset along the axis: the one centring the last item,
  /// computed as a scroll view does (`contentSize − V`), so that it is the
  /// same bits as the surface's own bound.
  public var maximumOffset: Double { Swift.max(0, mainLength - viewportExtent) }

  /// Item `i`'s untransformed frame (any `i`, even outside the items).
  @inlinable public func frame(_ i: Int) -> Rect {
    let cross = viewportSize[axis.cross]
    let crossLength = itemSize[axis.cross]
    return Rect(
      axis: axis, mainMin: slots.start(i), crossMin: (cross - crossLength) / 2, mainLength: slots.extent,
      crossLength: crossLength)
  }

  /// The signed distance from item `i`'s centre to the viewport's centre at
  /// `offset` (along the axis): positive when the item lies after it.
  ///
  /// Written as `i·p − offset` (the `V/2` terms cancel), so at the offset
  /// centring item `k` its two neighbours are at `±p` up to one rounding.
  @inlinable public func delta(_ i: Int, offset: Double) -> Double { Double(i) * pitch - offset }

  /// The offset along the axis that centres item `i`: `i·p`, never above
  /// `maximumOffset` (they differ by at most an ulp, for the last item when
  /// the content length cannot be nudged to make them equal); `i` clamps
  /// into the items (0 when there are none).
  public func centeringOffset(_ i: Int) -> Double {
    Swift.min(Double(clamp(i, 0, Swift.max(0, count - 1))) * pitch, maximumOffset)
  }

  /// The fractional item index at the centre at `offset`: 2.5 is half-way
  /// from item 2 to item 3. Non-finite offsets read as 0.
  public func position(at offset: Double) -> Double { offset.finiteOr(0) / pitch }

  /// The item whose centre is nearest the viewport's centre at `offset`,
  /// clamped into the items (ties go to the lower index); `nil` when empty.
  public func nearestItem(at offset: Double) -> Int? {
    guard count > 0 else { return nil }
    // ceil(x − ½) rounds to the nearest, ties down; monotonic in x.
    let index = (position(at: offset) - 0.5).rounded(.up)
    return Int(clamp(index, 0, Double(count - 1)))
  }

  /// How a release picks the item to settle on.
  public enum Snapping: String, Hashable, Sendable, CaseIterable {
    /// Settle wherever the fling would stop (no snapping).
    case none
    /// The item nearest the fling's projected resting point: fast flicks
    /// travel across many items, slow releases settle on the nearest.
    case nearest
    /// As `.nearest`, but never past the items on either side of where the
    /// drag began: from fractional position `f` there the target stays
    /// within `ceil(f) − 1 ... floor(f) + 1`, one item per swipe (measured
    /// from the release position when the drag start is not known).
    case oneItem
  }

  /// Where scrolling should rest when a fling would stop at `proposed`
  /// (along the axis), released at `current`: the offset that centres the
  /// chosen item exactly.
  ///
  /// Monotonic in `proposed`: a faster flick in one direction never lands
  /// on an earlier item. Non-finite inputs read as 0; empty strips rest at 0.
  ///
  /// - Complexity: O(1).
  public func targetOffset(proposed: Double, current: Double, snapping: Snapping) -> Double {
    let proposed = proposed.finiteOr(0)
    switch snapping {
    case .none:
      return clamp(proposed, 0, maximumOffset)
    case .nearest:
      return centeringOffset(nearestItem(at: proposed) ?? 0)
    case .oneItem:
      guard let nearest = nearestItem(at: proposed) else { return 0 }
      let f = clamp(position(at: current), -1, Double(count))
      let low = Int(f.rounded(.up)) - 1
      let high = Int(f.rounded(.down)) + 1
      return centeringOffset(clamp(nearest, low, high))
    }
  }
}
