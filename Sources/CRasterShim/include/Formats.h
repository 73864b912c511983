#ifndef SCROLLWORK_FORMATS_H
#define SCROLLWORK_FORMATS_H

// HEIF/HEIC (libheif) and WebP (libwebp), loaded at run time with dlopen:
// the package builds without their headers, and a machine without the
// libraries reads JPEG and PNG as before and names the missing library for
// these files. Every entry point returns SW_OK or an SW_ERR_* code (see
// RasterShim.h) and writes a message.

#include <stddef.h>
#include <stdint.h>

/// 1 when libheif.so.1 is loaded (tried once), else 0.
int sw_heif_available(void);

/// The primary image's size as shown (after the file's rotation and
/// mirroring), and its EXIF TIFF block (from its byte order mark; malloc'd,
/// release with sw_free; NULL and 0 when there is none).
int sw_heif_read_header(const uint8_t *data, size_t size, int *width, int *height, uint8_t **exif,
                        size_t *exif_size, char *message, size_t message_size);

/// Decodes the primary image (rotated and mirrored as the file says) to
/// straight RGBA8, or a thumbnail stored in the file when one is at least
/// min_width × min_height. Fails with SW_ERR_TOO_LARGE before decoding
/// when the image is above max_pixels.
int sw_heif_decode(const uint8_t *data, size_t size, int min_width, int min_height, int64_t max_pixels,
                   uint8_t **pixels, int *width, int *height, char *message, size_t message_size);

/// As sw_heif_decode, then (for the primary image, not a stored
/// thumbnail) averaged into boxes of 2^shift pixels a side (shift 0...12,
/// lowered while the result would be under min_width × min_height): the
/// full-size RGBA is never copied. libheif itself holds the whole image
/// (YUV and RGBA, about 5.5 bytes per pixel) while it decodes.
int sw_heif_decode_scaled(const uint8_t *data, size_t size, int min_width, int min_height, int64_t max_pixels,
                          int shift, uint8_t **pixels, int *width, int *height, char *message, size_t message_size);

/// Encodes opaque RGBA8 as HEIC (HEVC, quality 0–100) into a malloc'd
/// buffer, with an EXIF TIFF block when exif_size > 0.
int sw_heif_encode(const uint8_t *rgba, int width, int height, int quality, const uint8_t *exif, size_t exif_size,
                   uint8_t **out, size_t *out_size, char *message, size_t message_size);

/// 1 when libwebp.so.7 is loaded (tried once), else 0.
int sw_webp_available(void);

/// Decodes a WebP to straight RGBA8 (malloc'd copy; release with sw_free).
int sw_webp_decode(const uint8_t *data, size_t size, int64_t max_pixels, uint8_t **pixels, int *width,
                   int *height, char *message, size_t message_size);

/// Decodes a WebP to straight RGBA8 at target_width × target_height when
/// both are positive and smaller than the image (libwebp scales while it
/// decodes, row by row: the full-size image is never in memory), else at
/// full size, straight into a malloc'd buffer (release with sw_free).
int sw_webp_decode_scaled(const uint8_t *data, size_t size, int64_t max_pixels, int target_width,
                          int target_height, uint8_t **pixels, int *width, int *height, char *message,
                          size_t message_size);

/// Encodes RGBA8 as lossy WebP (quality 0–100) into a malloc'd buffer.
int sw_webp_encode(const uint8_t *rgba, int width, int height, float quality, uint8_t **out, size_t *out_size,
                   char *message, size_t message_size);

#endif
