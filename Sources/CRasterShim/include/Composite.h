#ifndef SCROLLWORK_COMPOSITE_H
#define SCROLLWORK_COMPOSITE_H

// The canvas's per-pixel loops. They are plain C so that debug builds,
// where Swift's generic integer and floating-point conversions are not
// specialised, still draw a frame in a few milliseconds. Swift computes
// every parameter; C only walks pixels. All buffers are premultiplied RGBA8.

#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint8_t *dst;
  int dst_width;
  /// The pixel rectangle to walk: [x0, x1) × [y0, y1), inside dst.
  int x0, y0, x1, y1;
  /// Device pixel → quad coordinates: u = a·x + c·y + tx, v = b·x + d·y + ty.
  double a, b, c, d, tx, ty;
  /// The quad is [0, 2·half_w] × [0, 2·half_h] with corner radius `radius`.
  double half_w, half_h, radius;
  /// Device pixels per quad unit (anti-aliasing width).
  double pixels_per_unit;
  /// Multiplies coverage; `keep` = 1 − overlay darkens the colour.
  double opacity, keep;
  /// The colour (premultiplied, 0...255) where no texture shows.
  double flat[4];
  /// Optional texture, sampled bilinearly inside the visible rectangle.
  const uint8_t *tex;
  int tex_width, tex_height;
  /// Texture pixel = (u − image_x)·sx_scale − 0.5 (and likewise for v).
  double image_x, image_y, sx_scale, sy_scale;
  double vis_min_x, vis_min_y, vis_max_x, vis_max_y;
} sw_quad;

/// Composites the quad source-over onto dst, with the fastest vector
/// instructions the CPU has (the bits do not depend on which).
void sw_composite_quad(const sw_quad *quad);

/// `sw_composite_quad` with the path chosen: -1 the per-pixel reference
/// (every quad, axis-aligned or not, pixel by pixel), 0 the axis-aligned
/// loop's baseline build (SSE2 on x86-64), 1 the fastest the CPU has (AVX2
/// where present). All give the same bits; tests compare them.
void sw_composite_quad_at(const sw_quad *quad, int level);

/// 1 when the CPU runs the AVX2 path, else 0.
int sw_cpu_has_avx2(void);

/// Composites an 8-bit coverage mask in a premultiplied colour (0...255)
/// source-over onto dst at (x, y), inside the clip [cx0, cx1) × [cy0, cy1).
void sw_blend_mask(uint8_t *dst, int dst_width, const uint8_t *mask, int mask_width, int mask_height,
                   int pitch, int x, int y, const double color[4], int cx0, int cy0, int cx1, int cy1);

/// Composites `src` (src_width pixels a row) source-over onto dst, pixel
/// for pixel: dst pixel (x, y) for x in [x0, x1), y in [y0, y1) takes src
/// pixel (x + src_dx, y + src_dy). The caller keeps both rectangles inside
/// their buffers. Rows whose source pixels are all opaque are copied.
/// A translucent source pixel blends as `sw_composite_quad` blends a
/// texel at coverage 1 and opacity 1, so a copy gives the quad's bits.
void sw_blit_over(uint8_t *dst, int dst_width, const uint8_t *src, int src_width, int src_dx, int src_dy, int x0,
                  int y0, int x1, int y1);

/// Drops the alpha byte of each pixel.
void sw_rgba_to_rgb(const uint8_t *rgba, uint8_t *rgb, size_t pixels);

/// Converts premultiplied RGBA to the X11 TrueColor layout (B, G, R, 0xFF
/// in memory), dropping alpha: for opaque frames.
void sw_rgba_to_bgrx(const uint8_t *rgba, uint8_t *bgrx, size_t pixels);

/// Copies the rows of an opaque source into dst (the same arguments as
/// sw_blit_over): for a source whose alpha bytes are all 255, the same bits
/// as sw_blit_over without reading them first.
void sw_blit_copy(uint8_t *dst, int dst_width, const uint8_t *src, int src_width, int src_dx, int src_dy, int x0,
                  int y0, int x1, int y1);

/// Copies an opaque source drawn at twice its size (each source pixel
/// covers 2×2 dst pixels) into [x0, x1) × [y0, y1) of dst: dst (x, y) takes
/// source ((x + src_dx) / 2, (y + src_dy) / 2), with x + src_dx and
/// y + src_dy at least 0 and below twice the source's width and height.
void sw_blit_copy_doubled(uint8_t *dst, int dst_width, const uint8_t *src, int src_width, int src_dx, int src_dy,
                          int x0, int y0, int x1, int y1);

/// 1 when every one of the `pixels` RGBA pixels has alpha 255, else 0.
int sw_all_opaque(const uint8_t *rgba, size_t pixels);

/// Fills `pixels` RGBA pixels with one value.
void sw_fill_pattern(uint8_t *dst, size_t pixels, uint8_t r, uint8_t g, uint8_t b, uint8_t a);

/// Puts the calling thread in the lowest best-effort I/O class (Linux
/// `ioprio_set`, class 2 level 7): a busy disk serves the process's other
/// threads first. Returns 0, or -1 where it is not supported (nothing changes).
int sw_lower_thread_io_priority(void);

/// Copies the `w` x `h` pixel rectangle at (`x`, `y`) of a 4-byte-a-pixel
/// image with rows `stride` bytes apart to (`x` + `dx`, `y` + `dy`);
/// the two may overlap (a scroll of part of a frame). The caller keeps
/// both rectangles inside the image.
void sw_move_rect(uint8_t *base, size_t stride, int x, int y, int w, int h, int dx, int dy);

/// Makes standard output line-buffered (each line written as it ends,
/// also into a pipe). Returns 0, or -1 when the C library refuses.
int sw_line_buffer_stdout(void);

#endif
