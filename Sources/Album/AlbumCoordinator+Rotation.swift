import LayoutCore
import ScrollPhysics

extension AlbumCoordinator {
  /// Changes the album's size (a rotation), keeping the album position: the
  /// current photo and fraction stay, and a running fold or unfold goes on.
  ///
  /// - Throws: `LayoutError` for a bad size (the album is unchanged).
  public mutating func resize(to size: Size, at time: Double) throws(LayoutError) {
    let viewports = try configuration.viewports(for: size)
    let newPager = try configuration.pager.prepare(items: photos, viewport: viewports.pager)
    let newStrip = try configuration.strip.prepare(items: photos, viewport: viewports.strip)
    accept(time)
    advanceSurfaces()
    update()
    let t = position
    // A pager settling on a page keeps settling on that page at the new width.
    let settling = pagerSurface.phase == .decelerating
    let restingPosition = position(pagerOffset: pagerSurface.restingOffset.x)
    viewportSize = size
    pager = newPager
    strip = newStrip
    pagerSurface.setViewportSize(viewports.pager.size)
    pagerSurface.setContent(size: pager.contentSize(at: ScrollState()), inset: .zero)
    stripSurface.setViewportSize(viewports.strip.size)
    stripSurface.setContent(size: strip.contentSize(at: stripState), inset: strip.contentInset(at: stripState))
    let pagerX = pagerOffset(position: t)
    pagerSurface.translate(by: Point(x: pagerX - pagerSurface.contentOffset.x, y: 0))
    if settling { pagerSurface.redirect(to: Point(x: pagerOffset(position: restingPosition), y: 0), at: time) }
    if pager.count > 0 {
      let x = strip.contentX(atThumbnailCoordinate: t, at: stripState) - stripHalfWidth
      stripSurface.translate(by: Point(x: x - stripSurface.contentOffset.x, y: 0))
    }
    stripState.contentOffset = stripSurface.contentOffset
    update()
  }
}
