/// The flow takes self-sizing cells in both axes: a measured size re-breaks
/// the lines of its section from the cell's line (or the line before, when
/// the cell got narrower and may fit there) until a new line starts where
/// an old one did, and every line, section and supplementary after that
/// moves along the scroll axis by the change in length.
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
/// - Complexity: a measurement costs O(n − i) for the n stored cells and
///   the cell i where the changed lines start (the frames after it move),
///   plus O(sections): O(n) in the worst case, not O(log n) as in the tag
///   cloud.
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

  /// The stored index of cell `id`, or `nil` for an identity that is not a
  /// cell of a stored section.
  /// Whether `id` is a cell of a section with per-item sizes (a uniform
  /// section shares one size and takes none).
  public func takesPreferredSize(for id: ElementID) -> Bool { storedIndex(id) != nil }

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

  /// The first stored cell of the line holding stored cell `g`.
  func lineStart(of g: Int) -> Int {
    var k = g
    while k > 0 && !lineBreaks[k] { k -= 1 }
    return k
  }

  /// Gives cell `id` its measured size (the extent across the lines is
  /// clamped to the room between the section insets) and marks it
  /// measured. The section's lines are broken again from the cell's line
  /// until a break realigns with an old one, or, when `anchor` is a cell
  /// of the same section on a later line, up to the anchor's line, which
  /// keeps its start (see the extension's notes).
  ///
  /// - Complexity: O(n − i) for n stored cells and i the first cell of the
  ///   first re-broken line, plus O(sections).
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
    let old = cellFrames[g].size
    if old != clamped {
      let s = id.section
      var start = lineStart(of: g)
      let first = sectionStarts[s]
      // A narrower cell that starts a line may now fit at the end of the line before.
      if start == g && g > first && clamped[cross] < old[cross] { start = lineStart(of: g - 1) }
      var limit: Int?
      if let anchor, anchor.section == s, let a = storedIndex(anchor) {
        let anchorLine = lineStart(of: a)
        if g < anchorLine { limit = anchorLine }
      }
      // What the update rewrites, kept to undo it if the content grows too
      // long (O(n − start), as the update; no copy of the whole layout).
      let saved = (
        frames: Array(cellFrames[start...]), breaks: Array(lineBreaks[start...]),
        keys: Array(cellIndex.keys[start...]), reach: Array(cellIndex.reach[start...]),
        uniforms: uniformSections, sections: sections, length: contentLength
      )
      cellFrames[g].size = clamped
      rebreak(section: s, from: start, changed: g, until: limit)
      guard contentLength.isFinite, contentLength <= LayoutLimits.maximumExtent else {
        cellFrames.replaceSubrange(start..., with: saved.frames)
        lineBreaks.replaceSubrange(start..., with: saved.breaks)
        cellIndex.keys.replaceSubrange(start..., with: saved.keys)
        cellIndex.reach.replaceSubrange(start..., with: saved.reach)
        cellIndex.refreshSummaries(from: start)
        uniformSections = saved.uniforms
        sections = saved.sections
        contentLength = saved.length
        return false
      }
    }
    if isEstimated { measured.mark(g) }
    #if DEBUG
      checkInvariants()
    #endif
    return true
  }

  /// Breaks the lines of stored section `s` again from line start `start`,
  /// after the size of stored cell `changed` changed: greedily, as
  /// `prepare` does, until a new line starts after `changed` where an old
  /// one started, or at `limit` (a line start that stays one); then lays
  /// out the lines from `start` and moves everything after them.
  mutating func rebreak(section s: Int, from start: Int, changed: Int, until limit: Int?) {
    let axis = layout.axis
    let cross = axis.cross
    let end = sectionStarts[s + 1]
    let gap = layout.interItemSpacing
    let room = self.room
    var lineBegin = start
    var used = 0.0
    var j = start
    while j < end {
      if let limit, j == limit {
        lineBreaks[j] = true
        break
      }
      let w = cellFrames[j].size[cross]
      let wasBreak = lineBreaks[j]
      if j > lineBegin && used + gap + w > room {
        // A break where an old one was, past the change: the rest stands.
        if j > changed && wasBreak { break }
        lineBreaks[j] = true
        lineBegin = j
        used = w
      } else {
        lineBreaks[j] = j == lineBegin
        used = j == lineBegin ? w : used + gap + w
      }
      j += 1
    }
    relayout(section: s, from: start)
  }

  /// Lays out the lines of stored section `s` from line start `start` to
  /// the section's end with their current breaks and sizes, and moves
  /// every later cell, section and the content's end by the change in the
  /// section's length.
  ///
  /// - Complexity: O(n − start) plus O(sections).
  mutating func relayout(section s: Int, from start: Int) {
    let axis = layout.axis
    let cross = axis.cross
    let end = sectionStarts[s + 1]
    let gap = layout.interItemSpacing
    let room = self.room
    let crossStart = layout.sectionInset.leading(cross)
    var cursor = cellIndex.keys[start]
    var a = start
    while a < end {
      var b = a + 1
      while b < end && !lineBreaks[b] { b += 1 }
      var length = 0.0
      var used = 0.0
      for k in a..<b {
        length = Swift.max(length, cellFrames[k].size[axis])
        used += cellFrames[k].size[cross]
      }
      let placement = layout.alignment.place(
        count: b - a, used: used, gap: gap, room: room, start: crossStart, isLast: b == end)
      var position = placement.start
      for k in a..<b {
        let size = cellFrames[k].size
        cellFrames[k] = Rect(
          axis: axis, mainMin: cursor + (length - size[axis]) / 2, crossMin: position, mainLength: size[axis],
          crossLength: size[cross])
        cellIndex.keys[k] = cursor
        cellIndex.reach[k] = cursor + length
        position += size[cross] + placement.spacing
      }
      cursor += length
      if b < end { cursor += layout.lineSpacing }
      a = b
    }
    // The section's new items end, and how far everything after it moves.
    let extent = sections[s]
    let itemsEnd = cursor + layout.sectionInset.trailing(axis)
    let delta = itemsEnd - extent.itemsEnd
    var extents = sections.extents
    extents[s].itemsEnd = itemsEnd
    extents[s].end = extent.end + delta
    if delta != 0 {
      for t in (s + 1)..<extents.count {
        extents[t].start += delta
        extents[t].itemsStart += delta
        extents[t].itemsEnd += delta
        extents[t].end += delta
        uniformSections[t]?.lines.leading += delta
      }
      for k in end..<cellFrames.count {
        var origin = cellFrames[k].origin
        origin[axis] += delta
        cellFrames[k].origin = origin
        cellIndex.keys[k] += delta
        cellIndex.reach[k] += delta
      }
    }
    cellIndex.refreshSummaries(from: start)
    var rebuilt = SectionExtents()
    rebuilt.reserveCapacity(extents.count)
    for extent in extents { rebuilt.append(extent) }
    sections = rebuilt
    contentLength = rebuilt.end
  }

  /// Calls `body` with every stored cell in `rect` that still has its
  /// estimate, in order.
  ///
  /// - Complexity: O(log n + k).
  public func forEachUnmeasured(in rect: Rect, _ body: (ElementID) -> Void) {
    guard isEstimated else { return }
    let axis = layout.axis
    var section = 0
    for i in cellIndex.candidates(meeting: rect.min(axis), rect.max(axis))
    where !measured[i] && cellFrames[i].intersects(rect) {
      while sectionStarts[section + 1] <= i { section += 1 }
      body(.cell(i - sectionStarts[section], section: section))
    }
  }

  /// The first element in reading order (identity order) that meets
  /// `rect` and has its real size, else the first that meets it; pinned
  /// headers and footers are passed over (they stay on screen while their
  /// section scrolls, so they cannot hold a place in the content).
  ///
  /// - Complexity: O(log n + k).
  public func anchorElement(in rect: Rect) -> (id: ElementID, frame: Rect)? {
    firstAnchor(in: rect) { id in
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
        itemSections.append(.each(cellFrames[sectionStarts[s]..<sectionStarts[s + 1]].map(\.size)))
      }
    }
    var resized = try layout.prepare(items: LayoutItems(sections: itemSections), viewport: viewport)
    if isEstimated {
      let cross = layout.axis.cross
      let oldRoom = room
      resized.isEstimated = true
      resized.measured = measured
      for g in measured.indices where measured[g] && cellFrames[g].size[cross] >= oldRoom && oldRoom > 0 {
        resized.measured.unmark(g)
      }
    }
    return resized
  }
}

extension SortedExtentIndex {
  /// Recomputes the summaries of the blocks from element `start`'s on,
  /// after keys and reaches from `start` on were rewritten (still sorted).
  mutating func refreshSummaries(from start: Int) {
    var b = start / Self.blockSize
    while b < keySummary.count {
      keySummary[b] = keys[b * Self.blockSize]
      reachSummary[b] = reach[b * Self.blockSize]
      b += 1
    }
  }
}
