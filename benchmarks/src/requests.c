/*
 * The per-call languages benchmark (servers answering each request in its own languages): what a lookup costs when its message
 * carries a request's languages (lokale_message.languages) instead of the runtime's, and what the
 * lists cost in memory. Built against liblokale like bench.c with -DENGINE_LOKALE (requests.sh).
 *
 * usage: requests DATADIR N [--ops K] [--reps R] [--batch B] [--keep L] [--churn C] [--chunk T] [--collide-stride S]
 *                 [--collide-count C] [--only CASE]
 *
 * DATADIR holds what gen_requests.py wrote and requests.sh compiled: bench.lokale (11
 * localizations, development en), ops_uniform.bin (16-byte NUL-padded keys), plural_n.bin,
 * lists.txt (100 distinct lists), headers.txt (100 Accept-Language headers), lists_memory.txt.
 *
 * Phase 1, the claim (the runtime prefers "fr-CA,en", the first list; its lists are made first,
 * one after the other):
 *   plain               lokale_bundle_lookup, the runtime's languages (m.languages = NULL)
 *   per-call-K          the same loop, each message carrying one of K prebuilt distinct lists in
 *                       rotation (K = 1, 10, 100); only the pointer differs from plain
 *   plain-10-bundles    no lists: 10 runtimes preferring the first 10 lists, the same file open in
 *                       each, in rotation: per-call-10's data without its lists (at large N the
 *                       languages read, not the list, set the cost)
 *   per-request-header  per request: lokale_languages_from_accept_language on one of 100 headers,
 *                       10 lookups with it, lokale_languages_free (ns per lookup; ns per request)
 *   header-only         the request's list alone: from_accept_language + free (ns per request)
 *   plural-plain, plural-per-call-10
 *                       lokale_bundle_format of the plural "%d file" with one integer
 * Then, once each, not interleaved:
 *   memory-kept         RSS (/proc/self/statm) and heap in use (mallinfo2) before and after L
 *                       (1,000) new distinct lists each made and used for one lookup, kept alive
 *   per-call-1000, per-call-2000  the L kept lists in rotation, then L more with them
 *   memory-churn        C (100,000) further distinct lists each made, used once and freed: the
 *                       growth, with checkpoints (the bound), and the time of a never-seen list
 * Phase 2, hot lists among many (a server's hot lists are made between one-off lists, so their
 * ids are random; each list keeps its plans in its own entries, so they must not interfere):
 *   plain-mixed         plain again, for this phase's paired ratios
 *   per-call-320-spread 320 hot lists, each made after 0-511 one-off lists (each used for one
 *                       lookup and freed); per-call-32-spread: the first 32 of them
 *   per-call-3-stride-512  3 lists made 512 lists apart (--collide-count, --collide-stride): were
 *                       plans kept in a bundle's entries chosen by list id, these lists would
 *                       evict each other's; a check that each list's plans stay its own
 *
 * Timing as bench.c: batches of B operations timed with clock_gettime(CLOCK_MONOTONIC), a batch's
 * time / B being one sample; ns = the median of all samples of all repetitions (rep_p50: each
 * repetition's median). A phase's cases are interleaved within every repetition in turns of T batches
 * (--chunk, 10), round-robin with the order rotating every round and each case starting at its own
 * place in the key stream, so that the machine's noise falls on all of them alike;
 * paired_ratio = the median over samples of the same round of a case's time over the phase's
 * plain one (plural-plain's for the plurals), paired_ratio_plain10 = per-call-10's over plain-10-bundles'.
 * One untimed repetition first warms up. Every lookup is checked: a hit is a translation
 * (LOKALE_STEP_TRANSLATION) whose text is not the key; before timing, every list, header and
 * runtime is checked to answer in its first language (the message bench.language), the 100 lists
 * to be distinct (lokale_languages_list), the first 10 to answer in 10 languages, and the plural
 * to give the expected forms (else the plural cases are skipped, saying so).
 *
 * Output: one line per case on stdout, key=value separated by spaces
 * (case=per-call-10 n=1000 ns=41.20 ...); progress on stderr.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lokale.h>

#include "harness.h"

#define KW 16 /* key record width (gen_requests.py) */
#define LOOKUPS_PER_REQUEST 10
#define SENTINEL "bench.language"
#define PLURAL_KEY "%d file"
#define SPREAD_HOT 32         /* per-call-32-spread: hot lists */
#define SPREAD_HOT_LARGE 320  /* per-call-320-spread */
#define SPREAD_GAP 512        /* one-off lists made before each hot one: uniform in [0, SPREAD_GAP) */

static const char *datadir;
static long n_messages;
static lokale_runtime *rt;
static lokale_bundle *bundle;
static volatile long sink;
static const char *keys_stream;
static size_t stream_ops;
static const uint32_t *plural_n;
static char **headers;
static ptrdiff_t *header_len;
static size_t n_headers;

#include "requests_lists.h"
#include "requests_cases.h"


int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s DATADIR N [--ops K] [--reps R] [--batch B] [--keep L] [--churn C] [--chunk T]\n"
                        "       [--collide-stride S] [--collide-count C] [--only CASE]\n", argv[0]);
        return 2;
    }
    datadir = argv[1];
    n_messages = atol(argv[2]);
    size_t ops = opt(argc, argv, "--ops", 200000), batch = opt(argc, argv, "--batch", 1000);
    int reps = (int)opt(argc, argv, "--reps", 7);
    chunk = opt(argc, argv, "--chunk", 10);
    if (chunk < 1) chunk = 1;
    size_t keep = opt(argc, argv, "--keep", 1000), churn = opt(argc, argv, "--churn", 100000);
    const char *only = opts(argc, argv, "--only", NULL); /* that timed case alone (for perf); memory, per-call-kept */
    if (reps < 1 || reps > 64) reps = 7;
    if (batch < LOOKUPS_PER_REQUEST) batch = LOOKUPS_PER_REQUEST;
    batch -= batch % LOOKUPS_PER_REQUEST;

    size_t len;
    keys_stream = load_file(datadir, "ops_uniform.bin", &len);
    stream_ops = len / KW;
    plural_n = (const uint32_t *)load_file(datadir, "plural_n.bin", &len);
    size_t plural_ops = len / sizeof *plural_n;
    if (ops > stream_ops) ops = stream_ops;
    ops -= ops % batch;
    size_t n_lists, n_memory;
    char **list_text = lines("lists.txt", &n_lists);
    headers = lines("headers.txt", &n_headers);
    char **memory_text = lines("lists_memory.txt", &n_memory);
    if (n_lists < 100 || n_headers < 1) { fprintf(stderr, "lists.txt: %zu lists, expected 100\n", n_lists); return 1; }
    size_t stride = opt(argc, argv, "--collide-stride", 512), ncollide = opt(argc, argv, "--collide-count", 3);
    if (keep > 1000) keep = 1000;
    if (ncollide < 2) ncollide = 2;
    if (ncollide > 16) ncollide = 16;
    /* lists_memory.txt: [0, 2 keep) kept, then the churn's (reused as one-off lists after it), then
     * the colliding and the spread hot lists */
    size_t pool_collide = 2 * keep + churn, pool_spread = pool_collide + ncollide;
    if (churn < 1000 || pool_spread + SPREAD_HOT_LARGE > n_memory) {
        fprintf(stderr, "lists_memory.txt: %zu lists, need %zu (and --churn 1000 at least)\n", n_memory, pool_spread + SPREAD_HOT_LARGE);
        return 1;
    }
    header_len = malloc(n_headers * sizeof *header_len);
    for (size_t i = 0; i < n_headers; i++) header_len[i] = (ptrdiff_t)strlen(headers[i]);

    /* The runtime answers in the first list's languages ("fr-CA,en"): plain and per-call-1 read
     * the same localization. */
    const char *prefs[] = {"fr-CA", "en"};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = prefs;
    o.preferred_count = 2;
    o.settings_path = "";
    if (lokale_runtime_new(&rt, &o) != LOKALE_OK) die("lokale_runtime_new");
    char path[4096];
    snprintf(path, sizeof path, "%s/bench.lokale", datadir);
    if (lokale_bundle_open(&bundle, rt, path, 0) != LOKALE_OK) die("lokale_bundle_open");

    /* 100 prebuilt lists, checked distinct (lokale_languages_list) and answering in their first
     * language. */
    lokale_languages **lists = malloc(100 * sizeof *lists);
    char seen[100][128];
    for (size_t i = 0; i < 100; i++) {
        lists[i] = make_list(list_text[i]);
        size_t needed;
        if (lokale_languages_list(seen[i], sizeof seen[i], &needed, lists[i]) != LOKALE_OK) die("lokale_languages_list");
        for (size_t j = 0; j < i; j++)
            if (strcmp(seen[i], seen[j]) == 0) { fprintf(stderr, "lists %zu and %zu are equal: %s\n", j, i, seen[i]); return 1; }
        check_language(lists[i], list_text[i], "list");
    }
    {
        char distinct[10][32];
        for (size_t i = 0; i < 10; i++) {
            lokale_step step;
            snprintf(distinct[i], sizeof distinct[i], "%s", answer(lists[i], SENTINEL, &step));
            for (size_t j = 0; j < i; j++)
                if (strcmp(distinct[i], distinct[j]) == 0) { fprintf(stderr, "lists %zu and %zu answer in the same language\n", j, i); return 1; }
        }
    }
    for (size_t i = 0; i < n_headers; i++) {
        lokale_languages *l = NULL;
        if (lokale_languages_from_accept_language(&l, rt, headers[i], header_len[i]) != LOKALE_OK) die("from_accept_language");
        check_language(l, headers[i], "header");
        lokale_languages_free(l);
    }
    {
        lokale_step step;
        const char *s = answer(NULL, SENTINEL, &step);
        if (strcmp(s, "fr") != 0) { fprintf(stderr, "the runtime answers in %s, expected fr\n", s); return 1; }
        const char *k = "msg.000000";
        fprintf(stderr, "requests N=%ld: %s -> \"%s\" (runtime), \"%s\" (%s), \"%s\" (%s)\n", n_messages, k, answer(NULL, k, &step),
                answer(lists[1], k, &step), seen[1], answer(lists[5], k, &step), seen[5]);
    }
    /* The plural: 5 and 1 in each of the 10 languages, against gen_requests.py's forms. */
    static const struct { const char *lang, *one, *five; } forms[] = {
        {"fr", "1 fichier", "5 fichiers"}, {"de", "1 Datei", "5 Dateien"}, {"es", "1 archivo", "5 archivos"},
        {"it", "1 file", "5 file"}, {"pt-BR", "1 arquivo", "5 arquivos"}, {"ja", "1 個のファイル", "5 個のファイル"},
        {"ru", "1 файл", "5 файлов"}, {"pl", "1 plik", "5 plików"}, {"nl", "1 bestand", "5 bestanden"},
        {"sv", "1 fil", "5 filer"},
    };
    int has_plural = 1;
    for (size_t i = 0; i < 10 && has_plural; i++) {
        lokale_step step;
        const char *lang = answer(lists[i], SENTINEL, &step);
        for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
            if (strcmp(forms[f].lang, lang) != 0) continue;
            for (int c = 0; c < 2; c++) {
                char out[256];
                size_t needed = 0;
                lokale_message m = lokale_message_make(PLURAL_KEY, NULL, NULL);
                m.languages = lists[i];
                lokale_arg a = lokale_arg_int(c ? 5 : 1);
                if (lokale_bundle_format(out, sizeof out, &needed, bundle, &m, &a, 1) != LOKALE_OK ||
                    strcmp(out, c ? forms[f].five : forms[f].one) != 0) {
                    fprintf(stderr, "plural %s (%s) = \"%s\", expected \"%s\": skipping the plural cases\n", lang, seen[i], out,
                            c ? forms[f].five : forms[f].one);
                    has_plural = 0;
                }
            }
        }
    }

    /* plain-10-bundles: the baseline of per-call-10 without lists: 10 runtimes preferring the first
     * 10 lists' languages, each with the same file open, in rotation. It reads the same 10
     * localizations as per-call-10 (at large N the working set, not the list, sets the cost). */
    lokale_bundle **same = malloc((2 * keep + 100 + SPREAD_HOT_LARGE + ncollide) * sizeof *same), *ten[10];
    lokale_runtime *ten_rt[10];
    for (size_t i = 0; i < 2 * keep + 100 + SPREAD_HOT_LARGE + ncollide; i++) same[i] = bundle;
    for (size_t i = 0; i < 10; i++) {
        char buf[512];
        const char *parts[16];
        size_t np = 0;
        snprintf(buf, sizeof buf, "%s", list_text[i]);
        for (char *t = strtok(buf, ","); t && np < 16; t = strtok(NULL, ",")) parts[np++] = t;
        lokale_runtime_options_init(&o);
        o.preferred_languages = parts;
        o.preferred_count = np;
        o.settings_path = "";
        if (lokale_runtime_new(&ten_rt[i], &o) != LOKALE_OK) die("lokale_runtime_new");
        /* mapped: the ten share the file's pages (a copy each would be ten times the data) */
        if (lokale_bundle_open(&ten[i], ten_rt[i], path, LOKALE_OPEN_MAP) != LOKALE_OK) die("lokale_bundle_open");
        lokale_message m = lokale_message_make(SENTINEL, NULL, NULL);
        const char *s = NULL;
        size_t len;
        char want[32];
        expected_language(list_text[i], want, sizeof want);
        if (lokale_bundle_lookup(&s, &len, NULL, ten[i], &m) != LOKALE_OK || strcmp(s, want) != 0) {
            fprintf(stderr, "plain-10-bundles: runtime %zu answers in %s, expected %s\n", i, s ? s : "?", want);
            return 1;
        }
    }
    lokale_languages *nones[10] = {NULL};

    /* The cases, in their interleaving order; header-only runs a tenth of the operations (requests,
     * each ten lookups' worth) in batches of a tenth. */
    lokale_languages *none[1] = {NULL};
    size_t pops = ops / 4 < batch ? batch : ops / 4;
    if (pops > plural_ops) pops = plural_ops - plural_ops % batch;
    /* a tenth of the operations in batches of a tenth: as many batches as plain (paired ratios) */
    size_t small_batch = batch / LOOKUPS_PER_REQUEST, small_ops = ops / LOOKUPS_PER_REQUEST;
    small_ops -= small_ops % small_batch;
    /* Phase 1: the claim. Its lists (100 prebuilt, the headers') are made first, with
     * consecutive ids. */
    bcase all[] = {
        {.name = "plain", .kind = LOOKUPS, .lists = none, .bundles = same, .k = 1, .ops = ops, .batch = batch},
        {.name = "per-call-1", .kind = LOOKUPS, .lists = lists, .bundles = same, .k = 1, .ops = ops, .batch = batch},
        {.name = "per-call-10", .kind = LOOKUPS, .lists = lists, .bundles = same, .k = 10, .ops = ops, .batch = batch},
        {.name = "per-call-100", .kind = LOOKUPS, .lists = lists, .bundles = same, .k = 100, .ops = ops, .batch = batch},
        {.name = "plain-10-bundles", .kind = LOOKUPS, .lists = nones, .bundles = ten, .k = 10, .ops = ops, .batch = batch},
        {.name = "per-request-header", .kind = REQUESTS, .lists = NULL, .k = n_headers, .ops = ops, .batch = batch},
        {.name = "header-only", .kind = HEADERS, .lists = NULL, .k = n_headers, .ops = ops / LOOKUPS_PER_REQUEST, .batch = small_batch},
        {.name = "plural-plain", .kind = PLURALS, .lists = none, .k = 1, .ops = pops, .batch = batch, .plural = 1},
        {.name = "plural-per-call-10", .kind = PLURALS, .lists = lists, .k = 10, .ops = pops, .batch = batch, .plural = 1},
    };
    if (run_phase(all, sizeof all / sizeof *all, reps, only, has_plural)) return 1;

    if (!has_plural) printf("case=plural-format n=%ld skipped=1\n", n_messages);
    int want_memory = !only || strcmp(only, "memory") == 0;
    int want_kept = want_memory || strcmp(only, "per-call-kept") == 0;
    int want_mixed = !only || strcmp(only, "plain-mixed") == 0 || strstr(only, "-spread") || strstr(only, "-stride-");

    /* memory: L new distinct lists, one lookup each, kept (before phase 2 and its one-off lists:
     * the heap then has little freed memory for the new lists to reuse) */
    lokale_languages **kept = malloc(keep * sizeof *kept), **kept2 = malloc(2 * keep * sizeof *kept2);
    mem m0 = statm();
    double t0 = now_ns();
    long mhits = 0;
    for (size_t i = 0; i < keep && want_kept; i++) {
        lokale_step step;
        kept[i] = make_list(memory_text[i]);
        const char *k = keys_stream + (i % stream_ops) * KW;
        mhits += answer(kept[i], k, &step) != k;
    }
    double t1 = now_ns();
    mem m1 = statm();
    if (want_kept && mhits != (long)keep) { fprintf(stderr, "memory: %ld hits of %zu\n", mhits, keep); return 1; }
    if (want_kept) {
        printf("case=memory-kept n=%ld lists=%zu rss_kb_before=%ld rss_kb_after=%ld anon_kb_before=%ld anon_kb_after=%ld "
               "kib_per_list=%.3f anon_kib_per_list=%.3f heap_kib_per_list=%.3f ns_per_new_list=%.0f\n",
               n_messages, keep, m0.rss_kb, m1.rss_kb, m0.anon_kb, m1.anon_kb, (double)(m1.rss_kb - m0.rss_kb) / (double)keep,
               (double)(m1.anon_kb - m0.anon_kb) / (double)keep, (double)(m1.heap - m0.heap) / 1024.0 / (double)keep,
               (t1 - t0) / (double)keep);
        fflush(stdout);
    }

    /* per-call-L and per-call-2L: the kept lists in rotation, then L more with them (not
     * interleaved) — about as many lists as a bundle keeps entries and choices for, and more */
    for (size_t i = 0; i < keep && want_kept; i++) kept2[i] = kept[i];
    for (size_t i = keep; i < 2 * keep && want_kept; i++) kept2[i] = make_list(memory_text[i]);
    for (int round = 0; round < 2 && keep >= 2 && want_kept; round++) {
        char name[32];
        size_t k = keep * (size_t)(round + 1);
        snprintf(name, sizeof name, "per-call-%zu", k);
        bcase x = {.name = name, .kind = LOOKUPS, .lists = kept2, .bundles = same, .k = k, .ops = small_ops, .batch = small_batch};
        int r2 = reps < 3 ? reps : 3;
        x.samples = malloc((x.ops / x.batch) * (size_t)r2 * sizeof *x.samples);
        x.rep_p50 = malloc((size_t)r2 * sizeof *x.rep_p50);
        for (int r = -1; r < r2; r++) repetition(&x, 1, r, r >= 0);
        if (x.hits != (long)x.ops) { fprintf(stderr, "%s: %ld hits of %zu\n", name, x.hits, x.ops); return 1; }
        report(&x, r2, 1, "lookup", "interleaved=0");
    }
    /* per-call-C-stride-S: C lists made S lists apart (fillers: one-off lists, made and freed): the
     * case that would make lists evict each other's plans were they kept in a bundle's entries
     * chosen by list id (--collide-stride, --collide-count); each list keeps its own plans, so it
     * must cost what any list does. */
    if (want_memory) {
    /* memory: C further distinct lists, each created, used once and freed */
    mem c0 = statm();
    char checkpoints[1024] = "";
    size_t cpl = 0;
    t0 = now_ns();
    mhits = 0;
    for (size_t i = 0; i < churn; i++) {
        lokale_step step;
        lokale_languages *l = make_list(memory_text[2 * keep + i]);
        const char *k = keys_stream + (i % stream_ops) * KW;
        mhits += answer(l, k, &step) != k;
        lokale_languages_free(l);
        size_t done = i + 1;
        if (done == churn / 100 || done == churn / 10 || done == churn / 4 || done == churn / 2 || done == churn) {
            mem mc = statm();
            cpl += (size_t)snprintf(checkpoints + cpl, sizeof checkpoints - cpl, "%s%zu:%ld/%.0f", cpl ? "," : "", done,
                                    mc.rss_kb - c0.rss_kb, (double)(mc.heap - c0.heap) / 1024.0);
        }
    }
    t1 = now_ns();
    mem c1 = statm();
    if (mhits != (long)churn) { fprintf(stderr, "churn: %ld hits of %zu\n", mhits, churn); return 1; }
    printf("case=memory-churn n=%ld lists=%zu rss_kb_before=%ld rss_kb_after=%ld growth_kb=%ld "
           "anon_growth_kb=%ld heap_growth_kb=%.0f kib_per_list=%.4f growth_kb_at=%s ns_per_new_list=%.0f remembered=%d\n",
           n_messages, churn, c0.rss_kb, c1.rss_kb, c1.rss_kb - c0.rss_kb, c1.anon_kb - c0.anon_kb,
           (double)(c1.heap - c0.heap) / 1024.0, (double)(c1.rss_kb - c0.rss_kb) / (double)churn, checkpoints,
           (t1 - t0) / (double)churn, LOKALE_LANGUAGES_REMEMBERED);
    fflush(stdout);
    }

    if (want_mixed) {
    size_t pool_lo = 2 * keep, pool_hi = 2 * keep + churn, pool_at = pool_lo; /* one-off lists: the churn's (forgotten after it), reused */
    lokale_languages *colliding[16];
    for (size_t i = 0; i < ncollide; i++) {
        size_t at = pool_collide + i;
        colliding[i] = make_list(memory_text[at]);
        check_language(colliding[i], memory_text[at], "colliding list");
        if (i + 1 < ncollide) one_off_lists(memory_text, &pool_at, pool_lo, pool_hi, stride - 1);
    }
    char collide_name[64];
    snprintf(collide_name, sizeof collide_name, "per-call-%zu-stride-%zu", ncollide, stride);

    /* per-call-32-spread and per-call-320-spread: a server's hot lists (the first 32 of 320), their
     * ids spread by the one-off lists that came in between: each hot list made after a random
     * number in [0, 512) of one-off lists (made, used for one lookup, freed). */
    lokale_languages *spread[SPREAD_HOT_LARGE];
    {
        uint64_t seed = 18;
        for (size_t i = 0; i < SPREAD_HOT_LARGE; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            one_off_lists(memory_text, &pool_at, pool_lo, pool_hi, (size_t)(seed >> 33) % SPREAD_GAP);
            spread[i] = make_list(memory_text[pool_spread + i]);
            check_language(spread[i], memory_text[pool_spread + i], "spread list");
        }
    }

    /* Phase 2: hot lists among others, as in a server whose one-off lists take ids between them:
     * their ids are random, and each must still find its own plans. */
    bcase mixed[] = {
        {.name = "plain-mixed", .kind = LOOKUPS, .lists = none, .bundles = same, .k = 1, .ops = small_ops, .batch = small_batch},
        {.name = "per-call-32-spread", .kind = LOOKUPS, .lists = spread, .bundles = same, .k = SPREAD_HOT, .ops = small_ops, .batch = small_batch},
        {.name = "per-call-320-spread", .kind = LOOKUPS, .lists = spread, .bundles = same, .k = SPREAD_HOT_LARGE, .ops = small_ops, .batch = small_batch},
        {.name = collide_name, .kind = LOOKUPS, .lists = colliding, .bundles = same, .k = ncollide, .ops = small_ops, .batch = small_batch},
    };
    if (run_phase(mixed, sizeof mixed / sizeof *mixed, reps, only, has_plural)) return 1;
    }

    for (size_t i = 0; i < 2 * keep && want_kept; i++) lokale_languages_free(kept2[i]);
    for (size_t i = 0; i < 10; i++) {
        lokale_bundle_free(ten[i]);
        lokale_runtime_free(ten_rt[i]);
    }
    for (size_t i = 0; i < 100; i++) lokale_languages_free(lists[i]);
    lokale_bundle_free(bundle);
    lokale_runtime_free(rt);
    return 0;
}
