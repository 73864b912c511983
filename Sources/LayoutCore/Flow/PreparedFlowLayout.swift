/// A flow layout's geometry: the sections' extents, each section's cells
/// (arithmetic for uniform sections, a frame per cell otherwise) and the
/// supplementary frames, with indexes for visible-rect queries.
public struct PreparedFlowLayout: PreparedLayout {
  /// The configuration the geometry was prepared from.
  public let layout: FlowLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport
  /// Cell frames of the sections with per-item sizes, in order.
  @usableFromInline var cellFrames: [Rect]
  /// Per stored cell: whether it starts a line (kept so that a measured
  /// size re-breaks only the lines it changes).
  @usableFromInline var lineBreaks: [Bool]
  /// Whether the stored cells' sizes are estimates until measured
  /// (`FlowLayout.prepare(estimated:viewport:)`).
  public internal(set) var isEstimated = false
  /// Per stored cell, after an estimated prepare: whether it has its real
  /// size (empty otherwise).
  @usableFromInline var measured = MeasuredFlags()
  /// How many stored cells have been measured since an estimated prepare.
  public var measuredCount: Int { measured.count }
  /// The index of each section's first stored cell in `cellFrames`, plus the
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
  @usableFromInline var cellIndex: SortedExtentIndex
  /// The content's length along the scroll axis.
  public internal(set) var contentLength: Double

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

    var frames: [Rect] = []
    var breaks: [Bool] = []
    var counts: [Int] = []
    var uniforms: [UniformFlowSection?] = []
    let storedCount = items.sections.reduce(0) { $0 + ($1.uniformSize == nil ? $1.count : 0) }
    frames.reserveCapacity(storedCount)
    breaks.reserveCapacity(storedCount)
    var starts: [Int] = []
    var extents = SectionExtents()
    extents.reserveCapacity(items.sections.count)
    var index = SortedExtentIndex()
    index.reserveCapacity(storedCount)
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
      for (k, size) in line.enumerated() {
        breaks.append(k == 0)
        let mainMin = lineStart + (lineLength - size[main]) / 2
        let frame = Rect(
          axis: axis, mainMin: mainMin, crossMin: position, mainLength: size[main], crossLength: size[cross])
        framesAreFinite = framesAreFinite && frame.isFinite
        frames.append(frame)
        index.append(key: lineStart, end: lineStart + lineLength)
        position += size[cross] + spacing
      }
      line.removeAll(keepingCapacity: true)
      return lineLength
    }

    for section in items.sections {
      starts.append(frames.count)
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
    starts.append(frames.count)
    cellFrames = frames
    lineBreaks = breaks
    sectionStarts = starts
    itemCounts = counts
    uniformSections = uniforms
    hasUniformSections = uniforms.contains { $0 != nil }
    sections = extents
    cellIndex = index
    contentLength = cursor
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

  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    let axis = layout.axis
    // Cells: two binary searches, then a walk over the candidates.
    var section = 0
    for i in cellIndex.candidates(meeting: rect.min(axis), rect.max(axis)) where cellFrames[i].intersects(rect) {
      while sectionStarts[section + 1] <= i { section += 1 }
      result.append(
        LayoutAttributes(id: .cell(i - sectionStarts[section], section: section), frame: cellFrames[i]))
    }
    // Uniform sections, headers and footers: only sections that meet the
    // rectangle. Pinned supplementaries never leave their section, so this
    // finds them too.
    let supplementaries = layout.headerLength > 0 || layout.footerLength > 0
    guard supplementaries || hasUniformSections else { return }
    for s in sections.sections(meeting: rect.min(axis), rect.max(axis)) {
      uniformSections[s]?.forEachCell(meeting: rect) { item, frame in
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

  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.section >= 0, id.section < sections.count else { return nil }
    switch id.kind {
    case .cell:
      guard id.item >= 0, id.item < numberOfItems(inSection: id.section) else { return nil }
      if let grid = uniformSections[id.section] { return LayoutAttributes(id: id, frame: grid.frame(id.item)) }
      return LayoutAttributes(id: id, frame: cellFrames[sectionStarts[id.section] + id.item])
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
