#if !canImport(UIKit)
  import Foundation

  /// [0, 0], made once: every new attributes object starts with it.
  private let standInFirstIndexPath = IndexPath(item: 0, section: 0)

  /// Where and how one element of a collection view appears (UIKit's
  /// `UICollectionViewLayoutAttributes`): frame (kept as centre and size, as
  /// UIKit does), transform, alpha, z-index, hidden, and the element it
  /// describes.
  ///
  /// Main-actor isolated as in the iOS 17.4 SDK, where `copy(with:)` is
  /// main-actor isolated too and `isEqual(_:)`/`hash` are `NSObject`'s
  /// nonisolated overrides (checked against the SDK with the iOS type
  /// checker). `frame` ignores `transform`, as `center`/`size` do in UIKit.
  ///
  /// The stored values are main-actor isolated and never lent out for a
  /// long access: they are not checked for exclusive access at run time
  /// (`@exclusivity(unchecked)`; a layout sets a handful per element on
  /// every frame, and a dynamic check costs more than the store).
  @MainActor
  open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying {
    /// The centre of the element in the collection view's content coordinates.
    @exclusivity(unchecked) open var center: CGPoint = .zero
    /// The size of the element.
    @exclusivity(unchecked) open var size: CGSize = .zero
    /// The transform applied around the centre.
    @exclusivity(unchecked) open var transform: CGAffineTransform = .identity
    /// The opacity, 0 to 1.
    @exclusivity(unchecked) open var alpha: CGFloat = 1
    /// Front-to-back order; higher is in front. Default 0.
    @exclusivity(unchecked) open var zIndex = 0
    /// Whether the element is hidden (UIKit may not make a view for it).
    @exclusivity(unchecked) open var isHidden = false
    /// The element's index path.
    @exclusivity(unchecked) open var indexPath: IndexPath = standInFirstIndexPath
    /// Cell, supplementary view or decoration view.
    @exclusivity(unchecked) public internal(set) var representedElementCategory: UICollectionView.ElementCategory =
      .cell
    /// The kind of a supplementary or decoration view; `nil` for a cell.
    @exclusivity(unchecked) public internal(set) var representedElementKind: String?

    /// The element's rectangle: centre and size (untransformed).
    open var frame: CGRect {
      get {
        CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
      }
      set {
        center = CGPoint(x: newValue.midX, y: newValue.midY)
        size = newValue.size
      }
    }

    /// The element's bounds: origin zero, its size.
    open var bounds: CGRect {
      get { CGRect(origin: .zero, size: size) }
      set { size = newValue.size }
    }

    /// Attributes of a cell at index path [0, 0] (the designated
    /// initializer, `required` so that `layoutAttributesClass` and
    /// `copy(with:)` can make instances of any subclass).
    public required override init() { super.init() }

    /// Attributes for the cell at `indexPath` (UIKit's
    /// `layoutAttributesForCellWithIndexPath:`).
    public required convenience init(forCellWith indexPath: IndexPath) {
      self.init()
      self.indexPath = indexPath
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`.
    public required convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
      self.init()
      self.indexPath = indexPath
      representedElementCategory = .supplementaryView
      representedElementKind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public required convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
      self.init()
      self.indexPath = indexPath
      representedElementCategory = .decorationView
      representedElementKind = decorationViewKind
    }

    /// A copy of the same class (`type(of: self)`) with every value UIKit's
    /// copies; subclasses call `super` and copy their own values.
    open func copy(with zone: NSZone? = nil) -> Any {
      let copy = type(of: self).init()
      copy.center = center
      copy.size = size
      copy.transform = transform
      copy.alpha = alpha
      copy.zIndex = zIndex
      copy.isHidden = isHidden
      copy.indexPath = indexPath
      copy.representedElementCategory = representedElementCategory
      copy.representedElementKind = representedElementKind
      return copy
    }

    /// Whether `object` is attributes of the same element with the same
    /// values (UIKit compares these to decide whether a view needs new
    /// attributes). Nonisolated, as `NSObject`'s is; read on the main actor.
    open override func isEqual(_ object: Any?) -> Bool {
      guard let other = object as? UICollectionViewLayoutAttributes else { return false }
      if other === self { return true }
      return MainActor.assumeIsolated {
        other.center == center && other.size == size && other.transform == transform && other.alpha == alpha
          && other.zIndex == zIndex && other.isHidden == isHidden && other.indexPath == indexPath
          && other.representedElementCategory == representedElementCategory
          && other.representedElementKind == representedElementKind
      }
    }

    open override var hash: Int {
      MainActor.assumeIsolated {
        var hasher = Hasher()
        hasher.combine(indexPath)
        hasher.combine(representedElementCategory)
        hasher.combine(representedElementKind)
        return hasher.finalize()
      }
    }

    open override var description: String {
      MainActor.assumeIsolated {
        let kind = representedElementKind.map { " kind \($0)" } ?? ""
        return
          "<\(type(of: self)) \(representedElementCategory)\(kind) \(indexPath) frame \(frame) alpha \(alpha) z \(zIndex)\(isHidden ? " hidden" : "")>"
      }
    }
  }
#endif
