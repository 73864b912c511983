#include "Formats.h"
#include "RasterShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// --- libheif, declared here (the ABI of libheif 1.x) -----------------------

struct heif_error {
  int code;
  int subcode;
  const char *message;
};
struct heif_context;
struct heif_image_handle;
struct heif_image;
struct heif_encoder;
typedef uint32_t heif_item_id;
struct heif_writer {
  int writer_api_version;
  struct heif_error (*write)(struct heif_context *ctx, const void *data, size_t size, void *userdata);
};

enum { HEIF_COLORSPACE_RGB = 1, HEIF_CHROMA_INTERLEAVED_RGBA = 11, HEIF_CHANNEL_INTERLEAVED = 10,
       HEIF_COMPRESSION_HEVC = 1 };

static struct {
  int loaded;
  struct heif_context *(*context_alloc)(void);
  void (*context_free)(struct heif_context *);
  struct heif_error (*read_from_memory)(struct heif_context *, const void *, size_t, const void *);
  struct heif_error (*primary_handle)(struct heif_context *, struct heif_image_handle **);
  void (*handle_release)(const struct heif_image_handle *);
  int (*handle_width)(const struct heif_image_handle *);
  int (*handle_height)(const struct heif_image_handle *);
  int (*metadata_ids)(const struct heif_image_handle *, const char *, heif_item_id *, int);
  size_t (*metadata_size)(const struct heif_image_handle *, heif_item_id);
  struct heif_error (*metadata)(const struct heif_image_handle *, heif_item_id, void *);
  int (*thumbnail_count)(const struct heif_image_handle *);
  int (*thumbnail_ids)(const struct heif_image_handle *, heif_item_id *, int);
  struct heif_error (*thumbnail)(const struct heif_image_handle *, heif_item_id, struct heif_image_handle **);
  struct heif_error (*decode)(const struct heif_image_handle *, struct heif_image **, int, int, const void *);
  const uint8_t *(*plane_readonly)(const struct heif_image *, int, int *);
  uint8_t *(*plane)(struct heif_image *, int, int *);
  int (*image_width)(const struct heif_image *, int);
  int (*image_height)(const struct heif_image *, int);
  void (*image_release)(const struct heif_image *);
  struct heif_error (*encoder_for_format)(struct heif_context *, int, struct heif_encoder **);
  void (*encoder_release)(struct heif_encoder *);
  struct heif_error (*set_quality)(struct heif_encoder *, int);
  struct heif_error (*image_create)(int, int, int, int, struct heif_image **);
  struct heif_error (*add_plane)(struct heif_image *, int, int, int, int);
  struct heif_error (*encode_image)(struct heif_context *, const struct heif_image *, struct heif_encoder *,
                                    const void *, struct heif_image_handle **);
  struct heif_error (*add_exif)(struct heif_context *, const struct heif_image_handle *, const void *, int);
  struct heif_error (*write)(struct heif_context *, struct heif_writer *, void *);
} heif;

static pthread_once_t heif_once = PTHREAD_ONCE_INIT;

#define SW_SYM(table, field, name)                                  \
  do {                                                              \
    *(void **)(&table.field) = dlsym(lib, name);                    \
    if (!table.field) ok = 0;                                       \
  } while (0)

static void load_heif(void) {
  void *lib = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return;
  int ok = 1;
  SW_SYM(heif, context_alloc, "heif_context_alloc");
  SW_SYM(heif, context_free, "heif_context_free");
  SW_SYM(heif, read_from_memory, "heif_context_read_from_memory_without_copy");
  SW_SYM(heif, primary_handle, "heif_context_get_primary_image_handle");
  SW_SYM(heif, handle_release, "heif_image_handle_release");
  SW_SYM(heif, handle_width, "heif_image_handle_get_width");
  SW_SYM(heif, handle_height, "heif_image_handle_get_height");
  SW_SYM(heif, metadata_ids, "heif_image_handle_get_list_of_metadata_block_IDs");
  SW_SYM(heif, metadata_size, "heif_image_handle_get_metadata_size");
  SW_SYM(heif, metadata, "heif_image_handle_get_metadata");
  SW_SYM(heif, thumbnail_count, "heif_image_handle_get_number_of_thumbnails");
  SW_SYM(heif, thumbnail_ids, "heif_image_handle_get_list_of_thumbnail_IDs");
  SW_SYM(heif, thumbnail, "heif_image_handle_get_thumbnail");
  SW_SYM(heif, decode, "heif_decode_image");
  SW_SYM(heif, plane_readonly, "heif_image_get_plane_readonly");
  SW_SYM(heif, plane, "heif_image_get_plane");
  SW_SYM(heif, image_width, "heif_image_get_width");
  SW_SYM(heif, image_height, "heif_image_get_height");
  SW_SYM(heif, image_release, "heif_image_release");
  SW_SYM(heif, encoder_for_format, "heif_context_get_encoder_for_format");
  SW_SYM(heif, encoder_release, "heif_encoder_release");
  SW_SYM(heif, set_quality, "heif_encoder_set_lossy_quality");
  SW_SYM(heif, image_create, "heif_image_create");
  SW_SYM(heif, add_plane, "heif_image_add_plane");
  SW_SYM(heif, encode_image, "heif_context_encode_image");
  SW_SYM(heif, add_exif, "heif_context_add_exif_metadata");
  SW_SYM(heif, write, "heif_context_write");
  heif.loaded = ok;
}

int sw_heif_available(void) {
  pthread_once(&heif_once, load_heif);
  return heif.loaded;
}

static int sw_report(int code, const char *text, char *message, size_t message_size) {
  if (message && message_size > 0) snprintf(message, message_size, "%s", text ? text : "");
  return code;
}

static int heif_failed(struct heif_error e, char *message, size_t message_size) {
  // libheif's codes: 1 input does not exist, 2 invalid input, 3 unsupported filetype,
  // 4 unsupported feature, 5 usage error, 6 memory allocation error, 7 decoder plugin error.
  // Code 6 with subcode 1000: a security limit (an image size libheif refuses).
  if (e.code == 6 && e.subcode == 1000) return sw_report(SW_ERR_TOO_LARGE, e.message, message, message_size);
  int code = e.code == 6 ? SW_ERR_MEMORY : (e.code == 3 || e.code == 4 || e.code == 7) ? SW_ERR_UNSUPPORTED
                                                                                      : SW_ERR_CORRUPT;
  return sw_report(code, e.message, message, message_size);
}

/// Opens data and its primary image.
static int heif_open(const uint8_t *data, size_t size, struct heif_context **ctx, struct heif_image_handle **handle,
                     char *message, size_t message_size) {
  if (!sw_heif_available()) return sw_report(SW_ERR_UNSUPPORTED, "libheif (libheif1) is not installed", message, message_size);
  *ctx = heif.context_alloc();
  if (!*ctx) return sw_report(SW_ERR_MEMORY, "out of memory", message, message_size);
  struct heif_error e = heif.read_from_memory(*ctx, data, size, NULL);
  if (e.code != 0) {
    int code = heif_failed(e, message, message_size);
    heif.context_free(*ctx);
    return code;
  }
  e = heif.primary_handle(*ctx, handle);
  if (e.code != 0) {
    int code = heif_failed(e, message, message_size);
    heif.context_free(*ctx);
    return code;
  }
  return SW_OK;
}

int sw_heif_read_header(const uint8_t *data, size_t size, int *width, int *height, uint8_t **exif,
                        size_t *exif_size, char *message, size_t message_size) {
  struct heif_context *ctx;
  struct heif_image_handle *handle;
  *exif = NULL;
  *exif_size = 0;
  int code = heif_open(data, size, &ctx, &handle, message, message_size);
  if (code != SW_OK) return code;
  *width = heif.handle_width(handle);
  *height = heif.handle_height(handle);
  heif_item_id id;
  if (heif.metadata_ids(handle, "Exif", &id, 1) == 1) {
    size_t n = heif.metadata_size(handle, id);
    if (n > 4 && n < (16u << 20)) {
      uint8_t *block = malloc(n);
      if (block && heif.metadata(handle, id, block).code == 0) {
        // The block starts with a 4-byte offset to the TIFF header.
        size_t skip = 4 + ((size_t)block[0] << 24 | (size_t)block[1] << 16 | (size_t)block[2] << 8 | block[3]);
        if (skip < n) {
          *exif = malloc(n - skip);
          if (*exif) {
            memcpy(*exif, block + skip, n - skip);
            *exif_size = n - skip;
          }
        }
      }
      free(block);
    }
  }
  heif.handle_release(handle);
  heif.context_free(ctx);
  return SW_OK;
}

int sw_heif_decode(const uint8_t *data, size_t size, int min_width, int min_height, int64_t max_pixels,
                   uint8_t **pixels, int *width, int *height, char *message, size_t message_size) {
  return sw_heif_decode_scaled(data, size, min_width, min_height, max_pixels, 0, pixels, width, height, message,
                               message_size);
}

/// Straight RGBA rows (stride bytes apart) averaged into boxes of
/// 2^shift pixels a side (clipped at the edges): a malloc'd
/// ceil(w / 2^shift) × ceil(h / 2^shift) straight RGBA8 buffer, or NULL.
static uint8_t *sw_box_rgba(const uint8_t *plane, int stride, int w, int h, int shift, int *ow, int *oh) {
  size_t side = (size_t)1 << shift;
  size_t bw = ((size_t)w + side - 1) >> shift, bh = ((size_t)h + side - 1) >> shift;
  uint8_t *out = malloc(bw * bh * 4);
  uint32_t *sums = calloc(bw * 4, sizeof(uint32_t));
  if (!out || !sums) {
    free(out);
    free(sums);
    return NULL;
  }
  for (size_t oy = 0; oy < bh; oy++) {
    size_t y1 = (oy + 1) * side < (size_t)h ? (oy + 1) * side : (size_t)h;
    for (size_t y = oy * side; y < y1; y++) {
      const uint8_t *row = plane + y * (size_t)stride;
      for (size_t x = 0; x < (size_t)w; x++) {
        uint32_t *t = sums + (x >> shift) * 4;
        for (int k = 0; k < 4; k++) t[k] += row[x * 4 + k];
      }
    }
    for (size_t ox = 0; ox < bw; ox++) {
      size_t x1 = (ox + 1) * side < (size_t)w ? (ox + 1) * side : (size_t)w;
      uint32_t n = (uint32_t)((x1 - ox * side) * (y1 - oy * side));
      for (int k = 0; k < 4; k++) out[(oy * bw + ox) * 4 + k] = (uint8_t)((sums[ox * 4 + k] + n / 2) / n);
    }
    memset(sums, 0, bw * 4 * sizeof(uint32_t));
  }
  free(sums);
  *ow = (int)bw;
  *oh = (int)bh;
  return out;
}

int sw_heif_decode_scaled(const uint8_t *data, size_t size, int min_width, int min_height, int64_t max_pixels,
                          int shift, uint8_t **pixels, int *width, int *height, char *message, size_t message_size) {
  if (shift < 0) shift = 0;
  if (shift > 12) shift = 12;
  struct heif_context *ctx;
  struct heif_image_handle *handle;
  *pixels = NULL;
  int code = heif_open(data, size, &ctx, &handle, message, message_size);
  if (code != SW_OK) return code;
  int w = heif.handle_width(handle), h = heif.handle_height(handle);
  if (w <= 0 || h <= 0 || (int64_t)w * h > max_pixels) {
    heif.handle_release(handle);
    heif.context_free(ctx);
    return sw_report(w <= 0 || h <= 0 ? SW_ERR_CORRUPT : SW_ERR_TOO_LARGE, "image size", message, message_size);
  }
  // A stored thumbnail big enough saves decoding the whole photo.
  const struct heif_image_handle *source = handle;
  struct heif_image_handle *thumb = NULL;
  if (min_width > 0 && min_height > 0 && heif.thumbnail_count(handle) > 0) {
    heif_item_id ids[4];
    int n = heif.thumbnail_ids(handle, ids, 4);
    for (int i = 0; i < n && !thumb; i++) {
      struct heif_image_handle *t = NULL;
      if (heif.thumbnail(handle, ids[i], &t).code == 0 && t) {
        if (heif.handle_width(t) >= min_width && heif.handle_height(t) >= min_height) {
          thumb = t;
        } else {
          heif.handle_release(t);
        }
      }
    }
    if (thumb) source = thumb;
  }
  struct heif_image *image = NULL;
  struct heif_error e = heif.decode(source, &image, HEIF_COLORSPACE_RGB, HEIF_CHROMA_INTERLEAVED_RGBA, NULL);
  if (e.code != 0) {
    code = heif_failed(e, message, message_size);
  } else {
    int stride = 0;
    const uint8_t *plane = heif.plane_readonly(image, HEIF_CHANNEL_INTERLEAVED, &stride);
    int iw = heif.image_width(image, HEIF_CHANNEL_INTERLEAVED), ih = heif.image_height(image, HEIF_CHANNEL_INTERLEAVED);
    // A stored thumbnail is already small: boxes only for the primary image.
    int use_shift = source == handle ? shift : 0;
    while (use_shift > 0 && ((iw >> use_shift) < min_width || (ih >> use_shift) < min_height)) use_shift--;
    if (!plane || iw <= 0 || ih <= 0 || stride < iw * 4) {
      code = sw_report(SW_ERR_CORRUPT, "no RGBA plane", message, message_size);
    } else if (use_shift > 0) {
      int ow = 0, oh = 0;
      *pixels = sw_box_rgba(plane, stride, iw, ih, use_shift, &ow, &oh);
      if (!*pixels) {
        code = sw_report(SW_ERR_MEMORY, "out of memory", message, message_size);
      } else {
        *width = ow;
        *height = oh;
        code = SW_OK;
      }
    } else {
      *pixels = malloc((size_t)iw * ih * 4);
      if (!*pixels) {
        code = sw_report(SW_ERR_MEMORY, "out of memory", message, message_size);
      } else {
        for (int y = 0; y < ih; y++) memcpy(*pixels + (size_t)y * iw * 4, plane + (size_t)y * stride, (size_t)iw * 4);
        *width = iw;
        *height = ih;
        code = SW_OK;
      }
    }
    heif.image_release(image);
  }
  if (thumb) heif.handle_release(thumb);
  heif.handle_release(handle);
  heif.context_free(ctx);
  return code;
}

typedef struct {
  uint8_t *data;
  size_t size;
  int failed;
} sw_buffer;

static struct heif_error heif_collect(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
  (void)ctx;
  sw_buffer *b = userdata;
  struct heif_error ok = {0, 0, "ok"};
  uint8_t *grown = realloc(b->data, b->size + size);
  if (!grown) {
    b->failed = 1;
    struct heif_error e = {6, 0, "out of memory"};
    return e;
  }
  memcpy(grown + b->size, data, size);
  b->data = grown;
  b->size += size;
  return ok;
}

int sw_heif_encode(const uint8_t *rgba, int width, int height, int quality, const uint8_t *exif, size_t exif_size,
                   uint8_t **out, size_t *out_size, char *message, size_t message_size) {
  *out = NULL;
  *out_size = 0;
  if (!sw_heif_available()) return sw_report(SW_ERR_UNSUPPORTED, "libheif (libheif1) is not installed", message, message_size);
  struct heif_context *ctx = heif.context_alloc();
  struct heif_encoder *encoder = NULL;
  struct heif_image *image = NULL;
  struct heif_image_handle *handle = NULL;
  int code = SW_OK;
  struct heif_error e = heif.encoder_for_format(ctx, HEIF_COMPRESSION_HEVC, &encoder);
  if (e.code != 0) { code = heif_failed(e, message, message_size); goto done; }
  heif.set_quality(encoder, quality);
  e = heif.image_create(width, height, HEIF_COLORSPACE_RGB, HEIF_CHROMA_INTERLEAVED_RGBA, &image);
  if (e.code != 0) { code = heif_failed(e, message, message_size); goto done; }
  e = heif.add_plane(image, HEIF_CHANNEL_INTERLEAVED, width, height, 8);
  if (e.code != 0) { code = heif_failed(e, message, message_size); goto done; }
  {
    int stride = 0;
    uint8_t *plane = heif.plane(image, HEIF_CHANNEL_INTERLEAVED, &stride);
    for (int y = 0; y < height; y++) memcpy(plane + (size_t)y * stride, rgba + (size_t)y * width * 4, (size_t)width * 4);
  }
  e = heif.encode_image(ctx, image, encoder, NULL, &handle);
  if (e.code != 0) { code = heif_failed(e, message, message_size); goto done; }
  if (exif && exif_size > 0) heif.add_exif(ctx, handle, exif, (int)exif_size);
  {
    sw_buffer buffer = {NULL, 0, 0};
    struct heif_writer writer = {1, heif_collect};
    e = heif.write(ctx, &writer, &buffer);
    if (e.code != 0 || buffer.failed) {
      free(buffer.data);
      code = heif_failed(e, message, message_size);
      goto done;
    }
    *out = buffer.data;
    *out_size = buffer.size;
  }
done:
  if (handle) heif.handle_release(handle);
  if (image) heif.image_release(image);
  if (encoder) heif.encoder_release(encoder);
  heif.context_free(ctx);
  return code;
}

// --- libwebp ---------------------------------------------------------------

// libwebp's advanced decoding API (decode.h, decoder ABI 0x0209): the
// structures as libwebp 1.x lays them out.
typedef struct {
  int width, height, has_alpha, has_animation, format;
  uint32_t pad[5];
} sw_webp_features;
typedef struct {
  int colorspace;
  int width, height;
  int is_external_memory;
  union {
    struct {
      uint8_t *rgba;
      int stride;
      size_t size;
    } RGBA;
    struct {
      uint8_t *y, *u, *v, *a;
      int y_stride, u_stride, v_stride, a_stride;
      size_t y_size, u_size, v_size, a_size;
    } YUVA;
  } u;
  uint32_t pad[4];
  uint8_t *private_memory;
} sw_webp_buffer;
typedef struct {
  int bypass_filtering, no_fancy_upsampling, use_cropping, crop_left, crop_top, crop_width, crop_height;
  int use_scaling, scaled_width, scaled_height, use_threads, dithering_strength, flip, alpha_dithering_strength;
  uint32_t pad[5];
} sw_webp_options;
typedef struct {
  sw_webp_features input;
  sw_webp_buffer output;
  sw_webp_options options;
} sw_webp_config;
enum { SW_WEBP_DECODER_ABI = 0x0209, SW_WEBP_MODE_RGBA = 1 };

static struct {
  int loaded;
  int (*init_config)(sw_webp_config *, int);
  int (*decode)(const uint8_t *, size_t, sw_webp_config *);
  void (*free_buffer)(sw_webp_buffer *);
  int (*get_info)(const uint8_t *, size_t, int *, int *);
  uint8_t *(*decode_rgba)(const uint8_t *, size_t, int *, int *);
  size_t (*encode_rgba)(const uint8_t *, int, int, int, float, uint8_t **);
  void (*free)(void *);
} webp;

static pthread_once_t webp_once = PTHREAD_ONCE_INIT;

static void load_webp(void) {
  void *lib = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return;
  int ok = 1;
  SW_SYM(webp, get_info, "WebPGetInfo");
  SW_SYM(webp, init_config, "WebPInitDecoderConfigInternal");
  SW_SYM(webp, decode, "WebPDecode");
  SW_SYM(webp, free_buffer, "WebPFreeDecBuffer");
  SW_SYM(webp, decode_rgba, "WebPDecodeRGBA");
  SW_SYM(webp, encode_rgba, "WebPEncodeRGBA");
  SW_SYM(webp, free, "WebPFree");
  webp.loaded = ok;
}

int sw_webp_available(void) {
  pthread_once(&webp_once, load_webp);
  return webp.loaded;
}

int sw_webp_decode(const uint8_t *data, size_t size, int64_t max_pixels, uint8_t **pixels, int *width,
                   int *height, char *message, size_t message_size) {
  *pixels = NULL;
  if (!sw_webp_available()) return sw_report(SW_ERR_UNSUPPORTED, "libwebp (libwebp7) is not installed", message, message_size);
  int w = 0, h = 0;
  if (!webp.get_info(data, size, &w, &h) || w <= 0 || h <= 0) return sw_report(SW_ERR_CORRUPT, "not a WebP bitstream", message, message_size);
  if ((int64_t)w * h > max_pixels) return sw_report(SW_ERR_TOO_LARGE, "image size", message, message_size);
  uint8_t *decoded = webp.decode_rgba(data, size, &w, &h);
  if (!decoded) return sw_report(SW_ERR_CORRUPT, "WebP data could not be decoded", message, message_size);
  *pixels = malloc((size_t)w * h * 4);
  if (!*pixels) {
    webp.free(decoded);
    return sw_report(SW_ERR_MEMORY, "out of memory", message, message_size);
  }
  memcpy(*pixels, decoded, (size_t)w * h * 4);
  webp.free(decoded);
  *width = w;
  *height = h;
  return SW_OK;
}

int sw_webp_decode_scaled(const uint8_t *data, size_t size, int64_t max_pixels, int target_width,
                          int target_height, uint8_t **pixels, int *width, int *height, char *message,
                          size_t message_size) {
  *pixels = NULL;
  if (!sw_webp_available()) return sw_report(SW_ERR_UNSUPPORTED, "libwebp (libwebp7) is not installed", message, message_size);
  int w = 0, h = 0;
  if (!webp.get_info(data, size, &w, &h) || w <= 0 || h <= 0) return sw_report(SW_ERR_CORRUPT, "not a WebP bitstream", message, message_size);
  if ((int64_t)w * h > max_pixels) return sw_report(SW_ERR_TOO_LARGE, "image size", message, message_size);
  int ow = w, oh = h;
  if (target_width > 0 && target_height > 0 && target_width < w && target_height < h) {
    ow = target_width;
    oh = target_height;
  }
  sw_webp_config config;
  memset(&config, 0, sizeof(config));
  if (!webp.init_config(&config, SW_WEBP_DECODER_ABI)) return sw_report(SW_ERR_UNSUPPORTED, "libwebp's decoder ABI", message, message_size);
  uint8_t *out = malloc((size_t)ow * oh * 4);
  if (!out) return sw_report(SW_ERR_MEMORY, "out of memory", message, message_size);
  if (ow != w || oh != h) {
    config.options.use_scaling = 1;
    config.options.scaled_width = ow;
    config.options.scaled_height = oh;
  }
  config.output.colorspace = SW_WEBP_MODE_RGBA;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = out;
  config.output.u.RGBA.stride = ow * 4;
  config.output.u.RGBA.size = (size_t)ow * oh * 4;
  int status = webp.decode(data, size, &config);
  webp.free_buffer(&config.output);
  if (status != 0) {
    free(out);
    // VP8StatusCode: 1 out of memory, 4 unsupported feature, 7 not enough data.
    if (status == 7) return sw_report(SW_ERR_TRUNCATED, "the WebP data ends early", message, message_size);
    if (status == 4) return sw_report(SW_ERR_UNSUPPORTED, "a WebP feature libwebp does not decode here (animation?)", message, message_size);
    if (status == 1) return sw_report(SW_ERR_MEMORY, "out of memory", message, message_size);
    return sw_report(SW_ERR_CORRUPT, "WebP data could not be decoded", message, message_size);
  }
  *pixels = out;
  *width = ow;
  *height = oh;
  return SW_OK;
}

int sw_webp_encode(const uint8_t *rgba, int width, int height, float quality, uint8_t **out, size_t *out_size,
                   char *message, size_t message_size) {
  *out = NULL;
  *out_size = 0;
  if (!sw_webp_available()) return sw_report(SW_ERR_UNSUPPORTED, "libwebp (libwebp7) is not installed", message, message_size);
  uint8_t *encoded = NULL;
  size_t n = webp.encode_rgba(rgba, width, height, width * 4, quality, &encoded);
  if (n == 0 || !encoded) return sw_report(SW_ERR_CORRUPT, "WebP encoding failed", message, message_size);
  *out = malloc(n);
  if (*out) memcpy(*out, encoded, n);
  webp.free(encoded);
  if (!*out) return sw_report(SW_ERR_MEMORY, "out of memory", message, message_size);
  *out_size = n;
  return SW_OK;
}
