#if !canImport(UIKit)
  import Foundation

  /// One change of a batch update as the layout receives it in
  /// `prepare(forCollectionViewUpdates:)` (UIKit's
  /// `UICollectionViewUpdateItem`).
  ///
  /// As UIKit builds them (and as MagazineLayout reads them): an item's
  /// index paths are [section, item]; a section's are
  /// `IndexPath(item: NSNotFound, section: s)`. Deletes and reloads carry
  /// the index path before the update, inserts the one after, moves both
  /// (a reload carries both, the same item before and after).
  @MainActor
  open class UICollectionViewUpdateItem: NSObject {
    /// What changed (UIKit's `UICollectionViewUpdateItem.Action`).
    public enum Action: Int, Sendable {
      case insert = 0
      case delete = 1
      case reload = 2
      case move = 3
      case none = 4
    }

    /// The index path before the update; `nil` for an insert.
    public let indexPathBeforeUpdate: IndexPath?
    /// The index path after the update; `nil` for a delete.
    public let indexPathAfterUpdate: IndexPath?
    /// What happened to the item or section.
    public let updateAction: Action

    /// An update item (UIKit makes these; the stand-in's initializer).
    public init(action: Action, before: IndexPath?, after: IndexPath?) {
      updateAction = action
      indexPathBeforeUpdate = before
      indexPathAfterUpdate = after
      super.init()
    }

    /// Whether the item describes a whole section (its item is `NSNotFound`).
    public var standInIsSection: Bool {
      (indexPathBeforeUpdate ?? indexPathAfterUpdate).map { $0.count == 2 && $0.item == NSNotFound } ?? false
    }

    open override var description: String {
      MainActor.assumeIsolated {
        func text(_ p: IndexPath?) -> String {
          guard let p else { return "nil" }
          return p.item == NSNotFound ? "section \(p.section)" : "[\(p.section), \(p.item)]"
        }
        return
          "<UICollectionViewUpdateItem \(updateAction) \(text(indexPathBeforeUpdate)) -> \(text(indexPathAfterUpdate))>"
      }
    }
  }

  extension UICollectionView {
    /// The kind of element a layout attributes object describes (UIKit's
    /// `UICollectionView.ElementCategory`).
    public enum ElementCategory: UInt, Sendable, Hashable {
      case cell = 0
      case supplementaryView = 1
      case decorationView = 2
    }

    /// The kind of a section header (`UICollectionElementKindSectionHeader`).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer (`UICollectionElementKindSectionFooter`).
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
  }
#endif
