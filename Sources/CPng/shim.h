// The doorway from Swift to the system's libpng (Debian: libpng-dev).
//
// The C file in CImageDecoding makes every libpng call that can fail, reading and
// writing (`ci_png_write_rgb`, for the shared thumbnails folder) alike: libpng reports
// errors with longjmp, which must never cross a Swift frame. Swift reaches libpng
// directly only for what cannot fail, such as the library's version.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>

/// The version of libpng the program runs with, such as "1.6.39".
static inline const char *cpng_version(void) { return png_get_libpng_ver(NULL); }

#endif
