#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import Album
import HostRecording
import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import ScrollworkUIKit
import Testing

/// An app's delegate: records the selections it is told about.
@MainActor
final class SelectionRecorder: NSObject, UICollectionViewDelegate {
  var selected: [IndexPath] = []
  var allowsSelection = true

  func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    allowsSelection
  }

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    selected.append(indexPath)
  }
}

/// The album on two stand-in collection views through `ScrollworkAlbumLink`:
/// what the user sees of the pager and the strip while either is dragged,
/// flicked and comes to rest, driven by the stand-in's drag driver (which
/// sends the scroll-view delegate calls the link listens to) and its
/// display (the link's display link).
@MainActor
@Suite struct AlbumLinkTests {
  /// The photos: 10,000, cycling four aspect ratios.
  static let photoSizes: [CGSize] = (0..<10_000).map { k in
    [
      CGSize(width: 4000, height: 3000), CGSize(width: 3000, height: 4000), CGSize(width: 4000, height: 4000),
      CGSize(width: 1920, height: 1080),
    ][k % 4]
  }
  static let pageWidth: CGFloat = 390

  /// Two collection views, their data sources (the views hold them
  /// weakly: the scene keeps them) and the link.
  struct Scene {
    var pager: UICollectionView
    var strip: UICollectionView
    var pagerData: TestDataSource
    var stripData: TestDataSource
    var link: ScrollworkAlbumLink
  }

  static func scene(
    configuration: AlbumConfiguration = .photosLab(), rightToLeft: Bool = false
  ) throws -> Scene {
    let pager = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: UICollectionViewLayout())
    let strip = UICollectionView(
      frame: CGRect(x: 0, y: 600, width: 390, height: 44), collectionViewLayout: UICollectionViewLayout())
    if rightToLeft {
      for view in [pager, strip] {
        view.setStandInTraitCollection(UITraitCollection(displayScale: 3, layoutDirection: .rightToLeft))
      }
    }
    let pagerData = TestDataSource(counts: [photoSizes.count])
    let stripData = TestDataSource(counts: [photoSizes.count])
    pagerData.register(in: pager)
    stripData.register(in: strip)
    pager.dataSource = pagerData
    strip.dataSource = stripData
    let link = try ScrollworkAlbumLink(
      pager: pager, strip: strip, photoSizes: photoSizes, configuration: configuration)
    try catchingUIKitExceptions {
      pager.layoutIfNeeded()
      strip.layoutIfNeeded()
    }
    return Scene(pager: pager, strip: strip, pagerData: pagerData, stripData: stripData, link: link)
  }

  /// The strip shows exactly the cells the album's frame has on screen,
  /// where the frame puts them (the view caught up with the album's
  /// state in the same frame).
  static func expectStripShowsTheAlbum(_ scene: Scene, _ note: String) {
    let frame = scene.link.album.frame()
    let strip = scene.strip
    #expect(
      isClose(Double(strip.contentOffset.x), frame.stripOffset.x),
      "\(note): strip offset \(strip.contentOffset.x), album \(frame.stripOffset.x)")
    let expected = frame.stripAttributes.filter { $0.id.kind == .cell }
    #expect(
      Set(strip.indexPathsForVisibleItems) == Set(expected.map { IndexPath(item: $0.id.item, section: 0) }),
      "\(note): the strip's visible cells")
    for a in expected {
      guard let cell = strip.cellForItem(at: IndexPath(item: a.id.item, section: 0)) else { continue }
      #expect(
        isClose(Double(cell.center.x), a.center.x) && isClose(Double(cell.bounds.width), a.size.width),
        "\(note): thumbnail \(a.id.item) at \(cell.center.x) width \(cell.bounds.width), album \(a.center.x) \(a.size.width)"
      )
    }
  }

  /// The item whose thumbnail is under the strip's centre line, read from
  /// the cells on screen: each thumbnail owns its cell and half of the gap
  /// on either side (the album's thumbnail coordinate, rounded).
  static func thumbnailUnderTheCentre(_ strip: UICollectionView) -> Int? {
    let centre = strip.contentOffset.x + strip.bounds.width / 2
    let cells = strip.visibleCells.compactMap { cell in strip.indexPath(for: cell).map { ($0.item, cell.frame) } }
      .sorted { $0.0 < $1.0 }
    for (k, (item, frame)) in cells.enumerated() {
      let start = k == 0 ? -CGFloat.infinity : (cells[k - 1].1.maxX + frame.minX) / 2
      let end = k == cells.count - 1 ? CGFloat.infinity : (frame.maxX + cells[k + 1].1.minX) / 2
      if start <= centre && centre < end { return item }
    }
    return nil
  }

  /// The pager's nearest page.
  static func nearestPage(_ pager: UICollectionView) -> Int {
    Int((pager.contentOffset.x / pageWidth).rounded())
  }

  /// Lets a running animation end and the display link stop.
  static func settle() { StandInDisplay.advance(by: 1.5) }

  // MARK: The pager leads

  /// Each frame of a drag of the pager moves the strip in the same frame:
  /// its offset is where an album fed the pager's offsets puts it, its
  /// cells are the album's, and (with the thumbnail-coordinate rule) the
  /// thumbnail under its centre line is the pager's nearest page. After a
  /// flick the pager rests on a page and that photo's thumbnail is the
  /// one unfolded, centred on the strip.
  @Test(arguments: [FollowerOffsetRule.seedUnitStep, .thumbnailCoordinate])
  func theStripFollowsAPagerDragInTheSameFrame(_ rule: FollowerOffsetRule) throws {
    let configuration = AlbumConfiguration.photosLab(followerOffset: rule)
    let scene = try Self.scene(configuration: configuration)
    let (pager, strip) = (scene.pager, scene.strip)
    var reference = try AlbumCoordinator(
      photos: LayoutItems(Self.photoSizes.map { Size(width: Double($0.width), height: Double($0.height)) }),
      viewport: Size(width: 390, height: 644),
      configuration: configuration)
    try catchingUIKitExceptions {
      pager.standInBeginDrag()
      _ = reference.scrollViewWillBeginDragging(.pager, at: CACurrentMediaTime())
      for step in 0..<40 {
        pager.standInDrag(by: CGPoint(x: -17, y: 0))
        let expected = reference.scrollViewDidScroll(
          .pager, offset: Double(pager.contentOffset.x), at: CACurrentMediaTime())
        let note = "\(rule) frame \(step), pager at \(pager.contentOffset.x)"
        #expect(
          isClose(Double(strip.contentOffset.x), expected.stripOffset.x),
          "\(note): strip at \(strip.contentOffset.x), an album fed the pager's offsets puts it at \(expected.stripOffset.x)"
        )
        Self.expectStripShowsTheAlbum(scene, note)
        if rule == .thumbnailCoordinate {
          #expect(Self.thumbnailUnderTheCentre(strip) == Self.nearestPage(pager), "\(note): the centred thumbnail")
        }
      }
      #expect(pager.contentOffset.x == 680, "the drag moved the pager (the test needs it to)")
      pager.standInRelease(velocity: CGPoint(x: 900, y: 0), frames: 20)
      Self.settle()
    }
    let page = Self.nearestPage(pager)
    #expect(page >= 2, "the flick went on to a later page")
    #expect(pager.contentOffset.x == CGFloat(page) * Self.pageWidth, "the pager rests on a page boundary")
    #expect(
      scene.link.album.stripState.unfolded.filter { $0.amount > 0 }.map(\.index) == [page],
      "the strip unfolds the current photo's thumbnail: \(scene.link.album.stripState.unfolded)")
    #expect(Self.thumbnailUnderTheCentre(strip) == page)
    let cell = try #require(strip.cellForItem(at: IndexPath(item: page, section: 0)))
    #expect(abs(cell.center.x - (strip.contentOffset.x + 195)) < 0.01, "the current thumbnail is centred")
    #expect(cell.bounds.width > 30, "the current thumbnail is unfolded (folded ones are 30 wide)")
    Self.expectStripShowsTheAlbum(scene, "\(rule) at rest")
  }

  // MARK: The strip leads

  /// Dragging the strip folds its thumbnails (over the accordion's
  /// frames, from the display link) and the pager follows every frame
  /// (the pager's nearest page is the thumbnail under the strip's centre
  /// line); released, the thumbnail under the centre line unfolds, ends
  /// centred, and the pager rests on its page.
  @Test func draggingTheStripFoldsItAndThePagerFollows() throws {
    let scene = try Self.scene(configuration: .photosLab(followerOffset: .thumbnailCoordinate))
    let (pager, strip) = (scene.pager, scene.strip)
    try catchingUIKitExceptions {
      strip.standInBeginDrag()
      for step in 0..<40 {
        strip.standInDrag(by: CGPoint(x: -6, y: 0))
        let note = "strip frame \(step), at \(strip.contentOffset.x)"
        let out = scene.link.album.linkOutput()
        #expect(out.leader == .strip, "\(note): the strip leads")
        #expect(isClose(Double(pager.contentOffset.x), out.pagerOffset.x), "\(note): the pager follows")
        #expect(
          Self.thumbnailUnderTheCentre(strip) == Self.nearestPage(pager),
          "\(note): pager page \(Self.nearestPage(pager)), thumbnail \(String(describing: Self.thumbnailUnderTheCentre(strip)))"
        )
        Self.expectStripShowsTheAlbum(scene, note)
      }
    }
    // 40 frames (0.67 s) is longer than any fold: every thumbnail is folded.
    #expect(scene.link.album.stripState.unfolded.allSatisfy { $0.amount == 0 }, "\(scene.link.album.stripState)")
    for cell in strip.visibleCells { #expect(cell.bounds.width == 30, "a thumbnail is still unfolded") }
    #expect(Self.nearestPage(pager) > 0, "the drag moved the album (the test needs it to)")
    try catchingUIKitExceptions {
      strip.standInRelease(velocity: .zero)
      Self.settle()
    }
    let page = try #require(Self.thumbnailUnderTheCentre(strip))
    #expect(scene.link.album.stripState.unfolded.filter { $0.amount > 0 }.map(\.index) == [page])
    let cell = try #require(strip.cellForItem(at: IndexPath(item: page, section: 0)))
    #expect(abs(cell.center.x - (strip.contentOffset.x + 195)) < 0.01, "the unfolded thumbnail is centred")
    #expect(cell.bounds.width > 30)
    #expect(abs(pager.contentOffset.x - CGFloat(page) * Self.pageWidth) < 1e-6, "the pager rests on its page")
    Self.expectStripShowsTheAlbum(scene, "strip at rest")
  }

  // MARK: Invalidation

  /// The link gives the strip its state through scoped invalidations
  /// (the thumbnails on screen), never one that prepares everything: in
  /// the calls the strip's layout records (every `invalidateLayout(with:)`
  /// it received, the link's included) and in what the collection view
  /// logged; and the strip's host never has a full prepare pending.
  ///
  /// (The stand-in's `layoutCallLog` holds the calls the collection view
  /// makes; a layout invalidating itself, as `setState(_:)` does, is not
  /// in it, so the layout's recorder counts the scoped contexts.)
  @Test func theStripsStateComesThroughScopedInvalidations() throws {
    let scene = try Self.scene()
    let (pager, strip) = (scene.pager, scene.strip)
    var lines: [String] = []
    scene.link.stripLayout.recorder = LayoutCallRecorder { lines.append($0) }
    strip.layoutCallLog.removeAll()
    var frames = 0
    try catchingUIKitExceptions {
      for view in [pager, strip, pager] {
        view.standInBeginDrag()
        for _ in 0..<20 {
          view.standInDrag(by: CGPoint(x: view === strip ? -7 : -23, y: 0))
          frames += 1
          var host = scene.link.stripLayout.host
          let prepared = try host.prepare(bounds: host.bounds, counts: host.counts)
          #expect(!prepared, "a full prepare was pending")
        }
        view.standInRelease(velocity: .zero)
      }
    }
    var scoped = 0
    var everything = 0
    for line in lines {
      guard case .call(.invalidate(let model?, _)) = try HostLine(jsonLine: line) else { continue }
      if model.invalidatesEverything || model.invalidatesDataCounts {
        everything += 1
      } else if model.reason == .configuration {
        scoped += 1
        #expect(!model.elements.isEmpty && model.elements.count < 40, "a scoped context names what is on screen")
      }
    }
    #expect(everything == 0, "the strip was invalidated everything \(everything) times")
    #expect(scoped >= frames, "\(scoped) state changes for \(frames) frames")
    let logged = strip.layoutCallLog.map(\.call)
    #expect(!logged.contains(.invalidateLayout(everything: true, dataSourceCounts: false)))
    #expect(!logged.contains(.invalidateLayout(everything: true, dataSourceCounts: true)))
  }

  // MARK: Delegates

  /// The app's delegates get their selections through the link, which is
  /// both views' delegate; `shouldSelectItemAt` is forwarded too.
  @Test func theAppsDelegatesGetTaps() throws {
    let scene = try Self.scene()
    let pagerApp = SelectionRecorder()
    let stripApp = SelectionRecorder()
    scene.link.pagerDelegate = pagerApp
    scene.link.stripDelegate = stripApp
    #expect(scene.pager.delegate === scene.link && scene.strip.delegate === scene.link)
    let onPager = try #require(scene.pager.indexPathsForVisibleItems.first)
    let onStrip = try #require(scene.strip.indexPathsForVisibleItems.last)
    try catchingUIKitExceptions {
      #expect(scene.pager.standInTapItem(at: onPager))
      #expect(scene.strip.standInTapItem(at: onStrip))
    }
    #expect(pagerApp.selected == [onPager])
    #expect(stripApp.selected == [onStrip])
    stripApp.allowsSelection = false
    let other = IndexPath(item: onStrip.item == 0 ? 1 : 0, section: 0)
    try catchingUIKitExceptions { #expect(!scene.strip.standInTapItem(at: other)) }
    #expect(stripApp.selected == [onStrip], "the app's shouldSelectItemAt was not asked")
    #expect(scene.strip.indexPathsForSelectedItems == [onStrip])
  }

  // MARK: The display link

  /// Nothing ticks the album while nothing moves: once the pager rests,
  /// the link's display link has stopped (the album's time, which every
  /// tick advances, stays), and an animation restarts it.
  @Test func theDisplayLinkStopsWhenNothingMoves() throws {
    let scene = try Self.scene()
    try catchingUIKitExceptions {
      scene.pager.standInDrag(by: CGPoint(x: -150, y: 0), steps: 5)
      scene.pager.standInRelease(velocity: CGPoint(x: 300, y: 0), frames: 10)
      Self.settle()
    }
    let idle = scene.link.album.time
    StandInDisplay.advance(by: 1)
    #expect(scene.link.album.time == idle, "a display link ticked the album at rest")
    // A drag of the strip folds it: the accordion animates from ticks.
    try catchingUIKitExceptions {
      scene.strip.standInDrag(by: CGPoint(x: -5, y: 0))
      StandInDisplay.advance(by: 0.1)
    }
    #expect(scene.link.album.time > idle + 0.09, "the fold did not tick")
    #expect(scene.link.album.frame().accordion == .folding)
  }

  /// Touching the pager while the strip unfolds blends what the strip
  /// shows into the pager's page over the following frames, from the
  /// display link alone (nothing scrolls): the link keeps ticking while
  /// the blend changes something and stops after.
  @Test func aLeaderSwitchBlendsFromTicksAlone() throws {
    let scene = try Self.scene(configuration: .photosLab(followerOffset: .thumbnailCoordinate))
    try catchingUIKitExceptions {
      scene.strip.standInDrag(by: CGPoint(x: -70, y: 0), steps: 10)
      StandInDisplay.advance(by: 0.5)
      scene.strip.standInRelease(velocity: .zero)
      StandInDisplay.advance(by: 0.05)
      scene.pager.standInBeginDrag()
    }
    let switched = scene.link.album.stripState.unfolded
    let position = try #require(scene.link.album.frame().pagerPosition)
    let goal = FilmstripState.following(index: position.index, fraction: position.fraction).unfolded
    #expect(switched != goal, "the strip shows something else at the switch (the test needs it to)")
    var widths: [[CGFloat]] = []
    try catchingUIKitExceptions {
      for _ in 0..<90 {
        StandInDisplay.tick(to: StandInDisplay.now + StandInDisplay.frameDuration)
        widths.append(scene.strip.visibleCells.map(\.bounds.width))
      }
    }
    #expect(Set(widths).count > 2, "the strip's thumbnails did not animate")
    let resting = scene.link.album.stripState.unfolded.filter { $0.amount > 0 }
    #expect(
      resting.map(\.index) == goal.filter { $0.amount > 0 }.map(\.index)
        && zip(resting, goal.filter { $0.amount > 0 }).allSatisfy { isClose($0.amount, $1.amount) },
      "the strip ends on the pager's page: \(resting), \(goal)")
    Self.expectStripShowsTheAlbum(scene, "after the switch")
    let idle = scene.link.album.time
    StandInDisplay.advance(by: 0.5)
    #expect(scene.link.album.time == idle, "the display link goes on after the blend")
  }

  /// A link let go of mid-animation takes its display link with it.
  @Test func aLinkLetGoStopsItsDisplayLink() throws {
    StandInDisplay.tick(to: StandInDisplay.now + StandInDisplay.frameDuration)
    let before = StandInDisplay.activeLinkCount
    weak var gone: ScrollworkAlbumLink?
    try {
      let scene = try Self.scene()
      gone = scene.link
      try catchingUIKitExceptions {
        scene.strip.standInDrag(by: CGPoint(x: -5, y: 0))
      }
      #expect(scene.link.album.frame().accordion == .folding)
      #expect(StandInDisplay.activeLinkCount == before + 1, "the fold ticks (the test needs it to)")
    }()
    #expect(gone == nil, "the link is released")
    StandInDisplay.tick(to: StandInDisplay.now + StandInDisplay.frameDuration)
    #expect(StandInDisplay.activeLinkCount == before, "the display link outlived its link")
  }
}
