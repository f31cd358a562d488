// The doorway from Swift to the system's libwebp (Debian: libwebp-dev).
//
// The C file in CImageDecoding makes every libwebp call that reads a file (libwebp
// reports errors as return values); Swift reaches libwebp directly only for what
// cannot fail, such as the library's version.
#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H

#include <webp/decode.h>

/// The version of libwebp the program runs with, as 0xMMmmpp (0x010204 for 1.2.4).
static inline int cwebp_version(void) { return WebPGetDecoderVersion(); }

#endif
