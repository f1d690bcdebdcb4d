/* The C ABI's start: lokale_runtime_new, lokale_bundle_open and their frees, the change callbacks
 * and a bundle's facts, written in C so that a program whose languages and messages its tables
 * answer starts without the Swift runtime (lokale_start.h). What the start declines, and every runtime or bundle it did not make, goes to
 * the general paths (LokaleABIExports), which take a start over when they first need it. */
#include "lokale.h"
#include "lokale_general.h"
#include "lokale_start.h"

#include <string.h>

/* Whether the start can make a runtime with these options: the defaults, or a list of languages,
 * any policy and device, Apple's strategy and the in-app language in its default place. Anything
 * else, or anything the general path would refuse, is the general path's. */
static int start_accepts(const lokale_runtime_options *o) {
    if (!o) return 1;
    if (o->version != LOKALE_RUNTIME_OPTIONS_VERSION || o->strategy != LOKALE_STRATEGY_APPLE || o->settings_path) return 0;
    if (o->fallback_policy != LOKALE_FALLBACK_APPLE && o->fallback_policy != LOKALE_FALLBACK_CHAIN) return 0;
    if (o->device < 0 || (unsigned)o->device >= LK_DEVICE_COUNT) return 0;
    if (!o->preferred_languages) return o->preferred_count == 0;
    if (o->preferred_count > LK_LIMIT_LANGUAGES) return 0;
    for (size_t i = 0; i < o->preferred_count; i++)
        if (!o->preferred_languages[i] || strnlen(o->preferred_languages[i], 1025) > 1024) return 0;
    return 1;
}

LOKALE_API int lokale_runtime_new(lokale_runtime **out, const lokale_runtime_options *options) {
    if (out && start_accepts(options)) {
        lk_start_runtime *r = options ? lk_start_runtime_new(options->preferred_languages, options->preferred_count,
                                                             (uint32_t)options->fallback_policy, (uint32_t)options->device)
                                      : lk_start_runtime_new(NULL, 0, LK_POLICY_APPLE, LK_DEVICE_MAC);
        if (r) {
            lk_handle_set_kind(r->handle, LK_HANDLE_RUNTIME);
            *out = (lokale_runtime *)r->handle;
            return LOKALE_OK;
        }
    }
    return lk_runtime_new_general(out, options);
}

LOKALE_API void lokale_runtime_free(lokale_runtime *runtime) {
    if (!runtime) return;
    lk_handle *h = (lk_handle *)runtime;
    lk_start_lock();
    lk_start_runtime *r = lk_handle_kind(h) == LK_HANDLE_RUNTIME ? lk_handle_start(h) : NULL;
    if (r && lk_handle_mark_freed(h, LK_HANDLE_RUNTIME)) {
        r->handle = NULL;
        r->callback_count = 0; /* they were registered through this handle */
        lk_handle_retire(h);
        lk_start_runtime_release(r);
        lk_start_unlock();
        return;
    }
    lk_start_unlock();
    lk_runtime_free_general(runtime);
}

LOKALE_API int lokale_bundle_open(lokale_bundle **out, lokale_runtime *runtime, const char *path, uint32_t flags) {
    if (out && runtime && path && (flags & ~(LOKALE_OPEN_MAIN | LOKALE_OPEN_VERIFY)) == 0 && strnlen(path, 4097) <= 4096) {
        lk_handle *h = (lk_handle *)runtime;
        lk_start_lock();
        lk_start_runtime *r = lk_handle_kind(h) == LK_HANDLE_RUNTIME ? lk_handle_start(h) : NULL;
        if (r) r->references++; /* kept while the file is read without the lock */
        lk_start_unlock();
        if (r) {
            lk_handle *b = NULL;
            int opened = lk_start_open(r, path, (flags & LOKALE_OPEN_MAIN) != 0, (flags & LOKALE_OPEN_VERIFY) != 0, &b);
            lk_start_lock();
            lk_start_runtime_release(r);
            lk_start_unlock();
            if (opened == LK_START_OK) {
                *out = (lokale_bundle *)b;
                return LOKALE_OK;
            }
        }
    }
    return lk_bundle_open_general(out, runtime, path, flags);
}

LOKALE_API void lokale_bundle_free(lokale_bundle *bundle) {
    if (!bundle) return;
    lk_handle *h = (lk_handle *)bundle;
    lk_start_lock();
    lk_start_bundle *b = lk_handle_kind(h) == LK_HANDLE_BUNDLE ? lk_handle_start(h) : NULL;
    if (b && lk_handle_mark_freed(h, LK_HANDLE_BUNDLE)) {
        lk_start_bundle_free(b);
        lk_start_unlock();
        return;
    }
    lk_start_unlock();
    lk_bundle_free_general(bundle);
}

/* The live runtime a start made behind a handle, or NULL (lock held). */
static lk_start_runtime *started_runtime(const void *p) {
    const lk_handle *h = p;
    return h && lk_handle_kind(h) == LK_HANDLE_RUNTIME ? lk_handle_start(h) : NULL;
}

static lk_start_bundle *started_bundle(const void *p) {
    const lk_handle *h = p;
    return h && lk_handle_kind(h) == LK_HANDLE_BUNDLE ? lk_handle_start(h) : NULL;
}

LOKALE_API int lokale_runtime_add_callback(uint64_t *out_id, lokale_runtime *runtime, lokale_change_callback callback,
                                           void *payload) {
    lk_start_lock();
    lk_start_runtime *r = callback ? started_runtime(runtime) : NULL;
    uint64_t id;
    int added = r && lk_start_add_callback(r, (void *)callback, payload, &id);
    lk_start_unlock();
    if (!added) return lk_runtime_add_callback_general(out_id, runtime, callback, payload);
    if (out_id) *out_id = id;
    return LOKALE_OK;
}

LOKALE_API int lokale_runtime_remove_callback(lokale_runtime *runtime, uint64_t id) {
    lk_start_lock();
    lk_start_runtime *r = started_runtime(runtime);
    int removed = r && lk_start_remove_callback(r, id);
    lk_start_unlock();
    /* The general path answers what is not a start's callback, with the same words. */
    return removed ? LOKALE_OK : lk_runtime_remove_callback_general(runtime, id);
}

/* A started bundle's facts, read under the start's lock (a take-over may come meanwhile); 0 when
 * `bundle` is not one, or out of memory: the general path answers then. */
static int started_facts(const lokale_bundle *bundle, lk_start_facts *facts) {
    lk_start_lock();
    lk_start_bundle *b = started_bundle(bundle);
    int read = b && lk_start_read_facts(b, facts);
    lk_start_unlock();
    return read;
}

LOKALE_API int lokale_bundle_identifier(const char **out, const lokale_bundle *bundle) {
    lk_start_facts facts;
    if (!out || !started_facts(bundle, &facts)) return lk_bundle_identifier_general(out, bundle);
    *out = facts.identifier;
    return LOKALE_OK;
}

LOKALE_API int lokale_bundle_development_localization(const char **out, const lokale_bundle *bundle) {
    lk_start_facts facts;
    if (!out || !started_facts(bundle, &facts)) return lk_bundle_development_localization_general(out, bundle);
    *out = facts.development;
    return LOKALE_OK;
}

LOKALE_API int lokale_bundle_localizations(const char *const **out, size_t *count, const lokale_bundle *bundle) {
    lk_start_facts facts;
    if (!out || !count || !started_facts(bundle, &facts)) return lk_bundle_localizations_general(out, count, bundle);
    *out = facts.names, *count = facts.count;
    return LOKALE_OK;
}
