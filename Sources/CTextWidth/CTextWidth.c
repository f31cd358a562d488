#define _XOPEN_SOURCE 700
#include "CTextWidth.h"

#include <langinfo.h>
#include <locale.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>

int ct_wcwidth(uint32_t scalar) { return wcwidth((wchar_t)scalar); }

static int codeset_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL &&
         (strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0);
}

int ct_use_utf8_ctype(void) {
  if (setlocale(LC_CTYPE, "") != NULL && codeset_is_utf8()) return 1;
  if (setlocale(LC_CTYPE, "C.UTF-8") != NULL && codeset_is_utf8()) return 0;
  if (setlocale(LC_CTYPE, "C.utf8") != NULL && codeset_is_utf8()) return 0;
  if (setlocale(LC_CTYPE, "en_US.UTF-8") != NULL && codeset_is_utf8()) return 0;
  return -1;
}
