/* The C ABI's hottest function, in C: a plain lookup through the bundle's published plan, with no
 * allocation, lock or reference count. Everything else — the first call of a generation, the
 * `chain` policy, refused arguments, a corrupt table — goes to the Swift implementation,
 * lk_swift_lookup, which answers and publishes the plan for the next call. */
#include "lokale.h"
#include "lokale_lookup.h"
#include "lokale_table.h"

LOKALE_API int lokale_bundle_lookup(const char **out, size_t *out_len, lokale_step *out_step,
                                    const lokale_bundle *bundle, const lokale_message *message) {
    const lk_handle *h = (const lk_handle *)bundle;
    if (!out || !out_len || !h || !message || message->version < 1 || !message->key)
        return lk_swift_lookup(out, out_len, (int *)out_step, bundle, message);
    const lk_plan *plan = lk_handle_plan(h);
    if (!plan || plan->generation != lk_shared_generation(h->shared) || lk_shared_policy(h->shared) != 0)
        return lk_swift_lookup(out, out_len, (int *)out_step, bundle, message);
    size_t key_length = lk_span(message->key, message->key_len, LK_KEY_LIMIT);
    if (key_length == SIZE_MAX) return lk_swift_lookup(out, out_len, (int *)out_step, bundle, message);
    int64_t t;
    if (message->table) {
        size_t n = lk_span(message->table, message->table_len, LK_KEY_LIMIT);
        if (n == SIZE_MAX) return lk_swift_lookup(out, out_len, (int *)out_step, bundle, message);
        t = lk_plan_table_index(plan, message->table, n);
    } else {
        t = plan->default_table;
    }
    if (t >= 0 && plan->tables[t].slots) {
        const lk_plan_table *table = &plan->tables[t];
        lk_entry e;
        int found = lk_find(table->slots, table->slot_count, plan->records, plan->records_bytes,
                            message->key, key_length, &e);
        if (found < 0) return lk_swift_lookup(out, out_len, (int *)out_step, bundle, message); /* reports the corruption */
        if (found == LK_FOUND) {
            *out = (const char *)plan->records + e.value_offset;
            *out_len = (size_t)e.value_length;
            if (out_step) *out_step = (lokale_step)table->step;
            return LOKALE_OK;
        }
    }
    /* The lookup failed: the default value when there is a non-empty one, else the key. */
    if (message->default_value) {
        size_t n = lk_span(message->default_value, message->default_len, LK_TEXT_LIMIT);
        if (n == SIZE_MAX) return lk_swift_lookup(out, out_len, (int *)out_step, bundle, message);
        if (n > 0) {
            *out = message->default_value;
            *out_len = n;
            if (out_step) *out_step = LOKALE_STEP_DEFAULT;
            return LOKALE_OK;
        }
    }
    *out = message->key;
    *out_len = key_length;
    if (out_step) *out_step = LOKALE_STEP_KEY;
    return LOKALE_OK;
}
