/* lokale_bundle_lookup's fast path is C (lookup.c). What it cannot answer goes to the Swift
 * implementation, defined in Sources/LokaleC and not exported from liblokale.so. Internal. */
#ifndef LOKALE_LOOKUP_H
#define LOKALE_LOOKUP_H

#include <stddef.h>

struct lokale_bundle;
struct lokale_message;

int lk_swift_lookup(const char **out, size_t *out_len, int *out_step, const struct lokale_bundle *bundle,
                    const struct lokale_message *message);

#endif
