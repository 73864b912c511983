#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost

/// UIKit's invalidation context carrying the host's own description of
/// what changed (`InvalidationContext`), so `invalidateLayout(with:)`
/// hands it back to the host unchanged.
@MainActor
open class ScrollworkInvalidationContext: UICollectionViewLayoutInvalidationContext {
  // `model` is set once, by the layout, and read once: not checked for
  // exclusive access at run time (`@exclusivity(unchecked)`).
  /// What the host said changed; `nil` for a context UIKit made itself
  /// (a data reload), which invalidates as its flags say.
  @exclusivity(unchecked) public internal(set) var model: InvalidationContext?

  /// Copies `model` into UIKit's fields: the cells, supplementary and
  /// decoration views to refresh (each kind's run at once: the model's
  /// elements are sorted by identity, so a kind's elements are adjacent)
  /// and the offset and size adjustments.
  func take(_ model: InvalidationContext) {
    self.model = model
    let elements = model.elements
    var start = 0
    while start < elements.count {
      let kind = elements[start].kind
      var end = start + 1
      while end < elements.count && elements[end].kind == kind { end += 1 }
      var paths: [IndexPath] = []
      paths.reserveCapacity(end - start)
      for i in start..<end { paths.append(elements[i].indexPath) }
      switch kind.category {
      case .cell: invalidateItems(at: paths)
      case .supplementary: invalidateSupplementaryElements(ofKind: kind.uikitName, at: paths)
      case .decoration: invalidateDecorationElements(ofKind: kind.uikitName, at: paths)
      }
      start = end
    }
    contentOffsetAdjustment = CGPoint(model.contentOffsetAdjustment)
    contentSizeAdjustment = CGSize(model.contentSizeAdjustment)
  }
}
