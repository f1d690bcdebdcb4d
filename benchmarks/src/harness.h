/* What the C drivers (bench.c, side.c, requests.c, threads.c) share: a monotonic clock, reading a
 * data file whole, percentiles of sorted samples, the process's memory, and their "--name value"
 * options. */
#ifndef LOKALE_BENCH_HARNESS_H
#define LOKALE_BENCH_HARNESS_H

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static inline double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* dir/name, read whole into a malloc'd buffer with a NUL after it; exits on failure. */
static inline char *load_file(const char *dir, const char *name, size_t *len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)size + 1);
    if (!p || fread(p, 1, (size_t)size, f) != (size_t)size) { perror(path); exit(1); }
    fclose(f);
    p[size] = 0;
    *len = (size_t)size;
    return p;
}

static inline int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The p-th percentile (0..1) of n sorted samples, interpolated. */
static inline double pct(const double *sorted, size_t n, double p) {
    double idx = p * (double)(n - 1);
    size_t lo = (size_t)idx;
    double frac = idx - (double)lo;
    return lo + 1 < n ? sorted[lo] * (1 - frac) + sorted[lo + 1] * frac : sorted[lo];
}

/* RSS from /proc/self/statm (KiB: all, file-backed, anonymous) and the heap in use (malloc's,
 * bytes: exact, whatever pages it reuses). */
typedef struct mem { long rss_kb, file_kb, anon_kb; long long heap; } mem;
static inline mem statm(void) {
    mem m = {0, 0, 0, 0};
    struct mallinfo2 mi = mallinfo2();
    m.heap = (long long)mi.uordblks + (long long)mi.hblkhd;
    FILE *f = fopen("/proc/self/statm", "r");
    long size, resident, shared;
    if (f && fscanf(f, "%ld %ld %ld", &size, &resident, &shared) == 3) {
        long kb = sysconf(_SC_PAGESIZE) / 1024;
        m.rss_kb = resident * kb;
        m.file_kb = shared * kb;
        m.anon_kb = (resident - shared) * kb;
    }
    if (f) fclose(f);
    return m;
}

/* The value after --name among the arguments (the positional ones never start with "--"), or def. */
static inline const char *opts(int argc, char **argv, const char *name, const char *def) {
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    return def;
}
static inline size_t opt(int argc, char **argv, const char *name, size_t def) {
    const char *v = opts(argc, argv, name, NULL);
    return v ? (size_t)atol(v) : def;
}
/* Whether --name is among the arguments. */
static inline int flag(int argc, char **argv, const char *name) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], name) == 0) return 1;
    return 0;
}

#endif
