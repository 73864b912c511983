#if !canImport(UIKit)
  import Foundation

  #if !canImport(AppKit)
    /// A two-index path, copied by `IndexPath(item:section:)`.
    private let standInTwoIndexPath = IndexPath(indexes: [0, 0])

    // UIKit's (and AppKit's) collection-view additions to `IndexPath`,
    // which swift-corelibs-foundation does not have: a two-element path of
    // section and item (or row).
    extension IndexPath {
      /// The index path [section, item]. Written into a copy of a
      /// two-index path: `init(indexes:)` takes an array (an allocation for
      /// every path made), while a two-index path keeps its indexes inline
      /// and setting them allocates nothing.
      public init(item: Int, section: Int) {
        self = standInTwoIndexPath
        self[0] = section
        self[1] = item
      }

      /// The index path [section, row] (UIKit's table-view name).
      public init(row: Int, section: Int) { self.init(item: row, section: section) }

      /// The first index.
      public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
      }

      /// The second index.
      public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
      }

      /// The second index (UIKit's table-view name).
      public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
      }
    }
  #endif
#endif
