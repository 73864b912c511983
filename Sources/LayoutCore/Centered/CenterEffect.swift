/// How an element looks as a function of its distance to the viewport's
/// centre along the scroll axis: the one primitive behind the carousel,
/// the prominent cell, cover flow and the stacked-cards deck.
///
/// The effect reads the *signed* distance `δ` from the element's
/// untransformed centre to the viewport's centre (positive when the element
/// lies after the centre: right of it, or below it), measured in a `unit`
/// of length the layout resolves (half the viewport, or one item pitch).
/// With `u = |δ| / unit`, a *presence* `p` falls from 1 to 0:
///
/// ```
/// p = 1 − clamp((u − plateau) / span, 0, 1)
/// scale = minScale + (1 − minScale)·p
/// alpha = minAlpha + (1 − minAlpha)·p
/// ```
///
/// so nothing changes within `plateau` units of the centre, and the full
/// effect is reached `span` units further. The seed carousel's formula,
/// `s = clamp(1 + tolerance − slope·u, minScale, 1)` with alpha mapping `s`
/// from `[minScale, 1]` to `[minAlpha, 1]`, is the same curve with
/// `plateau = tolerance / slope` and `span = (1 − minScale) / slope`
/// (`init(tolerance:slope:minScale:minAlpha:unit:)` converts).
///
/// Optional extras, all 2D: a `shift` along the axis (towards the centre:
/// cover-flow overlap, or a deck's stacking), which `side` the effect
/// applies to, and how `zOrder` ranks elements.
///
/// Bad input: layouts call `validated()` at `prepare`, which throws
/// `LayoutError.invalidValue` naming any parameter out of its range (NaN,
/// ±∞, a negative plateau or span, a scale, alpha or fraction outside
/// `0...1`). `value(delta:unitLength:)` itself never traps and never
/// returns a non-finite number: called directly with bad parameters it
/// clamps them (non-finite values fall back to the defaults' values, scales
/// and alphas to `0...1`, negative lengths to 0).
public struct CenterEffect: Hashable, Sendable {
  /// The length one distance unit stands for.
  public enum Unit: Hashable, Sendable {
    /// Half the viewport's extent along the axis (the seed carousel's `c`).
    case halfViewport
    /// One item pitch: the item's extent plus the spacing (the prominent
    /// cell's `maxD`).
    case pitch
    /// A fixed number of points.
    case points(Double)
  }

  /// Which elements the scale and fade apply to.
  public enum Side: String, Hashable, Sendable, CaseIterable {
    /// Both sides of the centre, symmetrically.
    case both
    /// Only elements after the centre (δ > 0); those before it keep full
    /// size and opacity (a deck's card leaving the top of the pile).
    case trailing
  }

  /// A displacement along the axis, applied as a translation after the
  /// scale. It moves elements away from their frames, so layouts widen
  /// their visible-rect queries by `maximumDisplacement(unitLength:)`.
  public enum Shift: Hashable, Sendable {
    /// No displacement.
    case none
    /// Cover flow: every element moves towards the centre by `fraction` of
    /// its distance, up to `reach` units of distance (beyond, the move
    /// stays at `fraction·reach` units, so far elements keep their
    /// spacing): `shift = −sign(δ)·fraction·min(|δ|, reach·unit)`.
    /// Neighbours squeeze in and overlap the centred element.
    case compress(fraction: Double, reach: Double)
    /// A deck: elements after the centre slide under it, each unit of
    /// distance showing only `peek` points, for `depth` units; beyond, they
    /// keep that offset. Elements before the centre do not move:
    /// `shift = −(unit − peek)·min(u, depth)` for δ > 0.
    case stack(peek: Double, depth: Double)
  }

  /// How elements rank in z.
  public enum ZOrder: String, Hashable, Sendable, CaseIterable {
    /// The element nearest the centre draws on top.
    case nearestOnTop
    /// Elements earlier along the axis draw on top (a deck's pile order).
    case leadingOnTop
  }

  /// What one unit of distance is.
  public var unit: Unit
  /// Distance (in units) within which nothing changes.
  public var plateau: Double
  /// Distance (in units) over which presence falls from 1 to 0; 0 makes
  /// it a step at `plateau`.
  public var span: Double
  /// The scale at presence 0, in `0...1`.
  public var minScale: Double
  /// The alpha at presence 0, in `0...1`.
  public var minAlpha: Double
  /// Which side of the centre scales and fades.
  public var side: Side
  /// The displacement along the axis, if any.
  public var shift: Shift
  /// How elements rank in z.
  public var zOrder: ZOrder

  /// An effect; see the type's documentation for the formulas.
  public init(
    unit: Unit = .pitch, plateau: Double = 0, span: Double = 1, minScale: Double = 1, minAlpha: Double = 1,
    side: Side = .both, shift: Shift = .none, zOrder: ZOrder = .nearestOnTop
  ) {
    self.unit = unit
    self.plateau = plateau
    self.span = span
    self.minScale = minScale
    self.minAlpha = minAlpha
    self.side = side
    self.shift = shift
    self.zOrder = zOrder
  }

  /// The seed carousel's curve: `s = clamp(1 + tolerance − slope·u,
  /// minScale, 1)`, alpha mapping `s` from `[minScale, 1]` to
  /// `[minAlpha, 1]`.
  ///
  /// A slope of zero means no effect at all. Out-of-range constants (NaN,
  /// ±∞, a negative tolerance or slope, a scale or alpha outside `0...1`)
  /// are kept so that `validated()` (called by `prepare`) rejects the
  /// effect; `seedCurve(tolerance:slope:minScale:minAlpha:unit:)` rejects
  /// them here, naming the constant.
  public init(
    tolerance: Double, slope: Double, minScale: Double, minAlpha: Double, unit: Unit = .halfViewport
  ) {
    if slope == 0 && tolerance.isFinite && tolerance >= 0 {
      self.init(unit: unit, plateau: 0, span: 1, minScale: 1, minAlpha: 1)
    } else if slope.isFinite && slope > 0 {
      self.init(
        unit: unit, plateau: tolerance / slope, span: (1 - minScale) / slope, minScale: minScale, minAlpha: minAlpha)
    } else {
      // Not a curve: NaN makes `validated()` reject it.
      self.init(unit: unit, plateau: .nan, span: .nan, minScale: minScale, minAlpha: minAlpha)
    }
  }

  /// The seed carousel's curve (see `init(tolerance:slope:minScale:minAlpha:unit:)`),
  /// checked: tolerance `0...1`, slope `0...1000`, minScale and minAlpha
  /// `0...1`, a `.points` unit a positive length.
  ///
  /// - Throws: `LayoutError.invalidValue` naming the constant and its range.
  public static func seedCurve(
    tolerance: Double, slope: Double, minScale: Double, minAlpha: Double, unit: Unit = .halfViewport
  ) throws(LayoutError) -> CenterEffect {
    let effect = CenterEffect(
      tolerance: try Validate.inRange(tolerance, 0...1, "tolerance"),
      slope: try Validate.inRange(slope, 0...1000, "slope"),
      minScale: try Validate.unit(minScale, "minScale"), minAlpha: try Validate.unit(minAlpha, "minAlpha"), unit: unit)
    return try effect.validated()
  }

  /// The effect, checked: a `.points` unit a finite positive length (up
  /// to `LayoutLimits.maximumExtent`), plateau and span finite and not
  /// negative (up to 1000 units), minScale, minAlpha and a compress
  /// fraction in `0...1`, reach and depth in `0...1000` units, peek a
  /// length. (The bounds keep a query's widening by the displacement, and
  /// so its cost, proportionate.)
  ///
  /// - Complexity: O(1).
  /// - Throws: `LayoutError.invalidValue` naming the first bad parameter.
  public func validated() throws(LayoutError) -> CenterEffect {
    if case .points(let points) = unit { _ = try Validate.positiveLength(points, "effect unit (points)") }
    _ = try Validate.inRange(plateau, 0...1000, "effect plateau")
    _ = try Validate.inRange(span, 0...1000, "effect span")
    _ = try Validate.unit(minScale, "minScale")
    _ = try Validate.unit(minAlpha, "minAlpha")
    switch shift {
    case .none: break
    case .compress(let fraction, let reach):
      _ = try Validate.unit(fraction, "compress fraction")
      _ = try Validate.inRange(reach, 0...1000, "compress reach")
    case .stack(let peek, let depth):
      _ = try Validate.length(peek, "stack peek")
      _ = try Validate.inRange(depth, 0...1000, "stack depth")
    }
    return self
  }

  /// No effect: full size and opacity everywhere.
  public static let none = CenterEffect()

  /// What the effect does to one element.
  public struct Value: Hashable, Sendable {
    /// 1 at the centre, 0 where the full effect applies.
    public var presence: Double
    /// The uniform scale about the element's centre.
    public var scale: Double
    /// The element's opacity.
    public var alpha: Double
    /// The displacement along the axis, in points.
    public var shift: Double
    public var zIndex: Int

    public init(presence: Double, scale: Double, alpha: Double, shift: Double, zIndex: Int) {
      self.presence = presence
      self.scale = scale
      self.alpha = alpha
      self.shift = shift
      self.zIndex = zIndex
    }

    /// The element's transform about its centre: the scale, then the shift.
    public func transform(axis: Axis) -> AffineTransform {
      let move = Point(axis: axis, main: shift, cross: 0)
      return AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: move.x, ty: move.y)
    }
  }

  // MARK: Sanitised parameters

  @inlinable var safePlateau: Double { plateau.isNaN ? 0 : Swift.max(0, plateau) }
  @inlinable var safeSpan: Double { span.isFinite ? Swift.max(0, span) : 1 }
  @inlinable var safeMinScale: Double { clamp(minScale.finiteOr(1), 0, 1) }
  @inlinable var safeMinAlpha: Double { clamp(minAlpha.finiteOr(1), 0, 1) }

  /// The length of one unit in points, given the viewport's extent and the
  /// item pitch along the axis; never negative, never infinite.
  public func unitLength(viewportExtent: Double, pitch: Double) -> Double {
    let length: Double
    switch unit {
    case .halfViewport: length = viewportExtent / 2
    case .pitch: length = pitch
    case .points(let points): length = points
    }
    return Swift.max(0, length.finiteOr(0))
  }

  /// Presence for a distance of `u` units (u ≥ 0).
  @inlinable func presence(units u: Double) -> Double {
    let beyond = u - safePlateau
    let span = safeSpan
    if span == 0 { return beyond > 0 ? 0 : 1 }
    return 1 - clamp(beyond / span, 0, 1)
  }

  /// The effect on an element whose untransformed centre lies `delta`
  /// points after the viewport's centre, with one unit being `unitLength`
  /// points.
  ///
  /// - Complexity: O(1).
  public func value(delta: Double, unitLength: Double) -> Value {
    let delta = delta.finiteOr(0)
    let unitLength = Swift.max(0, unitLength.finiteOr(0))
    let distance = abs(delta)
    // A zero unit puts every element but an exactly centred one infinitely far.
    let u = unitLength > 0 ? distance / unitLength : (distance > 0 ? Double.infinity : 0)
    let p = side == .trailing && delta <= 0 ? 1 : presence(units: u)
    let minScale = safeMinScale
    let minAlpha = safeMinAlpha
    return Value(
      presence: p, scale: minScale + (1 - minScale) * p, alpha: minAlpha + (1 - minAlpha) * p,
      shift: shift(delta: delta, unitLength: unitLength), zIndex: zIndex(delta: delta))
  }

  /// The displacement along the axis for an element `delta` points after
  /// the centre.
  func shift(delta: Double, unitLength: Double) -> Double {
    switch shift {
    case .none:
      return 0
    case .compress(let fraction, let reach):
      let f = clamp(fraction.finiteOr(0), 0, 1)
      let limit = Swift.max(0, reach.finiteOr(0)) * unitLength
      let moved = f * Swift.min(abs(delta), limit)
      return delta > 0 ? -moved : moved
    case .stack(let peek, let depth):
      guard delta > 0, unitLength > 0 else { return 0 }
      let step = Swift.max(0, unitLength - Swift.max(0, peek.finiteOr(0)))
      let units = Swift.min(delta / unitLength, Swift.max(0, depth.finiteOr(0)))
      return -step * units
    }
  }

  /// The largest displacement any element gets, in points: how far a
  /// visible-rect query must look past its rectangle.
  public func maximumDisplacement(unitLength: Double) -> Double {
    let unitLength = Swift.max(0, unitLength.finiteOr(0))
    switch shift {
    case .none:
      return 0
    case .compress(let fraction, let reach):
      return clamp(fraction.finiteOr(0), 0, 1) * Swift.max(0, reach.finiteOr(0)) * unitLength
    case .stack(let peek, let depth):
      return Swift.max(0, unitLength - Swift.max(0, peek.finiteOr(0))) * Swift.max(0, depth.finiteOr(0))
    }
  }

  /// z-index resolution: eight steps per point of distance, so that two
  /// elements rank apart unless they are within an eighth of a point.
  static let zSteps = 8.0

  func zIndex(delta: Double) -> Int {
    let key = zOrder == .nearestOnTop ? abs(delta) : delta
    // Bounded so the conversion to Int cannot trap.
    return -Int((clamp(key, -1e15, 1e15) * Self.zSteps).rounded(.down))
  }
}
