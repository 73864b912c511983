#if !canImport(UIKit)
  import Foundation

  extension UICollectionView {
    /// Where an item ends up in the visible area after
    /// `scrollToItem(at:at:animated:)` (UIKit's
    /// `UICollectionView.ScrollPosition`): one vertical and one horizontal
    /// option at most; an axis without one keeps its offset.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let top = ScrollPosition(rawValue: 1 << 0)
      public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
      public static let bottom = ScrollPosition(rawValue: 1 << 2)
      public static let left = ScrollPosition(rawValue: 1 << 3)
      public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
      public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The offset that puts the item at `indexPath` at `scrollPosition` in
    /// the visible area (the bounds less the adjusted content inset),
    /// clamped to the content; `nil` when the layout has no attributes for
    /// it. The layout is asked `layoutAttributesForItem(at:)` (logged).
    public func standInOffset(toShowItemAt indexPath: IndexPath, at scrollPosition: ScrollPosition) -> CGPoint? {
      layoutIfNeeded()
      guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return nil }
      let insets = adjustedContentInset
      let visibleWidth = bounds.width - insets.left - insets.right
      let visibleHeight = bounds.height - insets.top - insets.bottom
      var offset = contentOffset
      if scrollPosition.contains(.top) {
        offset.y = frame.minY - insets.top
      } else if scrollPosition.contains(.centeredVertically) {
        offset.y = frame.midY - visibleHeight / 2 - insets.top
      } else if scrollPosition.contains(.bottom) {
        offset.y = frame.maxY - visibleHeight - insets.top
      }
      if scrollPosition.contains(.left) {
        offset.x = frame.minX - insets.left
      } else if scrollPosition.contains(.centeredHorizontally) {
        offset.x = frame.midX - visibleWidth / 2 - insets.left
      } else if scrollPosition.contains(.right) {
        offset.x = frame.maxX - visibleWidth - insets.left
      }
      return standInClamped(offset)
    }

    /// Scrolls so the item is at `scrollPosition`, clamped to the content
    /// and its adjusted insets (UIKit does not scroll past the content
    /// here). An animated scroll ends at once and tells the delegate
    /// `scrollViewDidEndScrollingAnimation`. Whether UIKit also asks the
    /// layout's `targetContentOffset(forProposedContentOffset:)` here is
    /// undocumented; the stand-in does not.
    func standIn_scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
      guard let offset = standInOffset(toShowItemAt: indexPath, at: scrollPosition) else { return }
      setContentOffset(offset, animated: animated)
    }

    // MARK: Selection

    /// The selected items, in the order they were selected; `nil` when none.
    var standIn_indexPathsForSelectedItems: [IndexPath]? {
      selectedIndexPaths.isEmpty ? nil : selectedIndexPaths
    }

    /// Selects an item (the delegate is not told, as in UIKit) and scrolls
    /// to it when `scrollPosition` is not empty.
    func standIn_selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
      guard allowsSelection, let indexPath else { return }
      if !allowsMultipleSelection {
        for p in selectedIndexPaths where p != indexPath { cellForItem(at: p)?.isSelected = false }
        selectedIndexPaths.removeAll { $0 != indexPath }
      }
      if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
      cellForItem(at: indexPath)?.isSelected = true
      if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item (the delegate is not told).
    func standIn_deselectItem(at indexPath: IndexPath, animated: Bool) {
      selectedIndexPaths.removeAll { $0 == indexPath }
      cellForItem(at: indexPath)?.isSelected = false
    }

    /// A test's tap on the item at `indexPath`, as UIKit handles it: with
    /// selection allowed, the delegate's `shouldSelectItemAt`; if true, the
    /// item is selected (others deselected, with `didDeselectItemAt`, when
    /// only one may be), then `didSelectItemAt`. Returns whether it was
    /// selected.
    @discardableResult
    public func standInTapItem(at indexPath: IndexPath) -> Bool {
      guard allowsSelection else { return false }
      if allowsMultipleSelection, selectedIndexPaths.contains(indexPath) {
        guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return false }
        deselectItem(at: indexPath, animated: true)
        collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
        return false
      }
      guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return false }
      let others = allowsMultipleSelection ? [] : selectedIndexPaths.filter { $0 != indexPath }
      for p in others {
        deselectItem(at: p, animated: true)
        collectionDelegate?.collectionView(self, didDeselectItemAt: p)
      }
      selectItem(at: indexPath, animated: true, scrollPosition: [])
      collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
      return true
    }
  }
#endif
