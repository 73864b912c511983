#if !canImport(UIKit)
  import Foundation

  /// The abstract base of collection-view layouts (UIKit's
  /// `UICollectionViewLayout`), with every overridable member UIKit has that
  /// layouts use, and UIKit's documented defaults: no content, no
  /// attributes, no invalidation on bounds changes, `nil` initial and final
  /// attributes (the element animates from and to its own attributes), the
  /// proposed offset as the target.
  ///
  /// The collection view (`UICollectionView`) makes the calls, in the order
  /// its documentation and the sources cited there give.
  @MainActor
  open class UICollectionViewLayout: NSObject {
    /// ``collectionView``, unretained as UIKit's (the collection view holds
    /// its layout): the collection view clears it when it goes, and the
    /// layout leaves the collection view's list when it goes first. Not a
    /// Swift `weak` reference, which gives the collection view a side
    /// table: every retain and release of it, several a frame, would then
    /// take the run time's slow path (Objective-C's weak references cost
    /// UIKit nothing of the kind). `nonisolated(unsafe)`: cleared by the
    /// collection view's `deinit`, which is not isolated.
    @exclusivity(unchecked) nonisolated(unsafe) unowned(unsafe) var storedCollectionView: UICollectionView?

    /// The collection view the layout is installed in (or is part of a
    /// transition in), kept in that view's list of layouts that point to it.
    var installedCollectionView: UICollectionView? {
      get { storedCollectionView }
      set {
        guard storedCollectionView !== newValue else { return }
        storedCollectionView?.layoutsPointingHere.removeValue(forKey: ObjectIdentifier(self))
        storedCollectionView = newValue
        newValue?.layoutsPointingHere[ObjectIdentifier(self)] = Unmanaged.passUnretained(self)
      }
    }
    var decorationClasses: [String: AnyClass] = [:]

    /// A layout not yet installed in a collection view.
    public override init() { super.init() }

    // A layout that goes before its collection view leaves its list.
    deinit {
      storedCollectionView?.layoutsPointingHere.removeValue(forKey: ObjectIdentifier(self))
    }

    /// Layouts are not decoded in the stand-in; subclasses may still
    /// return an instance.
    public required init?(coder: NSCoder) { super.init() }

    /// The collection view the layout is installed in (not retained).
    open var collectionView: UICollectionView? { installedCollectionView }

    // MARK: Classes

    /// The class of the attributes the layout makes (`required` initializers
    /// let the collection view instantiate it).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of the invalidation contexts the layout makes.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// A new, empty context of ``invalidationContextClass``.
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
      let type =
        (Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)
        ?? UICollectionViewLayoutInvalidationContext.self
      return type.init()
    }

    // MARK: Providing layout information

    /// Called first in every layout update; the default does nothing.
    open func prepare() {}

    /// The size of all the content; the default is zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element in `rect`; the default is `nil`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`; the default is `nil`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of a supplementary view; the default is `nil`.
    open func layoutAttributesForSupplementaryView(
      ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of a decoration view; the default is `nil`.
    open func layoutAttributesForDecorationView(
      ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where scrolling stops, given where it would and the velocity; the
    /// default returns the proposed offset. See `UIScrollView+Drag.swift`
    /// for the velocity's unit.
    open func targetContentOffset(
      forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint { proposedContentOffset }

    /// The offset to use after an update or a layout change; the default
    /// returns the proposed offset.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
      proposedContentOffset
    }

    // MARK: Invalidation

    /// Whether a bounds change (a scroll, a resize) needs a new layout; the
    /// default is `false`.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context for a bounds change; the default is an empty context of
    /// ``invalidationContextClass``.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
      makeInvalidationContext()
    }

    /// Whether a self-sizing view's preferred attributes need a new layout;
    /// the default is `false`.
    open func shouldInvalidateLayout(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool { false }

    /// The context for a preferred size; the default invalidates that
    /// element.
    open func invalidationContext(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
      let context = makeInvalidationContext()
      switch preferredAttributes.representedElementCategory {
      case .cell: context.invalidateItems(at: [preferredAttributes.indexPath])
      case .supplementaryView:
        context.invalidateSupplementaryElements(
          ofKind: preferredAttributes.representedElementKind ?? "", at: [preferredAttributes.indexPath])
      case .decorationView:
        context.invalidateDecorationElements(
          ofKind: preferredAttributes.representedElementKind ?? "", at: [preferredAttributes.indexPath])
      }
      return context
    }

    /// Invalidates the whole layout: `invalidateLayout(with:)` with an
    /// empty context of ``invalidationContextClass``.
    open func invalidateLayout() {
      invalidateLayout(with: makeInvalidationContext())
    }

    /// Invalidates the layout as `context` says. The default tells the
    /// collection view, which prepares the layout again at its next layout
    /// pass and applies the context's offset and size adjustments.
    /// Subclasses that override it must call `super` (Apple's documentation
    /// of `invalidateLayout(with:)`).
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
      collectionView?.layoutDidInvalidate(self, with: context)
    }

    // MARK: Updates

    /// Called with the update items of a batch update after the layout was
    /// prepared for the new counts; the default does nothing.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called after the update's animations were set up.
    open func finalizeCollectionViewUpdates() {}

    /// Called before an animated bounds change.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

    /// Called after an animated bounds change.
    open func finalizeAnimatedBoundsChange() {}

    /// Where an appearing item starts; `nil` (the default) starts it at its
    /// final attributes.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    { nil }

    /// Where a disappearing item ends; `nil` (the default) keeps its attributes.
    open func finalLayoutAttributesForDisappearingItem(
      at itemIndexPath: IndexPath
    )
      -> UICollectionViewLayoutAttributes?
    { nil }

    /// Where an appearing supplementary view starts; default `nil`.
    open func initialLayoutAttributesForAppearingSupplementaryElement(
      ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a disappearing supplementary view ends; default `nil`.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
      ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where an appearing decoration view starts; default `nil`.
    open func initialLayoutAttributesForAppearingDecorationElement(
      ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a disappearing decoration view ends; default `nil`.
    open func finalLayoutAttributesForDisappearingDecorationElement(
      ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Supplementary views the update removes besides those of deleted
    /// sections and items; default none.
    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    /// Decoration views the update removes; default none.
    open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }
    /// Supplementary views the update adds; default none.
    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }
    /// Decoration views the update adds; default none.
    open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] { [] }

    // MARK: Transitions

    /// Called on the old layout before a layout change.
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}

    /// Called on the new layout before a layout change.
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}

    /// Called on both layouts after a layout change was set up.
    open func finalizeLayoutTransition() {}

    // MARK: Direction

    /// The direction the layout was written for; left to right by default
    /// (UIKit's default is the main bundle's development region's).
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether the collection view mirrors the layout in the opposite
    /// direction; `false` by default.
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    // MARK: Decoration views

    /// Registers the class of decoration views of `elementKind` (UIKit
    /// dequeues decoration views from the layout's registrations).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
      decorationClasses[elementKind] = viewClass
      if viewClass == nil { decorationClasses.removeValue(forKey: elementKind) }
    }
  }
#endif
