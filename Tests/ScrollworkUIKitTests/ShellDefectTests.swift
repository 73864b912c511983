#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import HostRecording
import LayoutCore
import LayoutHost
import ScrollworkTestSupport
import ScrollworkUIKit
import Testing

/// A test's handle on any `ScrollworkLayout`'s recorder.
@MainActor
protocol RecorderTaking: AnyObject {
  func takeRecorder(_ recorder: LayoutCallRecorder)
}

extension ScrollworkLayout: RecorderTaking {
  func takeRecorder(_ recorder: LayoutCallRecorder) { self.recorder = recorder }
}

/// A delegate that hands UIKit a Scrollwork transition layout.
@MainActor
final class TransitionDelegate: NSObject, UICollectionViewDelegate {
  var made: ScrollworkTransitionLayout?
  func collectionView(
    _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
    newLayout toLayout: UICollectionViewLayout
  ) -> UICollectionViewTransitionLayout {
    let layout = ScrollworkTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    made = layout
    return layout
  }
}

/// The defects a line-by-line reading against UIKit found, each driven
/// through the stand-in as an app would meet it.
@MainActor
@Suite struct ShellDefectTests {
  static func flowView(
    itemSize: Double = 100, counts: [Int] = [200], bounds: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844)
  ) -> (UICollectionView, TestDataSource, UICollectionViewLayout) {
    let layout = ScrollworkLayout.flow(itemSize: CGSize(width: itemSize, height: itemSize))
    let view = UICollectionView(frame: bounds, collectionViewLayout: layout)
    let data = TestDataSource(counts: counts)
    data.register(in: view)
    view.dataSource = data
    return (view, data, layout)
  }

  /// Calls recorded on the stand-in replay through `HostReplay` without an
  /// error (UIKit's batch-update order included) and end on what the view
  /// shows.
  @Test(arguments: shellCases) func recordedCallsReplayToWhatTheViewShows(_ name: String, _ seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let drawn = try #require(RandomLayouts.layout(named: name)).random(&random)
    let layout = shell(for: drawn.host)
    var lines: [String] = []
    (layout as? RecorderTaking)?.takeRecorder(LayoutCallRecorder { lines.append($0) })
    let view = UICollectionView(frame: CGRect(drawn.bounds), collectionViewLayout: layout)
    let data = TestDataSource(counts: drawn.counts)
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      let size = layout.collectionViewContentSize
      view.contentOffset = CGPoint(x: 0, y: Swift.max(0, (size.height - view.bounds.height) / 2))
      view.layoutIfNeeded()
      if let s = data.sections.firstIndex(where: { $0.count > 2 }) {
        view.performBatchUpdates {
          data.sections[s].removeFirst()
          view.deleteItems(at: [IndexPath(item: 0, section: s)])
        }
        view.layoutIfNeeded()
      }
    }
    var replay = HostReplay(host: drawn.host) { _ in drawn.host }
    var failures: [String] = []
    for line in lines {
      guard case .call(let call) = try HostLine(jsonLine: line) else { continue }
      do throws(HostReplayError) {
        _ = try replay.apply(call)
      } catch {
        failures.append("\(line): \(error)")
      }
    }
    #expect(failures.isEmpty, "\(name)#\(seed): \(failures.prefix(3))")
    let shown = replay.host.elements(in: Rect(view.bounds)).filter { $0.id.kind == .cell }
    #expect(
      Set(shown.map { IndexPath(item: $0.id.item, section: $0.id.section) }) == Set(view.indexPathsForVisibleItems),
      "\(name)#\(seed): the replayed host shows other cells")
  }

  /// The tag table's rows are decoration views: the layout registers a
  /// view for their kind, so UIKit has one to dequeue.
  @Test func theTagTablesRowsHaveARegisteredView() throws {
    let layout = ScrollworkLayout.tagTable(itemSizes: .uniform(Size(width: 70, height: 28)))
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: [12, 30, 7])
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    let rows = view.standInVisibleElements.filter { $0.category == .decorationView }
    #expect(!rows.isEmpty, "the rows are shown")
  }

  /// A preferred size that moves a tag table's row names the row (a
  /// decoration) in the context UIKit gets.
  @Test func aContextNamesTheDecorationsItMoves() throws {
    let host = LayoutHost(
      TagTableLayout(), itemSizes: .uniform(Size(width: 60, height: 28)), estimated: true)
    let layout = ScrollworkLayout(host: host)
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: [20, 20, 20])
    data.register(in: view)
    view.dataSource = data
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    let original = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    let preferred = original.copy() as! UICollectionViewLayoutAttributes
    preferred.size = CGSize(width: 60, height: 90)
    #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    let rows = context.invalidatedDecorationIndexPaths?["row"] ?? []
    #expect(!rows.isEmpty, "the taller row is named")
  }

  /// Tags preferring more width than a line has are clamped, and the
  /// self-sizing passes stop: the host compares the preferred size with
  /// what the layout gives, not with the size the cell asked for.
  @Test func tagsWiderThanTheLineSettle() throws {
    let layout = ScrollworkLayout.tags()
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: [400])
    data.register(in: view)
    view.dataSource = data
    TestCell.preferredSize = { id in CGSize(width: id % 3 == 0 ? 5000 : CGFloat(50 + id % 40), height: 30) }
    defer { TestCell.preferredSize = nil }
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      view.layoutIfNeeded()
    }
    #expect(view.selfSizingPassLimitHits == 0, "the self-sizing passes did not settle")
    for cell in view.visibleCells { #expect(cell.bounds.width <= 390) }
    // Nothing left to measure: another pass asks nothing more of the layout.
    view.layoutCallLog.removeAll()
    view.layoutIfNeeded()
    #expect(!view.layoutCallNames.contains("invalidationContextForPreferredLayoutAttributes"))
  }

  /// Under a navigation bar (a 100-point safe area at the top), an update
  /// at the top of the content rests with the first row below the bar.
  @Test func anUpdateUnderANavigationBarRestsBelowIt() throws {
    let (view, data, _) = Self.flowView()
    view.standInSafeAreaInsets = UIEdgeInsets(top: 100, left: 0, bottom: 34, right: 0)
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      view.contentOffset = CGPoint(x: 0, y: -view.adjustedContentInset.top)
      view.layoutIfNeeded()
      view.performBatchUpdates {
        data.sections[0].insert(9999, at: 5)
        view.insertItems(at: [IndexPath(item: 5, section: 0)])
      }
      view.layoutIfNeeded()
    }
    #expect(view.adjustedContentInset.top == 100)
    #expect(view.contentOffset.y == -100, "the first row went under the bar")
  }

  /// A cancelled interactive transition leaves nothing on the layout it
  /// did not install; a finished one rests where it said.
  @Test(arguments: [false, true]) func interactiveTransitionsRestWhereTheySay(_ finish: Bool) throws {
    let (view, data, _) = Self.flowView(itemSize: 100)
    defer { withExtendedLifetime(data) {} }  // the view holds its data source weakly
    let delegate = TransitionDelegate()
    view.delegate = delegate
    let next = ScrollworkLayout.flow(itemSize: CGSize(width: 60, height: 60))
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      view.contentOffset = CGPoint(x: 0, y: 1500)
      view.layoutIfNeeded()
      view.startInteractiveTransition(to: next) { _, _ in }
      view.layoutIfNeeded()
    }
    let transition = try #require(delegate.made)
    transition.transitionProgress = 0.5
    view.layoutIfNeeded()
    let target = try #require(transition.targetOffset)
    #expect(target.y != 1500, "the anchored target differs from the offset (the test needs it to)")
    if finish {
      view.finishInteractiveTransition()
      view.layoutIfNeeded()
      #expect(view.collectionViewLayout === next)
      #expect(abs(view.contentOffset.y - target.y) < 1e-9, "the finished transition rests at its target")
    } else {
      view.cancelInteractiveTransition()
      view.layoutIfNeeded()
      #expect(abs(view.contentOffset.y - 1500) < 1e-9)
      // Later, a plain switch to the same layout keeps the offset.
      view.setCollectionViewLayout(next, animated: false)
      view.layoutIfNeeded()
      #expect(abs(view.contentOffset.y - 1500) < 1e-9, "a cancelled transition's target was used")
    }
  }

  /// Attributes objects are reused while their values hold: a layout
  /// whose attributes do not follow the offset hands UIKit the same
  /// objects (and the same array) for the same bounds.
  @Test func attributesObjectsAreReusedWhileTheirValuesHold() throws {
    let (view, data, layout) = Self.flowView()
    defer { withExtendedLifetime(data) {} }
    try catchingUIKitExceptions { view.layoutIfNeeded() }
    let first = try #require(layout.layoutAttributesForElements(in: view.bounds))
    let again = try #require(layout.layoutAttributesForElements(in: view.bounds))
    #expect(first.count == again.count && zip(first, again).allSatisfy { $0 === $1 })
    // A carousel's attributes follow the offset: a scroll frame moves them
    // in the objects UIKit has (no allocation), and the views follow (the
    // collection view compares the copies it keeps).
    let carousel = ScrollworkLayout.carousel(.coverFlow, reduceMotion: false)
    let strip = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), collectionViewLayout: carousel)
    let stripData = TestDataSource(counts: [50])
    defer { withExtendedLifetime(stripData) {} }
    stripData.register(in: strip)
    strip.dataSource = stripData
    try catchingUIKitExceptions { strip.layoutIfNeeded() }
    let before = try #require(carousel.layoutAttributesForElements(in: strip.bounds))
    let copies = before.map { $0.copy() as! UICollectionViewLayoutAttributes }
    strip.contentOffset = CGPoint(x: 37, y: 0)
    strip.layoutIfNeeded()
    let after = try #require(carousel.layoutAttributesForElements(in: strip.bounds))
    let moved = zip(before, copies).filter { object, copy in after.contains { $0 === object } && !object.isEqual(copy) }
    #expect(!moved.isEmpty, "no attributes moved in their own objects")
    for a in after {
      let element = StandInElement(category: .cell, kind: nil, indexPath: a.indexPath)
      let shown = strip.standInView(for: element)
      #expect(shown?.center == a.center && shown?.alpha == a.alpha, "the view of \(a.indexPath) did not follow")
    }
  }
}
