#if !canImport(UIKit)
  import Foundation

  /// A layout between two layouts (UIKit's
  /// `UICollectionViewTransitionLayout`), installed by
  /// `startInteractiveTransition(to:completion:)`. Its attributes are
  /// UIKit's default interpolation: each element's centre, size, alpha
  /// and transform go linearly from the current layout's attributes to the
  /// next layout's as `transitionProgress` goes from 0 to 1; z-index and
  /// hidden switch at one half. An element only one layout has keeps that
  /// layout's attributes. The interpolated attributes are copies of the
  /// next layout's (so a subclass's extra values come from it).
  @MainActor
  open class UICollectionViewTransitionLayout: UICollectionViewLayout {
    /// The layout the transition starts from.
    public let currentLayout: UICollectionViewLayout
    /// The layout the transition goes to.
    public let nextLayout: UICollectionViewLayout
    private var animatedValues: [String: CGFloat] = [:]
    private var preparedNext = false

    /// How far the transition is, 0 to 1. Setting it invalidates the
    /// layout (as UIKit's does), so the next layout pass prepares it and
    /// asks it again.
    open var transitionProgress: CGFloat = 0 {
      didSet { if oldValue != transitionProgress { invalidateLayout() } }
    }

    /// A transition from `currentLayout` to `newLayout`.
    public init(currentLayout: UICollectionViewLayout, nextLayout newLayout: UICollectionViewLayout) {
      self.currentLayout = currentLayout
      self.nextLayout = newLayout
      super.init()
    }

    /// Not decoded in the stand-in.
    public required init?(coder: NSCoder) { return nil }

    /// Stores a value the app animates with the transition.
    open func updateValue(_ value: CGFloat, forAnimatedKey key: String) { animatedValues[key] = value }

    /// A value stored with `updateValue(_:forAnimatedKey:)`; 0 when none.
    open func value(forAnimatedKey key: String) -> CGFloat { animatedValues[key] ?? 0 }

    /// Gives both layouts the collection view and prepares the next
    /// layout the first time (the current one is already prepared).
    open override func prepare() {
      super.prepare()
      guard let collectionView else { return }
      if currentLayout.installedCollectionView == nil { currentLayout.installedCollectionView = collectionView }
      if nextLayout.installedCollectionView == nil { nextLayout.installedCollectionView = collectionView }
      if !preparedNext {
        preparedNext = true
        nextLayout.prepare()
      }
    }

    open override var collectionViewContentSize: CGSize {
      let a = currentLayout.collectionViewContentSize
      let b = nextLayout.collectionViewContentSize
      let t = transitionProgress
      return CGSize(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
      let from = currentLayout.layoutAttributesForElements(in: rect) ?? []
      let to = nextLayout.layoutAttributesForElements(in: rect) ?? []
      var fromByKey: [StandInElement: UICollectionViewLayoutAttributes] = [:]
      var toByKey: [StandInElement: UICollectionViewLayoutAttributes] = [:]
      var order: [StandInElement] = []
      for a in from {
        let key = UICollectionView.element(of: a)
        if fromByKey[key] == nil, toByKey[key] == nil { order.append(key) }
        fromByKey[key] = a
      }
      for a in to {
        let key = UICollectionView.element(of: a)
        if fromByKey[key] == nil, toByKey[key] == nil { order.append(key) }
        toByKey[key] = a
      }
      return order.compactMap { key in
        let a = fromByKey[key] ?? attributes(of: currentLayout, for: key)
        let b = toByKey[key] ?? attributes(of: nextLayout, for: key)
        return interpolate(a, b)
      }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
      interpolate(
        currentLayout.layoutAttributesForItem(at: indexPath), nextLayout.layoutAttributesForItem(at: indexPath))
    }

    open override func layoutAttributesForSupplementaryView(
      ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
      interpolate(
        currentLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath),
        nextLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath))
    }

    private func attributes(
      of layout: UICollectionViewLayout, for key: StandInElement
    )
      -> UICollectionViewLayoutAttributes?
    {
      switch key.category {
      case .cell: layout.layoutAttributesForItem(at: key.indexPath)
      case .supplementaryView: layout.layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
      case .decorationView: layout.layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
      }
    }

    /// UIKit's default blend of `a` (current) and `b` (next) at `transitionProgress`.
    func interpolate(
      _ a: UICollectionViewLayoutAttributes?, _ b: UICollectionViewLayoutAttributes?
    )
      -> UICollectionViewLayoutAttributes?
    {
      guard let a else { return b }
      guard let b else { return a }
      guard let result = b.copy(with: nil) as? UICollectionViewLayoutAttributes else { return b }
      let t = transitionProgress
      func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
      result.center = CGPoint(x: mix(a.center.x, b.center.x), y: mix(a.center.y, b.center.y))
      result.size = CGSize(width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height))
      result.alpha = mix(a.alpha, b.alpha)
      result.transform = CGAffineTransform(
        a: mix(a.transform.a, b.transform.a), b: mix(a.transform.b, b.transform.b),
        c: mix(a.transform.c, b.transform.c), d: mix(a.transform.d, b.transform.d),
        tx: mix(a.transform.tx, b.transform.tx), ty: mix(a.transform.ty, b.transform.ty))
      result.zIndex = t < 0.5 ? a.zIndex : b.zIndex
      result.isHidden = t < 0.5 ? a.isHidden : b.isHidden
      return result
    }
  }
#endif
