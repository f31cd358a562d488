#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: a destructor of -1.
static inline sqlite3_destructor_type cs_transient(void) { return SQLITE_TRANSIENT; }

#endif
