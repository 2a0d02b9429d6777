#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

// libcurl's option and info numbers (curl/curl.h), stable across versions.
enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_USERAGENT = 10018, OPT_HTTPHEADER = 10023,
    OPT_HEADERDATA = 10029, OPT_ACCEPT_ENCODING = 10102, OPT_PRIVATE = 10103,
    OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079, OPT_OPENSOCKETFUNCTION = 20163,
    OPT_FOLLOWLOCATION = 52, OPT_MAXREDIRS = 68, OPT_NOSIGNAL = 99, OPT_HTTPGET = 80,
    OPT_TIMEOUT_MS = 155, OPT_PROTOCOLS = 181, OPT_REDIR_PROTOCOLS = 182,
    OPT_MAXFILESIZE_LARGE = 30117,
    INFO_RESPONSE_CODE = 0x200002, INFO_PRIVATE = 0x100015,
    PROTO_HTTP = 1, PROTO_HTTPS = 2,
    GLOBAL_ALL = 3,
    MSG_DONE = 1,
};

typedef struct { int msg; void *easy; union { void *whatever; int result; } data; } curl_message;

static struct {
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    const char *(*easy_strerror)(int);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
    void *(*multi_init)(void);
    int (*multi_add_handle)(void *, void *);
    int (*multi_remove_handle)(void *, void *);
    int (*multi_perform)(void *, int *);
    int (*multi_poll)(void *, void *, unsigned, int, int *);
    int (*multi_wakeup)(void *);
    curl_message *(*multi_info_read)(void *, int *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[256];

static void load(void) {
    const char *names[] = {"libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
#define SYMBOL(field, name) \
    if (!(*(void **)&curl.field = dlsym(library, name))) { \
        snprintf(load_error, sizeof load_error, "libcurl has no %s (too old: 7.68 or later is needed)", name); \
        return; \
    }
    SYMBOL(global_init, "curl_global_init")
    SYMBOL(easy_init, "curl_easy_init")
    SYMBOL(easy_setopt, "curl_easy_setopt")
    SYMBOL(easy_getinfo, "curl_easy_getinfo")
    SYMBOL(easy_cleanup, "curl_easy_cleanup")
    SYMBOL(easy_strerror, "curl_easy_strerror")
    SYMBOL(slist_append, "curl_slist_append")
    SYMBOL(slist_free_all, "curl_slist_free_all")
    SYMBOL(multi_init, "curl_multi_init")
    SYMBOL(multi_add_handle, "curl_multi_add_handle")
    SYMBOL(multi_remove_handle, "curl_multi_remove_handle")
    SYMBOL(multi_perform, "curl_multi_perform")
    SYMBOL(multi_poll, "curl_multi_poll")
    SYMBOL(multi_wakeup, "curl_multi_wakeup")
    SYMBOL(multi_info_read, "curl_multi_info_read")
#undef SYMBOL
    if (curl.global_init(GLOBAL_ALL) != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed");
        return;
    }
    load_status = 0;
}

int ccurl_load(char *error, size_t error_length) {
    pthread_once(&load_once, load);
    if (load_status != 0 && error && error_length) snprintf(error, error_length, "%s", load_error);
    return load_status;
}

static int append(char **data, size_t *length, size_t *capacity, const char *bytes, size_t count) {
    if (*length + count + 1 > *capacity) {
        size_t wanted = *capacity ? *capacity : 16384;
        while (wanted < *length + count + 1) wanted *= 2;
        char *grown = realloc(*data, wanted);
        if (!grown) return -1;
        *data = grown;
        *capacity = wanted;
    }
    memcpy(*data + *length, bytes, count);
    *length += count;
    (*data)[*length] = 0;
    return 0;
}

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    ccurl_buffer *buffer = context;
    size_t total = size * count;
    if (buffer->body_length + total > buffer->limit) {
        buffer->over_limit = 1;
        return 0;  // aborts the transfer: nothing more is read
    }
    return append(&buffer->body, &buffer->body_length, &buffer->body_capacity, bytes, total) == 0 ? total : 0;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *context) {
    ccurl_buffer *buffer = context;
    size_t total = size * count;
    // A new status line (after a redirect or a 100 Continue) starts the headers afresh.
    if (total >= 5 && memcmp(bytes, "HTTP/", 5) == 0) buffer->headers_length = 0;
    if (buffer->headers_length + total > 64 << 10) {
        buffer->headers_over_limit = 1;
        return 0;  // aborts the transfer
    }
    return append(&buffer->headers, &buffer->headers_length, &buffer->headers_capacity, bytes, total) == 0 ? total : 0;
}

void ccurl_buffer_free(ccurl_buffer *buffer) {
    free(buffer->body);
    free(buffer->headers);
    buffer->body = buffer->headers = NULL;
    buffer->body_length = buffer->body_capacity = buffer->headers_length = buffer->headers_capacity = 0;
}

typedef struct { void *easy; void *header_list; } transfer;

// libcurl's struct curl_sockaddr.
typedef struct { int family; int socktype; int protocol; unsigned int addrlen; struct sockaddr addr; } curl_sockaddr;

// Every connection's socket is closed on exec: a child started while a request is under way
// (a player, a viewer, the pager) never holds the connection open, so a transfer explorer
// stops is seen to hang up at once, whatever else is running.
static int open_socket(void *data, int purpose, curl_sockaddr *address) {
    (void)data;
    (void)purpose;
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

void *ccurl_easy_new(const char *url, const char *const *headers, int header_count, long timeout_ms,
                     ccurl_buffer *buffer, const char *user_agent) {
    if (ccurl_load(NULL, 0) != 0) return NULL;
    void *easy = curl.easy_init();
    if (!easy) return NULL;
    void *list = NULL;
    for (int i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    curl.easy_setopt(easy, OPT_URL, url);
    curl.easy_setopt(easy, OPT_HTTPGET, 1L);
    curl.easy_setopt(easy, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(easy, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(easy, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(easy, OPT_REDIR_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(easy, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(easy, OPT_MAXREDIRS, 5L);
    curl.easy_setopt(easy, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(easy, OPT_MAXFILESIZE_LARGE, (long long)buffer->limit);
    curl.easy_setopt(easy, OPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(easy, OPT_WRITEDATA, buffer);
    curl.easy_setopt(easy, OPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(easy, OPT_HEADERDATA, buffer);
    curl.easy_setopt(easy, OPT_OPENSOCKETFUNCTION, open_socket);
    if (user_agent) curl.easy_setopt(easy, OPT_USERAGENT, user_agent);
    if (list) curl.easy_setopt(easy, OPT_HTTPHEADER, list);
    transfer *t = malloc(sizeof *t);
    if (!t) {
        curl.easy_cleanup(easy);
        if (list) curl.slist_free_all(list);
        return NULL;
    }
    t->easy = easy;
    t->header_list = list;
    curl.easy_setopt(easy, OPT_PRIVATE, t);
    return t;
}

long ccurl_easy_status(void *handle) {
    long status = 0;
    curl.easy_getinfo(((transfer *)handle)->easy, INFO_RESPONSE_CODE, &status);
    return status;
}

void ccurl_easy_free(void *handle) {
    transfer *t = handle;
    curl.easy_cleanup(t->easy);
    if (t->header_list) curl.slist_free_all(t->header_list);
    free(t);
}

const char *ccurl_strerror(int code) {
    return load_status == 0 ? curl.easy_strerror(code) : "libcurl is not loaded";
}

void *ccurl_multi_new(void) { return ccurl_load(NULL, 0) == 0 ? curl.multi_init() : NULL; }
int ccurl_multi_add(void *multi, void *handle) { return curl.multi_add_handle(multi, ((transfer *)handle)->easy); }
int ccurl_multi_remove(void *multi, void *handle) { return curl.multi_remove_handle(multi, ((transfer *)handle)->easy); }
int ccurl_multi_perform(void *multi, int *running) { return curl.multi_perform(multi, running); }
int ccurl_multi_poll(void *multi, int timeout_ms) { return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
int ccurl_multi_wakeup(void *multi) { return curl.multi_wakeup(multi); }

void *ccurl_multi_next_done(void *multi, int *result) {
    int left = 0;
    curl_message *message;
    while ((message = curl.multi_info_read(multi, &left))) {
        if (message->msg != MSG_DONE) continue;
        *result = message->data.result;
        // The transfer is found from the easy handle through CURLINFO_PRIVATE.
        void *t = NULL;
        curl.easy_getinfo(message->easy, INFO_PRIVATE, &t);
        return t;
    }
    return NULL;
}
