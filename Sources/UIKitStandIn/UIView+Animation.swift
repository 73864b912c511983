#if !canImport(UIKit)
  import Foundation

  // Animation blocks, and what a collection view's animated change records.
  //
  // UIKit (Apple, `UIView.animate(withDuration:delay:options:animations:completion:)`):
  // "Animates changes to one or more views using the specified duration,
  // delay, options, and completion handler"; changes made to animatable
  // properties inside the block (a view's frame, centre, alpha) animate from
  // what is shown to the new value. A collection view's batch update run
  // inside such a block (`performBatchUpdates(_:completion:)`, with a `nil`
  // updates block to animate a layout change only, the idiom WWDC 2018 "A
  // Tour of UICollectionView" uses for layout changes) takes the block's
  // duration and curve for its cells; outside one UIKit uses its own
  // duration (undocumented; the stand-in records
  // `StandInViewAnimation.defaultBatchDuration`). For every element visible
  // after the update UIKit animates from
  // `initialLayoutAttributesForAppearingItem(at:)` (else where it was) to its
  // new attributes, and for every element visible before from where it was
  // to `finalLayoutAttributesForDisappearingItem(at:)` (else where it is
  // after); the stand-in records each as a `StandInViewAnimation` with the
  // frame the view showed just before (so a test can see that nothing
  // jumped before the animation began). The animations end at once here
  // (the stand-in has no render server): the model values are the final
  // ones, as in UIKit, where the presentation layer alone moves.
  extension UIView {
    /// Options for animating views (UIKit's `UIView.AnimationOptions`); the
    /// stand-in records the curve and ignores the rest.
    public struct AnimationOptions: OptionSet, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
      public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
      public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
      public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
      public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
      public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
      public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    }

    /// The animation block being run, if any (innermost).
    static var currentAnimation: (duration: Double, delay: Double, options: AnimationOptions)?

    /// Runs `animations` as one animation of `duration` seconds after
    /// `delay`; changes made inside it record that duration. The stand-in
    /// ends it at once: `completion` is called with `true` before this
    /// returns (UIKit calls it when the animation ends).
    public class func animate(
      withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
      animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
      let outer = currentAnimation
      currentAnimation = (max(0, duration.isFinite ? duration : 0), max(0, delay.isFinite ? delay : 0), options)
      animations()
      currentAnimation = outer
      completion?(true)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no
    /// delay and no options.
    public class func animate(
      withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
      animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with animations off (changes inside
    /// record no animation).
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
      let outer = currentAnimation
      currentAnimation = (0, 0, [])
      actionsWithoutAnimation()
      currentAnimation = outer
    }
  }

  /// One view's animation in a collection view's animated change (a batch
  /// update): the element, the frame it showed just before, the frames it
  /// animates from and to, and for how long.
  public struct StandInViewAnimation: CustomStringConvertible, Sendable {
    /// UIKit's duration for a batch update outside an animation block
    /// (undocumented; the stand-in's value).
    public static let defaultBatchDuration = 0.3
    /// The element (its index path after the change for an appearing
    /// element, before it for a disappearing one).
    public let element: StandInElement
    /// Whether the element is visible after the change (`false`: it
    /// leaves the screen or is deleted).
    public let isAppearing: Bool
    /// The frame its view showed just before the change; `nil` when it had
    /// no view (it comes on screen).
    public let shownBefore: CGRect?
    public let from: CGRect
    public let to: CGRect
    public let fromAlpha: CGFloat
    public let toAlpha: CGFloat
    /// Seconds.
    public let duration: Double
    /// When it ran (`CACurrentMediaTime()`).
    public let startTime: Double

    /// Whether the view moves or changes size.
    public var moves: Bool { from != to }

    public nonisolated var description: String {
      "\(isAppearing ? "appearing" : "disappearing") \(element) \(from) -> \(to) in \(duration) s"
    }
  }

  extension UICollectionView {
    /// Every view animation of this collection view's animated changes
    /// (batch updates), oldest first, until ``resetViewAnimations()``.
    public var viewAnimations: [StandInViewAnimation] {
      Self.viewAnimationLog[ObjectIdentifier(self)] ?? []
    }

    /// Forgets ``viewAnimations``.
    public func resetViewAnimations() { Self.viewAnimationLog[ObjectIdentifier(self)] = nil }

    static var viewAnimationLog: [ObjectIdentifier: [StandInViewAnimation]] = [:]

    /// Records the views' animations of the batch update just recorded in
    /// `animations`, with the frames the views showed before it
    /// (`shownBefore`, by element before the update).
    func recordViewAnimations(shownBefore: [StandInElement: CGRect], recorder: BatchRecorder?) {
      let duration = UIView.currentAnimation?.duration ?? StandInViewAnimation.defaultBatchDuration
      let now = CACurrentMediaTime()
      var log = Self.viewAnimationLog[ObjectIdentifier(self)] ?? []
      // The frame shown before, by element after the update.
      var shownByNewKey: [StandInElement: CGRect] = [:]
      for (key, frame) in shownBefore {
        if let mapped = map(key, recorder), !isReloaded(key, recorder) { shownByNewKey[mapped] = frame }
      }
      for animation in animations {
        guard let from = animation.from, let to = animation.to else { continue }
        let appearing = animation.kind == .appearing
        log.append(
          StandInViewAnimation(
            element: animation.element, isAppearing: appearing,
            shownBefore: appearing ? shownByNewKey[animation.element] : shownBefore[animation.element],
            from: from.frame, to: to.frame, fromAlpha: from.alpha, toAlpha: to.alpha, duration: duration,
            startTime: now))
      }
      Self.viewAnimationLog[ObjectIdentifier(self)] = log
    }
  }
#endif
