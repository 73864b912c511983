import LayoutCore

extension TagText {
  /// The most tags a paragraph of an estimated cloud may hold: each
  /// measured width re-flows the lines to the end of its paragraph, so a
  /// paragraph of a million tags would cost a million steps per tag
  /// measured (minutes per frame). 10,000 keeps a measurement under a
  /// millisecond or so.
  package static let maximumEstimatedParagraph = 10_000

  /// Refuses an estimated cloud of `count` tags whose paragraphs
  /// (`paragraphLength`, 0: the whole cloud) hold more than
  /// `maximumEstimatedParagraph` tags, naming `--paragraph-length`.
  package static func checkEstimatedParagraph(_ paragraphLength: Int, count: Int) throws(LayoutError) {
    let paragraph = paragraphLength > 0 ? Swift.min(paragraphLength, count) : count
    guard paragraph <= maximumEstimatedParagraph else {
      throw .invalidConfiguration(
        "with estimated sizes a paragraph holds at most \(maximumEstimatedParagraph) tags (each measured width "
          + "re-flows lines to its paragraph's end), and these \(count) tags make paragraphs of \(paragraph): "
          + "give --paragraph-length 1…\(maximumEstimatedParagraph)")
    }
  }

  /// The cloud of `texts`: every tag `estimated` (its paragraphs checked),
  /// or measured with this text at most `maxWidth` wide.
  ///
  /// - Complexity: O(n) tags measured or laid out.
  package func prepareCloud(
    _ layout: TagCloudLayout, texts: [String], estimated: Size?, maxWidth: Double, viewport: Viewport
  ) throws -> PreparedTagCloudLayout {
    if let estimated {
      try Self.checkEstimatedParagraph(layout.paragraphLength, count: texts.count)
      return try layout.prepare(estimated: LayoutItems(count: texts.count, size: estimated), viewport: viewport)
    }
    return try layout.prepare(items: LayoutItems(texts.map { size($0, maxWidth: maxWidth) }), viewport: viewport)
  }
}
