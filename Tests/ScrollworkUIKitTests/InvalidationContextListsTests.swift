#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import Testing

/// UIKit's invalidation context keeps the supplementary and decoration
/// index paths given to it by kind, in the order given, however many kinds
/// come and however often a kind comes back (the stand-in keeps the first
/// two kinds' lists inline: a context is made every frame).
@MainActor
@Suite struct InvalidationContextListsTests {
  static func paths(_ items: [Int], section: Int = 0) -> [IndexPath] {
    items.map { IndexPath(item: $0, section: section) }
  }

  @Test func noKindGivenIsNil() {
    let context = UICollectionViewLayoutInvalidationContext()
    context.invalidateItems(at: Self.paths([1]))
    #expect(context.invalidatedSupplementaryIndexPaths == nil)
    #expect(context.invalidatedDecorationIndexPaths == nil)
  }

  @Test func kindsKeepTheirPathsInOrderAcrossRepeats() {
    let context = UICollectionViewLayoutInvalidationContext()
    let kinds = ["header", "footer", "badge", "rule"]
    // Each kind comes twice, interleaved with the others.
    for round in 0..<2 {
      for (k, kind) in kinds.enumerated() {
        context.invalidateSupplementaryElements(ofKind: kind, at: Self.paths([10 * k + round], section: round))
      }
    }
    context.invalidateDecorationElements(ofKind: "row", at: Self.paths([3, 4]))
    context.invalidateDecorationElements(ofKind: "row", at: Self.paths([5]))
    let supplementary = context.invalidatedSupplementaryIndexPaths
    #expect(supplementary?.count == kinds.count)
    for (k, kind) in kinds.enumerated() {
      #expect(supplementary?[kind] == [IndexPath(item: 10 * k, section: 0), IndexPath(item: 10 * k + 1, section: 1)])
    }
    #expect(context.invalidatedDecorationIndexPaths == ["row": Self.paths([3, 4, 5])])
  }

  @Test func aSingleKindIsKeptAsGiven() {
    let context = UICollectionViewLayoutInvalidationContext()
    context.invalidateSupplementaryElements(ofKind: "header", at: Self.paths([7, 2, 9]))
    #expect(context.invalidatedSupplementaryIndexPaths == ["header": Self.paths([7, 2, 9])])
    #expect(context.invalidatedDecorationIndexPaths == nil)
  }
}
