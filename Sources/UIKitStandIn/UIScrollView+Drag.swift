#if !canImport(UIKit)
  import Foundation

  // A test's drag and release, as UIKit's pan gesture drives a scroll view.
  //
  // The velocity's unit. Apple documents the `velocity` of
  // `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
  // as points per second, and `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`'s
  // as "in points" per millisecond ("The velocity of the scroll view (in
  // points) at the moment the touch was released", with values such as 4.6
  // for a brisk flick: Stack Overflow 16155375 "Units / Dimensions for
  // UIScrollView decelerationRate and velocity", and WWDC 2018 session 803
  // "Designing Fluid Interfaces", whose projection divides the gesture's
  // points-per-second velocity by 1000 before using it with
  // `decelerationRate`). What UIKit actually passes to both is the same
  // value, in points per millisecond (layouts that snap, e.g. this
  // package's `ScrollworkLayout.velocityScale = 1000`, rely on it). The
  // stand-in does the same: the drivers take points per second (the
  // content offset's velocity: positive when the offset grows) and pass
  // velocity / 1000 to the layout and to the delegate.
  //
  // The resting place before the layout and delegate adjust it is UIKit's
  // deceleration projection with `decelerationRate` r per millisecond:
  // offset + v·r / (1 − r) (v in points per millisecond; WWDC 2018 803),
  // clamped to the content. With paging, the page (bounds size) nearest
  // the offset in the direction of the velocity.
  extension UIScrollView {
    /// The finger touches down and starts dragging: `isTracking` and
    /// `isDragging` become true and the delegate gets
    /// `scrollViewWillBeginDragging`.
    public func standInBeginDrag() {
      guard !isDragging else { return }
      isTracking = true
      isDragging = true
      isDecelerating = false
      delegate?.scrollViewWillBeginDragging(self)
    }

    /// The finger moves the content by `translation` (a finger moving up,
    /// negative y, scrolls the content down: the offset grows), in `steps`
    /// frames; each frame sets the offset (bounds change,
    /// `scrollViewDidScroll`) and runs a display frame
    /// (`StandInDisplay.tick(to:)`: display links, then layout). Begins the
    /// drag if needed.
    public func standInDrag(by translation: CGPoint, steps: Int = 1) {
      standInBeginDrag()
      let start = contentOffset
      let count = Swift.max(1, steps)
      for k in 1...count {
        let f = CGFloat(k) / CGFloat(count)
        contentOffset = CGPoint(x: start.x - translation.x * f, y: start.y - translation.y * f)
        StandInDisplay.tick(to: StandInDisplay.now + StandInDisplay.frameDuration)
      }
    }

    /// The finger lifts with the content moving at `velocity` points per
    /// second. In order: the resting place is projected; the layout's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// (a collection view's) adjusts it, then the delegate's
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
    /// (both with velocity / 1000, see above); `isTracking` ends;
    /// `scrollViewDidEndDragging(_:willDecelerate:)`; when the target
    /// differs from the offset, `scrollViewWillBeginDecelerating`, the
    /// offset moves there in `frames` display frames (easing out), then
    /// `scrollViewDidEndDecelerating`. Returns the target.
    @discardableResult
    public func standInRelease(velocity: CGPoint, frames: Int = 1) -> CGPoint {
      standInBeginDrag()
      let v = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
      let proposed = standInClamped(standInProjectedOffset(velocity: v))
      var target = standInTargetOffset(forProposed: proposed, velocity: v)
      delegate?.scrollViewWillEndDragging(self, withVelocity: v, targetContentOffset: &target)
      isTracking = false
      let decelerate = target != contentOffset
      delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
      isDragging = false
      guard decelerate else { return target }
      isDecelerating = true
      delegate?.scrollViewWillBeginDecelerating(self)
      let start = contentOffset
      let count = Swift.max(1, frames)
      for k in 1...count {
        let f = 1 - pow(1 - CGFloat(k) / CGFloat(count), 3)
        contentOffset = CGPoint(x: start.x + (target.x - start.x) * f, y: start.y + (target.y - start.y) * f)
        StandInDisplay.tick(to: StandInDisplay.now + StandInDisplay.frameDuration)
      }
      isDecelerating = false
      delegate?.scrollViewDidEndDecelerating(self)
      return target
    }

    /// UIKit's projection of where a flick at `velocity` (points per
    /// millisecond) comes to rest, before clamping.
    public func standInProjectedOffset(velocity: CGPoint) -> CGPoint {
      if isPagingEnabled {
        func page(_ offset: CGFloat, _ size: CGFloat, _ v: CGFloat) -> CGFloat {
          guard size > 0 else { return offset }
          let position = offset / size
          let index = v > 0 ? position.rounded(.up) : v < 0 ? position.rounded(.down) : position.rounded()
          return index * size
        }
        return CGPoint(
          x: page(contentOffset.x, bounds.width, velocity.x), y: page(contentOffset.y, bounds.height, velocity.y))
      }
      let r = decelerationRate.rawValue
      let factor = r / (1 - r)
      return CGPoint(x: contentOffset.x + velocity.x * factor, y: contentOffset.y + velocity.y * factor)
    }
  }
#endif
