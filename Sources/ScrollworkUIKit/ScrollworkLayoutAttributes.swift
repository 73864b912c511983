#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore

/// Layout attributes with the values some Scrollwork layouts compute
/// beyond UIKit's set: the photo's rectangle inside the cell (aspect-fill
/// cropping, parallax), the stretchy header's darkening, the Months
/// summary's style progress. A cell reads them in
/// `apply(_:)`.
///
/// `copy(with:)` and `isEqual(_:)` include every extra value: UIKit keeps
/// a copy of the attributes it applies to a view and compares the next
/// answer with it to decide whether the view needs them again (in a scroll
/// frame the layout sets new values on the objects it handed out before:
/// see `ScrollworkLayout`), and drops a change these two miss. A cell reads
/// the values in `apply(_:)` rather than keeping the object.
///
/// The extras are main-actor values, as UIKit's own. They live in one
/// stored value that `isEqual(_:)`, `NSObject`'s nonisolated method which
/// UIKit calls on the main thread for every element on screen in every
/// layout pass, reads directly (`MainActor.assumeIsolated` there allocated
/// a context on every comparison). Set by the layout on the main actor: not
/// checked for exclusive access at run time (`@exclusivity(unchecked)`).
@MainActor
open class ScrollworkLayoutAttributes: UICollectionViewLayoutAttributes {
  /// Every extra value, copied and compared.
  struct Extras: Equatable {
    var contentRect: CGRect?
    var overlayAlpha: CGFloat = 0
    var styleProgress: CGFloat = 0
    var cornerRadius: CGFloat = 0
  }

  /// The extras, read by the nonisolated `isEqual(_:)` (on the main
  /// thread) and written only through the main-actor properties below.
  @exclusivity(unchecked) nonisolated(unsafe) final var extras = Extras()

  /// Where the element's photo goes, in the element's own coordinates
  /// (origin at its top-left corner); `nil` to fill the element.
  public var contentRect: CGRect? {
    get { extras.contentRect }
    set { extras.contentRect = newValue }
  }
  /// An overlay over the content, 0 (none) to 1 (opaque).
  public var overlayAlpha: CGFloat {
    get { extras.overlayAlpha }
    set { extras.overlayAlpha = newValue }
  }
  /// How far the element shows its mode's accessory style, 0 to 1.
  public var styleProgress: CGFloat {
    get { extras.styleProgress }
    set { extras.styleProgress = newValue }
  }
  /// The corner radius the layout asks for, in points.
  public var cornerRadius: CGFloat {
    get { extras.cornerRadius }
    set { extras.cornerRadius = newValue }
  }

  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone)
    (copy as? ScrollworkLayoutAttributes)?.extras = extras
    return copy
  }

  // UIKit calls `isEqual(_:)` (an `NSObject` method, so not isolated) on
  // the main thread, where it lays out and where the extras are written.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? ScrollworkLayoutAttributes else { return false }
    return other.extras == extras && super.isEqual(object)
  }

  /// Copies `attributes` into these: frame (as centre and size),
  /// transform, alpha, z-index, hidden, and the extras.
  func apply(_ attributes: LayoutAttributes) {
    withUnsafePointer(to: attributes) { apply($0) }
  }

  /// `apply(_:)` reading the values where they are (no copy of the whole
  /// value: a frame's changed elements are read from the host's answer).
  /// Inlined into the makers (`applying(_:to:)`).
  @inline(__always)
  func apply(_ attributes: UnsafePointer<LayoutAttributes>) {
    center = CGPoint(attributes.pointee.center)
    size = CGSize(attributes.pointee.size)
    transform = CGAffineTransform(attributes.pointee.transform)
    alpha = CGFloat(attributes.pointee.alpha)
    zIndex = attributes.pointee.zIndex
    isHidden = attributes.pointee.isHidden
    ScrollworkLayoutAttributes.applyExtras(attributes.pointee.extras, to: self)
  }

  /// The layout's extra values (`LayoutAttributes.extras`): the one place
  /// that reads them.
  static func applyExtras(_ extras: AttributeExtras, to target: ScrollworkLayoutAttributes) {
    // No closure (`Optional.map`): a main-actor closure handed to a
    // nonisolated function checks its executor at run time, per object.
    var values = Extras()
    if let rect = extras.contentRect { values.contentRect = CGRect(rect) }
    values.overlayAlpha = CGFloat(extras.overlayAlpha)
    values.styleProgress = CGFloat(extras.styleProgress)
    values.cornerRadius = CGFloat(extras.cornerRadius)
    target.extras = values
  }

  /// New attributes for `attributes`, of this class.
  static func make(_ attributes: LayoutAttributes) -> ScrollworkLayoutAttributes {
    withUnsafePointer(to: attributes) { make($0, at: attributes.id.indexPath, named: nil) }
  }

  /// New attributes for the values at `attributes`, at `indexPath`, with
  /// the kind name `name` (a changed value of an element takes its last
  /// attributes' path and name: no path made, no name looked up); `nil`:
  /// the kind's UIKit name.
  static func make(
    _ attributes: UnsafePointer<LayoutAttributes>, at indexPath: IndexPath, named name: String?
  ) -> ScrollworkLayoutAttributes {
    switch attributes.pointee.id.kind.category {
    case .cell:
      return applying(attributes, to: ScrollworkLayoutAttributes(forCellWith: indexPath))
    case .supplementary:
      return applying(
        attributes,
        to: ScrollworkLayoutAttributes(
          forSupplementaryViewOfKind: name ?? attributes.pointee.id.kind.uikitName, with: indexPath))
    case .decoration:
      return applying(
        attributes,
        to: ScrollworkLayoutAttributes(
          forDecorationViewOfKind: name ?? attributes.pointee.id.kind.uikitName, with: indexPath))
    }
  }

  /// `made` with the values at `attributes`, handed on (taken and
  /// returned: no retain around the writes, as a local assigned in each
  /// case of a switch had).
  @inline(__always)
  private static func applying(
    _ attributes: UnsafePointer<LayoutAttributes>, to made: __owned ScrollworkLayoutAttributes
  ) -> ScrollworkLayoutAttributes {
    made.apply(attributes)
    return made
  }
}

/// The view UIKit shows for a decoration element of a Scrollwork layout
/// (the tag table's row backgrounds): registered by `ScrollworkLayout` for
/// every decoration kind its layout emits, so UIKit never meets a kind
/// nothing registered. It draws nothing; subclass and register your own
/// class for the kind (`register(_:forDecorationViewOfKind:)` on the
/// layout) to draw one.
@MainActor
open class ScrollworkDecorationView: UICollectionReusableView {}
