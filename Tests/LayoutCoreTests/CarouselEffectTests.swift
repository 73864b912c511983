import LayoutCore
import ScrollworkTestSupport
import Testing

@Suite struct CarouselEffectTests {
  /// The seed's formula, written as the seed writes it.
  static func seedScale(distance d: Double, halfWidth c: Double) -> Double {
    var scale = 1.0 + 0.02 - (d / c) * 0.105
    if scale > 1 { scale = 1 }
    if scale < 0.86 { scale = 0.86 }
    return scale
  }

  static func seedAlpha(scale x: Double) -> Double { (1.0 - 0.25) * (x - 0.86) / (1.0 - 0.86) + 0.25 }

  @Test func spotifyCurveMatchesTheSeedFormula() {
    let effect = CarouselLayout.spotify.effect
    for index in 0..<5_000 {
      let seed = propertySeed(index)
      var rng = SplitMix64(seed: seed)
      let c = rng.double(in: 50...600)
      let delta = rng.double(in: -3 * c...3 * c)
      let value = effect.value(delta: delta, unitLength: c)
      let scale = Self.seedScale(distance: abs(delta), halfWidth: c)
      #expect(isClose(value.scale, scale, tolerance: 1e-12), "seed \(seed): \(value.scale) vs \(scale)")
      #expect(isClose(value.alpha, Self.seedAlpha(scale: scale), tolerance: 1e-12), "seed \(seed)")
    }
  }

  @Test func slopeCurveMatchesItsFormulaForAnyConstants() {
    for index in 0..<5_000 {
      let seed = propertySeed(index, base: 0xC0FFEE)
      var rng = SplitMix64(seed: seed)
      let tolerance = rng.double(in: 0...0.2)
      let slope = rng.double(in: 0.01...2)
      let minScale = rng.double(in: 0...0.99)
      let minAlpha = rng.double(in: 0...1)
      let c = rng.double(in: 10...600)
      let d = rng.double(in: 0...4 * c)
      let value = CenterEffect(tolerance: tolerance, slope: slope, minScale: minScale, minAlpha: minAlpha)
        .value(delta: rng.chance(0.5) ? d : -d, unitLength: c)
      let s = clamp(1 + tolerance - slope * d / c, minScale, 1)
      let alpha = minAlpha + (1 - minAlpha) * (s - minScale) / (1 - minScale)
      #expect(abs(value.scale - s) < 1e-12, "seed \(seed)")
      #expect(abs(value.alpha - alpha) < 1e-9, "seed \(seed)")
    }
  }

  @Test func valuesStayInRangeAndFiniteForAnyInput() {
    let specials = [Double.nan, .infinity, -.infinity, 0, -1, 1e300, -1e300]
    for index in 0..<3_000 {
      let seed = propertySeed(index, base: 0xFEED)
      var rng = SplitMix64(seed: seed)
      func wild() -> Double { rng.chance(0.2) ? specials[rng.int(in: 0...specials.count - 1)] : rng.double(in: -5...5) }
      let effect = CenterEffect(
        unit: .points(wild()), plateau: wild(), span: wild(), minScale: wild(), minAlpha: wild(),
        side: rng.chance(0.5) ? .both : .trailing,
        shift: rng.chance(0.5) ? .compress(fraction: wild(), reach: wild()) : .stack(peek: wild(), depth: wild()),
        zOrder: rng.chance(0.5) ? .nearestOnTop : .leadingOnTop)
      let unit = effect.unitLength(viewportExtent: wild() * 100, pitch: wild() * 100)
      let value = effect.value(delta: wild() * 1000, unitLength: unit)
      let minScale = clamp(effect.minScale.finiteOr(1), 0, 1)
      let minAlpha = clamp(effect.minAlpha.finiteOr(1), 0, 1)
      #expect(value.scale >= minScale && value.scale <= 1, "seed \(seed): \(value)")
      #expect(value.alpha >= minAlpha && value.alpha <= 1, "seed \(seed): \(value)")
      #expect(value.shift.isFinite && value.presence.isFinite, "seed \(seed): \(value)")
      #expect(abs(value.shift) <= effect.maximumDisplacement(unitLength: unit) + 1e-9, "seed \(seed)")
    }
  }

  @Test func plateauKeepsFullSizeNearTheCentre() {
    // Spotify: nothing changes while 1.02 − 0.105·u ≥ 1, that is u ≤ 0.02/0.105.
    let effect = CarouselLayout.spotify.effect
    let c = 187.5
    let edge = 0.02 / 0.105 * c
    #expect(effect.value(delta: edge * 0.999, unitLength: c).scale == 1)
    #expect(effect.value(delta: -edge * 0.999, unitLength: c).alpha == 1)
    #expect(effect.value(delta: edge * 1.01, unitLength: c).scale < 1)
  }

  @Test func zOrderRanksByDistanceOrByPosition() {
    let nearest = CenterEffect(zOrder: .nearestOnTop)
    #expect(nearest.value(delta: 10, unitLength: 100).zIndex > nearest.value(delta: -30, unitLength: 100).zIndex)
    #expect(nearest.value(delta: 0, unitLength: 100).zIndex > nearest.value(delta: 0.5, unitLength: 100).zIndex)
    #expect(nearest.value(delta: 40, unitLength: 100).zIndex == nearest.value(delta: -40, unitLength: 100).zIndex)
    let leading = CenterEffect(zOrder: .leadingOnTop)
    #expect(leading.value(delta: -30, unitLength: 100).zIndex > leading.value(delta: 10, unitLength: 100).zIndex)
  }

  @Test func compressShiftMovesTowardsTheCentreUpToItsReach() {
    let effect = CenterEffect(shift: .compress(fraction: 0.5, reach: 2))
    #expect(effect.value(delta: 100, unitLength: 100).shift == -50)
    #expect(effect.value(delta: -100, unitLength: 100).shift == 50)
    #expect(effect.value(delta: 500, unitLength: 100).shift == -100)
    #expect(effect.maximumDisplacement(unitLength: 100) == 100)
  }

  @Test func stackShiftOnlyMovesTrailingElements() {
    let effect = CenterEffect(side: .trailing, shift: .stack(peek: 20, depth: 3))
    #expect(effect.value(delta: -150, unitLength: 100).shift == 0)
    #expect(effect.value(delta: 100, unitLength: 100).shift == -80)
    #expect(effect.value(delta: 1000, unitLength: 100).shift == -240)
    #expect(effect.maximumDisplacement(unitLength: 100) == 240)
    // A card after the centre shows `peek` points per pitch of distance.
    let card2 = effect.value(delta: 200, unitLength: 100)
    #expect(200 + card2.shift == 40)
  }

  @Test func transformScalesThenShiftsAlongTheAxis() {
    let value = CenterEffect.Value(presence: 0.5, scale: 0.8, alpha: 1, shift: -12, zIndex: 0)
    #expect(value.transform(axis: .horizontal) == AffineTransform(a: 0.8, b: 0, c: 0, d: 0.8, tx: -12, ty: 0))
    #expect(value.transform(axis: .vertical) == AffineTransform(a: 0.8, b: 0, c: 0, d: 0.8, tx: 0, ty: -12))
  }
}
