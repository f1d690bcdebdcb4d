/*
 * The thread-scaling driver (issue 19, item 3): 1, 2 and 4 worker threads on ONE shared bundle,
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
 * exactly the Russian or Ukrainian plural sentence for its n. The check is part of every case's
 * cost (~10 ns: the value is compared piece by piece with the two words and the number, reading
 * no per-key memory; the plural with a table of the 1000 sentences).
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
 * (concurrent; see `progress` below): on a shared machine, whether threads slow each other down
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
#include <errno.h>
#include <fcntl.h>
#include <libintl.h>
#include <locale.h>
#include <lokale.h>

#include "harness.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hashfile.h"

#define KW 16
#define PLURAL_KEY "files.count"
#define BATCH 256
#define MAX_THREADS 16
#define CACHE_LINE 128 /* two lines: the adjacent-line prefetcher pairs them */

/* gen_data.py's values (ru) and threads.sh's Ukrainian ones (uk): "w1 w2 №i". */
static const char *const RU_WORDS[16] = {"файл", "папка", "окно", "панель", "готово", "элемент", "сохранить", "открыть",
                                         "настройки", "удалить", "журнал", "сеть", "печать", "экран", "звук", "поиск"};
static const char *const UK_WORDS[16] = {"документ", "тека", "вікно", "вкладка", "виконано", "елемент", "зберегти", "відкрити",
                                         "налаштування", "видалити", "протокол", "мережа", "друк", "екран", "гучність", "пошук"};
/* CLDR categories one/few/many (integers: the same rules in both languages); "other" is never
 * chosen for an integer. */
static const char *const RU_PLURAL[3] = {"%ld файл в «Документах»", "%ld файла в «Документах»", "%ld файлов в «Документах»"};
static const char *const UK_PLURAL[3] = {"%ld файл у «Документах»", "%ld файли у «Документах»", "%ld файлів у «Документах»"};

static int plural_category(long n) {
    if (n % 10 == 1 && n % 100 != 11) return 0;
    if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return 1;
    return 2;
}

typedef struct text { const char *s; size_t len; } text;

static long n_messages;
static text *exp_ru, *exp_uk;         /* per key index */
static text *pl_ru, *pl_uk;           /* per plural n */
static const char **op_key;           /* per stream position */
static uint32_t *op_idx, *op_n;
static size_t n_ops, n_plural_ops;
static lokale_runtime *rt;
static lokale_bundle *bundle;
static const char *domain = "bench";

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}


static text make_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static text make_text(const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    text t = {strdup(buf), (size_t)k};
    return t;
}

static inline int same(const char *s, size_t len, text t) { return len == t.len && memcmp(s, t.s, len) == 0; }

/* Whether (s, len) is exactly "w1 w2 №i" of `words` for key index i, built piece by piece so that
 * the check reads no per-key memory (only the 16 words, hot in L1): at N = 100k a table of
 * expected strings would add its own cache misses to every lookup's cost. */
static size_t word_len[2][16];
static inline int value_is(const char *s, size_t len, const char *const *words, const size_t *wl, uint32_t i) {
    const char *w1 = words[i % 16], *w2 = words[(i / 16) % 16];
    size_t l1 = wl[i % 16], l2 = wl[(i / 16) % 16];
    char digits[12];
    int nd = 0;
    uint32_t v = i;
    do { digits[11 - nd++] = (char)('0' + v % 10); v /= 10; } while (v);
    if (len != l1 + 1 + l2 + 4 + (size_t)nd) return 0;
    return memcmp(s, w1, l1) == 0 && s[l1] == ' ' && memcmp(s + l1 + 1, w2, l2) == 0 &&
           memcmp(s + l1 + 1 + l2, " \xe2\x84\x96", 4) == 0 && memcmp(s + l1 + 1 + l2 + 4, digits + 12 - nd, (size_t)nd) == 0;
}

/* ------------------------------------------------------------------------------------------ */

/* hash: bench.sh's bare open-addressing hash over an mmap'd file (the suite's floor: shared,
 * read-only, no atomics); spin: no shared data at all (a hash of the key record, mixed 6 times),
 * the control of what the machine itself gives a second thread. */
enum { ENG_LOKALE, ENG_GETTEXT, ENG_HASH, ENG_SPIN };
static const char *const ENGINE_NAMES[] = {"lokale", "gettext", "hash-baseline", "cpu-spin"};
static const unsigned char *hash_base;
enum { CASE_LOOKUP, CASE_PLURAL };

typedef struct config {
    int engine, kind, threads, changes;
} config;

typedef struct __attribute__((aligned(CACHE_LINE))) worker {
    pthread_t tid;
    int id, threads;
    const config *cfg;
    /* results, written by the worker only */
    long ops, ru, uk, bad;
    /* per batch: ns per operation, and how many batches the other workers finished meanwhile */
    float *batch_ns;
    unsigned char *batch_conc;
    size_t batches;
    double wall, cpu;
    char *out; /* the format's output buffer, at out_offset in a page of the worker's own */
    char bad_example[160];
} worker;

static struct __attribute__((aligned(CACHE_LINE))) {
    int stop;
} ctl;
static struct __attribute__((aligned(CACHE_LINE))) {
    int go;
} start_flag;
static pthread_barrier_t ready;
/* Each worker's count of finished batches, one per line pair, read by the others once a batch (a
 * coherence miss per 256 operations: noise). A batch during which the others finished 1 to
 * 2 * (threads - 1) + 1 batches ran while another worker was running (concurrent); 0: no other
 * worker ran (solo); more: this one was descheduled meanwhile (neither). The medians of the two
 * kinds show whether threads slow each other down when they really run at the same time, whatever
 * share of the cores other processes leave. */
static struct __attribute__((aligned(CACHE_LINE))) progress {
    long batches;
} progress[MAX_THREADS];
#define MAX_BATCHES (1u << 20)

/* The output buffer of a format sits at the same offset in a page of its own for every worker and
 * every run (--out-offset, default 1024). A single-threaded scan of dst's offset in a page showed
 * lokale_bundle_format taking ~45 ns at most offsets and 60-130 ns in a window a few hundred bytes
 * wide whose place changed from process to process (4K aliasing between its stores to dst and some
 * load whose address is randomized per process: the stack, most likely): buffers placed the same
 * way keep that effect out of the comparison between thread counts. */
#define OUT_CAP 256
static size_t out_offset = 1024;
static char *out_pages[MAX_THREADS];

static inline long others_progress(int self, int threads) {
    long sum = 0;
    for (int t = 0; t < threads; t++)
        if (t != self) sum += __atomic_load_n(&progress[t].batches, __ATOMIC_RELAXED);
    return sum;
}

static uint64_t spin_sink;
static void note_bad(worker *w, const char *what, const char *got, size_t len) {
    if (w->bad++ == 0) snprintf(w->bad_example, sizeof w->bad_example, "%s -> \"%.*s\"", what, (int)(len < 100 ? len : 100), got);
}

static void *work(void *arg) {
    worker *w = arg;
    const config *c = w->cfg;
    size_t len = c->kind == CASE_LOOKUP ? n_ops : n_plural_ops;
    size_t pos = len * (size_t)w->id / (size_t)w->threads;
    long ops = 0, ru = 0, uk = 0;
    uint64_t spin = 0;
    char *out = w->out; /* OUT_CAP bytes */
    pthread_barrier_wait(&ready);
    while (!__atomic_load_n(&start_flag.go, __ATOMIC_ACQUIRE)) {}
    double t0 = now_s(), c0 = cpu_s();
    long nb = 0;
    while (!__atomic_load_n(&ctl.stop, __ATOMIC_RELAXED)) {
        long before = w->threads > 1 ? others_progress(w->id, w->threads) : 0;
        double b0 = now_s();
        for (int j = 0; j < BATCH; j++) {
            if (c->kind == CASE_LOOKUP) {
                const char *key = op_key[pos];
                uint32_t i = op_idx[pos];
                const char *s;
                size_t l;
                if (c->engine == ENG_LOKALE) {
                    lokale_message m = lokale_message_make(key, NULL, NULL);
                    s = NULL;
                    l = 0;
                    lokale_bundle_lookup(&s, &l, NULL, bundle, &m);
                    if (!s) s = "(null)", l = 6;
                } else if (c->engine == ENG_GETTEXT) {
                    s = dgettext(domain, key);
                    l = strlen(s);
                } else if (c->engine == ENG_HASH) {
                    s = hashfile_lookup(hash_base, key, strnlen(key, KW));
                    if (!s) s = "(null)";
                    l = strlen(s);
                } else {
                    uint64_t h = hashfile_hash(key, strnlen(key, KW));
                    for (int r = 0; r < 6; r++) h = hashfile_mix(h + (uint64_t)r);
                    spin += h;
                    ru++;
                    if (++pos == len) pos = 0;
                    continue;
                }
                if (value_is(s, l, RU_WORDS, word_len[0], i)) ru++;
                else if (value_is(s, l, UK_WORDS, word_len[1], i)) uk++;
                else note_bad(w, key, s, l);
            } else {
                uint32_t n = op_n[pos];
                size_t l = 0;
                if (c->engine == ENG_LOKALE) {
                    lokale_message m = lokale_message_make(PLURAL_KEY, NULL, NULL);
                    lokale_arg a = lokale_arg_int(n);
                    out[0] = 0;
                    lokale_bundle_format(out, OUT_CAP, &l, bundle, &m, &a, 1);
                    if (l >= OUT_CAP) l = strlen(out);
                } else {
                    const char *f = dngettext(domain, PLURAL_KEY, PLURAL_KEY, n);
                    int k = snprintf(out, OUT_CAP, f, (long long)n);
                    l = k < 0 ? 0 : (size_t)k >= OUT_CAP ? OUT_CAP - 1 : (size_t)k;
                }
                if (same(out, l, pl_ru[n])) ru++;
                else if (same(out, l, pl_uk[n])) uk++;
                else {
                    char what[32];
                    snprintf(what, sizeof what, "plural(%u)", n);
                    note_bad(w, what, out, l);
                }
            }
            if (++pos == len) pos = 0;
        }
        ops += BATCH;
        double b1 = now_s();
        if (w->batches < MAX_BATCHES) {
            w->batch_ns[w->batches] = (float)((b1 - b0) * 1e9 / BATCH);
            long moved = w->threads > 1 ? others_progress(w->id, w->threads) - before : 0;
            w->batch_conc[w->batches] = (unsigned char)(moved > 255 ? 255 : moved);
            w->batches++;
        }
        __atomic_store_n(&progress[w->id].batches, ++nb, __ATOMIC_RELAXED);
    }
    w->wall = now_s() - t0;
    w->cpu = cpu_s() - c0;
    w->ops = ops;
    __atomic_fetch_add(&spin_sink, spin, __ATOMIC_RELAXED); /* once, at the end: no shared line in the loop */
    w->ru = ru;
    w->uk = uk;
    return NULL;
}

/* The changing thread: every period, the in-app language (or the preferred languages) flips. */
static const char *switch_api = "language";
static long switch_us = 1000;
typedef struct switcher {
    pthread_t tid;
    long changes, errors;
    double busy; /* seconds inside the setter */
    double cpu;
} switcher;

static int change_language(int k) {
    const char *lang = k & 1 ? "uk" : "ru";
    if (strcmp(switch_api, "preferred") == 0) return lokale_runtime_set_preferred_languages(rt, &lang, 1);
    return lokale_runtime_set_language(rt, lang);
}

static void *switch_loop(void *arg) {
    switcher *s = arg;
    struct timespec next;
    pthread_barrier_wait(&ready);
    while (!__atomic_load_n(&start_flag.go, __ATOMIC_ACQUIRE)) {}
    double c0 = cpu_s();
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (long k = 1; !__atomic_load_n(&ctl.stop, __ATOMIC_RELAXED); k++) {
        next.tv_nsec += switch_us * 1000;
        while (next.tv_nsec >= 1000000000L) { next.tv_nsec -= 1000000000L; next.tv_sec++; }
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR) {}
        if (__atomic_load_n(&ctl.stop, __ATOMIC_RELAXED)) break;
        double a = now_s();
        if (change_language((int)k) != LOKALE_OK) s->errors++;
        s->busy += now_s() - a;
        s->changes++;
        /* behind by more than a period (descheduled): start again from now, not in a burst */
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((t.tv_sec - next.tv_sec) * 1000000000L + (t.tv_nsec - next.tv_nsec) > switch_us * 1000) next = t;
    }
    s->cpu = cpu_s() - c0;
    return NULL;
}

static int cmp_float(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

/* Busy and total CPU ticks of the machine (for the other processes' load during a run). */
static void proc_stat(unsigned long long *busy, unsigned long long *steal) {
    unsigned long long u = 0, ni = 0, sy = 0, id = 0, io = 0, irq = 0, sirq = 0, st = 0;
    FILE *f = fopen("/proc/stat", "r");
    if (f && fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &u, &ni, &sy, &id, &io, &irq, &sirq, &st) >= 4) {}
    if (f) fclose(f);
    *busy = u + ni + sy + irq + sirq;
    *steal = st;
}
static double self_cpu(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return (double)r.ru_utime.tv_sec + r.ru_utime.tv_usec * 1e-6 + (double)r.ru_stime.tv_sec + r.ru_stime.tv_usec * 1e-6;
}

static float *batch_ns_buf[MAX_THREADS];
static unsigned char *batch_conc_buf[MAX_THREADS];
static float *pool;

static double median_f(float *v, size_t n) {
    if (n == 0) return -1;
    qsort(v, n, sizeof *v, cmp_float);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static const char *case_name(const config *c) {
    return c->kind == CASE_LOOKUP ? "lookup-uniform" : "plural-format";
}

static void run(const config *c, int round, double window_s, int print) {
    worker w[MAX_THREADS];
    switcher sw;
    memset(w, 0, sizeof w);
    memset(&sw, 0, sizeof sw);
    __atomic_store_n(&ctl.stop, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&start_flag.go, 0, __ATOMIC_RELAXED);
    if (c->engine == ENG_LOKALE && change_language(0) != LOKALE_OK) { /* every run starts in ru */
        fprintf(stderr, "change_language: %s\n", lokale_last_error());
        exit(1);
    }
    int parties = c->threads + (c->changes ? 1 : 0) + 1;
    pthread_barrier_init(&ready, NULL, (unsigned)parties);
    for (int t = 0; t < c->threads; t++) {
        progress[t].batches = 0;
        w[t].batch_ns = batch_ns_buf[t];
        w[t].batch_conc = batch_conc_buf[t];
        w[t].out = out_pages[t] + out_offset;
        w[t].id = t;
        w[t].threads = c->threads;
        w[t].cfg = c;
        pthread_create(&w[t].tid, NULL, work, &w[t]);
    }
    if (c->changes) pthread_create(&sw.tid, NULL, switch_loop, &sw);
    pthread_barrier_wait(&ready);
    unsigned long long b0, s0, b1, s1;
    proc_stat(&b0, &s0);
    double self0 = self_cpu(), t0 = now_s();
    __atomic_store_n(&start_flag.go, 1, __ATOMIC_RELEASE);
    struct timespec d = {(time_t)window_s, (long)((window_s - (double)(time_t)window_s) * 1e9)};
    while (nanosleep(&d, &d) == -1 && errno == EINTR) {}
    __atomic_store_n(&ctl.stop, 1, __ATOMIC_RELAXED);
    for (int t = 0; t < c->threads; t++) pthread_join(w[t].tid, NULL);
    if (c->changes) pthread_join(sw.tid, NULL);
    double wall = now_s() - t0, self = self_cpu() - self0;
    proc_stat(&b1, &s1);
    pthread_barrier_destroy(&ready);
    long hz = sysconf(_SC_CLK_TCK);
    double others = ((double)(b1 - b0) / (double)hz - self) / wall;
    double steal = (double)(s1 - s0) / (double)hz / wall;

    long ops = 0, ru = 0, uk = 0, bad = 0;
    double rate = 0;
    for (int t = 0; t < c->threads; t++) {
        ops += w[t].ops;
        ru += w[t].ru;
        uk += w[t].uk;
        bad += w[t].bad;
        rate += (double)w[t].ops / w[t].wall;
    }
    if (!print) return;
    /* batch medians: while another worker ran (concurrent) and while none did (solo) */
    size_t nsolo = 0, nconc = 0, total_b = 0;
    int most = 2 * (c->threads - 1) + 1;
    for (int t = 0; t < c->threads; t++) total_b += w[t].batches;
    for (int t = 0; t < c->threads; t++)
        for (size_t b = 0; b < w[t].batches; b++)
            if (w[t].batch_conc[b] == 0) pool[nsolo++] = w[t].batch_ns[b];
    double solo = median_f(pool, nsolo);
    for (int t = 0; t < c->threads; t++)
        for (size_t b = 0; b < w[t].batches; b++)
            if (w[t].batch_conc[b] >= 1 && w[t].batch_conc[b] <= most) pool[nconc++] = w[t].batch_ns[b];
    double conc = median_f(pool, nconc);
    printf("{\"engine\": \"%s\", \"case\": \"%s\", \"n\": %ld, \"threads\": %d, \"changes\": %s, \"round\": %d, "
           "\"window_s\": %.4f, \"ops\": %ld, \"ops_per_s\": %.1f, \"per_thread\": [",
           ENGINE_NAMES[c->engine], case_name(c), n_messages, c->threads,
           c->changes ? "true" : "false", round, wall, ops, rate);
    for (int t = 0; t < c->threads; t++)
        printf("%s{\"ops\": %ld, \"wall_s\": %.4f, \"cpu_s\": %.4f, \"ops_per_s\": %.1f}", t ? ", " : "", w[t].ops, w[t].wall,
               w[t].cpu, (double)w[t].ops / w[t].wall);
    printf("], \"valid\": %ld, \"answers_ru\": %ld, \"answers_uk\": %ld, \"invalid\": %ld", ru + uk, ru, uk, bad);
    for (int t = 0; t < c->threads; t++)
        if (w[t].bad) {
            printf(", \"invalid_example\": \"");
            for (const char *p = w[t].bad_example; *p; p++) {
                if (*p == '"' || *p == '\\') putchar('\\');
                putchar((unsigned char)*p < 0x20 ? '?' : *p);
            }
            printf("\"");
            break;
        }
    if (c->changes)
        printf(", \"language_changes\": %ld, \"change_errors\": %ld, \"change_us_mean\": %.2f, \"changer_cpu_s\": %.4f, "
               "\"switch_api\": \"%s\"", sw.changes, sw.errors, sw.changes ? sw.busy / (double)sw.changes * 1e6 : 0.0, sw.cpu,
               switch_api);
    if (c->kind == CASE_PLURAL) printf(", \"out_offset\": %zu", out_offset);
    printf(", \"batches\": %zu, \"solo_batches\": %zu, \"concurrent_batches\": %zu, \"batch_ns_solo_p50\": %.2f, \"batch_ns_concurrent_p50\": %.2f",
           total_b, nsolo, nconc, solo, conc);
    printf(", \"process_cpu_s\": %.4f, \"others_cores\": %.3f, \"steal_cores\": %.3f}\n", self, others < 0 ? 0 : others, steal);
    fflush(stdout);
    if (bad) fprintf(stderr, "INVALID answers: %s %s threads=%d: %ld\n", ENGINE_NAMES[c->engine],
                     case_name(c), c->threads, bad);
}

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
        if (!s || !same(s, l, want[i]) || !value_is(s, l, k ? UK_WORDS : RU_WORDS, word_len[k ? 1 : 0], (uint32_t)i) ||
            value_is(s, l, k ? RU_WORDS : UK_WORDS, word_len[k ? 0 : 1], (uint32_t)i) || step != LOKALE_STEP_TRANSLATION) {
            fprintf(stderr, "%s: %s -> \"%.*s\" (step %d), expected \"%s\"\n", lang, key, s ? (int)l : 6, s ? s : "(null)",
                    (int)step, want[i].s);
            exit(1);
        }
    }
    for (long n = 0; n <= max_n; n++) {
        lokale_message m = lokale_message_make(PLURAL_KEY, NULL, NULL);
        lokale_arg a = lokale_arg_int(n);
        char out[256];
        size_t l = 0;
        lokale_bundle_format(out, sizeof out, &l, bundle, &m, &a, 1);
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
            const char *s;
            size_t l;
            double t0 = now_s();
            change_language(k + 1);
            double t1 = now_s();
            if (pass == 0) {
                lokale_message m = lokale_message_make(key, NULL, NULL);
                lokale_bundle_lookup(&s, &l, NULL, bundle, &m);
            } else {
                lokale_message m = lokale_message_make(PLURAL_KEY, NULL, NULL);
                lokale_arg a = lokale_arg_int(op_n[k]);
                lokale_bundle_format(out, sizeof out, &l, bundle, &m, &a, 1);
            }
            double t2 = now_s();
            if (pass == 0) {
                lokale_message m = lokale_message_make(key2, NULL, NULL);
                lokale_bundle_lookup(&s, &l, NULL, bundle, &m);
            } else {
                lokale_message m = lokale_message_make(PLURAL_KEY, NULL, NULL);
                lokale_arg a = lokale_arg_int(op_n[k + 1]);
                lokale_bundle_format(out, sizeof out, &l, bundle, &m, &a, 1);
            }
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

static size_t opt(int argc, char **argv, const char *name, size_t def) {
    for (int i = 4; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return (size_t)atol(argv[i + 1]);
    return def;
}
static const char *opts(int argc, char **argv, const char *name, const char *def) {
    for (int i = 4; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0) return argv[i + 1];
    return def;
}
static int flag(int argc, char **argv, const char *name) {
    for (int i = 4; i < argc; i++)
        if (strcmp(argv[i], name) == 0) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s DATADIR N BUNDLE [--rounds R] [--window-ms W] [--threads 1,2,4] [--switch-us 1000]\n"
                        "          [--switch-api language|preferred] [--only lookup|plural] [--no-gettext] [--no-controls] [--out-offset 1024]\n", argv[0]);
        return 2;
    }
    const char *datadir = argv[1];
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
    for (int k = 0; k < 16; k++) {
        word_len[0][k] = strlen(RU_WORDS[k]);
        word_len[1][k] = strlen(UK_WORDS[k]);
    }
    exp_ru = malloc((size_t)n_messages * sizeof *exp_ru);
    exp_uk = malloc((size_t)n_messages * sizeof *exp_uk);
    for (long i = 0; i < n_messages; i++) {
        exp_ru[i] = make_text("%s %s №%ld", RU_WORDS[i % 16], RU_WORDS[(i / 16) % 16], i);
        exp_uk[i] = make_text("%s %s №%ld", UK_WORDS[i % 16], UK_WORDS[(i / 16) % 16], i);
    }
    pl_ru = malloc((size_t)(max_n + 1) * sizeof *pl_ru);
    pl_uk = malloc((size_t)(max_n + 1) * sizeof *pl_uk);
    for (long n = 0; n <= max_n; n++) {
        pl_ru[n] = make_text(RU_PLURAL[plural_category(n)], n);
        pl_uk[n] = make_text(UK_PLURAL[plural_category(n)], n);
    }

    /* lokale: a runtime preferring ru, the two-language bundle */
    const char *langs[] = {"ru"};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = 1;
    o.settings_path = "";
    if (lokale_runtime_new(&rt, &o) != LOKALE_OK) { fprintf(stderr, "lokale_runtime_new: %s\n", lokale_last_error()); return 1; }
    if (lokale_bundle_open(&bundle, rt, bundle_path, 0) != LOKALE_OK) {
        fprintf(stderr, "lokale_bundle_open %s: %s\n", bundle_path, lokale_last_error());
        return 1;
    }
    check_language("uk", 1, exp_uk, pl_uk, max_n);
    check_language("ru", 0, exp_ru, pl_ru, max_n);
    fprintf(stderr, "threads N=%ld: %s; every key and plural(0..%ld) checked in ru and uk\n", n_messages, lokale_version(), max_n);

    /* gettext: bench.sh's Russian .mo */
    if (with_gettext) {
        char dir[4096];
        setenv("LANGUAGE", "ru", 1);
        if (!setlocale(LC_ALL, "C.UTF-8")) { fprintf(stderr, "no C.UTF-8 locale\n"); return 1; }
        snprintf(dir, sizeof dir, "%s/mo", datadir);
        bindtextdomain(domain, dir);
        bind_textdomain_codeset(domain, "UTF-8");
        for (long i = 0; i < n_messages; i++) {
            char key[KW];
            snprintf(key, sizeof key, "msg.%06ld", i);
            const char *s = dgettext(domain, key);
            if (!same(s, strlen(s), exp_ru[i])) { fprintf(stderr, "gettext %s -> \"%s\"\n", key, s); return 1; }
        }
    }

    for (long i = 0; i < n_messages; i++) {
        free((void *)exp_ru[i].s);
        free((void *)exp_uk[i].s);
    }
    free(exp_ru);
    free(exp_uk);

    change_cost();

    for (int t = 0; t < MAX_THREADS; t++) {
        batch_ns_buf[t] = malloc(MAX_BATCHES * sizeof(float));
        batch_conc_buf[t] = malloc(MAX_BATCHES);
    }
    pool = malloc((size_t)MAX_THREADS * MAX_BATCHES * sizeof(float));
    for (int t = 0; t < MAX_THREADS; t++) out_pages[t] = aligned_alloc(4096, 2 * 4096);

    /* the bare hash, when bench.sh made it */
    if (with_controls) {
        char path[4096];
        snprintf(path, sizeof path, "%s/bench.hash", datadir);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        struct stat st;
        if (fd >= 0 && fstat(fd, &st) == 0) {
            void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
            if (p != MAP_FAILED && memcmp(p, HASHFILE_MAGIC, 8) == 0) hash_base = p;
        }
        if (fd >= 0) close(fd);
        if (!hash_base) fprintf(stderr, "threads: no %s (bench.sh makes it): no hash-baseline case\n", path);
        for (long i = 0; hash_base && i < n_messages; i++) {
            char key[KW];
            snprintf(key, sizeof key, "msg.%06ld", i);
            const char *v = hashfile_lookup(hash_base, key, strlen(key));
            if (!v || !value_is(v, strlen(v), RU_WORDS, word_len[0], (uint32_t)i)) { fprintf(stderr, "hash %s -> %s\n", key, v); return 1; }
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
            if (kind == CASE_LOOKUP && hash_base) cfgs[nc++] = (config){ENG_HASH, kind, tcounts[ti], 0};
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
