/* The hottest entry points of the C ABI, lokale_bundle_lookup and lokale_bundle_format, have C
 * fast paths (lookup.c, format.c). What they cannot answer goes to the Swift implementations,
 * defined in Sources/LokaleC and not exported from liblokale.so. Internal. */
#ifndef LOKALE_LOOKUP_H
#define LOKALE_LOOKUP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct lokale_bundle;
struct lokale_message;
struct lokale_arg;

int lk_swift_lookup(const char **out, size_t *out_len, int *out_step, const struct lokale_bundle *bundle,
                    const struct lokale_message *message);
int lk_swift_format(char *dst, size_t capacity, size_t *needed, const struct lokale_bundle *bundle,
                    const struct lokale_message *message, const struct lokale_arg *args, size_t arg_count);

/* Keys and table names up to 1 MiB, other caller text up to 64 MiB, 1,000 arguments
 * (docs/LIMITS.md). */
#define LK_KEY_LIMIT ((size_t)1 << 20)
#define LK_TEXT_LIMIT ((size_t)1 << 26)
#define LK_ARGUMENT_LIMIT ((size_t)1000)

/* The length of a caller's string: len, or strnlen when it is -1; SIZE_MAX when refused (the
 * Swift path then reports why). */
static inline size_t lk_span(const char *p, ptrdiff_t len, size_t limit) {
    size_t n = len == -1 ? strnlen(p, limit + 1) : (size_t)len;
    return len < -1 || n > limit ? SIZE_MAX : n;
}

#endif
