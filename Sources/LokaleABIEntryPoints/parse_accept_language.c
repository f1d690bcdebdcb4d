/* lokale_parse_accept_language: the public face of CAcceptLanguage's parser (lokale_accept.h), in C so that
 * a server's per-request call never enters Swift. Pure: it leaves lokale_last_error untouched; the
 * status says it all (a header is content, not a caller's mistake to explain). */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "lokale.h"
#include "lokale_accept.h"

#include <string.h>

LOKALE_API int lokale_parse_accept_language(char *dst, size_t capacity, size_t *needed, size_t *count,
                                            const char *header, ptrdiff_t header_len) {
    size_t length;
    if (!header || header_len < -1) {
        length = SIZE_MAX; /* refused below, after the outputs are cleared */
    } else if (header_len == -1) {
        /* One byte past the limit tells a too-long header without reading further. */
        length = strnlen(header, (size_t)LK_ACCEPT_MAX_BYTES + 1);
    } else {
        length = (size_t)header_len;
    }
    switch (lk_parse_accept_language(header, length, dst, capacity, needed, count)) {
    case LK_ACCEPT_OK: return LOKALE_OK;
    case LK_ACCEPT_TRUNCATED: return LOKALE_ETRUNCATED;
    default: return LOKALE_EINVAL;
    }
}
