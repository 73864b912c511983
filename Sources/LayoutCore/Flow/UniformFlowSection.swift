/// The cells of a flow section whose items all share one size, kept as
/// arithmetic instead of a frame per cell: lines sit on a `UniformStrip`
/// along the scroll axis, items on another across it. A million-photo grid
/// costs a few dozen bytes, and a query finds its cells in O(1) plus the
/// cells it returns.
@usableFromInline struct UniformFlowSection: Hashable, Sendable {
  var axis: Axis
  /// The number of cells.
  var count: Int
  /// Cells in every line but maybe the last.
  var perLine: Int
  /// Every cell's size (the cross extent already clamped to the room).
  var size: Size
  /// The lines along the scroll axis.
  var lines: UniformStrip
  /// Where a full line's first cell starts across, and the step between cells.
  var fullLineStart: Double
  var fullLinePitch: Double
  /// The same for the last line (which alignment may place differently).
  var lastLineStart: Double
  var lastLinePitch: Double

  /// Lays out `count` cells of `size` (cross extent clamped to `room`)
  /// from `lineStart` along the scroll axis, as `FlowLayout` places lines.
  ///
  /// - Throws: `LayoutError.contentTooLarge` with an infinite extent when a
  ///   pitch or the section's end overflows `Double`. `count` is at most
  ///   `LayoutItems.maximumAddressableCount` (checked by `prepare`).
  init(
    axis: Axis, count: Int, size itemSize: Size, lineStart: Double, lineSpacing: Double, gap: Double,
    crossStart: Double, room: Double, alignment: FlowLayout.Alignment
  ) throws(LayoutError) {
    let cross = axis.cross
    var size = itemSize
    size[cross] = Swift.min(size[cross], room)
    // How many fit in a line: at least one; computed in Double and capped
    // before converting, so tiny items cannot overflow an Int.
    let fit = ((room + gap) / (size[cross] + gap)).rounded(.down)
    let perLine = fit.isFinite ? Int(clamp(fit, 1, Double(Swift.max(1, count)))) : 1
    // Division first: `count + perLine − 1` could overflow near Int.max.
    let lineCount = count / perLine + (count % perLine == 0 ? 0 : 1)
    let linePitch = size[axis] + lineSpacing
    guard lineCount <= 1 || linePitch.isFinite, (size[cross] + gap).isFinite || perLine <= 1 else {
      throw contentOverflowed()
    }
    self.axis = axis
    self.count = count
    self.perLine = perLine
    self.size = size
    lines = UniformStrip(leading: lineStart, extent: size[axis], pitch: linePitch, count: lineCount)
    func placement(_ m: Int, isLast: Bool) -> (start: Double, pitch: Double) {
      let p = alignment.place(
        count: m, used: Double(m) * size[cross], gap: gap, room: room, start: crossStart, isLast: isLast)
      return (p.start, size[cross] + p.spacing)
    }
    let full = placement(perLine, isLast: lineCount <= 1)
    let last = placement(count - (lineCount - 1) * perLine, isLast: true)
    fullLineStart = full.start
    fullLinePitch = full.pitch
    lastLineStart = lineCount == 0 ? full.start : last.start
    lastLinePitch = lineCount == 0 ? full.pitch : last.pitch
    guard (lineStart + lines.length).isFinite, fullLineStart.isFinite, lastLineStart.isFinite else {
      throw contentOverflowed()
    }
  }

  /// The main-axis length from the first line's start to the last line's end.
  var length: Double { lines.length }

  /// The cells of `line` across the scroll axis.
  func cellsAcross(line: Int) -> UniformStrip {
    let isLast = line == lines.count - 1
    let m = isLast ? count - line * perLine : perLine
    return UniformStrip(
      leading: isLast ? lastLineStart : fullLineStart, extent: size[axis.cross],
      pitch: isLast ? lastLinePitch : fullLinePitch, count: m)
  }

  /// The frame of cell `item` (in `0..<count`).
  func frame(_ item: Int) -> Rect {
    let line = item / perLine
    let across = cellsAcross(line: line)
    return Rect(
      axis: axis, mainMin: lines.start(line), crossMin: across.start(item - line * perLine),
      mainLength: size[axis], crossLength: size[axis.cross])
  }

  /// Calls `body` with each cell whose frame meets `rect`, by arithmetic.
  ///
  /// - Complexity: O(lines met + k).
  func forEachCell(meeting rect: Rect, _ body: (Int, Rect) -> Void) {
    let cross = axis.cross
    for line in lines.slots(meeting: rect.min(axis), rect.max(axis)) {
      let across = cellsAcross(line: line)
      for j in across.slots(meeting: rect.min(cross), rect.max(cross)) {
        let item = line * perLine + j
        let frame = Rect(
          axis: axis, mainMin: lines.start(line), crossMin: across.start(j), mainLength: size[axis],
          crossLength: size[cross])
        if frame.intersects(rect) { body(item, frame) }
      }
    }
  }
}
