import LayoutCore

/// What a key does in the viewer.
public enum KeyAction: Hashable, Sendable {
  case nextLayout
  case nextMode
  case toggleDebug
  case rotate
  case quit

  /// The action bound to `key`, or `nil`: Tab next layout, M next mode,
  /// D debug overlay, R rotate, Q or Escape quit.
  public init?(_ key: ViewerKey) {
    switch key {
    case .tab: self = .nextLayout
    case .escape: self = .quit
    case .character("m"): self = .nextMode
    case .character("d"): self = .toggleDebug
    case .character("r"): self = .rotate
    case .character("q"): self = .quit
    default: return nil
    }
  }
}

/// A scrollable surface on screen, as the input mapper sees it.
public struct SurfaceRegion: Hashable, Sendable {
  /// Where it is, in points.
  public var rect: Rect
  /// Whether it scrolls sideways only (the wheel then moves it along x).
  public var horizontal: Bool

  public init(rect: Rect, horizontal: Bool) {
    self.rect = rect
    self.horizontal = horizontal
  }
}

/// What the scene should do, in points and seconds.
public enum InputCommand: Hashable, Sendable {
  /// A finger touches surface `surface` (an index into the regions).
  case touchDown(surface: Int, at: Double)
  /// The finger has moved by `translation` since it touched down.
  case drag(surface: Int, translation: Point, at: Double)
  case release(surface: Int, at: Double)
  case key(KeyAction)
  /// The viewport is now this many points.
  case resize(Size)
  case quit
}

/// Turns window events into finger gestures and key actions.
///
/// - A left-button drag is a finger on the surface under the pointer when
///   the button went down (nothing when no surface is there).
/// - Wheel ticks (buttons 4–7) are a finger too: the first tick touches
///   down on the surface under the pointer, each tick moves it by
///   `wheelStep` points, and it lifts `wheelIdle` seconds after the last
///   tick (from `tick(at:)`), so the physics sees a pan that may fling.
///   A vertical wheel moves a sideways-only surface along x.
/// - Smooth scrolling (`.scroll`, from XInput 2) is the same finger moved
///   by fractions of a notch × `wheelStep`.
///
/// A pure value: times come in with the events. Positions are window
/// pixels, divided by `scale` into points.
public struct InputMapper: Sendable {
  public var scale: Double
  public var wheelStep: Double = 40
  public var wheelIdle: Double = 0.12
  var finger: (surface: Int, start: Point)?
  var wheel: (surface: Int, translation: Point, last: Double)?

  /// `scale` is window pixels per point (not finite or ≤ 0 → 1).
  public init(scale: Double) {
    self.scale = scale.isFinite && scale > 0 ? scale : 1
  }

  /// Whether a finger (button or wheel) is down.
  public var isTouching: Bool { finger != nil || wheel != nil }

  /// The index of the frontmost region containing `point`, or `nil`
  /// (also for a non-finite point).
  ///
  /// - Complexity: O(regions).
  public static func surface(at point: Point, in regions: [SurfaceRegion]) -> Int? {
    regions.indices.last { i in
      let r = regions[i].rect
      return point.x >= r.minX && point.x < r.maxX && point.y >= r.minY && point.y < r.maxY
    }
  }

  /// The commands for `event` at `time` (seconds), given the surfaces on
  /// screen now. Buttons other than 1 and 4–7 do nothing; a press outside
  /// every region touches nothing.
  ///
  /// - Complexity: O(regions).
  public mutating func handle(_ event: ViewerEvent, at time: Double, regions: [SurfaceRegion]) -> [InputCommand] {
    var out = tick(at: time)
    switch event {
    case .key(let key):
      if let action = KeyAction(key) { out.append(action == .quit ? .quit : .key(action)) }
    case .close:
      out.append(.quit)
    case .resize(let w, let h):
      out.append(.resize(Size(width: Double(w) / scale, height: Double(h) / scale)))
    case .buttonDown(1, let x, let y):
      let p = Point(x: x / scale, y: y / scale)
      out += endWheel(at: time)
      if let f = finger { out.append(.release(surface: f.surface, at: time)) }
      finger = nil
      if let s = Self.surface(at: p, in: regions) {
        finger = (s, p)
        out.append(.touchDown(surface: s, at: time))
      }
    case .motion(let x, let y):
      if let f = finger {
        let p = Point(x: x / scale, y: y / scale)
        out.append(.drag(surface: f.surface, translation: Point(x: p.x - f.start.x, y: p.y - f.start.y), at: time))
      }
    case .buttonUp(1, let x, let y):
      if let f = finger {
        let p = Point(x: x / scale, y: y / scale)
        out.append(.drag(surface: f.surface, translation: Point(x: p.x - f.start.x, y: p.y - f.start.y), at: time))
        out.append(.release(surface: f.surface, at: time))
        finger = nil
      }
    case .buttonDown(let button, let x, let y) where (4...7).contains(button):
      // Wheel up shows what is above: the content moves down, as a finger would.
      let notches: (dx: Double, dy: Double) =
        switch button {
        case 4: (0, -1)
        case 5: (0, 1)
        case 6: (-1, 0)
        default: (1, 0)
        }
      out += wheelMove(notches, at: Point(x: x / scale, y: y / scale), time: time, regions: regions)
    case .scroll(let dx, let dy, let x, let y):
      out += wheelMove((dx, dy), at: Point(x: x / scale, y: y / scale), time: time, regions: regions)
    default:
      break
    }
    return out
  }

  /// The wheel's finger moves by `notches` (> 0 right and down: the
  /// content moves the other way) × `wheelStep` points, touching down
  /// first on the surface under `point` when it is not down yet. Ignored
  /// while a button drag is on, and for non-finite or zero notches.
  private mutating func wheelMove(
    _ notches: (dx: Double, dy: Double), at point: Point, time: Double, regions: [SurfaceRegion]
  ) -> [InputCommand] {
    guard finger == nil, notches.dx.isFinite, notches.dy.isFinite, notches.dx != 0 || notches.dy != 0 else {
      return []
    }
    var out: [InputCommand] = []
    if wheel == nil, let s = Self.surface(at: point, in: regions) {
      wheel = (s, .zero, time)
      out.append(.touchDown(surface: s, at: time))
    }
    guard var w = wheel else { return out }
    var delta = Point(x: -notches.dx * wheelStep, y: -notches.dy * wheelStep)
    // A sideways-only surface takes the vertical wheel along x.
    if w.surface < regions.count, regions[w.surface].horizontal, delta.x == 0 {
      delta = Point(x: delta.y, y: 0)
    }
    w.translation = Point(x: w.translation.x + delta.x, y: w.translation.y + delta.y)
    w.last = time
    wheel = w
    out.append(.drag(surface: w.surface, translation: w.translation, at: time))
    return out
  }

  /// Lifts the wheel's finger once `wheelIdle` seconds passed since its
  /// last tick; call once per frame.
  ///
  /// - Complexity: O(1).
  public mutating func tick(at time: Double) -> [InputCommand] {
    guard let w = wheel, time - w.last >= wheelIdle else { return [] }
    return endWheel(at: time)
  }

  private mutating func endWheel(at time: Double) -> [InputCommand] {
    guard let w = wheel else { return [] }
    wheel = nil
    return [.release(surface: w.surface, at: time)]
  }
}
