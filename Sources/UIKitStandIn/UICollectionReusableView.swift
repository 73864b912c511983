#if !canImport(UIKit)
  import Foundation

  /// A view a collection view reuses (UIKit's `UICollectionReusableView`):
  /// supplementary and decoration views, and the base of cells.
  @MainActor
  open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// The attributes the collection view last applied (stand-in, for tests).
    public internal(set) var standInLayoutAttributes: UICollectionViewLayoutAttributes?
    /// The z-index last applied (UIKit orders its layers by it).
    public internal(set) var standInZIndex = 0
    /// Where the view goes back for reuse.
    var standInPoolKey: String?

    /// How the collection view makes a registered class's views: UIKit
    /// calls `initWithFrame:` through the Objective-C runtime, which Swift
    /// cannot do on a class value without a `required` initializer. This
    /// convenience initializer is inherited by every subclass that keeps or
    /// overrides both `init(frame:)` and `init?(coder:)` (as UIKit
    /// subclasses do), and calls `init(frame:)` dynamically.
    public required convenience init(standInReuseWithFrame frame: CGRect) {
      self.init(frame: frame)
    }

    /// Called before the view is handed out again; the default does nothing.
    open func prepareForReuse() {}

    /// Applies layout attributes; the default does nothing (the collection
    /// view sets the geometry itself).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// Called before the collection view changes layout.
    open func willTransition(
      from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout
    ) {}

    /// Called after the collection view changed layout.
    open func didTransition(
      from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout
    ) {}

    /// The attributes the view would like (self-sizing). The default returns
    /// `layoutAttributes` unchanged, as `UICollectionReusableView` does; a
    /// subclass returns a copy with its fitting size.
    open func preferredLayoutAttributesFitting(
      _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
      layoutAttributes
    }
  }

  /// A collection view's cell (UIKit's `UICollectionViewCell`): a content
  /// view, selection and highlight state.
  ///
  /// Self-sizing: UIKit's cell answers `preferredLayoutAttributesFitting(_:)`
  /// with the size Auto Layout computes for its content (its documentation:
  /// "the default implementation of this method adjusts the size values to
  /// accommodate changes made by a self-sizing cell"). Without Auto Layout,
  /// the stand-in's cell asks ``standInFittingSize``: set it (or override
  /// `sizeThatFits(_:)` or this method in a subclass) to give the cell a
  /// size; `nil` (the default) keeps the layout's size.
  @MainActor
  open class UICollectionViewCell: UICollectionReusableView {
    /// The view the app adds its content to.
    public let contentView: UIView
    /// Whether the cell is selected.
    open var isSelected = false
    /// Whether the cell is highlighted.
    open var isHighlighted = false
    /// A fitting size for self-sizing, given the proposed size; `nil`
    /// keeps the layout's size.
    public var standInFittingSize: ((CGSize) -> CGSize)?

    public override init(frame: CGRect) {
      contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
      super.init(frame: frame)
      addSubview(contentView)
    }

    public required init?(coder: NSCoder) { return nil }

    open override func prepareForReuse() {
      super.prepareForReuse()
      isSelected = false
      isHighlighted = false
    }

    /// The layout's attributes with the size ``standInFittingSize`` gives,
    /// or the attributes unchanged.
    open override func preferredLayoutAttributesFitting(
      _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
      guard let fitting = standInFittingSize else { return layoutAttributes }
      let size = fitting(layoutAttributes.size)
      guard size != layoutAttributes.size else { return layoutAttributes }
      var frame = layoutAttributes.frame
      frame.size = size
      layoutAttributes.frame = frame
      return layoutAttributes
    }
  }
#endif
