import LayoutCore

/// Something that passes every script step to one driver it holds (a scene
/// around a photo grid session, an album or a self-sizing scroller): it
/// names that driver (`driven`), and gets every `GestureDriven` requirement,
/// layout verbs included, by forwarding. A type that does more on a step
/// (a scene that measures what came into view after `advance(to:)`)
/// implements that requirement itself.
public protocol GestureForwarding: GestureDriven {
  associatedtype Driven: GestureDriven
  /// The driver every step goes to.
  var driven: Driven { get set }
}

extension GestureForwarding {
  public static var layoutVerbs: Set<String> { Driven.layoutVerbs }

  public mutating func touchDown(_ target: String?, at time: Double) throws(ScriptError) {
    try driven.touchDown(target, at: time)
  }

  public mutating func drag(_ target: String?, translation: Point, at time: Double) throws(ScriptError) {
    try driven.drag(target, translation: translation, at: time)
  }

  public mutating func release(_ target: String?, at time: Double) throws(ScriptError) {
    try driven.release(target, at: time)
  }

  public mutating func setContentOffset(
    _ target: String?, _ offset: Point, animated: Bool, at time: Double
  ) throws(ScriptError) {
    try driven.setContentOffset(target, offset, animated: animated, at: time)
  }

  public mutating func advance(to time: Double) {
    driven.advance(to: time)
  }

  public mutating func perform(
    _ target: String?, verb: String, arguments: [String], duration: Double, at time: Double
  ) throws(ScriptError) {
    try driven.perform(target, verb: verb, arguments: arguments, duration: duration, at: time)
  }
}
