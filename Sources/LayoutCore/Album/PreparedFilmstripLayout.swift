/// A filmstrip ready to answer queries; see `FilmstripLayout` and
/// `FilmstripState`.
///
/// Folded cells sit on a uniform pitch `P = normalWidth + normalSpacing`;
/// only the few unfolded cells and their gaps differ. A query therefore
/// splits the strip into at most `2·FilmstripState.maximumUnfolded + 1`
/// uniform runs and finds the cells of each run by arithmetic: O(u + k) for
/// u unfolded cells and k results, never a loop over the album.
public struct PreparedFilmstripLayout: PreparedLayout {
  public typealias State = FilmstripState

  /// The configuration the geometry was prepared from.
  public let layout: FilmstripLayout
  /// The viewport the geometry was prepared for.
  public let viewport: Viewport
  let photos: AlbumPhotos

  init(layout: FilmstripLayout, photos: AlbumPhotos, viewport: Viewport) {
    self.layout = layout
    self.viewport = viewport
    self.photos = photos
  }

  /// The number of thumbnails.
  public var count: Int { photos.count }
  /// The distance between folded thumbnails' starts.
  public var pitch: Double { layout.normalWidth + layout.normalSpacing }
  public var numberOfSections: Int { 1 }
  public func numberOfItems(inSection section: Int) -> Int { section == 0 ? count : 0 }

  /// Thumbnail `index`'s unfolded width: its photo's aspect at the strip's
  /// height, clamped to `normalWidth...maximumWidth`.
  public func unfoldedWidth(_ index: Int) -> Double {
    guard index >= 0, index < count else { return layout.normalWidth }
    let photo = photos[index]
    return clamp(photo.width / photo.height * viewport.size.height, layout.normalWidth, layout.maximumWidth)
  }

  // MARK: Geometry at a state

  /// A uniform run of cells `first..<end` whose first cell starts at
  /// `leading`.
  struct Run {
    var first: Int
    var end: Int
    var leading: Double
    var extent: Double
  }

  /// The strip's geometry at one state: its unfolded cells, content width
  /// and insets. Its runs are generated on demand (`forEachRun`), so a
  /// query builds no array: steady-state frames do not allocate.
  struct Geometry {
    var unfolded: [Unfold]
    var contentWidth: Double
    var insetLeft: Double
    var insetRight: Double
  }

  /// The state's unfolded cells, cleaned: in the album, amounts in `0...1`,
  /// merged by index, the largest `maximumUnfolded`, sorted by index.
  ///
  /// A list that is already clean (what the coordinator and the state's
  /// factories produce) is returned as it is, sharing its storage.
  func resolve(_ entries: [Unfold]) -> [Unfold] {
    if isResolved(entries) { return entries }
    var merged: [Unfold] = []
    for e in entries.prefix(64) where e.index >= 0 && e.index < count {
      let amount = clamp(e.amount, 0, 1)
      guard amount > 0 else { continue }
      if let i = merged.firstIndex(where: { $0.index == e.index }) {
        merged[i].amount = Swift.min(1, merged[i].amount + amount)
      } else {
        merged.append(Unfold(index: e.index, amount: amount))
      }
    }
    if merged.count > FilmstripState.maximumUnfolded {
      merged.sort { $0.amount > $1.amount || ($0.amount == $1.amount && $0.index < $1.index) }
      merged.removeLast(merged.count - FilmstripState.maximumUnfolded)
    }
    merged.sort { $0.index < $1.index }
    return merged
  }

  /// Whether `entries` is already what `resolve` would return.
  func isResolved(_ entries: [Unfold]) -> Bool {
    guard entries.count <= FilmstripState.maximumUnfolded else { return false }
    var previous = -1
    for e in entries {
      guard e.index > previous, e.index < count, e.amount > 0, e.amount <= 1 else { return false }
      previous = e.index
    }
    return true
  }

  /// Calls `body` with each uniform run of the strip, in order, until it
  /// returns `false`; returns the total extra length of the unfolded cells
  /// and gaps (when every run was visited).
  ///
  /// The runs break at 0, at each unfolded cell `i` and after it (`i + 1`),
  /// and at the end: with `unfolded` sorted by index that sequence is
  /// already sorted, so it is generated in place.
  ///
  /// - Complexity: O(u²) for u ≤ 8 unfolded cells.
  @discardableResult
  func forEachRun(_ unfolded: [Unfold], _ body: (Run) -> Bool) -> Double {
    let nW = layout.normalWidth
    let nS = layout.normalSpacing
    let extraGap = layout.fullSpacing - nS
    let p = pitch
    func amount(_ k: Int) -> Double {
      for u in unfolded where u.index == k { return u.amount }
      return 0
    }
    func extraWidth(_ k: Int) -> Double { amount(k) * (unfoldedWidth(k) - nW) }
    // The extra gap after cell j (j = -1: before cell 0).
    func extraGapAfter(_ j: Int) -> Double { Swift.min(1, amount(j) + amount(j + 1)) * extraGap }

    var shift = extraGapAfter(-1)
    var previous = -1
    var current: Run?
    let breaks = 2 * unfolded.count + 2
    for t in 0..<breaks {
      let b = t == 0 ? 0 : t == breaks - 1 ? count : unfolded[(t - 1) / 2].index + (t - 1) % 2
      guard b != previous else { continue }
      previous = b
      if var r = current {
        // Cells inside a run add nothing; its last cell (b − 1) adds its own
        // extra width and the extra gap after it.
        shift += extraWidth(b - 1) + extraGapAfter(b - 1)
        r.end = b
        guard body(r) else { return shift }
        current = nil
      }
      if b < count {
        current = Run(first: b, end: b, leading: nS + Double(b) * p + shift, extent: nW + extraWidth(b))
      }
    }
    return shift
  }

  func geometry(_ state: FilmstripState) -> Geometry {
    let p = pitch
    let unfolded = resolve(state.unfolded)
    let shift = forEachRun(unfolded) { _ in true }
    let width = count == 0 ? 0 : Double(count) * p + layout.normalSpacing + shift
    var g = Geometry(unfolded: unfolded, contentWidth: width, insetLeft: 0, insetRight: 0)
    guard count > 0 else { return g }
    // The insets let the focus (the amount-weighted mean index of the
    // unfolded cells) reach the centre line at either end of the album.
    let total = unfolded.reduce(0) { $0 + $1.amount }
    let focus = total > 0 ? unfolded.reduce(0) { $0 + Double($1.index) * $1.amount } / total : 0
    let x = contentX(focus, g)
    g.insetLeft = viewport.size.width / 2 - (x - focus * p)
    g.insetRight = viewport.size.width / 2 - (width - x - (Double(count - 1) - focus) * p)
    return g
  }

  // MARK: Per-cell geometry

  func run(containing k: Int, _ g: Geometry) -> Run {
    // At most 2u + 1 runs.
    var found = Run(first: 0, end: 0, leading: 0, extent: 0)
    forEachRun(g.unfolded) { r in
      found = r
      return k >= r.end
    }
    return found
  }

  func start(_ k: Int, _ g: Geometry) -> Double {
    let r = run(containing: k, g)
    return r.leading + Double(k - r.first) * pitch
  }

  func width(_ k: Int, _ g: Geometry) -> Double { run(containing: k, g).extent }

  func center(_ k: Int, _ g: Geometry) -> Double {
    let r = run(containing: k, g)
    return r.leading + Double(k - r.first) * pitch + r.extent / 2
  }

  func cell(_ k: Int, _ g: Geometry) -> LayoutAttributes {
    let r = run(containing: k, g)
    return cell(k, run: r)
  }

  func cell(_ k: Int, run r: Run) -> LayoutAttributes {
    let h = viewport.size.height
    let size = Size(width: r.extent, height: h)
    let fill = photos[k].aspectFill(size)
    let content = Rect(
      x: (size.width - fill.width) / 2, y: (h - fill.height) / 2, width: fill.width, height: fill.height)
    let x = r.leading + Double(k - r.first) * pitch + r.extent / 2
    return LayoutAttributes(
      id: .cell(k), center: Point(x: x, y: h / 2), size: size, extras: AttributeExtras(contentRect: content))
  }

  // MARK: PreparedLayout

  public func contentSize(at state: FilmstripState) -> Size {
    Size(width: geometry(state).contentWidth, height: viewport.size.height)
  }

  /// Insets that let the unfolded cells reach the centre line at either
  /// end of the album: for an accordion cell at progress `p`, equal on both
  /// sides, `W/2 − spacing(p) − width(p)/2`. In general, with the focus
  /// `t*` the amount-weighted mean index of the unfolded cells (`i + f`
  /// when following), the left inset is `W/2 − (x(t*) − t*·P)` and the
  /// right one `W/2 − (contentWidth − x(t*) − (n − 1 − t*)·P)`, so the
  /// offset a follower is given stays in bounds and the insets change
  /// continuously. Part of the query's answer, never written by it.
  public func contentInset(at state: FilmstripState) -> EdgeInsets {
    let g = geometry(state)
    return EdgeInsets(top: 0, left: g.insetLeft, bottom: 0, right: g.insetRight)
  }

  /// - Complexity: O(u + k) for u unfolded cells and k results.
  public func attributes(in rect: Rect, at state: FilmstripState, into result: inout [LayoutAttributes]) {
    guard count > 0, rect.minY < viewport.size.height, rect.maxY > 0 else { return }
    let g = geometry(state)
    forEachRun(g.unfolded) { r in
      let strip = UniformStrip(leading: r.leading, extent: r.extent, pitch: pitch, count: r.end - r.first)
      for j in strip.slots(meeting: rect.minX, rect.maxX) {
        let attributes = cell(r.first + j, run: r)
        if attributes.frame.intersects(rect) { result.append(attributes) }
      }
      return r.leading < rect.maxX
    }
  }

  public func attributes(for id: ElementID, at state: FilmstripState) -> LayoutAttributes? {
    guard id.kind == .cell, id.section == 0, id.item >= 0, id.item < count else { return nil }
    return cell(id.item, geometry(state))
  }

  // MARK: Centre line

  /// The x of thumbnail `index`'s centre at `state` (clamped into the
  /// album; 0 for an empty one).
  public func center(ofThumbnail index: Int, at state: FilmstripState) -> Double {
    guard count > 0 else { return 0 }
    return center(clamp(index, 0, count - 1), geometry(state))
  }

  /// The content offset that puts thumbnail `index`'s centre on the strip's
  /// centre line.
  public func centeredOffset(ofThumbnail index: Int, at state: FilmstripState) -> Double {
    center(ofThumbnail: index, at: state) - viewport.size.width / 2
  }

  /// A continuous thumbnail coordinate for the content x `x`: `k` at
  /// thumbnail `k`'s centre, `k + ½` in the middle of the gap after it,
  /// linear in between; before the first centre and after the last it goes
  /// on at one unit per folded pitch. Rounded and clamped, it names the
  /// thumbnail under `x`.
  ///
  /// - Complexity: O(u).
  public func thumbnailCoordinate(atContentX x: Double, at state: FilmstripState) -> Double {
    guard count > 0 else { return 0 }
    let x = x.finiteOr(0)
    let g = geometry(state)
    let first = center(0, g)
    if x <= first { return (x - first) / pitch }
    let last = center(count - 1, g)
    if x >= last { return Double(count - 1) + (x - last) / pitch }
    // The last run whose first centre is at or before x, then arithmetic.
    var k = 0
    forEachRun(g.unfolded) { r in
      let c = r.leading + r.extent / 2
      if c > x { return false }
      k = r.first + Int(clamp(((x - c) / pitch).rounded(.down), 0, Double(r.end - r.first - 1)))
      return true
    }
    k = clamp(k, 0, count - 2)
    while k < count - 2 && center(k + 1, g) <= x { k += 1 }
    while k > 0 && center(k, g) > x { k -= 1 }
    return Double(k) + fractionBetween(k, x: x, g)
  }

  /// Where `x` lies between the centres of `k` and `k + 1`, in `0...1`,
  /// with the gap's middle at ½.
  func fractionBetween(_ k: Int, x: Double, _ g: Geometry) -> Double {
    let c0 = center(k, g)
    let c1 = center(k + 1, g)
    let middle = (start(k, g) + width(k, g) + start(k + 1, g)) / 2
    if x <= middle { return clamp(0.5 * (x - c0) / (middle - c0), 0, 0.5) }
    return clamp(0.5 + 0.5 * (x - middle) / (c1 - middle), 0.5, 1)
  }

  /// The content x of thumbnail coordinate `t` (the inverse of
  /// `thumbnailCoordinate(atContentX:at:)`).
  ///
  /// - Complexity: O(u).
  public func contentX(atThumbnailCoordinate t: Double, at state: FilmstripState) -> Double {
    guard count > 0 else { return 0 }
    return contentX(t, geometry(state))
  }

  func contentX(_ t: Double, _ g: Geometry) -> Double {
    let t = clamp(t.finiteOr(0), -1e12, 1e12)
    if t <= 0 { return center(0, g) + t * pitch }
    let n = Double(count - 1)
    if t >= n { return center(count - 1, g) + (t - n) * pitch }
    let k = clamp(Int(t.rounded(.down)), 0, count - 2)
    let r = t - Double(k)
    let c0 = center(k, g)
    let c1 = center(k + 1, g)
    let middle = (start(k, g) + width(k, g) + start(k + 1, g)) / 2
    if r <= 0.5 { return c0 + 2 * r * (middle - c0) }
    return middle + (2 * r - 1) * (c1 - middle)
  }

  /// Where a follower strip goes for thumbnail coordinate `t` at `state`:
  /// the content x of `t`, and the content size and insets at `state`, from
  /// one pass over the strip's geometry (the coordinator needs all three
  /// every frame).
  ///
  /// - Complexity: O(u²) for u ≤ 8 unfolded cells.
  public func placement(
    atThumbnailCoordinate t: Double, at state: FilmstripState
  )
    -> (contentX: Double, contentSize: Size, contentInset: EdgeInsets)
  {
    let g = geometry(state)
    return (
      count == 0 ? 0 : contentX(t, g), Size(width: g.contentWidth, height: viewport.size.height),
      EdgeInsets(top: 0, left: g.insetLeft, bottom: 0, right: g.insetRight)
    )
  }

  /// The thumbnail under content x `x`: the rounded, clamped thumbnail
  /// coordinate; `nil` for an empty album.
  public func thumbnail(atContentX x: Double, at state: FilmstripState) -> Int? {
    guard count > 0 else { return nil }
    let t = thumbnailCoordinate(atContentX: x, at: state)
    return Int(clamp(t.rounded(.toNearestOrEven), 0, Double(count - 1)))
  }

  /// The unfolded cells of `state` as a query sees them (clamped, merged,
  /// sorted by index).
  public func resolvedUnfolded(_ state: FilmstripState) -> [Unfold] { resolve(state.unfolded) }
}
