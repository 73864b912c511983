import LayoutCore
import ScrollworkTestSupport
import Testing

@Suite struct GeometryTests {
  @Test func transformConcatenationAppliesInOrder() {
    let scale = AffineTransform(scale: 2)
    let move = AffineTransform(translationX: 10, y: -5)
    let p = Point(x: 3, y: 4)
    #expect(scale.concatenating(move).apply(to: p) == Point(x: 16, y: 3))
    #expect(move.concatenating(scale).apply(to: p) == Point(x: 26, y: -2))
  }

  @Test func inverseUndoesTransformAndSingularHasNone() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<1000 {
      let t = AffineTransform(
        a: rng.double(in: 0.5...2), b: rng.double(in: -1...1), c: rng.double(in: -1...1),
        d: rng.double(in: 0.5...2), tx: rng.double(in: -100...100), ty: rng.double(in: -100...100))
      guard let inverse = t.inverted else { continue }
      let p = Point(x: rng.double(in: -500...500), y: rng.double(in: -500...500))
      #expect(isClose(inverse.apply(to: t.apply(to: p)), p, tolerance: 1e-9))
    }
    #expect(AffineTransform(scale: 0).inverted == nil)
  }

  @Test func aspectFitAndFill() {
    let photo = Size(width: 4000, height: 3000)
    #expect(photo.aspectFit(in: Size(width: 400, height: 400)) == Size(width: 400, height: 300))
    #expect(photo.aspectFill(Size(width: 400, height: 400)) == Size(width: 400 * 4 / 3, height: 400))
    // No aspect ratio: treated as square (documented clamp).
    #expect(Size(width: 0, height: 10).aspectFit(in: Size(width: 100, height: 50)) == Size(width: 50, height: 50))
    #expect(Size(width: .nan, height: 10).aspectFit(in: Size(width: 100, height: 50)).isFinite)
  }

  @Test func rectIntersectionIsHalfOpen() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(a.intersects(Rect(x: 9.999, y: 0, width: 5, height: 5)))
    #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    #expect(!a.intersects(Rect(x: -5, y: 0, width: 5, height: 5)))
  }

  /// `overlaps` answers as `intersects` for sizes that are not negative
  /// (zero included, and edges that touch), which is all it is used for.
  @Test func overlapsIsIntersectsForSizesThatAreNotNegative() {
    var rng = SplitMix64(seed: 0x0E_1A95)
    for _ in 0..<20_000 {
      // Coarse coordinates, so edges often touch and sizes are often 0.
      func rect() -> Rect {
        Rect(
          x: (rng.double(in: -8...8)).rounded(), y: (rng.double(in: -8...8)).rounded(),
          width: (rng.double(in: 0...6)).rounded(), height: (rng.double(in: 0...6)).rounded())
      }
      let a = rect()
      let b = rect()
      #expect(a.overlaps(b) == a.intersects(b), "\(a) \(b)")
    }
    // A negative size is where they differ: `intersects` says no,
    // `overlaps` compares the edges as they are (why its callers check).
    let negative = Rect(x: 5, y: 0, width: -2, height: 10)
    let other = Rect(x: -10, y: 0, width: 20, height: 10)
    #expect(!negative.intersects(other) && negative.overlaps(other))
  }

  @Test func transformedFrameBoundsTheScaledElement() {
    var attributes = LayoutAttributes(id: .cell(0), frame: Rect(x: 0, y: 0, width: 100, height: 50))
    attributes.transform = AffineTransform(scale: 0.5)
    #expect(attributes.transformedFrame == Rect(x: 25, y: 12.5, width: 50, height: 25))
  }

  @Test func clampHandlesNaNAndEmptyRanges() {
    #expect(clamp(Double.nan, 1, 2) == 1)
    #expect(clamp(5.0, 3, 1) == 3)
    #expect(clamp(-1, 0, 10) == 0)
  }

  @Test func elementIdentitiesSortByKindSectionItem() {
    let ids: [ElementID] = [
      ElementID(kind: .footer, section: 0, item: 0), .cell(2, section: 1), .cell(5),
      ElementID(kind: .header, section: 1, item: 0), ElementID(kind: .decoration("grid"), section: 0, item: 0),
    ]
    #expect(
      ids.sorted() == [
        .cell(5), .cell(2, section: 1), ElementID(kind: .footer, section: 0, item: 0),
        ElementID(kind: .header, section: 1, item: 0), ElementID(kind: .decoration("grid"), section: 0, item: 0),
      ])
  }
}
