/// A photo grid ready to answer queries; see `PhotoGridLayout`.
///
/// Stores, per section, the global index of its first photo and the top of
/// its extent (both sorted), plus the sections' photo sizes as given (a
/// `.uniform` section costs nothing per photo). A query binary-searches the
/// sections (All Photos, Months) or finds the grid's lines by arithmetic
/// (Columns), then walks forward.
public struct PreparedPhotoGridLayout: PreparedLayout {
  /// The configuration the geometry was prepared with.
  public let layout: PhotoGridLayout
  /// The viewport the geometry was prepared for (validated).
  public let viewport: Viewport
  @usableFromInline let photos: [ItemSizes]
  /// `itemStarts[s]`: the global index of section `s`'s first photo;
  /// `itemStarts[s + 1] − itemStarts[s]` its count. One more than sections.
  @usableFromInline let itemStarts: [Int]
  /// `sectionTops[s]`: where section `s` begins along y; the last entry is
  /// the content height. One more than sections.
  @usableFromInline let sectionTops: [Double]
  /// The height of the whole content.
  public let contentHeight: Double
  /// Columns: a cell's side, and the distance from one line (or column) to
  /// the next; 0 in the other modes. Computed once: a lookup per element
  /// of every transition frame would divide again.
  @usableFromInline let columnSide: Double
  @usableFromInline let columnPitch: Double
  /// Columns: the column count and `⌈2⁶⁴ / count⌉` (0 for one column or
  /// another mode), so that a lookup's line and column are a multiply, not
  /// an integer division (about 15 cycles, twice per element of a pinch's
  /// frame).
  @usableFromInline let columnCount: Int
  @usableFromInline let columnMagic: UInt64

  /// Cells' z-index.
  public static let cellZIndex = 0
  /// Section headers' z-index.
  public static let headerZIndex = 1

  init(layout: PhotoGridLayout, items: LayoutItems, viewport: Viewport) {
    self.layout = layout
    self.viewport = viewport
    photos = items.sections
    let w = viewport.size.width
    var starts: [Int] = [0]
    var tops: [Double] = [0]
    starts.reserveCapacity(items.sections.count + 1)
    tops.reserveCapacity(items.sections.count + 1)
    var total = 0
    var y = 0.0
    let largeSlot = w * layout.largeHeightFraction
    let group = largeSlot + w / 3
    for section in items.sections {
      let n = section.count
      switch layout.mode {
      case .allPhotos:
        break
      case .months:
        y += layout.headerHeight + (n > 0 ? w * layout.summaryHeightFraction : 0)
      case .columns:
        break
      }
      total += n
      starts.append(total)
      tops.append(y)
    }
    if case .allPhotos = layout.mode {
      // Sections are continuous (a month of one or two photos leaves no
      // short row): a section's top is the top of its first photo's group.
      for s in 0..<(tops.count - 1) { tops[s] = Double(starts[s] / 4) * group }
      let n = total
      tops[tops.count - 1] = Double(n / 4) * group + (n % 4 == 0 ? 0 : n % 4 == 1 ? largeSlot : group)
    }
    if case .columns(let c) = layout.mode {
      // Sections are continuous: a section's top is its first photo's line.
      let pitch = Self.side(w, c, layout.columnSpacing) + layout.columnSpacing
      for s in 0..<(tops.count - 1) { tops[s] = Double(starts[s] / c) * pitch }
      let rows = total / c + (total % c == 0 ? 0 : 1)
      tops[tops.count - 1] = rows == 0 ? 0 : Double(rows) * pitch - layout.columnSpacing
    }
    itemStarts = starts
    sectionTops = tops
    contentHeight = tops[tops.count - 1]
    if case .columns(let c) = layout.mode {
      columnSide = Self.side(w, c, layout.columnSpacing)
      columnPitch = columnSide + layout.columnSpacing
      columnCount = c
      columnMagic = Self.magic(dividingBy: c)
    } else {
      columnSide = 0
      columnPitch = 0
      columnCount = 1
      columnMagic = 0
    }
  }

  /// `⌈2⁶⁴ / d⌉` for `2 ≤ d < 2³²`, else 0 (no shortcut).
  static func magic(dividingBy d: Int) -> UInt64 {
    guard d >= 2, d < 1 << 32 else { return 0 }
    let (q, r) = UInt64(d).dividingFullWidth((high: 1, low: 0))
    return r == 0 ? q : q + 1
  }

  /// Photo `g`'s line and column in Columns mode: `(g / c, g % c)` for the
  /// column count `c`. For `0 ≤ g < 2³²` it is one multiply by `⌈2⁶⁴ / c⌉`,
  /// exact there (the rounding up adds less than `g / 2⁶⁴ < 1 / c` to the
  /// quotient); otherwise the division. `ColumnDivisionTests` compares the
  /// two.
  @inlinable @inline(__always) func lineAndColumn(of g: Int) -> (line: Int, column: Int) {
    let c = columnCount
    guard columnMagic != 0, g >= 0, g < 1 << 32 else { return (g / c, g % c) }
    let line = Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: g).multipliedFullWidth(by: columnMagic).high)
    return (line, g &- line &* c)
  }

  @inlinable static func side(_ width: Double, _ columns: Int, _ spacing: Double) -> Double {
    (width - Double(columns - 1) * spacing) / Double(columns)
  }

  /// Whether every cell the mode draws has a positive size.
  var cellSizesAreValid: Bool {
    let w = viewport.size.width
    let l = layout
    switch l.mode {
    case .allPhotos:
      return w - l.largeInsets.left - l.largeInsets.right > 0
        && w * l.largeHeightFraction - l.largeInsets.top - l.largeInsets.bottom > 0
        && w / 3 - l.smallInsets.left - l.smallInsets.right > 0 && w / 3 - l.smallInsets.top - l.smallInsets.bottom > 0
    case .months:
      return w - l.summaryInsets.left - l.summaryInsets.right > 0
        && w * l.summaryHeightFraction - l.summaryInsets.top - l.summaryInsets.bottom > 0
    case .columns(let c):
      return Self.side(w, c, l.columnSpacing) > 0
    }
  }

  /// The viewport width `W`.
  @inlinable public var width: Double { viewport.size.width }
  @inlinable public var numberOfSections: Int { photos.count }

  /// The number of photos in `section` (including those Months does not
  /// show); 0 for a section that does not exist.
  @inlinable public func numberOfItems(inSection section: Int) -> Int {
    guard section >= 0, section < photos.count else { return 0 }
    return itemStarts[section + 1] - itemStarts[section]
  }

  /// The number of photos over all sections.
  @inlinable public var totalCount: Int { itemStarts[itemStarts.count - 1] }

  /// The viewport's width by the content height, at any state.
  public func contentSize(at state: ScrollState) -> Size { Size(width: width, height: contentHeight) }

  /// Where section `section` begins along y (its header in Months, its
  /// first line in Columns); `nil` for a section that does not exist.
  public func top(ofSection section: Int) -> Double? {
    guard section >= 0, section < photos.count else { return nil }
    return sectionTops[section]
  }

  /// The section holding global photo index `g` (`0 ≤ g < totalCount`):
  /// the last section starting at or before it.
  ///
  /// - Complexity: O(log s).
  @inlinable func section(ofGlobal g: Int) -> Int {
    // The first section whose next start is after g.
    partitionPoint(in: 0..<photos.count) { itemStarts[$0 + 1] > g }
  }

  // MARK: - Frames

  /// The frame of photo `item` of section `s`, or `nil` where the mode does
  /// not show it; the caller keeps both in range.
  @inline(__always) @inlinable func cellFrame(_ item: Int, section s: Int) -> Rect? {
    let w = width
    switch layout.mode {
    case .allPhotos:
      let largeSlot = w * layout.largeHeightFraction
      let g = itemStarts[s] + item
      let groupTop = Double(g / 4) * (largeSlot + w / 3)
      let j = g % 4
      if j == 0 {
        return Rect(x: 0, y: groupTop, width: w, height: largeSlot).inset(by: layout.largeInsets)
      }
      return Rect(x: Double(j - 1) * w / 3, y: groupTop + largeSlot, width: w / 3, height: w / 3)
        .inset(by: layout.smallInsets)
    case .months:
      guard item == 0 else { return nil }
      return Rect(x: 0, y: sectionTops[s] + layout.headerHeight, width: w, height: w * layout.summaryHeightFraction)
        .inset(by: layout.summaryInsets)
    case .columns:
      let g = itemStarts[s] + item
      let pitch = columnPitch
      let (line, column) = lineAndColumn(of: g)
      return Rect(x: Double(column) * pitch, y: Double(line) * pitch, width: columnSide, height: columnSide)
    }
  }

  /// The attributes of a photo whose frame is `frame`.
  @inline(__always) @inlinable func cell(_ item: Int, section s: Int, frame: Rect) -> LayoutAttributes {
    cell(item, section: s, frame: frame, photo: Self.photoRect(photos[s][item], in: frame.size))
  }

  /// The attributes of a photo whose frame is `frame` and whose photo
  /// rectangle is `photo` (`photoRect` of its size in the frame's).
  @inline(__always) @inlinable func cell(_ item: Int, section s: Int, frame: Rect, photo: Rect) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      id: .cell(item, section: s), center: frame.center, size: frame.size, zIndex: Self.cellZIndex,
      extras: AttributeExtras(contentRect: photo))
    if case .months = layout.mode {
      attributes.extras.cornerRadius = layout.summaryCornerRadius
      attributes.extras.styleProgress = 1
    }
    return attributes
  }

  /// A photo of size `raw` filling a cell of size `cell`, centred (aspect
  /// fill; a photo without a positive size is drawn square), in the
  /// cell's coordinates.
  @inline(__always) @inlinable static func photoRect(_ raw: Size, in cell: Size) -> Rect {
    // `aspectFill` draws a size without a positive area as a square.
    let fill = raw.aspectFill(cell)
    return Rect(
      x: (cell.width - fill.width) / 2, y: (cell.height - fill.height) / 2, width: fill.width, height: fill.height)
  }

  /// The last photo rectangle a walk computed, reused while photo and cell
  /// sizes repeat (it depends on nothing else): most photos of a library
  /// share a few sizes, and a walk's cells share one or two.
  @usableFromInline struct PhotoRectMemo {
    /// NaN at first: unequal to any size, so the first call computes.
    @usableFromInline var photo = Size(width: .nan, height: .nan)
    @usableFromInline var cell = Size.zero
    @usableFromInline var rect = Rect.zero

    @inlinable init() {}

    /// `photoRect(raw, in: cell)`, computed again only when a size changed.
    @inlinable @inline(__always) mutating func rect(of raw: Size, in cell: Size) -> Rect {
      if raw != photo || cell != self.cell {
        photo = raw
        self.cell = cell
        rect = PreparedPhotoGridLayout.photoRect(raw, in: cell)
      }
      return rect
    }
  }

  @inlinable func header(_ s: Int) -> LayoutAttributes {
    LayoutAttributes(
      id: ElementID(kind: .header, section: s, item: 0), frame: headerFrame(s), zIndex: Self.headerZIndex)
  }

  @inlinable func headerFrame(_ s: Int) -> Rect {
    Rect(x: 0, y: sectionTops[s], width: width, height: layout.headerHeight)
  }

  // MARK: - Queries

  /// The attributes of one element: a photo `(cell, section, item)` where
  /// the mode shows it, a Months header `(header, section, 0)`; `nil` for
  /// anything else. The state is not read (nothing moves with the offset).
  ///
  /// - Complexity: O(1).
  @inline(__always) @inlinable public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.section >= 0, id.section < photos.count else { return nil }
    switch id.kind {
    case .cell:
      guard id.item >= 0, id.item < numberOfItems(inSection: id.section),
        let frame = cellFrame(id.item, section: id.section)
      else { return nil }
      return cell(id.item, section: id.section, frame: frame)
    case .header:
      guard case .months = layout.mode, id.item == 0, layout.headerHeight > 0 else { return nil }
      return header(id.section)
    default:
      return nil
    }
  }

  /// The centre and size of `attributes(for:at:)`, without its photo
  /// rectangle (what a transition tests every element with).
  ///
  /// - Complexity: O(1).
  @inline(__always) @inlinable public func geometry(
    for id: ElementID, at state: ScrollState
  ) -> (center: Point, size: Size)? {
    guard id.section >= 0, id.section < photos.count else { return nil }
    let frame: Rect
    switch id.kind {
    case .cell:
      guard id.item >= 0, id.item < numberOfItems(inSection: id.section),
        let cell = cellFrame(id.item, section: id.section)
      else { return nil }
      frame = cell
    case .header:
      guard case .months = layout.mode, id.item == 0, layout.headerHeight > 0 else { return nil }
      frame = headerFrame(id.section)
    default:
      return nil
    }
    return (frame.center, frame.size)
  }

  /// Appends every element whose frame meets `rect`.
  ///
  /// - Complexity: O(log s + k): Months binary-searches the first section
  ///   ending after `rect`'s top, then walks sections; All Photos and
  ///   Columns find the 4-photo groups or lines by arithmetic and the
  ///   first one's section by binary search. k counts the sections walked
  ///   (empty ones included) and the elements found.
  @inlinable
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    var memo = PhotoRectMemo()
    walk(rect) { isHeader, item, s, frame in
      if isHeader {
        result.append(header(s))
        return
      }
      let photo = memo.rect(of: photos[s][item], in: frame.size)
      result.append(cell(item, section: s, frame: frame, photo: photo))
    }
  }

  /// The identity, centre and size of every element `attributes(in:at:into:)`
  /// appends, in its order, without photo rectangles, and a function that
  /// completes them from the frame already found; always `true`.
  ///
  /// - Complexity: as `attributes(in:at:into:)`; allocates nothing.
  @inlinable @inline(__always)
  public func forEachGeometry(
    in rect: Rect, at state: ScrollState, _ body: (ElementID, Point, Size, () -> LayoutAttributes) -> Void
  ) -> Bool {
    var memo = PhotoRectMemo()
    walk(rect) { isHeader, item, s, frame in
      if isHeader {
        body(ElementID(kind: .header, section: s, item: 0), frame.center, frame.size, { header(s) })
        return
      }
      body(
        .cell(item, section: s), frame.center, frame.size,
        { cell(item, section: s, frame: frame, photo: memo.rect(of: photos[s][item], in: frame.size)) })
    }
    return true
  }

  /// Calls `body` with every element whose frame meets `rect`, in query
  /// order: a Months header (`isHeader`, item 0) or a photo, its section
  /// and its frame. The one walk both queries share.
  @inlinable @inline(__always) func walk(
    _ rect: Rect, _ body: (_ isHeader: Bool, _ item: Int, _ section: Int, _ frame: Rect) -> Void
  ) {
    guard rect.isFinite, rect.width >= 0, rect.height >= 0, !photos.isEmpty else { return }
    let lo = rect.minY
    // A rectangle of zero height still meets what lies around its top edge.
    let hi = Swift.max(rect.maxY, lo.nextUp)
    switch layout.mode {
    case .columns(let c):
      walkLines(of: c, pitch: columnPitch, side: columnSide, rect, lo, hi, body)
    case .allPhotos:
      walkLines(of: 4, pitch: width * layout.largeHeightFraction + width / 3, side: 0, rect, lo, hi, body)
    case .months:
      // First section whose end is after lo.
      var s = partitionPoint(in: 0..<photos.count) { sectionTops[$0 + 1] > lo }
      while s < photos.count && sectionTops[s] < hi {
        if layout.headerHeight > 0 {
          let h = headerFrame(s)
          if h.intersects(rect) { body(true, 0, s, h) }
        }
        if numberOfItems(inSection: s) > 0, let frame = cellFrame(0, section: s), frame.intersects(rect) {
          body(false, 0, s, frame)
        }
        s += 1
      }
    }
  }

  /// The photos of the lines meeting the rectangle, when photo `g` over all
  /// sections is in line `g / perLine` and lines are `pitch` apart (All
  /// Photos' groups, Columns' rows): the first line by arithmetic (one
  /// early, so rounding never skips a photo; the exact test decides), its
  /// section by one binary search, then a walk. `side`: a Columns cell's
  /// side.
  @inlinable @inline(__always) func walkLines(
    of perLine: Int, pitch: Double, side: Double, _ rect: Rect, _ lo: Double, _ hi: Double,
    _ body: (_ isHeader: Bool, _ item: Int, _ section: Int, _ frame: Rect) -> Void
  ) {
    let total = totalCount
    guard total > 0 else { return }
    let lines = total / perLine + (total % perLine == 0 ? 0 : 1)
    var line = Self.floorIndex(lo / pitch, limit: lines) - 1
    if line < 0 { line = 0 }
    var s = -1
    // Frames from the line and the place in it, with `cellFrame`'s
    // arithmetic less its division and its switch. Every frame query of a
    // transition runs this loop.
    var allPhotos = false
    if case .allPhotos = layout.mode { allPhotos = true }
    let w = width
    let largeSlot = w * layout.largeHeightFraction
    while line < lines && Double(line) * pitch < hi {
      let first = line * perLine
      let end = Swift.min(total, first + perLine)
      if s < 0 { s = section(ofGlobal: first) }
      let top = Double(line) * pitch
      for global in first..<end {
        while itemStarts[s + 1] <= global { s += 1 }
        let j = global - first
        let frame: Rect
        if !allPhotos {
          frame = Rect(x: Double(j) * pitch, y: top, width: side, height: side)
        } else if j == 0 {
          frame = Rect(x: 0, y: top, width: w, height: largeSlot).inset(by: layout.largeInsets)
        } else {
          frame = Rect(x: Double(j - 1) * w / 3, y: top + largeSlot, width: w / 3, height: w / 3)
            .inset(by: layout.smallInsets)
        }
        guard frame.intersects(rect) else { continue }
        body(false, global - itemStarts[s], s, frame)
      }
      line += 1
    }
  }

  /// `⌊value⌋` limited to `0...limit`; NaN and −∞ give 0, +∞ gives `limit`.
  @inlinable static func floorIndex(_ value: Double, limit: Int) -> Int {
    guard value == value else { return 0 }
    let down = value.rounded(.down)
    if down <= 0 { return 0 }
    if down >= Double(limit) { return limit }
    return Int(down)
  }
}
