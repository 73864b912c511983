#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost

/// An interactive switch between two Scrollwork layouts by identity (the
/// photo grid's pinch between modes): pass it to
/// `startInteractiveTransition(to:)` through the delegate's
/// `collectionView(_:transitionLayoutForOldLayout:newLayout:)`, drive
/// `transitionProgress` from the gesture, then finish or cancel. The
/// element under `anchor` (the fingers) stays where it is on screen at the
/// end; cancelling returns to where it started, and leaves nothing behind
/// on the new layout (a later switch to it rests where it says).
///
/// The engine's `HostTransition` computes every frame, cells, supplementary
/// and decoration views alike; this class only moves its presented
/// coordinates to the collection view's, whose offset stays put during the
/// transition.
@MainActor
open class ScrollworkTransitionLayout: UICollectionViewTransitionLayout {
  /// The point the transition keeps in place, in the collection view's
  /// visible coordinates (the pinch's location minus the content offset);
  /// the centre when `nil`. Setting it (the fingers moved before the first
  /// frame) anchors the transition again at the next layout pass.
  public var anchor: CGPoint? {
    didSet {
      guard anchor != oldValue else { return }
      transition = nil
      invalidateLayout()
    }
  }
  private var transition: HostTransition?
  private var buffer: [LayoutAttributes] = []

  open override var transitionProgress: CGFloat {
    didSet { transition?.progress = Double(transitionProgress) }
  }

  open override func prepare() {
    super.prepare()
    guard transition == nil, let from = currentLayout as? ScrollworkHosting, let to = nextLayout as? ScrollworkHosting
    else { return }
    var next = to.anyHost
    if let collectionView {
      // The new layout, prepared for the same bounds and counts.
      let counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
      _ = try? next.prepare(bounds: Rect(collectionView.bounds), counts: counts)
    }
    transition = HostTransition(
      fromAny: from.anyHost, toAny: next, anchoredAt: anchor.map { Point($0) }, progress: Double(transitionProgress))
    if let transition { to.restAfterTransition(at: CGPoint(transition.targetOffset), from: self) }
  }

  open override func prepareForTransition(to newLayout: UICollectionViewLayout) {
    super.prepareForTransition(to: newLayout)
    // Cancelled: the old layout comes back, and the new one must not rest
    // where this transition would have ended.
    if newLayout === currentLayout { (nextLayout as? ScrollworkHosting)?.cancelRestAfterTransition(from: self) }
  }

  /// The offset the new layout rests at when the transition completes.
  public var targetOffset: CGPoint? { transition.map { CGPoint($0.targetOffset) } }

  /// From presented content coordinates to the collection view's.
  private var shift: Point {
    guard let transition else { return .zero }
    return Point(collectionView?.contentOffset ?? .zero) - transition.presentedOffset
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    guard let transition else { return super.layoutAttributesForElements(in: rect) }
    let d = shift
    buffer.removeAll(keepingCapacity: true)
    transition.elements(in: Rect(rect).offsetBy(dx: -d.x, dy: -d.y), into: &buffer)
    return buffer.map { attributes in
      var moved = attributes
      moved.center = moved.center + d
      return ScrollworkLayoutAttributes.make(moved)
    }
  }

  /// The element's presented attributes in the collection view's
  /// coordinates, or `nil` when the transition does not show it.
  private func presented(_ id: ElementID) -> UICollectionViewLayoutAttributes? {
    guard var attributes = transition?.attributes(for: id) else { return nil }
    attributes.center = attributes.center + shift
    return ScrollworkLayoutAttributes.make(attributes)
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard transition != nil, let id = ElementID(indexPath) else { return super.layoutAttributesForItem(at: indexPath) }
    return presented(id)
  }

  // Supplementary and decoration views move with the cells, by identity
  // and in the same coordinates (UIKit's own interpolation would take them
  // from each layout unshifted).
  open override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard transition != nil, let id = ElementID(indexPath, kind: elementKind) else {
      return super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
    }
    return presented(id)
  }

  open override func layoutAttributesForDecorationView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? {
    guard transition != nil, let id = ElementID(indexPath, decorationKind: elementKind) else {
      return super.layoutAttributesForDecorationView(ofKind: elementKind, at: indexPath)
    }
    return presented(id)
  }
}
