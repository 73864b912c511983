import Album
import LayoutCore
import ToolOutput

extension Inspector {
  /// `inspect album --surface pager`: the pager at `offset`, with the page
  /// and the fraction there.
  ///
  /// - Complexity: O(n) to prepare n photos, then O(k log k) for k elements.
  package static func albumPager(
    _ configuration: AlbumConfiguration, preset: String, items: LayoutItems, viewport: Viewport, offset: Point?,
    all: Bool
  ) throws -> String {
    let prepared = try configuration.pager.prepare(items: items, viewport: viewport)
    let state = ScrollState(contentOffset: offset ?? .zero)
    var extra: [(String, String)] = [("surface", JSONWriter.string("pager")), ("preset", JSONWriter.string(preset))]
    if let p = prepared.position(atOffset: state.contentOffset.x) {
      extra += [("page", String(p.index)), ("fraction", JSONWriter.number(p.fraction))]
    }
    return report(name: "album", prepared, state: state, all: all, extra: extra)
  }

  /// `inspect album --surface strip`: the filmstrip following pager page
  /// `follow.index` at `follow.amount`, or leading with thumbnail
  /// `accordion.index` unfolded by `accordion.amount`; at `offset`, or
  /// where the coordinator would put it.
  ///
  /// Bad input: a page or fraction outside the album (I + F past the last
  /// photo), an index outside the strip, neither or both of `follow` and
  /// `accordion`: an `OptionError` naming the option (refused, not clamped).
  ///
  /// - Complexity: O(n) to prepare n photos, then O(k log k) for k elements.
  package static func albumStrip(
    _ configuration: AlbumConfiguration, preset: String, items: LayoutItems, viewport: Viewport,
    follow: (index: Int, amount: Double)?, accordion: (index: Int, amount: Double)?, offset: Point?, all: Bool
  ) throws -> String {
    let prepared = try configuration.strip.prepare(items: items, viewport: viewport)
    // The pager only lends its page width (the viewport's) to the position map.
    let pager = try configuration.pager.prepare(items: items, viewport: viewport)
    let positions = AlbumPositionMap(pager: pager, strip: prepared)
    var state: FilmstripState
    let defaultX: Double
    switch (follow, accordion) {
    case (let f?, nil):
      // Honoured exactly or refused: the position I + F must lie in the album.
      let last = max(0, prepared.count - 1)
      guard (0...last).contains(f.index), (0...1).contains(f.amount), Double(f.index) + f.amount <= Double(last)
      else {
        throw OptionError(
          "--follow takes I,F with page I from 0 to \(last) and fraction F from 0 to 1, I + F at most \(last) "
            + "(got \(f.index),\(JSONWriter.number(f.amount)))")
      }
      let t = Double(f.index) + f.amount
      let page = positions.followingPage(position: t) ?? PagerPosition(index: 0, fraction: 0)
      state = .following(index: page.index, fraction: page.fraction)
      let centre = positions.followerCentreX(
        position: Double(page.index) + page.fraction, rule: configuration.followerOffset, strip: prepared, at: state)
      defaultX = centre - prepared.viewport.size.width / 2
    case (nil, let a?):
      guard prepared.count == 0 || (0..<prepared.count).contains(a.index) else {
        throw OptionError("--accordion's index takes 0…\(prepared.count - 1) (got \(a.index))")
      }
      state = .accordion(index: a.index, progress: a.amount)
      defaultX = prepared.centeredOffset(ofThumbnail: a.index, at: state)
    default:
      throw OptionError("give one of --follow I,F or --accordion I,P with --surface strip")
    }
    state.contentOffset = offset ?? Point(x: defaultX, y: 0)
    let unfolded = prepared.resolvedUnfolded(state).map { "[\($0.index),\(JSONWriter.number($0.amount))]" }
    let centre = state.contentOffset.x + prepared.viewport.size.width / 2
    var extra: [(String, String)] = [
      ("surface", JSONWriter.string("strip")), ("preset", JSONWriter.string(preset)),
      ("followerOffset", JSONWriter.string(configuration.followerOffset.rawValue)),
      ("unfolded", "[" + unfolded.joined(separator: ",") + "]"),
    ]
    if let k = prepared.thumbnail(atContentX: centre, at: state) { extra.append(("centredThumbnail", String(k))) }
    return report(name: "album", prepared, state: state, all: all, extra: extra)
  }
}
