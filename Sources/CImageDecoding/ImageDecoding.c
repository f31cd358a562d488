// Calls libpng, libjpeg, giflib and libwebp for CImageDecoding.h. Every function
// that calls into libpng or libjpeg first sets a jump point with setjmp; those
// libraries' error callbacks record a message and longjmp back to it, so errors come
// out as return values. giflib and libwebp return their errors, and never jump.
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
#include <time.h>
#include <unistd.h>

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>
#include <gif_lib.h>
#include <webp/decode.h>

/// The most memory libjpeg may use for one picture (progressive pictures keep every
/// coefficient); beyond it decoding fails instead of growing.
#define CI_JPEG_MEMORY_LIMIT (512L * 1024 * 1024)

/// The first and the largest slice of a WebP file handed to libwebp's incremental
/// decoder at a time (the clock is looked at between slices).
#define CI_WEBP_SLICE_FIRST ((size_t)4096)
#define CI_WEBP_SLICE_LIMIT ((size_t)65536)

/// The most bytes read from one file to decode one picture (seeking past skipped
/// chunks and markers costs nothing): a hostile file can make a decoder read on
/// and on, and this keeps every picture's cost bounded, so a bad one never holds
/// up the others for long.
#define CI_READ_BUDGET ((size_t)256 * 1024 * 1024)

/// The largest ancillary chunk a PNG passes to libpng (only tRNS is passed; a
/// real one holds at most 256 entries): larger ones are skipped.
#define CI_PNG_KEPT_ANCILLARY_LIMIT 4096

/// How much of a file's start is read to tell its format.
#define CI_SNIFF_BYTES 256

/// libjpeg's error manager, extended with the jump point and what went wrong.
struct ci_jpeg_failure {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int status;
  char message[200];
};

/// libjpeg's source manager reading the reader's file within its budget, and
/// seeking past skipped markers instead of reading through them.
struct ci_jpeg_source {
  struct jpeg_source_mgr manager;
  struct ci_reader *reader;
  int start_of_file;
  JOCTET buffer[4096];
};

struct ci_reader {
  FILE *file;
  /// Bytes that may still be read (CI_READ_BUDGET at the start), and whether a
  /// read wanted more.
  size_t budget;
  int over_budget;
  /// The time budget of a decode in milliseconds (0: none), and the monotonic
  /// clock's nanoseconds when it runs out (set when the decode starts).
  uint32_t time_budget;
  uint64_t deadline;
  /// Whether the budget counts the decoding thread's CPU time instead of wall time.
  int budget_counts_cpu;
  // The bytes a reader opened from memory reads, owned by it.
  void *memory;
  int format;
  uint32_t width;
  uint32_t height;
  int started;
  int read;
  uint32_t output_width;
  uint32_t output_height;
  uint8_t background[3];
  /// Where to write each pixel's alpha (NULL: nowhere), and whether the PNG has any.
  uint8_t *alpha;
  int png_has_alpha;

  // PNG: the chunk being passed to libpng (bytes left of it, its CRC
  // included), and a chunk header read but not yet passed.
  png_structp png;
  uint64_t png_chunk_left;
  uint8_t png_pending[8];
  size_t png_pending_length;
  size_t png_pending_position;
  png_infop png_info;
  int png_status;
  int png_errno;
  char png_message[200];
  int png_passes;

  // JPEG
  struct jpeg_decompress_struct jpeg;
  struct ci_jpeg_failure jpeg_failure;
  struct ci_jpeg_source jpeg_source;
  int jpeg_created;
  int jpeg_cmyk;

  // GIF
  GifFileType *gif;

  // WebP
  int webp_animated;
  uint8_t *webp_data;

  // The picture's EXIF (a TIFF header and its IFDs), if it has one: inside
  // libjpeg's saved APP1 marker for a JPEG, or read into `exif_owned` from a
  // WebP's EXIF chunk.
  const uint8_t *exif;
  size_t exif_length;
  uint8_t *exif_owned;

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

/// The message when a picture wants more than CI_READ_BUDGET bytes read.
static const char *const over_budget_message = "more than 256 MiB would have to be read for one picture";

/// Reads up to `length` bytes from the reader's file, within its budget.
static size_t budget_read(ci_reader *reader, void *data, size_t length) {
  if (length > reader->budget) {
    reader->over_budget = 1;
    length = reader->budget;
  }
  if (length == 0) return 0;
  size_t got = fread(data, 1, length, reader->file);
  reader->budget -= got;
  return got;
}

/// Moves `count` bytes on in the reader's file without reading them; 0 when the
/// file cannot seek there.
static int skip_ahead(ci_reader *reader, uint64_t count) {
  if (count > (uint64_t)INT64_MAX / 2) return 0;
  return fseeko(reader->file, (off_t)count, SEEK_CUR) == 0;
}

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

/// Whether libpng is given a chunk: every critical chunk (IHDR, PLTE, IDAT, IEND:
/// an upper-case first letter), and a small tRNS (transparency). Every other
/// ancillary chunk is skipped by seeking, never read: a hostile file may claim 2
/// GiB for each of them.
static int png_keeps_chunk(const uint8_t header[8]) {
  uint32_t length = (uint32_t)header[0] << 24 | (uint32_t)header[1] << 16 | (uint32_t)header[2] << 8 | header[3];
  const uint8_t *type = header + 4;
  if (!(type[0] & 0x20)) return 1;
  if (length > PNG_UINT_31_MAX) return 1;  // libpng refuses the length itself
  return memcmp(type, "tRNS", 4) == 0 && length <= CI_PNG_KEPT_ANCILLARY_LIMIT;
}

/// Reads the PNG stream as libpng sees it, with skipped chunks left out: the
/// bytes of the chunk being passed, then the next kept chunk's header.
static size_t png_filtered_read(ci_reader *reader, uint8_t *data, size_t length) {
  size_t done = 0;
  while (done < length) {
    if (reader->png_pending_position < reader->png_pending_length) {
      size_t n = reader->png_pending_length - reader->png_pending_position;
      if (n > length - done) n = length - done;
      memcpy(data + done, reader->png_pending + reader->png_pending_position, n);
      reader->png_pending_position += n;
      done += n;
      continue;
    }
    if (reader->png_chunk_left > 0) {
      size_t want = length - done;
      if ((uint64_t)want > reader->png_chunk_left) want = (size_t)reader->png_chunk_left;
      size_t got = budget_read(reader, data + done, want);
      reader->png_chunk_left -= got;
      done += got;
      if (got < want) return done;
      continue;
    }
    // At a chunk's start: read its header, and skip it or pass it.
    uint8_t header[8];
    size_t got = budget_read(reader, header, sizeof header);
    if (got < sizeof header) {
      memcpy(reader->png_pending, header, got);
      reader->png_pending_length = got;
      reader->png_pending_position = 0;
      reader->png_chunk_left = 0;
      if (got == 0) return done;
      continue;
    }
    uint64_t body = ((uint64_t)header[0] << 24 | (uint64_t)header[1] << 16 | (uint64_t)header[2] << 8 | header[3]) + 4;
    if (!png_keeps_chunk(header)) {
      if (!skip_ahead(reader, body)) return done;
      continue;
    }
    memcpy(reader->png_pending, header, sizeof header);
    reader->png_pending_length = sizeof header;
    reader->png_pending_position = 0;
    reader->png_chunk_left = body;
  }
  return done;
}

static void png_read_file(png_structp png, png_bytep data, size_t length) {
  ci_reader *reader = png_get_io_ptr(png);
  size_t got = png_filtered_read(reader, data, length);
  if (got == length) return;
  if (reader->over_budget) {
    reader->png_status = CI_CORRUPT;
    snprintf(reader->png_message, sizeof reader->png_message, "%s", over_budget_message);
  } else if (ferror(reader->file)) {
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

// MARK: Time budget

/// The clock the reader's time budget counts: the monotonic wall clock, or the
/// calling thread's CPU time (a decode runs on one thread, start to end).
static uint64_t budget_clock_nanoseconds(const ci_reader *reader) {
  struct timespec now;
  clock_gettime(reader->budget_counts_cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// Whether the decode's time budget has run out; when it has, `message` (200 bytes)
/// says so. Called between rows.
static int out_of_time(const ci_reader *reader, char *message) {
  if (reader->time_budget == 0 || budget_clock_nanoseconds(reader) < reader->deadline) return 0;
  snprintf(message, 200, "took longer than %u ms", (unsigned)reader->time_budget);
  return 1;
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
  if (reader->over_budget) {
    set_error(error, CI_CORRUPT, 0, over_budget_message);
    return CI_CORRUPT;
  }
  int status = reader->jpeg_failure.status == CI_OK ? CI_CORRUPT : reader->jpeg_failure.status;
  set_error(error, status, 0, reader->jpeg_failure.message);
  return status;
}

// MARK: JPEG source

static void jpeg_source_start(j_decompress_ptr info) {
  struct ci_jpeg_source *source = (struct ci_jpeg_source *)info->src;
  source->start_of_file = 1;
}

static boolean jpeg_source_fill(j_decompress_ptr info) {
  struct ci_jpeg_source *source = (struct ci_jpeg_source *)info->src;
  size_t got = budget_read(source->reader, source->buffer, sizeof source->buffer);
  if (got == 0) {
    if (source->start_of_file) ERREXIT(info, JERR_INPUT_EMPTY);
    // As libjpeg's own source does: warn (an error here: see jpeg_said), and end
    // the data with an end marker.
    WARNMS(info, JWRN_JPEG_EOF);
    source->buffer[0] = 0xFF;
    source->buffer[1] = JPEG_EOI;
    got = 2;
  }
  source->manager.next_input_byte = source->buffer;
  source->manager.bytes_in_buffer = got;
  source->start_of_file = 0;
  return TRUE;
}

/// Skips a marker's data by seeking, not reading.
static void jpeg_source_skip(j_decompress_ptr info, long count) {
  struct ci_jpeg_source *source = (struct ci_jpeg_source *)info->src;
  if (count <= 0) return;
  if ((size_t)count <= source->manager.bytes_in_buffer) {
    source->manager.next_input_byte += count;
    source->manager.bytes_in_buffer -= (size_t)count;
    return;
  }
  uint64_t rest = (uint64_t)count - source->manager.bytes_in_buffer;
  source->manager.bytes_in_buffer = 0;
  if (!skip_ahead(source->reader, rest)) (void)jpeg_source_fill(info);
}

static void jpeg_source_end(j_decompress_ptr info) { (void)info; }

static void jpeg_use_source(ci_reader *reader) {
  struct ci_jpeg_source *source = &reader->jpeg_source;
  source->reader = reader;
  source->manager.init_source = jpeg_source_start;
  source->manager.fill_input_buffer = jpeg_source_fill;
  source->manager.skip_input_data = jpeg_source_skip;
  source->manager.resync_to_restart = jpeg_resync_to_restart;
  source->manager.term_source = jpeg_source_end;
  source->manager.bytes_in_buffer = 0;
  source->manager.next_input_byte = NULL;
  reader->jpeg.src = &source->manager;
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
  jpeg_use_source(reader);
  // APP1 markers are kept (at most 64 KiB each) for the EXIF orientation.
  jpeg_save_markers(&reader->jpeg, JPEG_APP0 + 1, 0xFFFF);
  if (jpeg_read_header(&reader->jpeg, TRUE) != JPEG_HEADER_OK) {
    set_error(error, CI_CORRUPT, 0, "the file holds no picture");
    return CI_CORRUPT;
  }
  reader->width = reader->jpeg.image_width;
  reader->height = reader->jpeg.image_height;
  for (jpeg_saved_marker_ptr marker = reader->jpeg.marker_list; marker; marker = marker->next) {
    if (marker->marker == JPEG_APP0 + 1 && marker->data_length > 6 && memcmp(marker->data, "Exif\0\0", 6) == 0) {
      reader->exif = marker->data + 6;
      reader->exif_length = marker->data_length - 6;
      break;
    }
  }
  return CI_OK;
}

// MARK: GIF

static int gif_read_file(GifFileType *gif, GifByteType *data, int length) {
  ci_reader *reader = gif->UserData;
  return length <= 0 ? 0 : (int)budget_read(reader, data, (size_t)length);
}

/// Turns a giflib error code into a status and message.
static int gif_fail(ci_reader *reader, int code, ci_error *error) {
  if (reader->over_budget) {
    set_error(error, CI_CORRUPT, 0, over_budget_message);
    return CI_CORRUPT;
  }
  if (ferror(reader->file)) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    return CI_UNREADABLE;
  }
  int status;
  const char *message;
  switch (code) {
  case D_GIF_ERR_READ_FAILED:
  case D_GIF_ERR_EOF_TOO_SOON:
    status = CI_TRUNCATED;
    message = "the file ends before the picture does";
    break;
  case D_GIF_ERR_NOT_ENOUGH_MEM:
    status = CI_OUT_OF_MEMORY;
    message = "out of memory";
    break;
  default:
    status = CI_CORRUPT;
    message = GifErrorString(code);
    break;
  }
  set_error(error, status, 0, message ? message : "the GIF data is damaged");
  return status;
}

static int open_gif(ci_reader *reader, ci_error *error) {
  if (fseek(reader->file, 0, SEEK_SET) != 0) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    return CI_UNREADABLE;
  }
  int code = 0;
  reader->gif = DGifOpen(reader, gif_read_file, &code);
  if (!reader->gif) return gif_fail(reader, code, error);
  reader->width = (uint32_t)(reader->gif->SWidth > 0 ? reader->gif->SWidth : 0);
  reader->height = (uint32_t)(reader->gif->SHeight > 0 ? reader->gif->SHeight : 0);
  return CI_OK;
}

// MARK: WebP

static int webp_fail(VP8StatusCode code, ci_error *error) {
  switch (code) {
  case VP8_STATUS_NOT_ENOUGH_DATA:
    set_error(error, CI_TRUNCATED, 0, "the file ends before the picture does");
    return CI_TRUNCATED;
  case VP8_STATUS_OUT_OF_MEMORY:
    set_error(error, CI_OUT_OF_MEMORY, 0, "out of memory");
    return CI_OUT_OF_MEMORY;
  case VP8_STATUS_UNSUPPORTED_FEATURE:
    set_error(error, CI_CORRUPT, 0, "a WebP feature libwebp does not decode");
    return CI_CORRUPT;
  default:
    set_error(error, CI_CORRUPT, 0, "the WebP data is damaged");
    return CI_CORRUPT;
  }
}

/// The most of a WebP's EXIF chunk kept: IFD0, where the orientation is, comes first.
#define CI_EXIF_LIMIT ((uint32_t)64 * 1024)

/// Finds a WebP's EXIF chunk by walking its RIFF chunks (headers only, seeking
/// past payloads) and keeps its first CI_EXIF_LIMIT bytes; leaves the file where
/// it found it. An extended WebP (VP8X) says in its flags whether it has one.
static void read_webp_exif(ci_reader *reader, const uint8_t *head, size_t length) {
  if (length < 21 || memcmp(head + 12, "VP8X", 4) != 0 || (head[20] & 0x08) == 0) return;
  long start = ftell(reader->file);
  if (fseek(reader->file, 12, SEEK_SET) != 0) return;
  for (int chunks = 0; chunks < 1000; chunks++) {
    uint8_t header[8];
    if (fread(header, 1, 8, reader->file) != 8) break;
    uint32_t size = (uint32_t)header[4] | (uint32_t)header[5] << 8 | (uint32_t)header[6] << 16 | (uint32_t)header[7] << 24;
    if (memcmp(header, "EXIF", 4) == 0) {
      size_t kept = size < CI_EXIF_LIMIT ? size : CI_EXIF_LIMIT;
      reader->exif_owned = malloc(kept ? kept : 1);
      if (reader->exif_owned) {
        size_t got = fread(reader->exif_owned, 1, kept, reader->file);
        // Some writers begin the chunk as JPEG's APP1 does.
        size_t skip = got > 6 && memcmp(reader->exif_owned, "Exif\0\0", 6) == 0 ? 6 : 0;
        reader->exif = reader->exif_owned + skip;
        reader->exif_length = got - skip;
      }
      break;
    }
    if (fseek(reader->file, (long)size + (long)(size & 1), SEEK_CUR) != 0) break;
  }
  clearerr(reader->file);
  if (start >= 0) fseek(reader->file, start, SEEK_SET);
}

/// Reads the size from the first chunks: `head` holds the file's first `length` bytes.
static int open_webp(ci_reader *reader, const uint8_t *head, size_t length, ci_error *error) {
  WebPBitstreamFeatures features;
  VP8StatusCode status = WebPGetFeatures(head, length, &features);
  if (status != VP8_STATUS_OK) return webp_fail(status, error);
  reader->width = features.width > 0 ? (uint32_t)features.width : 0;
  reader->height = features.height > 0 ? (uint32_t)features.height : 0;
  reader->webp_animated = features.has_animation;
  read_webp_exif(reader, head, length);
  return CI_OK;
}

// MARK: Telling formats apart

/// Whether `needle` occurs in the first `length` bytes of `haystack`.
static int contains(const uint8_t *haystack, size_t length, const char *needle) {
  size_t n = strlen(needle);
  for (size_t i = 0; i + n <= length; i++) {
    if (memcmp(haystack + i, needle, n) == 0) return 1;
  }
  return 0;
}

/// What a file that is none of the four formats looks like, in a few words.
static const char *describe_other(const uint8_t *head, size_t length) {
  if (length == 0) return "the file is empty";
  size_t i = 0;
  if (length >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF) i = 3;
  while (i < length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) i++;
  if (i < length && head[i] == '<' && (contains(head + i, length - i, "<svg") || contains(head + i, length - i, "<!DOCTYPE svg"))) {
    return "SVG pictures are not drawn";
  }
  return "not a PNG, JPEG, GIF or WebP file";
}

static ci_reader *open_stream(FILE *file, void *memory, ci_error *error);

ci_reader *ci_reader_open(const char *path, ci_error *error) {
  clear_error(error);
  // Look before opening, so a device node (whose opening can do things) is never
  // opened; then O_NONBLOCK, so a FIFO swapped in meanwhile does not wait for a
  // writer, O_NOCTTY, and fstat, so what was opened is what was looked at.
  struct stat info;
  if (stat(path, &info) != 0) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    return NULL;
  }
  if (!S_ISREG(info.st_mode)) {
    int directory = S_ISDIR(info.st_mode);
    set_error(error, CI_UNREADABLE, directory ? EISDIR : EINVAL, directory ? strerror(EISDIR) : "not a regular file");
    return NULL;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    return NULL;
  }
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
  return open_stream(file, NULL, error);
}

ci_reader *ci_reader_open_memory(const void *bytes, size_t count, ci_error *error) {
  clear_error(error);
  if (count == 0) {
    set_error(error, CI_NOT_AN_IMAGE, 0, "the picture is empty");
    return NULL;
  }
  void *copy = malloc(count);
  if (!copy) {
    set_error(error, CI_OUT_OF_MEMORY, ENOMEM, "out of memory");
    return NULL;
  }
  memcpy(copy, bytes, count);
  FILE *file = fmemopen(copy, count, "rb");
  if (!file) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    free(copy);
    return NULL;
  }
  return open_stream(file, copy, error);
}

/// Reads the header from `file` (and owns it, and `memory` if not NULL).
static ci_reader *open_stream(FILE *file, void *memory, ci_error *error) {
  ci_reader *reader = calloc(1, sizeof *reader);
  if (!reader) {
    set_error(error, CI_OUT_OF_MEMORY, ENOMEM, "out of memory");
    fclose(file);
    free(memory);
    return NULL;
  }
  reader->file = file;
  reader->memory = memory;
  reader->budget = CI_READ_BUDGET;

  static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  uint8_t head[CI_SNIFF_BYTES];
  size_t got = fread(head, 1, sizeof head, file);
  if (ferror(file)) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    ci_reader_close(reader);
    return NULL;
  }
  int status;
  size_t png_length = got < sizeof png_signature ? got : sizeof png_signature;
  if (got > 0 && memcmp(head, png_signature, png_length) == 0) {
    if (got < sizeof png_signature) {
      set_error(error, CI_TRUNCATED, 0, "the file ends before the picture does");
      ci_reader_close(reader);
      return NULL;
    }
    // libpng reads on from the end of the signature.
    if (fseek(file, (long)sizeof png_signature, SEEK_SET) != 0) {
      set_error(error, CI_UNREADABLE, errno, strerror(errno));
      ci_reader_close(reader);
      return NULL;
    }
    reader->format = CI_FORMAT_PNG;
    status = open_png(reader, error);
  } else if (got >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF) {
    reader->format = CI_FORMAT_JPEG;
    status = open_jpeg(reader, error);
  } else if (got >= 6 && (memcmp(head, "GIF87a", 6) == 0 || memcmp(head, "GIF89a", 6) == 0)) {
    reader->format = CI_FORMAT_GIF;
    status = open_gif(reader, error);
  } else if (got >= 12 && memcmp(head, "RIFF", 4) == 0 && memcmp(head + 8, "WEBP", 4) == 0) {
    reader->format = CI_FORMAT_WEBP;
    status = open_webp(reader, head, got, error);
  } else {
    set_error(error, CI_NOT_AN_IMAGE, 0, describe_other(head, got));
    status = CI_NOT_AN_IMAGE;
  }
  if (status != CI_OK) {
    ci_reader_close(reader);
    return NULL;
  }
  return reader;
}

int ci_reader_format(const ci_reader *reader) { return reader->format; }

size_t ci_reader_exif(const ci_reader *reader, const uint8_t **data) {
  *data = reader->exif;
  return reader->exif ? reader->exif_length : 0;
}

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
  } else {
    reader->png_has_alpha = 1;
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

/// The largest of 8, 4 and 2 that divides a `width` x `height` picture to at least
/// `minimum_width` x `minimum_height` (sides rounded up), or 1.
static unsigned scale_denominator(uint32_t width, uint32_t height, uint32_t minimum_width, uint32_t minimum_height) {
  if (minimum_width == 0 && minimum_height == 0) return 1;
  static const unsigned choices[] = {8, 4, 2};
  for (int i = 0; i < 3; i++) {
    unsigned d = choices[i];
    if ((width + d - 1) / d >= minimum_width && (height + d - 1) / d >= minimum_height) return d;
  }
  return 1;
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
  jpeg->scale_num = 1;
  jpeg->scale_denom = scale_denominator(reader->width, reader->height, minimum_width, minimum_height);
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
  int status = CI_OK;
  switch (reader->format) {
  case CI_FORMAT_PNG: status = start_png(reader, error); break;
  case CI_FORMAT_JPEG: status = start_jpeg(reader, minimum_width, minimum_height, error); break;
  case CI_FORMAT_GIF:
    // The first frame, on the screen the header gives, at full size.
    reader->output_width = reader->width;
    reader->output_height = reader->height;
    break;
  case CI_FORMAT_WEBP: {
    // libwebp scales while it decodes, to any size: the same steps as JPEG's.
    unsigned d = scale_denominator(reader->width, reader->height, minimum_width, minimum_height);
    reader->output_width = (reader->width + d - 1) / d;
    reader->output_height = (reader->height + d - 1) / d;
    break;
  }
  }
  if (status == CI_OK) {
    *output_width = reader->output_width;
    *output_height = reader->output_height;
  }
  return status;
}

// MARK: Reading

/// Blends `count` RGBA pixels over the background into RGB, and copies their alpha
/// into `alpha` when it is not NULL.
static void blend(const uint8_t *rgba, uint8_t *rgb, uint8_t *alpha_out, size_t count, const uint8_t background[3]) {
  for (size_t i = 0; i < count; i++) {
    unsigned alpha = rgba[4 * i + 3];
    if (alpha_out) alpha_out[i] = (uint8_t)alpha;
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
      if (out_of_time(reader, reader->png_message)) {
        reader->png_status = CI_TOO_SLOW;
        png_error(reader->png, reader->png_message);
      }
      png_read_row(reader->png, reader->scratch, NULL);
      blend(reader->scratch, pixels + y * width * 3, reader->alpha ? reader->alpha + y * width : NULL, width,
            reader->background);
    }
  } else {
    // Interlaced: every pass touches every row, so the whole picture is kept.
    reader->scratch = malloc(width * height * 4);
    reader->rows = malloc(height * sizeof(png_bytep));
    if (!reader->scratch || !reader->rows) png_error(reader->png, "out of memory");
    for (size_t y = 0; y < height; y++) reader->rows[y] = reader->scratch + y * width * 4;
    // Pass by pass, row by row (as png_read_image does), looking at the clock.
    for (int pass = 0; pass < reader->png_passes; pass++) {
      for (size_t y = 0; y < height; y++) {
        if (out_of_time(reader, reader->png_message)) {
          reader->png_status = CI_TOO_SLOW;
          png_error(reader->png, reader->png_message);
        }
        png_read_row(reader->png, reader->rows[y], NULL);
      }
    }
    blend(reader->scratch, pixels, reader->alpha, width * height, reader->background);
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
    char late[200];
    if (out_of_time(reader, late)) {
      set_error(error, CI_TOO_SLOW, 0, late);
      return CI_TOO_SLOW;
    }
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

static int read_gif(ci_reader *reader, uint8_t *pixels, ci_error *error) {
  GifFileType *gif = reader->gif;
  size_t width = reader->output_width;
  size_t height = reader->output_height;
  // What the first frame does not cover is transparent: the background.
  for (size_t i = 0; i < width * height; i++) memcpy(pixels + 3 * i, reader->background, 3);
  if (reader->alpha) memset(reader->alpha, 0, width * height);
  int transparent = NO_TRANSPARENT_COLOR;
  for (;;) {
    GifRecordType type;
    if (DGifGetRecordType(gif, &type) == GIF_ERROR) return gif_fail(reader, gif->Error, error);
    if (type == TERMINATE_RECORD_TYPE) {
      set_error(error, CI_CORRUPT, 0, "the GIF holds no picture");
      return CI_CORRUPT;
    }
    if (type == EXTENSION_RECORD_TYPE) {
      int code = 0;
      GifByteType *block = NULL;
      if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return gif_fail(reader, gif->Error, error);
      GraphicsControlBlock control;
      if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4 &&
          DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
        transparent = control.TransparentColor;
      }
      while (block) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return gif_fail(reader, gif->Error, error);
      }
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE) continue;
    if (DGifGetImageDesc(gif) == GIF_ERROR) return gif_fail(reader, gif->Error, error);
    GifImageDesc *frame = &gif->Image;
    ColorMapObject *colors = frame->ColorMap ? frame->ColorMap : gif->SColorMap;
    if (!colors || frame->Width <= 0 || frame->Height <= 0) {
      set_error(error, CI_CORRUPT, 0, colors ? "the first frame is empty" : "the GIF has no colour table");
      return CI_CORRUPT;
    }
    reader->scratch = malloc((size_t)frame->Width);
    if (!reader->scratch) {
      set_error(error, CI_OUT_OF_MEMORY, ENOMEM, "out of memory");
      return CI_OUT_OF_MEMORY;
    }
    // Interlaced frames come in four passes: every 8th row from 0, from 4, every
    // 4th from 2, every 2nd from 1.
    static const int starts[] = {0, 4, 2, 1};
    static const int steps[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
      int start = frame->Interlace ? starts[pass] : 0;
      int step = frame->Interlace ? steps[pass] : 1;
      for (int y = start; y < frame->Height; y += step) {
        char late[200];
        if (out_of_time(reader, late)) {
          set_error(error, CI_TOO_SLOW, 0, late);
          return CI_TOO_SLOW;
        }
        if (DGifGetLine(gif, reader->scratch, frame->Width) == GIF_ERROR) return gif_fail(reader, gif->Error, error);
        long row = (long)frame->Top + y;
        if (row < 0 || (size_t)row >= height) continue;
        for (int x = 0; x < frame->Width; x++) {
          long column = (long)frame->Left + x;
          int index = reader->scratch[x];
          if (column < 0 || (size_t)column >= width || index == transparent || index >= colors->ColorCount) continue;
          uint8_t *pixel = pixels + ((size_t)row * width + (size_t)column) * 3;
          pixel[0] = colors->Colors[index].Red;
          pixel[1] = colors->Colors[index].Green;
          pixel[2] = colors->Colors[index].Blue;
          if (reader->alpha) reader->alpha[(size_t)row * width + (size_t)column] = 255;
        }
      }
    }
    // Later frames are not read: the first is the picture.
    return CI_OK;
  }
}

static int read_webp(ci_reader *reader, uint8_t *pixels, ci_error *error) {
  if (reader->webp_animated) {
    set_error(error, CI_NOT_AN_IMAGE, 0, "animated WebP pictures are not drawn");
    return CI_NOT_AN_IMAGE;
  }
  if (fseek(reader->file, 0, SEEK_SET) != 0) {
    set_error(error, CI_UNREADABLE, errno, strerror(errno));
    return CI_UNREADABLE;
  }
  size_t width = reader->output_width;
  size_t height = reader->output_height;
  reader->scratch = malloc(width * height * 4);
  reader->webp_data = malloc(CI_WEBP_SLICE_LIMIT);
  if (!reader->scratch || !reader->webp_data) {
    set_error(error, CI_OUT_OF_MEMORY, ENOMEM, "out of memory");
    return CI_OUT_OF_MEMORY;
  }
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) {
    set_error(error, CI_CORRUPT, 0, "libwebp is not the version the program was built with");
    return CI_CORRUPT;
  }
  if (width != reader->width || height != reader->height) {
    config.options.use_scaling = 1;
    config.options.scaled_width = (int)width;
    config.options.scaled_height = (int)height;
  }
  config.output.colorspace = MODE_RGBA;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = reader->scratch;
  config.output.u.RGBA.stride = (int)(width * 4);
  config.output.u.RGBA.size = width * height * 4;
  // The incremental decoder, fed the file a slice at a time (4 KiB, doubling up to
  // 64 KiB, so a large header is not parsed again too often): the clock is looked at
  // between slices, as the other decoders look at it between rows.
  WebPIDecoder *decoder = WebPIDecode(NULL, 0, &config);
  if (!decoder) {
    set_error(error, CI_OUT_OF_MEMORY, ENOMEM, "out of memory");
    return CI_OUT_OF_MEMORY;
  }
  VP8StatusCode status = VP8_STATUS_SUSPENDED;
  size_t slice = CI_WEBP_SLICE_FIRST;
  int result = CI_OK;
  while (status == VP8_STATUS_SUSPENDED) {
    char late[200];
    if (out_of_time(reader, late)) {
      set_error(error, CI_TOO_SLOW, 0, late);
      result = CI_TOO_SLOW;
      break;
    }
    size_t got = budget_read(reader, reader->webp_data, slice);
    if (got == 0) {
      if (ferror(reader->file)) {
        set_error(error, CI_UNREADABLE, errno, strerror(errno));
        result = CI_UNREADABLE;
      } else if (reader->over_budget) {
        set_error(error, CI_CORRUPT, 0, over_budget_message);
        result = CI_CORRUPT;
      } else {
        status = VP8_STATUS_NOT_ENOUGH_DATA;
      }
      break;
    }
    status = WebPIAppend(decoder, reader->webp_data, got);
    if (slice < CI_WEBP_SLICE_LIMIT) slice *= 2;
  }
  WebPIDelete(decoder);
  WebPFreeDecBuffer(&config.output);
  if (result != CI_OK) return result;
  if (status != VP8_STATUS_OK) return webp_fail(status, error);
  blend(reader->scratch, pixels, reader->alpha, width * height, reader->background);
  return CI_OK;
}

int ci_reader_read_rgb(ci_reader *reader, uint8_t *pixels, size_t capacity, ci_error *error) {
  clear_error(error);
  if (!reader->started || reader->read) {
    set_error(error, CI_MISUSE, 0, "start the reader once, then read once");
    return CI_MISUSE;
  }
  reader->read = 1;
  if (reader->time_budget) reader->deadline = budget_clock_nanoseconds(reader) + (uint64_t)reader->time_budget * 1000000u;
  size_t needed = (size_t)reader->output_width * reader->output_height * 3;
  if (capacity < needed || pixels == NULL) {
    set_error(error, CI_MISUSE, 0, "the pixel buffer is too small");
    return CI_MISUSE;
  }
  switch (reader->format) {
  case CI_FORMAT_PNG: return read_png(reader, pixels, error);
  case CI_FORMAT_JPEG: return read_jpeg(reader, pixels, error);
  case CI_FORMAT_GIF: return read_gif(reader, pixels, error);
  default: return read_webp(reader, pixels, error);
  }
}

void ci_reader_set_time_budget(ci_reader *reader, uint32_t milliseconds, int counts_cpu_time) {
  reader->time_budget = milliseconds;
  reader->budget_counts_cpu = counts_cpu_time != 0;
}

int ci_reader_read_alpha_into(ci_reader *reader, uint8_t *alpha, size_t capacity) {
  // GIF and WebP may always have transparency; a PNG says so in its header.
  int may_have_alpha = reader->format == CI_FORMAT_GIF || reader->format == CI_FORMAT_WEBP || reader->png_has_alpha;
  if (!reader->started || reader->read || !may_have_alpha || alpha == NULL ||
      capacity < (size_t)reader->output_width * reader->output_height) {
    return 0;
  }
  reader->alpha = alpha;
  return 1;
}

void ci_reader_close(ci_reader *reader) {
  if (!reader) return;
  if (reader->png) png_destroy_read_struct(&reader->png, reader->png_info ? &reader->png_info : NULL, NULL);
  if (reader->jpeg_created) jpeg_destroy_decompress(&reader->jpeg);
  int gif_error = 0;
  if (reader->gif) DGifCloseFile(reader->gif, &gif_error);
  free(reader->webp_data);
  free(reader->exif_owned);
  free(reader->scratch);
  free(reader->rows);
  if (reader->file) fclose(reader->file);
  free(reader->memory);
  free(reader);
}
