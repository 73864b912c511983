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
/// self-sizing as UIKit asks them, ends with every column flush at the
/// top; the settle comes through UIKit's own bounds-change invalidation
/// (with its content offset adjustment) and nothing raises. (The settle is
/// applied at once; the shell does not animate it yet.)
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

  @Test func scrollingUpToTheTopEndsWithFlushColumns() throws {
    let host = LayoutHost(
      WaterfallLayout(columnCount: 2, columnSpacing: 8, itemSpacing: 8),
      itemSizes: .uniform(Size(width: 3, height: 4)), estimated: true)
    let layout = ScrollworkLayout(host: host)
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    let data = TestDataSource(counts: [600])
    data.register(in: view)
    view.dataSource = data
    defer { withExtendedLifetime(data) {} }
    try catchingUIKitExceptions {
      view.layoutIfNeeded()
      view.contentOffset = CGPoint(x: 0, y: 4000)
      view.layoutIfNeeded()
    }
    Self.selfSize(view, layout)
    var settled = false
    var frames = 0
    while view.contentOffset.y > 0 && frames < 400 {
      frames += 1
      try catchingUIKitExceptions {
        view.contentOffset = CGPoint(x: 0, y: max(0, view.contentOffset.y - 45))
        view.layoutIfNeeded()
      }
      Self.selfSize(view, layout)
      if layout.host.pendingSettle != nil { settled = true }
    }
    #expect(settled, "the shell's host settled")
    #expect(view.contentOffset.y <= 0.5)
    let top = try #require(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 300)))
    var starts: [CGFloat: CGFloat] = [:]
    for a in top where a.representedElementCategory == .cell {
      starts[a.frame.minX.rounded()] = min(starts[a.frame.minX.rounded()] ?? .infinity, a.frame.minY)
    }
    #expect(starts.count == 2)
    for (_, y) in starts { #expect(abs(y) <= 1, "a column starts at \(y)") }
    let slack = layout.host.prepared?.topSlack(inSection: 0) ?? .infinity
    #expect(slack <= 1)
  }
}
