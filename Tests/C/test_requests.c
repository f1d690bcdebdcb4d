/* Per-call languages (lokale_languages, lokale_message.languages): a server answering each request
 * in its own languages from one runtime and one mapping per bundle. Each answer must be what a
 * runtime with those preferred languages would give (compared with such a runtime, key by key,
 * step by step), the runtime's own languages and in-app language stay untouched, junk is harmless,
 * handles of the wrong kind or freed are refused, many threads with different lists agree with the
 * single-threaded answers, and 100,000 distinct lists do not grow the process without bound. */
#include "check.h"

#include <pthread.h>
#include <stdlib.h>

/* A runtime with these languages that keeps no in-app language (nothing of this test is persisted). */
static lokale_runtime *request_runtime(const char *const *langs, size_t n) {
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = n;
    o.settings_path = "";
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    return rt;
}

static const char *const app_keys[] = {"workspace.title", "summary.item-count", "Collection: %@", "summary.files-in-folders",
                                       "Sample Set", "no.such.key"};

/* A lookup (text and step) and a format with one count, into buf. */
static void answer(char *buf, size_t size, const lokale_bundle *b, const char *key, const lokale_languages *l, long count) {
    lokale_message m = lokale_message_make(key, NULL, "Default");
    m.languages = l;
    const char *s = NULL;
    size_t n = 0;
    lokale_step step = 0;
    int rc = lokale_bundle_lookup(&s, &n, &step, b, &m);
    char formatted[256];
    size_t needed = 0;
    lokale_arg args[2] = {lokale_arg_int(count), lokale_arg_string("Ω")};
    int rf = lokale_bundle_format(formatted, sizeof formatted, &needed, b, &m, args, 2);
    snprintf(buf, size, "%d %.*s step %d | %d %s", rc, (int)n, s ? s : "", (int)step, rf, rf == LOKALE_OK ? formatted : "");
}

/* Every key of the app and the panel, through `l` on (app, panel), equals the same through a runtime
 * made with `langs` (and no languages on the message). */
static void check_same_as_runtime(lokale_bundle *app, lokale_bundle *panel, const lokale_languages *l, const char *const *langs,
                                  size_t n, const char *app_file) {
    lokale_runtime *ref = request_runtime(langs, n);
    lokale_bundle *ref_app = NULL, *ref_panel = NULL;
    CHECK(lokale_bundle_open(&ref_app, ref, path(examples, app_file), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&ref_panel, ref, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    char got[512], want[512];
    for (size_t k = 0; k < sizeof app_keys / sizeof *app_keys; k++) {
        for (long count = 0; count < 3; count++) {
            answer(got, sizeof got, app, app_keys[k], l, count);
            answer(want, sizeof want, ref_app, app_keys[k], NULL, count);
            CHECK_STR(got, want);
        }
    }
    answer(got, sizeof got, panel, "panel.ready", l, 1);
    answer(want, sizeof want, ref_panel, "panel.ready", NULL, 1);
    CHECK_STR(got, want);
    /* The whole trace too: the same ordered localizations, reasons, table and step. */
    static char json[8192], ref_json[8192];
    size_t needed;
    for (int which = 0; which < 2; which++) {
        lokale_message m = lokale_message_make(which ? "panel.ready" : "summary.item-count", NULL, NULL);
        lokale_arg one = lokale_arg_int(1);
        m.languages = l;
        CHECK(lokale_bundle_explain(json, sizeof json, &needed, which ? panel : app, &m, &one, 1) == LOKALE_OK);
        m.languages = NULL;
        CHECK(lokale_bundle_explain(ref_json, sizeof ref_json, &needed, which ? ref_panel : ref_app, &m, &one, 1) == LOKALE_OK);
        CHECK_STR(json, ref_json);
    }
    lokale_bundle_free(ref_panel);
    lokale_bundle_free(ref_app);
    lokale_runtime_free(ref);
}

static const char *const lists[][4] = {
    {"fr-CA", "en"}, {"de"}, {"pt-BR"}, {"pt-PT", "de"}, {"es", "fr"}, {"ja-JP"}, {"zz"}, {"not a tag!", "de"},
    {"", "fr"}, {"en-GB", "fr"}, {"es"}, {"*", "ja"},
};
static const size_t list_sizes[] = {2, 1, 1, 2, 2, 1, 1, 2, 2, 2, 1, 2};

static void test_same_answers(const char *app_file) {
    const char *process[] = {"ja"};
    lokale_runtime *rt = request_runtime(process, 1);
    lokale_bundle *app = NULL, *panel = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, app_file), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&panel, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    /* The in-app language does not reach per-call lists; it stays the process's. */
    CHECK(lokale_runtime_set_language(rt, "pt-PT") == LOKALE_OK);
    for (size_t i = 0; i < sizeof list_sizes / sizeof *list_sizes; i++) {
        lokale_languages *l = NULL;
        CHECK(lokale_languages_new(&l, rt, lists[i], list_sizes[i]) == LOKALE_OK && l);
        /* twice: the first call computes the selection, the second reads the cached plan */
        check_same_as_runtime(app, panel, l, lists[i], list_sizes[i], app_file);
        check_same_as_runtime(app, panel, l, lists[i], list_sizes[i], app_file);
        lokale_languages_free(l);
    }
    /* The process still answers in its in-app language. */
    const char *s;
    size_t n;
    lokale_message m = lokale_message_make("workspace.title", NULL, NULL);
    CHECK(lokale_bundle_lookup(&s, &n, NULL, app, &m) == LOKALE_OK);
    CHECK(n == strlen("Área de trabalho") && memcmp(s, "Área de trabalho", n) == 0);
    char buf[64];
    size_t needed;
    CHECK(lokale_runtime_language(buf, sizeof buf, &needed, rt) == LOKALE_OK);
    CHECK_STR(buf, "pt-PT");
    CHECK(lokale_runtime_set_language(rt, NULL) == LOKALE_OK);
    lokale_bundle_free(panel);
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
}

static void test_handles_and_headers(void) {
    const char *en[] = {"en"};
    lokale_runtime *rt = request_runtime(en, 1);
    lokale_bundle *app = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    lokale_languages *l = NULL;
    const char *header = "de-CH;q=0.5, fr;q=0.9, en;q=junk, *;q=0.1";
    CHECK(lokale_languages_from_accept_language(&l, rt, header, -1) == LOKALE_OK && l);
    char buf[128];
    size_t needed;
    CHECK(lokale_languages_list(buf, sizeof buf, &needed, l) == LOKALE_OK);
    CHECK_STR(buf, "fr,de-CH");
    lokale_message m = lokale_message_make("workspace.title", NULL, NULL);
    m.languages = l;
    const char *s;
    size_t n;
    lokale_step step;
    CHECK(lokale_bundle_lookup(&s, &n, &step, app, &m) == LOKALE_OK && step == LOKALE_STEP_TRANSLATION);
    CHECK(n == strlen("Espace de travail") && memcmp(s, "Espace de travail", n) == 0);
    /* Equal lists share one id (the runtime remembers them); the pointer differs. */
    lokale_languages *same = NULL;
    const char *fr_de[] = {"fr", "de-CH"};
    CHECK(lokale_languages_new(&same, rt, fr_de, 2) == LOKALE_OK && same != l);
    /* A runtime or a bundle as the languages, a freed list: refused, never read. */
    m.languages = (const lokale_languages *)rt;
    CHECK(lokale_bundle_lookup(&s, &n, &step, app, &m) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "message.languages") != NULL);
    m.languages = (const lokale_languages *)app;
    CHECK(lokale_bundle_format(buf, sizeof buf, &needed, app, &m, NULL, 0) == LOKALE_EINVAL);
    lokale_languages_free(l);
    m.languages = l;
    CHECK(lokale_bundle_lookup(&s, &n, &step, app, &m) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "freed") != NULL);
    lokale_languages_free(l); /* a second free does nothing */
    CHECK(strstr(lokale_last_error(), "second free") != NULL);
    /* A version-3 message ends before `languages`: the field is never read. */
    m.version = 3;
    CHECK(lokale_bundle_lookup(&s, &n, &step, app, &m) == LOKALE_OK && n == strlen("Workspace"));
    m.version = LOKALE_MESSAGE_VERSION;
    /* An empty list, a header of junk: the development localization. */
    lokale_languages *none = NULL;
    CHECK(lokale_languages_new(&none, rt, NULL, 0) == LOKALE_OK);
    m.languages = none;
    CHECK(lokale_bundle_lookup(&s, &n, &step, app, &m) == LOKALE_OK && step == LOKALE_STEP_DEVELOPMENT);
    lokale_languages_free(none);
    CHECK(lokale_languages_from_accept_language(&none, rt, ";;;q=2,,\x01\xff", -1) == LOKALE_OK);
    CHECK(lokale_languages_list(buf, sizeof buf, &needed, none) == LOKALE_OK && needed == 0);
    lokale_languages_free(none);
    CHECK(lokale_languages_new(NULL, rt, fr_de, 2) == LOKALE_EINVAL);
    CHECK(lokale_languages_new(&none, NULL, fr_de, 2) == LOKALE_EINVAL && none == NULL);
    CHECK(lokale_languages_new(&none, rt, NULL, 3) == LOKALE_EINVAL);
    CHECK(lokale_languages_from_accept_language(&none, rt, NULL, 0) == LOKALE_EINVAL);
    lokale_languages_free(NULL);
    /* The list outlives the runtime handle. */
    lokale_runtime_free(rt);
    m.languages = same;
    CHECK(lokale_bundle_lookup(&s, &n, &step, app, &m) == LOKALE_OK && memcmp(s, "Espace", 6) == 0);
    lokale_languages_free(same);
    lokale_bundle_free(app);
}

/* ---- threads: each with its own list, all at once, against answers computed alone ---- */

struct request_thread {
    lokale_bundle *app;
    lokale_languages *languages[4];
    char expected[4][512];
    int bad;
};

static void *serve(void *arg) {
    struct request_thread *t = arg;
    char got[512];
    for (int round = 0; round < 3000; round++) {
        int i = round % 4;
        answer(got, sizeof got, t->app, "summary.item-count", t->languages[i], 2);
        if (strcmp(got, t->expected[i]) != 0) t->bad++;
    }
    return NULL;
}

static void test_concurrent_requests(void) {
    const char *en[] = {"en"};
    lokale_runtime *rt = request_runtime(en, 1);
    lokale_bundle *app = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    const char *const sets[4][2] = {{"de", "en"}, {"fr", "en"}, {"ja", "en"}, {"pt-PT", "xx-junk!"}};
    struct request_thread threads[4];
    pthread_t ids[4];
    for (int t = 0; t < 4; t++) {
        threads[t].app = app;
        threads[t].bad = 0;
        for (int i = 0; i < 4; i++) {
            const char *const *set = sets[(t + i) % 4];
            CHECK(lokale_languages_new(&threads[t].languages[i], rt, set, 2) == LOKALE_OK);
            lokale_runtime *ref = request_runtime(set, 2);
            lokale_bundle *ref_app = NULL;
            CHECK(lokale_bundle_open(&ref_app, ref, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
            answer(threads[t].expected[i], sizeof threads[t].expected[i], ref_app, "summary.item-count", NULL, 2);
            lokale_bundle_free(ref_app);
            lokale_runtime_free(ref);
        }
    }
    for (int t = 0; t < 4; t++) pthread_create(&ids[t], NULL, serve, &threads[t]);
    /* Meanwhile the process changes its own languages: per-call answers must not move. */
    const char *langs[][1] = {{"de"}, {"fr"}, {"ja"}};
    for (int i = 0; i < 300; i++) CHECK(lokale_runtime_set_preferred_languages(rt, langs[i % 3], 1) == LOKALE_OK);
    for (int t = 0; t < 4; t++) {
        pthread_join(ids[t], NULL);
        CHECK(threads[t].bad == 0);
        for (int i = 0; i < 4; i++) lokale_languages_free(threads[t].languages[i]);
    }
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
}

/* ---- the caches' bounds: 100,000 distinct lists ---- */

static long resident_kib(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
        fclose(f);
    }
    return resident * 4;
}

static void distinct_lists(lokale_runtime *rt, lokale_bundle *app, lokale_bundle *panel, int from, int to) {
    for (int i = from; i < to; i++) {
        char tag[32];
        snprintf(tag, sizeof tag, "x%d-%s", i, i % 2 ? "de" : "fr");
        const char *list[] = {tag, i % 3 ? "de" : "fr"};
        lokale_languages *l = NULL;
        if (lokale_languages_new(&l, rt, list, 2) != LOKALE_OK) { failed++; return; }
        lokale_message m = lokale_message_make("workspace.title", NULL, NULL);
        m.languages = l;
        const char *s;
        size_t n;
        if (lokale_bundle_lookup(&s, &n, NULL, app, &m) != LOKALE_OK) failed++;
        m.key = "panel.ready";
        if (lokale_bundle_lookup(&s, &n, NULL, panel, &m) != LOKALE_OK) failed++;
        lokale_languages_free(l);
    }
}

static void test_list_cache_bound(void) {
    const char *en[] = {"en"};
    lokale_runtime *rt = request_runtime(en, 1);
    lokale_bundle *app = NULL, *panel = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&panel, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    /* Warm up past every cache's bound, then measure 90,000 more. */
    distinct_lists(rt, app, panel, 0, 10000);
    long before = resident_kib();
    distinct_lists(rt, app, panel, 10000, 100000);
    long grown = resident_kib() - before;
    printf("100,000 distinct language lists: resident memory grew %ld KiB over the last 90,000\n", grown);
    CHECK(grown < 4096);
    lokale_bundle_free(panel);
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
}

void test_requests(void) {
    test_same_answers("DesktopApp.lokale");
    test_same_answers("DesktopAppMixed.lokale");
    test_handles_and_headers();
    test_concurrent_requests();
    test_list_cache_bound();
}
