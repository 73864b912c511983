#include "Composite.h"

// Every result must be the same bits on every machine and in every build:
// no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

#include <math.h>
#include <stdlib.h>
#include <string.h>

// Macros rather than functions: debug builds (-O0) do not inline.
#define sw_min(a, b) ((a) < (b) ? (a) : (b))
#define sw_max(a, b) ((a) > (b) ? (a) : (b))
// A texel coordinate clamped to [0, hi]; NaN (0 × ∞ from a subnormal image
// rectangle) reads as 0 instead of reaching an int conversion. For every
// other value it is exactly sw_min(hi, sw_max(0, x)).
#define SW_TEXEL(hi, x) sw_min((hi), sw_max(0, ((x) != (x) ? 0 : (x))))
#define SW_BYTE(out, value)                                   \
  do {                                                        \
    const double v_ = (value) + 0.5;                          \
    (out) = v_ >= 255 ? 255 : (v_ <= 0 ? 0 : (uint8_t)v_);    \
  } while (0)

static void composite_general(const sw_quad *q) {
  const double inner_w = q->half_w - q->radius;
  const double inner_h = q->half_h - q->radius;
  // Farther inside than this (in quad units), coverage is 1.
  const double inside = q->pixels_per_unit > 0 ? 1 / q->pixels_per_unit : 1e300;
  for (int y = q->y0; y < q->y1; y++) {
    const double py = y + 0.5;
    double u = q->a * (q->x0 + 0.5) + q->c * py + q->tx;
    double v = q->b * (q->x0 + 0.5) + q->d * py + q->ty;
    uint8_t *o = q->dst + ((size_t)y * (size_t)q->dst_width + (size_t)q->x0) * 4;
    for (int x = q->x0; x < q->x1; x++, u += q->a, v += q->b, o += 4) {
      // Signed distance to the rounded rectangle, in quad units.
      const double dx = u - q->half_w, dy = v - q->half_h;
      const double qx = (dx < 0 ? -dx : dx) - inner_w;
      const double qy = (dy < 0 ? -dy : dy) - inner_h;
      double coverage = 1;
      if (qx > -q->radius - inside || qy > -q->radius - inside) {
        // Near an edge or a corner: the exact distance.
        const double ox = sw_max(qx, 0), oy = sw_max(qy, 0);
        const double distance = sqrt(ox * ox + oy * oy) + sw_min(sw_max(qx, qy), 0) - q->radius;
        coverage = sw_min(1, sw_max(0, 0.5 - distance * q->pixels_per_unit));
        if (coverage <= 0) continue;
      }
      double r = q->flat[0], g = q->flat[1], b = q->flat[2], a = q->flat[3];
      if (q->tex && u >= q->vis_min_x && u < q->vis_max_x && v >= q->vis_min_y && v < q->vis_max_y) {
        const int tw = q->tex_width, th = q->tex_height;
        const double sx = SW_TEXEL(tw - 1, (u - q->image_x) * q->sx_scale - 0.5);
        const double sy = SW_TEXEL(th - 1, (v - q->image_y) * q->sy_scale - 0.5);
        const int ix = (int)sx, iy = (int)sy;
        const double fx = sx - ix, fy = sy - iy;
        const int ix1 = ix + 1 < tw ? ix + 1 : tw - 1;
        const int iy1 = iy + 1 < th ? iy + 1 : th - 1;
        const uint8_t *p00 = q->tex + ((size_t)iy * tw + ix) * 4;
        const uint8_t *p10 = q->tex + ((size_t)iy * tw + ix1) * 4;
        const uint8_t *p01 = q->tex + ((size_t)iy1 * tw + ix) * 4;
        const uint8_t *p11 = q->tex + ((size_t)iy1 * tw + ix1) * 4;
        const double w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
        r = p00[0] * w00 + p10[0] * w10 + p01[0] * w01 + p11[0] * w11;
        g = p00[1] * w00 + p10[1] * w10 + p01[1] * w01 + p11[1] * w11;
        b = p00[2] * w00 + p10[2] * w10 + p01[2] * w01 + p11[2] * w11;
        a = p00[3] * w00 + p10[3] * w10 + p01[3] * w01 + p11[3] * w11;
      }
      const double k = coverage * q->opacity;
      const double sa = a * k;
      const double inv = 1 - sa / 255;
      SW_BYTE(o[0], r * q->keep * k + o[0] * inv);
      SW_BYTE(o[1], g * q->keep * k + o[1] * inv);
      SW_BYTE(o[2], b * q->keep * k + o[2] * inv);
      SW_BYTE(o[3], sa + o[3] * inv);
    }
  }
}


// Axis-aligned quads (b = c = 0: a translation and a scale, the common case)
// compute exactly what composite_general computes, with the per-column terms
// (u and what depends on it) and the per-row terms (v and what depends on
// it) worked out once instead of per pixel. Every expression is the one
// composite_general evaluates, in the same order, so the bits are the same.
// An opaque colour over a pixel the quad fully covers is written directly
// (source-over with alpha 1 and coverage 1 is the source).
typedef double sw_d4 __attribute__((ext_vector_type(4)));

// On x86-64 the vector loop is built twice, for the baseline (SSE2) and
// for AVX2, and the machine's CPU picks one at run time. Both do the same
// IEEE operations on the same values in the same order (no FMA: "avx2"
// does not enable it, and contraction is off above), so the pixels are the
// same bits on every machine; AVX2 only does four lanes at once where SSE2
// does two. `sw_composite_quad_at` lets the tests compare the two.
#if defined(__x86_64__) && defined(__clang__)
#define SW_HAS_AVX2_PATH 1
#else
#define SW_HAS_AVX2_PATH 0
#endif
typedef uint8_t sw_u8x4 __attribute__((ext_vector_type(4)));
typedef int32_t sw_i4 __attribute__((ext_vector_type(4)));

// Macros, not functions: a 4-double vector passed by value would need AVX
// for its calling convention, and debug builds do not inline.
// Four bytes as four doubles.
#define SW_LOAD4(out, p)                        \
  do {                                          \
    sw_u8x4 v4_;                                \
    memcpy(&v4_, (p), 4);                       \
    (out) = __builtin_convertvector(v4_, sw_d4); \
  } while (0)

// SW_BYTE on four lanes: +0.5, then 0 at or below 0, 255 at or above 255,
// truncation in between.
#define SW_STORE4(o, value)                                                                   \
  do {                                                                                        \
    sw_d4 s4_ = (value) + 0.5;                                                                \
    s4_ = __builtin_elementwise_min(__builtin_elementwise_max(s4_, (sw_d4)0), (sw_d4)255);    \
    const sw_u8x4 b4_ = __builtin_convertvector(__builtin_convertvector(s4_, sw_i4), sw_u8x4); \
    memcpy((o), &b4_, 4);                                                                     \
  } while (0)

typedef struct {
  double qx;
  double fx, one_minus_fx;
  int ix, ix1;
  int interior;  // coverage is 1 as far as x goes
  int in_vis;    // inside the visible rectangle as far as x goes
} sw_column;

__attribute__((always_inline)) static inline void composite_axis_aligned_body(const sw_quad *q, sw_column *cols) {
  const int n = q->x1 - q->x0;
  const double inner_w = q->half_w - q->radius;
  const double inner_h = q->half_h - q->radius;
  const double inside = q->pixels_per_unit > 0 ? 1 / q->pixels_per_unit : 1e300;
  const double edge = -q->radius - inside;
  const int tw = q->tex_width, th = q->tex_height;
  {
    // u as composite_general walks it (the same for every row when c = 0).
    const double py = q->y0 + 0.5;
    double u = q->a * (q->x0 + 0.5) + q->c * py + q->tx;
    for (int i = 0; i < n; i++, u += q->a) {
      sw_column *col = &cols[i];
      const double dx = u - q->half_w;
      col->qx = (dx < 0 ? -dx : dx) - inner_w;
      col->interior = !(col->qx > edge);
      col->in_vis = q->tex && u >= q->vis_min_x && u < q->vis_max_x;
      if (col->in_vis) {
        const double sx = SW_TEXEL(tw - 1, (u - q->image_x) * q->sx_scale - 0.5);
        col->ix = (int)sx;
        col->fx = sx - col->ix;
        col->one_minus_fx = 1 - col->fx;
        col->ix1 = col->ix + 1 < tw ? col->ix + 1 : tw - 1;
      }
    }
  }
  const int opaque_flat = q->opacity == 1 && q->flat[3] == 255;
  const sw_d4 flat4 = {q->flat[0], q->flat[1], q->flat[2], q->flat[3]};
  const sw_d4 keep4 = {q->keep, q->keep, q->keep, 1};
  uint8_t flat_bytes[4] = {0, 0, 0, 0};
  if (opaque_flat) {
    SW_BYTE(flat_bytes[0], q->flat[0] * q->keep * 1 + 0.0);
    SW_BYTE(flat_bytes[1], q->flat[1] * q->keep * 1 + 0.0);
    SW_BYTE(flat_bytes[2], q->flat[2] * q->keep * 1 + 0.0);
    SW_BYTE(flat_bytes[3], q->flat[3] * 1 + 0.0);
  }
  // The first run of columns that are interior as far as x goes (for the
  // colour runs above; pixels outside it take the per-pixel path).
  int span_start = 0;
  while (span_start < n && !cols[span_start].interior) span_start++;
  int span_end = span_start;
  while (span_end < n && cols[span_end].interior) span_end++;
  if (span_end == span_start) span_start = span_end = -1;
  // Within that run, the columns that also sample the texture (one run:
  // u is monotonic): in rows that are interior and sample too, a fully
  // opaque, undarkened quad takes the short loop below.
  int tex_start = -1, tex_end = -1;
  if (q->tex && q->opacity == 1 && q->keep == 1 && span_start >= 0) {
    tex_start = span_start;
    while (tex_start < span_end && !cols[tex_start].in_vis) tex_start++;
    tex_end = tex_start;
    while (tex_end < span_end && cols[tex_end].in_vis) tex_end++;
    if (tex_end == tex_start) tex_start = tex_end = -1;
  }
  uint32_t flat_word;
  memcpy(&flat_word, flat_bytes, 4);
  for (int y = q->y0; y < q->y1; y++) {
    const double py = y + 0.5;
    const double v = q->b * (q->x0 + 0.5) + q->d * py + q->ty;
    const double dy = v - q->half_h;
    const double qy = (dy < 0 ? -dy : dy) - inner_h;
    const int row_interior = !(qy > edge);
    const int row_vis = q->tex && v >= q->vis_min_y && v < q->vis_max_y;
    int iy = 0, iy1 = 0;
    double fy = 0, one_minus_fy = 1;
    if (row_vis) {
      const double sy = SW_TEXEL(th - 1, (v - q->image_y) * q->sy_scale - 0.5);
      iy = (int)sy;
      fy = sy - iy;
      one_minus_fy = 1 - fy;
      iy1 = iy + 1 < th ? iy + 1 : th - 1;
    }
    const uint8_t *row0 = q->tex ? q->tex + (size_t)iy * tw * 4 : NULL;
    const uint8_t *row1 = q->tex ? q->tex + (size_t)iy1 * tw * 4 : NULL;
    uint8_t *o = q->dst + ((size_t)y * (size_t)q->dst_width + (size_t)q->x0) * 4;
    for (int i = 0; i < n; i++, o += 4) {
      if (i == tex_start && row_interior && row_vis) {
        // Coverage 1, opacity 1, keep 1: k is 1 and c · keep4 · k is c
        // (multiplying by 1 is exact), so these are the general path's
        // operations with the identities left out; the same bits.
        for (int j = tex_start; j < tex_end; j++, o += 4) {
          const sw_column *col = &cols[j];
          const size_t i0 = (size_t)col->ix * 4, i1 = (size_t)col->ix1 * 4;
          const double fx = col->fx;
          const double w00 = col->one_minus_fx * one_minus_fy, w10 = fx * one_minus_fy,
                       w01 = col->one_minus_fx * fy, w11 = fx * fy;
          sw_d4 p00, p10, p01, p11;
          SW_LOAD4(p00, row0 + i0);
          SW_LOAD4(p10, row0 + i1);
          SW_LOAD4(p01, row1 + i0);
          SW_LOAD4(p11, row1 + i1);
          const sw_d4 c = p00 * w00 + p10 * w10 + p01 * w01 + p11 * w11;
          if (c.w == 255) {
            SW_STORE4(o, c);
          } else {
            const double inv = 1 - c.w / 255;
            sw_d4 dst;
            SW_LOAD4(dst, o);
            SW_STORE4(o, c + dst * inv);
          }
        }
        o -= 4;
        i = tex_end - 1;
        continue;
      }
      if (i == span_start && row_interior && opaque_flat && !q->tex) {
        // A run of fully covered pixels in one opaque colour: the colour.
        for (int j = span_start; j < span_end; j++) memcpy(o + (size_t)(j - span_start) * 4, &flat_word, 4);
        o += (size_t)(span_end - span_start - 1) * 4;
        i = span_end - 1;
        continue;
      }
      const sw_column *col = &cols[i];
      double coverage = 1;
      const int interior = row_interior && col->interior;
      if (!interior) {
        const double qx = col->qx;
        const double ox = sw_max(qx, 0), oy = sw_max(qy, 0);
        const double distance = sqrt(ox * ox + oy * oy) + sw_min(sw_max(qx, qy), 0) - q->radius;
        coverage = sw_min(1, sw_max(0, 0.5 - distance * q->pixels_per_unit));
        if (coverage <= 0) continue;
      }
      const int sampled = row_vis && col->in_vis;
      if (!sampled && opaque_flat && coverage == 1) {
        o[0] = flat_bytes[0];
        o[1] = flat_bytes[1];
        o[2] = flat_bytes[2];
        o[3] = flat_bytes[3];
        continue;
      }
      // The four channels side by side: each lane does the scalar
      // arithmetic of composite_general, operation for operation.
      sw_d4 c = flat4;
      if (sampled) {
        const size_t i0 = (size_t)col->ix * 4, i1 = (size_t)col->ix1 * 4;
        const double fx = col->fx;
        const double w00 = col->one_minus_fx * one_minus_fy, w10 = fx * one_minus_fy, w01 = col->one_minus_fx * fy,
                     w11 = fx * fy;
        sw_d4 p00, p10, p01, p11;
        SW_LOAD4(p00, row0 + i0);
        SW_LOAD4(p10, row0 + i1);
        SW_LOAD4(p01, row1 + i0);
        SW_LOAD4(p11, row1 + i1);
        c = p00 * w00 + p10 * w10 + p01 * w01 + p11 * w11;
      }
      const double k = coverage * q->opacity;
      const double sa = c.w * k;
      if (sa == 255 && k == 1) {
        // inv is exactly 0, dst · 0 is +0 and x + 0 is x: the source alone.
        SW_STORE4(o, c * keep4 * k);
        continue;
      }
      const double inv = 1 - sa / 255;
      // Lanes 0–2: colour · keep · k + dst · inv; lane 3: alpha · 1 · k (= sa) + dst · inv.
      sw_d4 dst;
      SW_LOAD4(dst, o);
      SW_STORE4(o, c * keep4 * k + dst * inv);
    }
  }
}

static void composite_axis_aligned_baseline(const sw_quad *q, sw_column *cols) {
  composite_axis_aligned_body(q, cols);
}

#if SW_HAS_AVX2_PATH
__attribute__((target("avx2"))) static void composite_axis_aligned_avx2(const sw_quad *q, sw_column *cols) {
  composite_axis_aligned_body(q, cols);
}
#endif

int sw_cpu_has_avx2(void) {
#if SW_HAS_AVX2_PATH
  return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
  return 0;
#endif
}

void sw_composite_quad_at(const sw_quad *q, int level) {
  const int n = q->x1 - q->x0;
  if (level >= 0 && q->b == 0 && q->c == 0 && n > 0 && q->y1 > q->y0) {
    sw_column stack_cols[1024];
    sw_column *cols = n <= 1024 ? stack_cols : malloc(sizeof(sw_column) * (size_t)n);
    if (cols) {
#if SW_HAS_AVX2_PATH
      if (level == 1 && sw_cpu_has_avx2()) {
        composite_axis_aligned_avx2(q, cols);
      } else {
        composite_axis_aligned_baseline(q, cols);
      }
#else
      (void)level;
      composite_axis_aligned_baseline(q, cols);
#endif
      if (cols != stack_cols) free(cols);
      return;
    }
  }
  composite_general(q);
}

void sw_composite_quad(const sw_quad *q) { sw_composite_quad_at(q, 1); }

void sw_blend_mask(uint8_t *dst, int dst_width, const uint8_t *mask, int mask_width, int mask_height,
                   int pitch, int x, int y, const double color[4], int cx0, int cy0, int cx1, int cy1) {
  for (int row = 0; row < mask_height; row++) {
    const int dy = y + row;
    if (dy < cy0 || dy >= cy1) continue;
    for (int col = 0; col < mask_width; col++) {
      const int dx = x + col;
      if (dx < cx0 || dx >= cx1) continue;
      const double m = mask[row * pitch + col] / 255.0;
      if (m == 0) continue;
      uint8_t *o = dst + ((size_t)dy * (size_t)dst_width + (size_t)dx) * 4;
      const double inv = 1 - color[3] * m / 255;
      SW_BYTE(o[0], color[0] * m + o[0] * inv);
      SW_BYTE(o[1], color[1] * m + o[1] * inv);
      SW_BYTE(o[2], color[2] * m + o[2] * inv);
      SW_BYTE(o[3], color[3] * m + o[3] * inv);
    }
  }
}

/// The byte offset of pixel (x, y) in an RGBA image `width` pixels wide.
static inline size_t sw_rgba_offset(int x, int y, int width) {
  return ((size_t)y * (size_t)width + (size_t)x) * 4;
}

void sw_blit_over(uint8_t *dst, int dst_width, const uint8_t *src, int src_width, int src_dx, int src_dy, int x0,
                  int y0, int x1, int y1) {
  const size_t n = x1 > x0 ? (size_t)(x1 - x0) : 0;
  if (n == 0) return;
  for (int y = y0; y < y1; y++) {
    const uint8_t *s = src + sw_rgba_offset(x0 + src_dx, y + src_dy, src_width);
    uint8_t *o = dst + sw_rgba_offset(x0, y, dst_width);
    // All alpha bytes 255: the row is the source (source-over with alpha 1).
    uint8_t all = 255;
    for (size_t i = 0; i < n; i++) all &= s[i * 4 + 3];
    if (all == 255) {
      memcpy(o, s, n * 4);
      continue;
    }
    for (size_t i = 0; i < n; i++, s += 4, o += 4) {
      if (s[3] == 255) {
        memcpy(o, s, 4);
        continue;
      }
      // The quad's blend at k = 1: colour + dst · (1 − alpha / 255).
      const double inv = 1 - s[3] / 255.0;
      SW_BYTE(o[0], s[0] + o[0] * inv);
      SW_BYTE(o[1], s[1] + o[1] * inv);
      SW_BYTE(o[2], s[2] + o[2] * inv);
      SW_BYTE(o[3], s[3] + o[3] * inv);
    }
  }
}

void sw_blit_copy(uint8_t *dst, int dst_width, const uint8_t *src, int src_width, int src_dx, int src_dy, int x0,
                  int y0, int x1, int y1) {
  const size_t n = x1 > x0 ? (size_t)(x1 - x0) : 0;
  if (n == 0) return;
  for (int y = y0; y < y1; y++) {
    const uint8_t *s = src + sw_rgba_offset(x0 + src_dx, y + src_dy, src_width);
    uint8_t *o = dst + sw_rgba_offset(x0, y, dst_width);
    memcpy(o, s, n * 4);
  }
}

void sw_blit_copy_doubled(uint8_t *dst, int dst_width, const uint8_t *src, int src_width, int src_dx, int src_dy,
                          int x0, int y0, int x1, int y1) {
  if (x1 <= x0) return;
  const size_t row = (size_t)(x1 - x0) * 4;
  for (int y = y0; y < y1; y++) {
    const uint8_t *s = src + sw_rgba_offset(0, (y + src_dy) >> 1, src_width);
    uint8_t *o = dst + sw_rgba_offset(x0, y, dst_width);
    // The second row of a pair repeats the first: copied whole.
    if (y > y0 && ((y + src_dy) & 1) == 1) {
      memcpy(o, o - (size_t)dst_width * 4, row);
      continue;
    }
    for (int x = x0; x < x1; x++, o += 4) memcpy(o, s + (size_t)((x + src_dx) >> 1) * 4, 4);
  }
}

int sw_all_opaque(const uint8_t *rgba, size_t pixels) {
  uint8_t all = 255;
  for (size_t i = 0; i < pixels; i++) all &= rgba[i * 4 + 3];
  return all == 255;
}

void sw_rgba_to_rgb(const uint8_t *rgba, uint8_t *rgb, size_t pixels) {
  for (size_t i = 0; i < pixels; i++) {
    rgb[i * 3] = rgba[i * 4];
    rgb[i * 3 + 1] = rgba[i * 4 + 1];
    rgb[i * 3 + 2] = rgba[i * 4 + 2];
  }
}

void sw_rgba_to_bgrx(const uint8_t *rgba, uint8_t *bgrx, size_t pixels) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  // Whole pixels as 32-bit words (memcpy: no alignment or aliasing
  // assumptions), shifts and masks the compiler turns into vector code.
  for (size_t i = 0; i < pixels; i++) {
    uint32_t p;
    memcpy(&p, rgba + i * 4, 4);
    const uint32_t q = ((p >> 16) & 0xFFu) | (p & 0xFF00u) | ((p & 0xFFu) << 16) | 0xFF000000u;
    memcpy(bgrx + i * 4, &q, 4);
  }
#else
  for (size_t i = 0; i < pixels; i++) {
    bgrx[i * 4] = rgba[i * 4 + 2];
    bgrx[i * 4 + 1] = rgba[i * 4 + 1];
    bgrx[i * 4 + 2] = rgba[i * 4];
    bgrx[i * 4 + 3] = 0xFF;
  }
#endif
}

void sw_fill_pattern(uint8_t *dst, size_t pixels, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
  const uint8_t p[4] = {r, g, b, a};
  uint32_t word;
  memcpy(&word, p, 4);
  for (size_t i = 0; i < pixels; i++) memcpy(dst + i * 4, &word, 4);
}

void sw_move_rect(uint8_t *base, size_t stride, int x, int y, int w, int h, int dx, int dy) {
  if (w <= 0 || h <= 0 || (dx == 0 && dy == 0)) return;
  const size_t bytes = (size_t)w * 4;
  // Rows in the order that reads each source row before it is overwritten.
  if (dy > 0) {
    for (int r = h - 1; r >= 0; r--)
      memmove(base + (size_t)(y + r + dy) * stride + (size_t)(x + dx) * 4, base + (size_t)(y + r) * stride + (size_t)x * 4, bytes);
  } else {
    for (int r = 0; r < h; r++)
      memmove(base + (size_t)(y + r + dy) * stride + (size_t)(x + dx) * 4, base + (size_t)(y + r) * stride + (size_t)x * 4, bytes);
  }
}

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
int sw_lower_thread_io_priority(void) {
#if defined(SYS_ioprio_set)
  // IOPRIO_WHO_PROCESS = 1 (a thread id names the thread); class 2 (best effort) << 13 | level 7.
  const int value = (2 << 13) | 7;
  return syscall(SYS_ioprio_set, 1, (int)syscall(SYS_gettid), value) == 0 ? 0 : -1;
#else
  return -1;
#endif
}
#else
int sw_lower_thread_io_priority(void) { return -1; }
#endif

#include <stdio.h>
int sw_line_buffer_stdout(void) { return setvbuf(stdout, NULL, _IOLBF, 0) == 0 ? 0 : -1; }
