/* The fast paths of a plain lookup and a format: one atomic load of the plan the runtime
 * published, one hash and probe, no allocation, lock or reference count. They answer only what
 * the general path (the runtime, in Swift) would answer the same way, and decline the rest.
 * Inline, so that the C ABI's entry points (LokaleABIEntryPoints) cost no extra call. */
#ifndef LOKALE_FAST_H
#define LOKALE_FAST_H

#include "lokale_find.h"
#include "lokale_handle.h"
#include "lokale_table.h"

/* lk_current_plan's per-call list case, out of line (table.c): the common case, the runtime's own
 * languages, stays a few inlined loads. */
const lk_plan *lk_list_plan(const lk_handle *h, const lk_list_slot *lists);

/* The plan a fast path may use, under Apple's policy only (the chain policy reads further
 * localizations than a plan holds): with no per-call list (lists NULL) the runtime's current one,
 * else the one the list's entries (lokale_languages) hold for this bundle in the current
 * generation. NULL: decline. */
static inline __attribute__((always_inline)) const lk_plan *lk_current_plan(const lk_handle *h, const lk_list_slot *lists) {
    if (__builtin_expect(lists != NULL, 0)) return lk_list_plan(h, lists);
    const lk_plan *plan = lk_handle_plan(h);
    if (!plan || lk_plan_generation(plan) != lk_shared_generation(h->shared) || lk_shared_policy(h->shared) != LK_POLICY_APPLE)
        return NULL;
    return plan;
}

/* The index of the asked table in plan (the default table for NULL), -1 when there is none;
 * -2 when the name is refused. */
static inline int64_t lk_table_index(const lk_plan *plan, const char *table, ptrdiff_t table_len) {
    if (!table) return plan->default_table;
    size_t n = lk_span(table, table_len, LK_LIMIT_KEY_BYTES);
    if (n == SIZE_MAX) return -2;
    return lk_plan_table_index(plan, table, n);
}

/* What a plain lookup answers for a found message whose record has a node (docs/FORMAT.md, "Plain
 * lookups of variant messages"): the record's value, unless the tree varies by device; then the
 * text of the device's variant (else `other`), walking a plural to its `other` case, a message to
 * its body and a replaced translation to the development message. Returns 1 with *text and
 * *length set (a NUL-terminated string of the pool), 0 when the record's value is the answer, -1
 * when the tree is corrupt. The Swift reader calls it too (CompiledTable.plainValue), so C and
 * Swift answer alike. Defined in table.c. */
int lk_plain_variant(const lk_tree *tree, uint32_t node, uint32_t device, const char **text, size_t *length);

/* A plain lookup through the handle's plan for the per-call list whose entries are `lists` (NULL:
 * the runtime's languages): the whole
 * contract (translation, default value, key) when that plan is current under Apple's policy.
 * Strings are the caller's (pointer, length or -1); table NULL means the default table;
 * default_value may be NULL. Returns LK_ANSWERED with *answer, or LK_DECLINED for everything else
 * (no current plan, the chain policy, a refused string, a corrupt table). */
static inline int lk_fast_lookup(const lk_handle *h, const lk_list_slot *lists, const char *key, ptrdiff_t key_len, const char *table,
                   ptrdiff_t table_len, const char *default_value, ptrdiff_t default_len, lk_answer *answer) {
    const lk_plan *plan = lk_current_plan(h, lists);
    if (!plan) return LK_DECLINED;
    size_t key_length = lk_span(key, key_len, LK_LIMIT_KEY_BYTES);
    if (key_length == SIZE_MAX) return LK_DECLINED;
    int64_t t = lk_table_index(plan, table, table_len);
    if (t == -2) return LK_DECLINED;
    if (t >= 0 && plan->tables[t].slots) {
        const lk_plan_table *entry = &plan->tables[t];
        lk_entry e;
        int found = lk_find_inline(entry->slots, entry->slot_count, plan->records, plan->records_bytes, key, key_length, &e);
        if (found < 0) return LK_DECLINED; /* the general path reports the corruption */
        if (found == LK_FOUND) {
            answer->text = (const char *)plan->records + e.value_offset;
            answer->length = (size_t)e.value_length;
            answer->step = entry->step;
            /* The one extra branch of a hit: a message with a tree may vary by device. */
            if (e.node != LK_NONE && lk_plain_variant(&plan->tree, e.node, lk_shared_device(h->shared), &answer->text, &answer->length) < 0)
                return LK_DECLINED; /* the general path reports the corruption */
            return LK_ANSWERED;
        }
    }
    /* The default value is measured only now, when it may be the answer. */
    size_t default_length = 0;
    if (default_value) {
        default_length = lk_span(default_value, default_len, LK_LIMIT_CALLER_TEXT_BYTES);
        if (default_length == SIZE_MAX) return LK_DECLINED;
    }
    *answer = lk_unresolved(key, key_length, default_value, default_length);
    return LK_ANSWERED;
}

/* Whether the general path would take these arguments: known types, strings it can read. */
static inline int lk_arguments_accepted(const lk_arg *args, size_t count) {
    if (count > LK_LIMIT_ARGUMENTS || (count > 0 && !args)) return 0;
    for (size_t i = 0; i < count; i++) {
        switch (args[i].type) {
        case LK_ARG_INT:
        case LK_ARG_UINT:
        case LK_ARG_DOUBLE:
            break;
        case LK_ARG_STRING:
            if (lk_span(args[i].value.s.ptr, args[i].value.s.len, LK_LIMIT_CALLER_TEXT_BYTES) == SIZE_MAX) return 0;
            break;
        default:
            return 0;
        }
    }
    return 1;
}

/* What a format's fast path checks before its arguments: the current plan, the key, the default
 * value (not shown for a found message, but one the general path would refuse is declined too) and
 * the table, whose index goes to *t. NULL: decline. */
static inline __attribute__((always_inline)) const lk_plan *lk_fast_format_plan(const lk_handle *h, const lk_list_slot *lists,
                   const char *key, ptrdiff_t key_len, const char *table, ptrdiff_t table_len, const char *default_value,
                   ptrdiff_t default_len, size_t *key_length, int64_t *t) {
    const lk_plan *plan = lk_current_plan(h, lists);
    if (!plan) return NULL;
    *key_length = lk_span(key, key_len, LK_LIMIT_KEY_BYTES);
    if (*key_length == SIZE_MAX) return NULL;
    if (default_value && lk_span(default_value, default_len, LK_LIMIT_CALLER_TEXT_BYTES) == SIZE_MAX) return NULL;
    *t = lk_table_index(plan, table, table_len);
    return *t < 0 ? NULL : plan;
}

/* The common case of a format: a message the handle's current plan (for the list `lists`) finds, rendered by
 * lk_plan_format into dst (NUL-terminated, *length bytes): plural and device variants, literals,
 * %d %i %u of integers in ASCII digits, %@ %s of well-formed UTF-8 text or of integers. The
 * default value is only checked (a found message does not show it). LK_DECLINED for everything
 * else: a miss, a refused string or argument, anything outside that subset, localization info not
 * yet filled, output that does not fit, a corrupt table; the general path then writes the same. */
static inline int lk_fast_format(const lk_handle *h, const lk_list_slot *lists, const char *key, ptrdiff_t key_len, const char *table,
                   ptrdiff_t table_len, const char *default_value, ptrdiff_t default_len, const lk_arg *args, size_t arg_count,
                   char *dst, size_t capacity, size_t *length) {
    size_t key_length;
    int64_t t;
    const lk_plan *plan = lk_fast_format_plan(h, lists, key, key_len, table, table_len, default_value, default_len, &key_length, &t);
    if (!plan || !lk_arguments_accepted(args, arg_count)) return LK_DECLINED;
    return lk_plan_format(plan, t, lk_shared_device(h->shared), key, key_length, args, arg_count, dst, capacity, length);
}

/* Whether the general path would take these named arguments and the fast path can read them: a
 * name of ASCII bytes (names compare in NFC, which ASCII is), a known type, a string it can read;
 * a timestamp (its time zone is ICU's) is the general path's. */
static inline int lk_named_accepted(const lk_named *args, size_t count) {
    if (count > LK_LIMIT_ARGUMENTS || (count > 0 && !args)) return 0;
    for (size_t i = 0; i < count; i++) {
        size_t n = lk_span(args[i].name, args[i].name_len, LK_LIMIT_KEY_BYTES);
        if (n == SIZE_MAX || n == 0) return 0;
        for (size_t k = 0; k < n; k++) if ((unsigned char)args[i].name[k] >= 0x80) return 0;
        if (!lk_arguments_accepted(&args[i].value, 1)) return 0;
    }
    return 1;
}

/* lokale_bundle_format_named's common case: a MessageFormat 2 message the plan finds, formatted
 * by lk_plan_format_named; a plain text found is written as it is. LK_DECLINED as lk_fast_format
 * (a miss too: the general path formats the key or default value as MF2). */
static inline int lk_fast_format_named(const lk_handle *h, const lk_list_slot *lists, const char *key, ptrdiff_t key_len, const char *table,
                   ptrdiff_t table_len, const char *default_value, ptrdiff_t default_len, const lk_named *args, size_t arg_count,
                   char *dst, size_t capacity, size_t *length) {
    size_t key_length;
    int64_t t;
    const lk_plan *plan = lk_fast_format_plan(h, lists, key, key_len, table, table_len, default_value, default_len, &key_length, &t);
    if (!plan || !lk_named_accepted(args, arg_count)) return LK_DECLINED;
    int r = lk_plan_format_named(plan, t, key, key_length, args, arg_count, dst, capacity, length);
    return r == LK_ANSWERED ? LK_ANSWERED : LK_DECLINED;
}

/* lokale_bundle_lookup_variant's common case (gettext's ngettext): the text of the variant
 * lk_fast_format would format for args, unformatted, into dst (NUL-terminated, *length bytes) with
 * *step; a key the plan's table does not have gives the default value, else the key, as the
 * general path does. LK_DECLINED as lk_fast_format. */
static inline int lk_fast_variant(const lk_handle *h, const lk_list_slot *lists, const char *key, ptrdiff_t key_len, const char *table,
                   ptrdiff_t table_len, const char *default_value, ptrdiff_t default_len, const lk_arg *args, size_t arg_count,
                   char *dst, size_t capacity, size_t *length, int32_t *step) {
    const lk_plan *plan = lk_current_plan(h, lists);
    if (!plan || !dst || capacity == 0) return LK_DECLINED;
    size_t key_length = lk_span(key, key_len, LK_LIMIT_KEY_BYTES), default_length = 0;
    if (key_length == SIZE_MAX) return LK_DECLINED;
    if (default_value && (default_length = lk_span(default_value, default_len, LK_LIMIT_CALLER_TEXT_BYTES)) == SIZE_MAX) return LK_DECLINED;
    int64_t t = lk_table_index(plan, table, table_len);
    if (t == -2 || !lk_arguments_accepted(args, arg_count)) return LK_DECLINED;
    int r = t < 0 ? LK_MISSED : lk_plan_variant(plan, t, lk_shared_device(h->shared), key, key_length, args, arg_count, dst, capacity, length);
    if (r == LK_ANSWERED) {
        *step = plan->tables[t].step;
        return LK_ANSWERED;
    }
    if (r != LK_MISSED) return LK_DECLINED;
    lk_answer a = lk_unresolved(key, key_length, default_value, default_length);
    if (a.length >= capacity) return LK_DECLINED; /* cutting is the general path's */
    memcpy(dst, a.text, a.length);
    dst[a.length] = 0;
    *length = a.length;
    *step = a.step;
    return LK_ANSWERED;
}

#endif
