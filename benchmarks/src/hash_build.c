/* Writes the hash baseline's file (hashfile.h) from key<TAB>value lines. usage: hash_build IN.tsv OUT */
#define _POSIX_C_SOURCE 200809L
#include "hashfile.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s IN.tsv OUT\n", argv[0]); return 2; }
    FILE *in = fopen(argv[1], "r");
    if (!in) { perror(argv[1]); return 1; }
    size_t cap = 1024, n = 0;
    char **lines = malloc(cap * sizeof *lines);
    char *line = NULL;
    size_t lcap = 0;
    ssize_t len;
    while ((len = getline(&line, &lcap, in)) > 0) {
        if (line[len - 1] == '\n') line[len - 1] = 0;
        if (n == cap) lines = realloc(lines, (cap *= 2) * sizeof *lines);
        lines[n++] = strdup(line);
    }
    fclose(in);
    uint64_t nslots = 16;
    while (nslots < 2 * n) nslots <<= 1;
    hashfile_slot *slots = calloc(nslots, sizeof *slots);
    size_t dcap = 1 << 20, dlen = 0;
    unsigned char *data = malloc(dcap);
    for (size_t i = 0; i < n; i++) {
        char *tab = strchr(lines[i], '\t');
        if (!tab) { fprintf(stderr, "line %zu: no tab\n", i + 1); return 1; }
        *tab = 0;
        const char *k = lines[i], *v = tab + 1;
        uint16_t klen = (uint16_t)strlen(k), vlen = (uint16_t)strlen(v);
        size_t need = 4 + klen + 1 + vlen + 1;
        while (dlen + need > dcap) data = realloc(data, dcap *= 2);
        uint64_t h = hashfile_hash(k, klen);
        uint64_t j = h & (nslots - 1);
        while (slots[j].offset) j = (j + 1) & (nslots - 1);
        slots[j].tag = (uint32_t)(h >> 32);
        slots[j].offset = (uint32_t)(dlen + 1);
        memcpy(data + dlen, &klen, 2);
        memcpy(data + dlen + 2, &vlen, 2);
        memcpy(data + dlen + 4, k, klen + 1);
        memcpy(data + dlen + 4 + klen + 1, v, vlen + 1);
        dlen += need;
    }
    hashfile_header hd;
    memset(&hd, 0, sizeof hd);
    memcpy(hd.magic, HASHFILE_MAGIC, 8);
    hd.nslots = nslots;
    hd.count = n;
    hd.slots_offset = sizeof hd;
    hd.data_offset = sizeof hd + nslots * sizeof *slots;
    FILE *out = fopen(argv[2], "wb");
    if (!out) { perror(argv[2]); return 1; }
    fwrite(&hd, sizeof hd, 1, out);
    fwrite(slots, sizeof *slots, nslots, out);
    fwrite(data, 1, dlen, out);
    if (fclose(out) != 0) { perror(argv[2]); return 1; }
    return 0;
}
