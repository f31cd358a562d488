// Calls libpng and libjpeg for CImageDecoding.h. Every function that calls into a
// library first sets a jump point with setjmp; the libraries' error callbacks
// record a message and longjmp back to it, so errors come out as return values.
// Anything allocated after a jump point lives in the reader, so ci_reader_close
// frees it whichever way the function left.
#define _POSIX_C_SOURCE 200809L
#include "CImageDecoding.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>

/// The most memory libjpeg may use for one picture (progressive pictures keep every
/// coefficient); beyond it decoding fails instead of growing.
#define CI_JPEG_MEMORY_LIMIT (512L * 1024 * 1024)

/// libjpeg's error manager, extended with the jump point and what went wrong.
struct ci_jpeg_failure {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int status;
  char message[200];
};

struct ci_reader {
  FILE *file;
  int format;
  uint32_t width;
  uint32_t height;
  int started;
  int read;
  uint32_t output_width;
  uint32_t output_height;
  uint8_t background[3];

  // PNG
  png_structp png;
  png_infop png_info;
  int png_status;
  int png_errno;
  char png_message[200];
  int png_passes;

  // JPEG
  struct jpeg_decompress_struct jpeg;
  struct ci_jpeg_failure jpeg_failure;
  int jpeg_created;
  int jpeg_cmyk;

  // Buffers made while decoding.
  uint8_t *scratch;
  png_bytep *rows;
};

static void set_error(ci_error *error, int status, int error_number, const char *message) {
  if (!error) return;
  error->status = status;
  error->error_number = error_number;
  snprintf(error->message, sizeof error->message, "%s", message ? message : "");
}

static void clear_error(ci_error *error) { set_error(error, CI_OK, 0, ""); }

// MARK: PNG callbacks

static void png_failed(png_structp png, png_const_charp message) {
  ci_reader *reader = png_get_error_ptr(png);
  if (reader->png_status == CI_OK) {
    reader->png_status = strstr(message, "memory") ? CI_OUT_OF_MEMORY : CI_CORRUPT;
    snprintf(reader->png_message, sizeof reader->png_message, "%s", message);
  }
  png_longjmp(png, 1);
}

static void png_warned(png_structp png, png_const_charp message) {
  // Warnings (a bad ancillary chunk, say) do not stop the picture, and nothing may
  // be printed: the terminal belongs to the browser.
  (void)png;
  (void)message;
}

static void png_read_file(png_structp png, png_bytep data, size_t length) {
  ci_reader *reader = png_get_io_ptr(png);
  size_t got = fread(data, 1, length, reader->file);
  if (got == length) return;
  if (ferror(reader->file)) {
    reader->png_status = CI_UNREADABLE;
    reader->png_errno = errno;
    snprintf(reader->png_message, sizeof reader->png_message, "%s", strerror(errno));
  } else {
    reader->png_status = CI_TRUNCATED;
    snprintf(reader->png_message, sizeof reader->png_message, "the file ends before the picture does");
  }
  png_error(png, reader->png_message);
}

static int png_fail(ci_reader *reader, ci_error *error) {
  set_error(error, reader->png_status == CI_OK ? CI_CORRUPT : reader->png_status, reader->png_errno,
            reader->png_message);
  return error ? error->status : CI_CORRUPT;
}

// MARK: JPEG callbacks

static void jpeg_failed(j_common_ptr info) {
  struct ci_jpeg_failure *failure = (struct ci_jpeg_failure *)info->err;
  if (failure->status == CI_OK) {
    int code = info->err->msg_code;
    failure->status = (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE) ? CI_OUT_OF_MEMORY : CI_CORRUPT;
    (*info->err->format_message)(info, failure->message);
  }
  longjmp(failure->jump, 1);
}

static void jpeg_said(j_common_ptr info, int level) {
  struct ci_jpeg_failure *failure = (struct ci_jpeg_failure *)info->err;
  // libjpeg pads a file that ends early with an end marker and carries on with a
  // warning, drawing grey where the data was missing: here that is an error.
  if (level == -1 && info->err->msg_code == JWRN_JPEG_EOF) {
    failure->status = CI_TRUNCATED;
    snprintf(failure->message, sizeof failure->message, "the file ends before the picture does");
    longjmp(failure->jump, 1);
  }
}

static void jpeg_silent(j_common_ptr info) { (void)info; }

static int jpeg_fail(ci_reader *reader, ci_error *error) {
  int status = reader->jpeg_failure.status == CI_OK ? CI_CORRUPT : reader->jpeg_failure.status;
  set_error(error, status, 0, reader->jpeg_failure.message);
  return status;
}

// MARK: Opening

static int open_png(ci_reader *reader, ci_error *error) {
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, png_failed, png_warned);
  if (!reader->png) {
    set_error(error, CI_OUT_OF_MEMORY, 0, "out of memory");
    return CI_OUT_OF_MEMORY;
  }
  reader->png_info = png_create_info_struct(reader->png);
  if (!reader->png_info) {
    set_error(error, CI_OUT_OF_MEMORY, 0, "out of memory");
    return CI_OUT_OF_MEMORY;
  }
  if (setjmp(png_jmpbuf(reader->png))) return png_fail(reader, error);
  png_set_read_fn(reader->png, reader, png_read_file);
  png_set_sig_bytes(reader->png, 8);
  // Let any size the format allows through the header, so the caller's limits
  // decide, with a clear message, before any pixel memory exists.
  png_set_user_limits(reader->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_read_info(reader->png, reader->png_info);
  reader->width = png_get_image_width(reader->png, reader->png_info);
  reader->height = png_get_image_height(reader->png, reader->png_info);
  return CI_OK;
}

static int open_jpeg(ci_reader *reader, ci_error *error) {
  if (fseek(reader->file, 0, SEEK_SET) != 0) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    return CI_UNREADABLE;
  }
  reader->jpeg.err = jpeg_std_error(&reader->jpeg_failure.manager);
  reader->jpeg_failure.manager.error_exit = jpeg_failed;
  reader->jpeg_failure.manager.emit_message = jpeg_said;
  reader->jpeg_failure.manager.output_message = jpeg_silent;
  if (setjmp(reader->jpeg_failure.jump)) return jpeg_fail(reader, error);
  jpeg_create_decompress(&reader->jpeg);
  reader->jpeg_created = 1;
  reader->jpeg.mem->max_memory_to_use = CI_JPEG_MEMORY_LIMIT;
  jpeg_stdio_src(&reader->jpeg, reader->file);
  if (jpeg_read_header(&reader->jpeg, TRUE) != JPEG_HEADER_OK) {
    set_error(error, CI_CORRUPT, 0, "the file holds no picture");
    return CI_CORRUPT;
  }
  reader->width = reader->jpeg.image_width;
  reader->height = reader->jpeg.image_height;
  return CI_OK;
}

ci_reader *ci_reader_open(const char *path, ci_error *error) {
  clear_error(error);
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    return NULL;
  }
  struct stat info;
  if (fstat(fd, &info) != 0) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    close(fd);
    return NULL;
  }
  if (!S_ISREG(info.st_mode)) {
    int directory = S_ISDIR(info.st_mode);
    set_error(error, CI_UNREADABLE, directory ? EISDIR : EINVAL, directory ? strerror(EISDIR) : "not a regular file");
    close(fd);
    return NULL;
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  FILE *file = fdopen(fd, "rb");
  if (!file) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    close(fd);
    return NULL;
  }
  ci_reader *reader = calloc(1, sizeof *reader);
  if (!reader) {
    set_error(error, CI_OUT_OF_MEMORY, ENOMEM, "out of memory");
    fclose(file);
    return NULL;
  }
  reader->file = file;

  static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  uint8_t head[8];
  size_t got = fread(head, 1, sizeof head, file);
  if (ferror(file)) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    ci_reader_close(reader);
    return NULL;
  }
  int status;
  if (got > 0 && memcmp(head, png_signature, got) == 0) {
    if (got < sizeof png_signature) {
      set_error(error, CI_TRUNCATED, 0, "the file ends before the picture does");
      ci_reader_close(reader);
      return NULL;
    }
    reader->format = CI_FORMAT_PNG;
    status = open_png(reader, error);
  } else if (got >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF) {
    reader->format = CI_FORMAT_JPEG;
    status = open_jpeg(reader, error);
  } else {
    set_error(error, CI_NOT_AN_IMAGE, 0, got == 0 ? "the file is empty" : "not a PNG or JPEG file");
    status = CI_NOT_AN_IMAGE;
  }
  if (status != CI_OK) {
    ci_reader_close(reader);
    return NULL;
  }
  return reader;
}

int ci_reader_format(const ci_reader *reader) { return reader->format; }

void ci_reader_size(const ci_reader *reader, uint32_t *width, uint32_t *height) {
  *width = reader->width;
  *height = reader->height;
}

// MARK: Starting

static int start_png(ci_reader *reader, ci_error *error) {
  if (setjmp(png_jmpbuf(reader->png))) return png_fail(reader, error);
  png_structp png = reader->png;
  png_infop info = reader->png_info;
  // Every kind of PNG becomes 8-bit RGBA: palettes and low bit depths expanded,
  // transparency (tRNS) made an alpha channel, 16 bits scaled with rounding, grey
  // copied to three channels, and an opaque alpha added where there was none.
  png_set_expand(png);
  png_set_scale_16(png);
  png_set_gray_to_rgb(png);
  int color = png_get_color_type(png, info);
  if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  }
  reader->png_passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)reader->width * 4) {
    set_error(error, CI_CORRUPT, 0, "unexpected pixel layout after conversion");
    return CI_CORRUPT;
  }
  reader->output_width = reader->width;
  reader->output_height = reader->height;
  return CI_OK;
}

static int start_jpeg(ci_reader *reader, uint32_t minimum_width, uint32_t minimum_height, ci_error *error) {
  if (setjmp(reader->jpeg_failure.jump)) return jpeg_fail(reader, error);
  struct jpeg_decompress_struct *jpeg = &reader->jpeg;
  if (jpeg->jpeg_color_space == JCS_CMYK || jpeg->jpeg_color_space == JCS_YCCK) {
    jpeg->out_color_space = JCS_CMYK;
    reader->jpeg_cmyk = 1;
  } else {
    jpeg->out_color_space = JCS_RGB;
  }
  unsigned denominator = 1;
  if (minimum_width > 0 || minimum_height > 0) {
    static const unsigned choices[] = {8, 4, 2};
    for (int i = 0; i < 3; i++) {
      unsigned d = choices[i];
      uint32_t w = (reader->width + d - 1) / d;
      uint32_t h = (reader->height + d - 1) / d;
      if (w >= minimum_width && h >= minimum_height) {
        denominator = d;
        break;
      }
    }
  }
  jpeg->scale_num = 1;
  jpeg->scale_denom = denominator;
  jpeg_calc_output_dimensions(jpeg);
  reader->output_width = jpeg->output_width;
  reader->output_height = jpeg->output_height;
  return CI_OK;
}

int ci_reader_start(ci_reader *reader, uint32_t minimum_width, uint32_t minimum_height,
                    uint8_t background_red, uint8_t background_green, uint8_t background_blue,
                    uint32_t *output_width, uint32_t *output_height, ci_error *error) {
  clear_error(error);
  if (reader->started) {
    set_error(error, CI_MISUSE, 0, "the reader was started already");
    return CI_MISUSE;
  }
  reader->started = 1;
  reader->background[0] = background_red;
  reader->background[1] = background_green;
  reader->background[2] = background_blue;
  int status = reader->format == CI_FORMAT_PNG ? start_png(reader, error)
                                               : start_jpeg(reader, minimum_width, minimum_height, error);
  if (status == CI_OK) {
    *output_width = reader->output_width;
    *output_height = reader->output_height;
  }
  return status;
}

// MARK: Reading

/// Blends `count` RGBA pixels over the background into RGB.
static void blend(const uint8_t *rgba, uint8_t *rgb, size_t count, const uint8_t background[3]) {
  for (size_t i = 0; i < count; i++) {
    unsigned alpha = rgba[4 * i + 3];
    for (int c = 0; c < 3; c++) {
      unsigned value = rgba[4 * i + c];
      rgb[3 * i + c] = (uint8_t)((value * alpha + background[c] * (255 - alpha) + 127) / 255);
    }
  }
}

static int read_png(ci_reader *reader, uint8_t *pixels, ci_error *error) {
  if (setjmp(png_jmpbuf(reader->png))) return png_fail(reader, error);
  size_t width = reader->output_width;
  size_t height = reader->output_height;
  if (reader->png_passes <= 1) {
    // One row at a time: no memory beyond the caller's pixels and one row.
    reader->scratch = malloc(width * 4);
    if (!reader->scratch) png_error(reader->png, "out of memory");
    for (size_t y = 0; y < height; y++) {
      png_read_row(reader->png, reader->scratch, NULL);
      blend(reader->scratch, pixels + y * width * 3, width, reader->background);
    }
  } else {
    // Interlaced: every pass touches every row, so the whole picture is kept.
    reader->scratch = malloc(width * height * 4);
    reader->rows = malloc(height * sizeof(png_bytep));
    if (!reader->scratch || !reader->rows) png_error(reader->png, "out of memory");
    for (size_t y = 0; y < height; y++) reader->rows[y] = reader->scratch + y * width * 4;
    png_read_image(reader->png, reader->rows);
    blend(reader->scratch, pixels, width * height, reader->background);
  }
  return CI_OK;
}

static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, size_t count, int inverted) {
  for (size_t i = 0; i < count; i++) {
    // With inverted values a channel is the light left, not the ink.
    unsigned k = inverted ? cmyk[4 * i + 3] : 255u - cmyk[4 * i + 3];
    for (int c = 0; c < 3; c++) {
      unsigned light = inverted ? cmyk[4 * i + c] : 255u - cmyk[4 * i + c];
      rgb[3 * i + c] = (uint8_t)((light * k + 127) / 255);
    }
  }
}

static int read_jpeg(ci_reader *reader, uint8_t *pixels, ci_error *error) {
  if (setjmp(reader->jpeg_failure.jump)) return jpeg_fail(reader, error);
  struct jpeg_decompress_struct *jpeg = &reader->jpeg;
  jpeg_start_decompress(jpeg);
  size_t width = jpeg->output_width;
  if (jpeg->output_width != reader->output_width || jpeg->output_height != reader->output_height) {
    set_error(error, CI_CORRUPT, 0, "the picture's size changed while decoding");
    return CI_CORRUPT;
  }
  if (reader->jpeg_cmyk) {
    reader->scratch = malloc(width * 4);
    if (!reader->scratch) ERREXIT1(jpeg, JERR_OUT_OF_MEMORY, 0);
  }
  while (jpeg->output_scanline < jpeg->output_height) {
    uint8_t *row = pixels + (size_t)jpeg->output_scanline * width * 3;
    JSAMPROW target = reader->jpeg_cmyk ? reader->scratch : row;
    if (jpeg_read_scanlines(jpeg, &target, 1) != 1) {
      set_error(error, CI_TRUNCATED, 0, "the file ends before the picture does");
      return CI_TRUNCATED;
    }
    // Adobe's CMYK JPEGs store inverted ink values.
    if (reader->jpeg_cmyk) cmyk_to_rgb(reader->scratch, row, width, jpeg->saw_Adobe_marker);
  }
  // The trailing markers are of no interest: stop here rather than read to the end.
  jpeg_abort_decompress(jpeg);
  return CI_OK;
}

int ci_reader_read_rgb(ci_reader *reader, uint8_t *pixels, size_t capacity, ci_error *error) {
  clear_error(error);
  if (!reader->started || reader->read) {
    set_error(error, CI_MISUSE, 0, "start the reader once, then read once");
    return CI_MISUSE;
  }
  reader->read = 1;
  size_t needed = (size_t)reader->output_width * reader->output_height * 3;
  if (capacity < needed || pixels == NULL) {
    set_error(error, CI_MISUSE, 0, "the pixel buffer is too small");
    return CI_MISUSE;
  }
  return reader->format == CI_FORMAT_PNG ? read_png(reader, pixels, error) : read_jpeg(reader, pixels, error);
}

void ci_reader_close(ci_reader *reader) {
  if (!reader) return;
  if (reader->png) png_destroy_read_struct(&reader->png, reader->png_info ? &reader->png_info : NULL, NULL);
  if (reader->jpeg_created) jpeg_destroy_decompress(&reader->jpeg);
  free(reader->scratch);
  free(reader->rows);
  if (reader->file) fclose(reader->file);
  free(reader);
}
