import LayoutCore

/// A scroll surface and a prepared layout kept together, as a collection
/// view keeps its scroll view and its layout: the layout's content size and
/// insets feed the surface, releases snap through the layout's
/// `targetContentOffset`, and `state` follows the surface's offset.
public struct LayoutScroller<Layout: PreparedLayout>: Sendable {
  /// The prepared layout being scrolled.
  public let layout: Layout
  /// The scroll surface (offset, phase, velocity, events).
  public private(set) var surface: ScrollSurface
  /// The layout state at the surface's current offset.
  public private(set) var state: Layout.State

  /// A scroller at `state`, at rest.
  ///
  /// - Parameters:
  ///   - layout: the prepared layout; its viewport, content size and insets
  ///     size the surface.
  ///   - state: the layout's initial state; its content offset starts the
  ///     surface.
  ///   - configuration: deceleration, paging and bouncing.
  public init(layout: Layout, state: Layout.State, configuration: ScrollConfiguration = ScrollConfiguration()) {
    self.layout = layout
    self.state = state
    surface = ScrollSurface(
      viewportSize: layout.viewport.size, contentSize: layout.contentSize(at: state),
      contentInset: layout.contentInset(at: state), contentOffset: state.contentOffset,
      configuration: configuration)
  }

  mutating func sync() { state.contentOffset = surface.contentOffset }

  /// A finger touches down (see `ScrollSurface.touchDown(at:)`).
  public mutating func touchDown(at time: Double) {
    surface.touchDown(at: time)
    sync()
  }

  /// The finger moves (see `ScrollSurface.drag(translation:at:)`).
  public mutating func drag(translation: Point, at time: Double) {
    surface.drag(translation: translation, at: time)
    sync()
  }

  /// The finger lifts; the resting offset goes through the layout's
  /// `targetContentOffset(proposed:velocity:at:)`.
  public mutating func release(at time: Double) {
    let layout = self.layout
    let state = self.state
    let start = surface.dragStartOffset
    surface.release(at: time) { proposed, velocity in
      layout.targetContentOffset(proposed: proposed, velocity: velocity, dragStart: start, at: state)
    }
    sync()
  }

  /// Moves the offset, animated or not, clamped into bounds.
  public mutating func setContentOffset(_ offset: Point, animated: Bool, at time: Double) {
    surface.setProgrammaticContentOffset(offset, animated: animated, at: time)
    sync()
  }

  /// Moves any motion on to `time` and the state with it.
  public mutating func advance(to time: Double) {
    surface.advance(to: time)
    sync()
  }

  /// Returns the surface's queued events and clears them.
  public mutating func drainEvents() -> [ScrollEvent] { surface.drainEvents() }

  /// The attributes visible at the current state.
  public var visibleAttributes: [LayoutAttributes] { layout.visibleAttributes(at: state) }
}
