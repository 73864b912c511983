#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost

/// The host's calls of a scroll frame (the bounds-change question and
/// context, the invalidation, `prepare()`, the content size, the elements,
/// the album strip's state), compiled where the layout's type is known.
///
/// `ScrollworkLayout` is generic, and UIKit reaches its overrides through
/// the class's table of methods: their bodies run unspecialised, so every
/// use of the host would look up type metadata at run time and copy the
/// prepared layout through its value witnesses (a retain of each of its
/// arrays) just to test it for `nil`; that was most of a frame. These
/// closures are made by the layout's inlinable initialiser, so the
/// compiler emits them for the concrete layout at the place the layout is
/// made (an app's `ScrollworkLayout.carousel()`, the presets here): the
/// overrides call them and the host runs specialised. Each closure takes
/// the layout as an argument (none captures it: no retain cycle).
@MainActor
@usableFromInline
struct FramePath<Prepared: PreparedLayout> {
  @usableFromInline typealias Layout = ScrollworkLayout<Prepared>

  /// `shouldInvalidateLayout(forBoundsChange:)`: when not, the host moves
  /// to the bounds (UIKit moves them without a prepare).
  @usableFromInline let shouldInvalidate: @MainActor (Layout, Rect) -> Bool
  /// `invalidationContext(forBoundsChange:)`'s model.
  @usableFromInline let boundsContext: @MainActor (Layout, Rect) -> InvalidationContext
  /// `invalidateLayout(with:)`'s host part.
  @usableFromInline let invalidate: @MainActor (Layout, InvalidationContext) -> Void
  /// `prepare()`'s host part: scale, insets, then the prepare with the
  /// counts given (`nil`: the host's own, unchanged).
  @usableFromInline let prepare: @MainActor (Layout, Rect, [Int]?, Double, EdgeInsets) -> HostError?
  /// `collectionViewContentSize`.
  @usableFromInline let contentSize: @MainActor (Layout) -> Size
  /// `layoutAttributesForElements(in:)`: the layout's reused answer brought
  /// to the host's elements in the rectangle.
  @usableFromInline let elements: @MainActor (Layout, Rect) -> Void
  /// `setState(_:)`'s scoped context.
  @usableFromInline let stateContext: @MainActor (Layout, Prepared.State) -> InvalidationContext

  @inlinable
  init() {
    shouldInvalidate = { layout, bounds in
      // Asked through `inout`: a non-mutating call on a class's stored
      // struct copies the whole host first (the class could change it
      // during the call), a retain and release of each of its arrays.
      // Not inlined: the host's non-mutating call then reads it where it
      // is (inlined, the compiler copied the whole host to call it).
      @inline(never) func ask(_ host: inout LayoutHost<Prepared>) -> Bool {
        if host.shouldInvalidate(forBoundsChange: bounds) { return true }
        // UIKit moves the bounds without a prepare: the host follows, so
        // what it answers next (an update's anchor, a snap from the drag's
        // start) starts from where the view is.
        try? host.setBounds(bounds)
        return false
      }
      return ask(&layout.storedHost)
    }
    boundsContext = { layout, bounds in layout.storedHost.invalidationContext(forBoundsChange: bounds) }
    invalidate = { layout, model in layout.storedHost.invalidate(with: model) }
    prepare = { layout, bounds, counts, scale, insets in
      // One access to the host for the whole prepare (each access of a
      // class's stored struct is checked for exclusivity at run time).
      func run(_ host: inout LayoutHost<Prepared>) -> HostError? {
        // Set only when they differ: the same values are a no-op either
        // way (the scale's `didSet` compares; the insets stored are
        // already clean), without the setters' work every frame.
        if host.scale != scale { host.scale = scale }
        if host.scrollViewInsets != insets { host.scrollViewInsets = insets }
        do throws(HostError) {
          // The host's own counts are passed back unread (compared by
          // identity, O(1)) when the data did not change.
          try host.prepareForFrame(bounds: bounds, counts: counts ?? host.counts)
          return nil
        } catch {
          return error
        }
      }
      return run(&layout.storedHost)
    }
    contentSize = { layout in
      // Read through `inout`: a read of a class's stored struct copies it
      // first (the class could change it during the call); not inlined,
      // for the same reason as `ask` above.
      @inline(never) func read(_ host: inout LayoutHost<Prepared>) -> Size { host.contentSize }
      return read(&layout.storedHost)
    }
    elements = { layout, rect in
      // Read in place: the host lends the answer it kept for these bounds
      // (no copy of the attributes before they become UIKit's).
      layout.storedHost.withElements(in: rect) { elements in
        _ = layout.reusable.update(with: elements, inPlace: layout.renewsInPlace) { made in
          if made.kind.category == .decoration { layout.registerDecoration(made.kind) }
        }
      }
    }
    stateContext = { layout, state in layout.storedHost.invalidationContext(forStateChange: state) }
  }
}
