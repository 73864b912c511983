#if !canImport(UIKit)
  import Foundation

  /// Where a collection view gets its counts and views (UIKit's
  /// `UICollectionViewDataSource`). The optional methods have UIKit's
  /// defaults in an extension: one section, and no supplementary views
  /// (asking for one raises, as UIKit does when the data source does not
  /// implement the method).
  @MainActor
  public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
  }

  extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    public func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      // UIKit asserts when the layout asks for a supplementary view and the
      // data source does not implement this method (message not verified).
      UIKitException.raise(
        "the collection view's data source did not return a valid view for supplementary element of kind \(kind) at index path \(indexPath.standInDescription); the data source does not implement collectionView:viewForSupplementaryElementOfKind:atIndexPath:"
      )
      return UICollectionReusableView(frame: .zero)
    }
  }

  /// What a collection view tells its delegate besides scrolling (UIKit's
  /// `UICollectionViewDelegate`), with UIKit's defaults in an extension:
  /// items may be selected, the transition layout is a plain
  /// `UICollectionViewTransitionLayout`, the proposed offset is kept.
  @MainActor
  public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
      _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
      forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
      _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
      forElementOfKind elementKind: String, at indexPath: IndexPath)
    func collectionView(
      _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
      newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout
    func collectionView(
      _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint
  }

  extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
      true
    }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
      true
    }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
      true
    }
    public func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
      _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
      forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
      forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
      _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
      newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout {
      UICollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    }
    public func collectionView(
      _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint { proposedContentOffset }
  }

  extension IndexPath {
    /// UIKit's way of printing an index path in its messages: {length = 2, path = 0 - 3}.
    var standInDescription: String {
      "<NSIndexPath> {length = \(count), path = \(map(String.init).joined(separator: " - "))}"
    }
  }
#endif
