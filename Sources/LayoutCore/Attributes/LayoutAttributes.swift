/// Everything a collection view needs to place one element: the
/// counterpart of `UICollectionViewLayoutAttributes`, as a plain value, with
/// UIKit's attribute set (frame as centre and size, transform, alpha,
/// z-index, hidden) and the few extra values a layout adds (`extras`), as a
/// UIKit app carries them in a subclass of `UICollectionViewLayoutAttributes`.
///
/// The untransformed frame is `Rect(center:size:)`; `transform` applies about
/// the centre.
public struct LayoutAttributes: Hashable, Sendable {
  public var id: ElementID
  public var center: Point
  public var size: Size
  public var transform: AffineTransform
  public var alpha: Double
  public var zIndex: Int
  /// Whether the element is laid out but not shown (UIKit's `isHidden`).
  public var isHidden: Bool
  /// The values this layout adds to UIKit's set (a photo's rectangle, a
  /// darkening, a corner radius, a style's progress); `.none` for most.
  public var extras: AttributeExtras

  @inlinable public init(
    id: ElementID, center: Point, size: Size, transform: AffineTransform = .identity,
    alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false, extras: AttributeExtras = .none
  ) {
    self.id = id
    self.center = center
    self.size = size
    self.transform = transform
    self.alpha = alpha
    self.zIndex = zIndex
    self.isHidden = isHidden
    self.extras = extras
  }

  @inlinable public init(id: ElementID, frame: Rect, zIndex: Int = 0) {
    self.init(id: id, center: frame.center, size: frame.size, zIndex: zIndex)
  }

  /// The untransformed frame (UIKit's `frame` with an identity transform).
  @inlinable public var frame: Rect {
    get { Rect(center: center, size: size) }
    set {
      center = newValue.center
      size = newValue.size
    }
  }

  /// The axis-aligned bounds of the transformed frame.
  public var transformedFrame: Rect {
    if transform.isIdentity { return frame }
    let hw = size.width / 2
    let hh = size.height / 2
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for corner in [Point(x: -hw, y: -hh), Point(x: hw, y: -hh), Point(x: -hw, y: hh), Point(x: hw, y: hh)] {
      let p = transform.apply(to: corner)
      minX = Swift.min(minX, p.x)
      minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x)
      maxY = Swift.max(maxY, p.y)
    }
    return Rect(x: center.x + minX, y: center.y + minY, width: maxX - minX, height: maxY - minY)
  }

  /// Whether every number in the attributes is finite.
  public var isFinite: Bool {
    center.isFinite && size.isFinite && transform.isFinite && alpha.isFinite && extras.isFinite
  }
}

/// What a layout adds to UIKit's attribute set, the values an app's
/// `UICollectionViewLayoutAttributes` subclass would carry
/// (`ScrollworkLayoutAttributes` on iOS): renderer hints, not geometry.
/// Transitions interpolate them with the rest.
public struct AttributeExtras: Hashable, Sendable {
  /// The photo's rectangle in the element's own coordinates (origin at
  /// its top-left corner), or `nil` to fill the element; it may be larger
  /// than the element, which then clips it (aspect-fill cropping, parallax).
  public var contentRect: Rect?
  /// An overlay drawn over the element's content, from 0 (none) to 1
  /// (opaque); the stretchy header's darkening.
  public var overlayAlpha: Double
  /// The radius of the element's rounded corners, in points (0: square).
  public var cornerRadius: Double
  /// How far the element shows a mode's accessory style, from 0 (plain) to
  /// 1 (full): the photo grid's Months summary cell draws its day label,
  /// "more" button and top gradient at this alpha.
  public var styleProgress: Double
  /// Whether a transition shows the element only because the layout it
  /// leaves has it (a deleted photo fading out): its identity is then the
  /// old layout's, and may name a different element of the new one.
  public var isLeaving: Bool

  /// No extra values.
  @inlinable public static var none: AttributeExtras { AttributeExtras() }

  @inlinable public init(
    contentRect: Rect? = nil, overlayAlpha: Double = 0, cornerRadius: Double = 0, styleProgress: Double = 0,
    isLeaving: Bool = false
  ) {
    self.contentRect = contentRect
    self.overlayAlpha = overlayAlpha
    self.cornerRadius = cornerRadius
    self.styleProgress = styleProgress
    self.isLeaving = isLeaving
  }

  /// Whether every number is finite.
  public var isFinite: Bool {
    overlayAlpha.isFinite && (contentRect?.isFinite ?? true) && cornerRadius.isFinite && styleProgress.isFinite
  }
}
