import CRasterShim
import ScrollworkTestSupport
import Testing

/// The compositor draws axis-aligned quads with a loop that hoists per-row
/// and per-column terms, built twice on x86-64 (baseline SSE2 and AVX2,
/// picked by the CPU). Both builds must write the bits of the per-pixel
/// reference loop, or a frame would depend on the machine that drew it.
@Suite struct VectorPathTests {
  /// Random axis-aligned quads (the path that has two builds): textured or
  /// flat, rounded or square, opaque or not, darkened or not, with
  /// fractional placement and scale, over a random destination.
  @Test func axisAlignedPathsWriteTheReferenceBits() {
    let width = 96
    let height = 64
    let cases = 800
    var changed = 0
    for i in 0..<cases {
      let seed = propertySeed(i)
      var rng = SplitMix64(seed: seed)
      func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
      func byte() -> UInt8 { UInt8(truncatingIfNeeded: rng.next()) }
      let destination = (0..<(width * height * 4)).map { _ in byte() }
      let tw = 1 + Int(rng.next() % 40)
      let th = 1 + Int(rng.next() % 40)
      // Premultiplied texture: colour bytes never above alpha.
      let opaqueTexture = rng.next() % 2 == 0
      var texture = [UInt8](repeating: 0, count: tw * th * 4)
      for p in 0..<(tw * th) {
        let a = opaqueTexture || rng.next() % 4 != 0 ? 255 : byte()
        texture[p * 4 + 3] = a
        for c in 0..<3 { texture[p * 4 + c] = a == 0 ? 0 : UInt8(rng.next() % (UInt64(a) + 1)) }
      }
      var quad = sw_quad()
      quad.dst_width = Int32(width)
      quad.x0 = Int32(rng.next() % UInt64(width))
      quad.y0 = Int32(rng.next() % UInt64(height))
      quad.x1 = quad.x0 + 1 + Int32(rng.next() % UInt64(width - Int(quad.x0)))
      quad.y1 = quad.y0 + 1 + Int32(rng.next() % UInt64(height - Int(quad.y0)))
      quad.a = 0.25 + unit() * 2
      quad.d = 0.25 + unit() * 2
      quad.tx = -unit() * 20
      quad.ty = -unit() * 20
      quad.half_w = 4 + unit() * 60
      quad.half_h = 4 + unit() * 60
      quad.radius = rng.next() % 2 == 0 ? 0 : unit() * min(quad.half_w, quad.half_h)
      quad.pixels_per_unit = 1 / quad.a
      quad.opacity = rng.next() % 2 == 0 ? 1 : unit()
      quad.keep = rng.next() % 2 == 0 ? 1 : unit()
      let alpha = rng.next() % 2 == 0 ? 255 : Double(byte())
      quad.flat = (unit() * alpha, unit() * alpha, unit() * alpha, alpha)
      let textured = rng.next() % 3 != 0
      if textured {
        quad.tex_width = Int32(tw)
        quad.tex_height = Int32(th)
        quad.image_x = unit() * 10 - 5
        quad.image_y = unit() * 10 - 5
        quad.sx_scale = Double(tw) / (quad.half_w * 2 * (0.5 + unit()))
        quad.sy_scale = Double(th) / (quad.half_h * 2 * (0.5 + unit()))
        quad.vis_min_x = unit() * quad.half_w
        quad.vis_min_y = unit() * quad.half_h
        quad.vis_max_x = quad.half_w * (1 + unit())
        quad.vis_max_y = quad.half_h * (1 + unit())
      }
      var results: [[UInt8]] = []
      for level: Int32 in [-1, 0, 1] {
        var out = destination
        texture.withUnsafeBufferPointer { tex in
          out.withUnsafeMutableBufferPointer { buffer in
            var q = quad
            q.dst = buffer.baseAddress
            q.tex = textured ? tex.baseAddress : nil
            sw_composite_quad_at(&q, level)
          }
        }
        results.append(out)
      }
      for (level, result) in zip([0, 1], results.dropFirst()) where result != results[0] {
        let first = zip(results[0], result).enumerated().first { $0.element.0 != $0.element.1 }!.offset
        Issue.record("seed \(seed): path \(level) differs from the reference first at byte \(first)")
        return
      }
      if results[0] != destination { changed += 1 }
    }
    // Many quads drew something: the comparison is not of untouched buffers.
    #expect(changed > cases / 3, "only \(changed) of \(cases) quads changed a pixel")
  }

  /// A texel coordinate that is NaN (0 × ∞: a pixel centre exactly on the
  /// edge of an image rectangle whose texels per point overflowed) reads
  /// texel 0 on every path instead of converting NaN to an index.
  @Test func aNaNTexelCoordinateReadsTheFirstTexel() {
    var texture: [UInt8] = [10, 20, 30, 255, 40, 50, 60, 255]
    for level: Int32 in [-1, 0, 1] {
      var out = [UInt8](repeating: 0, count: 8 * 8 * 4)
      texture.withUnsafeMutableBufferPointer { tex in
        out.withUnsafeMutableBufferPointer { buffer in
          var q = sw_quad()
          q.dst = buffer.baseAddress
          q.dst_width = 8
          (q.x0, q.y0, q.x1, q.y1) = (2, 0, 3, 8)
          (q.a, q.d, q.tx, q.ty) = (1, 1, -2.5, 0)
          (q.half_w, q.half_h, q.radius, q.pixels_per_unit) = (0.5, 4, 0, 1)
          (q.opacity, q.keep) = (1, 1)
          q.flat = (255, 255, 255, 255)
          q.tex = UnsafePointer(tex.baseAddress)
          (q.tex_width, q.tex_height) = (2, 1)
          (q.image_x, q.image_y, q.sx_scale, q.sy_scale) = (0, 0, .infinity, 0.125)
          (q.vis_min_x, q.vis_min_y, q.vis_max_x, q.vis_max_y) = (0, 0, 1, 8)
          sw_composite_quad_at(&q, level)
        }
      }
      // Column 2, u = 0: NaN → texel 0 (10, 20, 30), as much as the edge covers.
      #expect(out[(0 * 8 + 2) * 4 + 2] > 0, "level \(level)")
      #expect(out[(0 * 8 + 2) * 4] <= out[(0 * 8 + 2) * 4 + 2], "level \(level): texel 0, not texel 1 or beyond")
    }
  }
}
