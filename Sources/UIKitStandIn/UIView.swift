#if !canImport(UIKit)
  import Foundation

  /// An object that responds to events (UIKit's `UIResponder`).
  @MainActor
  open class UIResponder: NSObject {
    public override init() { super.init() }
  }

  /// Accessibility values UIKit declares on `NSObject` (the informal
  /// `UIAccessibility` protocol, not isolated to the main actor in the iOS
  /// 17.4 SDK): kept behind a lock so they can be read from any context.
  final class AccessibilityStorage: @unchecked Sendable {
    let lock = NSLock()
    var isElement = false
    var label: String?
    var value: String?
    var traits: UIAccessibilityTraits = []
  }

  /// A rectangular area of the screen (UIKit's `UIView`): frame, bounds,
  /// centre, transform, alpha, hierarchy, traits, layout and the
  /// accessibility members collection views use.
  ///
  /// As in UIKit, `frame` is derived from `center`, `bounds.size` and
  /// `transform`; setting `bounds` calls ``boundsDidChange(from:)``, which
  /// `UIScrollView` and `UICollectionView` use.
  @MainActor
  open class UIView: UIResponder {
    // Plain main-actor state, read and written many times a frame and
    // never lent across a call that could reach it again: not checked for
    // exclusive access at run time (`@exclusivity(unchecked)`).
    @exclusivity(unchecked) private var _bounds: CGRect
    @exclusivity(unchecked) private var _center: CGPoint
    @exclusivity(unchecked) private var _traitOverride: UITraitCollection?
    private let accessibilityStorage = AccessibilityStorage()
    @exclusivity(unchecked) private var needsLayout = true

    /// The view's position and size in its superview's coordinates. Setting
    /// it sets `center` and `bounds.size` (with a transform, UIKit leaves it
    /// undefined; the stand-in sets the untransformed frame).
    open var frame: CGRect {
      get {
        let size = _bounds.size
        let t = transform
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 {
          return CGRect(
            x: _center.x - size.width / 2 + t.tx, y: _center.y - size.height / 2 + t.ty, width: size.width,
            height: size.height)
        }
        let w = abs(t.a * size.width) + abs(t.c * size.height)
        let h = abs(t.b * size.width) + abs(t.d * size.height)
        return CGRect(x: _center.x + t.tx - w / 2, y: _center.y + t.ty - h / 2, width: w, height: h)
      }
      set {
        _center = CGPoint(x: newValue.midX, y: newValue.midY)
        bounds = CGRect(origin: _bounds.origin, size: newValue.size)
      }
    }

    /// The view's own coordinate system: its origin (a scroll view's content
    /// offset) and size.
    open var bounds: CGRect {
      get { _bounds }
      set {
        let old = _bounds
        guard old != newValue else { return }
        guard boundsWillChange(from: old, to: newValue) else { return }
        _bounds = newValue
        if old.size != newValue.size { setNeedsLayout() }
        boundsDidChange(from: old)
      }
    }

    /// The centre of the frame in the superview's coordinates.
    open var center: CGPoint {
      get { _center }
      set { _center = newValue }
    }

    /// The transform applied around the centre.
    @exclusivity(unchecked) open var transform: CGAffineTransform = .identity
    /// The opacity, 0 to 1.
    @exclusivity(unchecked) open var alpha: CGFloat = 1
    /// Whether the view is hidden.
    @exclusivity(unchecked) open var isHidden = false
    /// Whether subviews are clipped to the bounds (recorded only).
    open var clipsToBounds = false
    /// Whether the view takes touches (recorded only).
    open var isUserInteractionEnabled = true
    /// An integer the app uses to identify the view.
    open var tag = 0

    /// The views inside this one, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this one is inside.
    public var superview: UIView? { storedSuperview }
    /// ``superview``, unretained as UIKit's own (an assigned pointer that
    /// the superview clears when the view leaves it, and when it goes: see
    /// `deinit`). Not a Swift `weak` reference: that gives the superview a
    /// side table, after which every retain and release of it (a
    /// collection view's, several a frame) takes the run time's slow path;
    /// Objective-C's weak references cost UIKit nothing of the kind.
    /// `nonisolated(unsafe)`: cleared by the superview's `deinit`, which is
    /// not isolated (UIKit releases views on the main thread).
    @exclusivity(unchecked) nonisolated(unsafe) unowned(unsafe) private var storedSuperview: UIView?

    /// A view with `frame`.
    public init(frame: CGRect) {
      _bounds = CGRect(origin: .zero, size: frame.size)
      _center = CGPoint(x: frame.midX, y: frame.midY)
      super.init()
    }

    /// Views are not decoded in the stand-in: always `nil`.
    public required init?(coder: NSCoder) { return nil }

    /// A view with a zero frame (UIKit's `init()` calls `init(frame: .zero)`).
    public convenience override init() { self.init(frame: .zero) }

    /// Adds `view` on top of the subviews (removing it from its superview first).
    open func addSubview(_ view: UIView) {
      view.removeFromSuperview()
      subviews.append(view)
      view.storedSuperview = self
    }

    /// Inserts `view` at `index` of the subviews.
    open func insertSubview(_ view: UIView, at index: Int) {
      view.removeFromSuperview()
      subviews.insert(view, at: Swift.min(Swift.max(index, 0), subviews.count))
      view.storedSuperview = self
    }

    /// Removes the view from its superview.
    open func removeFromSuperview() {
      guard let superview else { return }
      superview.subviews.removeAll { $0 === self }
      storedSuperview = nil
    }

    // The subviews outlive their superview only when something else holds
    // them: their pointer to it is cleared first (it holds them until
    // now, so each is still there).
    deinit {
      for view in subviews { view.storedSuperview = nil }
    }

    // MARK: Traits and direction

    /// The view's traits: its own (set by a test), else its superview's,
    /// else the stand-in screen's.
    open var traitCollection: UITraitCollection {
      _traitOverride ?? superview?.traitCollection ?? .standInScreen
    }

    /// Gives the view (and subviews without their own) `traits`; a test's
    /// stand-in for a window's scale and a language's direction.
    public func setStandInTraitCollection(_ traits: UITraitCollection?) {
      _traitOverride = traits
      setNeedsLayout()
    }

    /// How the view's content is laid out in right-to-left languages.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified

    /// The layout direction of the view: forced by
    /// `semanticContentAttribute` (`.forceLeftToRight`, `.forceRightToLeft`;
    /// `.playback` and `.spatial` are left to right), else the traits'.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
      switch semanticContentAttribute {
      case .forceLeftToRight, .playback, .spatial: .leftToRight
      case .forceRightToLeft: .rightToLeft
      case .unspecified: traitCollection.layoutDirection
      }
    }

    /// Insets a test sets to stand for bars and the notch (UIKit computes
    /// them from the window; the stand-in takes them as given).
    open var safeAreaInsets: UIEdgeInsets { standInSafeAreaInsets }

    /// The safe-area insets the view reports (settable by tests, for
    /// example 91 points at the top for a large-title navigation bar).
    @exclusivity(unchecked) public var standInSafeAreaInsets = UIEdgeInsets.zero {
      didSet { if oldValue != standInSafeAreaInsets { safeAreaInsetsDidChange() } }
    }

    /// Called when the safe-area insets change.
    open func safeAreaInsetsDidChange() { setNeedsLayout() }

    // MARK: Layout

    /// Marks the view as needing layout at the next layout pass.
    open func setNeedsLayout() { needsLayout = true }

    /// Whether a layout pass is pending.
    public var standInNeedsLayout: Bool { needsLayout }

    /// Lays out the view now if it needs it, then its subviews.
    open func layoutIfNeeded() {
      if needsLayout {
        needsLayout = false
        layoutSubviews()
      }
      for view in subviews { view.layoutIfNeeded() }
    }

    /// Lays out subviews; the default does nothing.
    open func layoutSubviews() {}

    /// The size that fits `size`; the default returns the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits` its current size.
    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }

    /// Called before `bounds` changes; returning `false` keeps the old
    /// bounds (the stand-in's hook for a raised exception).
    func boundsWillChange(from old: CGRect, to new: CGRect) -> Bool { true }

    /// Called after `bounds` changed (a scroll or a resize).
    func boundsDidChange(from old: CGRect) {}

    // MARK: Accessibility (nonisolated in UIKit: `NSObject`'s informal protocol)

    /// Whether assistive technologies see the view as one element.
    nonisolated open var isAccessibilityElement: Bool {
      get { accessibilityStorage.lock.withLock { accessibilityStorage.isElement } }
      set { accessibilityStorage.lock.withLock { accessibilityStorage.isElement = newValue } }
    }

    /// The element's label.
    nonisolated open var accessibilityLabel: String? {
      get { accessibilityStorage.lock.withLock { accessibilityStorage.label } }
      set { accessibilityStorage.lock.withLock { accessibilityStorage.label = newValue } }
    }

    /// The element's value.
    nonisolated open var accessibilityValue: String? {
      get { accessibilityStorage.lock.withLock { accessibilityStorage.value } }
      set { accessibilityStorage.lock.withLock { accessibilityStorage.value = newValue } }
    }

    /// The element's traits.
    nonisolated open var accessibilityTraits: UIAccessibilityTraits {
      get { accessibilityStorage.lock.withLock { accessibilityStorage.traits } }
      set { accessibilityStorage.lock.withLock { accessibilityStorage.traits = newValue } }
    }

    /// The elements inside the view, in reading order (main actor, as in UIKit).
    open var accessibilityElements: [Any]?

    /// An adjustable element's increment (swipe up); the default does nothing.
    nonisolated open func accessibilityIncrement() {}
    /// An adjustable element's decrement (swipe down); the default does nothing.
    nonisolated open func accessibilityDecrement() {}
  }
#endif
