#include "RasterShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

typedef struct {
  struct jpeg_error_mgr base;
  jmp_buf jump;
  int hit_eof;
  char *message;
  size_t message_size;
} sw_error_mgr;

static void sw_record(j_common_ptr cinfo) {
  sw_error_mgr *err = (sw_error_mgr *)cinfo->err;
  if (err->message && err->message_size > 0) {
    char buffer[JMSG_LENGTH_MAX];
    err->base.format_message(cinfo, buffer);
    snprintf(err->message, err->message_size, "%s", buffer);
  }
}

static void sw_error_exit(j_common_ptr cinfo) {
  sw_error_mgr *err = (sw_error_mgr *)cinfo->err;
  sw_record(cinfo);
  longjmp(err->jump, 1);
}

static void sw_emit_message(j_common_ptr cinfo, int level) {
  sw_error_mgr *err = (sw_error_mgr *)cinfo->err;
  // Level -1 is a warning; libjpeg fills a truncated image with grey and
  // only warns, which we turn into an error.
  if (level < 0 && err->base.msg_code == JWRN_JPEG_EOF) {
    err->hit_eof = 1;
    sw_record(cinfo);
  }
}

static int sw_error_code(sw_error_mgr *err) {
  if (err->base.msg_code == JERR_INPUT_EOF || err->hit_eof) return SW_ERR_TRUNCATED;
  // Without a backing store (libjpeg-turbo's jmemnobs), a whole-image
  // buffer above max_memory_to_use ends here.
  if (err->base.msg_code == JERR_NO_BACKING_STORE) return SW_ERR_BUDGET;
  if (err->base.msg_code == JERR_OUT_OF_MEMORY) return SW_ERR_MEMORY;
  return SW_ERR_CORRUPT;
}

static void sw_setup(sw_error_mgr *err, char *message, size_t message_size) {
  memset(err, 0, sizeof(*err));
  jpeg_std_error(&err->base);
  err->base.error_exit = sw_error_exit;
  err->base.emit_message = sw_emit_message;
  err->message = message;
  err->message_size = message_size;
  if (message && message_size > 0) message[0] = 0;
}

int sw_jpeg_read_header(const uint8_t *data, size_t size, int *width, int *height,
                        char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  sw_error_mgr err;
  sw_setup(&err, message, message_size);
  cinfo.err = &err.base;
  if (setjmp(err.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return sw_error_code(&err);
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  *width = (int)cinfo.image_width;
  *height = (int)cinfo.image_height;
  jpeg_destroy_decompress(&cinfo);
  return SW_OK;
}

int sw_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int64_t max_pixels,
                   uint8_t **pixels, int *width, int *height, char *message, size_t message_size) {
  int64_t needed = 0;
  return sw_jpeg_decode_bounded(data, size, scale_denom, max_pixels, 512L * 1024 * 1024, &needed, pixels, width,
                                height, message, message_size);
}

int sw_jpeg_decode_bounded(const uint8_t *data, size_t size, int scale_denom, int64_t max_pixels,
                           int64_t max_work_bytes, int64_t *needed_bytes, uint8_t **pixels, int *width,
                           int *height, char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  sw_error_mgr err;
  // volatile: these change between setjmp and a possible longjmp.
  uint8_t *volatile out = NULL;
  uint8_t *volatile row = NULL;
  *pixels = NULL;
  sw_setup(&err, message, message_size);
  cinfo.err = &err.base;
  if (setjmp(err.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(out);
    free(row);
    return sw_error_code(&err);
  }
  jpeg_create_decompress(&cinfo);
  // libjpeg's own allocations (a progressive JPEG's coefficients above
  // all) stay under the caller's budget: past it, JERR_NO_BACKING_STORE.
  cinfo.mem->max_memory_to_use = max_work_bytes > 0 ? (long)max_work_bytes : 1;
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  if ((int64_t)cinfo.image_width * (int64_t)cinfo.image_height > max_pixels) {
    if (message && message_size > 0)
      snprintf(message, message_size, "%ux%u pixels is above the limit of %lld", cinfo.image_width,
               cinfo.image_height, (long long)max_pixels);
    jpeg_destroy_decompress(&cinfo);
    return SW_ERR_TOO_LARGE;
  }
  // A progressive JPEG keeps every DCT coefficient (64 of 2 bytes per
  // block and component): refuse before allocating when that passes the
  // budget, naming what it would take.
  if (needed_bytes) *needed_bytes = 0;
  if (cinfo.progressive_mode) {
    int64_t coefficients = 0;
    for (int c = 0; c < cinfo.num_components; c++) {
      jpeg_component_info *comp = &cinfo.comp_info[c];
      int64_t bw = ((int64_t)comp->width_in_blocks + comp->h_samp_factor - 1) / comp->h_samp_factor * comp->h_samp_factor;
      int64_t bh = ((int64_t)comp->height_in_blocks + comp->v_samp_factor - 1) / comp->v_samp_factor * comp->v_samp_factor;
      coefficients += bw * bh * 64 * 2;
    }
    if (coefficients > max_work_bytes) {
      if (needed_bytes) *needed_bytes = coefficients;
      if (message && message_size > 0)
        snprintf(message, message_size, "a progressive JPEG keeps all its coefficients: %lld bytes",
                 (long long)coefficients);
      jpeg_destroy_decompress(&cinfo);
      return SW_ERR_BUDGET;
    }
  }
  int cmyk = 0;
  switch (cinfo.jpeg_color_space) {
  case JCS_CMYK:
  case JCS_YCCK:
    cinfo.out_color_space = JCS_CMYK;
    cmyk = 1;
    break;
  default:
    cinfo.out_color_space = JCS_EXT_RGBA;
  }
  if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) scale_denom = 1;
  cinfo.scale_num = 1;
  cinfo.scale_denom = (unsigned int)scale_denom;
  cinfo.dct_method = JDCT_ISLOW;
  jpeg_start_decompress(&cinfo);
  size_t w = cinfo.output_width, h = cinfo.output_height;
  out = malloc(w * h * 4);
  if (!out) {
    jpeg_destroy_decompress(&cinfo);
    return SW_ERR_MEMORY;
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    uint8_t *dst = out + (size_t)cinfo.output_scanline * w * 4;
    JSAMPROW rows[1] = {dst};
    jpeg_read_scanlines(&cinfo, rows, 1);
    if (cmyk) {
      // Adobe writes inverted CMYK; approximate RGB as (255 - C)·(255 - K).
      for (size_t x = 0; x < w; x++) {
        uint8_t *p = dst + x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!cinfo.saw_Adobe_marker) {
          c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        p[0] = (uint8_t)(c * k / 255);
        p[1] = (uint8_t)(m * k / 255);
        p[2] = (uint8_t)(y * k / 255);
        p[3] = 255;
      }
    }
  }
  jpeg_finish_decompress(&cinfo);
  int eof = err.hit_eof;
  jpeg_destroy_decompress(&cinfo);
  if (eof) {
    free(out);
    return SW_ERR_TRUNCATED;
  }
  *pixels = out;
  *width = (int)w;
  *height = (int)h;
  return SW_OK;
}

// --- PNG, row by row into boxes ----------------------------------------------

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t at;
} sw_png_source;

typedef struct {
  jmp_buf jump;
  char *message;
  size_t message_size;
  int truncated;
} sw_png_errors;

static void sw_png_read(png_structp png, png_bytep out, size_t count) {
  sw_png_source *source = png_get_io_ptr(png);
  if (count > source->size - source->at) {
    sw_png_errors *errors = png_get_error_ptr(png);
    errors->truncated = 1;
    png_error(png, "the file ends inside the image data");
  }
  memcpy(out, source->data + source->at, count);
  source->at += count;
}

static void sw_png_error(png_structp png, png_const_charp text) {
  sw_png_errors *errors = png_get_error_ptr(png);
  if (errors->message && errors->message_size > 0) snprintf(errors->message, errors->message_size, "%s", text);
  longjmp(errors->jump, 1);
}

static void sw_png_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

int sw_png_decode_scaled(const uint8_t *data, size_t size, int shift, int64_t max_pixels, uint8_t **pixels,
                         int *width, int *height, char *message, size_t message_size) {
  sw_png_source source = {data, size, 0};
  sw_png_errors errors;
  memset(&errors, 0, sizeof(errors));
  errors.message = message;
  errors.message_size = message_size;
  if (message && message_size > 0) message[0] = 0;
  *pixels = NULL;
  if (shift < 0) shift = 0;
  if (shift > 12) shift = 12;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, sw_png_error, sw_png_warning);
  if (!png) return SW_ERR_MEMORY;
  png_infop info = png_create_info_struct(png);
  // volatile: these change between setjmp and a possible longjmp.
  uint8_t *volatile row = NULL;
  uint32_t *volatile sums = NULL;
  uint8_t *volatile out = NULL;
  if (!info || setjmp(errors.jump)) {
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    free(row);
    free(sums);
    free(out);
    return errors.truncated ? SW_ERR_TRUNCATED : SW_ERR_CORRUPT;
  }
  png_set_read_fn(png, &source, sw_png_read);
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
  if (w == 0 || h == 0) png_error(png, "zero width or height");
  if ((int64_t)w * (int64_t)h > max_pixels) {
    png_destroy_read_struct(&png, &info, NULL);
    if (message && message_size > 0)
      snprintf(message, message_size, "%ux%u pixels is above the limit of %lld", w, h, (long long)max_pixels);
    return SW_ERR_TOO_LARGE;
  }
  int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  // Interlaced rows come as each pass's own pixels (no interlace handling):
  // every pixel is seen once, at a position the pass tells.
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row layout");
  size_t side = (size_t)1 << shift;
  size_t ow = (w + side - 1) >> shift, oh = (h + side - 1) >> shift;
  row = malloc((size_t)w * 4);
  out = malloc(ow * oh * 4);
  // Box sums of premultiplied samples: a box holds at most 2^24 pixels of
  // at most 255 each, which fits 32 bits.
  sums = calloc(interlaced ? ow * oh * 4 : ow * 4, sizeof(uint32_t));
  if (!row || !out || !sums) png_error(png, "out of memory");
  int passes = interlaced ? 7 : 1;
  for (int pass = 0; pass < passes; pass++) {
    size_t cols = interlaced ? PNG_PASS_COLS(w, pass) : w;
    size_t rows = interlaced ? PNG_PASS_ROWS(h, pass) : h;
    if (cols == 0 || rows == 0) continue;
    size_t x0 = interlaced ? PNG_PASS_START_COL(pass) : 0, dx = interlaced ? (size_t)1 << PNG_PASS_COL_SHIFT(pass) : 1;
    size_t y0 = interlaced ? PNG_PASS_START_ROW(pass) : 0, dy = interlaced ? (size_t)1 << PNG_PASS_ROW_SHIFT(pass) : 1;
    for (size_t j = 0; j < rows; j++) {
      png_read_row(png, row, NULL);
      size_t y = y0 + j * dy;
      uint32_t *line = interlaced ? sums + (y >> shift) * ow * 4 : sums;
      for (size_t i = 0; i < cols; i++) {
        const uint8_t *p = row + i * 4;
        uint32_t a = p[3];
        uint32_t *s = line + ((x0 + i * dx) >> shift) * 4;
        s[0] += (p[0] * a + 127) / 255;
        s[1] += (p[1] * a + 127) / 255;
        s[2] += (p[2] * a + 127) / 255;
        s[3] += a;
      }
      if (!interlaced && (((y + 1) & (side - 1)) == 0 || y + 1 == h)) {
        // A row of boxes is complete: write it and start the next.
        size_t oy = y >> shift, bh = y + 1 - (oy << shift);
        for (size_t ox = 0; ox < ow; ox++) {
          size_t bw = (ox + 1) << shift <= w ? side : w - (ox << shift);
          uint32_t n = (uint32_t)(bw * bh);
          for (int k = 0; k < 4; k++) out[(oy * ow + ox) * 4 + k] = (uint8_t)((sums[ox * 4 + k] + n / 2) / n);
        }
        memset(sums, 0, ow * 4 * sizeof(uint32_t));
      }
    }
  }
  if (interlaced) {
    for (size_t oy = 0; oy < oh; oy++) {
      size_t bh = (oy + 1) << shift <= h ? side : h - (oy << shift);
      for (size_t ox = 0; ox < ow; ox++) {
        size_t bw = (ox + 1) << shift <= w ? side : w - (ox << shift);
        uint32_t n = (uint32_t)(bw * bh);
        for (int k = 0; k < 4; k++) {
          size_t at = (oy * ow + ox) * 4 + k;
          out[at] = (uint8_t)((sums[at] + n / 2) / n);
        }
      }
    }
  }
  // The image data is complete; what follows it (text, IEND) is not read.
  png_destroy_read_struct(&png, &info, NULL);
  free(row);
  free(sums);
  *pixels = out;
  *width = (int)ow;
  *height = (int)oh;
  return SW_OK;
}

int sw_jpeg_encode(const uint8_t *rgba, int width, int height, int quality, uint8_t **out,
                   size_t *out_size, char *message, size_t message_size) {
  return sw_jpeg_encode_progressive(rgba, width, height, quality, 0, out, out_size, message, message_size);
}

int sw_jpeg_encode_progressive(const uint8_t *rgba, int width, int height, int quality, int progressive,
                               uint8_t **out, size_t *out_size, char *message, size_t message_size) {
  struct jpeg_compress_struct cinfo;
  sw_error_mgr err;
  unsigned char *volatile buffer = NULL;
  unsigned long length = 0;
  *out = NULL;
  *out_size = 0;
  sw_setup(&err, message, message_size);
  cinfo.err = &err.base;
  if (setjmp(err.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(buffer);
    return SW_ERR_CORRUPT;
  }
  jpeg_create_compress(&cinfo);
  unsigned char *target = NULL;
  jpeg_mem_dest(&cinfo, &target, &length);
  cinfo.image_width = (JDIMENSION)width;
  cinfo.image_height = (JDIMENSION)height;
  cinfo.input_components = 4;
  cinfo.in_color_space = JCS_EXT_RGBA;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  if (progressive) jpeg_simple_progression(&cinfo);
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW rows[1] = {(JSAMPROW)(rgba + (size_t)cinfo.next_scanline * (size_t)width * 4)};
    jpeg_write_scanlines(&cinfo, rows, 1);
  }
  jpeg_finish_compress(&cinfo);
  buffer = target;
  jpeg_destroy_compress(&cinfo);
  *out = buffer;
  *out_size = length;
  return SW_OK;
}

void sw_free(void *pointer) { free(pointer); }

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
int sw_lower_thread_priority(int nice_value) {
  pid_t tid = (pid_t)syscall(SYS_gettid);
  return setpriority(PRIO_PROCESS, (id_t)tid, nice_value);
}
#else
int sw_lower_thread_priority(int nice_value) {
  (void)nice_value;
  return -1;
}
#endif

#if defined(__GLIBC__)
#include <malloc.h>
int sw_fix_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes) == 1 ? 0 : -1; }
#else
int sw_fix_mmap_threshold(int bytes) {
  (void)bytes;
  return -1;
}
#endif
