import LayoutCore

/// Where a strip that follows the pager puts its centre line.
///
/// Both rules agree when a page is at rest (`f = 0`: the focused
/// thumbnail's centre); they differ mid-swipe. See `Guides/Album.md`.
public enum FollowerOffsetRule: String, Hashable, Sendable, CaseIterable {
  /// The centre line is at the strip's thumbnail coordinate `t = i + f`
  /// (`PreparedFilmstripLayout.contentX(atThumbnailCoordinate:)`): from the
  /// focused thumbnail's centre (`f = 0`) through the middle of the gap
  /// (`f = ½`) to the next one's centre (`f = 1`). Continuous across page
  /// turns, and the thumbnail under the centre line is always the pager's
  /// nearest page.
  case thumbnailCoordinate
  /// The seed's `setThumbnailContentOffset`: the offset is
  /// `unitStep·(i + f) − contentInset.left`, with `unitStep` the folded
  /// pitch and `contentInset.left` the follower geometry's inset that
  /// centres the focused thumbnail as drawn, `W/2 − (centre_i − i·unitStep)`.
  /// The centre line therefore sits `unitStep·f` past the focused
  /// thumbnail's centre, lagging the thumbnail coordinate mid-swipe, and
  /// jumps onto the next thumbnail's centre when the page turns.
  case seedUnitStep
}

/// The album position `t` and the pager's and the following strip's
/// offsets: a pure value, the arithmetic `AlbumCoordinator` uses to keep
/// the two surfaces in step.
///
/// `t` is `k` when photo `k` is centred, linear in between: the pager's
/// offset is `t·W` inside the album; past either end `t` goes on at one
/// folded strip pitch per unit, so both surfaces overshoot by the same
/// number of points.
///
/// ```swift
/// let map = AlbumPositionMap(pager: pager, strip: strip)
/// let t = map.position(pagerOffset: 585)            // 1.5 for W = 390
/// let page = map.followingPage(position: t)          // page 1, fraction 0.5
/// let x = map.followerCentreX(position: t, rule: .thumbnailCoordinate, strip: strip, at: state)
/// ```
///
/// Bad input: non-finite offsets and positions count as 0; an empty album
/// has position 0 and no page.
public struct AlbumPositionMap: Hashable, Sendable {
  /// The number of photos.
  public var count: Int
  /// The pager's page width `W`.
  public var pageWidth: Double
  /// The strip's folded pitch (`normalWidth + normalSpacing`).
  public var foldedPitch: Double

  /// The map for `pager` and `strip` (prepared from the same photos).
  public init(pager: PreparedAlbumPagerLayout, strip: PreparedFilmstripLayout) {
    count = pager.count
    pageWidth = pager.pageWidth
    foldedPitch = strip.pitch
  }

  /// The album position `t` for pager offset `x`.
  ///
  /// - Complexity: O(1).
  public func position(pagerOffset x: Double) -> Double {
    guard count > 0 else { return 0 }
    let x = x.finiteOr(0)
    let end = Double(count - 1) * pageWidth
    if x < 0 { return x / foldedPitch }
    if x > end { return Double(count - 1) + (x - end) / foldedPitch }
    return x / pageWidth
  }

  /// The pager offset for album position `t` (the inverse of
  /// `position(pagerOffset:)`).
  ///
  /// - Complexity: O(1).
  public func pagerOffset(position t: Double) -> Double {
    guard count > 0 else { return 0 }
    let t = t.finiteOr(0)
    let last = Double(count - 1)
    if t < 0 { return t * foldedPitch }
    if t > last { return last * pageWidth + (t - last) * foldedPitch }
    return t * pageWidth
  }

  /// The page and fraction a following strip mirrors at `t`: `t` clamped
  /// into the album, split into `i = ⌊t⌋` and `f = t − i`; `nil` for an
  /// empty album.
  ///
  /// - Complexity: O(1).
  public func followingPage(position t: Double) -> PagerPosition? {
    guard count > 0 else { return nil }
    let clamped = clamp(t.finiteOr(0), 0, Double(count - 1))
    let i = clamp(Int(clamped.rounded(.down)), 0, count - 1)
    return PagerPosition(index: i, fraction: clamped - Double(i))
  }

  /// The content x a following strip puts on its centre line at album
  /// position `t`, with the strip showing `state` (its unfolded cells).
  /// Past either end of the album both rules go on point for point with
  /// the pager (one folded pitch per unit of `t`).
  ///
  /// - Complexity: O(u) for u unfolded thumbnails.
  public func followerCentreX(
    position t: Double, rule: FollowerOffsetRule, strip: PreparedFilmstripLayout, at state: FilmstripState
  ) -> Double {
    guard let page = followingPage(position: t) else { return 0 }
    switch rule {
    case .thumbnailCoordinate:
      return strip.contentX(atThumbnailCoordinate: t, at: state)
    case .seedUnitStep:
      // unitStep·(i + f) − inset.left + W/2, with the inset centring the
      // focused thumbnail: its centre plus unitStep·f, plus any overshoot.
      let overshoot = t.finiteOr(0) - (Double(page.index) + page.fraction)
      return strip.center(ofThumbnail: page.index, at: state) + foldedPitch * (page.fraction + overshoot)
    }
  }
}
