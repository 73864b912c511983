/// A vertical mosaic of fixed-height segments, the model of the mosaic in
/// Apple's "Customizing Collection View Layouts" sample.
///
/// Each section is a run of segments, `segmentHeight` tall, that span the
/// viewport's width. Each segment holds one to three cells in one of four
/// styles (`Segment`). The first segments of a section take the styles of
/// `opening` in order, then the styles of `cycle` repeat. The sample's
/// preset, `appleMosaic`, opens with one full-width segment and then cycles
/// 50/50 → 2/3 + 1/3 → 1/3 + 2/3.
///
/// Cuts: a segment of width `W` is cut at `a = ⌈W·p/q⌉` points from its
/// left edge for the fraction `p/q` (1/2, 2/3 or 1/3); the left slice is
/// `a` wide, the right one starts at `a + spacing` and is
/// `W − a − spacing` wide. Two stacked cells split the height `h` the same
/// way: the upper is `⌈h/2⌉` tall, the lower starts `spacing` below it and
/// takes the rest. The first segment of each section starts `spacing` below
/// the section's top and each further one `spacing` below the previous one,
/// so segment `k` of a section occupies `spacing + k·(h + spacing)` to
/// `(k + 1)·(h + spacing)`, and a section of `S` segments is exactly
/// `S·(h + spacing)` tall. Sections follow one another; each restarts the
/// pattern.
///
/// The tail: from the second segment of a section on, a segment with one
/// item left is full width and one with two items left is 50/50 (the
/// sample's rule). The first segment keeps its style unless it holds more
/// items than there are, and then falls back the same way.
///
/// The sample's bugs, fixed: its content size leaves out the last cell (it
/// unions the previous frame into the bounds); here the content height is
/// the bottom of the last cell. Its visible-rect query binary-searches the
/// frames as if their bottom edges were sorted, which they are not in a
/// 2/3 + 1/3 segment (the large cell ends below the upper small one), so a
/// rectangle between the small cells' bottoms and the segment's bottom can
/// miss the large cell; here the query finds segments by arithmetic and
/// tests every cell of each, so it is exact for every rectangle.
///
/// Items' intrinsic sizes are ignored (checked, though: see `prepare`).
///
/// Bad input: `prepare` throws `LayoutError` for a bad viewport, a
/// non-finite or non-positive segment height, a negative or non-finite
/// spacing, an empty cycle, bad items or content taller than
/// `maximumContentLength`. Cuts whose gap does not fit are clamped to zero
/// length inside their segment.
///
/// ```swift
/// let prepared = try MosaicLayout.appleMosaic.prepare(
///   items: LayoutItems(count: 1_000, size: .zero), viewport: Viewport(width: 390, height: 844))
/// let visible = prepared.visibleAttributes(at: ScrollState(x: 0, y: 600))
/// ```
public struct MosaicLayout: CollectionLayout {
  /// How one segment is cut into cells.
  public enum Segment: String, Hashable, Sendable, CaseIterable {
    /// One cell, the segment's full width.
    case fullWidth
    /// Two cells side by side, cut at ⌈W/2⌉.
    case fiftyFifty
    /// A large cell at the left (⌈2W/3⌉ wide) and two cells stacked at the
    /// right; cells in that order: large, upper, lower.
    case twoThirdsOneThird
    /// Two cells stacked at the left (⌈W/3⌉ wide) and a large cell at the
    /// right; cells in that order: upper, lower, large.
    case oneThirdTwoThirds

    /// The number of cells the segment holds.
    @inlinable public var capacity: Int {
      switch self {
      case .fullWidth: 1
      case .fiftyFifty: 2
      case .twoThirdsOneThird, .oneThirdTwoThirds: 3
      }
    }

    /// The style a segment takes when `remaining` (1 or 2) items are left
    /// at the end of a section.
    @inlinable static func tail(_ remaining: Int) -> Segment { remaining == 1 ? .fullWidth : .fiftyFifty }
  }

  /// Each segment's height, in points; finite and positive.
  public var segmentHeight: Double
  /// The gap after each cut and between segments; finite and not negative.
  public var spacing: Double
  /// The styles of a section's first segments, in order; may be empty.
  public var opening: [Segment]
  /// The styles that repeat after `opening`; not empty.
  public var cycle: [Segment]

  /// A mosaic layout.
  public init(
    segmentHeight: Double = 200, spacing: Double = 1, opening: [Segment] = [.fullWidth],
    cycle: [Segment] = [.fiftyFifty, .twoThirdsOneThird, .oneThirdTwoThirds]
  ) {
    self.segmentHeight = segmentHeight
    self.spacing = spacing
    self.opening = opening
    self.cycle = cycle
  }

  /// The sample's mosaic: 200 pt segments, 1 pt gaps, one full-width
  /// segment, then 50/50 → 2/3 + 1/3 → 1/3 + 2/3 repeating.
  public static let appleMosaic = MosaicLayout(
    segmentHeight: 200, spacing: 1, opening: [.fullWidth], cycle: [.fiftyFifty, .twoThirdsOneThird, .oneThirdTwoThirds])

  /// The tallest content the layout accepts, in points: beyond it, a
  /// `Double` no longer places a cell to a small fraction of a point.
  public static let maximumContentLength: Double = 1e15

  /// Checks the configuration.
  ///
  /// - Throws: `LayoutError.invalidConfiguration` for a non-finite or
  ///   non-positive segment height, a negative or non-finite spacing or an
  ///   empty cycle.
  public func validate() throws(LayoutError) {
    guard segmentHeight.isFinite, segmentHeight > 0 else {
      throw .invalidConfiguration("mosaic segment height \(segmentHeight) must be finite and positive")
    }
    guard spacing.isFinite, spacing >= 0 else {
      throw .invalidConfiguration("mosaic spacing \(spacing) must be finite and not negative")
    }
    guard !cycle.isEmpty else { throw .invalidConfiguration("mosaic cycle must not be empty") }
  }

  /// Plans every section's segments.
  ///
  /// - Complexity: O(sections + opening + cycle) time and memory: nothing is
  ///   stored per item. Sections given `.each` sizes are checked item by
  ///   item, O(n), though the sizes are not used.
  /// - Throws: `LayoutError.invalidViewport` for a bad viewport;
  ///   `invalidItemSize` or `invalidItemCount` for bad items (negative
  ///   counts, NaN, infinite or negative sizes); `invalidConfiguration` for
  ///   a bad configuration (see `validate()`) or content taller than
  ///   `maximumContentLength` (as with `Int.max` items).
  public func prepare(items: LayoutItems, viewport: Viewport) throws(LayoutError) -> PreparedMosaicLayout {
    let viewport = try viewport.validated()
    try validate()
    try items.validate()
    return try PreparedMosaicLayout(layout: self, items: items, viewport: viewport)
  }
}

/// The arithmetic of a mosaic's segment styles: which style segment `k`
/// plans and how many items come before it, in O(1) (O(log) in the lengths
/// of `opening` and `cycle`).
@usableFromInline struct MosaicPlan: Hashable, Sendable {
  @usableFromInline let opening: [MosaicLayout.Segment]
  @usableFromInline let cycle: [MosaicLayout.Segment]
  /// `openingStarts[k]`: items before opening segment `k`; one more entry
  /// than `opening`, the last being the opening's total.
  @usableFromInline let openingStarts: [Int]
  /// `cycleStarts[k]`: items before segment `k` of one cycle, from the
  /// cycle's start; the last entry is one cycle's total.
  @usableFromInline let cycleStarts: [Int]

  init(opening: [MosaicLayout.Segment], cycle: [MosaicLayout.Segment]) {
    self.opening = opening
    self.cycle = cycle
    var starts = [0]
    for style in opening { starts.append(starts[starts.count - 1] + style.capacity) }
    openingStarts = starts
    starts = [0]
    for style in cycle { starts.append(starts[starts.count - 1] + style.capacity) }
    cycleStarts = starts
  }

  @inlinable var openingTotal: Int { openingStarts[openingStarts.count - 1] }
  @inlinable var cycleTotal: Int { cycleStarts[cycleStarts.count - 1] }

  /// The style segment `k` plans (before the tail rule).
  @inlinable func style(_ k: Int) -> MosaicLayout.Segment {
    k < opening.count ? opening[k] : cycle[(k - opening.count) % cycle.count]
  }

  /// The number of items in the planned segments before segment `k`. The
  /// caller keeps `k` at most one past the segment of an existing item, so
  /// the result stays below the item count plus 3.
  @inlinable func start(_ k: Int) -> Int {
    if k <= opening.count { return openingStarts[k] }
    let j = k - opening.count
    return openingTotal + (j / cycle.count) * cycleTotal + cycleStarts[j % cycle.count]
  }

  /// The planned segment holding item `i` (not negative).
  @inlinable func segment(ofItem i: Int) -> Int {
    if i < openingTotal { return Self.lastStart(atMost: i, in: openingStarts) }
    let j = i - openingTotal
    let (q, r) = j.quotientAndRemainder(dividingBy: cycleTotal)
    return opening.count + q * cycle.count + Self.lastStart(atMost: r, in: cycleStarts)
  }

  /// The last index `k` with `starts[k] <= i`, for ascending `starts`
  /// beginning at 0 and `i` below the last entry.
  @inlinable static func lastStart(atMost i: Int, in starts: [Int]) -> Int {
    Swift.max(0, partitionPoint(in: 1..<Swift.max(1, starts.count - 1)) { starts[$0] > i } - 1)
  }

  /// A section of `count` items: its number of segments and the style of
  /// its last one (after the tail rule).
  func segments(count n: Int) -> (count: Int, lastStyle: MosaicLayout.Segment) {
    guard n > 0 else { return (0, .fullWidth) }
    let k = segment(ofItem: n - 1)
    // The tail rule can fire one segment early: a planned full-width
    // segment (1 item) with two items left becomes 50/50 and takes both.
    if k >= 2 && n - start(k - 1) <= 2 { return (k, .tail(n - start(k - 1))) }
    let remaining = n - start(k)
    if remaining <= 2 && (k > 0 || remaining < style(k).capacity) { return (k + 1, .tail(remaining)) }
    return (k + 1, style(k))
  }
}
