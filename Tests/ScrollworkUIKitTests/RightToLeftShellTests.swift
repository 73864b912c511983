#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import Album
import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import ScrollworkUIKit
import Testing

/// Horizontal layouts in a right-to-left collection view. A Scrollwork
/// layout flips (`flipsHorizontallyInOppositeLayoutDirection`, from
/// `flipsInRightToLeft`), so UIKit mirrors it.
///
/// The stand-in's model of the mirror (its `applyAttributes` and
/// `standInMirrorsLayout`): the layout's coordinates hold everywhere the
/// layout sees them (bounds, offset, attributes, rectangles); the views
/// are mirrored about the content width (a view's centre x is
/// `contentSize.width − x`, its transform mirrored). On screen, content x
/// `v` of a mirrored view is at `v − (contentSize.width − offset − width)`:
/// the leading (right) edge of the screen is the layout's offset.
@MainActor
@Suite struct RightToLeftShellTests {
  enum Direction: String, CaseIterable {
    case leftToRight
    /// From the traits (a right-to-left language).
    case rightToLeftTraits
    /// From `semanticContentAttribute = .forceRightToLeft`.
    case rightToLeftForced
  }

  /// A horizontal layout under test: a cover-flow carousel or the album's
  /// pager.
  enum Subject: String, CaseIterable {
    case carousel
    case albumPager

    @MainActor func makeLayout() -> UICollectionViewLayout {
      switch self {
      case .carousel: ScrollworkLayout.carousel(.coverFlow, reduceMotion: false)
      case .albumPager:
        ScrollworkLayout.albumPager(
          AlbumConfiguration.photosLab().pager,
          itemSizes: .cycling([Size(width: 4000, height: 3000), Size(width: 3000, height: 4000)]))
      }
    }

    var count: Int { self == .carousel ? 50 : 10_000 }
    var frame: CGRect {
      self == .carousel ? CGRect(x: 0, y: 0, width: 390, height: 300) : CGRect(x: 0, y: 0, width: 390, height: 600)
    }
  }

  struct Scene {
    var view: UICollectionView
    var data: TestDataSource
    var layout: UICollectionViewLayout
  }

  static func scene(_ subject: Subject, _ direction: Direction, flips: Bool = true) throws -> Scene {
    let layout = subject.makeLayout()
    (layout as? ScrollworkLayout<PreparedCenteredLayout>)?.flipsInRightToLeft = flips
    (layout as? ScrollworkLayout<PreparedAlbumPagerLayout>)?.flipsInRightToLeft = flips
    let view = UICollectionView(frame: subject.frame, collectionViewLayout: layout)
    switch direction {
    case .leftToRight: break
    case .rightToLeftTraits:
      view.setStandInTraitCollection(UITraitCollection(displayScale: 3, layoutDirection: .rightToLeft))
    case .rightToLeftForced: view.semanticContentAttribute = .forceRightToLeft
    }
    let data = TestDataSource(counts: [subject.count])
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    return Scene(view: view, data: data, layout: layout)
  }

  /// Each visible cell's centre on screen (x from the screen's left edge).
  static func screenCentres(_ view: UICollectionView) -> [IndexPath: CGPoint] {
    let origin =
      view.standInMirrorsLayout
      ? view.contentSize.width - view.contentOffset.x - view.bounds.width : view.contentOffset.x
    var result: [IndexPath: CGPoint] = [:]
    for cell in view.visibleCells {
      guard let path = view.indexPath(for: cell) else { continue }
      result[path] = CGPoint(x: cell.center.x - origin, y: cell.center.y - view.contentOffset.y)
    }
    return result
  }

  /// The visible cells are the host's at the view's bounds (a fresh host
  /// with the same counts), each mirrored about the content width when
  /// the view mirrors, its transform too.
  static func expectShowsTheHost(_ scene: Scene, mirrored: Bool, _ note: String) throws {
    let view = scene.view
    #expect(view.standInMirrorsLayout == mirrored, "\(note): mirrors")
    var host = try #require(scene.layout as? any ScrollworkHosting).anyHost
    try host.prepare(bounds: Rect(view.bounds), counts: scene.data.sections.map(\.count))
    let expected = host.elements(in: Rect(view.bounds)).filter { $0.id.kind == .cell }
    #expect(
      Set(view.indexPathsForVisibleItems) == Set(expected.map { IndexPath(item: $0.id.item, section: 0) }),
      "\(note): the visible cells")
    let width = Double(view.contentSize.width)
    #expect(isClose(width, host.contentSize.width), "\(note): content width")
    for a in expected {
      guard let cell = view.cellForItem(at: IndexPath(item: a.id.item, section: 0)) else { continue }
      let x = mirrored ? width - a.center.x : a.center.x
      let t = a.transform
      let b = mirrored ? -t.b : t.b
      let c = mirrored ? -t.c : t.c
      let tx = mirrored ? -t.tx : t.tx
      #expect(
        isClose(Double(cell.center.x), x) && isClose(Double(cell.center.y), a.center.y)
          && isClose(Double(cell.bounds.width), a.size.width),
        "\(note): cell \(a.id.item) at \(cell.center), host \(a.center) (content width \(width))")
      let shown = cell.transform
      #expect(
        isClose(Double(shown.a), t.a) && isClose(Double(shown.b), b) && isClose(Double(shown.c), c)
          && isClose(Double(shown.d), t.d) && isClose(Double(shown.tx), tx) && isClose(Double(shown.ty), t.ty),
        "\(note): cell \(a.id.item)'s transform \(shown), host \(t)")
    }
  }

  /// Right to left, the first item is on screen at the leading (right)
  /// side, the items after it to its left, and the screen is the mirror
  /// of left to right's: every visible cell's centre at `width − x`.
  @Test(arguments: Subject.allCases, [Direction.rightToLeftTraits, .rightToLeftForced])
  func theFirstItemShowsAtTheRightAndTheScreenIsMirrored(_ subject: Subject, _ direction: Direction) throws {
    let rtl = try Self.scene(subject, direction)
    let ltr = try Self.scene(subject, .leftToRight)
    try Self.expectShowsTheHost(rtl, mirrored: true, "\(subject) \(direction) first layout")
    try Self.expectShowsTheHost(ltr, mirrored: false, "\(subject) left to right")
    #expect(rtl.view.contentOffset == ltr.view.contentOffset)
    let screen = Self.screenCentres(rtl.view)
    let reference = Self.screenCentres(ltr.view)
    let first = try #require(screen[IndexPath(item: 0, section: 0)], "the first item is on screen")
    #expect(
      screen.values.allSatisfy { $0.x <= first.x }, "\(subject): an item shows right of the first: \(screen)")
    if let second = screen[IndexPath(item: 1, section: 0)] {
      #expect(second.x < first.x, "the second item is left of the first")
    }
    #expect(subject == .albumPager || screen.count > 1, "the carousel shows more than one item (the test needs it)")
    #expect(Set(screen.keys) == Set(reference.keys))
    for (path, point) in reference {
      let mirrored = try #require(screen[path])
      #expect(abs(mirrored.x - (390 - point.x)) < 1e-9 && abs(mirrored.y - point.y) < 1e-9, "\(subject) \(path)")
    }
  }

  /// The stand-in's drag driver moves a mirrored view the mirrored way:
  /// the same drag gives both directions the same (layout) offset, and
  /// every cell moves on screen by the opposite amount; after the release
  /// both rest at the same offset, still mirrored.
  @Test(arguments: Subject.allCases)
  func draggingMovesTheCellsTheMirroredWay(_ subject: Subject) throws {
    let rtl = try Self.scene(subject, .rightToLeftTraits)
    let ltr = try Self.scene(subject, .leftToRight)
    let startRTL = Self.screenCentres(rtl.view)
    let startLTR = Self.screenCentres(ltr.view)
    try catchingUIKitExceptions {
      for scene in [rtl, ltr] { scene.view.standInDrag(by: CGPoint(x: -120, y: 0), steps: 6) }
    }
    #expect(rtl.view.contentOffset.x == 120 && ltr.view.contentOffset.x == 120)
    try Self.expectShowsTheHost(rtl, mirrored: true, "\(subject) dragged")
    let movedRTL = Self.screenCentres(rtl.view)
    let movedLTR = Self.screenCentres(ltr.view)
    #expect(Set(movedRTL.keys) == Set(movedLTR.keys))
    for (path, point) in movedLTR {
      let mirrored = try #require(movedRTL[path])
      #expect(abs(mirrored.x - (390 - point.x)) < 1e-9, "\(subject) \(path) after the drag")
    }
    // A cell on screen throughout: left to right it went left, mirrored right.
    let kept = Set(startLTR.keys).intersection(movedLTR.keys).intersection(startRTL.keys)
    #expect(!kept.isEmpty)
    for path in kept {
      let ltrMove = movedLTR[path]!.x - startLTR[path]!.x
      let rtlMove = movedRTL[path]!.x - startRTL[path]!.x
      #expect(ltrMove < 0 && rtlMove > 0 && abs(ltrMove + rtlMove) < 1e-9, "\(subject) \(path): \(ltrMove), \(rtlMove)")
    }
    var rests: [CGPoint] = []
    try catchingUIKitExceptions {
      for scene in [rtl, ltr] {
        rests.append(scene.view.standInRelease(velocity: CGPoint(x: 500, y: 0), frames: 10))
      }
    }
    #expect(rests[0] == rests[1] && rtl.view.contentOffset == rests[0])
    #expect(subject == .carousel || rtl.view.contentOffset.x.truncatingRemainder(dividingBy: 390) == 0)
    try Self.expectShowsTheHost(rtl, mirrored: true, "\(subject) at rest")
  }

  /// `flipsInRightToLeft = false`: a right-to-left view shows the layout
  /// as it is, the same screen as left to right.
  @Test(arguments: Subject.allCases)
  func notFlippingTurnsTheMirrorOff(_ subject: Subject) throws {
    let rtl = try Self.scene(subject, .rightToLeftTraits, flips: false)
    let ltr = try Self.scene(subject, .leftToRight)
    #expect(rtl.layout.flipsHorizontallyInOppositeLayoutDirection == false)
    try Self.expectShowsTheHost(rtl, mirrored: false, "\(subject) not flipping")
    try catchingUIKitExceptions {
      for scene in [rtl, ltr] { scene.view.standInDrag(by: CGPoint(x: -75, y: 0), steps: 3) }
    }
    try Self.expectShowsTheHost(rtl, mirrored: false, "\(subject) not flipping, dragged")
    let screen = Self.screenCentres(rtl.view)
    let reference = Self.screenCentres(ltr.view)
    #expect(Set(screen.keys) == Set(reference.keys))
    for (path, point) in reference {
      #expect(screen[path].map { abs($0.x - point.x) < 1e-9 } == true, "\(subject) \(path)")
    }
  }

  /// The album in a right-to-left language: after a pager flick comes to
  /// rest, the current photo fills the pager and its thumbnail, unfolded,
  /// is in the middle of the (mirrored) strip's screen.
  @Test func theAlbumLinkRightToLeft() throws {
    let scene = try AlbumLinkTests.scene(rightToLeft: true)
    #expect(scene.pager.standInMirrorsLayout && scene.strip.standInMirrorsLayout)
    try catchingUIKitExceptions {
      scene.pager.standInDrag(by: CGPoint(x: -250, y: 0), steps: 10)
      scene.pager.standInRelease(velocity: CGPoint(x: 600, y: 0), frames: 12)
      AlbumLinkTests.settle()
    }
    let page = AlbumLinkTests.nearestPage(scene.pager)
    #expect(page >= 1 && scene.pager.contentOffset.x == CGFloat(page) * 390)
    let photo = try #require(Self.screenCentres(scene.pager)[IndexPath(item: page, section: 0)])
    #expect(abs(photo.x - 195) < 1e-9, "the current photo is centred on the pager's screen")
    let thumbnail = try #require(Self.screenCentres(scene.strip)[IndexPath(item: page, section: 0)])
    #expect(abs(thumbnail.x - 195) < 0.01, "the current thumbnail is in the middle of the strip's screen")
    let next = Self.screenCentres(scene.strip)[IndexPath(item: page + 1, section: 0)]
    #expect(next.map { $0.x < thumbnail.x } ?? true, "the next thumbnail is to the left")
    #expect(scene.link.album.stripState.unfolded.filter { $0.amount > 0 }.map(\.index) == [page])
  }
}
