import LayoutCore

extension Canvas {
  /// Draws wrapped text (`TextMeasurer.measure`) with its first line's top
  /// at `origin` (points): each line's baseline `ascender` below its top,
  /// lines `lineHeight` apart, with the measurer's font and size, so every
  /// line covers exactly the width it was measured at (on a canvas of the
  /// measurer's scale).
  ///
  /// - Parameter clip: nothing outside it (canvas points) changes.
  public mutating func draw(
    _ block: TextBlock, measurer: TextMeasurer, at origin: Point, color: Color, clip: Rect? = nil
  ) {
    guard origin.isFinite else { return }
    for (i, line) in block.lines.enumerated() where !line.text.isEmpty {
      let baseline = origin.y + Double(i) * block.lineHeight + block.ascender
      draw(
        line.text, font: measurer.font, size: measurer.style.size, at: Point(x: origin.x, y: baseline), color: color,
        clip: clip)
    }
  }

  /// Draws a tag: a rounded `background` filling `frame` and `text`
  /// wrapped inside its padding, as `TextMeasurer.tagSize` measured it.
  /// The text is clipped to the frame (and to `clip`).
  public mutating func drawTag(
    _ text: String, in frame: Rect, measurer: TextMeasurer, padding: (vertical: Double, horizontal: Double),
    background: Color, color: Color, cornerRadius: Double = 6, clip: Rect? = nil
  ) {
    guard frame.isFinite else { return }
    fill(frame, background, cornerRadius: cornerRadius, clip: clip)
    let v = Swift.max(0, padding.vertical.finiteOr(0))
    let h = Swift.max(0, padding.horizontal.finiteOr(0))
    let block = measurer.measure(text, maxWidth: Swift.max(1 / measurer.scale, frame.width - 2 * h))
    let textClip = clip.map { Self.intersection($0, frame) } ?? frame
    draw(block, measurer: measurer, at: Point(x: frame.minX + h, y: frame.minY + v), color: color, clip: textClip)
  }

  static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = Swift.max(a.minX, b.minX)
    let y0 = Swift.max(a.minY, b.minY)
    let x1 = Swift.min(a.maxX, b.maxX)
    let y1 = Swift.min(a.maxY, b.maxY)
    return Rect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
  }
}
