/* The key hash and the probe of a compiled table (docs/FORMAT.md), inline: the C ABI's fast path
 * (lokale_fast.h) runs them without a call; table.c's lk_key_hash and lk_find are these same
 * functions for the Swift reader, the writer and the format path. */
#ifndef LOKALE_FIND_H
#define LOKALE_FIND_H

#include "lokale_table.h"

static inline uint64_t lk_load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v; /* the format is little-endian, as every host Lokale builds for */
}

/* Whether n bytes are equal: keys are short, so two overlapping word compares instead of a call. */
static inline int lk_equal_bytes(const uint8_t *a, const uint8_t *b, size_t n) {
    if (n >= 8) {
        if (n > 16) return memcmp(a, b, n) == 0;
        return lk_load64(a) == lk_load64(b) && lk_load64(a + n - 8) == lk_load64(b + n - 8);
    }
    if (n >= 4) {
        uint32_t x, y, z, w;
        memcpy(&x, a, 4); memcpy(&y, b, 4); memcpy(&z, a + n - 4, 4); memcpy(&w, b + n - 4, 4);
        return x == y && z == w;
    }
    for (size_t i = 0; i < n; i++) if (a[i] != b[i]) return 0;
    return 1;
}

static inline uint32_t lk_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint32_t lk_key_hash_inline(const void *key, size_t n) {
    const uint64_t m = 0x9E3779B97F4A7C15ull;
    const uint8_t *b = key;
    uint64_t h = 0x243F6A8885A308D3ull ^ ((uint64_t)n * m);
#define MIX(w) do { h = (h ^ (w)) * m; h ^= h >> 29; } while (0)
    if (n >= 8) {
        size_t i = 0;
        for (; i + 8 <= n; i += 8) MIX(lk_load64(b + i));
        /* The last, partial word: the final eight bytes again, overlapping the previous word. */
        if (i < n) MIX(lk_load64(b + n - 8));
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

static inline int lk_find_inline(const uint8_t *slots, uint32_t slot_count, const uint8_t *records, uint64_t records_bytes,
                                 const void *key, size_t length, lk_entry *entry) {
    if (slot_count == 0) return LK_ABSENT;
    uint32_t h = lk_key_hash_inline(key, length);
    uint64_t s = ((uint64_t)h * slot_count) >> 32;
    for (uint32_t probes = 0; probes < slot_count; probes++) {
        uint64_t slot = lk_load64(slots + s * 8);
        uint64_t reference = slot >> 32;
        if (reference == 0) return LK_ABSENT;
        if ((uint32_t)slot == h) {
            uint64_t at = (reference - 1) * 4;
            if (records_bytes < 12 || at > records_bytes - 12) return LK_BAD_SLOT;
            const uint8_t *r = records + at;
            uint32_t first = lk_load32(r);
            uint64_t kl = first & LK_RECORD_LENGTH_MASK;
            if (kl == length) {
                uint64_t vl = lk_load32(r + 4);
                uint64_t header = (first & LK_RECORD_HAS_NODE) ? 12 : 8;
                /* Lengths are below 2^32 each: the sum cannot overflow. */
                if (header + kl + vl + 2 > records_bytes - at) return LK_BAD_RECORD;
                if (lk_equal_bytes(r + header, key, kl)) {
                    uint64_t value = header + kl + 1;
                    if (r[value + vl] != 0) return LK_BAD_VALUE;
                    entry->value_offset = at + value;
                    entry->value_length = vl;
                    entry->node = header == 12 ? lk_load32(r + 8) : LK_NONE;
                    return LK_FOUND;
                }
            }
        }
        if (++s == slot_count) s = 0;
    }
    return LK_ABSENT;
}

#endif
