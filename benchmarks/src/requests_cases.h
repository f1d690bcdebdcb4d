/* The cases of requests.c and how they are timed: the measured loops, a case's batches, the
 * interleaved repetitions, the paired ratios and the report lines, and a phase running a set of
 * cases together. Included by requests.c only, which provides before it: n_messages, bundle, sink,
 * the streams (keys_stream, stream_ops, plural_n), the headers (headers, header_len, n_headers),
 * KW, LOOKUPS_PER_REQUEST and PLURAL_KEY. */
#ifndef LOKALE_BENCH_REQUESTS_CASES_H
#define LOKALE_BENCH_REQUESTS_CASES_H

/* The measured loops (not inlined: the same code for every case, only the lists differ). */

/* count lookups of keys, lookup i in bundles[j] with a message carrying lists[j] (NULL: the
 * runtime's), j = (start + i) % k. */
__attribute__((noinline)) static long run_lookups(const char *keys, size_t count, lokale_bundle *const *bundles,
                                                  lokale_languages *const *lists, size_t k, size_t *rotation) {
    long hits = 0;
    size_t j = *rotation;
    for (size_t i = 0; i < count; i++) {
        const char *key = keys + i * KW;
        lokale_message m = lokale_message_make(key, NULL, NULL);
        const lokale_bundle *b = bundles[j];
        m.languages = lists[j];
        if (++j == k) j = 0;
        const char *s = NULL;
        size_t len = 0;
        lokale_step step = 0;
        lokale_bundle_lookup(&s, &len, &step, b, &m);
        hits += s != key && step == LOKALE_STEP_TRANSLATION;
    }
    *rotation = j;
    return hits;
}

/* count / LOOKUPS_PER_REQUEST requests: a list from a header, LOOKUPS_PER_REQUEST lookups, free.
 * lookups == 0: the list alone. */
__attribute__((noinline)) static long run_requests(const char *keys, size_t requests, size_t lookups, char *const *headers,
                                                   const ptrdiff_t *header_len, size_t nh, size_t *rotation) {
    long hits = 0;
    size_t h = *rotation;
    for (size_t r = 0; r < requests; r++) {
        lokale_languages *l = NULL;
        lokale_languages_from_accept_language(&l, rt, headers[h], header_len[h]);
        if (++h == nh) h = 0;
        for (size_t i = 0; i < lookups; i++) {
            const char *key = keys + (r * lookups + i) * KW;
            lokale_message m = lokale_message_make(key, NULL, NULL);
            m.languages = l;
            const char *s = NULL;
            size_t len = 0;
            lokale_step step = 0;
            lokale_bundle_lookup(&s, &len, &step, bundle, &m);
            hits += s != key && step == LOKALE_STEP_TRANSLATION;
        }
        hits += lookups == 0 && l != NULL;
        lokale_languages_free(l);
    }
    *rotation = h;
    return hits;
}

__attribute__((noinline)) static long run_plurals(const uint32_t *ns, size_t count, lokale_languages *const *lists,
                                                  size_t k, size_t *rotation) {
    char out[256];
    long total = 0;
    size_t j = *rotation;
    for (size_t i = 0; i < count; i++) {
        lokale_message m = lokale_message_make(PLURAL_KEY, NULL, NULL);
        m.languages = lists[j];
        if (++j == k) j = 0;
        lokale_arg a = lokale_arg_int(ns[i]);
        size_t needed = 0;
        lokale_bundle_format(out, sizeof out, &needed, bundle, &m, &a, 1);
        total += (long)needed;
    }
    *rotation = j;
    return total;
}


enum kind { LOOKUPS, REQUESTS, HEADERS, PLURALS };

typedef struct bcase {
    const char *name;
    enum kind kind;
    lokale_languages *const *lists; /* LOOKUPS, PLURALS: k entries (NULL: the runtime's) */
    lokale_bundle *const *bundles;  /* LOOKUPS: k entries */
    size_t k;
    size_t ops;   /* operations per pass (lookups; for HEADERS, requests) */
    size_t batch; /* operations per sample */
    double *samples;
    size_t nsamples;
    double *rep_p50;
    long hits, expect;
    size_t rotation;
    int plural;
    size_t offset; /* batches: where in the stream its repetitions start */
} bcase;


/* Batch b of a case: its operations, timed; *ns_per_op receives the time / batch. Returns the hits. */
static long run_batch(bcase *c, size_t b, double *ns_per_op) {
    /* each case starts at its own place in the stream: cases running one after the other do not
     * find the keys the previous one just read in the caches */
    b = (b + c->offset) % (c->ops / c->batch);
    double t0 = now_ns();
    long v;
    switch (c->kind) {
    case LOOKUPS:
        v = run_lookups(keys_stream + b * c->batch * KW, c->batch, c->bundles, c->lists, c->k, &c->rotation);
        break;
    case REQUESTS:
        v = run_requests(keys_stream + b * c->batch * KW, c->batch / LOOKUPS_PER_REQUEST, LOOKUPS_PER_REQUEST, headers,
                         header_len, n_headers, &c->rotation);
        break;
    case HEADERS:
        v = run_requests(keys_stream, c->batch, 0, headers, header_len, n_headers, &c->rotation);
        break;
    default:
        v = run_plurals(plural_n + b * c->batch, c->batch, c->lists, c->k, &c->rotation);
        sink += v;
        v = 0;
        break;
    }
    *ns_per_op = (now_ns() - t0) / (double)c->batch;
    return v;
}

/* One repetition of cases[0..n): their batches interleaved in turns of `chunk` batches
 * (round-robin; a case with fewer batches spread evenly over the rounds), so that a burst of
 * machine noise falls on every case alike (the order rotating from round to round), while each
 * turn is long enough for its first batch to
 * be the only one that finds the caches holding another case's data. timed: keep the samples and
 * each case's median for repetition rep. Sets each case's hits. */
static size_t chunk = 10;
static void repetition(bcase *cases, size_t n, int rep, int timed) {
    size_t rounds = 0, next[32] = {0};
    double *tmp[32];
    for (size_t c = 0; c < n; c++) {
        size_t nb = cases[c].ops / cases[c].batch;
        if (nb > rounds) rounds = nb;
        tmp[c] = malloc(nb * sizeof *tmp[c]);
        cases[c].hits = 0;
    }
    rounds = (rounds + chunk - 1) / chunk;
    for (size_t r = 0; r < rounds; r++) {
        /* each round starts with another case: no case always follows the same one */
        for (size_t i = 0; i < n; i++) {
            size_t c = (i + r) % n;
            bcase *x = &cases[c];
            size_t nb = x->ops / x->batch;
            while (next[c] < nb && next[c] * rounds / nb <= r) {
                x->hits += run_batch(x, next[c], &tmp[c][next[c]]);
                if (timed) x->samples[x->nsamples++] = tmp[c][next[c]];
                next[c]++;
            }
        }
    }
    for (size_t c = 0; c < n; c++) {
        size_t nb = cases[c].ops / cases[c].batch;
        if (timed) {
            qsort(tmp[c], nb, sizeof *tmp[c], cmp_double);
            cases[c].rep_p50[rep] = pct(tmp[c], nb, 0.5);
        }
        free(tmp[c]);
    }
}

/* The median over paired samples (same repetition, same round) of c's time over ref's: the
 * ratio with the machine's drift cancelled. -1 when the cases do not pair (other batch counts). */
static double paired_ratio(const bcase *c, const bcase *ref) {
    if (!ref || c->nsamples != ref->nsamples || c->ops / c->batch != ref->ops / ref->batch) return -1;
    double *q = malloc(c->nsamples * sizeof *q);
    for (size_t i = 0; i < c->nsamples; i++) q[i] = c->samples[i] / ref->samples[i];
    qsort(q, c->nsamples, sizeof *q, cmp_double);
    double m = pct(q, c->nsamples, 0.5);
    free(q);
    return m;
}

static void report(bcase *c, int reps, double scale, const char *unit, const char *extra) {
    qsort(c->samples, c->nsamples, sizeof *c->samples, cmp_double);
    double reps_sorted[64];
    memcpy(reps_sorted, c->rep_p50, (size_t)reps * sizeof *reps_sorted);
    qsort(reps_sorted, (size_t)reps, sizeof *reps_sorted, cmp_double);
    printf("case=%s n=%ld lists=%zu unit=%s ns=%.2f p10=%.2f p90=%.2f min=%.2f rep_median=%.2f rep_p50=", c->name,
           n_messages, c->k, unit, scale * pct(c->samples, c->nsamples, 0.5), scale * pct(c->samples, c->nsamples, 0.1),
           scale * pct(c->samples, c->nsamples, 0.9), scale * c->samples[0], scale * pct(reps_sorted, (size_t)reps, 0.5));
    for (int r = 0; r < reps; r++) printf("%s%.2f", r ? "," : "", scale * c->rep_p50[r]);
    printf(" reps=%d ops=%zu batch=%zu samples=%zu hits=%ld%s%s\n", reps, c->ops, c->batch, c->nsamples, c->hits,
           extra ? " " : "", extra ? extra : "");
    fflush(stdout);
}


/* A phase: cases[0..n) (those `only` names, if set) interleaved over one untimed repetition and
 * reps timed ones, each lookup checked; then one line per case, with the paired ratios to the
 * phase's plain case (plural-plain for the plurals) and, for per-call-10, to plain-10-bundles. */
static int run_phase(bcase *all, size_t nall, int reps, const char *only, int has_plural) {
    bcase *cases = malloc(nall * sizeof *cases);
    size_t n = 0;
    for (size_t c = 0; c < nall; c++)
        if ((has_plural || !all[c].plural) && (!only || strcmp(only, all[c].name) == 0)) cases[n++] = all[c];
    if (n == 0) return 0;
    for (size_t c = 0; c < n; c++) {
        bcase *x = &cases[c];
        x->offset = c * (x->ops / x->batch) / n;
        x->samples = malloc((x->ops / x->batch) * (size_t)reps * sizeof *x->samples);
        x->rep_p50 = malloc((size_t)reps * sizeof *x->rep_p50);
        x->expect = x->kind == PLURALS ? 0 : (long)x->ops;
    }
    for (int r = -1; r < reps; r++) {
        repetition(cases, n, r, r >= 0);
        for (size_t c = 0; c < n; c++) {
            bcase *x = &cases[c];
            if (x->hits != x->expect) {
                fprintf(stderr, "%s N=%ld rep %d: %ld hits of %zu\n", x->name, n_messages, r, x->hits, x->ops);
                return 1;
            }
        }
        if (r >= 0) {
            fprintf(stderr, "requests N=%ld: repetition %d/%d (", n_messages, r + 1, reps);
            for (size_t c = 0; c < n && c < 4; c++) fprintf(stderr, "%s%s %.1f", c ? ", " : "", cases[c].name, cases[c].rep_p50[r]);
            fprintf(stderr, " ns)\n");
        }
    }
    const bcase *plain_case = NULL, *plural_case = NULL, *ten_case = NULL;
    for (size_t c = 0; c < n; c++) {
        if (strncmp(cases[c].name, "plain", 5) == 0 && cases[c].kind == LOOKUPS && cases[c].k == 1) plain_case = &cases[c];
        if (strcmp(cases[c].name, "plural-plain") == 0) plural_case = &cases[c];
        if (strcmp(cases[c].name, "plain-10-bundles") == 0) ten_case = &cases[c];
    }
    for (size_t c = 0; c < n; c++) {
        bcase *x = &cases[c];
        char extra[200] = "";
        double p = x->kind == HEADERS ? -1 : paired_ratio(x, x->kind == PLURALS ? plural_case : plain_case);
        double p10 = strcmp(x->name, "per-call-10") == 0 ? paired_ratio(x, ten_case) : -1;
        int len = 0;
        if (p > 0) len += snprintf(extra + len, sizeof extra - (size_t)len, "paired_ratio=%.3f", p);
        if (p10 > 0) len += snprintf(extra + len, sizeof extra - (size_t)len, " paired_ratio_plain10=%.3f", p10);
        if (x->kind == REQUESTS) {
            snprintf(extra + len, sizeof extra - (size_t)len, "%slookups_per_request=%d", len ? " " : "", LOOKUPS_PER_REQUEST);
            report(x, reps, 1, "lookup", extra);
            x->name = "per-request-header-request";
            report(x, reps, LOOKUPS_PER_REQUEST, "request", extra);
        } else {
            report(x, reps, 1, x->kind == HEADERS ? "request" : x->kind == PLURALS ? "format" : "lookup", extra[0] ? extra : NULL);
        }
    }
    return 0;
}

#endif
