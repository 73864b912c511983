import LayoutCore

/// Where a host gets the sizes of the items a collection view counts: a
/// collection view reports only how many items each section has; the
/// layout needs each item's intrinsic size (a cell size for a flow, a
/// photo's pixel size for the album, an estimate for self-sizing cells).
public struct ItemSizeSource: Sendable {
  /// The sizes of `count` items of `section` in a viewport of `viewport`.
  public let sizes: @Sendable (_ section: Int, _ count: Int, _ viewport: Size) -> ItemSizes
  /// The most items (over all sections) the source is asked for: a source
  /// that lists a size per item allocates for each, so the host refuses
  /// larger counts (`LayoutError.tooManyItems`) before asking it.
  public let maximumItemCount: Int

  /// A source that asks `sizes` for each section, for at most
  /// `maximumItemCount` items in all: by default
  /// `LayoutLimits.maximumStoredItemCount`, as such a closure may list a
  /// size per item; pass `Int.max` for one that answers `.uniform` only.
  public init(
    maximumItemCount: Int = LayoutLimits.maximumStoredItemCount,
    _ sizes: @escaping @Sendable (_ section: Int, _ count: Int, _ viewport: Size) -> ItemSizes
  ) {
    self.sizes = sizes
    self.maximumItemCount = Swift.max(0, maximumItemCount)
  }

  /// Every item has `size` (stored once per section: O(1) per section,
  /// whatever the count).
  public static func uniform(_ size: Size) -> ItemSizeSource {
    ItemSizeSource(maximumItemCount: .max) { _, count, _ in .uniform(size, count: count) }
  }

  /// Item `i` of every section has `sizes[i % sizes.count]`; an empty list
  /// gives zero sizes. More than one size is listed per item, so at most
  /// `LayoutLimits.maximumStoredItemCount` items are taken.
  ///
  /// - Complexity: O(count) per section.
  public static func cycling(_ sizes: [Size]) -> ItemSizeSource {
    guard !sizes.isEmpty else { return .uniform(.zero) }
    if sizes.count == 1 { return .uniform(sizes[0]) }
    return ItemSizeSource { _, count, _ in .each((0..<count).map { sizes[$0 % sizes.count] }) }
  }

  /// Every item is a square as tall as the viewport (a carousel's default).
  public static var viewportHeightSquares: ItemSizeSource {
    ItemSizeSource(maximumItemCount: .max) { _, count, viewport in
      .uniform(Size(width: viewport.height, height: viewport.height), count: count)
    }
  }

  /// The items of sections of `counts` items in `viewport`.
  ///
  /// - Complexity: O(s) for uniform sources, O(n) otherwise.
  public func items(counts: [Int], viewport: Size) -> LayoutItems {
    LayoutItems(sections: counts.enumerated().map { sizes($0.offset, Swift.max(0, $0.element), viewport) })
  }
}
