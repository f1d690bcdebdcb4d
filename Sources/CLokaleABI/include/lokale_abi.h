/* The C ABI's general paths, written in Swift (LokaleC): what CTable's fast paths decline goes
 * there — the first call after a change, the chain policy, arguments to refuse or report, a locale
 * for numbers, anything outside the fast subset. Same signatures as the public functions; not
 * exported from liblokale.so (exports.map). Internal. */
#ifndef LOKALE_ABI_H
#define LOKALE_ABI_H

#include <stddef.h>

struct lokale_bundle;
struct lokale_message;
struct lokale_arg;

int lk_bundle_lookup_general(const char **out, size_t *out_len, int *out_step, const struct lokale_bundle *bundle,
                             const struct lokale_message *message);
int lk_bundle_format_general(char *dst, size_t capacity, size_t *needed, const struct lokale_bundle *bundle,
                             const struct lokale_message *message, const struct lokale_arg *args, size_t arg_count);

/* Sets the thread's lokale_last_error (copied). */
void lk_set_last_error(const char *message);

#endif
