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
    // Plain main-actor values (`@exclusivity(unchecked)`: not checked for
    // exclusive access at run time; a context is made and read every frame).
    /// Set when the collection view reloads its data.
    @exclusivity(unchecked) public internal(set) var invalidateEverything = false
    /// Set when the counts of sections or items may have changed (a reload
    /// or a batch update): the layout should read them again.
    @exclusivity(unchecked) public internal(set) var invalidateDataSourceCounts = false

    /// The items invalidated, in the order given.
    @exclusivity(unchecked) public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// The supplementary views invalidated, by kind.
    public var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? { Self.byKind(supplementary) }
    /// The decoration views invalidated, by kind.
    public var invalidatedDecorationIndexPaths: [String: [IndexPath]]? { Self.byKind(decoration) }
    /// The supplementary and decoration views invalidated, as lists by
    /// kind in the order the kinds came (a layout adds one kind or two per
    /// frame: no dictionary is made until one is asked for).
    @exclusivity(unchecked) private var supplementary: KindLists?
    @exclusivity(unchecked) private var decoration: KindLists?

    /// Added to the collection view's content offset when the context is
    /// applied (default zero).
    @exclusivity(unchecked) open var contentOffsetAdjustment: CGPoint = .zero
    /// Added to the content size when the context is applied (default zero).
    @exclusivity(unchecked) open var contentSizeAdjustment: CGSize = .zero

    /// An empty context (`required`, so `invalidationContextClass` can name
    /// any subclass).
    public required override init() { super.init() }

    /// Adds `indexPaths` to the invalidated items.
    open func invalidateItems(at indexPaths: [IndexPath]) {
      // The first list is kept as given (no copy into a new array).
      if invalidatedItemIndexPaths == nil {
        invalidatedItemIndexPaths = indexPaths
      } else {
        invalidatedItemIndexPaths?.append(contentsOf: indexPaths)
      }
    }

    /// Adds supplementary views of `elementKind` at `indexPaths`.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
      Self.add(indexPaths, ofKind: elementKind, to: &supplementary)
    }

    /// Adds decoration views of `elementKind` at `indexPaths`.
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
      Self.add(indexPaths, ofKind: elementKind, to: &decoration)
    }

    /// Adds `indexPaths` under `kind` (a kind's first list kept as given).
    private nonisolated static func add(_ indexPaths: [IndexPath], ofKind kind: String, to all: inout KindLists?) {
      if all == nil {
        all = KindLists(first: (kind, indexPaths))
      } else {
        all!.add(indexPaths, ofKind: kind)
      }
    }

    /// The lists as a dictionary by kind; `nil` when none was added.
    private nonisolated static func byKind(_ lists: KindLists?) -> [String: [IndexPath]]? {
      guard let lists else { return nil }
      var result: [String: [IndexPath]] = [:]
      for (kind, paths) in lists.all { result[kind, default: []] += paths }
      return result
    }

    /// Index-path lists by kind, in the order the kinds came: the first two
    /// kinds kept inline (a layout adds one kind or two per frame, and a
    /// context is made every frame: no array of lists is allocated for
    /// them), any further ones in an array.
    struct KindLists {
      var first: (kind: String, paths: [IndexPath])
      var second: (kind: String, paths: [IndexPath])?
      var rest: [(kind: String, paths: [IndexPath])] = []

      init(first: (kind: String, paths: [IndexPath])) { self.first = first }

      /// Adds `indexPaths` to `kind`'s list, or as a new kind's list.
      mutating func add(_ indexPaths: [IndexPath], ofKind kind: String) {
        if first.kind == kind {
          first.paths.append(contentsOf: indexPaths)
        } else if second == nil {
          second = (kind, indexPaths)
        } else if second!.kind == kind {
          second!.paths.append(contentsOf: indexPaths)
        } else if let i = rest.firstIndex(where: { $0.kind == kind }) {
          rest[i].paths.append(contentsOf: indexPaths)
        } else {
          rest.append((kind, indexPaths))
        }
      }

      /// Every list, in the order the kinds came.
      var all: [(kind: String, paths: [IndexPath])] { [first] + (second.map { [$0] } ?? []) + rest }
    }
  }
#endif
