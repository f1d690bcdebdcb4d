/* The memory of the C ABI's handles (lk_handle: what a lokale_bundle * and a lokale_runtime * point
 * to). Freeing one while another thread uses it, or twice, is the caller's error (lokale.h), but
 * the library keeps it from becoming memory corruption where that is cheap: a retired handle's
 * memory is not handed back to malloc at once. It waits in a quarantine of the last
 * LK_HANDLE_QUARANTINE retired handles (their kind LK_HANDLE_FREED, their pointers NULL), so a
 * stale pointer to a recent handle reads "freed" — the C ABI then answers LOKALE_EINVAL, or does
 * nothing for a second free — rather than another object. 56 bytes a handle, 224 KiB at most. */
#include "lokale_handle.h"

#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t quarantine_lock = PTHREAD_MUTEX_INITIALIZER;
static lk_handle *quarantine[LK_HANDLE_QUARANTINE];
static size_t quarantine_next;

static uint64_t last_serial;

lk_handle *lk_handle_new(const lk_shared *shared) {
    lk_handle *h = calloc(1, sizeof *h);
    if (h) {
        h->shared = shared;
        h->serial = __atomic_add_fetch(&last_serial, 1, __ATOMIC_RELAXED);
    }
    return h;
}

void lk_handle_retire(lk_handle *h) {
    if (!h) return;
    /* A fast path that still reads the handle finds no plan and declines before it reads `shared`;
     * the general path finds the kind freed. */
    lk_handle_set_plan(h, NULL);
    lk_handle_set_lists(h, NULL);
    __atomic_store_n(&h->shared, NULL, __ATOMIC_RELEASE);
    __atomic_store_n(&h->object, NULL, __ATOMIC_RELEASE);
    __atomic_store_n(&h->start, NULL, __ATOMIC_RELEASE);
    lk_handle_set_kind(h, LK_HANDLE_FREED);
    pthread_mutex_lock(&quarantine_lock);
    lk_handle *oldest = quarantine[quarantine_next];
    quarantine[quarantine_next] = h;
    quarantine_next = (quarantine_next + 1) % LK_HANDLE_QUARANTINE;
    pthread_mutex_unlock(&quarantine_lock);
    free(oldest);
}

lk_list_slot *lk_list_slots_new(void) { return calloc(LK_LIST_SLOTS, sizeof(lk_list_slot)); }

void lk_list_slots_free(lk_list_slot *slots) { free(slots); }
