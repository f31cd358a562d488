// Display widths from glibc, the same table ncurses uses.
//
// Swift's Glibc module hides `wcwidth`, so this tiny target exposes it, together
// with the locale switch it depends on: under the "C" locale glibc answers -1
// for every character outside ASCII.
#ifndef CTEXTWIDTH_H
#define CTEXTWIDTH_H

#include <stdint.h>

/// The number of terminal columns `scalar` occupies: 0 for combining and
/// zero-width characters, 2 for wide (East Asian, most emoji), 1 otherwise, and
/// -1 for control and unprintable characters.
int ct_wcwidth(uint32_t scalar);

/// Makes LC_CTYPE a UTF-8 locale: the environment's when it is UTF-8, otherwise
/// C.UTF-8. Returns 1 when the environment's own locale was UTF-8, 0 when it
/// was not (the caller may then prefer ASCII drawing), -1 when no UTF-8 locale
/// could be set.
int ct_use_utf8_ctype(void);

#endif
