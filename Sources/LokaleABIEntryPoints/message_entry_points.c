/* The C ABI's functions that take a lokale_message, and the ones that only read the header's
 * constants. Each reads the caller's message once, by its version (lk_message_read), then tries
 * CTable's fast path where there is one (a lookup, a format) and hands the rest to the general
 * path (LokaleABIExports), which never sees a version. */
#include "lokale.h"
#include "lokale_fast.h"
#include "lokale_general.h"

#include <stddef.h>
#include <string.h>

/* The public header and the internal schema describe the same values. */
_Static_assert(sizeof(lk_arg) == sizeof(lokale_arg) && offsetof(lk_arg, value) == offsetof(lokale_arg, value) &&
               offsetof(lk_arg, value.s.len) == offsetof(lokale_arg, value.s.len), "lk_arg must have lokale_arg's layout");
_Static_assert(LK_ARG_INT == LOKALE_ARG_INT && LK_ARG_UINT == LOKALE_ARG_UINT && LK_ARG_DOUBLE == LOKALE_ARG_DOUBLE &&
               LK_ARG_STRING == LOKALE_ARG_STRING, "argument types");
_Static_assert(LK_STEP_TRANSLATION == LOKALE_STEP_TRANSLATION && LK_STEP_LATER_PREFERENCE == LOKALE_STEP_LATER_PREFERENCE &&
               LK_STEP_DEVELOPMENT == LOKALE_STEP_DEVELOPMENT && LK_STEP_DEFAULT == LOKALE_STEP_DEFAULT &&
               LK_STEP_KEY == LOKALE_STEP_KEY, "steps");
_Static_assert(LK_DEVICE_IPHONE == LOKALE_DEVICE_IPHONE && LK_DEVICE_IPAD == LOKALE_DEVICE_IPAD &&
               LK_DEVICE_IPOD == LOKALE_DEVICE_IPOD && LK_DEVICE_MAC == LOKALE_DEVICE_MAC &&
               LK_DEVICE_APPLEWATCH == LOKALE_DEVICE_APPLEWATCH && LK_DEVICE_APPLETV == LOKALE_DEVICE_APPLETV &&
               LK_DEVICE_APPLEVISION == LOKALE_DEVICE_APPLEVISION && LK_DEVICE_OTHER == LOKALE_DEVICE_OTHER, "devices");
_Static_assert(LK_POLICY_APPLE == LOKALE_FALLBACK_APPLE && LK_POLICY_CHAIN == LOKALE_FALLBACK_CHAIN, "policies");
_Static_assert(sizeof(lk_named) == sizeof(lokale_named_arg) && offsetof(lk_named, name_len) == offsetof(lokale_named_arg, name_len) &&
               offsetof(lk_named, value) == offsetof(lokale_named_arg, value) &&
               offsetof(lk_named, time_zone) == offsetof(lokale_named_arg, time_zone) && LK_ARG_TIMESTAMP == LOKALE_ARG_TIMESTAMP,
               "lk_named must have lokale_named_arg's layout");
_Static_assert(LOKALE_MESSAGE_VERSION == 4, "a new message version needs its size in lk_message_size");

/* Entries no bundle matches (serials start at 1): what a message whose `languages` is not a live
 * list reads, so that the fast paths decline and the general path says why. */
static const lk_list_slot no_entries[LK_LIST_SLOTS];

/* The plan entries of a read message's per-call list (lokale_languages); NULL: the runtime's languages. */
static const lk_list_slot *message_lists(const lokale_message *message) {
    if (!message->languages) return NULL;
    const lk_handle *l = (const lk_handle *)message->languages;
    const lk_list_slot *lists = lk_handle_kind(l) == LK_HANDLE_LANGUAGES ? lk_handle_lists(l) : NULL;
    return lists ? lists : no_entries;
}

LOKALE_API int lokale_bundle_lookup(const char **out, size_t *out_len, lokale_step *out_step,
                                    const lokale_bundle *bundle, const lokale_message *caller) {
    lokale_message copy;
    const lokale_message *message = lk_message_read(caller, &copy);
    lk_answer a;
    if (out && out_len && bundle && message && message->version >= 1 &&
        lk_fast_lookup((const lk_handle *)bundle, message_lists(message), message->key, message->key_len, message->table, message->table_len,
                       message->default_value, message->default_len, &a) == LK_ANSWERED) {
        *out = a.text;
        *out_len = a.length;
        if (out_step) *out_step = (lokale_step)a.step;
        return LOKALE_OK;
    }
    return lk_bundle_lookup_general(out, out_len, out_step, bundle, message);
}

LOKALE_API const char *lokale_bundle_text(const lokale_bundle *bundle, const char *key,
                                          const lokale_languages *languages) {
    lokale_message m = lokale_message_make(key, NULL, NULL);
    m.languages = languages;
    const char *text = NULL;
    size_t length = 0;
    if (lokale_bundle_lookup(&text, &length, NULL, bundle, &m) != LOKALE_OK) return NULL;
    if (!text) return ""; /* an empty translation (a table never lends NULL otherwise) */
    if (strlen(text) != length) {
        lk_set_last_error("lokale_bundle_text: the text holds a NUL byte; read it with lokale_bundle_lookup");
        return NULL;
    }
    return text;
}

/* Whether an argument may not fit its specifier in a way the fast path prints without a word: an
 * unsigned integer above INT64_MAX (it prints it as %d's negative, as the general path does). With
 * LOKALE_MESSAGE_STRICT_ARGUMENTS the general path refuses it instead. */
static int strict_refusal_possible(const lokale_message *message, const lokale_arg *args, size_t arg_count) {
    if (!(message->flags & LOKALE_MESSAGE_STRICT_ARGUMENTS) || !args) return 0;
    for (size_t i = 0; i < arg_count && i < LK_LIMIT_ARGUMENTS; i++)
        if (args[i].type == LOKALE_ARG_UINT && args[i].value.u > (uint64_t)INT64_MAX) return 1;
    return 0;
}

LOKALE_API int lokale_bundle_format(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                    const lokale_message *caller, const lokale_arg *args, size_t arg_count) {
    lokale_message copy;
    const lokale_message *message = lk_message_read(caller, &copy);
    size_t length;
    /* Numbers in a caller's locale are the general path's. */
    if (bundle && message && message->version >= 1 && !message->locale &&
        !strict_refusal_possible(message, args, arg_count) &&
        lk_fast_format((const lk_handle *)bundle, message_lists(message), message->key, message->key_len, message->table, message->table_len,
                       message->default_value, message->default_len, (const lk_arg *)args, arg_count, dst, capacity,
                       &length) == LK_ANSWERED) {
        if (needed) *needed = length;
        return LOKALE_OK;
    }
    return lk_bundle_format_general(dst, capacity, needed, bundle, message, args, arg_count);
}

LOKALE_API int lokale_bundle_lookup_variant(char *dst, size_t capacity, size_t *needed, lokale_step *out_step,
                                            const lokale_bundle *bundle, const lokale_message *message,
                                            const lokale_arg *args, size_t arg_count) {
    lokale_message copy;
    const lokale_message *read = lk_message_read(message, &copy);
    size_t length;
    int32_t step;
    if (bundle && read && read->version >= 1 &&
        lk_fast_variant((const lk_handle *)bundle, message_lists(read), read->key, read->key_len, read->table, read->table_len,
                        read->default_value, read->default_len, (const lk_arg *)args, arg_count, dst, capacity, &length, &step) == LK_ANSWERED) {
        if (needed) *needed = length;
        if (out_step) *out_step = (lokale_step)step;
        return LOKALE_OK;
    }
    return lk_bundle_lookup_variant_general(dst, capacity, needed, out_step, bundle, read, args, arg_count);
}

LOKALE_API int lokale_bundle_format_problems(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                             const lokale_message *message, const lokale_arg *args, size_t arg_count) {
    lokale_message copy;
    return lk_bundle_format_problems_general(dst, capacity, needed, bundle, lk_message_read(message, &copy), args, arg_count);
}

LOKALE_API int lokale_bundle_explain(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                     const lokale_message *message, const lokale_arg *args, size_t arg_count) {
    lokale_message copy;
    return lk_bundle_explain_general(dst, capacity, needed, bundle, lk_message_read(message, &copy), args, arg_count);
}

LOKALE_API int lokale_bundle_format_named(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                          const lokale_message *caller, const lokale_named_arg *args, size_t arg_count) {
    lokale_message copy;
    const lokale_message *message = lk_message_read(caller, &copy);
    size_t length;
    /* A caller's locale is the general path's. */
    if (bundle && message && message->version >= 1 && !message->locale &&
        lk_fast_format_named((const lk_handle *)bundle, message_lists(message), message->key, message->key_len, message->table,
                             message->table_len, message->default_value, message->default_len, (const lk_named *)args, arg_count, dst,
                             capacity, &length) == LK_ANSWERED) {
        if (needed) *needed = length;
        return LOKALE_OK;
    }
    return lk_bundle_format_named_general(dst, capacity, needed, bundle, message, args, arg_count);
}

LOKALE_API int lokale_bundle_format_named_problems(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                                   const lokale_message *message, const lokale_named_arg *args, size_t arg_count) {
    lokale_message copy;
    return lk_bundle_format_named_problems_general(dst, capacity, needed, bundle, lk_message_read(message, &copy), args, arg_count);
}

LOKALE_API int lokale_bundle_explain_named(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                           const lokale_message *message, const lokale_named_arg *args, size_t arg_count) {
    lokale_message copy;
    return lk_bundle_explain_named_general(dst, capacity, needed, bundle, lk_message_read(message, &copy), args, arg_count);
}

LOKALE_API const char *lokale_version(void) { return LOKALE_VERSION_STRING; }

LOKALE_API int lokale_version_number(void) { return LOKALE_VERSION_NUMBER; }

LOKALE_API const char *lokale_status_name(int status) {
    switch ((lokale_status)status) {
#define NAME(s) case s: return #s
    NAME(LOKALE_OK); NAME(LOKALE_ERROR); NAME(LOKALE_EINVAL); NAME(LOKALE_EIO); NAME(LOKALE_ECORRUPT);
    NAME(LOKALE_EVERSION); NAME(LOKALE_ENOTFOUND); NAME(LOKALE_ETRUNCATED); NAME(LOKALE_EFORMAT);
    NAME(LOKALE_ENOMEM); NAME(LOKALE_ESTATE); NAME(LOKALE_ERANGE);
#undef NAME
    }
    return "LOKALE_UNKNOWN";
}
