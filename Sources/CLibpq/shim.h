#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

#include <libpq-fe.h>
#include <poll.h>

/// PG_DIAG_SQLSTATE and PG_DIAG_MESSAGE_PRIMARY are character macros ('C',
/// 'M') from postgres_ext.h; Swift sees them as nothing it can pass as an int.
static inline int cpq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int cpq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int cpq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }
static inline int cpq_diag_severity(void) { return PG_DIAG_SEVERITY_NONLOCALIZED; }

/// A notice processor that drops notices (`WARNING: there is no transaction
/// in progress` and the like) instead of printing them on standard error,
/// which belongs to the terminal's screen.
static inline void cpq_ignore_notice(void *arg, const char *message) { (void)arg; (void)message; }
static inline void cpq_silence_notices(PGconn *conn) { PQsetNoticeProcessor(conn, cpq_ignore_notice, 0); }

#endif
