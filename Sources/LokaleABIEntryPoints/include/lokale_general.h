/* The C ABI's general paths, written in Swift (LokaleABIExports) and called by the C entry points
 * of this target: what CTable's fast paths decline (the first call after a change, the chain
 * policy, arguments to refuse or report, a locale for numbers, anything outside the fast subset)
 * and the functions with no fast path at all. Each takes a message that lk_message_read has read:
 * every field its version lacks is zero, so the general path reads it without versions. Not
 * exported from liblokale.so (exports.map). Internal. */
#ifndef LOKALE_GENERAL_H
#define LOKALE_GENERAL_H

#include "lokale.h"

#include <string.h>

/* What the C start (start_entry_points.c) declines, and every runtime or bundle it did not make. */
int lk_runtime_new_general(lokale_runtime **out, const lokale_runtime_options *options);
void lk_runtime_free_general(lokale_runtime *runtime);
int lk_bundle_open_general(lokale_bundle **out, lokale_runtime *runtime, const char *path, uint32_t flags);
void lk_bundle_free_general(lokale_bundle *bundle);
int lk_runtime_add_callback_general(uint64_t *out_id, lokale_runtime *runtime, lokale_change_callback callback, void *payload);
int lk_runtime_remove_callback_general(lokale_runtime *runtime, uint64_t id);
int lk_bundle_identifier_general(const char **out, const lokale_bundle *bundle);
int lk_bundle_development_localization_general(const char **out, const lokale_bundle *bundle);
int lk_bundle_localizations_general(const char *const **out, size_t *count, const lokale_bundle *bundle);

int lk_bundle_lookup_general(const char **out, size_t *out_len, lokale_step *out_step, const lokale_bundle *bundle,
                             const lokale_message *message);
int lk_bundle_format_general(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                             const lokale_message *message, const lokale_arg *args, size_t arg_count);
int lk_bundle_lookup_variant_general(char *dst, size_t capacity, size_t *needed, lokale_step *out_step,
                                     const lokale_bundle *bundle, const lokale_message *message,
                                     const lokale_arg *args, size_t arg_count);
int lk_bundle_format_problems_general(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                      const lokale_message *message, const lokale_arg *args, size_t arg_count);
int lk_bundle_explain_general(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                              const lokale_message *message, const lokale_arg *args, size_t arg_count);

int lk_bundle_format_named_general(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                   const lokale_message *message, const lokale_named_arg *args, size_t arg_count);
int lk_bundle_format_named_problems_general(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                            const lokale_message *message, const lokale_named_arg *args, size_t arg_count);
int lk_bundle_explain_named_general(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle,
                                    const lokale_message *message, const lokale_named_arg *args, size_t arg_count);

/* Sets the thread's lokale_last_error (copied). */
void lk_set_last_error(const char *message);

/* The bytes of a lokale_message that a caller of `version` wrote: version 1 ends before `locale`,
 * 2 before `flags`, 3 before `languages`; 0 has nothing but the version. */
static inline size_t lk_message_size(uint32_t version) {
    return version >= 4 ? sizeof(lokale_message)
         : version == 3 ? offsetof(lokale_message, languages)
         : version == 2 ? offsetof(lokale_message, flags)
         : version == 1 ? offsetof(lokale_message, locale)
                        : sizeof(uint32_t);
}

/* A caller's message, read once by its version: the caller's own struct when it has every field
 * (the common case costs one compare), else a copy in *copy with the fields its version lacks
 * zeroed; NULL stays NULL (the general path says so). */
static inline const lokale_message *lk_message_read(const lokale_message *message, lokale_message *copy) {
    if (!message || __builtin_expect(message->version >= LOKALE_MESSAGE_VERSION, 1)) return message;
    memset(copy, 0, sizeof *copy);
    memcpy(copy, message, lk_message_size(message->version));
    return copy;
}

#endif
