import LayoutCore
import ScrollworkTestSupport
import Testing

/// Why the seed needed its magic minimum scale, and why this layout does not.
@Suite struct CarouselSeedQuirkTests {
  /// The seed's measurement at rest: each frame it reads a cell's centre as
  /// the *transformed* frame's origin plus the *untransformed* half width,
  /// which is off by `w·(1 − s)/2` to the right for a cell scaled by `s`;
  /// the next frame's scale comes from that. Iterated to its fixed point.
  static func seedRestingScale(delta: Double, width w: Double, halfViewport c: Double, minimum: Double) -> Double {
    var s = 1.0
    for _ in 0..<200 {
      let measured = abs(delta + w * (1 - s) / 2)
      s = min(1, max(minimum, 1 + 0.02 - measured / c * 0.105))
    }
    return s
  }

  @Test func theSeedsNeighboursDifferUnlessTheMinimumHidesIt() {
    // A 375 pt wide, 296 pt high carousel, 10 pt spacing: neighbours 306 pt away.
    let c = 187.5
    let left = Self.seedRestingScale(delta: -306, width: 296, halfViewport: c, minimum: 0.8)
    let right = Self.seedRestingScale(delta: 306, width: 296, halfViewport: c, minimum: 0.8)
    #expect(left > 0.86 && right < 0.84, "\(left) \(right)")
    // The seed's minimum was found by trial and error as the smallest one
    // that hides this: the left neighbour's skewed scale (here 0.86022, on
    // the seed author's device 0.860091). At or above it both clamp to it.
    #expect(abs(left - 0.860091) < 0.0003)
    #expect(Self.seedRestingScale(delta: -306, width: 296, halfViewport: c, minimum: 0.86) > 0.86)
    let clampedLeft = Self.seedRestingScale(delta: -306, width: 296, halfViewport: c, minimum: left)
    let clampedRight = Self.seedRestingScale(delta: 306, width: 296, halfViewport: c, minimum: left)
    #expect(clampedLeft == clampedRight)
  }

  @Test func measuredOnUntransformedCentresTheNeighboursAreEqualWithAnyMinimum() throws {
    for minimum in [0.5, 0.8, 0.84, 0.86, 0.860091, 0.95] {
      let layout = CarouselLayout(
        effect: CenterEffect(tolerance: 0.02, slope: 0.105, minScale: minimum, minAlpha: 0.25))
      let p = try layout.prepare(items: LayoutItems(count: 5, size: .zero), viewport: Viewport(width: 375, height: 300))
      let state = ScrollState(x: 2 * 310, y: 0)
      let left = try #require(p.attributes(for: .cell(1), at: state))
      let right = try #require(p.attributes(for: .cell(3), at: state))
      #expect(left.transform == right.transform && left.alpha == right.alpha, "minimum \(minimum)")
      // The formula's own value: 1.02 − 0.105·310/187.5 = 0.8464, clamped.
      #expect(isClose(left.transform.a, max(minimum, 1.02 - 0.105 * 310 / 187.5), tolerance: 1e-12))
    }
  }
}
