/// How far one thumbnail is unfolded: 0 folded, 1 unfolded.
public struct Unfold: Hashable, Sendable {
  /// The thumbnail's index in the album.
  public var index: Int
  /// 0 folded, 1 unfolded; a query clamps other values into `0...1`.
  public var amount: Double

  /// An entry; checked by queries, not here.
  public init(index: Int, amount: Double) {
    self.index = index
    self.amount = amount
  }
}

/// The scroll state of a filmstrip: its content offset and which thumbnails
/// are unfolded, and how far.
///
/// Two shapes cover the Photos behaviour:
/// - `accordion(index:progress:)`: the strip leads; one cell folds or
///   unfolds with progress `p`, both its side gaps with it.
/// - `following(index:fraction:)`: the strip mirrors the pager at page `i`,
///   fraction `f`: cell `i` is unfolded by `1 − f`, cell `i + 1` by `f`, and
///   the gap between them stays `fullSpacing`.
///
/// Any small set of partly unfolded cells is allowed, so that a hand-over
/// between the two (a fold that starts while the strip still mirrors a
/// half-turned page) is a blend of the two sets rather than a jump.
///
/// Cell `k`'s width is `normalWidth + α_k·(unfolded_k − normalWidth)` and
/// the gap between cells `k` and `k+1` is
/// `normalSpacing + min(1, α_k + α_{k+1})·(fullSpacing − normalSpacing)`.
///
/// Bad input, resolved at query time: amounts are clamped to `0...1`
/// (NaN counts as 0), entries for the same index add up, indices outside
/// the album are ignored, only the first 64 entries are read, and of more
/// than `maximumUnfolded` distinct cells only the largest amounts count.
public struct FilmstripState: ScrollStateProtocol {
  /// The strip's content offset.
  public var contentOffset: Point
  /// The unfolded thumbnails; every other one is folded.
  public var unfolded: [Unfold]

  /// The most entries of `unfolded` a query honours.
  public static let maximumUnfolded = 8

  /// A state: every thumbnail folded unless `unfolded` says otherwise.
  public init(contentOffset: Point = .zero, unfolded: [Unfold] = []) {
    self.contentOffset = contentOffset
    self.unfolded = unfolded
  }

  /// The leading strip's accordion: cell `index` unfolded by `progress`.
  public static func accordion(index: Int, progress: Double, contentOffset: Point = .zero) -> FilmstripState {
    FilmstripState(contentOffset: contentOffset, unfolded: [Unfold(index: index, amount: progress)])
  }

  /// The following strip mirroring pager page `index` at `fraction`
  /// (clamped to `0...1`).
  public static func following(index: Int, fraction: Double, contentOffset: Point = .zero) -> FilmstripState {
    let f = clamp(fraction, 0, 1)
    return FilmstripState(
      contentOffset: contentOffset,
      unfolded: [Unfold(index: index, amount: 1 - f), Unfold(index: index + 1, amount: f)])
  }

  /// The thumbnail unfolded the most and by how much, or `nil` when all
  /// are folded (ties go to the lower index).
  public var mostUnfolded: Unfold? {
    var best: Unfold?
    for u in unfolded where u.amount > 0 {
      if let b = best, b.amount > u.amount || (b.amount == u.amount && b.index < u.index) { continue }
      best = u
    }
    return best
  }
}
