#if canImport(UIKit)
  import LayoutCore
  import LayoutHost
  import UIKit

  /// UIKit's invalidation context carrying the host's own description of
  /// what changed (`InvalidationContext`), so `invalidateLayout(with:)`
  /// hands it back to the host unchanged.
  @MainActor
  open class ScrollworkInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// What the host said changed; `nil` for a context UIKit made itself
    /// (a data reload), which invalidates as its flags say.
    public internal(set) var model: InvalidationContext?

    /// Copies `model` into UIKit's fields: the items and supplementary
    /// views to refresh and the offset and size adjustments.
    func take(_ model: InvalidationContext) {
      self.model = model
      let items = model.items.map(\.indexPath)
      if !items.isEmpty { invalidateItems(at: items) }
      for (kind, ids) in model.supplementaries {
        invalidateSupplementaryElements(ofKind: kind, at: ids.map(\.indexPath))
      }
      contentOffsetAdjustment = CGPoint(model.contentOffsetAdjustment)
      contentSizeAdjustment = CGSize(model.contentSizeAdjustment)
    }
  }
#endif
