#if !canImport(UIKit)
  import Foundation

  /// One element of a collection view: category, kind and index path.
  public struct StandInElement: Hashable, Sendable, CustomStringConvertible {
    public var category: UICollectionView.ElementCategory
    /// The supplementary or decoration kind; `nil` for a cell.
    public var kind: String?
    public var indexPath: IndexPath

    public init(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
      self.category = category
      self.kind = kind
      self.indexPath = indexPath
    }

    /// The cell at `indexPath`.
    public static func cell(_ indexPath: IndexPath) -> StandInElement {
      StandInElement(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// The supplementary view of `kind` at `indexPath`.
    public static func supplementary(_ kind: String, _ indexPath: IndexPath) -> StandInElement {
      StandInElement(category: .supplementaryView, kind: kind, indexPath: indexPath)
    }

    /// The decoration view of `kind` at `indexPath`.
    public static func decoration(_ kind: String, _ indexPath: IndexPath) -> StandInElement {
      StandInElement(category: .decorationView, kind: kind, indexPath: indexPath)
    }

    public var description: String {
      let path = "[\(indexPath.section), \(indexPath.item)]"
      switch category {
      case .cell: return "cell \(path)"
      case .supplementaryView: return "supplementary \(kind ?? "") \(path)"
      case .decorationView: return "decoration \(kind ?? "") \(path)"
      }
    }
  }

  /// A call the collection view made on a layout, in the order it made it
  /// (read from ``UICollectionView/layoutCallLog``).
  public enum StandInLayoutCall: Hashable, Sendable, CustomStringConvertible {
    case prepare
    case collectionViewContentSize
    case layoutAttributesForElements(in: CGRect)
    case layoutAttributesForItem(IndexPath)
    case layoutAttributesForSupplementaryView(kind: String, IndexPath)
    case layoutAttributesForDecorationView(kind: String, IndexPath)
    case shouldInvalidateLayoutForBoundsChange(CGRect)
    case invalidationContextForBoundsChange(CGRect)
    case invalidateLayout(everything: Bool, dataSourceCounts: Bool)
    case shouldInvalidateLayoutForPreferredAttributes(StandInElement, preferredSize: CGSize)
    case invalidationContextForPreferredAttributes(StandInElement, preferredSize: CGSize)
    /// The update items, as their descriptions.
    case prepareForCollectionViewUpdates([String])
    case targetContentOffsetForProposedContentOffset(CGPoint)
    case targetContentOffsetWithVelocity(CGPoint, velocity: CGPoint)
    case initialLayoutAttributesForAppearing(StandInElement)
    case finalLayoutAttributesForDisappearing(StandInElement)
    case finalizeCollectionViewUpdates
    case prepareForTransitionTo
    case prepareForTransitionFrom
    case finalizeLayoutTransition
    /// Not a call: the self-sizing loop stopped at its bound.
    case selfSizingPassLimitReached(passes: Int)

    /// The call's name without arguments, for asserting an order.
    public var name: String {
      switch self {
      case .prepare: "prepare"
      case .collectionViewContentSize: "collectionViewContentSize"
      case .layoutAttributesForElements: "layoutAttributesForElements"
      case .layoutAttributesForItem: "layoutAttributesForItem"
      case .layoutAttributesForSupplementaryView: "layoutAttributesForSupplementaryView"
      case .layoutAttributesForDecorationView: "layoutAttributesForDecorationView"
      case .shouldInvalidateLayoutForBoundsChange: "shouldInvalidateLayoutForBoundsChange"
      case .invalidationContextForBoundsChange: "invalidationContextForBoundsChange"
      case .invalidateLayout(let everything, let counts):
        "invalidateLayout" + (everything ? "(everything)" : counts ? "(dataSourceCounts)" : "")
      case .shouldInvalidateLayoutForPreferredAttributes: "shouldInvalidateLayoutForPreferredAttributes"
      case .invalidationContextForPreferredAttributes: "invalidationContextForPreferredAttributes"
      case .prepareForCollectionViewUpdates: "prepareForCollectionViewUpdates"
      case .targetContentOffsetForProposedContentOffset: "targetContentOffsetForProposedContentOffset"
      case .targetContentOffsetWithVelocity: "targetContentOffsetWithVelocity"
      case .initialLayoutAttributesForAppearing: "initialLayoutAttributesForAppearing"
      case .finalLayoutAttributesForDisappearing: "finalLayoutAttributesForDisappearing"
      case .finalizeCollectionViewUpdates: "finalizeCollectionViewUpdates"
      case .prepareForTransitionTo: "prepareForTransitionTo"
      case .prepareForTransitionFrom: "prepareForTransitionFrom"
      case .finalizeLayoutTransition: "finalizeLayoutTransition"
      case .selfSizingPassLimitReached: "selfSizingPassLimitReached"
      }
    }

    public var description: String {
      switch self {
      case .layoutAttributesForElements(let rect): "layoutAttributesForElements(in: \(rect))"
      case .layoutAttributesForItem(let p): "layoutAttributesForItem(\(p))"
      case .initialLayoutAttributesForAppearing(let e): "initialLayoutAttributesForAppearing(\(e))"
      case .finalLayoutAttributesForDisappearing(let e): "finalLayoutAttributesForDisappearing(\(e))"
      case .prepareForCollectionViewUpdates(let items): "prepareForCollectionViewUpdates(\(items))"
      case .targetContentOffsetForProposedContentOffset(let p): "targetContentOffset(forProposed: \(p))"
      default: name
      }
    }
  }

  /// One entry of the call log: the call and the layout it was made on.
  @MainActor
  public struct StandInLayoutCallRecord: CustomStringConvertible {
    public let call: StandInLayoutCall
    public let layout: UICollectionViewLayout
    /// The call's name (``StandInLayoutCall/name``).
    public var name: String { call.name }
    public nonisolated var description: String { call.description }
  }

  /// What the collection view animated one element from and to during a
  /// batch update or an animated layout change (the stand-in completes
  /// animations at once and records them instead).
  @MainActor
  public struct StandInAnimation: CustomStringConvertible {
    /// What happened to the element.
    public enum Kind: String, Sendable {
      /// Visible after the update (inserted, moved or kept): it animates
      /// from `from` (the layout's initial attributes, else its attributes
      /// before, else its final ones) to `to`.
      case appearing
      /// Visible before the update: it animates from `from` (its attributes
      /// before) to `to` (the layout's final attributes, else where it is
      /// after, else its attributes before).
      case disappearing
    }
    public let kind: Kind
    /// The element, with its index path after the update (appearing) or
    /// before it (disappearing).
    public let element: StandInElement
    public let from: UICollectionViewLayoutAttributes?
    public let to: UICollectionViewLayoutAttributes?
    /// What the layout's initial/final method returned (`nil` when it
    /// returned `nil`).
    public let layoutAnswer: UICollectionViewLayoutAttributes?

    public nonisolated var description: String { "\(kind.rawValue) \(element)" }
  }
#endif
