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
