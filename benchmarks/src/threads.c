/*
 * The thread-scaling driver: 1, 2 and 4 worker threads on ONE shared bundle,
 * doing uniformly random plain lookups (lokale_bundle_lookup) or plural formats
 * (lokale_bundle_format of files.count with one integer), with and without a thread that changes
 * the runtime's language every millisecond (lokale_runtime_set_language alternating "uk" and "ru",
 * or --switch-api preferred: lokale_runtime_set_preferred_languages); and the same lookups and
 * plurals through glibc's dgettext/dngettext (no language changes: see below) as an anchor.
 *
 * usage: threads DATADIR N BUNDLE [--rounds R] [--window-ms W] [--threads 1,2,4]
 *                [--switch-us 1000] [--switch-api language|preferred] [--only CASE] [--no-gettext]
 *                [--no-controls] [--out-offset 1024]
 *
 * Two controls for the lookups, with 1, 2 and 4 threads too: hash-baseline, bench.sh's bare hash
 * (bench.hash: the suite's floor, read-only shared memory, no atomics), and cpu-spin, a loop with no
 * shared data at all (a hash of each key record): what this machine gives a second thread whatever
 * the code does (two vCPUs of a VM may share a physical core or its power budget).
 *
 * DATADIR is bench.sh's data directory for N (ops_uniform.bin, plural_n.bin, mo/ru/LC_MESSAGES/
 * bench.mo); BUNDLE the two-language bundle threads.sh compiles from the same String Catalog (the
 * Russian messages of gen_data.py plus a Ukrainian translation of each, see threads.sh).
 *
 * Every answer is checked, inside the timed loop, against texts this file computes from
 * gen_data.py's rules (not against the bundle): a lookup of msg.i must give exactly the Russian or
 * the Ukrainian value of i (never another key's text, never the key, never a torn mix), a format
 * exactly the Russian or Ukrainian plural sentence for its n (threads_expect.h). The check is
 * part of every case's cost, kept small: the value is compared piece by piece with the two words
 * and the number, reading no per-key memory; the plural with a table of the 1000 sentences.
 *
 * Method: one configuration (engine, case, threads, changes on/off) is a run of --window-ms
 * milliseconds: the workers start together, loop over the pre-parsed stream (thread t from offset
 * t * len / threads, cycling) in batches of 256 operations until told to stop, and each reports its
 * operations, its wall time and its CPU time (CLOCK_THREAD_CPUTIME_ID). ops/s of a thread = its
 * operations / its wall time; the total is their sum. Rounds run every configuration once, in an
 * order shuffled per round, so that another process's load falls on all of them alike; the report
 * (threads.sh) takes medians over rounds and ratios within a round. The machine's other load
 * during each run (cores busy outside this process, from /proc/stat) is printed with it, and so
 * are the medians of the batches' ns/op while no other worker ran (solo) and while one did
 * (concurrent; see `progress` in threads_run.h, which holds the run itself): on a shared machine, whether threads slow each other down
 * is told by the second against one thread's, not by the totals.
 *
 * Before the runs, single-threaded: every key and every plural n of the streams is checked in
 * both languages (against the same computed texts), and 2000 changes are timed one by one (the
 * setter, the first lookup or format after it, the next one: the "change-cost" line).
 *
 * gettext: LANGUAGE=ru, C.UTF-8, bindtextdomain on bench.sh's .mo; dgettext and dngettext+snprintf.
 * Its language cannot be changed under running lookups without setlocale (not thread-safe) or
 * setenv("LANGUAGE") (not thread-safe either), so the anchor has no changing thread; the .mo is
 * Russian only.
 *
 * Prints one JSON object per run on stdout; progress on stderr.
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

#include "threads_expect.h"

static long n_messages;
static text *pl_ru, *pl_uk;           /* per plural n: the expected sentences */
static const char **op_key;           /* per stream position */
static uint32_t *op_idx, *op_n;
static size_t n_ops, n_plural_ops;
static lokale_bundle *bundle;         /* BUNDLE, opened on lk_init's runtime */
static void *domain;                  /* gettext's handle: the domain name "bench" */

#include "threads_run.h"

/* Single-threaded, before any run: every key and every plural n answers exactly the expected text
 * in each language (so that the checks inside the runs compare with what the bundle really holds). */
static void check_language(const char *lang, int k, const text *want, const text *pwant, long max_n) {
    if (change_language(k) != LOKALE_OK) { fprintf(stderr, "change to %s: %s\n", lang, lokale_last_error()); exit(1); }
    for (long i = 0; i < n_messages; i++) {
        char key[KW];
        snprintf(key, sizeof key, "msg.%06ld", i);
        lokale_message m = lokale_message_make(key, NULL, NULL);
        const char *s = NULL;
        size_t l = 0;
        lokale_step step;
        lokale_bundle_lookup(&s, &l, &step, bundle, &m);
        if (!s || !same(s, l, want[i]) || !value_in(k, s, l, (uint32_t)i) || value_in(!k, s, l, (uint32_t)i) ||
            step != LOKALE_STEP_TRANSLATION) {
            fprintf(stderr, "%s: %s -> \"%.*s\" (step %d), expected \"%s\"\n", lang, key, s ? (int)l : 6, s ? s : "(null)",
                    (int)step, want[i].s);
            exit(1);
        }
    }
    for (long n = 0; n <= max_n; n++) {
        char out[256];
        size_t l = (size_t)lk_plural(bundle, n, out, sizeof out);
        if (!same(out, l, pwant[n])) {
            fprintf(stderr, "%s: plural(%ld) -> \"%s\", expected \"%s\"\n", lang, n, out, pwant[n].s);
            exit(1);
        }
    }
}


/* What one change costs, on one thread: the setter, then the first lookup (or format) after it,
 * which finds the published plan stale and takes the general path, then the next one (the fast
 * path again). Medians of 2000 changes each, in ns. */
static void change_cost(void) {
    enum { K = 2000 };
    static double set[K], first[K], second[K], pset[K], pfirst[K], psecond[K];
    char out[256];
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < K; k++) {
            const char *key = op_key[(size_t)k % n_ops], *key2 = op_key[(size_t)(k + K) % n_ops];
            size_t l;
            double t0 = now_s();
            change_language(k + 1);
            double t1 = now_s();
            if (pass == 0) lk_text(bundle, key, &l);
            else lk_plural(bundle, op_n[k], out, sizeof out);
            double t2 = now_s();
            if (pass == 0) lk_text(bundle, key2, &l);
            else lk_plural(bundle, op_n[k + 1], out, sizeof out);
            double t3 = now_s();
            (pass ? pset : set)[k] = (t1 - t0) * 1e9;
            (pass ? pfirst : first)[k] = (t2 - t1) * 1e9;
            (pass ? psecond : second)[k] = (t3 - t2) * 1e9;
        }
    }
    double *all[6] = {set, first, second, pset, pfirst, psecond};
    for (int j = 0; j < 6; j++) qsort(all[j], K, sizeof(double), cmp_double);
    printf("{\"engine\": \"lokale\", \"case\": \"change-cost\", \"n\": %ld, \"changes\": %d, \"switch_api\": \"%s\", "
           "\"set_ns\": %.0f, \"first_lookup_ns\": %.0f, \"next_lookup_ns\": %.0f, \"set_ns_plural\": %.0f, "
           "\"first_format_ns\": %.0f, \"next_format_ns\": %.0f, \"first_lookup_p90_ns\": %.0f, \"first_format_p90_ns\": %.0f}\n",
           n_messages, K, switch_api, set[K / 2], first[K / 2], second[K / 2], pset[K / 2], pfirst[K / 2], psecond[K / 2],
           first[K * 9 / 10], pfirst[K * 9 / 10]);
    fflush(stdout);
    change_language(0);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s DATADIR N BUNDLE [--rounds R] [--window-ms W] [--threads 1,2,4] [--switch-us 1000]\n"
                        "          [--switch-api language|preferred] [--only lookup|plural] [--no-gettext] [--no-controls] [--out-offset 1024]\n", argv[0]);
        return 2;
    }
    datadir = argv[1];
    n_messages = atol(argv[2]);
    const char *bundle_path = argv[3];
    int rounds = (int)opt(argc, argv, "--rounds", 5);
    double window_s = (double)opt(argc, argv, "--window-ms", 500) / 1000.0;
    switch_us = (long)opt(argc, argv, "--switch-us", 1000);
    switch_api = opts(argc, argv, "--switch-api", "language");
    out_offset = opt(argc, argv, "--out-offset", 1024) % 4096;
    const char *only = opts(argc, argv, "--only", NULL);
    int with_gettext = !flag(argc, argv, "--no-gettext"), with_controls = !flag(argc, argv, "--no-controls");
    int tcounts[MAX_THREADS], nt = 0;
    {
        char *list = strdup(opts(argc, argv, "--threads", "1,2,4"));
        for (char *p = strtok(list, ","); p && nt < MAX_THREADS; p = strtok(NULL, ",")) {
            int k = atoi(p);
            if (k >= 1 && k <= MAX_THREADS) tcounts[nt++] = k;
        }
    }

    /* streams, parsed once: key pointer, key index, plural n */
    size_t len;
    char *uni = load_file(datadir, "ops_uniform.bin", &len);
    n_ops = len / KW;
    op_key = malloc(n_ops * sizeof *op_key);
    op_idx = malloc(n_ops * sizeof *op_idx);
    for (size_t p = 0; p < n_ops; p++) {
        op_key[p] = uni + p * KW;
        long i = atol(op_key[p] + 4);
        if (strncmp(op_key[p], "msg.", 4) != 0 || i < 0 || i >= n_messages) { fprintf(stderr, "bad key record %zu\n", p); return 1; }
        op_idx[p] = (uint32_t)i;
    }
    op_n = (uint32_t *)load_file(datadir, "plural_n.bin", &len);
    n_plural_ops = len / sizeof *op_n;
    long max_n = 0;
    for (size_t p = 0; p < n_plural_ops; p++)
        if ((long)op_n[p] > max_n) max_n = op_n[p];

    /* expected texts, from gen_data.py's rules */
    text *exp_ru, *exp_uk;
    expected_texts(n_messages, max_n, &exp_ru, &exp_uk, &pl_ru, &pl_uk);

    /* lokale: a runtime preferring ru, the two-language bundle */
    if (lk_init() != 0) { fprintf(stderr, "lokale_runtime_new: %s\n", lokale_last_error()); return 1; }
    if (lokale_bundle_open(&bundle, rt, bundle_path, 0) != LOKALE_OK) {
        fprintf(stderr, "lokale_bundle_open %s: %s\n", bundle_path, lokale_last_error());
        return 1;
    }
    check_language("uk", 1, exp_uk, pl_uk, max_n);
    check_language("ru", 0, exp_ru, pl_ru, max_n);
    fprintf(stderr, "threads N=%ld: %s; every key and plural(0..%ld) checked in ru and uk\n", n_messages, lokale_version(), max_n);

    /* gettext: bench.sh's Russian .mo */
    if (with_gettext) {
        if (gt_init() != 0) return 1;
        domain = gt_open(-1);
        for (long i = 0; i < n_messages; i++) {
            char key[KW];
            size_t l;
            snprintf(key, sizeof key, "msg.%06ld", i);
            const char *s = gt_text(domain, key, &l);
            if (!same(s, l, exp_ru[i])) { fprintf(stderr, "gettext %s -> \"%s\"\n", key, s); return 1; }
        }
    }
    free_values(n_messages, exp_ru, exp_uk);

    change_cost();

    for (int t = 0; t < MAX_THREADS; t++) {
        batch_ns_buf[t] = malloc(MAX_BATCHES * sizeof(float));
        batch_conc_buf[t] = malloc(MAX_BATCHES);
    }
    pool = malloc((size_t)MAX_THREADS * MAX_BATCHES * sizeof(float));
    for (int t = 0; t < MAX_THREADS; t++) out_pages[t] = aligned_alloc(4096, 2 * 4096);

    /* the bare hash, when bench.sh made it */
    if (with_controls) {
        hash = hash_open(-1);
        if (!hash) fprintf(stderr, "threads: no %s/bench.hash (bench.sh makes it): no hash-baseline case\n", datadir);
        for (long i = 0; hash && i < n_messages; i++) {
            char key[KW];
            size_t l;
            snprintf(key, sizeof key, "msg.%06ld", i);
            const char *v = hash_text(hash, key, &l);
            if (!v || !value_in(0, v, l, (uint32_t)i)) { fprintf(stderr, "hash %s -> %s\n", key, v); return 1; }
        }
    }

    /* the configurations */
    config cfgs[64];
    int nc = 0;
    for (int kind = 0; kind < 2; kind++) {
        if (only && strncmp(only, kind == CASE_LOOKUP ? "lookup" : "plural", 6) != 0) continue;
        for (int ti = 0; ti < nt; ti++) {
            cfgs[nc++] = (config){ENG_LOKALE, kind, tcounts[ti], 0};
            cfgs[nc++] = (config){ENG_LOKALE, kind, tcounts[ti], 1};
            if (with_gettext) cfgs[nc++] = (config){ENG_GETTEXT, kind, tcounts[ti], 0};
            if (kind == CASE_LOOKUP && hash) cfgs[nc++] = (config){ENG_HASH, kind, tcounts[ti], 0};
            if (kind == CASE_LOOKUP && with_controls) cfgs[nc++] = (config){ENG_SPIN, kind, tcounts[ti], 0};
        }
    }
    /* warm-up: each configuration once, briefly, not reported */
    for (int k = 0; k < nc; k++) run(&cfgs[k], -1, 0.05, 0);
    unsigned long long seed = 19;
    int order[64];
    for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < nc; k++) order[k] = k;
        for (int k = nc - 1; k > 0; k--) { /* Fisher-Yates with a fixed LCG: the same orders every time */
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            int j = (int)((seed >> 33) % (unsigned long long)(k + 1)), t = order[k];
            order[k] = order[j];
            order[j] = t;
        }
        fprintf(stderr, "threads N=%ld: round %d/%d\n", n_messages, r + 1, rounds);
        for (int k = 0; k < nc; k++) run(&cfgs[order[k]], r, window_s, 1);
    }
    return 0;
}
