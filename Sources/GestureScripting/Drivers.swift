import Album
import LayoutCore
import ScrollPhysics

// MARK: - What scripts drive: the controllers' typed methods, by name
//
// The controllers (`LayoutScroller`, `SelfSizingScroller`,
// `AlbumCoordinator`, `PhotoGridSession`) know nothing of scripts; these
// conformances turn a step's target name into the surface it names and
// refuse names a controller does not have.

extension GestureDriven {
  /// Refuses any target name: a driver with one surface takes none.
  static func checkNoTarget(_ target: String?) throws(ScriptError) {
    if let target { throw .unknownTarget(target, known: []) }
  }
}

/// A controller with one scroll surface and typed gestures (the two
/// scrollers): a script drives it with no target name.
public protocol SingleSurfaceDriven: GestureDriven {
  mutating func touchDown(at time: Double)
  mutating func drag(translation: Point, at time: Double)
  mutating func release(at time: Double)
  mutating func setContentOffset(_ offset: Point, animated: Bool, at time: Double)
}

extension SingleSurfaceDriven {
  public mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try Self.checkNoTarget(target)
    touchDown(at: time)
  }

  public mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try Self.checkNoTarget(target)
    drag(translation: translation, at: time)
  }

  public mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try Self.checkNoTarget(target)
    release(at: time)
  }

  public mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    try Self.checkNoTarget(target)
    setContentOffset(offset, animated: animated, at: time)
  }
}

extension LayoutScroller: SingleSurfaceDriven {}
extension SelfSizingScroller: SingleSurfaceDriven {}

extension AlbumCoordinator: GestureDriven {
  /// The surface a target names: `"pager"` or `"strip"`; none is the pager.
  ///
  /// - Throws: `ScriptError.unknownTarget` for another name.
  public static func role(_ target: String?) throws(ScriptError) -> Role {
    guard let target else { return .pager }
    guard let role = Role(rawValue: target) else {
      throw .unknownTarget(target, known: Role.allCases.map(\.rawValue))
    }
    return role
  }

  public mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    touchDown(try Self.role(target), at: time)
  }

  public mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    drag(try Self.role(target), translation: translation, at: time)
  }

  public mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    release(try Self.role(target), at: time)
  }

  public mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    setContentOffset(try Self.role(target), offset, animated: animated, at: time)
  }
}
