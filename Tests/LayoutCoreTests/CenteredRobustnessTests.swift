import LayoutCore
import ScrollworkTestSupport
import Testing

/// NaN, ±∞, negative and huge numbers fed to every public initializer and
/// configuration of the centred layouts and the validation helpers: a
/// typed error, or (for queries) a documented clamp; never a trap, never a
/// non-finite value out of a prepared layout.
@Suite struct CenteredRobustnessTests {
  static let hostile: [Double] = [
    .nan, .infinity, -.infinity, -1, -0.0, 0, 1e-300, 1e300, -1e300, .greatestFiniteMagnitude, 0x1p48, 0x1p48 + 1e6,
  ]
  static let phone = Viewport(width: 375, height: 300)

  /// Every value a prepared layout reports at a few offsets is finite.
  func expectFinite(_ p: PreparedCenteredLayout, _ label: String) {
    let size = p.contentSize(at: ScrollState())
    #expect(size.isFinite, "\(label)")
    for offset in [0, p.strip.maximumOffset, -1e300, 1e300, .nan] {
      let state = ScrollState(x: offset, y: offset)
      let rect = Rect(origin: Point(x: p.strip.maximumOffset / 2, y: 0), size: p.viewport.size)
      var found: [LayoutAttributes] = []
      p.attributes(in: rect, at: state, into: &found)
      for a in found {
        #expect(a.center.isFinite && a.size.isFinite && a.transform.isFinite && a.alpha.isFinite, "\(label)")
      }
      let target = p.targetContentOffset(proposed: Point(x: offset, y: offset), velocity: .zero, at: state)
      #expect(target.isFinite, "\(label)")
    }
  }

  @Test func centeredStripRejectsEveryBadNumber() {
    for value in Self.hostile {
      let sizes = [Size(width: value, height: 100), Size(width: 100, height: value)]
      for size in sizes {
        for axis in Axis.allCases {
          // As item size, as viewport, as spacing.
          for (itemSize, viewport, spacing) in [
            (size, Size(width: 375, height: 300), 10.0), (Size(width: 100, height: 100), size, 10),
            (Size(width: 100, height: 100), Size(width: 375, height: 300), value),
          ] {
            let label = "\(axis) item \(itemSize) viewport \(viewport) spacing \(spacing)"
            do {
              let strip = try CenteredStrip(
                axis: axis, itemSize: itemSize, spacing: spacing, count: 1000, viewport: viewport)
              #expect(strip.contentSize.isFinite, "\(label)")
              #expect(strip.contentSize[axis] <= LayoutLimits.maximumExtent, "\(label)")
              #expect(strip.frame(999).isFinite && strip.frame(-5).isFinite, "\(label)")
            } catch {
              // A typed error: fine. Check its message is not empty.
              #expect(!error.description.isEmpty)
            }
          }
        }
      }
    }
  }

  @Test func hugeCountsAreRejectedAtPrepare() {
    for count in [Int.max, Int.max - 1, 1 << 62, 1 << 48] {
      #expect(throws: LayoutError.self, "count \(count)") {
        _ = try CenteredStrip(
          axis: .horizontal, itemSize: Size(width: 100, height: 100), spacing: 10, count: count,
          viewport: Size(width: 375, height: 300))
      }
      #expect(throws: LayoutError.self, "count \(count)") {
        _ = try CarouselLayout().prepare(
          items: LayoutItems(count: count, size: Size(width: 1, height: 1)), viewport: Self.phone)
      }
    }
    // Sections whose counts sum past Int.max: a typed error, not an overflow.
    #expect(throws: LayoutError.self) {
      _ = try ProminentLayout().prepare(
        items: LayoutItems(sections: [
          .uniform(Size(width: 1, height: 1), count: Int.max - 1), .uniform(Size(width: 1, height: 1), count: 5),
        ]),
        viewport: Self.phone)
    }
    // The largest count the limit allows prepares, and stays finite.
    let pitch = 110.0
    let most = Int((LayoutLimits.maximumExtent - 375) / pitch)
    let p = try? CarouselLayout(itemSize: Size(width: 100, height: 100)).prepare(
      items: LayoutItems(count: most, size: Size(width: 1, height: 1)), viewport: Self.phone)
    #expect(p != nil)
    if let p { expectFinite(p, "largest count") }
  }

  @Test func effectParametersAreValidatedAtPrepare() {
    for value in Self.hostile {
      let effects: [(String, CenterEffect)] = [
        ("plateau", CenterEffect(plateau: value)), ("span", CenterEffect(span: value)),
        ("minScale", CenterEffect(minScale: value)), ("minAlpha", CenterEffect(minAlpha: value)),
        ("unit", CenterEffect(unit: .points(value))),
        ("fraction", CenterEffect(shift: .compress(fraction: value, reach: 1))),
        ("reach", CenterEffect(shift: .compress(fraction: 0.5, reach: value))),
        ("peek", CenterEffect(shift: .stack(peek: value, depth: 1))),
        ("depth", CenterEffect(shift: .stack(peek: 10, depth: value))),
        ("tolerance", CenterEffect(tolerance: value, slope: 0.1, minScale: 0.8, minAlpha: 0.5)),
        ("slope", CenterEffect(tolerance: 0.02, slope: value, minScale: 0.8, minAlpha: 0.5)),
        ("seed minScale", CenterEffect(tolerance: 0.02, slope: 0.1, minScale: value, minAlpha: 0.5)),
      ]
      for (name, effect) in effects {
        let label = "\(name) = \(value)"
        let valid = (try? effect.validated()) != nil
        do {
          let p = try CarouselLayout(effect: effect).prepare(
            items: LayoutItems(count: 50, size: Size(width: 1, height: 1)), viewport: Self.phone)
          #expect(valid, "\(label) prepared but does not validate")
          expectFinite(p, label)
        } catch {
          #expect(!valid, "\(label) validates but does not prepare: \(error)")
          if case .invalidValue(let n, _, _) = error { #expect(!n.isEmpty) }
        }
        // NaN and infinities never pass.
        if !value.isFinite { #expect(!valid, "\(label) accepted") }
      }
    }
  }

  @Test func seedCurveNamesTheBadConstant() {
    #expect(throws: LayoutError.invalidValue(name: "slope", value: -1, allowed: "0.0...1000.0")) {
      _ = try CenterEffect.seedCurve(tolerance: 0.02, slope: -1, minScale: 0.8, minAlpha: 0.5)
    }
    #expect(throws: LayoutError.self) {
      _ = try CenterEffect.seedCurve(tolerance: .nan, slope: 0.1, minScale: 0.8, minAlpha: 0.5)
    }
    #expect(throws: LayoutError.self) {
      _ = try CenterEffect.seedCurve(tolerance: 0.02, slope: 0.1, minScale: 1.5, minAlpha: 0.5)
    }
    #expect(throws: LayoutError.self) {
      _ = try CenterEffect.seedCurve(tolerance: 0.02, slope: 0.1, minScale: 0.8, minAlpha: -0.1)
    }
    #expect((try? CenterEffect.seedCurve(tolerance: 0.02, slope: 0.105, minScale: 0.86, minAlpha: 0.25)) != nil)
    // A zero slope is no effect at all.
    let flat = CenterEffect(tolerance: 0.02, slope: 0, minScale: 0.5, minAlpha: 0.5)
    #expect(flat.value(delta: 1000, unitLength: 100).scale == 1)
  }

  @Test func prominentAndCarouselRejectBadRatesAndScales() {
    for value in Self.hostile where !(0.5...0.9999).contains(value) {
      #expect(throws: LayoutError.self, "\(value)") {
        _ = try ProminentLayout(preferredDecelerationRate: value).prepare(
          items: LayoutItems(count: 3, size: Size(width: 1, height: 1)), viewport: Self.phone)
      }
      #expect(throws: LayoutError.self, "\(value)") {
        _ = try CarouselLayout(preferredDecelerationRate: value).prepare(
          items: LayoutItems(count: 3, size: Size(width: 1, height: 1)), viewport: Self.phone)
      }
    }
    for value in Self.hostile where !(0...1).contains(value) {
      #expect(throws: LayoutError.self, "\(value)") {
        _ = try ProminentLayout(minScale: value).prepare(
          items: LayoutItems(count: 3, size: Size(width: 1, height: 1)), viewport: Self.phone)
      }
      #expect(throws: LayoutError.self, "\(value)") {
        _ = try ProminentLayout(minAlpha: value).prepare(
          items: LayoutItems(count: 3, size: Size(width: 1, height: 1)), viewport: Self.phone)
      }
    }
  }

  @Test func hugeButValidSizesStayFinite() {
    // 1e14-point items: under the limit, so they prepare; every value finite.
    let big = 1e14
    for layout in [
      CarouselLayout(itemSize: Size(width: big, height: big), spacing: big),
      CarouselLayout(itemSize: Size(width: big, height: 10), spacing: -big / 2),
    ] {
      do {
        let p = try layout.prepare(
          items: LayoutItems(count: 2, size: Size(width: 1, height: 1)), viewport: Viewport(width: big, height: big))
        expectFinite(p, "big")
      } catch {
        if case .contentTooLarge = error {} else { Issue.record("unexpected \(error)") }
      }
    }
    // 1e308: rejected, never a `null` content size.
    #expect(throws: LayoutError.self) {
      _ = try CarouselLayout(itemSize: Size(width: 1e308, height: 1e308), spacing: 1e308).prepare(
        items: LayoutItems(count: 3, size: Size(width: 1, height: 1)), viewport: Self.phone)
    }
  }

  @Test func validationHelpersNameTheValueAndTheRange() throws {
    #expect(
      throws: LayoutError.invalidValue(name: "--spacing", value: -1, allowed: "0.0...\(LayoutLimits.maximumExtent)")
    ) {
      _ = try Validate.length(-1, "--spacing")
    }
    for value in Self.hostile {
      let ok = value.isFinite && value >= 0 && value <= LayoutLimits.maximumExtent
      #expect(((try? Validate.length(value, "x")) != nil) == ok, "\(value)")
      #expect(((try? Validate.unit(value, "x")) != nil) == (value.isFinite && value >= 0 && value <= 1), "\(value)")
      #expect(((try? Validate.finite(value, "x")) != nil) == value.isFinite, "\(value)")
      #expect(((try? Validate.positiveLength(value, "x")) != nil) == (ok && value > 0), "\(value)")
      #expect((try? Validate.point(Point(x: value, y: 0), "p")) != nil || !value.isFinite || abs(value) > 0x1p48)
      #expect((try? Validate.size(Size(width: value, height: 1), "s", positive: true)) != nil || !ok || value == 0)
      #expect((try? Validate.insets(EdgeInsets(top: value), "i")) != nil || !ok)
    }
    #expect(throws: LayoutError.self) { _ = try Validate.index(-1, count: 3, "--photo") }
    #expect(throws: LayoutError.self) { _ = try Validate.index(3, count: 3, "--photo") }
    #expect(throws: LayoutError.self) { _ = try Validate.index(0, count: 0, "--photo") }
    #expect(try Validate.index(2, count: 3, "--photo") == 2)
    #expect(throws: LayoutError.self) { _ = try Validate.count(Int.max, "--items") }
    #expect(throws: LayoutError.self) { _ = try Validate.count(-1, "--items") }
    #expect(throws: LayoutError.self) { _ = try Validate.extent(count: Int.max, pitch: 1) }
    #expect(throws: LayoutError.self) { _ = try Validate.extent(count: 10, pitch: .nan) }
    #expect(try Validate.extent(count: 10, pitch: 2, leading: 1, trailing: 1) == 22)
    let message = LayoutError.invalidValue(name: "--min-scale", value: 2, allowed: "0.0...1.0").description
    #expect(message.contains("--min-scale") && message.contains("0.0...1.0"))
  }

  @Test func geometryHelpersNeverTrapOnHostileNumbers() {
    for a in Self.hostile {
      for b in Self.hostile {
        let size = Size(width: a, height: b)
        let fit = size.aspectFit(in: Size(width: b, height: a))
        let fill = size.aspectFill(Size(width: b, height: a))
        // Documented: a bad bound gives zero or a finite size; never NaN when bounds are finite.
        if a.isFinite && b.isFinite && a > 0 && b > 0 && a < 1e300 && b < 1e300 {
          #expect(fit.isFinite, "\(a) \(b)")
        }
        _ = fill
        let rect = Rect(x: a, y: b, width: a, height: b)
        _ = rect.union(Rect(x: 0, y: 0, width: 1, height: 1))
        _ = rect.intersects(Rect(x: b, y: a, width: 1, height: 1))
        _ = rect.inset(by: EdgeInsets(top: a, left: b, bottom: a, right: b))
        let t = AffineTransform(a: a, b: 0, c: 0, d: b, tx: a, ty: b)
        if let inverse = t.inverted { #expect(inverse.isFinite, "\(a) \(b)") }
        _ = t.concatenating(.identity).apply(to: Point(x: a, y: b))
        #expect(clamp(a, 0, 1) >= 0 && clamp(a, 0, 1) <= 1, "\(a)")
        #expect(clamp(a, b, b - 1).isNaN == false || b.isNaN, "\(a) \(b)")
      }
    }
  }
}
