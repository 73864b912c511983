/// An album pager ready to answer queries; see `AlbumPagerLayout`.
public struct PreparedAlbumPagerLayout: PreparedLayout {
  /// The configuration the geometry was prepared from.
  public let layout: AlbumPagerLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport
  let photos: AlbumPhotos
  /// The pages: slot `k` is `[k·W, (k+1)·W)`.
  let pages: UniformStrip

  init(layout: AlbumPagerLayout, photos: AlbumPhotos, viewport: Viewport) {
    self.layout = layout
    self.viewport = viewport
    self.photos = photos
    pages = UniformStrip(extent: viewport.size.width, pitch: viewport.size.width, count: photos.count)
  }

  /// The page width `W`.
  public var pageWidth: Double { viewport.size.width }
  /// The number of photos.
  public var count: Int { photos.count }
  public var numberOfSections: Int { 1 }
  public func numberOfItems(inSection section: Int) -> Int { section == 0 ? count : 0 }

  public func contentSize(at state: ScrollState) -> Size {
    Size(width: Double(count) * pageWidth, height: viewport.size.height)
  }

  /// The current page and fraction at content offset `x`, or `nil` for an
  /// empty album. The index is clamped to `0..<count` (the seed indexed -1
  /// at negative offsets); a non-finite `x` counts as 0.
  ///
  /// - Complexity: O(1).
  public func position(atOffset x: Double) -> PagerPosition? {
    guard count > 0 else { return nil }
    let page = x.finiteOr(0) / pageWidth
    let index = clamp(Int(clamp(page.rounded(.down), -1, Double(count))), 0, count - 1)
    return PagerPosition(index: index, fraction: page - Double(index))
  }

  /// The content offset that shows page `index` exactly (clamped into the
  /// album).
  public func offset(ofPage index: Int) -> Double {
    guard count > 0 else { return 0 }
    return Double(clamp(index, 0, count - 1)) * pageWidth
  }

  /// The photo `index` aspect-fitted into the viewport.
  public func fittedSize(_ index: Int) -> Size { photos[index].aspectFit(in: viewport.size) }

  /// The attributes of photo `k` at offset `x`.
  func cell(_ k: Int, x: Double) -> LayoutAttributes {
    let fit = fittedSize(k)
    let distance = Swift.min(1, abs(x / pageWidth - Double(k)))
    let width = Swift.max(layout.minimumWidth, fit.width - layout.spacing * distance)
    let size = Size(width: width, height: fit.height)
    let fill = photos[k].aspectFill(size)
    let content = Rect(
      x: (size.width - fill.width) / 2, y: (size.height - fill.height) / 2, width: fill.width, height: fill.height)
    return LayoutAttributes(
      id: .cell(k), center: Point(x: pages.center(k), y: viewport.size.height / 2), size: size,
      extras: AttributeExtras(contentRect: content))
  }

  /// - Complexity: O(k): the pages meeting `rect` are found by arithmetic.
  public func attributes(in rect: Rect, at state: ScrollState, into result: inout [LayoutAttributes]) {
    let x = state.contentOffset.x.finiteOr(0)
    // A cell is never wider than its page unless the minimum width is.
    let margin = Swift.max(0, layout.minimumWidth - pageWidth) / 2
    for k in pages.slots(meeting: rect.minX - margin, rect.maxX + margin) {
      let attributes = cell(k, x: x)
      if attributes.frame.intersects(rect) { result.append(attributes) }
    }
  }

  public func attributes(for id: ElementID, at state: ScrollState) -> LayoutAttributes? {
    guard id.kind == .cell, id.section == 0, id.item >= 0, id.item < count else { return nil }
    return cell(id.item, x: state.contentOffset.x.finiteOr(0))
  }

  /// Lands on the page nearest `proposed` (the album's pages are the
  /// viewport width, so a paging scroll surface lands on them too).
  public func targetContentOffset(proposed: Point, velocity: Point, at state: ScrollState) -> Point {
    guard count > 0 else { return Point(x: 0, y: proposed.y.finiteOr(0)) }
    let page = (proposed.x.finiteOr(0) / pageWidth).rounded(.toNearestOrEven)
    return Point(x: offset(ofPage: Int(clamp(page, 0, Double(count - 1)))), y: 0)
  }
}
