/// A 2D affine transform `[a b c d tx ty]`, with the same conventions as
/// `CGAffineTransform`: a point `(x, y)` maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// Layout attributes apply their transform about the element's centre, as
/// UIKit does.
public struct AffineTransform: Hashable, Sendable {
  /// Field by field, as the synthesised `==` would; written out so that it
  /// inlines across modules (per element of every frame).
  @inlinable public static func == (lhs: AffineTransform, rhs: AffineTransform) -> Bool {
    lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.tx == rhs.tx && lhs.ty == rhs.ty
  }

  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  /// (A computed constant: a stored `static let` would be read through its
  /// lazy initialiser on every use, per element of every frame.)
  @inlinable public static var identity: AffineTransform { AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

  /// A scale by `sx` along x and `sy` along y.
  @inlinable public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A uniform scale.
  @inlinable public init(scale: Double) { self.init(scaleX: scale, y: scale) }

  /// A translation.
  @inlinable public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A rotation given by its cosine and sine (the core has no trigonometry:
  /// it uses the standard library only).
  @inlinable public init(rotationCos cos: Double, sin: Double) {
    self.init(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
  }

  /// Whether this is the identity, exactly.
  @inlinable public var isIdentity: Bool { self == .identity }

  /// Whether every component is finite.
  @inlinable public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }

  /// `self` followed by `next` (`CGAffineTransformConcat(self, next)`).
  @inlinable public func concatenating(_ next: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * next.a + b * next.c,
      b: a * next.b + b * next.d,
      c: c * next.a + d * next.c,
      d: c * next.b + d * next.d,
      tx: tx * next.a + ty * next.c + next.tx,
      ty: tx * next.b + ty * next.d + next.ty)
  }

  /// The image of `point`.
  @inlinable public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  /// The inverse, or `nil` when the transform is singular (a zero scale),
  /// not finite, or has an inverse that is not representable (any entry
  /// would be non-finite): never a non-finite transform.
  public var inverted: AffineTransform? {
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return nil }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    let inverse = AffineTransform(
      a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    return inverse.isFinite ? inverse : nil
  }
}
