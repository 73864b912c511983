#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost
import ScrollworkUIKit
import Testing

/// The waterfall's settle through the UIKit shell on the stand-in: a
/// collection view scrolled up to the top of an estimated feed, its cells
/// self-sizing as UIKit asks them, frame by frame on the stand-in's
/// display. The shell finds the slack about to show, and at the next frame
/// runs `performBatchUpdates(nil)` inside `UIView.animate`: every view is
/// animated by identity (the stand-in records from, to and duration), the
/// first item on screen keeps its place, and the columns end flush.
@MainActor
@Suite struct WaterfallSettleShellTests {
  static let sizes = [
    CGSize(width: 3, height: 4), CGSize(width: 4, height: 3), CGSize(width: 1, height: 2), CGSize(width: 16, height: 9),
    CGSize(width: 2, height: 3),
  ]

  /// Sends the preferred size of every cell on screen, as UIKit's
  /// self-sizing pass does, through the layout's overrides.
  static func selfSize(_ view: UICollectionView, _ layout: ScrollworkLayout<PreparedWaterfallLayout>) {
    for _ in 0..<20 {
      var changed = false
      for a in layout.layoutAttributesForElements(in: view.bounds) ?? [] where a.representedElementCategory == .cell {
        let real = sizes[a.indexPath.item % sizes.count]
        let preferred = a.copy() as! UICollectionViewLayoutAttributes
        preferred.size = CGSize(width: a.size.width, height: a.size.width * real.height / real.width)
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a) else {
          continue
        }
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: a)
        layout.invalidateLayout(with: context)
        view.layoutIfNeeded()
        changed = true
        break
      }
      if !changed { return }
    }
  }

  /// What one settle did: the offsets around it and its view animations.
  struct Settle {
    var offsetBefore: CGPoint
    var offsetAfter: CGPoint
    var animations: [StandInViewAnimation]
  }

  /// Scrolls `view` up from `start` to the top, 45 pt a frame, then lets
  /// it rest for half a second, ticking the stand-in's display every
  /// frame; returns the settles, told apart by the frame they ran in.
  static func scrollUp(
    _ view: UICollectionView, _ layout: ScrollworkLayout<PreparedWaterfallLayout>, from start: CGFloat
  ) throws -> [Settle] {
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      view.contentOffset = CGPoint(x: 0, y: start)
      view.layoutIfNeeded()
    }
    selfSize(view, layout)
    view.resetViewAnimations()
    var settles: [Settle] = []
    var frames = 0
    var resting = 0
    while resting < 30 && frames < 400 {
      frames += 1
      if view.contentOffset.y > 0 {
        try catchingUIKitExceptions {
          view.contentOffset = CGPoint(x: 0, y: max(0, view.contentOffset.y - 45))
          view.layoutIfNeeded()
        }
        selfSize(view, layout)
      } else {
        resting += 1
      }
      let before = view.contentOffset
      let seen = view.viewAnimations.count
      try catchingUIKitExceptions { StandInDisplay.tick(to: StandInDisplay.now + StandInDisplay.frameDuration) }
      if view.viewAnimations.count > seen {
        settles.append(
          Settle(offsetBefore: before, offsetAfter: view.contentOffset, animations: Array(view.viewAnimations[seen...]))
        )
      }
    }
    return settles
  }

  static func makeView(count: Int) -> (UICollectionView, ScrollworkLayout<PreparedWaterfallLayout>, TestDataSource) {
    let host = LayoutHost(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8),
      itemSizes: .uniform(Size(width: 3, height: 4)), estimated: true)
    let layout = ScrollworkLayout(host: host)
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: [count])
    data.register(in: view)
    view.dataSource = data
    return (view, layout, data)
  }

  @Test func scrollingUpToTheTopSettlesOnceAnimatedByIdentity() throws {
    let (view, layout, data) = Self.makeView(count: 600)
    defer { withExtendedLifetime(data) {} }
    let settles = try Self.scrollUp(view, layout, from: 4000)
    #expect(settles.count == 1, "one settle on the way up (\(settles.count))")
    let settle = try #require(settles.first)
    // Animated, for the shell's duration.
    #expect(settle.animations.allSatisfy { $0.duration == ScrollworkLayout<PreparedWaterfallLayout>.settleDuration })
    // Items moved, each once; none jumped before its animation: a view on
    // screen before starts from the frame it showed.
    let moved = settle.animations.filter { $0.isAppearing && $0.moves }
    #expect(!moved.isEmpty, "the settle moved items")
    var movedCount: [IndexPath: Int] = [:]
    for a in view.viewAnimations where a.isAppearing && a.moves { movedCount[a.element.indexPath, default: 0] += 1 }
    #expect(movedCount.values.allSatisfy { $0 == 1 }, "an item moved more than once: \(movedCount)")
    for a in settle.animations where a.isAppearing {
      if let shown = a.shownBefore { #expect(shown == a.from, "\(a.element) jumped before its animation") }
    }
    // The anchor: the first item on screen before keeps its place on
    // screen (unless the offset was clamped at the content's top).
    let kept = settle.animations.filter { $0.isAppearing && $0.shownBefore != nil }
    let anchor = try #require(kept.min { $0.element.indexPath < $1.element.indexPath })
    let screenBefore = anchor.from.minY - settle.offsetBefore.y
    let screenAfter = anchor.to.minY - settle.offsetAfter.y
    #expect(abs(screenBefore - screenAfter) <= 0.5 || settle.offsetAfter.y == 0, "\(screenBefore) → \(screenAfter)")
    // The figures, for Guides/Waterfall.md (`--attachments-path DIR`).
    let columns = Set(settle.animations.filter(\.isAppearing).map { $0.to.minX.rounded() }).count
    Attachment.record(
      "settles \(settles.count); at offset \(settle.offsetBefore.y) -> \(settle.offsetAfter.y); "
        + "anchor \(anchor.element.indexPath) on screen \(screenBefore) -> \(screenAfter); "
        + "\(settle.animations.count) view animations, \(moved.count) moved, \(columns) columns; "
        + "duration \(settle.animations.first?.duration ?? 0) s\n",
      named: "settle.txt")
    // Flush columns at the top.
    #expect(view.contentOffset.y <= 0.5)
    let top = try #require(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 300)))
    var starts: [CGFloat: CGFloat] = [:]
    for a in top where a.representedElementCategory == .cell {
      starts[a.frame.minX.rounded()] = min(starts[a.frame.minX.rounded()] ?? .infinity, a.frame.minY)
    }
    #expect(starts.count == 2)
    for (_, y) in starts { #expect(abs(y) <= 1, "a column starts at \(y)") }
    #expect((layout.host.prepared?.topSlack(inSection: 0) ?? .infinity) <= 1)
    // The displayed views are where the layout puts them.
    for cell in view.visibleCells {
      guard let p = view.indexPath(for: cell), let a = layout.layoutAttributesForItem(at: p) else { continue }
      #expect(cell.frame == a.frame, "\(p)")
    }
  }

  /// Far from the top, the slack stays above the screen: no settle, no
  /// animation.
  @Test func scrollingFarFromTheTopDoesNotSettle() throws {
    let (view, layout, data) = Self.makeView(count: 2000)
    defer { withExtendedLifetime(data) {} }
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      view.contentOffset = CGPoint(x: 0, y: 40000)
      view.layoutIfNeeded()
    }
    Self.selfSize(view, layout)
    view.resetViewAnimations()
    for _ in 0..<40 {
      try catchingUIKitExceptions {
        view.contentOffset = CGPoint(x: 0, y: view.contentOffset.y - 45)
        view.layoutIfNeeded()
      }
      Self.selfSize(view, layout)
      try catchingUIKitExceptions { StandInDisplay.tick(to: StandInDisplay.now + StandInDisplay.frameDuration) }
    }
    #expect(view.viewAnimations.isEmpty)
    #expect((layout.host.prepared?.topSlack(inSection: 0) ?? 0) > 1, "the slack is there, above the screen")
  }
}
