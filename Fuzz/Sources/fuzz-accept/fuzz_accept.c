/* libFuzzer harness for lokale_parse_accept_language (CTable's parser through the C ABI).
 * Input: the header's bytes, passed with their length (so NUL and any byte are inside it), parsed
 * whole, into short buffers and with -1. The result must be ranges of RFC 4647's grammar joined by
 * ",", none repeated without case, none "*", as many as *count; a truncated result the longest
 * prefix of whole ranges. Anything else aborts. */
#define _GNU_SOURCE
#include "lokale.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int is_alnum(unsigned char c) { return (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'); }

static void check_result(const char *out, size_t needed, size_t count, size_t size) {
    if (strlen(out) != needed || needed > size) abort();
    const char *ranges[64];
    size_t lengths[64], n = 0;
    for (const char *p = out; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p), sub = 0, index = 0;
        if (n == 64) abort();
        for (size_t i = 0; i <= len; i++) {
            if (i == len || p[i] == '-') {
                if (sub == 0 || sub > 8) abort();
                sub = 0;
                index++;
            } else if (!is_alnum((unsigned char)p[i]) || (index == 0 && p[i] <= '9')) {
                abort();
            } else {
                sub++;
            }
        }
        for (size_t k = 0; k < n; k++)
            if (lengths[k] == len && strncasecmp(ranges[k], p, len) == 0) abort();
        ranges[n] = p;
        lengths[n++] = len;
        p += len + (e != NULL);
        if (e && !*p) abort();
    }
    if (n != count) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A copy of exactly size bytes, so that ASan sees any read past the length. */
    char *header = malloc(size ? size : 1);
    if (!header) return 0;
    if (size) memcpy(header, data, size);
    char *out = malloc(size + 1);
    size_t needed = 0, count = 0;
    int s = lokale_parse_accept_language(out, size + 1, &needed, &count, header, (ptrdiff_t)size);
    if (size > 65536) {
        if (s != LOKALE_EINVAL) abort();
    } else {
        if (s != LOKALE_OK) abort();
        check_result(out, needed, count, size);
        for (size_t cap = 0; cap <= needed && cap < 24; cap += 1 + cap / 4) {
            char small[24];
            size_t n2 = 0, c2 = 0;
            int t = lokale_parse_accept_language(cap ? small : NULL, cap, &n2, &c2, header, (ptrdiff_t)size);
            if (n2 != needed || c2 != count || (t != LOKALE_ETRUNCATED && !(cap == 0 && needed == 0))) abort();
            if (cap == 0) continue;
            size_t got = strlen(small);
            const char *next = strchr(out + got + (got > 0), ',');
            size_t next_end = next ? (size_t)(next - out) : needed;
            if (memcmp(small, out, got) != 0 || (got && out[got] != ',') || next_end <= cap - 1) abort();
        }
    }
    /* NUL-terminated: the same as the bytes before the first NUL. */
    char *z = malloc(size + 1), *zout = malloc(size + 1);
    if (z && zout && size <= 65536) {
        memcpy(z, header, size);
        z[size] = 0;
        size_t zneeded = 0, zcount = 0;
        if (lokale_parse_accept_language(zout, size + 1, &zneeded, &zcount, z, -1) != LOKALE_OK ||
            lokale_parse_accept_language(out, size + 1, &needed, &count, header, (ptrdiff_t)strlen(z)) != LOKALE_OK ||
            zneeded != needed || zcount != count || strcmp(zout, out) != 0)
            abort();
    }
    free(z);
    free(zout);
    free(out);
    free(header);
    return 0;
}
