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

/// A flag a progress handler watches: once raised, every statement on the
/// connection stops at its next check (SQLITE_INTERRUPT), including one that
/// starts after the raise (which sqlite3_interrupt alone does not stop when
/// no statement was running at the time).
static inline int cs_flag_is_raised(void *flag) { return __atomic_load_n((int *)flag, __ATOMIC_RELAXED); }

/// Installs the handler that watches `flag`, looked at every 1,000 virtual machine steps.
static inline void cs_stop_when_raised(sqlite3 *db, int *flag) { sqlite3_progress_handler(db, 1000, cs_flag_is_raised, flag); }

/// Raises `flag`, from any thread.
static inline void cs_raise_flag(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELAXED); }

#endif
