import LayoutCore
import LayoutHost
import ToolOutput

// Item sizes `replay` gives a layout's host when the calls' options give
// none (`ItemSizeSource`, the host's source of sizes).

extension ItemSizeSource {
  /// `sizes` in turn (item i of a section gets `sizes[i % sizes.count]`),
  /// except that a section of more than `limit` items gets `uniform` for
  /// all: no array per item, so that a layout that takes at most `limit`
  /// items refuses the count, naming its limit, before anything per item
  /// is allocated (a cycle would ask for 16 bytes per item first).
  ///
  /// - Complexity: O(count) per section up to `limit`, O(1) above.
  package static func cycling(_ sizes: [Size], upTo limit: Int, uniform: Size) -> ItemSizeSource {
    let cycle = ItemSizeSource.cycling(sizes)
    return ItemSizeSource { section, count, viewport in
      count > limit ? .uniform(uniform, count: count) : cycle.sizes(section, count, viewport)
    }
  }

  /// The cells' sizes of `prepared`, row by row: section s of the host
  /// takes section (s mod the sections)'s cell sizes in turn (the tag
  /// table's rows as measured for its viewport); a 40×30 cell where
  /// `prepared` has no cells.
  ///
  /// - Complexity: O(n) for the n cells of `prepared`, once; O(count) per
  ///   section asked.
  package static func rows<P: PreparedLayout>(of prepared: P) -> ItemSizeSource where P.State == ScrollState {
    let rows = (0..<prepared.numberOfSections).map { s in
      (0..<prepared.numberOfItems(inSection: s)).compactMap {
        prepared.attributes(for: .cell($0, section: s), at: ScrollState())?.size
      }
    }
    return ItemSizeSource { section, count, _ in
      guard !rows.isEmpty, !rows[section % rows.count].isEmpty else {
        return .uniform(Size(width: 40, height: 30), count: count)
      }
      let row = rows[section % rows.count]
      return .each((0..<count).map { row[$0 % row.count] })
    }
  }
}

/// The item sizes and the scale `replay`'s options give (`--item-size`,
/// `--item-sizes`, `--scale`), and the host they make for a layout.
package struct ReplaySizes {
  package var itemSize: Size?
  package var itemSizes: [Size]?
  package var scale: Double

  package init(itemSize: Size?, itemSizes: [Size]?, scale: Double) {
    (self.itemSize, self.itemSizes, self.scale) = (itemSize, itemSizes, scale)
  }

  /// The item sizes given, or `fallback`.
  ///
  /// Bad input: neither given and no `fallback`: an `OptionError` asking for them.
  package func source(default fallback: ItemSizeSource?) throws -> ItemSizeSource {
    if let itemSize { return .uniform(itemSize) }
    if let itemSizes { return .cycling(itemSizes) }
    guard let fallback else { throw OptionError("give --item-size WxH or --item-sizes WxH,…") }
    return fallback
  }

  /// A host (not yet prepared) for `layout` with these item sizes.
  package func host<L: CollectionLayout>(_ layout: L, default fallback: ItemSizeSource?) throws -> any LayoutHosting
  where L.Prepared.State == ScrollState {
    LayoutHost(layout, itemSizes: try source(default: fallback), scale: scale)
  }

  /// A host for `layout` with these item sizes, or with the layout's
  /// `--estimated` size a host over estimates: every item starts at
  /// `estimate` and takes the preferred sizes the calls give
  /// (`LayoutHost(_:itemSizes:estimated:scale:)`).
  ///
  /// Bad input: an estimate with item sizes: an `OptionError`.
  package func host<L: EstimatingLayout>(
    _ layout: L, estimate: Size?, default fallback: ItemSizeSource?
  ) throws -> any LayoutHosting where L.Prepared.State == ScrollState {
    guard let estimate else { return try host(layout, default: fallback) }
    guard itemSize == nil, itemSizes == nil else {
      throw OptionError("give either --estimated or --item-size/--item-sizes (with --estimated, items start at it)")
    }
    return LayoutHost(layout, itemSizes: .uniform(estimate), estimated: true, scale: scale)
  }
}
