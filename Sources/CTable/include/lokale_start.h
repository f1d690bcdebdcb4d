/* A start without the Swift runtime: lokale_runtime_new, lokale_bundle_open, the first lookups and
 * formats of a program whose languages its tables' LOCD records answer, in C over the table. The
 * start reads the file and validates it (lk_table_read), orders the bundle's localizations by
 * Apple's rule over the records (lokale_select.h), makes the plan the fast paths read
 * (lk_plan_fill) and publishes it in the bundle's handle, as the Swift runtime would. Whatever it
 * cannot answer exactly as the Swift runtime would (a language the records do not name, a stored
 * in-app language, a framework following its main bundle, an option), it declines: the Swift
 * runtime then takes the start over (LokaleABIExports' StartExports.swift), with the same shared
 * state, handles, bytes and plans, and answers everything from then on. Internal: not part of
 * lokale.h. */
#ifndef LOKALE_START_H
#define LOKALE_START_H

#include "lokale_handle.h"
#include "lokale_read.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lk_start_bundle lk_start_bundle;

/* A change callback registered through the runtime's handle before the take-over: nothing calls it
 * before (every change is the Swift runtime's), which registers it under the same id. */
typedef struct lk_start_callback {
    uint64_t id;
    void *function; /* a lokale_change_callback */
    void *payload;
} lk_start_callback;

/* A runtime that C started. Every field is read and written under lk_start_lock. */
typedef struct lk_start_runtime {
    lk_shared *shared;        /* the Swift runtime's when it takes over (NULL then) */
    lk_handle *handle;        /* the lokale_runtime *, NULL once freed */
    char *languages;          /* NUL-terminated names one after the other */
    uint32_t language_count;
    int from_environment;     /* the environment's, as stated (else the caller's list) */
    uint32_t references;      /* the handle until freed, and each bundle */
    lk_start_bundle *first;   /* open bundles in the order they were opened */
    lk_start_bundle *main;
    lk_start_callback *callbacks;
    uint32_t callback_count, callback_capacity;
    uint64_t next_callback;   /* ids count from 1, as the Swift runtime's */
} lk_start_runtime;

/* A bundle that C opened: the file's bytes (read, never mapped), as lk_table_read found them. */
struct lk_start_bundle {
    lk_start_runtime *runtime;
    lk_handle *handle;
    uint8_t *bytes;           /* malloc'd */
    uint64_t size;
    char *path;
    int is_main;
    uint64_t device, inode;   /* the file as fstat saw it (a reload compares it) */
    int64_t file_size, seconds, nanoseconds;
    lk_table_view view;
    lk_localization_info *infos;
    lk_plan *plan;
    const char **names;       /* the localizations' names as lent (lokale_bundle_localizations), or NULL */
    lk_start_bundle *next;
};

/* One lock for every start: taking one over happens once per runtime. */
void lk_start_lock(void);
void lk_start_unlock(void);

/* A runtime for `languages` (count of them; NULL: the environment's, stated by lk_stated_languages),
 * with its handle (kind 0: the caller makes it live) and shared state; NULL when out of memory. */
lk_start_runtime *lk_start_runtime_new(const char *const *languages, size_t count, uint32_t policy, uint32_t device);

/* Drops a reference (lock held); the last frees the start, its shared state unless handed over. */
void lk_start_runtime_release(lk_start_runtime *runtime);

#define LK_START_OK 0
#define LK_START_DECLINE 1 /* the Swift runtime must do it (and say what is wrong, if anything) */

/* Opens `path` under a runtime that C started (lock not held: it is taken to link the bundle; the
 * caller holds a reference to the runtime): the bundle's handle, live, its plan published. A
 * runtime taken over meanwhile, like anything else the start cannot answer, is
 * LK_START_DECLINE, which leaves nothing. */
int lk_start_open(lk_start_runtime *runtime, const char *path, int main, int verify, lk_handle **out);

/* Registers a change callback (lock held); 0 when out of memory. */
int lk_start_add_callback(lk_start_runtime *runtime, void *function, void *payload, uint64_t *id);
/* Removes one (lock held); 0 when no callback has the id. */
int lk_start_remove_callback(lk_start_runtime *runtime, uint64_t id);

/* A bundle's facts: its identifier and development localization (NUL-terminated, inside the bytes),
 * and its localizations' names as an array lent until the bundle is freed. */
typedef struct lk_start_facts {
    const char *identifier;
    const char *development;
    const char **names;
    size_t count;
} lk_start_facts;

/* Fills *facts (lock held); 0 when out of memory (for the names' array). */
int lk_start_read_facts(lk_start_bundle *bundle, lk_start_facts *facts);

/* lokale_bundle_free of a bundle C opened (lock held; its handle marked freed already): retires
 * the handle and frees the bundle; releases the runtime. */
void lk_start_bundle_free(lk_start_bundle *bundle);

/* The Swift runtime took the bundle over (lock held): its handle, bytes, path, infos and plan are
 * the Swift bundle's now (and the names array lent, if any); the start forgets the bundle and
 * releases the runtime. */
void lk_start_bundle_handed_over(lk_start_bundle *bundle);

#ifdef __cplusplus
}
#endif
#endif
