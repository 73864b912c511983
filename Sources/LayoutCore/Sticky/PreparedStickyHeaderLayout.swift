/// A sticky-header layout's geometry at rest: the top header and menu
/// extents, each section's extents and its cells, with the indexes that
/// answer visible-rect queries.
///
/// Sections are `SectionExtents` (the model shared with the flow layout),
/// found by binary search over their extents; the cells of a uniform
/// section by arithmetic on a `UniformStrip`, those of a section of varying
/// heights by binary search (`partitionPoint`) over their bottoms. Sticky
/// section headers follow `PinnedSupplementary`'s rule and never leave
/// their section's extent, so the section search finds them too.
public struct PreparedStickyHeaderLayout: PreparedLayout {
  /// The configuration the geometry was prepared with.
  public let layout: StickyHeaderLayout
  /// The viewport the geometry was prepared for (validated).
  public let viewport: Viewport

  /// A section's cells: evenly spaced ones of one size, or a slice of the
  /// per-cell arrays.
  @usableFromInline enum Cells: Hashable, Sendable {
    case uniform(UniformStrip, width: Double)
    case varying(first: Int, count: Int)

    var count: Int {
      switch self {
      case .uniform(let strip, _): strip.count
      case .varying(_, let count): count
      }
    }
  }

  /// Where each section's parts lie along y.
  @usableFromInline var sections: SectionExtents
  /// Each section's cells.
  @usableFromInline var cells: [Cells]
  /// Tops (as laid out) and sizes of the cells of varying sections, all
  /// such sections in order.
  @usableFromInline var varyingTops: [Double]
  @usableFromInline var varyingSizes: [Size]
  /// How far the varying cells have moved since they were laid out: entry
  /// k moves stored cell k and every later one, so cell k's top is
  /// `varyingTops[k] + shifts.start(of: k + 1)`. Empty (no move anywhere)
  /// until a measured height first changes.
  @usableFromInline var shifts: ExtentTree = .empty
  /// Whether the cells' sizes are estimates until measured
  /// (`StickyHeaderLayout.prepare(estimated:viewport:)`).
  public internal(set) var isEstimated = false
  /// Per stored cell, after an estimated prepare: whether it has its real
  /// size (empty otherwise).
  @usableFromInline var measured = MeasuredFlags()
  /// How many cells have been measured since an estimated prepare.
  public var measuredCount: Int { measured.count }

  /// The top header's height (0 when absent).
  public let headerHeight: Double
  /// The menu bar's height (0 when absent).
  public let menuHeight: Double
  /// The height of the whole content: the top header and menu, and the
  /// sections after them.
  ///
  /// - Complexity: O(log s) for s sections.
  public var contentHeight: Double {
    sections.count == 0 ? headerHeight + menuHeight : sections.end
  }
  /// The x of every cell's left edge.
  public let cellMinX: Double

  // Z-order, bottom to top.
  /// The top header's z-index: under everything, so the content covers it.
  public static let headerZIndex = 0
  /// Cells' z-index.
  public static let cellZIndex = 1
  /// Section footers' z-index.
  public static let sectionFooterZIndex = 2
  /// Section headers' z-index: above cells, so a sticky one covers them.
  public static let sectionHeaderZIndex = 3
  /// The menu bar's z-index: above everything.
  public static let menuZIndex = 4

  /// Lays out `items`; `layout` has been validated and the item count
  /// checked.
  ///
  /// - Throws: `LayoutError.contentTooLarge` when the content is taller
  ///   than `LayoutLimits.maximumExtent`, with an infinite extent when its
  ///   height (or a section's pitch) overflows `Double`.
  init(layout: StickyHeaderLayout, items: LayoutItems, viewport: Viewport) throws(LayoutError) {
    self.layout = layout
    self.viewport = viewport
    let width = viewport.size.width
    let inset = layout.interItemSpacing
    let room = Swift.max(0, width - 2 * inset)
    let spacing = layout.lineSpacing
    headerHeight = layout.headerHeight
    menuHeight = layout.menuHeight
    cellMinX = inset

    var sections = SectionExtents()
    sections.reserveCapacity(items.sections.count)
    var allCells: [Cells] = []
    allCells.reserveCapacity(items.sections.count)
    var tops: [Double] = []
    var sizes: [Size] = []
    var cursor = layout.headerHeight + layout.menuHeight

    for section in items.sections {
      let start = cursor
      let itemsStart = start + layout.sectionHeaderHeight
      let count = section.count
      var uniformSize: Size?
      switch layout.cellSize {
      case .fullWidth(let height): uniformSize = Size(width: room, height: height)
      case .fixed(let size): uniformSize = Size(width: Swift.min(size.width, room), height: size.height)
      case .items:
        if let size = section.uniformSize {
          uniformSize = Size(width: Swift.min(size.width, room), height: size.height)
        }
      }
      let cells: Cells
      let itemsEnd: Double
      if let size = uniformSize {
        // A cell size with no area means no cells (and no line spacing): an
        // element with no size is absent, like the headers and footers.
        let present = size.width > 0 && size.height > 0
        let pitch = size.height + spacing
        guard pitch.isFinite || count <= 1 || !present else { throw contentOverflowed() }
        let strip = UniformStrip(
          leading: itemsStart, extent: size.height, pitch: pitch, count: present ? count : 0)
        cells = .uniform(strip, width: size.width)
        itemsEnd = itemsStart + strip.length
      } else {
        // Varying heights: one top per cell, each line after the previous.
        cells = .varying(first: tops.count, count: count)
        var y = itemsStart
        for i in 0..<count {
          if i > 0 { y += spacing }
          let size = section[i]
          tops.append(y)
          sizes.append(Size(width: Swift.min(size.width, room), height: size.height))
          y += size.height
        }
        itemsEnd = y
      }
      let end = itemsEnd + layout.sectionFooterHeight
      sections.append(SectionExtent(start: start, itemsStart: itemsStart, itemsEnd: itemsEnd, end: end))
      allCells.append(cells)
      cursor = end
    }
    // Every top and bottom is at most the content's end: an end within
    // LayoutLimits.maximumExtent means finite geometry whose frames (centre
    // and size) round to the extents the query searches. (A section header
    // 8e245 pt tall was accepted: its frame's top rounded to 0, above the
    // section's start, and the query missed it; fuzz input
    // Fuzz/Crashers/FuzzLayouts/sticky-huge-section-header-query-miss.)
    guard cursor.isFinite else { throw contentOverflowed() }
    try LayoutLimits.checkContent(cursor)
    self.sections = sections
    self.cells = allCells
    varyingTops = tops
    varyingSizes = sizes
    #if DEBUG
      checkInvariants()
    #endif
  }

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of cells in `section`; 0 for a section that does not exist.
  public func numberOfItems(inSection section: Int) -> Int {
    guard section >= 0, section < sections.count else { return 0 }
    return cells[section].count
  }

  /// The viewport's width by the content's height, at any state.
  public func contentSize(at state: ScrollState) -> Size {
    Size(width: viewport.size.width, height: contentHeight)
  }

  /// Appends every element whose untransformed frame meets `rect` at
  /// `state`.
  ///
  /// The stretched header is tested by its untransformed frame (its
  /// unscaled size about its centre), which always lies inside the drawn
  /// one, as the engine's convention says.
  ///
  /// - Complexity: O(log s + k) before any measured height moved a cell:
  ///   two searches over the s sections, then arithmetic (uniform sections)
  ///   or one binary search (varying ones) per section met; k counts the
  ///   sections met and the elements found. After one, each varying cell
  ///   found costs O(log n) for the n stored cells (its top is a sum over
  ///   the tree of shifts).
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    let offset = state.contentOffset.sanitized.y
    if let header = topHeader(at: offset), header.frame.intersects(rect) { result.append(header) }
    if let menu = menu(at: offset), menu.frame.intersects(rect) { result.append(menu) }
    // A rectangle of zero height still meets the elements strictly
    // containing its top edge (`Rect.intersects`): the searches treat an
    // empty interval so, and the exact test decides.
    let lo = rect.minY
    let hi = rect.maxY
    for s in sections.sections(meeting: lo, hi) {
      if let header = sectionHeader(s, at: offset), header.frame.intersects(rect) { result.append(header) }
      appendCells(of: s, meeting: rect, lo, hi, at: offset, into: &result)
      if let footer = sectionFooter(s), footer.frame.intersects(rect) { result.append(footer) }
    }
  }

  /// The attributes of one element at `state`: the top header and menu are
  /// `(kind, section 0, item 0)`, section headers and footers
  /// `(kind, section, item 0)`; `nil` for any other or absent element.
  ///
  /// - Complexity: O(1) before any measured height moved an element;
  ///   O(log n + log s) after.
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    let offset = state.contentOffset.sanitized.y
    switch id.kind {
    case .stretchyHeader:
      guard id.section == 0, id.item == 0 else { return nil }
      return topHeader(at: offset)
    case .menu:
      guard id.section == 0, id.item == 0 else { return nil }
      return menu(at: offset)
    case .header:
      guard id.item == 0, cells.indices.contains(id.section) else { return nil }
      return sectionHeader(id.section, at: offset)
    case .footer:
      guard id.item == 0, cells.indices.contains(id.section) else { return nil }
      return sectionFooter(id.section)
    case .cell:
      guard cells.indices.contains(id.section), id.item >= 0, id.item < cells[id.section].count else {
        return nil
      }
      return cell(id.item, section: id.section, at: offset)
    default:
      return nil
    }
  }

  // MARK: - Cells

  /// Appends the cells of section `s` that meet `rect`; `lo..<hi` covers
  /// the rectangle's y range.
  func appendCells(
    of s: Int, meeting rect: Rect, _ lo: Double, _ hi: Double, at offset: Double,
    into result: inout [LayoutAttributes]
  ) {
    switch cells[s] {
    case .uniform(let strip, _):
      // Arithmetic: the slots that meet the rectangle's y range.
      for i in self.strip(strip, of: s).slots(meeting: lo, hi) {
        let attributes = cell(i, section: s, at: offset)
        if attributes.frame.intersects(rect) { result.append(attributes) }
      }
    case .varying(let first, let count):
      var i = firstVaryingCell(first: first, count: count, endingAfter: lo, hi)
      while i < count {
        let attributes = cell(i, section: s, at: offset)
        if attributes.frame.minY >= hi { break }
        if attributes.frame.intersects(rect) { result.append(attributes) }
        i += 1
      }
    }
  }

  /// The first of the `count` varying cells from stored cell `first` that
  /// may end after `lo` (`count` when none does); the caller walks on
  /// from there and tests frames exactly.
  ///
  /// - Complexity: O(log n).
  func firstVaryingCell(first: Int, count: Int, endingAfter lo: Double, _ hi: Double) -> Int {
    guard count > 0, lo <= hi else { return count }
    // Tops and bottoms both ascend (heights and spacing are not negative).
    if shifts.count == 0 {
      return partitionPoint(in: 0..<count) { varyingTops[first + $0] + varyingSizes[first + $0].height > lo }
    }
    // The search carries a margin for the rounding of the shifts' sums.
    let low = lo - 1e-9 * Swift.max(1, Swift.abs(lo), Swift.abs(hi))
    let p = shifts.lastPrefix { p, sum in varyingTops[p - 1] + sum + varyingSizes[p - 1].height <= low }
    return Swift.min(count, Swift.max(p, first) - first)
  }

  /// Where stored cell `g` starts along y.
  ///
  /// - Complexity: O(log n); O(1) before any measured height moved a cell.
  @usableFromInline func varyingTop(_ g: Int) -> Double {
    varyingTops[g] + shifts.start(of: g + 1)
  }

  /// Uniform section `s`'s strip, moved with its section.
  @usableFromInline func strip(_ strip: UniformStrip, of s: Int) -> UniformStrip {
    guard sections.changes.count > 0 else { return strip }
    var moved = strip
    moved.leading += sections.shift(of: s)
    return moved
  }

  /// The frame of cell `item` of section `s` at rest; the caller keeps both
  /// in range.
  @usableFromInline func cellFrame(_ item: Int, section s: Int) -> Rect {
    switch cells[s] {
    case .uniform(let strip, let width):
      return Rect(x: cellMinX, y: self.strip(strip, of: s).start(item), width: width, height: strip.extent)
    case .varying(let first, _):
      let size = varyingSizes[first + item]
      return Rect(x: cellMinX, y: varyingTop(first + item), width: size.width, height: size.height)
    }
  }

  func cell(_ item: Int, section s: Int, at offset: Double) -> LayoutAttributes {
    let frame = cellFrame(item, section: s)
    var attributes = LayoutAttributes(id: .cell(item, section: s), frame: frame, zIndex: Self.cellZIndex)
    if layout.isCellParallaxEnabled {
      let shift = Self.parallaxShift(
        cellCenter: frame.midY, cellHeight: frame.height, offset: offset, viewportHeight: viewport.size.height,
        maxParallax: layout.maxCellParallax)
      attributes.extras.contentRect = Rect(
        x: 0, y: shift - layout.maxCellParallax, width: frame.width,
        height: frame.height + 2 * layout.maxCellParallax)
    }
    return attributes
  }

  // MARK: - Supplementary views

  func sectionFooter(_ s: Int) -> LayoutAttributes? {
    let height = layout.sectionFooterHeight
    guard height > 0 else { return nil }
    let frame = Rect(x: 0, y: sections[s].itemsEnd, width: viewport.size.width, height: height)
    return LayoutAttributes(
      id: ElementID(kind: .footer, section: s, item: 0), frame: frame,
      zIndex: Self.sectionFooterZIndex)
  }

  func sectionHeader(_ s: Int, at offset: Double) -> LayoutAttributes? {
    let height = layout.sectionHeaderHeight
    guard height > 0 else { return nil }
    let section = sections[s]
    let top =
      layout.areSectionHeadersSticky
      ? PinnedSupplementary.headerStart(pinLine: pinLine(at: offset), length: height, in: section)
      : section.start
    let frame = Rect(x: 0, y: top, width: viewport.size.width, height: height)
    return LayoutAttributes(
      id: ElementID(kind: .header, section: s, item: 0), frame: frame,
      zIndex: Self.sectionHeaderZIndex)
  }

  /// Where sticky section headers stick at `offset`: under the sticky menu,
  /// or at the viewport's top.
  public func pinLine(at offset: Double) -> Double {
    guard layout.isMenuSticky, menuHeight > 0 else { return offset }
    return menuTop(at: offset) + menuHeight
  }

  /// The menu bar's top at `offset`.
  public func menuTop(at offset: Double) -> Double {
    layout.isMenuSticky ? Swift.max(headerHeight, offset) : headerHeight
  }

  func menu(at offset: Double) -> LayoutAttributes? {
    guard menuHeight > 0 else { return nil }
    let frame = Rect(x: 0, y: menuTop(at: offset), width: viewport.size.width, height: menuHeight)
    return LayoutAttributes(id: ElementID(kind: .menu, section: 0, item: 0), frame: frame, zIndex: Self.menuZIndex)
  }

  func topHeader(at offset: Double) -> LayoutAttributes? {
    let h = headerHeight
    guard h > 0 else { return nil }
    let width = viewport.size.width
    var attributes: LayoutAttributes
    if layout.isHeaderStretchy {
      let drawn = Self.stretchedHeaderHeight(headerHeight: h, offset: offset, viewportHeight: viewport.size.height)
      let top = Swift.min(offset, h)
      attributes = LayoutAttributes(
        id: ElementID(kind: .stretchyHeader, section: 0, item: 0), center: Point(x: width / 2, y: top + drawn / 2),
        size: Size(width: width, height: h), zIndex: Self.headerZIndex)
      if drawn != h { attributes.transform = AffineTransform(scale: drawn / h) }
    } else {
      attributes = LayoutAttributes(
        id: ElementID(kind: .stretchyHeader, section: 0, item: 0), frame: Rect(x: 0, y: 0, width: width, height: h),
        zIndex: Self.headerZIndex)
    }
    if layout.isHeaderOverlayEnabled {
      attributes.extras.overlayAlpha = clamp(offset / h, 0, layout.maxHeaderOverlayAlpha)
    }
    return attributes
  }
}

// MARK: - The formulas

extension PreparedStickyHeaderLayout {
  /// The drawn height of a stretchy header of height `headerHeight` at
  /// `offset`: `max(h, min(H, h − offset))`. It grows while pulled down,
  /// up to the viewport's height, and never shrinks below its own height
  /// (the issue's `min(H, h − o)`, read literally, would shrink a header
  /// taller than the viewport).
  @inlinable public static func stretchedHeaderHeight(
    headerHeight h: Double, offset: Double, viewportHeight: Double
  ) -> Double {
    Swift.max(h, Swift.min(viewportHeight, h - offset))
  }

  /// A sticky element's top: its resting top, or the pin line once the pin
  /// line has passed it, but never past `lastTop` (where it must leave
  /// with its section). `PinnedSupplementary.leadingStart`, the rule the
  /// flow layout's pinned headers follow too.
  @inlinable public static func stickyTop(pinLine: Double, restingTop: Double, lastTop: Double) -> Double {
    PinnedSupplementary.leadingStart(pinLine: pinLine, restingStart: restingTop, lastStart: lastTop)
  }

  /// How far a cell's photo moves at `offset`:
  /// `clamp(−max · d / (H/2 + cellHeight/2), −max, max)`, `d` the distance
  /// from the cell's centre down to the viewport's centre. Positive moves
  /// the photo down.
  @inlinable public static func parallaxShift(
    cellCenter: Double, cellHeight: Double, offset: Double, viewportHeight: Double, maxParallax: Double
  ) -> Double {
    let distance = cellCenter - (offset + viewportHeight / 2)
    let reach = viewportHeight / 2 + cellHeight / 2
    guard reach > 0 else { return 0 }
    return clamp(-maxParallax * distance / reach, -maxParallax, maxParallax)
  }
}
