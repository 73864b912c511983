/// A tag cloud's geometry: per tag its size, its line and its x; per line
/// its height; and an `ExtentTree` over *slots* that gives every line's
/// position in O(log n) and lets measured sizes move the lines below them
/// without a new prepare.
///
/// Slots: each section has a head slot (header and top inset), one slot per
/// tag, and a tail slot (bottom inset). A tag's slot holds its line's
/// extent (line spacing before it, except for a section's first line, plus
/// the line's height) when the tag starts a line, and 0 otherwise. Since a
/// line can start at any tag, re-flowing lines never inserts or removes
/// slots: it only rewrites extents.
///
/// Elements: tags are cells (`.cell(item, section:)`), headers
/// `ElementKind.header` supplementaries (item 0) spanning the width.
public struct PreparedTagCloudLayout: SelfSizingLayout {
  /// The configuration the geometry was prepared from.
  public let layout: TagCloudLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport

  // Clean configuration values.
  @usableFromInline let lineSpacing: Double
  @usableFromInline let gap: Double
  @usableFromInline let inset: EdgeInsets
  @usableFromInline let headerHeight: Double
  /// The room for tags across a line (the widest tag).
  public let maxItemWidth: Double
  @usableFromInline let paragraph: Int

  /// The global index of each section's first tag, plus the total.
  @usableFromInline let sectionFirst: [Int]
  @usableFromInline var widths: [Double]
  @usableFromInline var heights: [Double]
  @usableFromInline var xs: [Double]
  /// The global index of the tag that starts each tag's line.
  @usableFromInline var lineOf: [Int]
  /// Line heights, stored at each line's first tag.
  @usableFromInline var lineHeights: [Double]
  @usableFromInline var measured: MeasuredFlags
  @usableFromInline var slots: ExtentTree
  /// How many tags have been measured.
  public var measuredCount: Int { measured.count }

  init(layout: TagCloudLayout, items: LayoutItems, viewport: Viewport, measured isMeasured: Bool) {
    var first: [Int] = [0]
    first.reserveCapacity(items.sections.count + 1)
    var total = 0
    for section in items.sections {
      total += section.count
      first.append(total)
    }
    var sizes: [Size] = []
    sizes.reserveCapacity(total)
    for section in items.sections {
      if let size = section.uniformSize {
        sizes.append(contentsOf: repeatElement(size, count: section.count))
      } else if case .each(let each) = section {
        sizes.append(contentsOf: each)
      }
    }
    self.init(
      layout: layout, viewport: viewport, sectionFirst: first, sizes: sizes,
      measured: [Bool](repeating: isMeasured, count: total))
  }

  /// The full prepare: sizes (assumed valid) and measured flags per tag.
  init(layout: TagCloudLayout, viewport: Viewport, sectionFirst: [Int], sizes: [Size], measured: [Bool]) {
    self.layout = layout
    self.viewport = viewport
    lineSpacing = TagCloudLayout.clean(layout.lineSpacing)
    gap = TagCloudLayout.clean(layout.itemSpacing)
    inset = EdgeInsets(
      top: TagCloudLayout.clean(layout.sectionInset.top), left: TagCloudLayout.clean(layout.sectionInset.left),
      bottom: TagCloudLayout.clean(layout.sectionInset.bottom),
      right: TagCloudLayout.clean(layout.sectionInset.right))
    headerHeight = TagCloudLayout.clean(layout.headerHeight)
    maxItemWidth = layout.maxTagWidth(forWidth: viewport.size.width)
    paragraph = Swift.max(0, layout.paragraphLength)
    self.sectionFirst = sectionFirst
    let n = sizes.count
    widths = sizes.map(\.width)
    heights = sizes.map(\.height)
    xs = [Double](repeating: 0, count: n)
    lineOf = [Int](repeating: 0, count: n)
    lineHeights = [Double](repeating: 0, count: n)
    self.measured = MeasuredFlags(measured)
    let sectionCount = sectionFirst.count - 1
    slots = ExtentTree([Double](repeating: 0, count: n + 2 * sectionCount))
    let room = maxItemWidth
    for g in 0..<n { widths[g] = Swift.min(widths[g], room) }
    // Build the extents in one array, then the tree in O(n).
    var extents = [Double](repeating: 0, count: n + 2 * sectionCount)
    for s in 0..<sectionCount {
      extents[headSlot(s)] = headerHeight + inset.top
      extents[tailSlot(s)] = inset.bottom
      var start = sectionFirst[s]
      while start < sectionFirst[s + 1] {
        start = flow(section: s, from: start, stopAfter: nil) { slot, extent in extents[slot] = extent }
      }
    }
    slots = ExtentTree(extents)
    #if DEBUG
      checkInvariants()
    #endif
  }

  // MARK: Slots

  @inlinable func headSlot(_ s: Int) -> Int { sectionFirst[s] + 2 * s }
  @inlinable func tailSlot(_ s: Int) -> Int { sectionFirst[s + 1] + 2 * s + 1 }
  @inlinable func itemSlot(_ g: Int, section s: Int) -> Int { g + 2 * s + 1 }

  /// The section whose slots contain `slot`.
  @inlinable func section(ofSlot slot: Int) -> Int {
    // The largest s with headSlot(s) <= slot (section 0 at the least).
    Swift.max(0, partitionPoint(in: 1..<Swift.max(1, sectionFirst.count - 1)) { headSlot($0) > slot } - 1)
  }

  // MARK: Flow

  /// Greedy line breaking for section `s` from `start` (a line start) to
  /// the end of `start`'s paragraph, or to `limit` (a line start that must
  /// stay one: the anchor's line) when that comes first: writes each tag's line, x and line
  /// height, and passes every slot's new extent to `write`. With
  /// `stopAfter` (the tag whose width changed), stops at the first new line
  /// after that tag that begins where an old line began: everything after
  /// it is unchanged.
  ///
  /// - Returns: the end of the paragraph (where the next one starts).
  @discardableResult
  @usableFromInline mutating func flow(
    section s: Int, from start: Int, stopAfter: Int?, until limit: Int? = nil, write: (Int, Double) -> Void
  ) -> Int {
    let first = sectionFirst[s]
    let sectionEnd = sectionFirst[s + 1]
    guard start < sectionEnd else { return sectionEnd }
    var end = Swift.min(sectionEnd, limit ?? sectionEnd)
    if paragraph > 0 {
      let local = start - first
      let (paragraphIndex, overflow) = (local / paragraph).addingReportingOverflow(1)
      if !overflow {
        let (limit, over) = paragraphIndex.multipliedReportingOverflow(by: paragraph)
        if !over && limit < sectionEnd - first { end = first + limit }
      }
    }
    var lineStart = start
    var used = 0.0
    var g = start
    while g < end {
      let w = widths[g]
      if g > lineStart && used + gap + w > maxItemWidth {
        finishLine(lineStart, g, section: s, write: write)
        lineStart = g
        if let stopAfter, g > stopAfter, lineOf[g] == g { return end }
        used = w
      } else {
        used = g == lineStart ? w : used + gap + w
      }
      g += 1
    }
    finishLine(lineStart, end, section: s, write: write)
    return end
  }

  @usableFromInline mutating func finishLine(_ a: Int, _ b: Int, section s: Int, write: (Int, Double) -> Void) {
    var offset = 0.0
    var height = 0.0
    let width = viewport.size.width
    for g in a..<b {
      let w = widths[g]
      xs[g] = layout.isRightToLeft ? width - inset.right - offset - w : inset.left + offset
      offset += w + gap
      height = Swift.max(height, heights[g])
      lineOf[g] = a
      if g > a { write(itemSlot(g, section: s), 0) }
    }
    lineHeights[a] = height
    write(itemSlot(a, section: s), (a == sectionFirst[s] ? 0 : lineSpacing) + height)
  }

  // MARK: Measured sizes

  /// Whether `id` has its real size: headers always, tags once measured
  /// (or prepared with known sizes).
  public func isMeasured(_ id: ElementID) -> Bool {
    guard let g = globalIndex(id) else { return id.kind == .header && id.item == 0 && validSection(id.section) }
    return measured[g]
  }

  @inlinable func validSection(_ s: Int) -> Bool { s >= 0 && s < sectionFirst.count - 1 }

  @inlinable func globalIndex(_ id: ElementID) -> Int? {
    guard id.kind == .cell, validSection(id.section), id.item >= 0 else { return nil }
    let first = sectionFirst[id.section]
    guard id.item < sectionFirst[id.section + 1] - first else { return nil }
    return first + id.item
  }

  /// Gives tag `id` its measured size (a width above `maxItemWidth` is
  /// clamped to it) and marks it measured.
  ///
  /// A new height moves the lines below in O(log n); a new width re-flows
  /// the lines from the tag's line to the first line that starts where it
  /// did before, never past the end of the tag's paragraph.
  ///
  /// With `anchor`, it keeps the line breaks of `anchor`'s
  /// line and every line after it when `id` is on a line above it: the
  /// lines from `id`'s down to the anchor's are broken again and the last
  /// of them ends where the anchor's line starts (it may end short, like a
  /// paragraph's last line). So nothing at or below the anchor moves
  /// relative to it when a tag above learns its width (the self-sizing
  /// scroller and the layout host pass the tag they keep in place).
  ///
  /// - Complexity: as `setMeasuredSize(_:for:)`, never re-flowing past the
  ///   anchor's line.
  ///
  /// A size that would make the content taller than
  /// `LayoutLimits.maximumExtent` is refused (`false`, nothing changes).
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool {
    setMeasuredSize(size, for: id, keepingLinesFrom: anchor, contentLimit: LayoutLimits.maximumExtent)
  }

  /// `setMeasuredSize(_:for:keepingLinesFrom:)`, refusing a size that would
  /// make the content taller than `contentLimit` (a table passes what its
  /// other rows leave of `LayoutLimits.maximumExtent`).
  ///
  /// - Complexity: as the public method; when the re-flow could reach the
  ///   limit (its lines, at most as tall as the content or the new size,
  ///   could add up past it: content near the limit), a copy of the
  ///   geometry is kept to undo it, O(n).
  mutating func setMeasuredSize(
    _ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?, contentLimit: Double
  ) -> Bool {
    guard LayoutItems.isAcceptable(size), let g = globalIndex(id) else { return false }
    let total = slots.total
    let width = Swift.min(size.width, maxItemWidth)
    let s = id.section
    if width != widths[g] {
      // A narrower tag that starts a line may now fit at the end of the
      // line before (unless a paragraph starts here): flow from there.
      var start = lineOf[g]
      let local = g - sectionFirst[s]
      if start == g && local > 0 && (paragraph == 0 || local % paragraph != 0) { start = lineOf[g - 1] }
      // The most the re-flow can add: a line per tag to the section's end,
      // each at most as tall as the content or the new size.
      let reach = Double(sectionFirst[s + 1] - start) * (lineSpacing + Swift.max(total, size.height))
      let undo: PreparedTagCloudLayout? = total + reach <= contentLimit ? nil : self
      measured.mark(g)
      widths[g] = width
      heights[g] = size.height
      // Move the tree out while the flow writes it, so it stays uniquely
      // referenced (no copy) and the flow may mutate the other arrays.
      var tree = ExtentTree.empty
      swap(&tree, &slots)
      // The anchor's line keeps its start when it is below the re-flowed lines.
      var limit: Int?
      if let anchor, anchor.section == s, let a = globalIndex(anchor), lineOf[a] > lineOf[g] { limit = lineOf[a] }
      flow(section: s, from: start, stopAfter: g, until: limit) { slot, extent in tree.set(slot, to: extent) }
      swap(&tree, &slots)
      if let undo, !(slots.total <= contentLimit) {
        self = undo
        return false
      }
      return true
    }
    guard size.height != heights[g] else {
      measured.mark(g)
      return true
    }
    let line = lineOf[g]
    var height = 0.0
    var k = line
    let end = sectionFirst[s + 1]
    while k < end && lineOf[k] == line {
      height = Swift.max(height, k == g ? size.height : heights[k])
      k += 1
    }
    // The content changes by exactly the line's change of height.
    guard total + (height - lineHeights[line]) <= contentLimit else { return false }
    measured.mark(g)
    heights[g] = size.height
    if height != lineHeights[line] {
      lineHeights[line] = height
      slots.set(itemSlot(line, section: s), to: (line == sectionFirst[s] ? 0 : lineSpacing) + height)
    }
    return true
  }

  /// Measures, in reading order, every tag whose line starts above `y`
  /// (content coordinates) once the tags before it have their real sizes:
  /// the state after scrolling down to `y` (`inspect tags
  /// --measured-through Y`). `size` gives a tag's real size (`nil` keeps
  /// the estimate and marks it measured).
  ///
  /// - Complexity: O(m log n) for the m tags measured.
  /// - Returns: how many tags were measured.
  @discardableResult
  public mutating func measure(through y: Double, size: (ElementID) -> Size?) -> Int {
    guard y.isFinite else { return 0 }
    var count = 0
    for s in 0..<numberOfSections {
      for g in sectionFirst[s]..<sectionFirst[s + 1] {
        guard lineTop(lineOf[g], section: s) < y else { return count }
        let id = ElementID.cell(g - sectionFirst[s], section: s)
        if !measured[g] {
          let estimate = Size(width: widths[g], height: heights[g])
          if !setMeasuredSize(size(id) ?? estimate, for: id) { setMeasuredSize(estimate, for: id) }
          count += 1
        }
      }
    }
    return count
  }

  /// The geometry for a new viewport (a rotation): the same sizes, re-flowed
  /// to the new width. Tags that were as wide as the old room or are wider
  /// than the new one become unmeasured again (their text wraps
  /// differently); the others keep their sizes.
  ///
  /// - Complexity: O(n).
  /// - Throws: `LayoutError.invalidViewport`.
  public func resized(to viewport: Viewport) throws(LayoutError) -> PreparedTagCloudLayout {
    let viewport = try viewport.validated()
    let room = layout.maxTagWidth(forWidth: viewport.size.width)
    var flags = measured.flags
    var sizes: [Size] = []
    sizes.reserveCapacity(widths.count)
    for g in widths.indices {
      if widths[g] >= Swift.min(maxItemWidth, room) && widths[g] > 0 { flags[g] = false }
      sizes.append(Size(width: widths[g], height: heights[g]))
    }
    return PreparedTagCloudLayout(
      layout: layout, viewport: viewport, sectionFirst: sectionFirst, sizes: sizes, measured: flags)
  }

  /// The sizes the cloud holds now (measured or estimated), per section:
  /// preparing them anew gives the same frames.
  ///
  /// - Complexity: O(n).
  public var currentItems: LayoutItems {
    LayoutItems(
      sections: (0..<(sectionFirst.count - 1)).map { s in
        .each((sectionFirst[s]..<sectionFirst[s + 1]).map { Size(width: widths[$0], height: heights[$0]) })
      })
  }

  /// The content size for a viewport `width` wide: O(log n) at the
  /// prepared width (the cloud's current content height, whatever updates
  /// came since), a new flow (O(n)) at any other width.
  public func fittingSize(forWidth width: Double) -> Size {
    if width == viewport.size.width { return contentSize(at: ScrollState()) }
    guard let other = try? resized(to: Viewport(width: width, height: viewport.size.height)) else {
      return Size(width: 0, height: 0)
    }
    return other.contentSize(at: ScrollState())
  }

  // MARK: PreparedLayout

  public var numberOfSections: Int { sectionFirst.count - 1 }

  public func numberOfItems(inSection section: Int) -> Int {
    validSection(section) ? sectionFirst[section + 1] - sectionFirst[section] : 0
  }

  /// The viewport's width by the content height.
  ///
  /// - Complexity: O(log n).
  public func contentSize(at state: ScrollState) -> Size {
    Size(width: viewport.size.width, height: slots.total)
  }

  @inlinable func lineTop(_ line: Int, section s: Int) -> Double {
    slots.start(of: itemSlot(line, section: s)) + (line == sectionFirst[s] ? 0 : lineSpacing)
  }

  @inlinable func cellFrame(_ g: Int, lineTop: Double) -> Rect {
    let h = heights[g]
    return Rect(x: xs[g], y: lineTop + (lineHeights[lineOf[g]] - h) / 2, width: widths[g], height: h)
  }

  @inlinable func headerFrame(_ s: Int) -> Rect {
    Rect(x: 0, y: slots.start(of: headSlot(s)), width: viewport.size.width, height: headerHeight)
  }

  /// Walks the elements in reading order from the first line that may meet
  /// `rect`, calling `body` with each frame that meets it, until `body`
  /// returns `false` or the lines pass the rectangle.
  @inlinable func forEachElement(in rect: Rect, _ body: (ElementID, Rect) -> Bool) {
    // A rectangle with a negative size meets nothing (`Rect.intersects`).
    guard rect.isFinite, rect.size.width >= 0, rect.size.height >= 0, !sectionFirst.isEmpty, slots.count > 0
    else { return }
    // Elements are tested with their frames as reported (centre and size),
    // whose edges may differ from the stored ones in the last bits; the
    // search bounds carry a margin for that, so the answer is exact.
    let margin = 1e-9 * Swift.max(1, Swift.abs(rect.minY), Swift.abs(rect.maxY))
    let reachY = rect.maxY + margin
    var slot = slots.firstEnding(after: rect.minY - margin)
    guard slot < slots.count else { return }
    var s = section(ofSlot: slot)
    let sectionCount = sectionFirst.count - 1
    while s < sectionCount {
      if slot <= headSlot(s) {
        let frame = headerFrame(s)
        if frame.minY >= reachY { return }
        if headerHeight > 0 && Rect(center: frame.center, size: frame.size).intersects(rect) {
          if !body(ElementID(kind: .header, section: s, item: 0), frame) { return }
        }
        slot = headSlot(s) + 1
      }
      let first = sectionFirst[s]
      let end = sectionFirst[s + 1]
      var g = Swift.min(end, Swift.max(first, slot - 2 * s - 1))
      if g < end { g = lineOf[g] }
      // The tags' arrays read in place (`cellFrame`'s arithmetic, without a
      // bounds check per read: `g` stays inside the section's range).
      let stop = lineOf.withUnsafeBufferPointer { lineOf in
        heights.withUnsafeBufferPointer { heights in
          widths.withUnsafeBufferPointer { widths in
            xs.withUnsafeBufferPointer { xs in
              lineHeights.withUnsafeBufferPointer { lineHeights in
                while g < end {
                  let line = g
                  let top = lineTop(line, section: s)
                  if top >= reachY { return true }
                  let lineHeight = lineHeights[line]
                  while g < end && lineOf[g] == line {
                    let h = heights[g]
                    let frame = Rect(x: xs[g], y: top + (lineHeight - h) / 2, width: widths[g], height: h)
                    // `intersects` on the frame as reported (through its
                    // centre), the rectangle's size checked once above (a
                    // tag's size is never negative).
                    if Rect(center: frame.center, size: frame.size).overlaps(rect) {
                      if !body(.cell(g - first, section: s), frame) { return true }
                    }
                    g += 1
                  }
                }
                return false
              }
            }
          }
        }
      }
      if stop { return }
      s += 1
      if s < sectionCount { slot = headSlot(s) }
    }
  }

  /// - Complexity: O(log n + k) for k elements found (plus the tags of the
  ///   first and last lines met).
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    forEachElement(in: rect) { id, frame in
      result.append(
        LayoutAttributes(id: id, frame: frame, zIndex: id.kind == .cell ? 0 : PreparedFlowLayout.supplementaryZIndex))
      return true
    }
  }

  /// The frame of element `id` as stored (no round trip through a centre),
  /// or `nil` when it does not exist.
  ///
  /// - Complexity: O(log n).
  public func frame(for id: ElementID) -> Rect? {
    if let g = globalIndex(id) { return cellFrame(g, lineTop: lineTop(lineOf[g], section: id.section)) }
    guard id.kind == .header, id.item == 0, headerHeight > 0, validSection(id.section) else { return nil }
    return headerFrame(id.section)
  }

  /// The centre and size of `attributes(for:at:)` from the frame alone.
  ///
  /// - Complexity: O(log n).
  public func geometry(for id: ElementID, at state: ScrollState) -> (center: Point, size: Size)? {
    frame(for: id).map { ($0.center, $0.size) }
  }

  /// - Complexity: O(log n).
  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    if let g = globalIndex(id) {
      let s = id.section
      return LayoutAttributes(id: id, frame: cellFrame(g, lineTop: lineTop(lineOf[g], section: s)))
    }
    guard id.kind == .header, id.item == 0, headerHeight > 0, validSection(id.section) else { return nil }
    return LayoutAttributes(id: id, frame: headerFrame(id.section), zIndex: PreparedFlowLayout.supplementaryZIndex)
  }

  /// The element an anchor should follow in `rect`: the first (in reading
  /// order) that meets it and has its real size, else the first that
  /// meets it; `nil` for an empty rectangle of content.
  ///
  /// - Complexity: O(log n + k).
  public func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)? {
    var firstAny: (id: ElementID, frame: Rect)?
    var found: (id: ElementID, frame: Rect)?
    // The two arrays the closure reads, as locals: capturing `self` copied
    // the whole layout (a retain of each of its arrays) on every call.
    let measured = self.measured
    let sectionFirst = self.sectionFirst
    forEachElement(in: rect) { id, frame in
      if firstAny == nil { firstAny = (id, frame) }
      if id.kind != .cell || measured[sectionFirst[id.section] + id.item] {
        found = (id, frame)
        return false
      }
      return true
    }
    return found ?? firstAny
  }

  /// Calls `body` with each tag in `rect` that still has its estimated size.
  ///
  /// - Complexity: O(log n + k).
  public func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void) {
    forEachElement(in: rect) { id, _ in
      if id.kind == .cell && !measured[sectionFirst[id.section] + id.item] { body(id) }
      return true
    }
  }
}
