#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import UIKitStandIn
#endif
import LayoutCore
import LayoutHost

// The waterfall's settle in UIKit, animated by identity.
//
// Scrolling up through estimated cells leaves slack at the top of the
// waterfall's columns (see Guides/Waterfall.md). When it is about to show
// (`LayoutHost.needsSettle(at:)`: in the visible rectangle or a quarter of
// its height above), the shell does what an app does to animate a layout
// change: after the current layout pass (at the next frame, from a one-shot
// display link; never from inside `prepare()` or a layout pass), it runs
// `performBatchUpdates(nil)` inside `UIView.animate(withDuration:…)`.
// UIKit invalidates the data source counts, prepares (the host lays the
// learnt sizes out afresh: the columns flush), asks for the elements in
// view, and animates every view by identity: an element on screen before
// and after from where it is to its settled place
// (`initialLayoutAttributesForAppearingItem(at:)` answers where it was),
// one entering from where it was in the layout before, one leaving to its
// settled place (`finalLayoutAttributesForDisappearingItem(at:)`). The
// content offset goes to `targetContentOffset(forProposedContentOffset:)`,
// which keeps the first item on screen where it is (at the content's top
// the offset stays). Apple documents the batch update's animation and the
// initial/final attributes (`UICollectionViewLayout`); running
// `performBatchUpdates` inside an animation block to set its duration is
// common practice, not documented.
extension ScrollworkLayout {
  /// How long the shell's settle animates (seconds): the engine's
  /// `WaterfallSettle.defaultDuration`.
  public static var settleDuration: TimeInterval { WaterfallSettle.defaultDuration }

  /// Schedules the settle for the next frame when the host has slack that
  /// `bounds` would show and none is scheduled. O(1) for layouts that
  /// leave no slack (a type-level check); the waterfall's check is
  /// O(log s + c), no allocation.
  func scheduleSettleIfDue(at bounds: Rect) {
    guard Prepared.settlesSlack, settleLink == nil, host.needsSettle(at: bounds) else { return }
    let link = makeSettleLink { [weak self] link in
      link.invalidate()
      self?.settleLink = nil
      self?.settleIfNeeded()
    }
    settleLink = link
    link.add(to: .main, forMode: .common)
  }

  /// Settles the layout's slack now when it would show at the collection
  /// view's bounds, animated by identity over `settleDuration` (or at once
  /// when `animated` is false): what the shell runs at the frame after it
  /// found the slack; call it yourself when a scroll stops, say. Does
  /// nothing for a layout without slack or before the layout has a
  /// collection view.
  public func settleIfNeeded(animated: Bool = true) {
    guard Prepared.settlesSlack, let collectionView, host.needsSettle(at: Rect(collectionView.bounds)) else { return }
    let change = { collectionView.performBatchUpdates(nil, completion: nil) }
    if animated {
      UIView.animate(
        withDuration: Self.settleDuration, delay: 0,
        options: [.curveEaseInOut, .allowUserInteraction, .beginFromCurrentState], animations: change)
    } else {
      UIView.performWithoutAnimation(change)
    }
  }
}

#if canImport(UIKit)
  /// A display link's target: `CADisplayLink` calls an Objective-C selector.
  @MainActor
  private final class SettleLinkTarget: NSObject {
    let tick: @MainActor (CADisplayLink) -> Void
    init(_ tick: @escaping @MainActor (CADisplayLink) -> Void) { self.tick = tick }
    @objc func fire(_ link: CADisplayLink) { tick(link) }
  }

  @MainActor
  private func makeSettleLink(_ tick: @escaping @MainActor (CADisplayLink) -> Void) -> CADisplayLink {
    CADisplayLink(target: SettleLinkTarget(tick), selector: #selector(SettleLinkTarget.fire(_:)))
  }
#else
  @MainActor
  private func makeSettleLink(_ tick: @escaping @MainActor (CADisplayLink) -> Void) -> CADisplayLink {
    CADisplayLink(handler: tick)
  }
#endif
