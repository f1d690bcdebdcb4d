/* The lookup core of the compiled table format (docs/FORMAT.md), in C so that one implementation
 * serves the Swift reader, the table writer (the key hash) and the C entry point of
 * lokale_bundle_lookup, which must not pay for Swift's error and ownership machinery on every
 * call. Internal: not part of lokale.h. */
#ifndef LOKALE_TABLE_H
#define LOKALE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* keyHash of docs/FORMAT.md. */
uint32_t lk_key_hash(const void *key, size_t length);

/* A message found by lk_find: its value (inside the records, NUL-terminated) and its node. */
typedef struct lk_entry {
    uint64_t value_offset; /* from the start of the records */
    uint64_t value_length;
    uint32_t node;         /* 0xFFFFFFFF: none */
} lk_entry;

enum { LK_FOUND = 1, LK_ABSENT = 0, LK_BAD_SLOT = -1, LK_BAD_RECORD = -2, LK_BAD_VALUE = -3 };

/* Looks key up among slot_count slots (8 bytes each) at slots, whose references point into the
 * records_bytes bytes at records. Returns LK_FOUND (and fills *entry), LK_ABSENT, or a negative
 * code when the table is corrupt. Never reads outside the slots or the records. */
int lk_find(const uint8_t *slots, uint32_t slot_count, const uint8_t *records, uint64_t records_bytes,
            const void *key, size_t length, lk_entry *entry);

/* What a runtime's bundles read on every lookup without a lock: the generation (bumped by every
 * change that can alter an answer) and the fallback policy (0: Apple's, 1: chain). */
typedef struct lk_shared {
    uint64_t generation;
    uint32_t policy;
    uint32_t device; /* the runtime's device class, as an index of DeviceClass.allCases */
} lk_shared;

lk_shared *lk_shared_new(void);
void lk_shared_free(lk_shared *shared);

static inline uint64_t lk_shared_generation(const lk_shared *s) { return __atomic_load_n(&s->generation, __ATOMIC_ACQUIRE); }
static inline void lk_shared_set_generation(lk_shared *s, uint64_t g) { __atomic_store_n(&s->generation, g, __ATOMIC_RELEASE); }
static inline uint32_t lk_shared_policy(const lk_shared *s) { return __atomic_load_n(&s->policy, __ATOMIC_ACQUIRE); }
static inline void lk_shared_set_policy(lk_shared *s, uint32_t p) { __atomic_store_n(&s->policy, p, __ATOMIC_RELEASE); }
static inline uint32_t lk_shared_device(const lk_shared *s) { return __atomic_load_n(&s->device, __ATOMIC_ACQUIRE); }
static inline void lk_shared_set_device(lk_shared *s, uint32_t d) { __atomic_store_n(&s->device, d, __ATOMIC_RELEASE); }

/* The plan of a plain lookup for one generation of a runtime and one version of a bundle's table:
 * per table, its name and which slots Apple's table rule reads. Immutable once published. */
typedef struct lk_plan_table {
    const char *name;     /* inside the table; not NUL-terminated here */
    uint64_t name_length;
    const uint8_t *slots; /* NULL: no localization in the list has this table */
    uint32_t slot_count;
    int32_t step;         /* the lokale_step of a hit */
    int32_t localization; /* the localization whose instance the slots are, or -1 */
} lk_plan_table;

typedef struct lk_plan {
    uint64_t generation;
    const uint8_t *records;
    uint64_t records_bytes;
    int64_t default_table; /* index of "Localizable", or -1 */
    uint64_t table_count;
    lk_plan_table tables[];
} lk_plan;

/* A plan with room for table_count tables (free with lk_plan_free); NULL when out of memory. */
lk_plan *lk_plan_new(uint64_t table_count);
void lk_plan_free(lk_plan *plan);
/* The plan's per-table entries (plan->tables), for languages without flexible array members. */
lk_plan_table *lk_plan_tables(lk_plan *plan);

/* The table named (name, length) in plan, or plan's default table when name is NULL; -1 if none. */
int64_t lk_plan_table_index(const lk_plan *plan, const void *name, size_t length);

/* What a lokale_bundle * points to. `plan` is the bundle's current plan as last published (NULL
 * until then); `shared` the runtime's; `object` the Swift side of the handle. */
typedef struct lk_handle {
    const lk_plan *plan;
    const lk_shared *shared;
    void *object;
} lk_handle;

static inline const lk_plan *lk_handle_plan(const lk_handle *h) { return __atomic_load_n(&h->plan, __ATOMIC_ACQUIRE); }
static inline void lk_handle_set_plan(lk_handle *h, const lk_plan *plan) { __atomic_store_n(&h->plan, plan, __ATOMIC_RELEASE); }

#ifdef __cplusplus
}
#endif
#endif
