// The one doorway from Swift to ncursesw.
//
// SwiftPM drops the -D flags that `pkg-config --cflags ncursesw` prints, so the
// wide-character API is switched on here, before the header is read. Everything
// Swift cannot import (function-like macros, macros built from casts) or rejects
// in Swift 6 mode (mutable C globals such as stdscr, LINES, COLS) is reached
// through a `cn_` prefixed static inline function below.
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_MOUSE_VERSION
#define NCURSES_MOUSE_VERSION 2
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// MARK: Globals

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }

static inline void cn_getmaxyx(WINDOW *win, int *y, int *x) {
  int yy, xx;
  getmaxyx(win, yy, xx);
  *y = yy;
  *x = xx;
}

// MARK: Attributes

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_standout(void) { return A_STANDOUT; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }
static inline attr_t cn_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

// MARK: Box characters

static inline const cchar_t *cn_wacs_ulcorner(void) { return WACS_ULCORNER; }
static inline const cchar_t *cn_wacs_urcorner(void) { return WACS_URCORNER; }
static inline const cchar_t *cn_wacs_llcorner(void) { return WACS_LLCORNER; }
static inline const cchar_t *cn_wacs_lrcorner(void) { return WACS_LRCORNER; }
static inline const cchar_t *cn_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *cn_wacs_vline(void) { return WACS_VLINE; }
static inline chtype cn_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype cn_acs_hline(void) { return ACS_HLINE; }
static inline chtype cn_acs_vline(void) { return ACS_VLINE; }

// MARK: Keys and mouse

static inline int cn_key_f(int n) { return KEY_F(n); }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

/// Fills `event` from the mouse queue and returns its fields one by one, since
/// `MEVENT` carries `mmask_t` whose width differs between mouse versions.
static inline int cn_getmouse(int *x, int *y, mmask_t *bstate) {
  MEVENT event;
  int rc = getmouse(&event);
  if (rc == OK) {
    *x = event.x;
    *y = event.y;
    *bstate = event.bstate;
  }
  return rc;
}

// MARK: Wide characters

/// The string capability `name` of the current terminal, or NULL when it has none
/// (tigetstr answers (char *)-1 for a name that is not a string capability).
static inline const char *cn_string_capability(const char *name) {
  char *value = tigetstr(name);
  if (value == (char *)-1) return NULL;
  return value;
}

/// The numeric capability `name` of the current terminal, or -1 when it has none.
static inline int cn_numeric_capability(const char *name) {
  int value = tigetnum(name);
  return value < 0 ? -1 : value;
}

/// Whether the current terminal has the boolean capability `name`.
static inline int cn_flag_capability(const char *name) {
  return tigetflag(name) > 0;
}

/// `capability` with its parameters put in (tiparm is variadic, which Swift
/// cannot call): one and two numbers.
static inline const char *cn_tiparm1(const char *capability, int a) {
  return tiparm(capability, a);
}
static inline const char *cn_tiparm2(const char *capability, int a, int b) {
  return tiparm(capability, a, b);
}

#endif
