/* The start without the Swift runtime (lokale_runtime_new and lokale_bundle_open in C, the Swift
 * runtime taking over on first need): the same answers as a runtime the Swift runtime runs from
 * the start (settings_path "" keeps a runtime out of the C start), before and after the take-over,
 * whatever order handles are freed in, and while other threads look up. */
#include "check.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct answers {
    char text[256];
    lokale_step step;
    char plural[256];
    char preferred[256];
} answers;

static void answer(const lokale_bundle *b, answers *a) {
    lokale_message m = lokale_message_make("workspace.title", NULL, NULL);
    const char *t = NULL;
    size_t n = 0;
    CHECK(lokale_bundle_lookup(&t, &n, &a->step, b, &m) == LOKALE_OK);
    snprintf(a->text, sizeof a->text, "%.*s", (int)n, t ? t : "");
    lokale_arg three = {.type = LOKALE_ARG_INT, .value.i = 3};
    snprintf(a->plural, sizeof a->plural, "%s", fmt(b, "summary.item-count", NULL, NULL, &three, 1));
}

static void preferred(const lokale_bundle *b, answers *a) {
    size_t needed;
    CHECK(lokale_bundle_preferred_localizations(a->preferred, sizeof a->preferred, &needed, b) == LOKALE_OK);
}

/* A runtime the Swift runtime runs from its creation. */
static lokale_runtime *swift_runtime(const char *const *langs, size_t n) {
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = n;
    o.settings_path = "";
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    return rt;
}

static void same_answers(const char *const *langs, size_t n, uint32_t flags) {
    lokale_runtime *started = runtime_with(langs, n), *swift = swift_runtime(langs, n);
    lokale_bundle *b = NULL, *s = NULL;
    CHECK(lokale_bundle_open(&b, started, path(examples, "DesktopApp.lokale"), flags) == LOKALE_OK);
    CHECK(lokale_bundle_open(&s, swift, path(examples, "DesktopApp.lokale"), flags) == LOKALE_OK);
    answers before, after, expected;
    answer(b, &before);
    answer(s, &expected);
    preferred(s, &expected);
    preferred(b, &after); /* the Swift runtime takes the start over here */
    answer(b, &after);
    CHECK_STR(before.text, expected.text);
    CHECK(before.step == expected.step);
    CHECK_STR(before.plural, expected.plural);
    CHECK_STR(after.text, expected.text);
    CHECK(after.step == expected.step);
    CHECK_STR(after.plural, expected.plural);
    CHECK_STR(after.preferred, expected.preferred);
    lokale_bundle_free(b);
    lokale_bundle_free(s);
    lokale_runtime_free(started);
    lokale_runtime_free(swift);
}

static void test_free_orders(void) {
    const char *de[] = {"de"};
    /* Freed before anything needed the Swift runtime: the bundle first, then the runtime. */
    lokale_runtime *rt = runtime_with(de, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(examples, "DesktopApp.lokale"), 0) == LOKALE_OK);
    answers a;
    answer(b, &a);
    CHECK_STR(a.text, "Arbeitsbereich");
    lokale_bundle_free(b);
    lokale_bundle_free(b); /* a second free is ignored, and said */
    CHECK(strstr(lokale_last_error(), "freed already") != NULL);
    const char *t = NULL;
    size_t n = 0;
    lokale_message m = lokale_message_make("workspace.title", NULL, NULL);
    CHECK(lokale_bundle_lookup(&t, &n, NULL, b, &m) == LOKALE_EINVAL);
    lokale_runtime_free(rt);
    lokale_runtime_free(rt);
    CHECK(strstr(lokale_last_error(), "freed already") != NULL);

    /* The runtime first: the bundle goes on, and is taken over through its own handle. */
    rt = runtime_with(de, 1);
    CHECK(lokale_bundle_open(&b, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    lokale_runtime_free(rt);
    answer(b, &a);
    CHECK_STR(a.text, "Arbeitsbereich");
    preferred(b, &a);
    CHECK_STR(a.preferred, "de,en");
    answer(b, &a);
    CHECK_STR(a.plural, "3 Objekte");
    lokale_bundle_free(b);

    /* A runtime and two bundles: taking over through one hands over both, in their order. */
    const char *fr_de[] = {"fr", "de"};
    rt = runtime_with(fr_de, 2);
    lokale_bundle *one = NULL, *two = NULL;
    CHECK(lokale_bundle_open(&one, rt, path(examples, "DesktopApp.lokale"), 0) == LOKALE_OK);
    CHECK(lokale_bundle_open(&two, rt, path(examples, "DesktopAppMixed.lokale"), 0) == LOKALE_OK);
    char langs[64];
    size_t needed;
    CHECK(lokale_runtime_preferred_languages(langs, sizeof langs, &needed, rt) == LOKALE_OK);
    CHECK_STR(langs, "fr,de");
    answer(one, &a);
    CHECK_STR(a.text, "Espace de travail");
    answer(two, &a);
    CHECK_STR(a.text, "Espace de travail");
    const char *de_only[] = {"de"};
    CHECK(lokale_runtime_set_preferred_languages(rt, de_only, 1) == LOKALE_OK);
    answer(one, &a);
    CHECK_STR(a.text, "Arbeitsbereich");
    answer(two, &a);
    CHECK_STR(a.text, "Arbeitsbereich");
    lokale_bundle_free(two);
    lokale_runtime_free(rt);
    lokale_bundle_free(one);
}

/* A main bundle, then a framework: the framework follows the main bundle's choice, which the Swift
 * runtime makes (the start declines the framework and is taken over). */
static void test_main_and_framework_start(void) {
    const char *langs[] = {"fr", "de"};
    lokale_runtime *started = runtime_with(langs, 2), *swift = swift_runtime(langs, 2);
    lokale_bundle *app = NULL, *kit = NULL, *sapp = NULL, *skit = NULL;
    CHECK(lokale_bundle_open(&app, started, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&kit, started, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    CHECK(lokale_bundle_open(&sapp, swift, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&skit, swift, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    answers a, e;
    preferred(kit, &a);
    preferred(skit, &e);
    CHECK_STR(a.preferred, e.preferred);
    answer(app, &a);
    answer(sapp, &e);
    CHECK_STR(a.text, e.text);
    /* A second main bundle is refused, as by the Swift runtime. */
    lokale_bundle *again = NULL;
    CHECK(lokale_bundle_open(&again, started, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_ESTATE);
    lokale_bundle_free(kit);
    lokale_bundle_free(app);
    lokale_bundle_free(skit);
    lokale_bundle_free(sapp);
    lokale_runtime_free(started);
    lokale_runtime_free(swift);

    /* Errors are the Swift runtime's: a missing file, a second main bundle opened first in C. */
    started = runtime_with(langs, 2);
    CHECK(lokale_bundle_open(&app, started, path(tests, "no-such.lokale"), 0) == LOKALE_ENOTFOUND);
    CHECK(strstr(lokale_last_error(), "no-such.lokale") != NULL);
    CHECK(app == NULL);
    CHECK(lokale_bundle_open(&app, started, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&again, started, path(examples, "DesktopAppMixed.lokale"), LOKALE_OPEN_MAIN) == LOKALE_ESTATE);
    lokale_bundle_free(app);
    lokale_runtime_free(started);
}

/* A stored in-app language is the Swift runtime's to restore: the start declines the main bundle. */
static void test_stored_language(void) {
    char home[1200], file[1400];
    snprintf(home, sizeof home, "%s/start-xdg", tests);
    snprintf(file, sizeof file, "%s/lokale", home);
    mkdir(home, 0755);
    mkdir(file, 0755);
    lokale_runtime *rt = runtime_with(NULL, 0);
    lokale_bundle *b = NULL;
    const char *old = getenv("XDG_CONFIG_HOME");
    char *kept = old ? strdup(old) : NULL;
    setenv("XDG_CONFIG_HOME", home, 1);
    CHECK(lokale_bundle_open(&b, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_runtime_set_language(rt, "fr") == LOKALE_OK); /* stored in the default place */
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    const char *de[] = {"de"};
    rt = runtime_with(de, 1);
    CHECK(lokale_bundle_open(&b, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    answers a;
    answer(b, &a);
    CHECK_STR(a.text, "Espace de travail");
    CHECK(lokale_runtime_set_language(rt, NULL) == LOKALE_OK);
    answer(b, &a);
    CHECK_STR(a.text, "Arbeitsbereich");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    if (kept) setenv("XDG_CONFIG_HOME", kept, 1);
    else unsetenv("XDG_CONFIG_HOME");
    free(kept);
}

typedef struct reader {
    lokale_bundle *bundle;
    int stop;
    int wrong;
} reader;

static void *read_while_taken_over(void *arg) {
    reader *r = arg;
    lokale_message m = lokale_message_make("workspace.title", NULL, NULL);
    while (!__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE)) {
        const char *t = NULL;
        size_t n = 0;
        if (lokale_bundle_lookup(&t, &n, NULL, r->bundle, &m) != LOKALE_OK ||
            (!(n == 14 && memcmp(t, "Arbeitsbereich", 14) == 0) && !(n == 17 && memcmp(t, "Espace de travail", 17) == 0)))
            __atomic_add_fetch(&r->wrong, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

/* Lookups on other threads while the Swift runtime takes the start over and languages change. */
static void test_take_over_while_reading(void) {
    for (int round = 0; round < 20; round++) {
        const char *de[] = {"de"}, *fr[] = {"fr"};
        lokale_runtime *rt = runtime_with(de, 1);
        reader r = {0};
        CHECK(lokale_bundle_open(&r.bundle, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
        pthread_t threads[3];
        for (int i = 0; i < 3; i++) pthread_create(&threads[i], NULL, read_while_taken_over, &r);
        answers a;
        if (round % 2) preferred(r.bundle, &a);
        CHECK(lokale_runtime_set_preferred_languages(rt, round % 3 ? fr : de, 1) == LOKALE_OK);
        answer(r.bundle, &a);
        CHECK_STR(a.text, round % 3 ? "Espace de travail" : "Arbeitsbereich");
        __atomic_store_n(&r.stop, 1, __ATOMIC_RELEASE);
        for (int i = 0; i < 3; i++) pthread_join(threads[i], NULL);
        CHECK(r.wrong == 0);
        lokale_runtime_free(rt);
        lokale_bundle_free(r.bundle);
    }
}

typedef struct calls {
    int count;
    lokale_runtime *runtime;
} calls;

static void count_change(void *payload, lokale_runtime *runtime) {
    calls *c = payload;
    c->count++;
    c->runtime = runtime;
}

/* Callbacks and a bundle's facts before the take-over: the same ids, facts and lent names as the
 * Swift runtime gives, and the callbacks called after it. */
static void test_callbacks_and_facts(void) {
    const char *de[] = {"de"}, *fr[] = {"fr"};
    lokale_runtime *rt = runtime_with(de, 1), *swift = swift_runtime(de, 1);
    calls first = {0}, second = {0}, third = {0};
    uint64_t a = 0, b = 0, c = 0, sa = 0, sb = 0;
    CHECK(lokale_runtime_add_callback(&a, rt, count_change, &first) == LOKALE_OK);
    CHECK(lokale_runtime_add_callback(&b, rt, count_change, &second) == LOKALE_OK);
    CHECK(lokale_runtime_add_callback(&sa, swift, count_change, &third) == LOKALE_OK);
    CHECK(lokale_runtime_add_callback(&sb, swift, count_change, &third) == LOKALE_OK);
    CHECK(a == sa && b == sb && a != b);
    CHECK(lokale_runtime_remove_callback(rt, a) == LOKALE_OK);
    CHECK(lokale_runtime_remove_callback(rt, a) == LOKALE_ENOTFOUND);
    char message[256];
    snprintf(message, sizeof message, "%s", lokale_last_error());
    CHECK(lokale_runtime_remove_callback(swift, 999) == LOKALE_ENOTFOUND);
    CHECK(strstr(message, "no callback with id") != NULL);
    CHECK(lokale_runtime_add_callback(NULL, rt, NULL, NULL) == LOKALE_EINVAL);

    lokale_bundle *bundle = NULL, *sbundle = NULL;
    CHECK(lokale_bundle_open(&bundle, rt, path(examples, "DesktopApp.lokale"), 0) == LOKALE_OK);
    CHECK(lokale_bundle_open(&sbundle, swift, path(examples, "DesktopApp.lokale"), 0) == LOKALE_OK);
    const char *id = NULL, *sid = NULL, *dev = NULL, *sdev = NULL;
    const char *const *names = NULL, *const *snames = NULL;
    size_t count = 0, scount = 0;
    CHECK(lokale_bundle_identifier(&id, bundle) == LOKALE_OK && lokale_bundle_identifier(&sid, sbundle) == LOKALE_OK);
    CHECK_STR(id, sid);
    CHECK(lokale_bundle_development_localization(&dev, bundle) == LOKALE_OK);
    CHECK(lokale_bundle_development_localization(&sdev, sbundle) == LOKALE_OK);
    CHECK_STR(dev, sdev);
    CHECK(lokale_bundle_localizations(&names, &count, bundle) == LOKALE_OK);
    CHECK(lokale_bundle_localizations(&snames, &scount, sbundle) == LOKALE_OK);
    CHECK(count == scount && count > 1);
    for (size_t i = 0; i < count && i < scount; i++) CHECK_STR(names[i], snames[i]);
    CHECK(lokale_bundle_identifier(NULL, bundle) == LOKALE_EINVAL);

    /* A change: the Swift runtime takes over, and calls the callbacks registered before. */
    CHECK(lokale_runtime_set_preferred_languages(rt, fr, 1) == LOKALE_OK);
    CHECK(first.count == 0 && second.count == 1 && second.runtime == rt);
    const char *const *again = NULL;
    size_t again_count = 0;
    CHECK(lokale_bundle_localizations(&again, &again_count, bundle) == LOKALE_OK);
    CHECK(again == names && again_count == count); /* lent until the bundle is freed: the same array */
    const char *id_after = NULL;
    CHECK(lokale_bundle_identifier(&id_after, bundle) == LOKALE_OK && id_after == id);
    CHECK(lokale_runtime_add_callback(&c, rt, count_change, &first) == LOKALE_OK);
    CHECK(c > b);
    CHECK(lokale_runtime_remove_callback(rt, b) == LOKALE_OK);
    CHECK(lokale_runtime_set_preferred_languages(rt, de, 1) == LOKALE_OK);
    CHECK(first.count == 1 && second.count == 1);
    lokale_bundle_free(bundle);
    lokale_bundle_free(sbundle);
    lokale_runtime_free(rt);
    lokale_runtime_free(swift);

    /* Callbacks of a runtime freed before any change are removed with its handle. */
    rt = runtime_with(de, 1);
    calls none = {0};
    CHECK(lokale_runtime_add_callback(&a, rt, count_change, &none) == LOKALE_OK);
    CHECK(lokale_bundle_open(&bundle, rt, path(examples, "DesktopApp.lokale"), 0) == LOKALE_OK);
    lokale_runtime_free(rt);
    CHECK(lokale_bundle_reload(NULL, bundle, LOKALE_RELOAD_FORCE) == LOKALE_OK);
    CHECK(none.count == 0);
    lokale_bundle_free(bundle);
}

void test_start(void) {
    const char *lists[][3] = {{"de"}, {"fr", "de"}, {"de", "fr"}, {"en"}, {"pt-PT", "de"}, {"xx", "de"}, {"de-CH"}, {"zh-Hant", "fr"}};
    const size_t counts[] = {1, 2, 2, 1, 2, 2, 1, 2};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        same_answers(lists[i], counts[i], 0);
        same_answers(lists[i], counts[i], LOKALE_OPEN_VERIFY);
    }
    same_answers(NULL, 0, 0);
    test_free_orders();
    test_main_and_framework_start();
    test_stored_language();
    test_take_over_while_reading();
    test_callbacks_and_facts();
}
