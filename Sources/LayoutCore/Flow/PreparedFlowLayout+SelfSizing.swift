/// The flow takes self-sizing cells in both axes: a measured size re-breaks
/// the lines of its section from the cell's line (or the line before, when
/// the cell starts a line: it may fit at the end of the one before) until a
/// new line starts where an old one did, and every line, section and supplementary after that
/// moves along the scroll axis by the change in length.
///
/// After an estimated prepare, the re-breaking also stops at the first old
/// line start past the change whose cell still has its estimate: the line
/// before it may end short, and the lines of estimates from it keep their
/// breaks. Measuring that cell breaks the short line again, so once every
/// cell is measured the lines are a fresh prepare's. Estimates of one
/// width never realign their breaks, so without this stop one wider cell
/// re-broke every later line of its section: 2.0–3.9 ms at 1e6 cells.
///
/// With an anchor (`setMeasuredSize(_:for:keepingLinesFrom:)`, what the
/// host and the scroller pass) on a later line of the same section, the
/// re-breaking stops at the anchor's line: that line and every line after
/// it keep their breaks, so nothing at or after the anchor moves relative
/// to it. The line just before the anchor's may then end short.
///
/// Cells of uniform sections (`LayoutItems(count:size:)`) share one size
/// and take none; `FlowLayout.prepare(estimated:viewport:)` stores every
/// cell, so every cell can be measured.
///
/// The later lines and sections do not move one by one: the lines after
/// the re-broken ones move through an `ExtentTree` of shifts over the
/// stored cells, the later sections through `SectionExtents`' tree of
/// changes, as the tag cloud's lines do.
///
/// - Complexity: a measurement costs O(m + l log n) for the m cells of the
///   l lines it re-breaks (one line when only the length along the scroll
///   axis changes), plus O(log s) for s sections: 0.6–0.8 µs in the
///   engine and 2.5–4.6 µs through the host at 1e6 estimated cells, the
///   same as at 1e4 (`scrollwork bench --quick --filter host-size-flow`;
///   it was 5.4–6.4 ms). In a flow prepared with known sizes (no
///   estimates), a width change whose breaks never realign (every later
///   cell of the section the same width) still re-breaks the rest of its
///   section, as a fresh prepare would.
extension PreparedFlowLayout: SelfSizingLayout {
  /// The flow's scroll axis (`FlowLayout.axis`): anchors hold along it.
  public var scrollAxis: Axis { layout.axis }

  /// The widest a cell may be: the room between the section insets for a
  /// vertical flow (cells are clamped to it); the viewport's width for a
  /// horizontal one, whose lines are as long as the cells make them.
  public var maxItemWidth: Double {
    layout.axis == .vertical ? room : viewport.size.width
  }

  /// The room across the lines between the section insets.
  var room: Double {
    let cross = layout.axis.cross
    return Swift.max(0, viewport.size[cross] - layout.sectionInset.total(cross))
  }

  /// Whether `id` is a cell of a section with per-item sizes (a uniform
  /// section shares one size and takes none).
  public func takesPreferredSize(for id: ElementID) -> Bool { storedIndex(id) != nil }

  /// The stored index of cell `id`, or `nil` for an identity that is not a
  /// cell of a stored section.
  func storedIndex(_ id: ElementID) -> Int? {
    guard id.kind == .cell, id.section >= 0, id.section < sections.count, uniformSections[id.section] == nil,
      id.item >= 0, id.item < itemCounts[id.section]
    else { return nil }
    return sectionStarts[id.section] + id.item
  }

  /// Whether `id` has its real size: always for supplementaries and for
  /// cells prepared with known sizes; after an estimated prepare, once
  /// measured.
  public func isMeasured(_ id: ElementID) -> Bool {
    guard isEstimated, let g = storedIndex(id) else { return true }
    return measured[g]
  }

  /// Gives cell `id` its measured size (the extent across the lines is
  /// clamped to the room between the section insets) and marks it
  /// measured. The section's lines are broken again from the cell's line
  /// until a break realigns with an old one, or, when `anchor` is a cell
  /// of the same section on a later line, up to the anchor's line, which
  /// keeps its start (see the extension's notes).
  ///
  /// - Complexity: O(m + l log n) for the m cells of the l lines broken
  ///   again, plus O(log s) for s sections.
  /// - Returns: `false`, changing nothing, for an identity that is not a
  ///   cell of a stored section, or a size that is negative, not finite or
  ///   past `LayoutLimits.maximumExtent`, or one that would make the
  ///   content longer than `LayoutLimits.maximumExtent`.
  @discardableResult
  public mutating func setMeasuredSize(_ size: Size, for id: ElementID, keepingLinesFrom anchor: ElementID?) -> Bool {
    guard LayoutItems.isAcceptable(size), let g = storedIndex(id) else { return false }
    let axis = layout.axis
    let cross = axis.cross
    var clamped = size
    clamped[cross] = Swift.min(clamped[cross], room)
    let old = cells[g].size
    if old != clamped {
      let s = id.section
      var start = cells[g].line
      let first = sectionStarts[s]
      // A cell that starts a line may now fit at the end of the line
      // before: it is narrower, or that line ends short (it stopped at this
      // cell while it still had its estimate, or before an anchor's line).
      if start == g && g > first { start = cells[g - 1].line }
      var limit: Int?
      if let anchor, anchor.section == s, let a = storedIndex(anchor) {
        let anchorLine = cells[a].line
        if g < anchorLine { limit = anchorLine }
      }
      guard relayout(section: s, from: start, changed: g, to: clamped, until: limit) else { return false }
    }
    if isEstimated { measured.mark(g) }
    #if DEBUG
      checkInvariants()
    #endif
    return true
  }

  /// Gives stored cell `changed` of section `s` the size `size` and breaks
  /// the section's lines again from line start `start`: greedily, as
  /// `prepare` does, until a new line starts after `changed` where an old
  /// one started, at an old line start past `changed` whose cell still has
  /// its estimate, or at `limit` (line starts that stay ones). Lays out
  /// the new lines, and moves every later line and section by the change
  /// in length through the trees of shifts, without touching them.
  ///
  /// The new lines are found and measured before anything is written, so
  /// an update that would make the content too long changes nothing.
  ///
  /// - Complexity: O(m + l log n) for the m cells of the l lines broken
  ///   again, plus O(log s).
  /// - Returns: `false`, changing nothing, when the content would be
  ///   longer than `LayoutLimits.maximumExtent`.
  mutating func relayout(section s: Int, from start: Int, changed: Int, to size: Size, until limit: Int?) -> Bool {
    let axis = layout.axis
    let cross = axis.cross
    let end = sectionStarts[s + 1]
    let gap = layout.interItemSpacing
    let lineSpacing = layout.lineSpacing
    let room = self.room
    func sizeOf(_ j: Int) -> Size { j == changed ? size : cells[j].size }
    // The new lines from `start`, greedily as `prepare` breaks them, up to
    // `stop` (where the old lines resume: a realigned break, the anchor's
    // line or the section's end): `line(a, b)` for each new line [a, b).
    // Run twice, the same way: to measure, then to write (which rewrites
    // only cells before the one the breaking reads).
    func breakLines(_ line: (Int, Int) -> Void) -> Int {
      var lineBegin = start
      var used = 0.0
      var j = start
      while j < end {
        if let limit, j == limit { break }
        // Past the change, an old line start whose cell still has its
        // estimate stays one, and the lines from it stand: they hold
        // guesses until measured. Breaking them again could run to the
        // section's end (estimates of one width never realign), for a
        // layout no one has seen yet.
        if j > changed && cells[j].line == j && isEstimated && !measured[j] { break }
        let w = sizeOf(j)[cross]
        if j > lineBegin && used + gap + w > room {
          // A break where an old one was, past the change: the rest stands.
          if j > changed && cells[j].line == j { break }
          line(lineBegin, j)
          lineBegin = j
          used = w
        } else {
          used = j == lineBegin ? w : used + gap + w
        }
        j += 1
      }
      line(lineBegin, j)
      return j
    }
    func length(_ a: Int, _ b: Int) -> Double {
      var length = 0.0
      for i in a..<b { length = Swift.max(length, sizeOf(i)[axis]) }
      return length
    }
    // The change in length: the new lines' lengths and spacings less the
    // old ones', summed apart, in order, so that unchanged lines give 0.
    var newSum = 0.0
    let stop = breakLines { a, b in newSum += length(a, b) + lineSpacing }
    var oldSum = 0.0
    for k in start..<stop where cells[k].line == k { oldSum += lines[k].length + lineSpacing }
    let delta = newSum - oldSum
    let newLength = contentLength + delta
    guard newLength.isFinite, newLength <= LayoutLimits.maximumExtent else { return false }

    // Write the new lines: they keep `start`'s shift; the shifts of old
    // lines inside them go to `stop`, with the change, so that every line
    // from `stop` on moves by the change and nothing else does.
    if shifts.count == 0 && delta != 0 { shifts = ExtentTree([Double](repeating: 0, count: cells.count)) }
    var carried = delta
    if shifts.count > 0 {
      for i in (start + 1)..<Swift.max(start + 1, stop) where shifts.extent(at: i) != 0 {
        carried += shifts.extent(at: i)
        shifts.set(i, to: 0)
      }
      if stop < cells.count { shifts.add(carried, at: stop) }
    }
    cells[changed].size = size
    let crossStart = layout.sectionInset.leading(cross)
    // Starts as laid out (less `start`'s shift, which the new lines keep).
    var lineStart = lines[start].start
    _ = breakLines { a, b in
      var used = 0.0
      for i in a..<b { used += cells[i].size[cross] }
      let placement = layout.alignment.place(
        count: b - a, used: used, gap: gap, room: room, start: crossStart, isLast: b == end)
      var position = placement.start
      for i in a..<b {
        cells[i].line = a
        cells[i].crossStart = position
        position += cells[i].size[cross] + placement.spacing
      }
      let lineLength = length(a, b)
      for i in a..<b { lines[i] = FlowLine(start: lineStart, length: lineLength) }
      lineStart += lineLength + lineSpacing
    }
    if shifts.count == 0 {
      // Nothing moved, but lines may have been broken anew: their summary.
      let stride = Self.summaryStride
      var k = (start + stride - 1) / stride * stride
      while k < stop {
        lineEndSummary[k / stride] = lines[k].start + lines[k].length
        k += stride
      }
    }
    sections.resizeItems(of: s, by: delta)
    return true
  }

  /// Calls `body` with every stored cell in `rect` that still has its
  /// estimate, in order.
  ///
  /// - Complexity: O(log n + k).
  public func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void) {
    guard isEstimated else { return }
    let measured = self.measured
    forEachStoredCell(meeting: rect) { g, section, item, _ in
      if !measured[g] { body(.cell(item, section: section)) }
      return true
    }
  }

  /// The first element in reading order (identity order) that meets
  /// `rect` and has its real size, else the first that meets it; pinned
  /// headers and footers are passed over (they stay on screen while their
  /// section scrolls, so they cannot hold a place in the content).
  ///
  /// - Complexity: O(log n + k); when every section is stored (an
  ///   estimated prepare) and a measured cell meets `rect`, a walk along
  ///   the cells that stops at the first measured one, with no allocation.
  public func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)? {
    if !hasUniformSections {
      // Cells come first in identity order, and the stored cells' walk
      // follows it: the first measured one is the answer. Frames as
      // `LayoutAttributes` gives them back (through the centre), as the
      // general answer does. With none measured, a header or footer (always
      // measured) comes before them: the general answer.
      var found: (id: ElementID, frame: Rect)?
      let isEstimated = self.isEstimated
      let measured = self.measured
      forEachStoredCell(meeting: rect) { g, section, item, frame in
        guard !isEstimated || measured[g] else { return true }
        found = (.cell(item, section: section), Rect(center: frame.center, size: frame.size))
        return false
      }
      if let found { return found }
    }
    return firstAnchor(in: rect) { id in
      !(id.kind == .header && layout.pinsHeaders) && !(id.kind == .footer && layout.pinsFooters)
    }
  }

  /// The same cells (measured and estimated sizes) laid out for
  /// `viewport`: uniform sections stay uniform; cells as wide (across the
  /// lines) as the old room become unmeasured again, as their content
  /// may wrap differently.
  ///
  /// - Complexity: O(n).
  /// - Throws: `LayoutError` as `FlowLayout.prepare(items:viewport:)`.
  public func resized(to viewport: Viewport) throws(LayoutError) -> PreparedFlowLayout {
    var itemSections: [ItemSizes] = []
    itemSections.reserveCapacity(sections.count)
    for s in 0..<sections.count {
      if let grid = uniformSections[s] {
        itemSections.append(.uniform(grid.size, count: itemCounts[s]))
      } else {
        itemSections.append(.each(cells[sectionStarts[s]..<sectionStarts[s + 1]].map(\.size)))
      }
    }
    var resized = try layout.prepare(items: LayoutItems(sections: itemSections), viewport: viewport)
    if isEstimated {
      let cross = layout.axis.cross
      let oldRoom = room
      resized.isEstimated = true
      resized.measured = measured
      for g in measured.indices where measured[g] && cells[g].size[cross] >= oldRoom && oldRoom > 0 {
        resized.measured.unmark(g)
      }
    }
    return resized
  }
}
