/*
 * The hash baseline: a bare open-addressing hash table in one file, read through mmap. The practical
 * floor a lookup can reach on this data: hash the key, one probe into the slot array (tag +
 * offset), one read of the entry (key, value). Linear probing, load factor <= 0.5.
 *
 * File: header | slots[nslots] {uint32 tag, uint32 offset+1 (0: empty)} | entries
 * Entry: uint16 key_len, uint16 value_len, key bytes, NUL, value bytes, NUL.
 */
#ifndef BENCH_HASHFILE_H
#define BENCH_HASHFILE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define HASHFILE_MAGIC "LKBHASH1"

typedef struct hashfile_header {
    char magic[8];
    uint64_t nslots; /* a power of two */
    uint64_t count;
    uint64_t slots_offset;
    uint64_t data_offset;
} hashfile_header;

typedef struct hashfile_slot {
    uint32_t tag;
    uint32_t offset; /* into the entries, plus one; 0: empty */
} hashfile_slot;

static inline uint64_t hashfile_mix(uint64_t h) {
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    h ^= h >> 32;
    return h;
}

/* Eight bytes at a time, multiply-xorshift (wyhash-like strength is not needed here). */
static inline uint64_t hashfile_hash(const char *key, size_t len) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (len * 0xff51afd7ed558ccdull);
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, key + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    uint64_t w = 0;
    memcpy(&w, key + i, len - i);
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    return hashfile_mix(h);
}

/* The value (NUL-terminated, inside the mapping) or NULL. */
static inline const char *hashfile_lookup(const unsigned char *base, const char *key, size_t len) {
    const hashfile_header *hd = (const hashfile_header *)base;
    const hashfile_slot *slots = (const hashfile_slot *)(base + hd->slots_offset);
    const unsigned char *data = base + hd->data_offset;
    uint64_t mask = hd->nslots - 1, h = hashfile_hash(key, len);
    uint32_t tag = (uint32_t)(h >> 32);
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        hashfile_slot s = slots[i];
        if (s.offset == 0) return NULL;
        if (s.tag != tag) continue;
        const unsigned char *e = data + s.offset - 1;
        uint16_t klen, vlen;
        memcpy(&klen, e, 2);
        memcpy(&vlen, e + 2, 2);
        if (klen == len && memcmp(e + 4, key, len) == 0) return (const char *)e + 4 + klen + 1;
    }
}

#endif
