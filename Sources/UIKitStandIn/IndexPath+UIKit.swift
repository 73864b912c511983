#if !canImport(UIKit)
  import Foundation

  #if !canImport(AppKit)
    // UIKit's (and AppKit's) collection-view additions to `IndexPath`,
    // which swift-corelibs-foundation does not have: a two-element path of
    // section and item (or row).
    extension IndexPath {
      /// The index path [section, item].
      public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

      /// The index path [section, row] (UIKit's table-view name).
      public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

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
