import Album
import LayoutCore
import ScrollPhysics
import ScrollworkTestSupport
import Testing

/// The following strip's offset under both rules, against hand
/// computations, and the position arithmetic.
@Suite struct AlbumFollowerOffsetTests {
  let size = Size(width: 390, height: 644)  // pager 390×600, strip 390×44
  // photosLab strip constants.
  let nW = 30.0
  let nS = 2.0
  let fS = 15.0
  var unitStep: Double { nW + nS }

  /// Photo 3 is a panorama (unfolds to the 160 pt maximum); the others 4:3.
  var photos: [Size] {
    (0..<8).map { $0 == 3 ? Size(width: 8000, height: 1000) : Size(width: 4000, height: 3000) }
  }

  func album(_ rule: FollowerOffsetRule, pagerX: Double) throws -> AlbumFrame {
    var album = try AlbumCoordinator(
      photos: LayoutItems(photos), viewport: size, configuration: .photosLab(followerOffset: rule))
    try album.setContentOffset("pager", Point(x: pagerX, y: 0), animated: false, at: 0.1)
    return album.frame()
  }

  @Test func photosLabUsesTheSeedsRuleAndTheDefaultTheThumbnailCoordinate() {
    #expect(AlbumConfiguration.photosLab().followerOffset == .seedUnitStep)
    #expect(AlbumConfiguration().followerOffset == .thumbnailCoordinate)
  }

  /// The seed's `setThumbnailContentOffset` at page 3, fraction ½, computed
  /// by hand over the follower's geometry: the focused (160 pt) thumbnail
  /// is `nW + (160 − nW)(1 − f) = 95` wide; before it lie three folded
  /// cells, each with the gap before it (`3·unitStep = 96`), then its own
  /// gap `nS + (fS − nS)(1 − f) = 8.5`, so its centre is at
  /// `96 + 8.5 + 95/2 = 152`. The inset that centres it is
  /// `W/2 − (152 − 3·unitStep) = 139`, and the offset
  /// `unitStep·(3 + ½) − 139 = −27`.
  @Test func seedRuleMatchesAHandComputationMidSwipe() throws {
    let i = 3.0
    let f = 0.5
    let width = nW + (160 - nW) * (1 - f)
    let centre = i * unitStep + (nS + (fS - nS) * (1 - f)) + width / 2
    #expect(centre == 152)
    let insetLeft = 390 / 2 - (centre - i * unitStep)
    let seedOffset = unitStep * (i + f) - insetLeft
    #expect(seedOffset == -27)

    let seed = try album(.seedUnitStep, pagerX: (i + f) * 390)
    #expect(seed.pagerPosition == PagerPosition(index: 3, fraction: 0.5))
    #expect(isClose(seed.stripOffset.x, seedOffset, tolerance: 1e-12), "\(seed.stripOffset.x)")

    // Today's rule puts the middle of the gap after the focused thumbnail
    // on the centre line: 39 pt further along.
    let gapMiddle = centre + width / 2 + fS / 2
    let coordinate = try album(.thumbnailCoordinate, pagerX: (i + f) * 390)
    #expect(isClose(coordinate.stripOffset.x, gapMiddle - 195, tolerance: 1e-12), "\(coordinate.stripOffset.x)")
    #expect(isClose(coordinate.stripOffset.x - seed.stripOffset.x, 39, tolerance: 1e-12))
  }

  /// Under the seed's rule the centre line sits `unitStep·f` past the
  /// focused thumbnail's centre, for every fraction.
  @Test func seedRuleCentreLineMovesOneUnitStepPerPageRelativeToTheFocusedThumbnail() throws {
    for k in 0..<20 {
      let f = Double(k) / 20
      for i in [0, 3, 6] {
        let frame = try album(.seedUnitStep, pagerX: (Double(i) + f) * 390)
        let focused = frame.stripAttributes.first { $0.id == .cell(i) }
        let line = frame.stripOffset.x + 195
        #expect(focused != nil)
        if let focused {
          #expect(isClose(line - focused.center.x, unitStep * f, tolerance: 1e-9), "page \(i) f \(f)")
        }
      }
    }
  }

  /// At rest on a page both rules centre the page's thumbnail; past the
  /// ends both pull the strip point for point with the pager.
  @Test func bothRulesAgreeAtRestAndPastTheEnds() throws {
    for page in 0..<8 {
      let a = try album(.seedUnitStep, pagerX: Double(page) * 390)
      let b = try album(.thumbnailCoordinate, pagerX: Double(page) * 390)
      #expect(isClose(a.stripOffset.x, b.stripOffset.x, tolerance: 1e-9), "page \(page)")
      #expect(a.centredThumbnail == page)
    }
    let config = AlbumConfiguration.photosLab()
    for rule in FollowerOffsetRule.allCases {
      let pager = try config.pager.prepare(items: LayoutItems(photos), viewport: Viewport(width: 390, height: 600))
      let strip = try config.strip.prepare(items: LayoutItems(photos), viewport: Viewport(width: 390, height: 44))
      let map = AlbumPositionMap(pager: pager, strip: strip)
      let state = FilmstripState.following(index: 0, fraction: 0)
      let atStart = map.followerCentreX(position: 0, rule: rule, strip: strip, at: state)
      let before = map.followerCentreX(position: -2, rule: rule, strip: strip, at: state)
      #expect(isClose(atStart - before, 2 * unitStep), "\(rule)")
      #expect(isClose(map.pagerOffset(position: 0) - map.pagerOffset(position: -2), 2 * unitStep), "\(rule)")
    }
  }

  @Test func positionMapIsInvertibleAndClampsItsPage() throws {
    let config = AlbumConfiguration.photosLab()
    let pager = try config.pager.prepare(items: LayoutItems(photos), viewport: Viewport(width: 390, height: 600))
    let strip = try config.strip.prepare(items: LayoutItems(photos), viewport: Viewport(width: 390, height: 44))
    let map = AlbumPositionMap(pager: pager, strip: strip)
    var rng = SplitMix64(seed: propertySeed(0, base: 0xA1_905))
    for _ in 0..<1000 {
      let x = rng.double(in: -1000...4000)
      #expect(isClose(map.pagerOffset(position: map.position(pagerOffset: x)), x, tolerance: 1e-12))
    }
    #expect(map.position(pagerOffset: 585) == 1.5)
    #expect(map.followingPage(position: 1.5) == PagerPosition(index: 1, fraction: 0.5))
    #expect(map.followingPage(position: -3) == PagerPosition(index: 0, fraction: 0))
    #expect(map.followingPage(position: 99) == PagerPosition(index: 7, fraction: 0))
    #expect(map.followingPage(position: .nan) == PagerPosition(index: 0, fraction: 0))
    #expect(map.position(pagerOffset: .infinity) == 0)
    let empty = AlbumPositionMap(
      pager: try config.pager.prepare(items: .empty, viewport: Viewport(width: 390, height: 600)),
      strip: try config.strip.prepare(items: .empty, viewport: Viewport(width: 390, height: 44)))
    #expect(empty.followingPage(position: 0) == nil && empty.position(pagerOffset: 100) == 0)
  }

  /// `collectEvents()` only queues: folding and settling are the explicit
  /// rules step (`AlbumCoordinator+Accordion`). A strip drag under the
  /// pager's lead neither folds nor settles; under its own it folds.
  @Test func foldAndSettleHappenInTheRulesStepOnlyForTheLeadingStrip() throws {
    var album = try AlbumCoordinator(photos: LayoutItems(photos), viewport: size)
    _ = album.drainEvents()
    try album.touchDown("strip", at: 0.1)
    try album.drag("strip", translation: Point(x: -40, y: 0), at: 0.2)
    let folding = album.frame()
    #expect(folding.leader == .strip && folding.accordion == .folding)
    let events = album.drainEvents()
    #expect(events.contains { $0.0 == .strip && $0.1 == .willBeginDragging })
    try album.release("strip", at: 0.3)
    album.advance(to: 5)
    let rest = album.frame()
    #expect(rest.accordion == .resting && rest.progress == 1)
  }
}
