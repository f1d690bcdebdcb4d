/* The handles the C ABI hands out (lokale_runtime *, lokale_bundle *, lokale_languages *): their
 * kind word, what the fast paths read through a bundle's handle, and the quarantine of freed ones
 * (handle_quarantine.c). Internal: not part of lokale.h. */
#ifndef LOKALE_HANDLE_H
#define LOKALE_HANDLE_H

#include "lokale_table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a lokale_bundle * points to, owned by the runtime's bundle (LokaleCore): `plan` is the
 * bundle's plan as last published (NULL until then), `shared` its runtime's; `object` and `kind`
 * belong to the C ABI layer (its handle object, and which handle it is); `serial` is unique in the
 * process and never reused (lk_handle_new), so that a list's entries recognize the bundle. A
 * lokale_runtime * and a lokale_languages * are handles too (no plan, no shared state; a languages
 * handle's `lists` are its list's plan entries), so that the kinds are told apart and recognized
 * once freed. A runtime or bundle that C started (lokale_start.h) has `start` and no `object` until
 * the Swift runtime takes it over. */
typedef struct lk_handle {
    const lk_plan *plan;
    const lk_shared *shared;
    void *object;
    lk_list_slot *lists;
    void *start; /* a runtime's or bundle's start in C (lokale_start.h) until the Swift objects exist */
    uint64_t serial;
    uint32_t kind; /* LK_HANDLE_*: 0 until the C ABI hands it out */
} lk_handle;

#define LK_HANDLE_BUNDLE 0x4c4b4255u    /* a live lokale_bundle ("LKBU") */
#define LK_HANDLE_RUNTIME 0x4c4b5255u   /* a live lokale_runtime ("LKRU") */
#define LK_HANDLE_LANGUAGES 0x4c4b4c41u /* a live lokale_languages ("LKLA") */
#define LK_HANDLE_MESSAGE_FORMAT 0x4c4b4d46u /* a live lokale_message_format ("LKMF") */
#define LK_HANDLE_FORMATTED_PARTS 0x4c4b4650u /* a live lokale_formatted_parts ("LKFP") */
#define LK_HANDLE_FREED 0x4c4b4644u     /* freed by lokale_*_free ("LKFD") */

static inline lk_list_slot *lk_handle_lists(const lk_handle *h) { return __atomic_load_n(&h->lists, __ATOMIC_ACQUIRE); }
static inline void lk_handle_set_lists(lk_handle *h, lk_list_slot *lists) { __atomic_store_n(&h->lists, lists, __ATOMIC_RELEASE); }

static inline void *lk_handle_object(const lk_handle *h) { return __atomic_load_n(&h->object, __ATOMIC_ACQUIRE); }
static inline void lk_handle_set_object(lk_handle *h, void *object) { __atomic_store_n(&h->object, object, __ATOMIC_RELEASE); }
static inline void *lk_handle_start(const lk_handle *h) { return __atomic_load_n(&h->start, __ATOMIC_ACQUIRE); }
static inline void lk_handle_set_start(lk_handle *h, void *start) { __atomic_store_n(&h->start, start, __ATOMIC_RELEASE); }
static inline const lk_plan *lk_handle_plan(const lk_handle *h) { return __atomic_load_n(&h->plan, __ATOMIC_ACQUIRE); }
static inline void lk_handle_set_plan(lk_handle *h, const lk_plan *plan) { __atomic_store_n(&h->plan, plan, __ATOMIC_RELEASE); }
static inline uint32_t lk_handle_kind(const lk_handle *h) { return __atomic_load_n(&h->kind, __ATOMIC_ACQUIRE); }
static inline void lk_handle_set_kind(lk_handle *h, uint32_t kind) { __atomic_store_n(&h->kind, kind, __ATOMIC_RELEASE); }
/* Marks a live handle of `kind` freed; 0 when it is not one (freed already, another kind, not a
 * handle): only one of two racing frees gets 1. */
static inline int lk_handle_mark_freed(lk_handle *h, uint32_t kind) {
    uint32_t expected = kind;
    return __atomic_compare_exchange_n(&h->kind, &expected, LK_HANDLE_FREED, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/* A new handle (kind 0, no plan, no object, a new serial) with `shared`; NULL when out of memory
 * (handle_quarantine.c). */
lk_handle *lk_handle_new(const lk_shared *shared);
/* Ends a handle: it is marked freed and its plan, shared state and object cleared, and its memory
 * is kept in a quarantine of the last LK_HANDLE_QUARANTINE retired handles before it goes back to
 * malloc, so that a caller's use of a recently freed handle (a second free, a call after free)
 * reads LK_HANDLE_FREED instead of memory that something else now uses. NULL does nothing. */
void lk_handle_retire(lk_handle *h);
#define LK_HANDLE_QUARANTINE 4096

#ifdef __cplusplus
}
#endif
#endif
