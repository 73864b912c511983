#ifndef SCROLLWORK_RASTER_SHIM_H
#define SCROLLWORK_RASTER_SHIM_H

// A thin C layer over libjpeg: libjpeg reports errors by longjmp, which must
// never cross Swift frames, so every setjmp and every libjpeg call lives in
// the same C function here and Swift only sees return codes.

#include <stddef.h>
#include <stdint.h>

enum {
  SW_OK = 0,
  /// libjpeg rejected the data (not a JPEG, bad markers, bad Huffman data).
  SW_ERR_CORRUPT = 1,
  /// The data ended before the image did.
  SW_ERR_TRUNCATED = 2,
  /// The declared width × height is above the caller's limit.
  SW_ERR_TOO_LARGE = 3,
  /// malloc failed.
  SW_ERR_MEMORY = 4,
  /// A colour space the shim does not convert.
  SW_ERR_UNSUPPORTED = 5,
  /// The decode would need more working memory than the caller allows.
  SW_ERR_BUDGET = 6,
};

/// Reads the header: the stored (unrotated) width and height.
int sw_jpeg_read_header(const uint8_t *data, size_t size, int *width, int *height,
                        char *message, size_t message_size);

/// Decodes to RGBA8 (alpha 255), scaled in the DCT by 1/scale_denom
/// (1, 2, 4 or 8; libjpeg rounds the size up). On success *pixels is a
/// malloc'd buffer of width × height × 4 bytes the caller releases with
/// sw_free. Fails with SW_ERR_TOO_LARGE, before allocating anything, when
/// the declared width × height exceeds max_pixels.
int sw_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int64_t max_pixels,
                   uint8_t **pixels, int *width, int *height, char *message, size_t message_size);

/// Encodes RGBA8 pixels (alpha ignored) as a baseline JPEG. On success *out
/// is a malloc'd buffer the caller releases with sw_free.
int sw_jpeg_encode(const uint8_t *rgba, int width, int height, int quality, uint8_t **out,
                   size_t *out_size, char *message, size_t message_size);

/// Decodes to RGBA8 (alpha 255), scaled in the DCT by 1/scale_denom, as
/// sw_jpeg_decode does, with libjpeg's working memory (a progressive or
/// multi-scan JPEG keeps every DCT coefficient: about 2 bytes per pixel and
/// component) held to max_work_bytes: above it the decode fails with
/// SW_ERR_BUDGET before the coefficients are allocated (for a progressive
/// JPEG, from its header, with *needed_bytes set to what they would take).
int sw_jpeg_decode_bounded(const uint8_t *data, size_t size, int scale_denom, int64_t max_pixels,
                           int64_t max_work_bytes, int64_t *needed_bytes, uint8_t **pixels, int *width,
                           int *height, char *message, size_t message_size);

/// Decodes a PNG row by row (libpng's progressive row API: the whole image
/// is never in memory) into premultiplied RGBA8 boxes of 2^shift × 2^shift
/// pixels (shift 0...12): the result is ceil(width / 2^shift) ×
/// ceil(height / 2^shift), each pixel the mean of its box (clipped at the
/// right and bottom edges). Memory: the result, one row of the image
/// (width × 4 bytes) and the box sums (16 bytes per result pixel for an
/// interlaced PNG, whose rows arrive in seven passes; one result row
/// otherwise). Palette, grey, 1/2/4/16-bit and tRNS transparency are
/// expanded; 16-bit samples keep their high byte.
int sw_png_decode_scaled(const uint8_t *data, size_t size, int shift, int64_t max_pixels, uint8_t **pixels,
                         int *width, int *height, char *message, size_t message_size);

/// As sw_jpeg_encode; a progressive JPEG (libjpeg's simple progression)
/// when progressive is non-zero.
int sw_jpeg_encode_progressive(const uint8_t *rgba, int width, int height, int quality, int progressive,
                               uint8_t **out, size_t *out_size, char *message, size_t message_size);

void sw_free(void *pointer);

/// Lowers the calling thread's scheduling priority to nice_value (Linux:
/// per thread; elsewhere does nothing and returns -1). 0 on success.
int sw_lower_thread_priority(int nice_value);

/// Fixes glibc's threshold for serving an allocation with its own mapping
/// at `bytes` (glibc otherwise raises it as large blocks are freed, so
/// that image buffers, allocated and freed by the hundred, end up in the
/// heap, which keeps the freed space: tens of megabytes of resident memory
/// for nothing). 0 on success; -1 elsewhere than glibc, doing nothing.
int sw_fix_mmap_threshold(int bytes);

#endif
