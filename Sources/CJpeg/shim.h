// The doorway from Swift to the system's libjpeg (Debian: libjpeg-dev, which is
// libjpeg-turbo).
//
// jpeglib.h needs stdio.h (for FILE) and size_t before it. The C file in
// CImageDecoding makes every libjpeg call that can fail (libjpeg reports errors
// through an error_exit that must not return, here a longjmp that must never cross
// a Swift frame); Swift reaches libjpeg directly only for what cannot fail.
#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H

#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

/// The libjpeg API version the program was built against, such as 62 or 80.
static inline int cjpeg_lib_version(void) { return JPEG_LIB_VERSION; }

#endif
