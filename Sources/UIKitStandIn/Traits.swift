#if !canImport(UIKit)
  import Foundation

  /// The traits of a view's environment (UIKit's `UITraitCollection`): the
  /// display scale and layout direction layouts read. Immutable, as in
  /// UIKit; a test gives a view its traits with
  /// `UIView.setStandInTraitCollection(_:)`.
  public final class UITraitCollection: NSObject, Sendable {
    /// Points to pixels (2 on most iPhones, 3 on Pro models; 0 when unspecified).
    public let displayScale: CGFloat
    /// The layout direction of the environment.
    public let layoutDirection: UIUserInterfaceLayoutDirection

    /// Traits with the given scale and direction (a stand-in initializer).
    public init(displayScale: CGFloat, layoutDirection: UIUserInterfaceLayoutDirection) {
      self.displayScale = displayScale
      self.layoutDirection = layoutDirection
    }

    /// Traits with only a display scale (UIKit's initializer).
    public convenience init(displayScale: CGFloat) {
      self.init(displayScale: displayScale, layoutDirection: .leftToRight)
    }

    /// Traits with only a layout direction (UIKit's initializer).
    public convenience init(layoutDirection: UIUserInterfaceLayoutDirection) {
      self.init(displayScale: 0, layoutDirection: layoutDirection)
    }

    /// The traits of `traits` combined, later ones winning where they
    /// specify a value (UIKit's `init(traitsFrom:)`).
    public convenience init(traitsFrom traits: [UITraitCollection]) {
      var scale: CGFloat = 0
      var direction = UIUserInterfaceLayoutDirection.leftToRight
      for t in traits {
        if t.displayScale != 0 { scale = t.displayScale }
        direction = t.layoutDirection
      }
      self.init(displayScale: scale, layoutDirection: direction)
    }

    /// The stand-in screen's traits, for views with none of their own: a
    /// 2x display, left to right.
    public static let standInScreen = UITraitCollection(displayScale: 2, layoutDirection: .leftToRight)

    public override func isEqual(_ object: Any?) -> Bool {
      guard let other = object as? UITraitCollection else { return false }
      return other.displayScale == displayScale && other.layoutDirection == layoutDirection
    }

    public override var hash: Int { displayScale.hashValue ^ layoutDirection.rawValue }
  }

  /// Accessibility traits of an element (UIKit's `UIAccessibilityTraits`).
  public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
  }

  /// UIKit's accessibility settings and notifications (`UIAccessibility`).
  /// Tests set ``isReduceMotionEnabled`` and read ``postedNotifications``.
  public enum UIAccessibility {
    /// A notification posted to assistive technologies
    /// (`UIAccessibility.Notification`).
    public struct Notification: RawRepresentable, Hashable, Sendable {
      public let rawValue: UInt32
      public init(rawValue: UInt32) { self.rawValue = rawValue }

      public static let screenChanged = Notification(rawValue: 1000)
      public static let layoutChanged = Notification(rawValue: 1001)
      public static let announcement = Notification(rawValue: 1008)
      public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// One posted notification and the description of its argument.
    public struct Posted: Hashable, Sendable {
      public var notification: Notification
      public var argument: String?
    }

    private final class State: @unchecked Sendable {
      let lock = NSLock()
      var reduceMotion = false
      var posted: [Posted] = []
    }
    private static let state = State()

    /// Whether Reduce Motion is on; settable by tests (UIKit's is read-only).
    public static var isReduceMotionEnabled: Bool {
      get { state.lock.withLock { state.reduceMotion } }
      set { state.lock.withLock { state.reduceMotion = newValue } }
    }

    /// Every notification posted, oldest first; tests may clear it.
    public static var postedNotifications: [Posted] {
      get { state.lock.withLock { state.posted } }
      set { state.lock.withLock { state.posted = newValue } }
    }

    /// Posts `notification` (recorded in ``postedNotifications``; a string
    /// argument is kept as is, another as its description).
    public static func post(notification: Notification, argument: Any?) {
      let text = argument.map { ($0 as? String) ?? String(describing: $0) }
      state.lock.withLock { state.posted.append(Posted(notification: notification, argument: text)) }
    }
  }
#endif
