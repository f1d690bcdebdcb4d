/* MessageFormat 2 against ICU4C's MessageFormat, side by side in one process: a plural message
 * with one number,
 *
 *   lokale   .input {$count :integer}
 *            .match $count
 *            one {{You have {$count} file.}}
 *            *   {{You have {$count} files.}}
 *            made once (lokale_message_format_new), formatted by lokale_message_format_format into a
 *            UTF-8 buffer;
 *   icu-umsg {0, plural, one {You have # file.} other {You have # files.}}
 *            opened once (umsg_open), formatted by umsg_format into a UTF-16 buffer (not converted:
 *            what ICU's caller gets for the call);
 *
 *   catalog  the same MF2 message compiled into a table (`lokale compile` of .mf2.json resources,
 *            --bundle) and formatted by lokale_bundle_format_named: lookup under the bundle
 *            contract + format, the C path of catalog messages;
 *
 * for the same counts, in English and Russian (one/few/many/other), two count sets: `small`
 * (0..999, where most counts a UI shows are) and `large` (1,000..9,999,999: grouping separators).
 * Every count's output is compared between the two (as UTF-8) before timing. The engines take
 * turns batch for batch (the first rotating), each batch's ratio umsg/lokale taken against the
 * lokale batch of the same round; medians over all batches.
 *
 *   mf2 [--ops 200000] [--reps 5] [--bundle MF2.lokale]   one JSON object a line per (locale, counts)
 */
#define _GNU_SOURCE
#include "harness.h"

#include <lokale.h>
#include <stdint.h>
#include <unicode/umsg.h>
#include <unicode/ustring.h>

#define BATCH 1000

typedef struct message {
    const char *locale, *mf2, *icu;
} message;

static const message MESSAGES[] = {
    {"en", ".input {$count :integer}\n.match $count\none {{You have {$count} file.}}\n* {{You have {$count} files.}}",
     "{0, plural, one {You have # file.} other {You have # files.}}"},
    {"ru",
     ".input {$count :integer}\n.match $count\none {{У вас {$count} файл.}}\nfew {{У вас {$count} файла.}}\n"
     "many {{У вас {$count} файлов.}}\n* {{У вас {$count} файла.}}",
     "{0, plural, one {У вас # файл.} few {У вас # файла.} many {У вас # файлов.} other {У вас # файла.}}"},
};

typedef struct engines {
    lokale_message_format *mf;
    UMessageFormat *umsg;
    lokale_bundle *bundle; /* NULL: no catalog engine */
} engines;

static volatile size_t sink;

static double run_lokale(const engines *e, const int64_t *counts, size_t n) {
    char out[256];
    size_t needed = 0, total = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        lokale_named_arg a = lokale_named("count", lokale_arg_int(counts[i]));
        if (lokale_message_format_format(out, sizeof out, &needed, e->mf, &a, 1) != LOKALE_OK) { fprintf(stderr, "lokale failed\n"); exit(1); }
        total += needed;
    }
    double t = now_ns() - t0;
    sink += total;
    return t / (double)n;
}

static double run_catalog(const engines *e, const int64_t *counts, size_t n) {
    char out[256];
    size_t needed = 0, total = 0;
    lokale_message files = lokale_message_make("files", NULL, NULL);
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        lokale_named_arg a = lokale_named("count", lokale_arg_int(counts[i]));
        if (lokale_bundle_format_named(out, sizeof out, &needed, e->bundle, &files, &a, 1) != LOKALE_OK) { fprintf(stderr, "catalog failed\n"); exit(1); }
        total += needed;
    }
    double t = now_ns() - t0;
    sink += total;
    return t / (double)n;
}

static double run_umsg(const engines *e, const int64_t *counts, size_t n) {
    UChar out[256];
    size_t total = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        UErrorCode err = U_ZERO_ERROR;
        int32_t len = umsg_format(e->umsg, out, 256, &err, (double)counts[i]);
        if (U_FAILURE(err)) { fprintf(stderr, "umsg_format: %s\n", u_errorName(err)); exit(1); }
        total += (size_t)len;
    }
    double t = now_ns() - t0;
    sink += total;
    return t / (double)n;
}

/* Both engines' text for count, compared as UTF-8; exits on a difference. */
static void check(const engines *e, const message *m, int64_t count) {
    char a[256], b[512];
    size_t needed = 0;
    lokale_named_arg arg = lokale_named("count", lokale_arg_int(count));
    UChar u[256];
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = umsg_format(e->umsg, u, 256, &err, (double)count);
    int32_t blen = 0;
    if (U_SUCCESS(err)) u_strToUTF8(b, sizeof b, &blen, u, len, &err);
    if (lokale_message_format_format(a, sizeof a, &needed, e->mf, &arg, 1) != LOKALE_OK || U_FAILURE(err) || strcmp(a, b) != 0) {
        fprintf(stderr, "%s, count %lld: lokale \"%s\", ICU \"%s\"\n", m->locale, (long long)count, a, U_SUCCESS(err) ? b : "<error>");
        exit(1);
    }
    lokale_message files = lokale_message_make("files", NULL, NULL);
    if (e->bundle && (lokale_bundle_format_named(a, sizeof a, &needed, e->bundle, &files, &arg, 1) != LOKALE_OK || strcmp(a, b) != 0)) {
        fprintf(stderr, "%s, count %lld: catalog \"%s\", ICU \"%s\"\n", m->locale, (long long)count, a, b);
        exit(1);
    }
}

static void report(const char *locale, const char *set, double *l, double *u, double *r, double *c, double *cr, size_t n) {
    qsort(l, n, sizeof *l, cmp_double);
    qsort(u, n, sizeof *u, cmp_double);
    qsort(r, n, sizeof *r, cmp_double);
    printf("{\"case\": \"mf2-plural\", \"locale\": \"%s\", \"counts\": \"%s\", \"batches\": %zu, "
           "\"lokale_ns_p50\": %.1f, \"lokale_ns_p90\": %.1f, \"umsg_ns_p50\": %.1f, \"umsg_ns_p90\": %.1f, "
           "\"ratio_p10\": %.2f, \"ratio_p50\": %.2f, \"ratio_p90\": %.2f",
           locale, set, n, pct(l, n, 0.5), pct(l, n, 0.9), pct(u, n, 0.5), pct(u, n, 0.9), pct(r, n, 0.1), pct(r, n, 0.5),
           pct(r, n, 0.9));
    if (c) {
        qsort(c, n, sizeof *c, cmp_double);
        qsort(cr, n, sizeof *cr, cmp_double);
        printf(", \"catalog_ns_p50\": %.1f, \"catalog_ratio_p10\": %.2f, \"catalog_ratio_p50\": %.2f, \"catalog_ratio_p90\": %.2f",
               pct(c, n, 0.5), pct(cr, n, 0.1), pct(cr, n, 0.5), pct(cr, n, 0.9));
    }
    printf("}\n");
    fflush(stdout);
}

int main(int argc, char **argv) {
    size_t ops = opt(argc, argv, "--ops", 200000), reps = opt(argc, argv, "--reps", 5);
    size_t batches = ops / BATCH < 1 ? 1 : ops / BATCH;
    int64_t *counts = malloc(batches * BATCH * sizeof *counts);
    double *l = malloc(batches * reps * sizeof *l), *u = malloc(batches * reps * sizeof *u), *r = malloc(batches * reps * sizeof *r);
    double *cat = malloc(batches * reps * sizeof *cat), *catr = malloc(batches * reps * sizeof *catr);
    if (!counts || !l || !u || !r || !cat || !catr) return 1;
    const char *bundle_path = NULL;
    for (int i = 1; i + 1 < argc; i++) if (strcmp(argv[i], "--bundle") == 0) bundle_path = argv[i + 1];
    for (size_t m = 0; m < sizeof MESSAGES / sizeof *MESSAGES; m++) {
        const message *msg = &MESSAGES[m];
        engines e = {NULL, NULL, NULL};
        lokale_runtime *runtime = NULL;
        if (bundle_path) {
            const char *languages[] = {msg->locale};
            lokale_runtime_options o;
            lokale_runtime_options_init(&o);
            o.preferred_languages = languages;
            o.preferred_count = 1;
            o.settings_path = "";
            if (lokale_runtime_new(&runtime, &o) != LOKALE_OK || lokale_bundle_open(&e.bundle, runtime, bundle_path, 0) != LOKALE_OK) {
                fprintf(stderr, "%s: %s\n", bundle_path, lokale_last_error());
                return 1;
            }
        }
        if (lokale_message_format_new(&e.mf, msg->mf2, -1, msg->locale) != LOKALE_OK) {
            fprintf(stderr, "lokale_message_format_new: %s\n", lokale_last_error());
            return 1;
        }
        UChar pattern[512];
        UErrorCode err = U_ZERO_ERROR;
        u_strFromUTF8(pattern, 512, NULL, msg->icu, -1, &err);
        e.umsg = umsg_open(pattern, -1, msg->locale, NULL, &err);
        if (U_FAILURE(err)) { fprintf(stderr, "umsg_open: %s\n", u_errorName(err)); return 1; }
        for (int set = 0; set < 2; set++) {
            uint64_t x = 0x9E3779B97F4A7C15ull;
            for (size_t i = 0; i < batches * BATCH; i++) {
                x = x * 6364136223846793005ull + 1442695040888963407ull;
                counts[i] = set == 0 ? (int64_t)((x >> 33) % 1000) : 1000 + (int64_t)((x >> 33) % 9999000);
                check(&e, msg, counts[i]);
            }
            run_lokale(&e, counts, batches * BATCH); /* warm-up */
            run_umsg(&e, counts, batches * BATCH);
            if (e.bundle) run_catalog(&e, counts, batches * BATCH);
            size_t k = 0;
            for (size_t rep = 0; rep < reps; rep++) {
                for (size_t b = 0; b < batches; b++, k++) {
                    const int64_t *c = counts + b * BATCH;
                    if ((b + rep) % 2 == 0) {
                        l[k] = run_lokale(&e, c, BATCH);
                        u[k] = run_umsg(&e, c, BATCH);
                    } else {
                        u[k] = run_umsg(&e, c, BATCH);
                        l[k] = run_lokale(&e, c, BATCH);
                    }
                    r[k] = u[k] / l[k];
                    if (e.bundle) {
                        cat[k] = run_catalog(&e, c, BATCH);
                        catr[k] = u[k] / cat[k];
                    }
                }
            }
            report(msg->locale, set == 0 ? "small" : "large", l, u, r, e.bundle ? cat : NULL, catr, k);
        }
        umsg_close(e.umsg);
        lokale_message_format_free(e.mf);
        lokale_bundle_free(e.bundle);
        lokale_runtime_free(runtime);
    }
    free(counts);
    free(l);
    free(u);
    free(r);
    free(cat);
    free(catr);
    return 0;
}
