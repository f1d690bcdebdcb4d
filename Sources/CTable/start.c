/* A start without the Swift runtime (lokale_start.h): open, Apple's selection over the LOCD
 * records, the first plan. Every rule it applies is the one the Swift runtime applies (the reader,
 * the selection, the plan, the language and settings rules are shared C); what it cannot answer
 * from the records it declines. */
#include "lokale_start.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lokale_find.h"
#include "lokale_languages.h"
#include "lokale_select.h"
#include "lokale_table.h"

static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
void lk_start_lock(void) { pthread_mutex_lock(&start_lock); }
void lk_start_unlock(void) { pthread_mutex_unlock(&start_lock); }

lk_start_runtime *lk_start_runtime_new(const char *const *languages, size_t count, uint32_t policy, uint32_t device) {
    lk_start_runtime *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    size_t bytes;
    if (languages) {
        bytes = 0;
        for (size_t i = 0; i < count; i++) bytes += strlen(languages[i]) + 1;
        if ((r->languages = malloc(bytes + 1))) {
            size_t at = 0;
            for (size_t i = 0; i < count; i++) {
                size_t n = strlen(languages[i]) + 1;
                memcpy(r->languages + at, languages[i], n);
                at += n;
            }
        }
        r->language_count = (uint32_t)count;
    } else {
        const char *a = getenv("LANGUAGE"), *b = getenv("LC_ALL"), *c = getenv("LC_MESSAGES"), *d = getenv("LANG");
        bytes = lk_stated_languages(NULL, 0, a, b, c, d);
        if ((r->languages = malloc(bytes + 1))) lk_stated_languages(r->languages, bytes, a, b, c, d);
        for (size_t at = 0; r->languages && at < bytes; at += strlen(r->languages + at) + 1) r->language_count++;
        r->from_environment = 1;
    }
    r->shared = lk_shared_new();
    r->handle = r->shared ? lk_handle_new(NULL) : NULL;
    if (!r->languages || !r->handle) {
        if (r->shared) lk_shared_free(r->shared);
        free(r->handle);
        free(r->languages);
        free(r);
        return NULL;
    }
    lk_shared_set_policy(r->shared, policy);
    lk_shared_set_device(r->shared, device);
    r->handle->start = r;
    r->references = 1;
    return r;
}

void lk_start_runtime_release(lk_start_runtime *r) {
    if (--r->references > 0) return;
    if (r->shared) lk_shared_free(r->shared);
    free(r->languages);
    free(r->callbacks);
    free(r);
}

int lk_start_add_callback(lk_start_runtime *r, void *function, void *payload, uint64_t *id) {
    if (r->callback_count == r->callback_capacity) {
        uint32_t capacity = r->callback_capacity ? r->callback_capacity * 2 : 4;
        lk_start_callback *grown = realloc(r->callbacks, capacity * sizeof *grown);
        if (!grown) return 0;
        r->callbacks = grown, r->callback_capacity = capacity;
    }
    *id = ++r->next_callback;
    r->callbacks[r->callback_count++] = (lk_start_callback){*id, function, payload};
    return 1;
}

int lk_start_remove_callback(lk_start_runtime *r, uint64_t id) {
    for (uint32_t i = 0; i < r->callback_count; i++) {
        if (r->callbacks[i].id == id) {
            memmove(&r->callbacks[i], &r->callbacks[i + 1], (r->callback_count - i - 1) * sizeof *r->callbacks);
            r->callback_count--;
            return 1;
        }
    }
    return 0;
}

/* The file's bytes, read (tables up to LK_READ_COPY_LIMIT; larger ones are mapped, which the
 * Swift runtime does). */
static int read_file(lk_start_bundle *b, const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    struct stat st;
    int ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= LK_HEADER_SIZE && st.st_size <= LK_READ_COPY_LIMIT;
    if (ok && (b->bytes = malloc((size_t)st.st_size))) {
        size_t done = 0, size = (size_t)st.st_size;
        while (ok && done < size) {
            ssize_t n = pread(fd, b->bytes + done, size - done, (off_t)done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) ok = 0;
            else done += (size_t)n;
        }
        b->size = size;
        b->device = (uint64_t)st.st_dev, b->inode = (uint64_t)st.st_ino;
        b->file_size = (int64_t)st.st_size, b->seconds = (int64_t)st.st_mtim.tv_sec, b->nanoseconds = (int64_t)st.st_mtim.tv_nsec;
    } else {
        ok = 0;
    }
    close(fd);
    return ok;
}

static const uint8_t *locale_record(const lk_start_bundle *b, uint64_t i) {
    return b->bytes + b->view.locale_data.offset + i * LK_LOCALE_RECORD_SIZE;
}

static int is_base(const lk_start_bundle *b, uint64_t i) {
    return lk_load32(b->bytes + b->view.localizations.offset + i * LK_LOCALIZATION_RECORD_SIZE + LK_LOCALIZATION_FLAGS) &
           LK_LOCALIZATION_FLAG_BASE;
}

/* The localization named `name` whose record says the name is its own canonical tag; -1 when none. */
static int64_t canonical_localization(const lk_start_bundle *b, const char *name, size_t length) {
    for (uint64_t i = 0; i < b->view.localizations.count; i++) {
        lk_text n = lk_localization_name(b->bytes, &b->view, i);
        uint32_t flags = lk_load32(locale_record(b, i) + LK_LOCALE_FLAGS);
        if (n.length == length && memcmp(n.bytes, name, length) == 0)
            return (flags & (LK_LOCALE_FLAG_LOCALE | LK_LOCALE_FLAG_CANONICAL)) == (LK_LOCALE_FLAG_LOCALE | LK_LOCALE_FLAG_CANONICAL)
                       ? (int64_t)i : -1;
    }
    return -1;
}

/* Whether a tag has a singleton subtag (an extension such as -u-nu-latn): its numbering system is
 * the Swift runtime's to read. */
static int has_extension(const char *tag, size_t length) {
    for (size_t start = 0; start < length;) {
        size_t end = start;
        while (end < length && tag[end] != '-' && tag[end] != '_') end++;
        if (end - start == 1) return 1;
        start = end + 1;
    }
    return 0;
}

static const lk_select_source records_only = {NULL, NULL, NULL}; /* every fact is recorded; a step's likely form is not */

/* The first of the user's languages that Apple's rule matches to the development localization
 * alone (lk_order_end's question); `unknown` when the records cannot tell. */
typedef struct development_answer {
    const lk_start_bundle *bundle;
    const int64_t *preferences;
    uint32_t count;
    int unknown;
} development_answer;

static int32_t answered(void *context) {
    development_answer *a = context;
    const lk_start_bundle *b = a->bundle;
    lk_select_locale dev;
    if (!lk_recorded_locale(b->bytes, &b->view, lk_load32(b->bytes + b->view.bundle.offset + LK_BUNDLE_DEVELOPMENT), &dev)) {
        a->unknown = 1;
        return -1;
    }
    for (uint32_t p = 0; p < a->count; p++) {
        lk_select_locale l, one = dev;
        lk_recorded_locale(b->bytes, &b->view, (uint64_t)a->preferences[p], &l);
        l.index = (int32_t)p;
        lk_apple_selection s;
        lk_apple_begin(&s);
        int32_t got, got_preference;
        uint32_t got_count;
        if (lk_apple_consider(&s, &l, &one, 1, &records_only) == LK_SELECT_UNKNOWN ||
            lk_apple_finish(&s, &one, 1, &records_only, &got, &got_count, &got_preference) == LK_SELECT_UNKNOWN) {
            a->unknown = 1;
            return -1;
        }
        if (got_count > 0) return (int32_t)p;
    }
    return -1;
}

/* The ordered list of localizations for the runtime's languages, as the Swift runtime orders it
 * (orderedLocalizations: the selection's choice, the development localization, Base), with the
 * step of each; LK_START_DECLINE when the records cannot tell. */
static int order(const lk_start_bundle *b, int32_t *localizations, int32_t *steps, uint32_t *count) {
    const lk_start_runtime *rt = b->runtime;
    uint64_t n = b->view.localizations.count;
    /* The user's languages, each a localization recorded as its own canonical tag. */
    int64_t *preferences = malloc((rt->language_count + 1) * sizeof *preferences);
    lk_select_locale *candidates = malloc((n + 1) * sizeof *candidates);
    int32_t *order_ = malloc((n + 1) * sizeof *order_);
    int result = LK_START_DECLINE;
    uint32_t p_count = 0, c_count = 0;
    if (!preferences || !candidates || !order_) goto done;
    const char *name = rt->languages;
    for (uint32_t k = 0; k < rt->language_count; k++, name += strlen(name) + 1) {
        size_t length = strlen(name);
        int64_t i = canonical_localization(b, name, length);
        if (i < 0) {
            size_t part = lk_language_part(name, length);
            if (rt->from_environment && (part == 0 || lk_names_no_language(name, part))) continue; /* names no language */
            goto done;
        }
        if (has_extension(name, length)) goto done;
        int seen = 0;
        for (uint32_t q = 0; q < p_count && rt->from_environment; q++) seen |= preferences[q] == i;
        if (!seen) preferences[p_count++] = i;
    }
    for (uint64_t i = 0; i < n; i++) {
        if (is_base(b, i)) continue;
        lk_text t = lk_localization_name(b->bytes, &b->view, i);
        if (lk_is_pseudo(t.bytes, t.length)) goto done; /* served only to who names it */
        if (!lk_recorded_locale(b->bytes, &b->view, i, &candidates[c_count++])) goto done;
    }
    uint32_t listed = 0;
    int32_t preference = -1;
    if (c_count > 0) {
        lk_apple_selection s;
        lk_apple_begin(&s);
        for (uint32_t p = 0; p < p_count; p++) {
            lk_select_locale l;
            lk_recorded_locale(b->bytes, &b->view, (uint64_t)preferences[p], &l);
            l.index = (int32_t)p;
            int r = lk_apple_consider(&s, &l, candidates, c_count, &records_only);
            if (r == LK_SELECT_UNKNOWN) goto done;
            if (r == LK_SELECT_DECIDED) break;
        }
        if (lk_apple_finish(&s, candidates, c_count, &records_only, order_, &listed, &preference) == LK_SELECT_UNKNOWN) goto done;
    }
    int32_t *user = malloc((n + 2) * sizeof *user);
    if (!user) goto done;
    for (uint32_t i = 0; i < listed; i++) localizations[i] = order_[i], user[i] = preference;
    int32_t base = -1;
    for (uint64_t i = 0; i < n && base < 0; i++)
        if (is_base(b, i)) base = (int32_t)i;
    development_answer dev = {b, preferences, p_count, 0};
    uint32_t k = lk_order_end(localizations, user, listed, (int32_t)lk_load32(b->bytes + b->view.bundle.offset + LK_BUNDLE_DEVELOPMENT),
                              answered, &dev, base);
    for (uint32_t i = 0; i < k; i++) steps[i] = lk_step_for(user[i]);
    free(user);
    if (dev.unknown) goto done;
    *count = k;
    result = LK_START_OK;
done:
    free(preferences);
    free(candidates);
    free(order_);
    return result;
}

/* The plan of the ordered list: per table, the first localization in it that has the table. */
static lk_plan *make_plan(lk_start_bundle *b, const int32_t *localizations, const int32_t *steps, uint32_t count) {
    uint64_t tables = b->view.tables.count;
    lk_plan_choice *choices = malloc((tables + 1) * sizeof *choices);
    lk_plan *plan = choices ? lk_plan_new(tables) : NULL;
    if (!plan) {
        free(choices);
        return NULL;
    }
    for (uint64_t t = 0; t < tables; t++) choices[t] = (lk_plan_choice){-1, 0, -1, 0};
    for (uint32_t c = 0; c < count; c++) {
        for (uint64_t i = 0; i < b->view.instances.count; i++) {
            const uint8_t *r = b->bytes + b->view.instances.offset + i * LK_INSTANCE_RECORD_SIZE;
            uint32_t t = lk_load32(r + LK_INSTANCE_TABLE);
            if (lk_load32(r + LK_INSTANCE_LOCALIZATION) != (uint32_t)localizations[c] || choices[t].instance >= 0) continue;
            choices[t] = (lk_plan_choice){(int64_t)i, steps[c], localizations[c], 0};
        }
    }
    lk_plan_fill(plan, b->bytes, &b->view, b->infos, choices);
    free(choices);
    return plan;
}

/* Whether the in-app language of a main bundle is known to be unset: the main bundle names the
 * file it would be kept in, and there is none. */
static int no_stored_language(const lk_start_bundle *b) {
    lk_text id = lk_pool_text(b->bytes, &b->view, b->bytes + b->view.bundle.offset + LK_BUNDLE_IDENTIFIER);
    char path[4096 + 256];
    size_t n = lk_settings_path(path, sizeof path, id.bytes, id.length, getenv("XDG_CONFIG_HOME"), getenv("HOME"));
    if (n == 0 || n >= sizeof path || memchr(id.bytes, 0, id.length)) return 0;
    struct stat st;
    return stat(path, &st) != 0 && errno == ENOENT;
}

int lk_start_read_facts(lk_start_bundle *b, lk_start_facts *facts) {
    const uint8_t *record = b->bytes + b->view.bundle.offset;
    size_t count = (size_t)b->view.localizations.count;
    if (!b->names && (b->names = malloc((count + 1) * sizeof *b->names)))
        for (size_t i = 0; i < count; i++) b->names[i] = lk_localization_name(b->bytes, &b->view, i).bytes;
    *facts = (lk_start_facts){lk_pool_text(b->bytes, &b->view, record + LK_BUNDLE_IDENTIFIER).bytes,
                              lk_localization_name(b->bytes, &b->view, lk_load32(record + LK_BUNDLE_DEVELOPMENT)).bytes,
                              b->names, count};
    return b->names != NULL;
}

static void free_parts(lk_start_bundle *b) {
    if (b->plan) lk_plan_free(b->plan);
    if (b->infos) lk_localization_infos_free(b->infos);
    free(b->names);
    free(b->bytes);
    free(b->path);
    free(b);
}

int lk_start_open(lk_start_runtime *rt, const char *path, int main, int verify, lk_handle **out) {
    *out = NULL;
    lk_start_bundle *b = calloc(1, sizeof *b);
    if (!b) return LK_START_DECLINE;
    b->runtime = rt;
    b->is_main = main;
    if (!read_file(b, path) || lk_table_read(b->bytes, b->size, verify, &b->view, NULL, 0) != LK_READ_OK ||
        !b->view.has_locale_data || !(b->path = strdup(path)) ||
        !(b->infos = lk_localization_infos_new(b->view.localizations.count)) || (main && !no_stored_language(b))) {
        free_parts(b);
        return LK_START_DECLINE;
    }
    lk_tree tree = {b->bytes + b->view.nodes.offset, b->view.nodes.count, b->bytes + b->view.strings.offset, b->view.strings.count};
    lk_localization_infos_publish_recorded(b->infos, b->view.locale_data.count, b->bytes + b->view.locale_data.offset, &tree);

    uint64_t n = b->view.localizations.count;
    int32_t *localizations = malloc((n + 2) * sizeof *localizations), *steps = malloc((n + 2) * sizeof *steps);
    uint32_t count = 0;
    lk_start_lock();
    /* A second main bundle is an error the Swift runtime reports; a framework follows its main
     * bundle's choice, which is the Swift runtime's to make. */
    int ok = localizations && steps && rt->shared && !rt->main && order(b, localizations, steps, &count) == LK_START_OK &&
             (b->plan = make_plan(b, localizations, steps, count)) && (b->handle = lk_handle_new(rt->shared));
    if (ok) {
        if (main) {
            /* As the Swift runtime does: every bundle's list may change with a main bundle. */
            lk_shared_set_generation(rt->shared, lk_shared_generation(rt->shared) + 1);
            rt->main = b;
        }
        lk_plan_set_generation(b->plan, lk_shared_generation(rt->shared));
        lk_handle_set_plan(b->handle, b->plan);
        b->handle->start = b;
        lk_start_bundle **at = &rt->first;
        while (*at) at = &(*at)->next;
        *at = b;
        rt->references++;
        /* Live before the lock is left: a take-over may come at once, and hand the bundle over. */
        lk_handle_set_kind(b->handle, LK_HANDLE_BUNDLE);
        *out = b->handle;
    }
    lk_start_unlock();
    free(localizations);
    free(steps);
    if (!ok) {
        free(b->handle);
        free_parts(b);
        return LK_START_DECLINE;
    }
    return LK_START_OK;
}

static void unlink_bundle(lk_start_bundle *b) {
    lk_start_runtime *rt = b->runtime;
    for (lk_start_bundle **at = &rt->first; *at; at = &(*at)->next) {
        if (*at == b) {
            *at = b->next;
            break;
        }
    }
    if (rt->main == b) {
        rt->main = NULL;
        if (rt->shared) lk_shared_set_generation(rt->shared, lk_shared_generation(rt->shared) + 1);
    }
}

void lk_start_bundle_free(lk_start_bundle *b) {
    lk_start_runtime *rt = b->runtime;
    unlink_bundle(b);
    lk_handle_retire(b->handle);
    free_parts(b);
    lk_start_runtime_release(rt);
}

void lk_start_bundle_handed_over(lk_start_bundle *b) {
    lk_start_runtime *rt = b->runtime;
    for (lk_start_bundle **at = &rt->first; *at; at = &(*at)->next) {
        if (*at == b) {
            *at = b->next;
            break;
        }
    }
    if (rt->main == b) rt->main = NULL;
    free(b);
    lk_start_runtime_release(rt);
}

