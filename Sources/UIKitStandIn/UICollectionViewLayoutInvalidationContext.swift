#if !canImport(UIKit)
  import Foundation

  /// What parts of a layout need updating (UIKit's
  /// `UICollectionViewLayoutInvalidationContext`).
  ///
  /// `invalidateEverything` and `invalidateDataSourceCounts` are read-only
  /// (UIKit sets them: `UICollectionViewLayout.h` says the first is set for
  /// `reloadData`, the second for `reloadData` and when items are inserted
  /// or deleted). The offset and size adjustments are applied by the
  /// collection view when it receives the context.
  @MainActor
  open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// Set when the collection view reloads its data.
    public internal(set) var invalidateEverything = false
    /// Set when the counts of sections or items may have changed (a reload
    /// or a batch update): the layout should read them again.
    public internal(set) var invalidateDataSourceCounts = false

    /// The items invalidated, in the order given.
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// The supplementary views invalidated, by kind.
    public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    /// The decoration views invalidated, by kind.
    public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?

    /// Added to the collection view's content offset when the context is
    /// applied (default zero).
    open var contentOffsetAdjustment: CGPoint = .zero
    /// Added to the content size when the context is applied (default zero).
    open var contentSizeAdjustment: CGSize = .zero

    /// An empty context (`required`, so `invalidationContextClass` can name
    /// any subclass).
    public required override init() { super.init() }

    /// Adds `indexPaths` to the invalidated items.
    open func invalidateItems(at indexPaths: [IndexPath]) {
      invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    /// Adds supplementary views of `elementKind` at `indexPaths`.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
      var all = invalidatedSupplementaryIndexPaths ?? [:]
      all[elementKind, default: []] += indexPaths
      invalidatedSupplementaryIndexPaths = all
    }

    /// Adds decoration views of `elementKind` at `indexPaths`.
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
      var all = invalidatedDecorationIndexPaths ?? [:]
      all[elementKind, default: []] += indexPaths
      invalidatedDecorationIndexPaths = all
    }
  }
#endif
