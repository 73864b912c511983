#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost

extension ScrollworkLayout where Prepared == PreparedWaterfallLayout {
  /// The next layout of a column change (2 ↔ 3 ↔ 4 columns, by pinch or on
  /// rotation): the same items in `columns` columns with every size this
  /// layout has learnt from self-sizing cells
  /// (`LayoutHost.changingColumns(to:)`). As the photo grid's pinch does,
  /// hand it to `startInteractiveTransition(to:)`, return a
  /// `ScrollworkTransitionLayout` from the delegate's
  /// `collectionView(_:transitionLayoutForOldLayout:newLayout:)` with its
  /// `anchor` at the pinch's location (the item under the fingers stays
  /// under them), drive `transitionProgress` from the pinch's scale (back
  /// and forth), then finish or cancel.
  ///
  /// - Complexity: O(1); the new layout's first prepare is O(n·c).
  public func changingColumns(to columns: Int) -> ScrollworkLayout<PreparedWaterfallLayout> {
    ScrollworkLayout(host: host.changingColumns(to: columns))
  }
}
