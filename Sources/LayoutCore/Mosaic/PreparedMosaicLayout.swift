/// A mosaic's geometry: per section, where it starts, its item and segment
/// counts and its last segment's style. Every frame is arithmetic on these;
/// nothing is stored per item.
public struct PreparedMosaicLayout: PreparedLayout {
  /// The configuration the geometry was prepared from.
  public let layout: MosaicLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport
  @usableFromInline let plan: MosaicPlan
  @usableFromInline let sections: [SectionPlan]
  /// The height of the content: the bottom of the last cell (0 when there
  /// are no items).
  public let contentHeight: Double

  @usableFromInline struct SectionPlan: Hashable, Sendable {
    /// The section's top edge.
    @usableFromInline var top: Double
    @usableFromInline var itemCount: Int
    @usableFromInline var segmentCount: Int
    /// The style of the last segment, after the tail rule.
    @usableFromInline var lastStyle: MosaicLayout.Segment
    /// The section's bottom edge: `top + segmentCount·(h + spacing)`.
    @usableFromInline var bottom: Double
  }

  init(layout: MosaicLayout, items: LayoutItems, viewport: Viewport) throws(LayoutError) {
    self.layout = layout
    self.viewport = viewport
    let plan = MosaicPlan(opening: layout.opening, cycle: layout.cycle)
    self.plan = plan
    let pitch = layout.segmentHeight + layout.spacing
    var cursor = 0.0
    var sections: [SectionPlan] = []
    sections.reserveCapacity(items.sections.count)
    for section in items.sections {
      let n = section.count
      // Each segment holds at least one item, so this bounds the segment
      // count before any arithmetic that could overflow.
      guard Double(n) * pitch <= MosaicLayout.maximumContentLength else {
        throw .invalidConfiguration(
          "a mosaic of \(n) items would be taller than \(MosaicLayout.maximumContentLength) pt")
      }
      let (count, lastStyle) = plan.segments(count: n)
      let bottom = cursor + Double(count) * pitch
      guard bottom <= MosaicLayout.maximumContentLength else {
        throw .invalidConfiguration("the mosaic would be taller than \(MosaicLayout.maximumContentLength) pt")
      }
      sections.append(
        SectionPlan(top: cursor, itemCount: n, segmentCount: count, lastStyle: lastStyle, bottom: bottom))
      cursor = bottom
    }
    self.sections = sections
    contentHeight = cursor
    #if DEBUG
      checkInvariants()
    #endif
  }

  public var numberOfSections: Int { sections.count }

  public func numberOfItems(inSection section: Int) -> Int {
    guard section >= 0, section < sections.count else { return 0 }
    return sections[section].itemCount
  }

  /// The viewport's width by the bottom of the last cell (the sample
  /// stopped at the cell before it).
  public func contentSize(at state: ScrollState) -> Size {
    Size(width: viewport.size.width, height: contentHeight)
  }

  /// The style of segment `k` of `section` (after the tail rule).
  @inlinable func style(_ k: Int, in section: SectionPlan) -> MosaicLayout.Segment {
    k == section.segmentCount - 1 ? section.lastStyle : plan.style(k)
  }

  /// The frame of cell `slot` of a segment of `style` whose top is `top`.
  @inlinable func frame(slot: Int, of style: MosaicLayout.Segment, top: Double) -> Rect {
    let width = viewport.size.width
    let height = layout.segmentHeight
    let gap = layout.spacing
    /// Cuts `length` at `⌈length·p/q⌉`: the first slice's length, the
    /// second's start and length (kept inside `length` when the gap does
    /// not fit).
    func cut(_ length: Double, _ p: Double, _ q: Double) -> (first: Double, secondStart: Double, second: Double) {
      let first = (length * p / q).rounded(.up)
      return (first, Swift.min(first + gap, length), Swift.max(0, length - first - gap))
    }
    switch style {
    case .fullWidth:
      return Rect(x: 0, y: top, width: width, height: height)
    case .fiftyFifty:
      let x = cut(width, 1, 2)
      return slot == 0
        ? Rect(x: 0, y: top, width: x.first, height: height)
        : Rect(x: x.secondStart, y: top, width: x.second, height: height)
    case .twoThirdsOneThird:
      let x = cut(width, 2, 3)
      if slot == 0 { return Rect(x: 0, y: top, width: x.first, height: height) }
      let y = cut(height, 1, 2)
      return slot == 1
        ? Rect(x: x.secondStart, y: top, width: x.second, height: y.first)
        : Rect(x: x.secondStart, y: top + y.secondStart, width: x.second, height: y.second)
    case .oneThirdTwoThirds:
      let x = cut(width, 1, 3)
      if slot == 2 { return Rect(x: x.secondStart, y: top, width: x.second, height: height) }
      let y = cut(height, 1, 2)
      return slot == 0
        ? Rect(x: 0, y: top, width: x.first, height: y.first)
        : Rect(x: 0, y: top + y.secondStart, width: x.first, height: y.second)
    }
  }

  /// The top edge of segment `k` of `section`.
  @inlinable func segmentTop(_ k: Int, in section: SectionPlan) -> Double {
    section.top + layout.spacing + Double(k) * (layout.segmentHeight + layout.spacing)
  }

  /// Finds the segments that meet `rect` by arithmetic (widened by a hair
  /// against rounding) and tests every cell of each with its reported frame,
  /// so the answer is exactly the brute-force set.
  ///
  /// - Complexity: O(log sections + k): at most 3 cells per segment.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    let lo = rect.minY
    let hi = rect.maxY
    // Nothing meets a rectangle at ±infinity or with a NaN edge.
    guard lo <= hi, lo < .infinity, hi > -.infinity, !sections.isEmpty else { return }
    // The first section whose bottom passes `lo` (bottoms ascend).
    let low = partitionPoint(in: 0..<sections.count) { sections[$0].bottom > lo }
    let pitch = layout.segmentHeight + layout.spacing
    var s = low
    while s < sections.count, sections[s].top <= hi {
      let section = sections[s]
      defer { s += 1 }
      guard section.segmentCount > 0 else { continue }
      let last = section.segmentCount - 1
      /// `f` as a segment index, clamped to `0...last`.
      func index(_ f: Double) -> Int { f.isNaN || f < 0 ? 0 : f > Double(last) ? last : Int(f) }
      // Segment k spans g + k·pitch ..< g + k·pitch + h from the section's
      // top: the first whose bottom passes `lo`, the last whose top is
      // above `hi`, widened by a hair against rounding.
      let xLo = (lo - section.top - layout.spacing - layout.segmentHeight) / pitch
      let first = index((xLo - 1e-12 * (1 + abs(xLo))).rounded(.down) + 1)
      let xHi = (hi - section.top - layout.spacing) / pitch
      let end = index((xHi + 1e-12 * (1 + abs(xHi))).rounded(.up) - 1)
      guard first <= end else { continue }
      var item = plan.start(first)
      for k in first...end {
        let style = style(k, in: section)
        let top = segmentTop(k, in: section)
        for slot in 0..<style.capacity {
          // Tested with the reported frame (centre and size), as a brute-force filter would.
          let a = LayoutAttributes(id: .cell(item + slot, section: s), frame: frame(slot: slot, of: style, top: top))
          if a.frame.intersects(rect) { result.append(a) }
        }
        item += style.capacity
      }
    }
  }

  /// The cell's attributes; `nil` for items, sections or kinds the layout
  /// does not have.
  ///
  /// - Complexity: O(1) (O(log) in the lengths of `opening` and `cycle`).
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.kind == .cell, id.section >= 0, id.section < sections.count else { return nil }
    let section = sections[id.section]
    guard id.item >= 0, id.item < section.itemCount else { return nil }
    let k = Swift.min(plan.segment(ofItem: id.item), section.segmentCount - 1)
    let slot = id.item - plan.start(k)
    return LayoutAttributes(
      id: id, frame: frame(slot: slot, of: style(k, in: section), top: segmentTop(k, in: section)))
  }
}
