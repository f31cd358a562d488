// The doorway from Swift to the system's giflib (Debian: libgif-dev).
//
// The C file in CImageDecoding makes every giflib call that can fail (giflib reports
// errors as return values, so nothing here jumps); Swift reaches giflib directly only
// for what cannot fail, such as the library's version.
#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H

#include <gif_lib.h>

/// The giflib version the program was built against, such as 50201 for 5.2.1.
static inline int cgif_version(void) { return GIFLIB_MAJOR * 10000 + GIFLIB_MINOR * 100 + GIFLIB_RELEASE; }

#endif
