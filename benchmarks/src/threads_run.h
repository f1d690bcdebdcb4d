/* One timed run of threads.c: a configuration (engine, case, threads, language changes on or off)
 * for a window of time, its workers, the thread changing the language, and the JSON line it
 * prints. Included by threads.c only, which provides before it: the engines (lk_, gt_, hash_ from
 * engines.h, with lokale's runtime rt), the checks (threads_expect.h), n_messages, the parsed
 * streams (op_key, op_idx, n_ops; op_n, n_plural_ops), bundle and domain. */
#ifndef LOKALE_BENCH_THREADS_RUN_H
#define LOKALE_BENCH_THREADS_RUN_H

#include <pthread.h>
#include <sys/resource.h>

#define BATCH 256
#define MAX_THREADS 16
#define CACHE_LINE 128 /* two lines: the adjacent-line prefetcher pairs them */

static double now_s(void) { return now_ns() * 1e-9; }
static double cpu_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* hash: bench.sh's bare open-addressing hash over an mmap'd file (the suite's floor: shared,
 * read-only, no atomics); spin: no shared data at all (a hash of the key record, mixed 6 times),
 * the control of what the machine itself gives a second thread. */
enum { ENG_LOKALE, ENG_GETTEXT, ENG_HASH, ENG_SPIN };
static const char *const ENGINE_NAMES[] = {"lokale", "gettext", "hash-baseline", "cpu-spin"};
static void *hash;      /* hash_open's handle, NULL when bench.sh made no bench.hash */
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
 * every run (--out-offset, default 1024): lokale_bundle_format runs markedly slower when dst falls
 * in a window a few hundred bytes wide whose place in the page changes from process to process
 * (4K aliasing between its stores to dst and some load whose address is randomized per process:
 * the stack, most likely); buffers placed the same way keep that effect out of the comparison
 * between thread counts. */
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
                if (c->engine == ENG_LOKALE) s = lk_text(bundle, key, &l);
                else if (c->engine == ENG_GETTEXT) s = gt_text(domain, key, &l);
                else if (c->engine == ENG_HASH) s = hash_text(hash, key, &l);
                else {
                    uint64_t h = hashfile_hash(key, strnlen(key, KW));
                    for (int r = 0; r < 6; r++) h = hashfile_mix(h + (uint64_t)r);
                    spin += h;
                    ru++;
                    if (++pos == len) pos = 0;
                    continue;
                }
                if (!s) s = "(null)", l = 6;
                if (value_in(0, s, l, i)) ru++;
                else if (value_in(1, s, l, i)) uk++;
                else note_bad(w, key, s, l);
            } else {
                uint32_t n = op_n[pos];
                out[0] = 0;
                int k = c->engine == ENG_LOKALE ? lk_plural(bundle, n, out, OUT_CAP) : gt_plural(domain, n, out, OUT_CAP);
                size_t l = k < 0 ? 0 : (size_t)k >= OUT_CAP ? strlen(out) : (size_t)k;
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

#endif
