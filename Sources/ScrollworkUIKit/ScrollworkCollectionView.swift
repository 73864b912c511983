#if canImport(UIKit)
  // The iOS 17.4 SDK declares accessibility traits and notifications as
  // mutable globals; they are constants in practice (read here on the main
  // actor), so their module is imported as not yet annotated for concurrency.
  @preconcurrency import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif

/// A `UICollectionView` with Scrollwork's accessibility:
///
/// - VoiceOver reads the elements on screen in the layout's reading order
///   (index-path order: each section's header-like supplementary views,
///   the stretchy header and the sticky menu before its cells, footers
///   after), not in z-order or in the order of transformed frames (a
///   carousel's scaled cells, a stack of cards);
/// - with `adjustsByItem` (the carousel, the album pager), the whole view
///   is one adjustable element: swipe up or down moves to the next or
///   previous item, and VoiceOver reads "Item k of n".
@MainActor
open class ScrollworkCollectionView: UICollectionView {
  /// Whether the view is one adjustable element that moves item by item.
  public var adjustsByItem = false {
    didSet {
      isAccessibilityElement = adjustsByItem
      accessibilityTraits = adjustsByItem ? [.adjustable] : []
    }
  }
  /// The label read before the position ("Photos", say).
  public var itemsLabel = "Items"

  open override var accessibilityElements: [Any]? {
    get {
      if adjustsByItem { return nil }
      return readingOrder().compactMap { element in
        switch element.kind {
        case nil: cellForItem(at: element.indexPath)
        case let kind?: supplementaryView(forElementKind: kind, at: element.indexPath)
        }
      }
    }
    set { super.accessibilityElements = newValue }
  }

  /// The visible cells and supplementary views in reading order: by
  /// section; in a section, supplementary views other than footers first
  /// (by kind, then item), then the cells, then footers.
  func readingOrder() -> [(kind: String?, indexPath: IndexPath)] {
    var elements: [(kind: String?, indexPath: IndexPath)] = indexPathsForVisibleItems.map { (nil, $0) }
    for attributes in collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
    where attributes.representedElementCategory == .supplementaryView {
      guard let kind = attributes.representedElementKind,
        supplementaryView(forElementKind: kind, at: attributes.indexPath) != nil
      else { continue }
      elements.append((kind, attributes.indexPath))
    }
    func rank(_ kind: String?) -> Int {
      switch kind {
      case nil: 1
      case UICollectionView.elementKindSectionFooter?, "footer"?: 2
      default: 0
      }
    }
    return elements.sorted { a, b in
      if a.indexPath.section != b.indexPath.section { return a.indexPath.section < b.indexPath.section }
      if rank(a.kind) != rank(b.kind) { return rank(a.kind) < rank(b.kind) }
      if a.kind != b.kind { return (a.kind ?? "") < (b.kind ?? "") }
      return a.indexPath.item < b.indexPath.item
    }
  }

  /// The item nearest the centre of the view, or the first.
  public var centredIndexPath: IndexPath? {
    let centre = CGPoint(x: bounds.midX, y: bounds.midY)
    return indexPathsForVisibleItems.min { a, b in
      distance(a, centre) < distance(b, centre)
    }
  }

  private func distance(_ indexPath: IndexPath, _ point: CGPoint) -> CGFloat {
    guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return .greatestFiniteMagnitude }
    return hypot(frame.midX - point.x, frame.midY - point.y)
  }

  private var itemCount: Int { (0..<numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) } }

  // UIKit's accessibility methods are not isolated (NSObject's informal
  // protocol), but UIKit calls them on the main thread, where the view
  // lives: the main actor's state is read there.

  open override var accessibilityLabel: String? {
    get { MainActor.assumeIsolated { adjustsByItem ? itemsLabel : super.accessibilityLabel } }
    set { super.accessibilityLabel = newValue }
  }

  open override var accessibilityValue: String? {
    get {
      MainActor.assumeIsolated {
        guard adjustsByItem, let indexPath = centredIndexPath else { return super.accessibilityValue }
        return "Item \(indexPath.item + 1) of \(itemCount)"
      }
    }
    set { super.accessibilityValue = newValue }
  }

  open override func accessibilityIncrement() { MainActor.assumeIsolated { step(by: 1) } }
  open override func accessibilityDecrement() { MainActor.assumeIsolated { step(by: -1) } }

  private func step(by delta: Int) {
    guard adjustsByItem, let current = centredIndexPath else { return }
    let next = current.item + delta
    guard next >= 0, next < numberOfItems(inSection: current.section) else { return }
    let target = IndexPath(item: next, section: current.section)
    scrollToItem(at: target, at: [.centeredHorizontally, .centeredVertically], animated: true)
    UIAccessibility.post(notification: .pageScrolled, argument: "Item \(next + 1) of \(itemCount)")
  }
}
