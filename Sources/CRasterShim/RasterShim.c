#include "RasterShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

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
  // Decoders never need more than this for images under the pixel limit.
  cinfo.mem->max_memory_to_use = 512L * 1024 * 1024;
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  if ((int64_t)cinfo.image_width * (int64_t)cinfo.image_height > max_pixels) {
    if (message && message_size > 0)
      snprintf(message, message_size, "%ux%u pixels is above the limit of %lld", cinfo.image_width,
               cinfo.image_height, (long long)max_pixels);
    jpeg_destroy_decompress(&cinfo);
    return SW_ERR_TOO_LARGE;
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

int sw_jpeg_encode(const uint8_t *rgba, int width, int height, int quality, uint8_t **out,
                   size_t *out_size, char *message, size_t message_size) {
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
