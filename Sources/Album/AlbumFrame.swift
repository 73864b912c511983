import LayoutCore
import ScrollPhysics

/// What the accordion is doing in a frame.
public enum AccordionPhase: String, Hashable, Sendable {
  /// Nothing animates: the strip leads and is still, or nothing is left.
  case resting
  /// The leading strip folds its unfolded cells (a drag started).
  case folding
  /// The leading strip unfolds the thumbnail under its centre line.
  case unfolding
  /// The strip follows the pager (blending into it after a switch).
  case following
}

/// One frame of an album, everything a renderer needs: both offsets and
/// states, who leads, the current photo, the accordion, and both strips'
/// attributes in their own content coordinates (the pager's viewport is the
/// album's top `pagerViewport` points, the strip's the `stripViewport`
/// below it).
public struct AlbumFrame: Hashable, Sendable {
  /// The album's time, in seconds.
  public var time: Double
  /// The surface the user touched last.
  public var leader: AlbumCoordinator.Role
  /// The pager's size (the album's top part).
  public var pagerViewport: Size
  /// The strip's size (the album's bottom `stripHeight` points).
  public var stripViewport: Size
  /// The pager's offset.
  public var pagerState: ScrollState
  /// The strip's offset and unfolded thumbnails.
  public var stripState: FilmstripState
  /// The pager's current page (clamped into the album) and fraction;
  /// `nil` for an empty album.
  public var pagerPosition: PagerPosition?
  /// The album position `t` (see `AlbumCoordinator`).
  public var position: Double
  /// The thumbnail under the strip's centre line.
  public var centredThumbnail: Int?
  /// The accordion's animated thumbnail (the one unfolding, else the one
  /// unfolded the most) and its unfold amount, 0…1.
  public var animatedThumbnail: Int?
  public var progress: Double
  /// What the accordion is doing.
  public var accordion: AccordionPhase
  /// The pager's cells meeting its viewport.
  public var pagerAttributes: [LayoutAttributes]
  /// The strip's cells meeting its viewport.
  public var stripAttributes: [LayoutAttributes]
  /// The renderer should draw a centre line on each strip and label cells
  /// with their index (the seed's `debug`).
  public var debug: Bool

  /// The pager's content offset.
  public var pagerOffset: Point { pagerState.contentOffset }
  /// The strip's content offset.
  public var stripOffset: Point { stripState.contentOffset }
}

extension AlbumCoordinator {
  /// The current frame. `attributes: false` skips the cell queries (for
  /// loops that only need the numbers).
  ///
  /// - Complexity: O(u + k) for u unfolded thumbnails and k visible cells.
  public func frame(attributes: Bool = true) -> AlbumFrame {
    let pagerState = ScrollState(contentOffset: pagerSurface.contentOffset)
    let stripState = FilmstripState(contentOffset: stripSurface.contentOffset, unfolded: self.stripState.unfolded)
    let centre = stripSurface.contentOffset.x + strip.viewport.size.width / 2
    let phase: AccordionPhase
    var animated = strip.resolvedUnfolded(stripState).max {
      $0.amount < $1.amount || ($0.amount == $1.amount && $0.index > $1.index)
    }
    switch transition.goal {
    case .hold: phase = .resting
    case .fold: phase = .folding
    case .follow: phase = .following
    case .unfold(let b):
      phase = .unfolding
      animated = Unfold(index: b, amount: strip.resolvedUnfolded(stripState).first { $0.index == b }?.amount ?? 0)
    }
    return AlbumFrame(
      time: time, leader: leader, pagerViewport: pager.viewport.size, stripViewport: strip.viewport.size,
      pagerState: pagerState, stripState: stripState,
      pagerPosition: pager.position(atOffset: pagerState.contentOffset.x),
      position: position, centredThumbnail: strip.thumbnail(atContentX: centre, at: stripState),
      animatedThumbnail: animated?.index, progress: animated?.amount ?? 0, accordion: phase,
      pagerAttributes: attributes ? pager.visibleAttributes(at: pagerState) : [],
      stripAttributes: attributes ? strip.visibleAttributes(at: stripState) : [], debug: configuration.debug)
  }
}
