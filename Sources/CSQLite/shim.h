#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: a destructor of -1.
static inline sqlite3_destructor_type cs_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic: SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE on, so a
/// connection that closes leaves its WAL's frames where they are (for tests that
/// need a WAL not yet folded into the file).
static inline int cs_no_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
