#include "lokale_fast.h"

#include <stdlib.h>
#include <string.h>

static inline uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v; /* the format is little-endian, as every host Lokale builds for */
}

/* Whether n bytes are equal: keys are short, so two overlapping word compares instead of a call. */
static inline int equal_bytes(const uint8_t *a, const uint8_t *b, size_t n) {
    if (n >= 8) {
        if (n > 16) return memcmp(a, b, n) == 0;
        return load64(a) == load64(b) && load64(a + n - 8) == load64(b + n - 8);
    }
    if (n >= 4) {
        uint32_t x, y, z, w;
        memcpy(&x, a, 4); memcpy(&y, b, 4); memcpy(&z, a + n - 4, 4); memcpy(&w, b + n - 4, 4);
        return x == y && z == w;
    }
    for (size_t i = 0; i < n; i++) if (a[i] != b[i]) return 0;
    return 1;
}

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

uint32_t lk_key_hash(const void *key, size_t n) {
    const uint64_t m = 0x9E3779B97F4A7C15ull;
    const uint8_t *b = key;
    uint64_t h = 0x243F6A8885A308D3ull ^ ((uint64_t)n * m);
#define MIX(w) do { h = (h ^ (w)) * m; h ^= h >> 29; } while (0)
    if (n >= 8) {
        size_t i = 0;
        for (; i + 8 <= n; i += 8) MIX(load64(b + i));
        /* The last, partial word: the final eight bytes again, overlapping the previous word. */
        if (i < n) MIX(load64(b + n - 8));
    } else if (n > 0) {
        uint64_t tail = 0;
        for (size_t i = 0; i < n; i++) tail |= (uint64_t)b[i] << (8 * i);
        MIX(tail);
    }
#undef MIX
    if (n == 0) return (uint32_t)(h ^ (h >> 32));
    h = (h ^ (h >> 32)) * 0xD6E8FEB86659FD93ull;
    return (uint32_t)(h ^ (h >> 32));
}

int lk_find(const uint8_t *slots, uint32_t slot_count, const uint8_t *records, uint64_t records_bytes,
            const void *key, size_t length, lk_entry *entry) {
    if (slot_count == 0) return LK_ABSENT;
    uint32_t h = lk_key_hash(key, length);
    uint64_t s = ((uint64_t)h * slot_count) >> 32;
    for (uint32_t probes = 0; probes < slot_count; probes++) {
        uint64_t slot = load64(slots + s * 8);
        uint64_t reference = slot >> 32;
        if (reference == 0) return LK_ABSENT;
        if ((uint32_t)slot == h) {
            uint64_t at = (reference - 1) * 4;
            if (records_bytes < 12 || at > records_bytes - 12) return LK_BAD_SLOT;
            const uint8_t *r = records + at;
            uint32_t first = load32(r);
            uint64_t kl = first & LK_RECORD_LENGTH_MASK;
            if (kl == length) {
                uint64_t vl = load32(r + 4);
                uint64_t header = (first & LK_RECORD_HAS_NODE) ? 12 : 8;
                /* Lengths are below 2^32 each: the sum cannot overflow. */
                if (header + kl + vl + 2 > records_bytes - at) return LK_BAD_RECORD;
                if (equal_bytes(r + header, key, kl)) {
                    uint64_t value = header + kl + 1;
                    if (r[value + vl] != 0) return LK_BAD_VALUE;
                    entry->value_offset = at + value;
                    entry->value_length = vl;
                    entry->node = header == 12 ? load32(r + 8) : LK_NONE;
                    return LK_FOUND;
                }
            }
        }
        if (++s == slot_count) s = 0;
    }
    return LK_ABSENT;
}

lk_shared *lk_shared_new(void) {
    lk_shared *s = calloc(1, sizeof *s);
    if (s) __atomic_store_n(&s->generation, 1, __ATOMIC_RELEASE);
    return s;
}

void lk_shared_free(lk_shared *shared) { free(shared); }

lk_plan *lk_plan_new(uint64_t table_count) {
    if (table_count > LK_LIMIT_TABLES) return NULL;
    return calloc(1, sizeof(lk_plan) + table_count * sizeof(lk_plan_table));
}

void lk_plan_free(lk_plan *plan) { free(plan); }

lk_plan_table *lk_plan_tables(lk_plan *plan) { return plan->tables; }

int64_t lk_plan_table_index(const lk_plan *plan, const void *name, size_t length) {
    if (name == NULL) return plan->default_table;
    for (uint64_t i = 0; i < plan->table_count; i++) {
        const lk_plan_table *t = &plan->tables[i];
        if (t->name_length == length && memcmp(t->name, name, length) == 0) return (int64_t)i;
    }
    return -1;
}

/* Word i of a NODE section, through *w; 0 when i is outside it. */

int lk_plain_variant(const uint8_t *nodes, uint64_t node_words, const uint8_t *strings, uint64_t strings_bytes,
                     uint32_t node, uint32_t device, const char **text, size_t *length) {
    /* Until a device node is met, the walk reaches the text the writer stored as the value (the
     * `other` cases, the body): answering the value is the same and costs nothing more. */
    int varies = 0;
    if (device > LK_DEVICE_OTHER) device = LK_DEVICE_OTHER;
    /* A tree deeper than the renderer walks is refused as it refuses it (a cycle ends here too). */
    for (uint32_t depth = 0; depth < LK_LIMIT_RENDER_DEPTH; depth++) {
        uint64_t at = node;
        uint32_t kind, child, offset, size;
        if (!lk_node_word(nodes, node_words, at, &kind)) return -1;
        switch (kind) {
        case LK_NODE_TEXT:
            if (!varies) return 0;
            if (!lk_node_word(nodes, node_words, at + 1, &offset) || !lk_node_word(nodes, node_words, at + 2, &size)) return -1;
            if (offset >= strings_bytes || size >= strings_bytes - offset || strings[offset + size] != 0) return -1;
            *text = (const char *)strings + offset;
            *length = size;
            return 1;
        case LK_NODE_DEVICE:
            /* Apple's rule, as the renderer applies it: the device's variant, then `other`. With
             * neither, the record's value (the writer's representative text) rather than nothing. */
            if (!lk_node_word(nodes, node_words, at + 1 + device, &child)) return -1;
            if (child == LK_NONE && !lk_node_word(nodes, node_words, at + 1 + LK_DEVICE_OTHER, &child)) return -1;
            if (child == LK_NONE) return 0;
            varies = 1;
            node = child;
            break;
        case LK_NODE_PLURAL:
            /* No count is known: the `other` case, as the table stores it for the value. */
            if (!lk_node_word(nodes, node_words, at + 3 + LK_CATEGORY_OTHER, &child)) return -1;
            if (child == LK_NONE) return 0;
            node = child;
            break;
        case LK_NODE_MESSAGE:
            if (!lk_node_word(nodes, node_words, at + 1, &child)) return -1;
            node = child;
            break;
        case LK_NODE_REPLACED:
            if (!lk_node_word(nodes, node_words, at + 3, &child)) return -1;
            node = child;
            break;
        default:
            return -1;
        }
    }
    return -1;
}
