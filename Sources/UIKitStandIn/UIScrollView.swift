#if !canImport(UIKit)
  import Foundation

  /// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`).
  /// Every method is optional in UIKit; here each has an empty default in an
  /// extension, so a conforming type implements only what it needs.
  ///
  /// A difference from Objective-C's optional methods: a default is chosen
  /// statically, so a method a subclass adds (and its superclass does not
  /// declare) is not seen through the protocol.
  @MainActor
  public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
  }

  extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  }

  /// A view whose content scrolls (UIKit's `UIScrollView`): the content
  /// offset is the bounds' origin; insets, deceleration rate, paging, and
  /// the tracking state a test's drag driver sets (`UIScrollView+Drag.swift`).
  @MainActor
  open class UIScrollView: UIView {
    // The values below marked `@exclusivity(unchecked)` are plain
    // main-actor state, never lent across a call that could reach them
    // again: not checked for exclusive access at run time.
    /// How far the scroll view decelerates per millisecond after a flick
    /// (UIKit's `UIScrollView.DecelerationRate`, a `CGFloat` wrapper).
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
      public var rawValue: CGFloat
      public init(rawValue: CGFloat) { self.rawValue = rawValue }
      /// 0.998 per millisecond (`UIScrollViewDecelerationRateNormal`).
      public static let normal = DecelerationRate(rawValue: 0.998)
      /// 0.99 per millisecond (`UIScrollViewDecelerationRateFast`).
      public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// How the safe area adjusts the content inset (UIKit's
    /// `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
      /// Like `.scrollableAxes`; UIKit also adjusts top and bottom for a
      /// scroll view owned by a view controller in a navigation controller
      /// (``UIScrollView/standInIsInNavigationController``).
      case automatic = 0
      /// Edges of scrollable axes are adjusted (content larger than the
      /// frame on that axis, or `alwaysBounce…` set).
      case scrollableAxes = 1
      /// The content inset is never adjusted.
      case never = 2
      /// Every edge is always adjusted by the safe area.
      case always = 3
    }

    /// The scroll view's delegate (weak). `UICollectionView` reads it as a
    /// `UICollectionViewDelegate` when it is one: UIKit narrows the
    /// property's type in the subclass, which Swift cannot.
    @exclusivity(unchecked) open weak var delegate: (any UIScrollViewDelegate)?

    /// The size of the content.
    @exclusivity(unchecked) open var contentSize: CGSize = .zero
    /// Extra room around the content, set by the app.
    @exclusivity(unchecked) open var contentInset: UIEdgeInsets = .zero {
      didSet { if oldValue != contentInset { adjustedContentInsetDidChange() } }
    }
    /// How ``adjustedContentInset`` takes the safe area into account.
    @exclusivity(unchecked) open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
      didSet { adjustedContentInsetDidChange() }
    }
    /// Whether the view bounces vertically even when the content fits.
    @exclusivity(unchecked) open var alwaysBounceVertical = false
    /// Whether the view bounces horizontally even when the content fits.
    @exclusivity(unchecked) open var alwaysBounceHorizontal = false
    /// Whether the view stops on multiples of its bounds.
    open var isPagingEnabled = false
    /// Whether the user can scroll.
    open var isScrollEnabled = true
    /// How fast a flick slows down.
    open var decelerationRate: DecelerationRate = .normal
    /// Whether scroll indicators show (recorded only).
    open var showsHorizontalScrollIndicator = true
    /// Whether scroll indicators show (recorded only).
    open var showsVerticalScrollIndicator = true

    /// Whether the user's finger is down (set by the drag driver).
    public internal(set) var isTracking = false
    /// Whether the user is dragging (set by the drag driver).
    public internal(set) var isDragging = false
    /// Whether the content is moving after the finger lifted.
    public internal(set) var isDecelerating = false

    /// Stands for UIKit's "owned by a view controller with
    /// `automaticallyAdjustsScrollViewInsets` in a navigation controller":
    /// with `.automatic`, top and bottom are then adjusted whether or not
    /// the view scrolls vertically (the header `UIScrollView.h` says so).
    @exclusivity(unchecked) public var standInIsInNavigationController = false {
      didSet { adjustedContentInsetDidChange() }
    }

    /// The content offset: the bounds' origin. Setting it changes the
    /// bounds (so a collection view asks its layout about the bounds change)
    /// and then tells the delegate `scrollViewDidScroll`.
    open var contentOffset: CGPoint {
      get { bounds.origin }
      set {
        var rect = bounds
        guard newValue != rect.origin else { return }
        // Read, then written whole: `bounds.origin = …` would go through
        // the property's modify coroutine, whose frame is allocated on
        // every call.
        rect.origin = newValue
        bounds = rect
      }
    }

    /// Sets the offset; an animated change completes at once (the stand-in
    /// has no animations) and then tells the delegate
    /// `scrollViewDidEndScrollingAnimation`, as UIKit does at the end.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
      let changed = contentOffset != self.contentOffset
      self.contentOffset = contentOffset
      if animated, changed { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    /// The content inset plus the safe area where
    /// ``contentInsetAdjustmentBehavior`` applies it (UIKit's rules per axis,
    /// from `UIScrollView.h`): `.never` none; `.always` every edge;
    /// `.scrollableAxes` the edges of each axis whose content is larger than
    /// the frame (or that always bounces); `.automatic` as `.scrollableAxes`,
    /// plus top and bottom when ``standInIsInNavigationController``.
    open var adjustedContentInset: UIEdgeInsets {
      let safe = safeAreaInsets
      var vertical = false
      var horizontal = false
      switch contentInsetAdjustmentBehavior {
      case .never: break
      case .always:
        vertical = true
        horizontal = true
      case .scrollableAxes, .automatic:
        vertical = alwaysBounceVertical || contentSize.height > bounds.height
        horizontal = alwaysBounceHorizontal || contentSize.width > bounds.width
        if contentInsetAdjustmentBehavior == .automatic, standInIsInNavigationController { vertical = true }
      }
      var insets = contentInset
      if vertical {
        insets.top += safe.top
        insets.bottom += safe.bottom
      }
      if horizontal {
        insets.left += safe.left
        insets.right += safe.right
      }
      return insets
    }

    /// Called when ``adjustedContentInset`` may have changed.
    open func adjustedContentInsetDidChange() {}

    open override func safeAreaInsetsDidChange() {
      super.safeAreaInsetsDidChange()
      adjustedContentInsetDidChange()
    }

    /// The smallest and largest offsets the content can rest at: from
    /// minus the leading insets to the content's end plus the trailing
    /// insets less the bounds (never below the smallest).
    public var standInOffsetLimits: (min: CGPoint, max: CGPoint) {
      let insets = adjustedContentInset
      let minimum = CGPoint(x: -insets.left, y: -insets.top)
      let maximum = CGPoint(
        x: Swift.max(minimum.x, contentSize.width + insets.right - bounds.width),
        y: Swift.max(minimum.y, contentSize.height + insets.bottom - bounds.height))
      return (minimum, maximum)
    }

    /// `offset` clamped to ``standInOffsetLimits``.
    public func standInClamped(_ offset: CGPoint) -> CGPoint {
      let limits = standInOffsetLimits
      return CGPoint(
        x: Swift.min(Swift.max(offset.x, limits.min.x), limits.max.x),
        y: Swift.min(Swift.max(offset.y, limits.min.y), limits.max.y))
    }

    /// Where a flick would rest after the projection; a collection view
    /// asks its layout.
    func standInTargetOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    override func boundsDidChange(from old: CGRect) {
      super.boundsDidChange(from: old)
      if old.origin != bounds.origin { delegate?.scrollViewDidScroll(self) }
    }
  }
#endif
