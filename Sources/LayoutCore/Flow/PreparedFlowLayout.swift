/// A flow layout's geometry: the sections' extents, each section's cells
/// (arithmetic for uniform sections; otherwise per cell its size, cross
/// start and line, per line its start and length) and the supplementary
/// frames, with the searches for visible-rect queries. Measured sizes move
/// later lines and sections through trees of shifts (see
/// `setMeasuredSize(_:for:keepingLinesFrom:)`).
public struct PreparedFlowLayout: PreparedLayout {
  /// The configuration the geometry was prepared from.
  public let layout: FlowLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport
  /// The cells of the sections with per-item sizes, in order: what does
  /// not move along the scroll axis when a measured size moves their line.
  @usableFromInline var cells: [FlowCell]
  /// Per stored cell, its line's start along the scroll axis (less the
  /// shift the line had when laid out) and length: the same for every
  /// cell of a line, so that a search reads one value per step.
  @usableFromInline var lines: [FlowLine]
  /// How far the lines have moved along the scroll axis since they were
  /// laid out: entry k (non-zero only at a line's first cell) moves line k
  /// and every later stored cell, so line k starts at
  /// `lines[k].start + shifts.start(of: k + 1)`. Empty (no move anywhere)
  /// until a measured size first changes a section's length.
  @usableFromInline var shifts: ExtentTree = .empty
  /// The end of the line of every `summaryStride`-th stored cell, while no
  /// line has moved (`shifts` empty): a summary small enough to stay in
  /// cache, so that a search of a fresh layout reads a few cache lines
  /// instead of twenty scattered ones.
  @usableFromInline var lineEndSummary: [Double] = []
  @usableFromInline static var summaryStride: Int { 64 }
  /// Whether the stored cells' sizes are estimates until measured
  /// (`FlowLayout.prepare(estimated:viewport:)`).
  public internal(set) var isEstimated = false
  /// Per stored cell, after an estimated prepare: whether it has its real
  /// size (empty otherwise).
  @usableFromInline var measured = MeasuredFlags()
  /// How many stored cells have been measured since an estimated prepare.
  public var measuredCount: Int { measured.count }
  /// The index of each section's first stored cell in `cells`, plus the
  /// total (uniform sections store none).
  @usableFromInline let sectionStarts: [Int]
  /// Each section's item count.
  @usableFromInline let itemCounts: [Int]
  /// The uniform sections' arithmetic, by section (`nil` for stored ones).
  @usableFromInline var uniformSections: [UniformFlowSection?]
  /// Whether any section is uniform (to skip the per-section walk when none
  /// is and there are no headers or footers).
  @usableFromInline let hasUniformSections: Bool
  /// Per section: where it starts and ends along the main axis, where its
  /// header ends and its footer starts (the model shared with the sticky
  /// layout), with the index that finds the sections meeting a rectangle.
  @usableFromInline var sections: SectionExtents
  /// The content's length along the scroll axis: where the last section
  /// ends.
  ///
  /// - Complexity: O(log s) for s sections.
  public var contentLength: Double { sections.end }

  /// Lays out `items`; `layout` has been validated (`FlowLayout.validate()`)
  /// and the item count checked.
  ///
  /// - Throws: `LayoutError.contentTooLarge` when the content is longer
  ///   than `LayoutLimits.maximumExtent`, with an infinite extent when its
  ///   length overflows `Double`.
  init(layout: FlowLayout, items: LayoutItems, viewport: Viewport) throws(LayoutError) {
    self.layout = layout
    self.viewport = viewport
    let axis = layout.axis
    let main = axis
    let cross = axis.cross
    // Validated by `FlowLayout.prepare`: finite and not negative.
    let lineSpacing = layout.lineSpacing
    let gap = layout.interItemSpacing
    let inset = layout.sectionInset
    let headerLength = layout.headerLength
    let footerLength = layout.footerLength
    let crossLength = viewport.size[cross]
    let crossStart = inset.leading(cross)
    let room = Swift.max(0, crossLength - inset.total(cross))

    var stored: [FlowCell] = []
    var storedLines: [FlowLine] = []
    var counts: [Int] = []
    var uniforms: [UniformFlowSection?] = []
    let storedCount = items.sections.reduce(0) { $0 + ($1.uniformSize == nil ? $1.count : 0) }
    stored.reserveCapacity(storedCount)
    storedLines.reserveCapacity(storedCount)
    var starts: [Int] = []
    var extents = SectionExtents()
    extents.reserveCapacity(items.sections.count)
    var cursor = 0.0
    // Stays true while every stored frame is finite (huge sizes or spacings
    // can add up past the largest Double).
    var framesAreFinite = true

    // One line's items, reused between lines.
    var line: [Size] = []
    func flush(_ line: inout [Size], lineStart: Double, isLast: Bool) -> Double {
      let lineLength = line.reduce(0.0) { Swift.max($0, $1[main]) }
      let used = line.reduce(0.0) { $0 + $1[cross] }
      let placement = layout.alignment.place(
        count: line.count, used: used, gap: gap, room: room, start: crossStart, isLast: isLast)
      let spacing = placement.spacing
      var position = placement.start
      let first = stored.count
      for size in line {
        let mainMin = lineStart + (lineLength - size[main]) / 2
        let frame = Rect(
          axis: axis, mainMin: mainMin, crossMin: position, mainLength: size[main], crossLength: size[cross])
        framesAreFinite = framesAreFinite && frame.isFinite
        stored.append(FlowCell(size: size, crossStart: position, line: first))
        storedLines.append(FlowLine(start: lineStart, length: lineLength))
        position += size[cross] + spacing
      }
      line.removeAll(keepingCapacity: true)
      return lineLength
    }

    for section in items.sections {
      starts.append(stored.count)
      let sectionStart = cursor
      cursor += headerLength
      let itemsStart = cursor
      cursor += inset.leading(main)
      var lineStart = cursor
      var lineUsed = 0.0
      let count = section.count
      counts.append(count)
      if let uniform = section.uniformSize {
        // Uniform sections: arithmetic, no per-cell storage.
        let grid = try UniformFlowSection(
          axis: axis, count: count, size: uniform, lineStart: lineStart, lineSpacing: lineSpacing, gap: gap,
          crossStart: crossStart, room: room, alignment: layout.alignment)
        uniforms.append(grid)
        cursor = lineStart + grid.length
      } else {
        uniforms.append(nil)
      }
      if count > 0, section.uniformSize == nil {
        for i in 0..<count {
          var size = section[i]
          size[cross] = Swift.min(size[cross], room)
          let needed = line.isEmpty ? size[cross] : lineUsed + gap + size[cross]
          if !line.isEmpty && needed > room {
            let length = flush(&line, lineStart: lineStart, isLast: false)
            lineStart += length + lineSpacing
            lineUsed = size[cross]
          } else {
            lineUsed = needed
          }
          line.append(size)
        }
        lineStart += flush(&line, lineStart: lineStart, isLast: true)
        cursor = lineStart
      }
      cursor += inset.trailing(main)
      let itemsEnd = cursor
      cursor += footerLength
      extents.append(SectionExtent(start: sectionStart, itemsStart: itemsStart, itemsEnd: itemsEnd, end: cursor))
    }
    guard cursor.isFinite, framesAreFinite else { throw contentOverflowed() }
    try LayoutLimits.checkContent(cursor)
    starts.append(stored.count)
    cells = stored
    lines = storedLines
    lineEndSummary = stride(from: 0, to: storedLines.count, by: Self.summaryStride).map {
      storedLines[$0].start + storedLines[$0].length
    }
    sectionStarts = starts
    itemCounts = counts
    uniformSections = uniforms
    hasUniformSections = uniforms.contains { $0 != nil }
    sections = extents
    #if DEBUG
      checkInvariants()
    #endif
  }

  public var numberOfSections: Int { sections.count }

  public func numberOfItems(inSection section: Int) -> Int {
    guard section >= 0, section < sections.count else { return 0 }
    return itemCounts[section]
  }

  public func contentSize(at state: ScrollState) -> Size {
    Size(axis: layout.axis, main: contentLength, cross: viewport.size[layout.axis.cross])
  }

  /// - Complexity: O(log n + k) for n stored cells and k elements found
  ///   (plus the cells of the first and last lines met): one search for
  ///   the first line that meets the rectangle, then a walk along the lines.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    let axis = layout.axis
    // Stored cells, in order.
    forEachStoredCell(meeting: rect) { _, section, item, frame in
      result.append(LayoutAttributes(id: .cell(item, section: section), frame: frame))
      return true
    }
    // Uniform sections, headers and footers: only sections that meet the
    // rectangle. Pinned supplementaries never leave their section, so this
    // finds them too.
    let supplementaries = layout.headerLength > 0 || layout.footerLength > 0
    guard supplementaries || hasUniformSections else { return }
    for s in sections.sections(meeting: rect.min(axis), rect.max(axis)) {
      uniformSection(s)?.forEachCell(meeting: rect) { item, frame in
        result.append(LayoutAttributes(id: .cell(item, section: s), frame: frame))
      }
      guard supplementaries else { continue }
      // Not a loop over an array literal of kinds: that allocates per section.
      if let attributes = supplementary(.header, section: s, state: state), attributes.frame.intersects(rect) {
        result.append(attributes)
      }
      if let attributes = supplementary(.footer, section: s, state: state), attributes.frame.intersects(rect) {
        result.append(attributes)
      }
    }
  }

  /// Where line `line` (the stored index of its first cell) starts along
  /// the scroll axis.
  ///
  /// - Complexity: O(log n); O(1) before any measured size moved a line.
  func lineStart(ofLine line: Int) -> Double {
    lines[line].start + shifts.start(of: line + 1)
  }

  /// The frame of stored cell `g` on line `line`, which starts at `start`.
  func cellFrame(_ g: Int, lineStart start: Double) -> Rect {
    let cell = cells[g]
    let axis = layout.axis
    let size = cell.size
    return Rect(
      axis: axis, mainMin: start + (lines[g].length - size[axis]) / 2, crossMin: cell.crossStart,
      mainLength: size[axis], crossLength: size[axis.cross])
  }

  /// The frame of stored cell `g`.
  ///
  /// - Complexity: O(log n).
  func cellFrame(_ g: Int) -> Rect {
    cellFrame(g, lineStart: lineStart(ofLine: cells[g].line))
  }

  /// Uniform section `s`'s arithmetic, moved with its section; `nil` for a
  /// stored section.
  func uniformSection(_ s: Int) -> UniformFlowSection? {
    guard var grid = uniformSections[s] else { return nil }
    if sections.changes.count > 0 { grid.lines.leading += sections.shift(of: s) }
    return grid
  }

  /// Calls `body` with every stored cell whose frame meets `rect`, in
  /// order: its stored index, its section, its item and its frame, until
  /// `body` returns `false`.
  ///
  /// - Complexity: O(log n + k): a search for the first line that ends
  ///   after the rectangle's start, then a walk along the lines until one
  ///   starts after its end; once a measured size moved lines, O(log n)
  ///   more per line walked (each line's shift from the tree).
  @inline(__always) func forEachStoredCell(meeting rect: Rect, _ body: (Int, Int, Int, Rect) -> Bool) {
    let axis = layout.axis
    let lo = rect.min(axis)
    let hi = rect.max(axis)
    let n = cells.count
    // A rectangle with a negative or NaN size meets nothing (`Rect.intersects`).
    guard n > 0, lo <= hi, rect.size.width >= 0, rect.size.height >= 0 else { return }
    // Frames are tested exactly; the search bounds carry a margin for the
    // rounding of the shifts' sums (where lines are searched and where they
    // are placed may differ in the last bits).
    let margin = 1e-9 * Swift.max(1, Swift.abs(lo), Swift.abs(hi))
    let low = lo - margin
    let high = hi + margin
    // Lines end in order: the first cell whose line ends after `low`.
    var g: Int
    if shifts.count == 0 {
      // The summary first, then one block of it.
      let block = partitionPoint(in: 0..<lineEndSummary.count) { lineEndSummary[$0] > low }
      let stride = Self.summaryStride
      g =
        block == 0
        ? 0
        : partitionPoint(in: ((block - 1) * stride + 1)..<Swift.min(block * stride, n)) { k in
          lines[k].start + lines[k].length > low
        }
    } else {
      g = shifts.lastPrefix { p, sum in
        // `sum` is the shift of cell p − 1, and so of its line.
        lines[p - 1].start + sum + lines[p - 1].length <= low
      }
    }
    guard g < n else { return }
    g = cells[g].line
    var section = partitionPoint(in: 0..<(sectionStarts.count - 1)) { sectionStarts[$0 + 1] > g }
    // Each line's shift is the tree's sum for it, as `lineStart(ofLine:)`
    // takes it: adding each line's entry to the previous line's shift
    // would round differently in the last bits, so the query would no
    // longer agree with `attributes(for:at:)` bit for bit (which a
    // transition's pairing relies on), nor two queries of different
    // rectangles with each other. O(log n) per line, once lines moved.
    var shift = shifts.start(of: g + 1)
    let hasShifts = shifts.count > 0
    let cross = axis.cross
    // The arrays read in place (no bounds check per read: `g` stays below
    // `n`, `section` below the last section start).
    cells.withUnsafeBufferPointer { cells in
      lines.withUnsafeBufferPointer { lines in
        sectionStarts.withUnsafeBufferPointer { sectionStarts in
          var isFirst = true
          while g < n {
            let line = g
            if hasShifts && !isFirst { shift = shifts.start(of: line + 1) }
            isFirst = false
            let start = lines[line].start + shift
            if start >= high { return }
            let length = lines[line].length
            repeat {
              let cell = cells[g]
              let size = cell.size
              let frame = Rect(
                axis: axis, mainMin: start + (length - size[axis]) / 2, crossMin: cell.crossStart,
                mainLength: size[axis], crossLength: size[cross])
              // `intersects`, with the rectangle's size checked once above
              // (a cell's size is never negative: sizes are checked as
              // they come in).
              if frame.overlaps(rect) {
                while sectionStarts[section + 1] <= g { section += 1 }
                if !body(g, section, g - sectionStarts[section], frame) { return }
              }
              g += 1
            } while g < n && cells[g].line == line
          }
        }
      }
    }
  }

  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.section >= 0, id.section < sections.count else { return nil }
    switch id.kind {
    case .cell:
      guard id.item >= 0, id.item < numberOfItems(inSection: id.section) else { return nil }
      if let grid = uniformSection(id.section) { return LayoutAttributes(id: id, frame: grid.frame(id.item)) }
      return LayoutAttributes(id: id, frame: cellFrame(sectionStarts[id.section] + id.item))
    case .header, .footer:
      guard id.item == 0 else { return nil }
      return supplementary(id.kind, section: id.section, state: state)
    default:
      return nil
    }
  }

  /// Supplementary z-index: above cells; pinned ones above unpinned ones.
  public static let supplementaryZIndex = 1
  public static let pinnedZIndex = 10

  func supplementary(_ kind: ElementKind, section s: Int, state: ScrollState) -> LayoutAttributes? {
    let axis = layout.axis
    let extent = sections[s]
    let crossLength = viewport.size[axis.cross]
    let visibleStart = state.contentOffset.sanitized[axis]
    var z = Self.supplementaryZIndex
    let mainMin: Double
    let length: Double
    if kind == .header {
      length = layout.headerLength
      guard length > 0 else { return nil }
      if layout.pinsHeaders {
        // Stick to the visible top, but never past the end of the section's items.
        mainMin = PinnedSupplementary.headerStart(pinLine: visibleStart, length: length, in: extent)
        z = Self.pinnedZIndex
      } else {
        mainMin = extent.start
      }
    } else {
      length = layout.footerLength
      guard length > 0 else { return nil }
      if layout.pinsFooters {
        // Stick to the visible bottom, but never before the section's items.
        let visibleEnd = visibleStart + viewport.size[axis]
        mainMin = PinnedSupplementary.footerStart(pinLine: visibleEnd, length: length, in: extent)
        z = Self.pinnedZIndex
      } else {
        mainMin = extent.itemsEnd
      }
    }
    let frame = Rect(axis: axis, mainMin: mainMin, crossMin: 0, mainLength: length, crossLength: crossLength)
    return LayoutAttributes(id: ElementID(kind: kind, section: s, item: 0), frame: frame, zIndex: z)
  }
}

/// A stored cell of a flow: its size (the extent across the lines clamped
/// to the room), where it starts across the lines and the stored index of
/// its line's first cell. None of it moves when lines before it change.
@usableFromInline struct FlowCell: Hashable, Sendable {
  @usableFromInline var size: Size
  @usableFromInline var crossStart: Double
  @usableFromInline var line: Int

  @inlinable init(size: Size, crossStart: Double, line: Int) {
    self.size = size
    self.crossStart = crossStart
    self.line = line
  }
}

/// A flow line, kept at each of its cells: its start along the scroll axis
/// (less the shift it had when laid out) and its length.
@usableFromInline struct FlowLine: Hashable, Sendable {
  @usableFromInline var start: Double
  @usableFromInline var length: Double

  @inlinable init(start: Double, length: Double) {
    self.start = start
    self.length = length
  }
}
