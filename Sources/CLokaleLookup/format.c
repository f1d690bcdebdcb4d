/* lokale_bundle_format's fast path, in C: a message the bundle's published plan finds, rendered by
 * lk_plan_format (CTable) straight into the caller's buffer, with no allocation, lock or
 * reference count. It answers only when the Swift implementation, lk_swift_format, would accept
 * every argument and produce the same text; anything else (a refused argument, a miss, a locale
 * for numbers, a message or result outside lk_plan_format's subset, a buffer too small) goes there. */
#include "lokale.h"
#include "lokale_lookup.h"
#include "lokale_table.h"

#include <stddef.h>

_Static_assert(sizeof(lk_arg) == sizeof(lokale_arg) && offsetof(lk_arg, value) == offsetof(lokale_arg, value) &&
               offsetof(lk_arg, value.s.len) == offsetof(lokale_arg, value.s.len),
               "lk_arg must have lokale_arg's layout");

/* Whether the Swift path would take these arguments: known types, strings it can read. */
static int arguments_accepted(const lokale_arg *args, size_t count) {
    if (count > LK_ARGUMENT_LIMIT || (count > 0 && !args)) return 0;
    for (size_t i = 0; i < count; i++) {
        switch (args[i].type) {
        case LOKALE_ARG_INT:
        case LOKALE_ARG_UINT:
        case LOKALE_ARG_DOUBLE:
            break;
        case LOKALE_ARG_STRING:
            if (!args[i].value.s.ptr || lk_span(args[i].value.s.ptr, args[i].value.s.len, LK_TEXT_LIMIT) == SIZE_MAX) return 0;
            break;
        default:
            return 0;
        }
    }
    return 1;
}

LOKALE_API int lokale_bundle_format(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                    const lokale_message *message, const lokale_arg *args, size_t arg_count) {
    const lk_handle *h = (const lk_handle *)bundle;
    if (!h || !message || message->version < 1 || !message->key) goto general;
    /* A version-1 message ends before `locale`. */
    if (message->version >= 2 && message->locale) goto general;
    const lk_plan *plan = lk_handle_plan(h);
    if (!plan || plan->generation != lk_shared_generation(h->shared) || lk_shared_policy(h->shared) != 0) goto general;
    size_t key_length = lk_span(message->key, message->key_len, LK_KEY_LIMIT);
    if (key_length == SIZE_MAX) goto general;
    int64_t t = plan->default_table;
    if (message->table) {
        size_t n = lk_span(message->table, message->table_len, LK_KEY_LIMIT);
        if (n == SIZE_MAX) goto general;
        t = lk_plan_table_index(plan, message->table, n);
    }
    if (message->default_value && lk_span(message->default_value, message->default_len, LK_TEXT_LIMIT) == SIZE_MAX) goto general;
    if (!arguments_accepted(args, arg_count)) goto general;
    size_t length;
    if (lk_plan_format(plan, t, lk_shared_device(h->shared), message->key, key_length, (const lk_arg *)args, arg_count,
                       dst, capacity, &length) == LK_RENDERED) {
        if (needed) *needed = length;
        return LOKALE_OK;
    }
general:
    return lk_swift_format(dst, capacity, needed, bundle, message, args, arg_count);
}
