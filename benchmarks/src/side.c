/*
 * Lokale, the bare hash and gettext side by side in one process: the same batches of keys, the
 * engines taking turns batch for batch (the order rotating), so that the machine's changes of
 * speed fall on all of them alike. bench.c runs each engine in its own process, one after the
 * other; on a shared VM a process can run much slower than the next one for minutes (and flip
 * mid-run), which moves ratios between engines measured apart. The ratios here are per batch pair, then their median.
 *
 * usage: bench_side DATADIR N [--ops K] [--reps R] [--batch B]
 * Prints one JSON object per case on stdout (engine "c-side-by-side").
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

#define KW 16 /* key record width */
#define PLURAL_KEY "files.count"

static const char *datadir;

#include "engines_three.h"

static volatile long sink;

/* One engine's measured loops (not inlined: each engine's loop is its own code). */
#define LOOPS(p)                                                                              \
    __attribute__((noinline)) static long p##_lookups(void *h, const char *keys, size_t n) {  \
        long hits = 0;                                                                        \
        for (size_t i = 0; i < n; i++) hits += p##_lookup(h, keys + i * KW);                  \
        return hits;                                                                          \
    }                                                                                         \
    __attribute__((noinline)) static long p##_plurals(void *h, const uint32_t *ns, size_t n) { \
        char out[256];                                                                        \
        long total = 0;                                                                       \
        for (size_t i = 0; i < n; i++) total += p##_plural(h, ns[i], out, sizeof out);        \
        return total;                                                                         \
    }
LOOPS(lk)
LOOPS(hash)
LOOPS(gt)

/* gettext's contract on a gettext catalog: bench.sh compiles the same .mo glibc reads into
 * gettext.lokale (table "bench", the domain), whose Plural-Forms rule chooses the form. ngettext is
 * lokale_bundle_lookup_variant (the chosen form, unformatted), beside glibc's dngettext alone and
 * dngettext + snprintf; the format is lokale_bundle_format beside dngettext + snprintf. */
#define GETTEXT_TABLE "bench"

static void *po_open(void) {
    char path[4096];
    snprintf(path, sizeof path, "%s/gettext.lokale", datadir);
    lokale_bundle *b = NULL;
    if (lokale_bundle_open(&b, rt, path, 0) != LOKALE_OK) {
        fprintf(stderr, "lokale_bundle_open %s: %s\n", path, lokale_last_error());
        return NULL;
    }
    return b;
}

static inline int po_ngettext(void *h, long n, char *out, size_t cap) {
    lokale_message m = lokale_message_make(PLURAL_KEY, GETTEXT_TABLE, NULL);
    lokale_arg a = lokale_arg_int(n);
    size_t needed = 0;
    lokale_bundle_lookup_variant(out, cap, &needed, NULL, (const lokale_bundle *)h, &m, &a, 1);
    return (int)needed;
}

static inline int po_format(void *h, long n, char *out, size_t cap) {
    lokale_message m = lokale_message_make(PLURAL_KEY, GETTEXT_TABLE, NULL);
    lokale_arg a = lokale_arg_int(n);
    size_t needed = 0;
    lokale_bundle_format(out, cap, &needed, (const lokale_bundle *)h, &m, &a, 1);
    return (int)needed;
}

/* glibc's ngettext alone: the form, not formatted (its length, so that the call is not elided). */
static inline int gtn_plural(void *h, long n, char *out, size_t cap) {
    (void)out; (void)cap;
    return (int)strlen(dngettext((const char *)h, PLURAL_KEY, PLURAL_KEY, (unsigned long)n));
}

#define PLURAL_LOOP(p)                                                                        \
    __attribute__((noinline)) static long p##_plurals(void *h, const uint32_t *ns, size_t n) { \
        char out[256];                                                                        \
        long total = 0;                                                                       \
        for (size_t i = 0; i < n; i++) total += p(h, ns[i], out, sizeof out);                 \
        return total;                                                                         \
    }
PLURAL_LOOP(po_ngettext)
PLURAL_LOOP(po_format)
PLURAL_LOOP(gtn_plural)

/* lokale's answers on the gettext table are glibc's, for the counts below 1000 (larger ones are
 * grouped by lokale's %lld, as in the plural-format case). */
static int po_same_answers(void *po, void *gt) {
    for (long n = 0; n < 1000; n++) {
        char a[512], b[512];
        po_ngettext(po, n, a, sizeof a);
        const char *form = dngettext((const char *)gt, PLURAL_KEY, PLURAL_KEY, (unsigned long)n);
        if (strcmp(a, form) != 0) {
            fprintf(stderr, "side-by-side ngettext n=%ld: lokale \"%s\", gettext \"%s\"\n", n, a, form);
            return 0;
        }
        po_format(po, n, a, sizeof a);
        gt_plural(gt, n, b, sizeof b);
        if (strcmp(a, b) != 0) {
            fprintf(stderr, "side-by-side gettext format n=%ld: lokale \"%s\", gettext \"%s\"\n", n, a, b);
            return 0;
        }
    }
    return 1;
}

typedef struct engine {
    const char *name;
    void *h;
    long (*lookups)(void *, const char *, size_t);
    long (*plurals)(void *, const uint32_t *, size_t);
} engine;


static void print_dist(const char *label, double *v, size_t n, int last) {
    qsort(v, n, sizeof *v, cmp_double);
    printf("\"%s\": {\"p50\": %.3f, \"p10\": %.3f, \"p90\": %.3f}%s", label, pct(v, n, 0.5), pct(v, n, 0.1),
           pct(v, n, 0.9), last ? "" : ", ");
}

/* engines[0] is lokale; every other engine's ratio is its per-batch time divided by lokale's in
 * the same round (above 1: lokale is faster). kind 0: lookups over keys, 1: plural formats over ns. */
static void side_by_side(const char *casename, long n, engine *engines, int count, int kind, const char *keys,
                         const uint32_t *ns, size_t ops, int reps, size_t batch, long expect_hits) {
    size_t nb = ops / batch, rounds = nb * (size_t)reps;
    double *t[4], *r[4];
    long hits[4] = {0};
    for (int e = 0; e < count; e++) {
        t[e] = malloc(rounds * sizeof(double));
        r[e] = malloc(rounds * sizeof(double));
        /* warm-up: a full pass of each */
        sink += kind == 0 ? engines[e].lookups(engines[e].h, keys, nb * batch) : engines[e].plurals(engines[e].h, ns, nb * batch);
    }
    for (int rep = 0; rep < reps; rep++) {
        for (size_t b = 0; b < nb; b++) {
            size_t i = (size_t)rep * nb + b;
            for (int k = 0; k < count; k++) {
                int e = (int)((k + i) % (size_t)count);
                double t0 = now_ns();
                long v = kind == 0 ? engines[e].lookups(engines[e].h, keys + b * batch * KW, batch)
                                   : engines[e].plurals(engines[e].h, ns + b * batch, batch);
                t[e][i] = (now_ns() - t0) / (double)batch;
                if (rep == 0) hits[e] += v;
            }
            for (int e = 1; e < count; e++) r[e][i] = t[e][i] / t[0][i];
        }
    }
    for (int e = 0; kind == 0 && e < count; e++)
        if (hits[e] != expect_hits) {
            fprintf(stderr, "side-by-side %s N=%ld: %s had %ld hits, expected %ld\n", casename, n, engines[e].name,
                    hits[e], expect_hits);
            exit(1);
        }
    printf("{\"engine\": \"c-side-by-side\", \"case\": \"%s\", \"n\": %ld, \"reps\": %d, \"batch\": %zu, "
           "\"samples\": %zu, \"ns_per_op\": {", casename, n, reps, batch, rounds);
    for (int e = 0; e < count; e++) print_dist(engines[e].name, t[e], rounds, e == count - 1);
    printf("}, \"ratio_to_lokale\": {");
    for (int e = 1; e < count; e++) print_dist(engines[e].name, r[e], rounds, e == count - 1);
    printf("}}\n");
    fflush(stdout);
    for (int e = 0; e < count; e++) { free(t[e]); free(r[e]); }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s DATADIR N [--ops K] [--reps R] [--batch B]\n", argv[0]);
        return 2;
    }
    datadir = argv[1];
    long n = atol(argv[2]);
    size_t ops = opt(argc, argv, "--ops", 200000), batch = opt(argc, argv, "--batch", 1000);
    int reps = (int)opt(argc, argv, "--reps", 5);
    size_t len;
    const char *uniform = load_file(datadir, "ops_uniform.bin", &len);
    if (ops > len / KW) ops = len / KW;
    const char *zipf = load_file(datadir, "ops_zipf.bin", &len);
    const char *miss = load_file(datadir, "ops_miss.bin", &len);
    const uint32_t *plural_n = (const uint32_t *)load_file(datadir, "plural_n.bin", &len);
    size_t pops = ops / 4 < batch ? batch : ops / 4; /* formatting is slower: a quarter of the ops */
    if (pops > len / sizeof *plural_n) pops = len / sizeof *plural_n / batch * batch;

    if (lk_init() != 0 || hash_init() != 0 || gt_init() != 0) return 1;
    engine all[3] = {
        {"lokale", lk_open(-1), lk_lookups, lk_plurals},
        {"hash-baseline", hash_open(-1), hash_lookups, hash_plurals},
        {"gettext", gt_open(-1), gt_lookups, gt_plurals},
    };
    for (int e = 0; e < 3; e++)
        if (!all[e].h) return 1;
    /* the same answers: a sample of keys through each engine */
    for (size_t i = 0; i < 1000 && i < ops; i++) {
        char a[512], b[512], c[512];
        const char *key = uniform + i * KW;
        if (strcmp(lk_sample(all[0].h, key, a, sizeof a), hash_sample(all[1].h, key, b, sizeof b)) != 0 ||
            strcmp(a, gt_sample(all[2].h, key, c, sizeof c)) != 0) {
            fprintf(stderr, "side-by-side N=%ld: %s: lokale \"%s\", hash \"%s\", gettext \"%s\"\n", n, key, a, b, c);
            return 1;
        }
    }
    long all_hit = (long)(ops / batch * batch);
    side_by_side("plain-hit-uniform", n, all, 3, 0, uniform, NULL, ops, reps, batch, all_hit);
    side_by_side("plain-hit-zipf", n, all, 3, 0, zipf, NULL, ops, reps, batch, all_hit);
    side_by_side("plain-miss", n, all, 3, 0, miss, NULL, ops, reps, batch, 0);
    engine plural[2] = {all[0], all[2]}; /* the bare hash has no plural */
    side_by_side("plural-format", n, plural, 2, 1, NULL, plural_n, pops, reps, batch, 0);
    void *po = po_open();
    if (!po || !po_same_answers(po, all[2].h)) return 1;
    engine ngettext[3] = {{"lokale", po, NULL, po_ngettext_plurals}, {"gettext", all[2].h, NULL, gt_plurals},
                          {"gettext-dngettext", all[2].h, NULL, gtn_plural_plurals}};
    side_by_side("gettext-ngettext", n, ngettext, 3, 1, NULL, plural_n, pops, reps, batch, 0);
    engine formats[2] = {{"lokale", po, NULL, po_format_plurals}, {"gettext", all[2].h, NULL, gt_plurals}};
    side_by_side("gettext-plural-format", n, formats, 2, 1, NULL, plural_n, pops, reps, batch, 0);
    return 0;
}
