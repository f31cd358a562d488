#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which
// Swift cannot call: one typed wrapper per kind of argument. Names start `cc_`.

static inline CURLcode cc_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cc_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cc_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cc_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION take the same callback type.
static inline CURLcode cc_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode cc_easy_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode cc_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list) {
  return curl_easy_setopt(handle, option, list);
}

static inline CURLcode cc_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cc_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cc_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cc_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode cc_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

// Macros Swift does not import (expressions of other macros).

static inline long cc_global_all(void) { return CURL_GLOBAL_ALL; }
static inline int cc_pause_continue(void) { return CURLPAUSE_CONT; }
static inline size_t cc_write_pause(void) { return CURL_WRITEFUNC_PAUSE; }
static inline long cc_http_version_2tls(void) { return CURL_HTTP_VERSION_2TLS; }
static inline long cc_netrc_optional(void) { return CURL_NETRC_OPTIONAL; }
static inline long cc_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }
static inline int cc_error_size(void) { return CURL_ERROR_SIZE; }

#endif
