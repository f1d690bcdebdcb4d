/* The lookup core of the compiled table format (docs/FORMAT.md) and the fast paths of a plain
 * lookup and a plural format, in C: one implementation serves the Swift reader, the table writer
 * (the key hash) and the C ABI's entry points, which must not pay for Swift's error and ownership
 * machinery on every call. The runtime (LokaleCore) publishes the plans these paths read; what
 * they decline, the general path answers. Internal: not part of lokale.h. */
#ifndef LOKALE_TABLE_H
#define LOKALE_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lokale_node.h"
#include "lokale_read.h"
#include "lokale_schema.h"

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

/* Rows of the decision table a lookup answers with (lokale.h's lokale_step values). */
#define LK_STEP_TRANSLATION 1
#define LK_STEP_LATER_PREFERENCE 2
#define LK_STEP_DEVELOPMENT 3
#define LK_STEP_DEFAULT 4
#define LK_STEP_KEY 5

/* The row a hit in a localization answers with: one that answers the user's first language, a
 * later one, or none of them (user_preference -1: the development localization's row). */
static inline int32_t lk_step_for(int32_t user_preference) {
    return user_preference == 0 ? LK_STEP_TRANSLATION : user_preference > 0 ? LK_STEP_LATER_PREFERENCE : LK_STEP_DEVELOPMENT;
}

/* Fallback policies (lokale.h's lokale_fallback_policy values). */
#define LK_POLICY_APPLE 0u
#define LK_POLICY_CHAIN 1u

/* What a runtime's bundles read on every lookup without a lock: the generation (bumped by every
 * change that can alter an answer), the fallback policy and the device class (LK_DEVICE_*). */
typedef struct lk_shared {
    uint64_t generation;
    uint32_t policy;
    uint32_t device;
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
    uint32_t numbering;   /* nonzero: the user asked for a numbering system (-u-nu-) the localization's
                           * own digits do not show; rendering a tree is then the general path's */
} lk_plan_table;

/* What formatting needs of one localization of a table version: filled from the table's LOCD
 * records when the version is loaded (lk_localization_infos_publish_recorded), else by the Swift
 * runtime the first time it renders with that localization (the same values when both do), then
 * read by lk_plan_format without a lock. Written and read with atomics; a field, once set, keeps
 * what it says (a rules pointer into the table may be replaced by one to the same categories,
 * both valid as long as the version). */
typedef struct lk_localization_info {
    const uint8_t *cardinal; /* plural categories of 0..LK_SMALL_COUNTS-1 (0 zero .. 5 other), or NULL */
    const uint8_t *ordinal;  /* the same for ordinal rules, or NULL */
    /* How integers are grouped (NumberSymbols): one word, so that it is published with one
     * atomic store. Bits 0-31 the separator's UTF-8 bytes (first byte lowest), 32-35 its length
     * (1-4), 36-39 the first group's size (0: never grouped), 40-43 the next groups' size, 44-47
     * the minimum grouping digits; LK_GROUPING_VALID when published. Stored before `digits`. */
    uint64_t grouping;
    uint32_t digits;         /* LK_DIGITS_* */
    uint32_t flags;          /* LK_INFO_*: what MessageFormat 2 messages need, once published */
    /* The cardinal rules compiled for integers (a rule node at word 0, run by lk_rule_run), for
     * counts from LK_SMALL_COUNTS on; NULL when ICU's rules could not be compiled. Published
     * before `flags`. */
    const lk_tree *integer_rules;
} lk_localization_info;
/* Published with the cardinal rules and the grouping: MF2 messages of this localization format
 * and select in its own name's locale (not Base's), written right to left or not. */
#define LK_INFO_MF2 1u
#define LK_INFO_RTL 2u

#define LK_GROUPING_VALID (UINT64_C(1) << 63)

enum { LK_DIGITS_UNKNOWN = 0, LK_DIGITS_ASCII = 1, LK_DIGITS_OTHER = 2 };

/* n zeroed entries (free with lk_localization_infos_free); NULL when out of memory. */
lk_localization_info *lk_localization_infos_new(uint64_t n);
void lk_localization_infos_free(lk_localization_info *infos);

/* The grouping word of numbers written with `separator` (UTF-8) in groups of `primary`, then
 * `secondary` digits, grouped from `minimum` digits beyond the first group: LK_GROUPING_VALID
 * alone when they are never grouped (not localized, or no first group), 0 when it does not fit a
 * word (C then declines). NumberSymbols.groupingWord is this function. */
uint64_t lk_grouping_word(int localized, const uint8_t *separator, uint64_t separator_length, uint32_t primary,
                          uint32_t secondary, uint32_t minimum);

/* The group sizes a LOCD record's LK_LOCALE_GROUP_SIZES word gives, bounded as numbers are laid
 * out (first and further groups 0-9, the minimum grouping digits 1-9): what CompiledTable's
 * localeSymbols reads, and lk_localization_infos_publish_recorded. */
void lk_recorded_groups(uint32_t sizes, uint32_t *primary, uint32_t *secondary, uint32_t *minimum);

/* Publishes into infos[0..count) what the table's LOCD records (`records`, count of them,
 * checked at open; string refs and rule nodes in `tree`) say of formatting: the plural categories
 * of the small counts (cardinal and ordinal: the rule nodes' results, in the table), how integers
 * are grouped and that digits are ASCII — for the localizations whose values C can tell exactly
 * (digits other than ASCII, rules without results for every small count: left to the Swift
 * runtime, which publishes the same values from the same records when it first formats). A table
 * version's first plural format then runs in C (lk_plan_format) once its plan is made. */
void lk_localization_infos_publish_recorded(lk_localization_info *infos, uint64_t count, const uint8_t *records,
                                            const lk_tree *tree);

static inline const uint8_t *lk_info_rules(const lk_localization_info *i, int ordinal) {
    return ordinal ? __atomic_load_n(&i->ordinal, __ATOMIC_ACQUIRE) : __atomic_load_n(&i->cardinal, __ATOMIC_ACQUIRE);
}
static inline void lk_info_set_rules(lk_localization_info *i, int ordinal, const uint8_t *table) {
    if (ordinal) __atomic_store_n(&i->ordinal, table, __ATOMIC_RELEASE);
    else __atomic_store_n(&i->cardinal, table, __ATOMIC_RELEASE);
}
static inline uint64_t lk_info_grouping(const lk_localization_info *i) { return __atomic_load_n(&i->grouping, __ATOMIC_ACQUIRE); }
static inline void lk_info_set_grouping(lk_localization_info *i, uint64_t g) { __atomic_store_n(&i->grouping, g, __ATOMIC_RELEASE); }
static inline uint32_t lk_info_digits(const lk_localization_info *i) { return __atomic_load_n(&i->digits, __ATOMIC_ACQUIRE); }
static inline void lk_info_set_digits(lk_localization_info *i, uint32_t d) { __atomic_store_n(&i->digits, d, __ATOMIC_RELEASE); }
static inline const lk_tree *lk_info_integer_rules(const lk_localization_info *i) { return __atomic_load_n(&i->integer_rules, __ATOMIC_ACQUIRE); }
static inline void lk_info_set_integer_rules(lk_localization_info *i, const lk_tree *t) { __atomic_store_n(&i->integer_rules, t, __ATOMIC_RELEASE); }
static inline uint32_t lk_info_flags(const lk_localization_info *i) { return __atomic_load_n(&i->flags, __ATOMIC_ACQUIRE); }
static inline void lk_info_set_flags(lk_localization_info *i, uint32_t f) { __atomic_store_n(&i->flags, f, __ATOMIC_RELEASE); }

typedef struct lk_plan {
    uint64_t generation;   /* atomic: a plan whose content serves a later generation again is restamped */
    const uint8_t *records;
    uint64_t records_bytes;
    int64_t default_table; /* index of "Localizable", or -1 */
    /* The sections formatting reads (docs/FORMAT.md), with their sizes. */
    lk_tree tree;
    const uint8_t *formats;
    uint64_t format_words;
    /* The table version's per-localization info (owned by it, not by the plan). */
    lk_localization_info *localizations;
    uint64_t localization_count;
    uint64_t table_count;
    lk_plan_table tables[];
} lk_plan;

static inline uint64_t lk_plan_generation(const lk_plan *p) { return __atomic_load_n(&p->generation, __ATOMIC_ACQUIRE); }
static inline void lk_plan_set_generation(lk_plan *p, uint64_t g) { __atomic_store_n(&p->generation, g, __ATOMIC_RELEASE); }

/* A plan with room for table_count tables (free with lk_plan_free); NULL when out of memory. */
lk_plan *lk_plan_new(uint64_t table_count);
void lk_plan_free(lk_plan *plan);
/* What the runtime chose for one table of a plan: the instance read (-1: no localization in the
 * list has the table), the step of a hit, the localization served, and whether the user asked for
 * a numbering system there. */
typedef struct lk_plan_choice {
    int64_t instance;
    int32_t step;
    int32_t localization;
    uint32_t numbering;
} lk_plan_choice;

/* Fills a plan made by lk_plan_new(view->tables.count) for the table at `base` (checked by
 * lk_table_read into *view): its sections, the version's `infos`, and per table its name and the
 * slots of the chosen instance (an instance whose slots a changed mapping moved out of bounds is
 * left without slots). The one way plans are made: by the Swift runtime and by a start without it. */
void lk_plan_fill(lk_plan *plan, const uint8_t *base, const lk_table_view *view, lk_localization_info *infos,
                  const lk_plan_choice *choices);

/* Whether n bytes are well-formed UTF-8 (what the Swift runtime's strings would keep unchanged). */
int lk_utf8_valid(const uint8_t *bytes, size_t n);

/* The index of the default table ("Localizable", LK_DEFAULT_TABLE), or -1. */
int64_t lk_table_default(const uint8_t *base, const lk_table_view *view);

/* The plan's per-table entries (plan->tables), for languages without flexible array members. */
lk_plan_table *lk_plan_tables(lk_plan *plan);

/* The table named (name, length) in plan, or plan's default table when name is NULL; -1 if none. */
int64_t lk_plan_table_index(const lk_plan *plan, const void *name, size_t length);

/* A formatting argument: lokale.h's lokale_arg, whose layout and type values LokaleABIEntryPoints checks
 * against these; repeated because this header is internal and must not depend on the public one. */
#define LK_ARG_INT 1
#define LK_ARG_UINT 2
#define LK_ARG_DOUBLE 3
#define LK_ARG_STRING 4
typedef struct lk_arg {
    int type;
    union {
        int64_t i;
        uint64_t u;
        double d;
        struct {
            const char *ptr;
            ptrdiff_t len;
        } s;
    } value;
} lk_arg;

/* A named argument: lokale.h's lokale_named_arg (checked in LokaleABIEntryPoints). */
typedef struct lk_named {
    const char *name;
    ptrdiff_t name_len;
    lk_arg value;
    const char *time_zone;
} lk_named;
#define LK_ARG_TIMESTAMP 5

/* A MessageFormat 2 message of the plan's table t with named arguments, in C (mf2_format.c): the
 * subset whose text it writes byte for byte as MF2.format does; LK_MISSED when the table has no
 * such key, LK_DECLINED for anything else. */
int lk_plan_format_named(const lk_plan *plan, int64_t t, const void *key, size_t key_length, const lk_named *args,
                         size_t arg_count, char *dst, size_t capacity, size_t *length);

/* One entry of a per-call language list's plans (lokale_languages): which plan the bundle whose
 * handle serial is `bundle` reads for that list in runtime generation `generation`. The entries
 * belong to the list, so lists never compete for a bundle's room, and a list used with a few
 * bundles keeps a plan for each. Written by any bundle's general path, one writer at a time per
 * entry (a writer takes `seq` from even to odd with a compare-and-swap, or gives up: the next call
 * publishes), and read without a lock as a sequence lock: a reader that sees `seq` odd or changed
 * declines. A plan is read only after its bundle's serial matched, and serials are never reused, so
 * the plan of a freed bundle is never dereferenced. */
typedef struct lk_list_slot {
    uint64_t seq;
    uint64_t bundle;     /* the bundle handle's serial; 0: empty */
    uint64_t generation;
    const lk_plan *plan;
} lk_list_slot;

/* A list's entries: the plans of the last LK_LIST_SLOTS bundles it was used with. A bundle looks
 * at its serial's entry first (a hit there is the common case: one bundle, or bundles whose
 * serials differ), then at the others in turn. */
#define LK_LIST_SLOTS 4

/* The plan entry e holds for `bundle`, if it is the one of `generation`; NULL otherwise. */
static inline const lk_plan *lk_list_entry_plan(const lk_list_slot *e, uint64_t bundle, uint64_t generation) {
    uint64_t seq = __atomic_load_n(&e->seq, __ATOMIC_ACQUIRE);
    if (seq & 1) return NULL;
    uint64_t b = __atomic_load_n(&e->bundle, __ATOMIC_RELAXED);
    uint64_t g = __atomic_load_n(&e->generation, __ATOMIC_RELAXED);
    const lk_plan *p = __atomic_load_n(&e->plan, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    if (__atomic_load_n(&e->seq, __ATOMIC_RELAXED) != seq || b != bundle || g != generation) return NULL;
    return p;
}

/* The plan a list's entries hold for the bundle of serial `bundle` in `generation`, if any. */
static inline const lk_plan *lk_list_slot_plan(const lk_list_slot *slots, uint64_t bundle, uint64_t generation) {
    for (uint64_t k = 0; k < LK_LIST_SLOTS; k++) {
        const lk_plan *p = lk_list_entry_plan(&slots[(bundle + k) & (LK_LIST_SLOTS - 1)], bundle, generation);
        if (p) return p;
    }
    return NULL;
}

/* Stores (bundle, generation, plan) in the list's entries: the bundle's own entry, else an empty
 * one, else the one written for the oldest generation (so up to LK_LIST_SLOTS bundles keep theirs).
 * Returns 0 when another writer holds that entry (nothing is written; the next call publishes). */
static inline int lk_list_slot_set(lk_list_slot *slots, uint64_t bundle, uint64_t generation, const lk_plan *plan) {
    uint64_t chosen = LK_LIST_SLOTS, empty = LK_LIST_SLOTS, oldest = bundle & (LK_LIST_SLOTS - 1);
    for (uint64_t n = 0; n < LK_LIST_SLOTS; n++) {
        uint64_t k = (bundle + n) & (LK_LIST_SLOTS - 1);
        uint64_t b = __atomic_load_n(&slots[k].bundle, __ATOMIC_RELAXED);
        if (b == bundle) { chosen = k; break; }
        if (b == 0 && empty == LK_LIST_SLOTS) empty = k;
        if (__atomic_load_n(&slots[k].generation, __ATOMIC_RELAXED) < __atomic_load_n(&slots[oldest].generation, __ATOMIC_RELAXED))
            oldest = k;
    }
    if (chosen == LK_LIST_SLOTS) chosen = empty != LK_LIST_SLOTS ? empty : oldest;
    lk_list_slot *s = &slots[chosen];
    uint64_t seq = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);
    if ((seq & 1) || !__atomic_compare_exchange_n(&s->seq, &seq, seq + 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return 0;
    __atomic_thread_fence(__ATOMIC_RELEASE);
    __atomic_store_n(&s->bundle, bundle, __ATOMIC_RELAXED);
    __atomic_store_n(&s->generation, generation, __ATOMIC_RELAXED);
    __atomic_store_n(&s->plan, plan, __ATOMIC_RELAXED);
    __atomic_store_n(&s->seq, seq + 2, __ATOMIC_RELEASE);
    return 1;
}

/* LK_LIST_SLOTS zeroed entries (free with lk_list_slots_free); NULL when out of memory. */
lk_list_slot *lk_list_slots_new(void);
void lk_list_slots_free(lk_list_slot *slots);


/* The length of a caller's string: len, or strnlen when it is -1; SIZE_MAX when refused (NULL, a
 * negative length, longer than limit): the general path then reports why. */
static inline size_t lk_span(const char *p, ptrdiff_t len, size_t limit) {
    if (!p) return SIZE_MAX;
    size_t n = len == -1 ? strnlen(p, limit + 1) : (size_t)len;
    return len < -1 || n > limit ? SIZE_MAX : n;
}

/* A text and the row of the decision table that gave it. */
typedef struct lk_answer {
    const char *text;
    size_t length;
    int32_t step;
} lk_answer;

/* Apple's last two rows, for a lookup that found nothing: the default value when it is non-empty,
 * else the key. The one statement of that rule, for both paths. */
static inline lk_answer lk_unresolved(const char *key, size_t key_length, const char *default_value, size_t default_length) {
    lk_answer a;
    if (default_value && default_length > 0) {
        a.text = default_value; a.length = default_length; a.step = LK_STEP_DEFAULT;
    } else {
        a.text = key; a.length = key_length; a.step = LK_STEP_KEY;
    }
    return a;
}

enum { LK_ANSWERED = 1, LK_DECLINED = 0, LK_MISSED = 2 /* lk_plan_variant: the table has no such key */ };

/* The fast paths themselves, lk_fast_lookup, lk_fast_format and lk_fast_variant, are in lokale_fast.h. */

/* lk_fast_format's renderer on a given plan and table index (tests compare it with Swift's). It
 * declines, having written nothing that counts, whatever it cannot render byte for byte as the
 * general path would. Never reads outside the plan's sections. */
int lk_plan_format(const lk_plan *plan, int64_t t, uint32_t device, const void *key, size_t key_length,
                   const lk_arg *args, size_t arg_count, char *dst, size_t capacity, size_t *length);

/* lk_fast_variant's chooser: the text of the variant lk_plan_format would format, unformatted
 * (MessageRenderer's choosingOnly), or LK_MISSED when the table has no such key; LK_DECLINED as
 * lk_plan_format. */
int lk_plan_variant(const lk_plan *plan, int64_t t, uint32_t device, const void *key, size_t key_length,
                    const lk_arg *args, size_t arg_count, char *dst, size_t capacity, size_t *length);

#ifdef __cplusplus
}
#endif
#endif
