/// The sizes of the items of one section.
///
/// `.uniform` stores one size for any number of items, so a million-photo
/// grid costs nothing to describe.
public enum ItemSizes: Hashable, Sendable {
  /// `count` items of the same size.
  case uniform(Size, count: Int)
  /// One size per item.
  case each([Size])

  /// The number of items.
  @inlinable public var count: Int {
    switch self {
    case .uniform(_, let count): Swift.max(0, count)
    case .each(let sizes): sizes.count
    }
  }

  /// The size of item `index`; the caller keeps `index` in `0..<count`.
  @inlinable public subscript(index: Int) -> Size {
    switch self {
    case .uniform(let size, _): size
    case .each(let sizes): sizes[index]
    }
  }

  /// The size every item shares, when the section is uniform.
  @inlinable public var uniformSize: Size? {
    if case .uniform(let size, _) = self { return size }
    return nil
  }
}

/// What a layout lays out: sections of items, each item with an intrinsic
/// size (a cell size for flow layouts, a photo's pixel size for the album).
public struct LayoutItems: Hashable, Sendable {
  public var sections: [ItemSizes]

  public init(sections: [ItemSizes]) { self.sections = sections }

  /// One section of `sizes`.
  public init(_ sizes: [Size]) { self.sections = [.each(sizes)] }

  /// One section of `count` items of `size`.
  public init(count: Int, size: Size) { self.sections = [.uniform(size, count: count)] }

  /// One section per count, every item `size`: the shape of a layout's
  /// items before their sizes are known (estimates for
  /// `EstimatingLayout.prepare(estimated:viewport:)`).
  ///
  /// - Complexity: O(sections).
  /// - Note: nothing is checked here; a negative count or a bad size is
  ///   kept as given, and `prepare` refuses it (`LayoutError`).
  public init(sectionCounts: [Int], size: Size) {
    self.sections = sectionCounts.map { .uniform(size, count: $0) }
  }

  /// No sections at all.
  public static let empty = LayoutItems(sections: [])

  /// The number of items over all sections.
  public var totalCount: Int { sections.reduce(0) { $0 + $1.count } }

  /// Whether a layout accepts an item of `size`: both sides finite, not
  /// negative and at most `LayoutLimits.maximumExtent` points.
  @inlinable public static func isAcceptable(_ size: Size) -> Bool {
    size.isValid && size.width <= LayoutLimits.maximumExtent && size.height <= LayoutLimits.maximumExtent
  }

  /// The size of cell `id`: item `id.item` of section `id.section`; `nil`
  /// for an identity that is not a cell or is out of range (never a trap).
  /// A self-sizing caller answers "what is this cell's real size?" with it
  /// when the items hold the real sizes of a layout prepared from
  /// estimates.
  ///
  /// - Complexity: O(1).
  public func size(of id: ElementID) -> Size? {
    guard id.kind == .cell, id.section >= 0, id.section < sections.count, id.item >= 0,
      id.item < sections[id.section].count
    else { return nil }
    return sections[id.section][id.item]
  }

  /// The same sizes with every section stored per item (a uniform section
  /// written out): what an estimated prepare starts from, as each item's
  /// size may then change on its own.
  ///
  /// - Complexity: O(n) time and memory.
  public var storingEachSize: LayoutItems {
    LayoutItems(
      sections: sections.map { section in
        if let size = section.uniformSize { return .each(Array(repeating: size, count: section.count)) }
        return section
      })
  }

  /// Checks every size: each must be finite, not negative and at most
  /// `LayoutLimits.maximumExtent` points a side; each count not negative.
  ///
  /// - Complexity: O(n) for `.each` sections, O(1) for `.uniform` ones.
  /// - Throws: `LayoutError.invalidItemSize` naming the first bad item, or
  ///   `LayoutError.invalidItemCount`.
  public func validate() throws(LayoutError) {
    for (s, section) in sections.enumerated() {
      switch section {
      case .uniform(let size, let count):
        guard count >= 0 else { throw .invalidItemCount(section: s, count: count) }
        guard Self.isAcceptable(size) else { throw .invalidItemSize(section: s, item: 0, size) }
      case .each(let sizes):
        for (i, size) in sizes.enumerated() where !Self.isAcceptable(size) {
          throw .invalidItemSize(section: s, item: i, size)
        }
      }
    }
  }
}
