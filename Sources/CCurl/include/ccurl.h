// A small shim over libcurl, loaded with dlopen on the first live request so that explorer
// links no HTTP library at start-up. libcurl's ABI is stable; its header is not needed: the
// few functions used are declared here through the shim, the option numbers are libcurl's.
#ifndef EXPLORER_CCURL_H
#define EXPLORER_CCURL_H

#include <stddef.h>

// Loads libcurl (libcurl.so.4) once; 0 when it is there, else -1 with why in `error`.
int ccurl_load(char *error, size_t error_length);

// What one transfer collects: the body (up to `limit` bytes: past it the transfer is
// aborted and `over_limit` set) and the raw header lines of the last response (up to 64 KB:
// past it the transfer is aborted and `headers_over_limit` set).
typedef struct ccurl_buffer {
    char *body;
    size_t body_length, body_capacity;
    size_t limit;
    int over_limit;
    char *headers;
    size_t headers_length, headers_capacity;
    int headers_over_limit;
} ccurl_buffer;

void ccurl_buffer_free(ccurl_buffer *buffer);

// One transfer: a GET of `url` with `headers` (each "Name: value"), a whole-request deadline
// of `timeout_ms`, only http and https, redirects followed. NULL if libcurl is not loaded.
void *ccurl_easy_new(const char *url, const char *const *headers, int header_count, long timeout_ms,
                     ccurl_buffer *buffer, const char *user_agent);
long ccurl_easy_status(void *easy);
void ccurl_easy_free(void *easy);
const char *ccurl_strerror(int code);

// The multi interface: transfers run side by side on the thread that drives them.
void *ccurl_multi_new(void);
int ccurl_multi_add(void *multi, void *easy);
int ccurl_multi_remove(void *multi, void *easy);
int ccurl_multi_perform(void *multi, int *running);
// Waits for activity, a wakeup or `timeout_ms`, using no CPU meanwhile.
int ccurl_multi_poll(void *multi, int timeout_ms);
int ccurl_multi_wakeup(void *multi);
// A finished transfer and its result code, or NULL when none is left to report.
void *ccurl_multi_next_done(void *multi, int *result);

#endif
