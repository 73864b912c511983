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
  /// The public values are main-actor isolated, as UIKit's. They live in
  /// one stored value (`values`) that `isEqual(_:)` and `hash`, which are
  /// `NSObject`'s nonisolated methods called on the main thread, read
  /// directly: `MainActor.assumeIsolated` there allocated a context on every
  /// comparison, and the collection view compares every element on screen
  /// in every layout pass. The storage is not checked for exclusive access
  /// at run time (`@exclusivity(unchecked)`; a layout sets a handful of
  /// values per element on every frame, and a dynamic check costs more than
  /// the store).
  @MainActor
  open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying {
    /// Every value UIKit copies and compares.
    struct Values: Equatable {
      var center: CGPoint = .zero
      var size: CGSize = .zero
      var transform: CGAffineTransform = .identity
      var alpha: CGFloat = 1
      var zIndex = 0
      var isHidden = false
      var indexPath: IndexPath = standInFirstIndexPath
      var representedElementCategory: UICollectionView.ElementCategory = .cell
      var representedElementKind: String?
    }

    /// The values, read by the nonisolated `isEqual(_:)` and `hash` (on the
    /// main thread, where UIKit compares attributes) and written only
    /// through the main-actor properties below.
    @exclusivity(unchecked) nonisolated(unsafe) final var values = Values()

    /// The centre of the element in the collection view's content coordinates.
    open var center: CGPoint {
      get { values.center }
      set { values.center = newValue }
    }
    /// The size of the element.
    open var size: CGSize {
      get { values.size }
      set { values.size = newValue }
    }
    /// The transform applied around the centre.
    open var transform: CGAffineTransform {
      get { values.transform }
      set { values.transform = newValue }
    }
    /// The opacity, 0 to 1.
    open var alpha: CGFloat {
      get { values.alpha }
      set { values.alpha = newValue }
    }
    /// Front-to-back order; higher is in front. Default 0.
    open var zIndex: Int {
      get { values.zIndex }
      set { values.zIndex = newValue }
    }
    /// Whether the element is hidden (UIKit may not make a view for it).
    open var isHidden: Bool {
      get { values.isHidden }
      set { values.isHidden = newValue }
    }
    /// The element's index path.
    open var indexPath: IndexPath {
      get { values.indexPath }
      set { values.indexPath = newValue }
    }
    /// Cell, supplementary view or decoration view.
    public internal(set) var representedElementCategory: UICollectionView.ElementCategory {
      get { values.representedElementCategory }
      set { values.representedElementCategory = newValue }
    }
    /// The kind of a supplementary or decoration view; `nil` for a cell.
    public internal(set) var representedElementKind: String? {
      get { values.representedElementKind }
      set { values.representedElementKind = newValue }
    }

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
      copy.values = values
      return copy
    }

    /// Whether `object` is attributes of the same element with the same
    /// values (UIKit compares these to decide whether a view needs new
    /// attributes). Nonisolated, as `NSObject`'s is; called on the main
    /// thread, where the values are written.
    open override func isEqual(_ object: Any?) -> Bool {
      guard let other = object as? UICollectionViewLayoutAttributes else { return false }
      return other === self || other.values == values
    }

    open override var hash: Int {
      var hasher = Hasher()
      hasher.combine(values.indexPath)
      hasher.combine(values.representedElementCategory)
      hasher.combine(values.representedElementKind)
      return hasher.finalize()
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
