// PNG, JPEG, GIF and WebP decoding through the system's libpng, libjpeg, giflib and
// libwebp, with libpng's and libjpeg's longjmp error handling kept on this side.
//
// Both libraries report a fatal error by calling a function that must not return;
// here it longjmps back to a setjmp in the same C function that called the library,
// so a longjmp never crosses a Swift frame. Every function below returns a status and,
// on failure, fills a `ci_error` with a short message.
//
// A reader streams the file: opening it reads only the header (the signature and, for
// PNG, the chunks before the pixels; for JPEG, the markers before the first scan; for
// GIF, the screen descriptor; for WebP, the first few chunks), so the caller can check
// the size before any pixel memory exists. A GIF gives its first frame; a WebP file is
// handed to libwebp's incremental decoder a slice at a time.
//
//   ci_error error;
//   ci_reader *reader = ci_reader_open("cat.png", &error);
//   if (!reader) { puts(error.message); return; }
//   uint32_t w, h;
//   ci_reader_start(reader, 0, 0, 0, 0, 0, &w, &h, &error);
//   uint8_t *rgb = malloc((size_t)w * h * 3);
//   ci_reader_read_rgb(reader, rgb, (size_t)w * h * 3, &error);
//   ci_reader_close(reader);
#ifndef CIMAGEDECODING_H
#define CIMAGEDECODING_H

#include <stddef.h>
#include <stdint.h>

/// What went wrong, or `CI_OK`.
typedef enum {
  CI_OK = 0,
  /// The file could not be opened or read: `error_number` holds errno.
  CI_UNREADABLE = 1,
  /// The file is not a picture this reader decodes (its first bytes say so, whatever
  /// its name): `message` says what it looks like ("SVG pictures are not drawn").
  CI_NOT_AN_IMAGE = 2,
  /// The data ends before the picture does.
  CI_TRUNCATED = 3,
  /// The library refused the data: `message` says why.
  CI_CORRUPT = 4,
  /// Memory ran out, or the library's memory limit was reached.
  CI_OUT_OF_MEMORY = 5,
  /// A call out of order, or a buffer too small.
  CI_MISUSE = 6,
  /// Decoding took longer than the reader's time budget (`ci_reader_set_time_budget`):
  /// `message` says how long it was given.
  CI_TOO_SLOW = 7,
} ci_status;

/// The file formats a reader understands.
typedef enum {
  CI_FORMAT_PNG = 1,
  CI_FORMAT_JPEG = 2,
  CI_FORMAT_GIF = 3,
  CI_FORMAT_WEBP = 4,
} ci_format;

/// A failure: its status, errno for `CI_UNREADABLE`, and a short message.
typedef struct {
  int status;
  int error_number;
  char message[200];
} ci_error;

/// One open picture file being decoded.
typedef struct ci_reader ci_reader;

/// Opens the regular file at `path` and reads its header. Returns NULL and fills
/// `error` when the file cannot be read or is not a PNG, JPEG, GIF or WebP picture.
ci_reader *ci_reader_open(const char *path, ci_error *error);

/// Reads the header of a picture held in memory: `count` bytes at `bytes`, which
/// the reader copies (the caller keeps its own).
ci_reader *ci_reader_open_memory(const void *bytes, size_t count, ci_error *error);

/// The file's format.
int ci_reader_format(const ci_reader *reader);

/// The picture's width and height as its header states them.
void ci_reader_size(const ci_reader *reader, uint32_t *width, uint32_t *height);

/// The picture's EXIF data (a TIFF header and its IFDs, from a JPEG's APP1 or a
/// WebP's EXIF chunk) in `*data`, and its length; 0 and NULL when it has none.
/// The bytes belong to the reader.
size_t ci_reader_exif(const ci_reader *reader, const uint8_t **data);

/// Prepares to decode, and reports the size the pixels will have.
///
/// A JPEG picture is decoded at 1/2, 1/4 or 1/8 of its size when that is still at
/// least `minimum_width` x `minimum_height` (0 x 0: full size), which saves most of
/// the work for a thumbnail. Transparent pixels are blended over the colour
/// (`background_red`, `background_green`, `background_blue`).
int ci_reader_start(ci_reader *reader, uint32_t minimum_width, uint32_t minimum_height,
                    uint8_t background_red, uint8_t background_green, uint8_t background_blue,
                    uint32_t *output_width, uint32_t *output_height, ci_error *error);

/// Decodes every pixel into `pixels`, 3 bytes (red, green, blue) a pixel, row by row,
/// which must hold `output_width * output_height * 3` bytes.
int ci_reader_read_rgb(ci_reader *reader, uint8_t *pixels, size_t capacity, ci_error *error);

/// Asks the next `ci_reader_read_rgb` to also write each pixel's opacity into
/// `alpha`, 1 byte a pixel (255: opaque), which must hold `output_width *
/// output_height` bytes; call it after `ci_reader_start`. Returns 1 when the picture
/// can have transparency (a PNG with an alpha channel or tRNS, any GIF or WebP), 0
/// otherwise, when `alpha` is left alone.
int ci_reader_read_alpha_into(ci_reader *reader, uint8_t *alpha, size_t capacity);

/// Gives the next `ci_reader_read_rgb` at most `milliseconds` of wall time (0: no
/// limit, the default), counted from its start. The PNG, JPEG and GIF decoders look
/// at the clock between rows, the WebP decoder between slices of the file (at most
/// 64 KiB each), and stop with `CI_TOO_SLOW` ("took longer than 2000 ms") once it
/// has passed. The clock is the wall clock, or with `counts_cpu_time` the calling
/// thread's CPU time (the work done, which load on the machine does not stretch).
void ci_reader_set_time_budget(ci_reader *reader, uint32_t milliseconds, int counts_cpu_time);

/// Closes the file and frees everything the reader holds. NULL is allowed.
void ci_reader_close(ci_reader *reader);

#endif
