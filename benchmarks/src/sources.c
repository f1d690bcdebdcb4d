/* One app's texts read from each source format, side by side in one process (benchmarks/gen_sources.py's
 * data, Russian served):
 *
 *   android   Android string resources compiled by `lokale compile res/`      (Java specifiers, <plurals>)
 *   arb       Flutter ARB files compiled by `lokale compile arb/`             (ICU MessageFormat, named arguments)
 *   apple     the String Catalog compiled by `lokale compile Localizable.xcstrings`
 *   po        the .po files compiled by `lokale compile` (all of po/)      (Lokale reading gettext's catalogs)
 *   gettext   glibc's dgettext / dngettext + snprintf on msgfmt's .mo files   (the anchor)
 *
 * Cases: `lookup` (a plain text by key, uniform over the plain keys), `format` (a string and a
 * number: `%1$s has %2$d` / `{name} has {count}` / `%1$@ has %2$lld` / `%s has %d`), `plural`
 * (one count 0..999 choosing the CLDR category, or glibc's Plural-Forms for the .po). Every
 * engine's output is checked before timing: lookups against the generator's text, formats against
 * the expected sentence, plurals against ICU's category for the count (uplrules_select) or the
 * .po's plural formula. Engines take turns batch by batch (the first rotating); medians of the
 * per-batch ns/op, and each lokale engine's ratio to gettext in the same round.
 *
 *   sources --data DIR [--ops 200000] [--reps 5] [--n 10000]   one JSON object a line per (case, engine)
 */
#define _GNU_SOURCE
#include "harness.h"

#include <libintl.h>
#include <locale.h>
#include <lokale.h>
#include <stdint.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

#define BATCH 1000
enum { ANDROID, ARB, APPLE, PO, GETTEXT, ENGINES };
static const char *const NAMES[ENGINES] = {"android", "arb", "apple", "po", "gettext"};
static const char *const FILES[ENGINES] = {"android.lokale", "arb.lokale", "apple.lokale", "po.lokale", NULL};
static const char *const WORDS[16] = {"file", "folder", "window", "panel", "ready", "item", "save", "open",
                                      "settings", "delete", "journal", "network", "print", "screen", "sound", "search"};

static lokale_bundle *bundles[ENGINES];
static volatile size_t sink;

/* gen_sources.py's text(loc, i). */
static void text(char *out, size_t cap, const char *loc, int i) {
    snprintf(out, cap, "%s: %s %s #%d", loc, WORDS[i % 16], WORDS[(i / 16) % 16], i);
}
static int is_plain(int i) { return i % 20 != 7 && i % 20 != 13; }

/* The key each engine looks plain string i up by: the resource name, or the English msgid. */
typedef struct keys { char name[16], msgid[64]; } keys;

static const char *lookup(int e, const keys *k, size_t *len) {
    if (e == GETTEXT) {
        const char *s = dgettext("app", k->msgid);
        *len = strlen(s);
        return s;
    }
    lokale_message m = lokale_message_make(e == PO ? k->msgid : k->name, NULL, NULL);
    const char *s = NULL;
    if (lokale_bundle_lookup(&s, len, NULL, bundles[e], &m) != LOKALE_OK) { fprintf(stderr, "%s: %s\n", NAMES[e], lokale_last_error()); exit(1); }
    return s;
}

static size_t format(int e, char *out, size_t cap, const char *name, int64_t count) {
    size_t needed = 0;
    int rc = LOKALE_OK;
    if (e == GETTEXT) return (size_t)snprintf(out, cap, dgettext("app", "%s has %d new messages"), name, (int)count);
    if (e == ARB) {
        lokale_named_arg a[2] = {lokale_named("name", lokale_arg_string(name)), lokale_named("count", lokale_arg_int(count))};
        lokale_message m = lokale_message_make("greet", NULL, NULL);
        rc = lokale_bundle_format_named(out, cap, &needed, bundles[e], &m, a, 2);
    } else {
        lokale_arg a[2] = {lokale_arg_string(name), lokale_arg_int(count)};
        lokale_message m = lokale_message_make(e == PO ? "%s has %d new messages" : "greet", NULL, NULL);
        rc = lokale_bundle_format(out, cap, &needed, bundles[e], &m, a, 2);
    }
    if (rc != LOKALE_OK) { fprintf(stderr, "%s format: %s\n", NAMES[e], lokale_last_error()); exit(1); }
    return needed;
}

static size_t plural(int e, char *out, size_t cap, int64_t n) {
    size_t needed = 0;
    int rc = LOKALE_OK;
    if (e == GETTEXT) return (size_t)snprintf(out, cap, dngettext("app", "%d song", "%d songs", (unsigned long)n), (int)n);
    if (e == ARB) {
        lokale_named_arg a = lokale_named("count", lokale_arg_int(n));
        lokale_message m = lokale_message_make("songs", NULL, NULL);
        rc = lokale_bundle_format_named(out, cap, &needed, bundles[e], &m, &a, 1);
    } else {
        lokale_arg a = lokale_arg_int(n);
        lokale_message m = lokale_message_make(e == PO ? "%d song" : "songs", NULL, NULL);
        rc = lokale_bundle_format(out, cap, &needed, bundles[e], &m, &a, 1);
    }
    if (rc != LOKALE_OK) { fprintf(stderr, "%s plural: %s\n", NAMES[e], lokale_last_error()); exit(1); }
    return needed;
}

static void expect(int e, const char *what, const char *got, size_t len, const char *want) {
    if (len != strlen(want) || memcmp(got, want, len) != 0) {
        fprintf(stderr, "%s %s: got \"%.*s\", expected \"%s\"\n", NAMES[e], what, (int)len, got, want);
        exit(1);
    }
}

/* The expected texts, from the generator's rules, ICU's Russian plural rules and the .po's formula. */
static void check_all(int n_strings) {
    UErrorCode err = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open("ru", &err);
    if (U_FAILURE(err)) { fprintf(stderr, "uplrules_open: %s\n", u_errorName(err)); exit(1); }
    char got[512], want[512];
    for (int e = 0; e < ENGINES; e++) {
        for (int i = 0; i < n_strings; i++) {
            if (!is_plain(i)) continue;
            keys k;
            snprintf(k.name, sizeof k.name, "s_%05d", i);
            text(k.msgid, sizeof k.msgid, "en", i);
            size_t len = 0;
            const char *s = lookup(e, &k, &len);
            text(want, sizeof want, "ru", i);
            expect(e, k.name, s, len, want);
        }
        size_t len = format(e, got, sizeof got, "Alice", 42);
        expect(e, "format", got, len, "ru: Alice has 42 new messages");
        for (int64_t c = 0; c < 1000; c++) {
            len = plural(e, got, sizeof got, c);
            if (e == GETTEXT || e == PO) {
                int form = c % 10 == 1 && c % 100 != 11 ? 0 : c % 10 >= 2 && c % 10 <= 4 && (c % 100 < 10 || c % 100 >= 20) ? 1 : 2;
                snprintf(want, sizeof want, "ru form%d: %lld songs", form, (long long)c);
            } else {
                UChar category[16];
                char keyword[16];
                err = U_ZERO_ERROR;
                int32_t kl = uplrules_select(rules, (double)c, category, 16, &err);
                u_austrncpy(keyword, category, kl + 1);
                snprintf(want, sizeof want, "ru %s: %lld songs", keyword, (long long)c);
            }
            expect(e, "plural", got, len, want);
        }
    }
    uplrules_close(rules);
}

enum { LOOKUP, FORMAT, PLURAL, CASES };
static const char *const CASE_NAMES[CASES] = {"lookup", "format", "plural"};

static double run(int c, int e, const keys *k, const int64_t *counts, size_t n) {
    char out[512];
    size_t total = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        size_t len = 0;
        if (c == LOOKUP) { lookup(e, &k[i], &len); total += len; }
        else if (c == FORMAT) total += format(e, out, sizeof out, "Alice", counts[i]);
        else total += plural(e, out, sizeof out, counts[i]);
    }
    double t = now_ns() - t0;
    sink += total;
    return t / (double)n;
}

int main(int argc, char **argv) {
    const char *data = opts(argc, argv, "--data", NULL);
    size_t ops = opt(argc, argv, "--ops", 200000), reps = opt(argc, argv, "--reps", 5);
    int n_strings = (int)opt(argc, argv, "--n", 10000);
    if (!data) { fprintf(stderr, "usage: sources --data DIR [--ops N] [--reps R] [--n STRINGS]\n"); return 2; }
    setenv("LANGUAGE", "ru", 1);
    if (!setlocale(LC_ALL, "C.UTF-8")) { fprintf(stderr, "no C.UTF-8 locale\n"); return 1; }
    char path[4096];
    snprintf(path, sizeof path, "%s/mo", data);
    bindtextdomain("app", path);
    bind_textdomain_codeset("app", "UTF-8");
    const char *languages[] = {"ru"};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = languages;
    o.preferred_count = 1;
    o.settings_path = "";
    lokale_runtime *runtime = NULL;
    if (lokale_runtime_new(&runtime, &o) != LOKALE_OK) { fprintf(stderr, "runtime: %s\n", lokale_last_error()); return 1; }
    for (int e = 0; e < ENGINES; e++) {
        if (!FILES[e]) continue;
        snprintf(path, sizeof path, "%s/%s", data, FILES[e]);
        if (lokale_bundle_open(&bundles[e], runtime, path, 0) != LOKALE_OK) { fprintf(stderr, "%s: %s\n", path, lokale_last_error()); return 1; }
    }
    check_all(n_strings);

    size_t batches = ops / BATCH < 1 ? 1 : ops / BATCH;
    keys *k = malloc(batches * BATCH * sizeof *k);
    int64_t *counts = malloc(batches * BATCH * sizeof *counts);
    double *ns = malloc((size_t)ENGINES * batches * reps * sizeof *ns), *ratio = malloc((size_t)ENGINES * batches * reps * sizeof *ratio);
    if (!k || !counts || !ns || !ratio) return 1;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < batches * BATCH; i++) {
        int s;
        do { x = x * 6364136223846793005ull + 1442695040888963407ull; s = (int)((x >> 33) % (uint64_t)n_strings); } while (!is_plain(s));
        snprintf(k[i].name, sizeof k[i].name, "s_%05d", s);
        text(k[i].msgid, sizeof k[i].msgid, "en", s);
        counts[i] = (int64_t)((x >> 13) % 1000);
    }
    for (int c = 0; c < CASES; c++) {
        for (int e = 0; e < ENGINES; e++) run(c, e, k, counts, batches * BATCH); /* warm-up */
        size_t m = 0;
        for (size_t rep = 0; rep < reps; rep++) {
            for (size_t b = 0; b < batches; b++, m++) {
                double t[ENGINES];
                for (int j = 0; j < ENGINES; j++) {
                    int e = (int)((j + b + rep) % ENGINES);
                    t[e] = run(c, e, k + b * BATCH, counts + b * BATCH, BATCH);
                }
                for (int e = 0; e < ENGINES; e++) {
                    ns[(size_t)e * batches * reps + m] = t[e];
                    ratio[(size_t)e * batches * reps + m] = t[GETTEXT] / t[e];
                }
            }
        }
        for (int e = 0; e < ENGINES; e++) {
            double *a = ns + (size_t)e * batches * reps, *r = ratio + (size_t)e * batches * reps;
            qsort(a, m, sizeof *a, cmp_double);
            qsort(r, m, sizeof *r, cmp_double);
            printf("{\"case\": \"%s\", \"engine\": \"%s\", \"batches\": %zu, \"ns_p50\": %.1f, \"ns_p90\": %.1f, "
                   "\"gettext_over_engine_p10\": %.3f, \"gettext_over_engine_p50\": %.3f, \"gettext_over_engine_p90\": %.3f}\n",
                   CASE_NAMES[c], NAMES[e], m, pct(a, m, 0.5), pct(a, m, 0.9), pct(r, m, 0.1), pct(r, m, 0.5), pct(r, m, 0.9));
            fflush(stdout);
        }
    }
    for (int e = 0; e < ENGINES; e++) if (bundles[e]) lokale_bundle_free(bundles[e]);
    lokale_runtime_free(runtime);
    return 0;
}
