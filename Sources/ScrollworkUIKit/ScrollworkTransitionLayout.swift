#if canImport(UIKit)
  import LayoutCore
  import LayoutHost
  import UIKit

  /// An interactive switch between two Scrollwork layouts by identity (the
  /// photo grid's pinch between modes): pass it to
  /// `startInteractiveTransition(to:)` through the delegate's
  /// `collectionView(_:transitionLayoutForOldLayout:newLayout:)`, drive
  /// `transitionProgress` from the gesture, then finish or cancel. The
  /// element under `anchor` (the fingers) stays where it is on screen at the
  /// end; cancelling returns to where it started.
  ///
  /// The engine's `HostTransition` computes every frame; this class only
  /// moves its presented coordinates to the collection view's, whose offset
  /// stays put during the transition.
  @MainActor
  open class ScrollworkTransitionLayout: UICollectionViewTransitionLayout {
    /// The point the transition keeps in place, in the collection view's
    /// visible coordinates (the pinch's location minus the content offset);
    /// the centre when `nil`.
    public var anchor: CGPoint?
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
      if let transition { to.restAfterTransition(at: CGPoint(transition.targetOffset)) }
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

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      guard let transition, let id = ElementID(indexPath) else { return super.layoutAttributesForItem(at: indexPath) }
      guard var attributes = transition.attributes(for: id) else { return nil }
      attributes.center = attributes.center + shift
      return ScrollworkLayoutAttributes.make(attributes)
    }
  }
#endif
