#if canImport(UIKit)
  import LayoutCore
  import SwiftUI

  /// A plain horizontal `ScrollView`'s snapping with the carousel's rule
  /// (the engine's `targetContentOffset`): `.scrollTargetBehavior(CarouselSnapping(...))`.
  public struct CarouselSnapping: ScrollTargetBehavior {
    public var layout: CarouselLayout
    public var itemCount: Int
    public init(_ layout: CarouselLayout = .spotify, itemCount: Int) {
      self.layout = layout
      self.itemCount = itemCount
    }
    public func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {
      let viewport = Viewport(
        size: Size(width: Double(context.containerSize.width), height: Double(context.containerSize.height)))
      let height = Double(context.containerSize.height)
      guard
        let prepared = try? layout.prepare(
          items: LayoutItems(count: Swift.max(0, itemCount), size: Size(width: height, height: height)),
          viewport: viewport)
      else { return }
      let proposed = Point(x: Double(target.rect.minX), y: Double(target.rect.minY))
      let velocity = Point(x: Double(context.velocity.dx), y: Double(context.velocity.dy))
      let offset = prepared.targetContentOffset(proposed: proposed, velocity: velocity, at: ScrollState())
      target.rect.origin = CGPoint(x: CGFloat(offset.x), y: CGFloat(offset.y))
    }
  }

  /// A plain vertical `ScrollView`'s snapping with the prominent list's rule.
  public struct ProminentSnapping: ScrollTargetBehavior {
    public var layout: ProminentLayout
    public var itemCount: Int
    public init(_ layout: ProminentLayout = ProminentLayout(), itemCount: Int) {
      self.layout = layout
      self.itemCount = itemCount
    }
    public func updateTarget(_ target: inout ScrollTarget, context: TargetContext) {
      let viewport = Viewport(
        size: Size(width: Double(context.containerSize.width), height: Double(context.containerSize.height)))
      guard
        let prepared = try? layout.prepare(
          items: LayoutItems(count: Swift.max(0, itemCount), size: layout.itemSize), viewport: viewport)
      else { return }
      let proposed = Point(x: Double(target.rect.minX), y: Double(target.rect.minY))
      let velocity = Point(x: Double(context.velocity.dx), y: Double(context.velocity.dy))
      let offset = prepared.targetContentOffset(proposed: proposed, velocity: velocity, at: ScrollState())
      target.rect.origin = CGPoint(x: CGFloat(offset.x), y: CGFloat(offset.y))
    }
  }
#endif
