/* Lifetimes of handles (lokale.h, "Lifetimes"): bundles outlive their runtime, even with readers on
 * other threads; freeing the runtime removes the callbacks registered through it; a second free
 * does nothing, and a call with a freed handle or a handle of the other kind is LOKALE_EINVAL
 * instead of a read of released memory. Also the strict arguments of a format
 * (LOKALE_MESSAGE_STRICT_ARGUMENTS) and where the in-app language is kept
 * (lokale_runtime_settings_path). */
#include "check.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* ---- the runtime freed under readers of its bundles ---- */

struct reader {
    lokale_bundle *bundle;
    atomic_int *stop; /* atomic: the main thread sets it while the readers read it */
    int rounds, bad;
};

static void *read_until_stopped(void *arg) {
    struct reader *r = arg;
    while (!atomic_load(r->stop) || r->rounds < 200) {
        lokale_message m = lokale_message_make("files", NULL, NULL);
        lokale_arg count = lokale_arg_int(r->rounds % 7);
        char out[64];
        size_t needed;
        if (lokale_bundle_format(out, sizeof out, &needed, r->bundle, &m, &count, 1) != LOKALE_OK) r->bad++;
        lokale_message g = lokale_message_make("greeting", NULL, NULL);
        const char *s;
        size_t n;
        if (lokale_bundle_lookup(&s, &n, NULL, r->bundle, &g) != LOKALE_OK || n == 0) r->bad++;
        r->rounds++;
    }
    return NULL;
}

static int called;
static void count_calls(void *payload, lokale_runtime *runtime) {
    (void)payload;
    (void)runtime;
    called++;
}

static void test_runtime_freed_first(void) {
    const char *fr[] = {"fr"};
    lokale_runtime *rt = runtime_with(fr, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    uint64_t id = 0;
    CHECK(lokale_runtime_add_callback(&id, rt, count_calls, NULL) == LOKALE_OK);
    int reloaded = 0;
    called = 0;
    CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_FORCE) == LOKALE_OK && reloaded == 1 && called == 1);

    atomic_int stop = 0;
    pthread_t threads[3];
    struct reader readers[3];
    for (int i = 0; i < 3; i++) {
        readers[i] = (struct reader){b, &stop, 0, 0};
        pthread_create(&threads[i], NULL, read_until_stopped, &readers[i]);
    }
    lokale_runtime_free(rt); /* the readers' bundle keeps the runtime */
    atomic_store(&stop, 1);
    int bad = 0;
    for (int i = 0; i < 3; i++) {
        pthread_join(threads[i], NULL);
        bad += readers[i].bad;
    }
    CHECK(bad == 0);
    CHECK_STR(fmt(b, "files", NULL, NULL, (lokale_arg[]){lokale_arg_int(2)}, 1), "2 fichiers");
    /* The callback received the freed handle: it was removed with it, so a reload (which runs the
     * runtime's callbacks) does not call it. */
    CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_FORCE) == LOKALE_OK && reloaded == 1);
    CHECK(called == 1);
    lokale_bundle_free(b);
}

/* ---- misuses that must not become memory corruption ---- */

static void test_double_free_and_use_after_free(void) {
    const char *de[] = {"de"};
    lokale_runtime *rt = runtime_with(de, 1);
    lokale_bundle *b = NULL, *other = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(examples, "DesktopApp.lokale"), 0) == LOKALE_OK);
    CHECK(lokale_bundle_open(&other, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    CHECK_STR(LOKALE_LOC(b, "workspace.title", "Workspace", NULL), "Arbeitsbereich");

    /* A runtime where a bundle is expected, and the other way round: refused, nothing freed. */
    const lokale_bundle *wrong = (const lokale_bundle *)rt;
    const char *s = NULL;
    size_t n = 0;
    lokale_message m = lokale_message_make("workspace.title", NULL, NULL);
    CHECK(lokale_bundle_lookup(&s, &n, NULL, wrong, &m) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "a lokale_runtime was passed as the bundle") != NULL);
    lokale_bundle_free((lokale_bundle *)rt);
    CHECK(strstr(lokale_last_error(), "lokale_bundle_free") != NULL);
    lokale_runtime_free((lokale_runtime *)other);
    CHECK(strstr(lokale_last_error(), "a lokale_bundle was passed as the runtime") != NULL);
    char buf[256];
    size_t needed = 0;
    CHECK(lokale_runtime_preferred_languages(buf, sizeof buf, &needed, rt) == LOKALE_OK);
    CHECK_STR(buf, "de");
    CHECK_STR(LOKALE_LOC(other, "panel.ready", NULL, NULL), "Panel bereit");

    /* Freed, then used: every call is refused with LOKALE_EINVAL. The pointer is dangling for the
     * caller; the library keeps recently freed handles readable precisely so that this is caught. */
    lokale_bundle_free(b);
    s = NULL;
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "the bundle was freed") != NULL);
    CHECK_STR(LOKALE_LOC(b, "workspace.title", "Workspace", NULL), "Workspace");
    lokale_arg three = lokale_arg_int(3);
    lokale_message count = lokale_message_make("summary.item-count", NULL, NULL);
    CHECK(lokale_bundle_format(buf, sizeof buf, &needed, b, &count, &three, 1) == LOKALE_EINVAL);
    CHECK(lokale_bundle_identifier(&s, b) == LOKALE_EINVAL);
    CHECK(lokale_bundle_preferred_localizations(buf, sizeof buf, &needed, b) == LOKALE_EINVAL);
    int reloaded = 0;
    CHECK(lokale_bundle_reload(&reloaded, b, 0) == LOKALE_EINVAL);
    /* A second free does nothing, and says so. */
    lokale_bundle_free(b);
    CHECK(strstr(lokale_last_error(), "freed already") != NULL);
    CHECK_STR(LOKALE_LOC(other, "panel.ready", NULL, NULL), "Panel bereit");

    /* The same for the runtime (its bundles live on). */
    lokale_runtime_free(rt);
    CHECK(lokale_runtime_preferred_languages(buf, sizeof buf, &needed, rt) == LOKALE_EINVAL);
    CHECK(strstr(lokale_last_error(), "the runtime was freed") != NULL);
    CHECK(lokale_runtime_set_language(rt, "fr") == LOKALE_EINVAL);
    lokale_bundle *late = NULL;
    CHECK(lokale_bundle_open(&late, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_EINVAL && late == NULL);
    lokale_runtime_free(rt);
    CHECK(strstr(lokale_last_error(), "freed already") != NULL);
    CHECK_STR(LOKALE_LOC(other, "panel.ready", NULL, NULL), "Panel bereit");
    lokale_bundle_free(other);
}

/* ---- LOKALE_MESSAGE_STRICT_ARGUMENTS ---- */

static int strict_format(const lokale_bundle *b, const char *key, const char *def, lokale_arg arg, uint32_t version,
                         char *out, size_t size) {
    lokale_message m = lokale_message_make(key, NULL, def);
    m.version = version;
    m.flags = LOKALE_MESSAGE_STRICT_ARGUMENTS;
    size_t needed = 0;
    return lokale_bundle_format(out, size, &needed, b, &m, &arg, 1);
}

static void test_strict_arguments(void) {
    const char *en[] = {"en"};
    lokale_runtime *rt = runtime_with(en, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    char out[256];
    lokale_arg big = lokale_arg_uint((uint64_t)INT64_MAX + 1);
    /* Twice: the second call of a generation would take the C fast path. */
    for (int i = 0; i < 2; i++) {
        CHECK(strict_format(b, "files", NULL, lokale_arg_int(3), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_OK);
        CHECK_STR(out, "3 files");
        CHECK(strict_format(b, "files", NULL, big, LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_ERANGE);
        CHECK(strstr(lokale_last_error(), "argument 1 is 9223372036854775808, out of the range of '%lld'") != NULL);
        CHECK(strict_format(b, "nope", "%lld", big, LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_ERANGE);
        CHECK(strict_format(b, "nope", "%llu", big, LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_OK);
        CHECK_STR(out, "9,223,372,036,854,775,808");
        CHECK(strict_format(b, "nope", "%llu", lokale_arg_int(-1), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_ERANGE);
        CHECK(strict_format(b, "nope", "%d", lokale_arg_double(1e30), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_ERANGE);
        CHECK(strict_format(b, "files", NULL, lokale_arg_string("abc"), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_EINVAL);
        CHECK_STR(lokale_last_error(), "argument 1 is a string, but the plural needs a number");
        CHECK(strict_format(b, "nope", "%d", lokale_arg_string("abc"), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_EINVAL);
        CHECK(strict_format(b, "nope", "%d", lokale_arg_double(NAN), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_EINVAL);
        /* Numeric text is a number; text under %@ is text. */
        CHECK(strict_format(b, "files", NULL, lokale_arg_string("1.0"), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_OK);
        CHECK_STR(out, "1 files"); /* "1.0" is "other" in English; %lld prints its integer */
        CHECK(strict_format(b, "nope", "<%@>", lokale_arg_string("abc"), LOKALE_MESSAGE_VERSION, out, sizeof out) == LOKALE_OK);
        CHECK_STR(out, "<abc>");
        /* A version-2 message has no flags: printed, and reported as a problem. */
        CHECK(strict_format(b, "files", NULL, big, 2, out, sizeof out) == LOKALE_OK);
        CHECK_STR(out, "-9,223,372,036,854,775,808 files");
    }
    /* Without the flag, text comes out and the problem is reported. */
    CHECK_STR(fmt(b, "nope", NULL, "%lld", &big, 1), "-9,223,372,036,854,775,808");
    lokale_message m = lokale_message_make("nope", NULL, "%lld");
    size_t needed = 0;
    CHECK(lokale_bundle_format_problems(out, sizeof out, &needed, b, &m, &big, 1) == LOKALE_OK);
    CHECK_STR(out, "argument 1 is 9223372036854775808, out of the range of '%lld' "
                   "(-9223372036854775808 to 9223372036854775807)");
    /* format_problems ignores the flag. */
    m.flags = LOKALE_MESSAGE_STRICT_ARGUMENTS;
    CHECK(lokale_bundle_format_problems(out, sizeof out, &needed, b, &m, &big, 1) == LOKALE_OK);
    /* Unknown flags are refused. */
    m.flags = 0x80;
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, &big, 1) == LOKALE_EINVAL);
    CHECK_STR(lokale_status_name(LOKALE_ERANGE), "LOKALE_ERANGE");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

/* A plural whose variants are all one text (Mastodon's empty placeholder, consuming argument 1, a
 * name) selects nothing: strict arguments format it as the non-strict path does. A plural that does
 * select still refuses text, and the error states the problem only (no "using 'other'"). */
static void test_strict_placeholder_plural(void) {
    static const struct { const char *language, *one, *three; } cases[] = {
        {"en", "Followed by Alice, and another mutual", "Followed by Alice, and 3 mutuals"},
        {"fr", "Suivi par Alice et un autre abonné commun", "Suivi par Alice et 3 abonnés communs"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        lokale_runtime *rt = runtime_with(&cases[c].language, 1);
        lokale_bundle *b = NULL;
        CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
        lokale_message m = lokale_message_make("followed.mutual", NULL, NULL);
        m.flags = LOKALE_MESSAGE_STRICT_ARGUMENTS;
        char out[256];
        size_t needed = 0;
        for (int i = 0; i < 2; i++) { /* the second call of a generation may take the fast path */
            lokale_arg args[2] = {lokale_arg_string("Alice"), lokale_arg_int(3)};
            CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
            CHECK_STR(out, cases[c].three);
            args[1] = lokale_arg_int(1);
            CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
            CHECK_STR(out, cases[c].one);
            /* No problem to report either: the text does not depend on argument 1's type. */
            CHECK(lokale_bundle_format_problems(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
            CHECK_STR(out, "");
            args[1] = lokale_arg_string("many");
            CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_EINVAL);
            CHECK_STR(lokale_last_error(), "argument 2 is a string, but the plural needs a number");
        }
        lokale_bundle_free(b);
        lokale_runtime_free(rt);
    }
}

/* ---- lokale_runtime_settings_path ---- */

static const char *settings_path(const lokale_runtime *rt) {
    static char buf[2048];
    size_t needed = 0;
    if (lokale_runtime_settings_path(buf, sizeof buf, &needed, rt) != LOKALE_OK) return "<error>";
    return buf;
}

static void test_settings_path(void) {
    char xdg[1024], expected[2048];
    snprintf(xdg, sizeof xdg, "%s", path(tests, "xdg-config"));
    const char *saved = getenv("XDG_CONFIG_HOME");
    char *restore = saved ? strdup(saved) : NULL;
    setenv("XDG_CONFIG_HOME", xdg, 1);
    snprintf(expected, sizeof expected, "%s/lokale/com.example.DesktopApp.language", xdg);
    const char *en[] = {"en"};
    lokale_runtime *rt = runtime_with(en, 1); /* the default location */
    CHECK_STR(settings_path(rt), "");          /* not known before the main bundle */
    lokale_bundle *app = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(settings_path(rt), expected);
    lokale_bundle_free(app);
    CHECK_STR(settings_path(rt), "");
    lokale_runtime_free(rt);

    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.settings_path = "/somewhere/app.language";
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    CHECK_STR(settings_path(rt), "/somewhere/app.language");
    lokale_runtime_free(rt);
    o.settings_path = "";
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(settings_path(rt), "");
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
    if (restore) {
        setenv("XDG_CONFIG_HOME", restore, 1);
        free(restore);
    } else {
        unsetenv("XDG_CONFIG_HOME");
    }
}

void test_lifetimes(void) {
    test_runtime_freed_first();
    test_double_free_and_use_after_free();
    test_strict_arguments();
    test_strict_placeholder_plural();
    test_settings_path();
}
