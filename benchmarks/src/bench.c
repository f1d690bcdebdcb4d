/*
 * The C driver of the benchmark suite: one engine per binary (built with -DENGINE_LOKALE,
 * -DENGINE_GETTEXT, -DENGINE_ICU or -DENGINE_HASH), one process per engine and N, so that the
 * memory figures belong to that engine alone.
 *
 * usage: bench_ENGINE DATADIR N [--ops K] [--reps R] [--opens O] [--batch B] [--touch T]
 *        bench_ENGINE DATADIR N --callgrind uniform|zipf|miss|plural [--ops K]
 *
 * DATADIR holds what bench.sh prepared for N: bench.lokale, mo/ru/LC_MESSAGES/bench.mo,
 * res/ru.res, bench.hash and the key streams of gen_ops.py (16-byte NUL-padded records).
 * Prints one JSON object per line on stdout (a case each); progress and samples on stderr.
 *
 * Timing: each repetition replays the same pre-generated stream in batches of B operations timed
 * with clock_gettime(CLOCK_MONOTONIC); a batch's time divided by B is one sample. p50/p90/p99 are
 * taken over all samples of all repetitions; rep_p50 lists each repetition's median.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

#define KW 16 /* key record width */
#define PLURAL_KEY "files.count"

static const char *datadir;
static long n_messages;

/* The engine (benchmarks/src/engines.h): eng_init, eng_open, eng_lookup, eng_plural, ...       */
#include "engines.h"

/* ------------------------------------------------------------------------------------------ */
/* The harness                                                                                 */

static volatile long sink;




/* The measured loops: not inlined, so callgrind can count exactly these (--toggle-collect). */
__attribute__((noinline)) long run_lookups(void *h, const char *keys, size_t count) {
    long hits = 0;
    for (size_t i = 0; i < count; i++) hits += eng_lookup(h, keys + i * KW);
    return hits;
}

__attribute__((noinline)) long run_plurals(void *h, const uint32_t *ns, size_t count) {
    char out[256];
    long total = 0;
    for (size_t i = 0; i < count; i++) total += eng_plural(h, ns[i], out, sizeof out);
    return total;
}

static void print_stats(const char *casename, double *samples, size_t count, const double *rep_p50,
                        int reps, size_t ops, size_t batch, const char *extra) {
    double sum = 0;
    for (size_t i = 0; i < count; i++) sum += samples[i];
    qsort(samples, count, sizeof *samples, cmp_double);
    printf("{\"engine\": \"%s\", \"case\": \"%s\", \"n\": %ld, \"ns_per_op\": {\"p50\": %.2f, "
           "\"p90\": %.2f, \"p99\": %.2f, \"mean\": %.2f, \"min\": %.2f}, \"rep_p50\": [",
           ENGINE, casename, n_messages, pct(samples, count, 0.5), pct(samples, count, 0.9),
           pct(samples, count, 0.99), sum / (double)count, samples[0]);
    for (int r = 0; r < reps; r++) printf("%s%.2f", r ? ", " : "", rep_p50[r]);
    printf("], \"reps\": %d, \"ops_per_rep\": %zu, \"batch\": %zu, \"samples\": %zu%s}\n", reps, ops,
           batch, count, extra ? extra : "");
    fflush(stdout);
}

/* Warm-up pass, then reps x (ops / batch) timed batches. kind 0: lookups, 1: plurals. */
static void measure(const char *casename, void *h, int kind, const char *keys, const uint32_t *ns,
                    size_t ops, int reps, size_t batch, long expect_hits) {
    size_t nb = ops / batch;
    double *samples = malloc(nb * (size_t)reps * sizeof *samples);
    double *rep_p50 = malloc((size_t)reps * sizeof *rep_p50);
    double *tmp = malloc(nb * sizeof *tmp);
    long hits = 0;
    /* warm-up: one full pass */
    if (kind == 0) sink += run_lookups(h, keys, nb * batch);
    else sink += run_plurals(h, ns, nb * batch);
    for (int r = 0; r < reps; r++) {
        hits = 0;
        for (size_t b = 0; b < nb; b++) {
            double t0 = now_ns();
            long v = kind == 0 ? run_lookups(h, keys + b * batch * KW, batch)
                               : run_plurals(h, ns + b * batch, batch);
            double t1 = now_ns();
            hits += v;
            samples[(size_t)r * nb + b] = tmp[b] = (t1 - t0) / (double)batch;
        }
        qsort(tmp, nb, sizeof *tmp, cmp_double);
        rep_p50[r] = pct(tmp, nb, 0.5);
    }
    char extra[128] = "";
    if (kind == 0) {
        snprintf(extra, sizeof extra, ", \"hits\": %ld", hits);
        if (hits != expect_hits) {
            fprintf(stderr, "%s %s N=%ld: %ld hits of %zu, expected %ld\n", ENGINE, casename,
                    n_messages, hits, nb * batch, expect_hits);
            exit(1);
        }
    }
    print_stats(casename, samples, nb * (size_t)reps, rep_p50, reps, nb * batch, batch, extra);
    free(samples);
    free(rep_p50);
    free(tmp);
}

static void check_plural(void *h) {
    static const struct { long n; const char *text; } want[] = {
        {1, "1 файл в «Документах»"}, {3, "3 файла в «Документах»"}, {5, "5 файлов в «Документах»"},
        {11, "11 файлов в «Документах»"}, {21, "21 файл в «Документах»"}, {22, "22 файла в «Документах»"},
        {0, "0 файлов в «Документах»"}, {112, "112 файлов в «Документах»"},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        char out[256];
        eng_plural(h, want[i].n, out, sizeof out);
        if (strcmp(out, want[i].text) != 0) {
            fprintf(stderr, "%s plural(%ld) = \"%s\", expected \"%s\"\n", ENGINE, want[i].n, out, want[i].text);
            exit(1);
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s DATADIR N [--ops K] [--reps R] [--opens O] [--batch B] [--touch T]\n"
                        "       %s DATADIR N --callgrind uniform|zipf|miss [--ops K]\n", argv[0], argv[0]);
        return 2;
    }
    datadir = argv[1];
    n_messages = atol(argv[2]);
    size_t ops = opt(argc, argv, "--ops", 200000), batch = opt(argc, argv, "--batch", 1000);
    int reps = (int)opt(argc, argv, "--reps", 5), opens = (int)opt(argc, argv, "--opens", 50);
    size_t touch_ops = opt(argc, argv, "--touch", 1000000);
    const char *callgrind = opts(argc, argv, "--callgrind", NULL);

    /* Every stream is loaded before the baseline RSS. */
    size_t len;
    const char *uniform = load_file(datadir, "ops_uniform.bin", &len);
    size_t stream_ops = len / KW;
    const char *zipf = load_file(datadir, "ops_zipf.bin", &len);
    const char *miss = load_file(datadir, "ops_miss.bin", &len);
    const char *touch = load_file(datadir, "ops_touch.bin", &len);
    size_t touch_avail = len / KW;
    const uint32_t *plural_n = (const uint32_t *)load_file(datadir, "plural_n.bin", &len);
    if (ops > stream_ops) ops = stream_ops;
    if (touch_ops > touch_avail) touch_ops = touch_avail;

    if (callgrind) {
        /* Instruction counts: open, warm up on the stream, then only run_lookups is collected
         * (valgrind --tool=callgrind --collect-atstart=no --toggle-collect=run_lookups). The
         * warm-up goes through warm_lookups, which is not collected. */
        const char *keys = strcmp(callgrind, "zipf") == 0 ? zipf : strcmp(callgrind, "miss") == 0 ? miss : uniform;
        if (eng_init() != 0) return 1;
        void *h = eng_open(-1);
        if (!h) return 1;
        long hits;
        if (strcmp(callgrind, "plural") == 0) {
            /* --toggle-collect=run_plurals: the plural-format loop. */
            if (ops > len / sizeof *plural_n) ops = len / sizeof *plural_n;
            char out[256];
            for (size_t i = 0; i < ops; i++) sink += eng_plural(h, plural_n[i], out, sizeof out);
            hits = run_plurals(h, plural_n, ops);
        } else {
            for (size_t i = 0; i < ops; i++) sink += eng_lookup(h, keys + i * KW);
            hits = run_lookups(h, keys, ops);
        }
        printf("{\"engine\": \"%s\", \"n\": %ld, \"stream\": \"%s\", \"ops\": %zu, \"hits\": %ld}\n",
               ENGINE, n_messages, callgrind, ops, hits);
        return 0;
    }

    /* open: init + open + first lookup in this fresh process, then memory after it */
    mem m0 = statm();
    double t0 = now_ns();
    if (eng_init() != 0) return 1;
    double t_init = now_ns();
    void *h = eng_open(-1);
    if (!h) return 1;
    int first_hit = eng_lookup(h, uniform);
    double t1 = now_ns();
    mem m1 = statm();
    if (!first_hit) { fprintf(stderr, "%s: first lookup missed\n", ENGINE); return 1; }
    char buf[256];
    fprintf(stderr, "%s N=%ld: msg.000000 -> \"%s\"\n", ENGINE, n_messages, eng_sample(h, "msg.000000", buf, sizeof buf));
    if (HAS_PLURAL) check_plural(h);

    /* memory: touch lookups over a permutation of all keys, cycled */
    long th = run_lookups(h, touch, touch_ops);
    if (th != (long)touch_ops) { fprintf(stderr, "%s: touch %ld of %zu hits\n", ENGINE, th, touch_ops); return 1; }
    mem m2 = statm();
    char path[4096];
    struct stat st;
    const char *file = strcmp(ENGINE, "lokale") == 0 ? "bench.lokale" : strcmp(ENGINE, "gettext") == 0 ? "mo/ru/LC_MESSAGES/bench.mo"
                     : strcmp(ENGINE, "icu-ures") == 0 ? "res/ru.res" : "bench.hash";
    snprintf(path, sizeof path, "%s/%s", datadir, file);
    long file_bytes = stat(path, &st) == 0 ? (long)st.st_size : -1;
    printf("{\"engine\": \"%s\", \"case\": \"memory\", \"n\": %ld, \"lookups\": %zu, "
           "\"rss_kb\": {\"baseline\": %ld, \"after_open\": %ld, \"after_lookups\": %ld}, "
           "\"anon_kb\": {\"baseline\": %ld, \"after_open\": %ld, \"after_lookups\": %ld}, "
           "\"file_kb\": {\"baseline\": %ld, \"after_open\": %ld, \"after_lookups\": %ld}, "
           "\"file_bytes\": %ld, \"version\": \"%s\"}\n",
           ENGINE, n_messages, touch_ops, m0.rss_kb, m1.rss_kb, m2.rss_kb, m0.anon_kb, m1.anon_kb,
           m2.anon_kb, m0.file_kb, m1.file_kb, m2.file_kb, file_bytes, eng_version());
    fflush(stdout);

    measure("plain-hit-uniform", h, 0, uniform, NULL, ops, reps, batch, (long)(ops / batch * batch));
    measure("plain-hit-zipf", h, 0, zipf, NULL, ops, reps, batch, (long)(ops / batch * batch));
    measure("plain-miss", h, 0, miss, NULL, ops, reps, batch, 0);
    if (HAS_PLURAL) {
        size_t pops = ops / 4 < batch ? batch : ops / 4; /* formatting is slower: a quarter of the ops */
        measure("plural-format", h, 1, NULL, plural_n, pops, reps, batch, 0);
    }

    /* open: open + first lookup of copies (symlinks to the same file, so no cache in the engine
     * can answer, while the page cache is warm), each timed alone */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/open_%s", datadir,
             strcmp(ENGINE, "icu-ures") == 0 ? "icu" : strcmp(ENGINE, "hash-baseline") == 0 ? "hash" : ENGINE);
    mkdir(dir, 0755);
    for (int k = 0; k < opens; k++) eng_prepare_copy(k, dir);
    double *os = malloc((size_t)opens * sizeof *os);
    for (int k = 0; k < opens; k++) {
        double a = now_ns();
        void *c = eng_open(k);
        int hit = c ? eng_lookup(c, uniform + (size_t)k * KW) : 0;
        double b = now_ns();
        if (!hit) { fprintf(stderr, "%s: open copy %d: first lookup failed\n", ENGINE, k); return 1; }
        os[k] = b - a;
        eng_close(c);
    }
    char extra[256];
    snprintf(extra, sizeof extra, ", \"first_open_ns\": %.0f, \"first_init_ns\": %.0f", t1 - t0, t_init - t0);
    print_stats("open", os, (size_t)opens, os, 0, 1, 1, extra);
    eng_close(h);
    return 0;
}
