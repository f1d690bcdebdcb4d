/*
 * The C ABI, exercised from C against the real liblokale.so and real compiled bundles.
 * usage: test_lokale EXAMPLES_DIR TESTS_DIR
 *   EXAMPLES_DIR holds DesktopApp.lokale, DesktopAppMixed.lokale, PanelKit.lokale
 *   TESTS_DIR holds Tables.lokale and is writable (corrupt copies are made there)
 */
#define _POSIX_C_SOURCE 200809L
#include <lokale.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
static char examples[1024], tests[1024];

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (cond) {                                                                        \
            passed++;                                                                      \
        } else {                                                                           \
            failed++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, __LINE__, \
                    #cond, lokale_last_error());                                           \
        }                                                                                  \
    } while (0)

#define CHECK_STR(actual, expected)                                                        \
    do {                                                                                   \
        const char *a_ = (actual), *e_ = (expected);                                       \
        if (a_ && strcmp(a_, e_) == 0) {                                                   \
            passed++;                                                                      \
        } else {                                                                           \
            failed++;                                                                      \
            fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\" (last error: %s)\n", __FILE__, \
                    __LINE__, e_, a_ ? a_ : "(null)", lokale_last_error());                \
        }                                                                                  \
    } while (0)

static const char *path(const char *dir, const char *name) {
    static char buf[4][2048];
    static int i;
    i = (i + 1) % 4;
    snprintf(buf[i], sizeof buf[i], "%s/%s", dir, name);
    return buf[i];
}

static lokale_runtime *runtime_with(const char *const *langs, size_t n) {
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = n;
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    return rt;
}

/* Formats a message into a static buffer. */
static const char *fmt(const lokale_bundle *b, const char *key, const char *table, const char *def,
                       const lokale_arg *args, size_t n) {
    static char out[1024];
    size_t needed = 0;
    lokale_message m = lokale_message_make(key, table, def);
    int rc = lokale_bundle_format(out, sizeof out, &needed, b, &m, args, n);
    if (rc != LOKALE_OK) snprintf(out, sizeof out, "<error %s>", lokale_status_name(rc));
    return out;
}

static void test_versions(void) {
    CHECK_STR(lokale_version(), LOKALE_VERSION_STRING);
    CHECK(lokale_version_number() == LOKALE_VERSION_NUMBER);
    CHECK(lokale_table_format_version() == 2);
    CHECK_STR(lokale_status_name(LOKALE_EINVAL), "LOKALE_EINVAL");
    CHECK_STR(lokale_status_name(12345), "LOKALE_UNKNOWN");
    CHECK(lokale_last_error() != NULL);
}

static void test_null_and_bad_arguments(void) {
    lokale_runtime *rt = NULL;
    lokale_bundle *b = NULL;
    const char *s = NULL;
    size_t n = 0;
    lokale_runtime_free(NULL);
    lokale_bundle_free(NULL);
    CHECK(lokale_runtime_new(NULL, NULL) == LOKALE_EINVAL);
    CHECK(strlen(lokale_last_error()) > 0);
    CHECK(lokale_runtime_options_init(NULL) == LOKALE_EINVAL);
    CHECK(lokale_runtime_new(&rt, NULL) == LOKALE_OK);
    CHECK(lokale_bundle_open(&b, NULL, "x", 0) == LOKALE_EINVAL && b == NULL);
    CHECK(lokale_bundle_open(&b, rt, NULL, 0) == LOKALE_EINVAL);
    CHECK(lokale_bundle_open(NULL, rt, "x", 0) == LOKALE_EINVAL);
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0x80) == LOKALE_EINVAL);
    CHECK(lokale_bundle_open(&b, rt, path(tests, "does-not-exist.lokale"), 0) == LOKALE_ENOTFOUND);
    CHECK(strstr(lokale_last_error(), "does-not-exist") != NULL);
    CHECK(lokale_bundle_open(&b, rt, tests, 0) == LOKALE_EIO); /* a folder */
    CHECK(lokale_bundle_identifier(&s, NULL) == LOKALE_EINVAL);
    CHECK(lokale_bundle_development_localization(NULL, NULL) == LOKALE_EINVAL);
    CHECK(lokale_bundle_localizations(NULL, &n, NULL) == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_preferred_languages(NULL, NULL, 0) == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_preferred_languages(rt, NULL, 3) == LOKALE_EINVAL);
    const char *with_null[] = {"fr", NULL};
    CHECK(lokale_runtime_set_preferred_languages(rt, with_null, 2) == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_device(rt, 99) == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_fallback_policy(rt, -1) == LOKALE_EINVAL);

    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    lokale_message m = lokale_message_make("greeting", NULL, NULL);
    CHECK(lokale_bundle_lookup(NULL, &n, NULL, b, &m) == LOKALE_EINVAL);
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, NULL) == LOKALE_EINVAL);
    CHECK(lokale_bundle_lookup(&s, &n, NULL, NULL, &m) == LOKALE_EINVAL);
    m.key = NULL;
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_EINVAL);
    m = lokale_message_make("greeting", NULL, NULL);
    m.key_len = -5;
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_EINVAL);
    m.key_len = (ptrdiff_t)1 << 40; /* a huge length is refused, not trusted */
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_EINVAL);
    m = lokale_message_make("greeting", NULL, NULL);
    m.version = 0;
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_EINVAL);
    m = lokale_message_make("greeting", NULL, NULL);
    lokale_arg bad = {.type = 42};
    char out[64];
    CHECK(lokale_bundle_format(out, sizeof out, &n, b, &m, &bad, 1) == LOKALE_EINVAL);
    CHECK(lokale_bundle_format(out, sizeof out, &n, b, &m, NULL, 2) == LOKALE_EINVAL);
    lokale_arg null_string = {.type = LOKALE_ARG_STRING};
    CHECK(lokale_bundle_format(out, sizeof out, &n, b, &m, &null_string, 1) == LOKALE_EINVAL);
    CHECK(lokale_bundle_format(NULL, 10, &n, b, &m, NULL, 0) == LOKALE_EINVAL);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

static void test_bundle_facts(void) {
    const char *langs[] = {"fr-CA", "en"};
    lokale_runtime *rt = runtime_with(langs, 2);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), LOKALE_OPEN_VERIFY) == LOKALE_OK);
    const char *s = NULL;
    CHECK(lokale_bundle_identifier(&s, b) == LOKALE_OK);
    CHECK_STR(s, "com.example.Tables");
    CHECK(lokale_bundle_development_localization(&s, b) == LOKALE_OK);
    CHECK_STR(s, "en");
    const char *const *names = NULL;
    size_t count = 0;
    CHECK(lokale_bundle_localizations(&names, &count, b) == LOKALE_OK);
    CHECK(count == 3);
    if (count == 3) {
        CHECK_STR(names[0], "en");
        CHECK_STR(names[1], "fr");
        CHECK_STR(names[2], "ja");
    }
    char buf[64];
    size_t needed = 0;
    CHECK(lokale_bundle_preferred_localizations(buf, sizeof buf, &needed, b) == LOKALE_OK);
    CHECK_STR(buf, "fr,en");
    CHECK(needed == 5);
    /* Sizing call, then a buffer that is too small. */
    CHECK(lokale_bundle_preferred_localizations(NULL, 0, &needed, b) == LOKALE_ETRUNCATED && needed == 5);
    CHECK(lokale_bundle_preferred_localizations(buf, 3, &needed, b) == LOKALE_ETRUNCATED);
    CHECK_STR(buf, "fr");
    CHECK(lokale_runtime_preferred_languages(buf, sizeof buf, &needed, rt) == LOKALE_OK);
    CHECK_STR(buf, "fr-CA,en");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

static void test_strategies(void) {
    const char *langs[] = {"fr-CA", "en"};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    CHECK(o.strategy == LOKALE_STRATEGY_APPLE && o.settings_path == NULL);
    o.preferred_languages = langs;
    o.preferred_count = 2;
    o.strategy = LOKALE_STRATEGY_ICU;
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    char buf[64];
    size_t needed;
    CHECK(lokale_bundle_preferred_localizations(buf, sizeof buf, &needed, b) == LOKALE_OK);
    CHECK_STR(buf, "fr,en");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    o.strategy = 7;
    rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_EINVAL && rt == NULL);
}

static void test_lookup_contract(void) {
    const char *fr[] = {"fr"};
    lokale_runtime *rt = runtime_with(fr, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    const char *s = NULL;
    size_t n = 0;
    lokale_step step = 0;

    lokale_message m = lokale_message_make("open", "Menu", NULL);
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK_STR(s, "Ouvrir");
    CHECK(n == 6 && s[n] == '\0');
    CHECK(step == LOKALE_STEP_TRANSLATION);

    /* Apple's rule: fr has the Menu table, so a key missing there is not looked up in en. */
    m = lokale_message_make("close", "Menu", "Close (default)");
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK(s == m.default_value); /* the caller's own pointer: nothing allocated */
    CHECK(step == LOKALE_STEP_DEFAULT);
    m = lokale_message_make("close", "Menu", NULL);
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK(s == m.key && step == LOKALE_STEP_KEY);
    m = lokale_message_make("close", "Menu", ""); /* an empty default is no default */
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK(s == m.key && step == LOKALE_STEP_KEY);

    /* LOKALE_LOC: the translation, else the default, else the key; never NULL. */
    CHECK_STR(LOKALE_LOC_TABLE(b, "Menu", "open", "Open", "Menu item"), "Ouvrir");
    const char *fallback = "Close (default)";
    CHECK(LOKALE_LOC_TABLE(b, "Menu", "close", fallback, NULL) == fallback);
    CHECK_STR(LOKALE_LOC_TABLE(b, "Menu", "close", NULL, NULL), "close");
    CHECK(LOKALE_LOC(NULL, "greeting", fallback, "no bundle") == fallback);

    /* The chain policy looks further down the ordered list. */
    CHECK(lokale_runtime_set_fallback_policy(rt, LOKALE_FALLBACK_CHAIN) == LOKALE_OK);
    m = lokale_message_make("close", "Menu", "Close (default)");
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK_STR(s, "Close");
    CHECK(step == LOKALE_STEP_DEVELOPMENT);
    CHECK(lokale_runtime_set_fallback_policy(rt, LOKALE_FALLBACK_APPLE) == LOKALE_OK);

    /* A key given by length inside a larger buffer. */
    const char buffer[] = "greetingXYZ";
    m = lokale_message_make("", NULL, NULL);
    m.key = buffer;
    m.key_len = 8;
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK_STR(s, "Bonjour, %@ !");
    m.key_len = 7; /* "greetin": missing */
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK(s == buffer && n == 7 && step == LOKALE_STEP_KEY);

    /* A table no localization has. */
    m = lokale_message_make("open", "NoSuchTable", "Open");
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK(step == LOKALE_STEP_DEFAULT);

    /* Invalid UTF-8 in a key is just a key that is not there. */
    m = lokale_message_make("\xff\xfe\x80", NULL, NULL);
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK(step == LOKALE_STEP_KEY && n == 3);

    /* Later preference and development rows. */
    const char *it_fr[] = {"it", "fr"};
    CHECK(lokale_runtime_set_preferred_languages(rt, it_fr, 2) == LOKALE_OK);
    m = lokale_message_make("open", "Menu", NULL);
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK_STR(s, "Ouvrir");
    CHECK(step == LOKALE_STEP_LATER_PREFERENCE);
    const char *it[] = {"it"};
    CHECK(lokale_runtime_set_preferred_languages(rt, it, 1) == LOKALE_OK);
    CHECK(lokale_bundle_lookup(&s, &n, &step, b, &m) == LOKALE_OK);
    CHECK_STR(s, "Open");
    CHECK(step == LOKALE_STEP_DEVELOPMENT);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

static void test_format(void) {
    const char *fr[] = {"fr"};
    lokale_runtime *rt = runtime_with(fr, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    lokale_arg who = lokale_arg_string("Ada");
    CHECK_STR(fmt(b, "greeting", NULL, NULL, &who, 1), "Bonjour, Ada !");
    lokale_arg one = lokale_arg_int(1), two = lokale_arg_int(2), zero = lokale_arg_int(0);
    CHECK_STR(fmt(b, "files", NULL, NULL, &one, 1), "1 fichier");
    CHECK_STR(fmt(b, "files", NULL, NULL, &zero, 1), "0 fichier"); /* French: 0 is "one" */
    CHECK_STR(fmt(b, "files", NULL, NULL, &two, 1), "2 fichiers");
    lokale_arg pair[] = {lokale_arg_string("Ada"), lokale_arg_int(42)};
    CHECK_STR(fmt(b, "reordered", NULL, NULL, pair, 2), "42 points pour Ada");
    /* A number passed as text. */
    lokale_arg text_number = lokale_arg_string("1");
    CHECK_STR(fmt(b, "files", NULL, NULL, &text_number, 1), "1 fichier");
    /* Missing arguments are never read: the specifier stays visible. */
    CHECK_STR(fmt(b, "greeting", NULL, NULL, NULL, 0), "Bonjour, %@ !");
    /* A missing key formats its default value. */
    lokale_arg five = lokale_arg_int(5);
    CHECK_STR(fmt(b, "nope", NULL, "%lld things", &five, 1), "5 things");
    /* Strings with a length, and invalid UTF-8 made safe. */
    lokale_arg sized = {.type = LOKALE_ARG_STRING};
    sized.value.s.ptr = "Adaline";
    sized.value.s.len = 3;
    CHECK_STR(fmt(b, "greeting", NULL, NULL, &sized, 1), "Bonjour, Ada !");
    lokale_arg broken = lokale_arg_string("\xc3(");
    CHECK_STR(fmt(b, "greeting", NULL, NULL, &broken, 1), "Bonjour, \xef\xbf\xbd( !");

    /* Integer plurals after the first call of a generation take the C fast path; with a locale
     * for numbers they take the Swift one. Same text, same sizes, same truncation. */
    for (int64_t n = 0; n < 130; n++) {
        lokale_arg count = lokale_arg_int(n);
        lokale_message fast = lokale_message_make("files", NULL, NULL), general = fast;
        general.locale = "fr";
        general.locale_len = -1;
        char a[64], c[64];
        size_t na = 0, nc = 0;
        CHECK(lokale_bundle_format(a, sizeof a, &na, b, &fast, &count, 1) == LOKALE_OK);
        CHECK(lokale_bundle_format(c, sizeof c, &nc, b, &general, &count, 1) == LOKALE_OK);
        CHECK_STR(a, c);
        CHECK(na == nc && na == strlen(a));
        CHECK(lokale_bundle_format(a, na + 1, &na, b, &fast, &count, 1) == LOKALE_OK && strcmp(a, c) == 0);
        CHECK(lokale_bundle_format(a, na, &na, b, &fast, &count, 1) == LOKALE_ETRUNCATED && na == nc);
    }

    /* (dst, capacity, needed): sizing, exact fit, truncation at a UTF-8 boundary. */
    const char *ja[] = {"ja"};
    CHECK(lokale_runtime_set_preferred_languages(rt, ja, 1) == LOKALE_OK);
    lokale_message m = lokale_message_make("greeting", NULL, NULL);
    size_t needed = 0;
    CHECK(lokale_bundle_format(NULL, 0, &needed, b, &m, &who, 1) == LOKALE_ETRUNCATED);
    CHECK(needed == strlen("こんにちは、Ada！"));
    char exact[64];
    CHECK(lokale_bundle_format(exact, needed + 1, &needed, b, &m, &who, 1) == LOKALE_OK);
    CHECK_STR(exact, "こんにちは、Ada！");
    char small[8];
    CHECK(lokale_bundle_format(small, sizeof small, &needed, b, &m, &who, 1) == LOKALE_ETRUNCATED);
    CHECK_STR(small, "こん"); /* 7 bytes fit; the third character would be cut */
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

/* Numbers are written the way the serving localization (or the caller's locale) writes them. */
static void test_number_locale(void) {
    const char *fr[] = {"fr"};
    lokale_runtime *rt = runtime_with(fr, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    lokale_arg args[] = {lokale_arg_double(3.5), lokale_arg_int(1234567)};
    CHECK_STR(fmt(b, "distance", NULL, NULL, args, 2), "3,5 km, 1\xe2\x80\xaf" "234\xe2\x80\xaf" "567 pas");
    char out[128];
    size_t needed;
    lokale_message m = lokale_message_make("distance", NULL, NULL);
    m.locale = "de";
    m.locale_len = -1;
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
    CHECK_STR(out, "3,5 km, 1.234.567 pas"); /* the French text, German numbers */
    m.locale = "ar";
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
    CHECK_STR(out, "\xd9\xa3\xd9\xab\xd9\xa5 km, \xd9\xa1\xd9\xac\xd9\xa2\xd9\xa3\xd9\xa4\xd9\xac\xd9\xa5\xd9\xa6\xd9\xa7 pas");
    m.locale = "en--x";
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_EINVAL);
    /* A version-1 message (without locale) is still read correctly. */
    lokale_message v1 = lokale_message_make("distance", NULL, NULL);
    v1.version = 1;
    v1.locale = (const char *)0x1; /* must not be read */
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &v1, args, 2) == LOKALE_OK);
    CHECK_STR(out, "3,5 km, 1\xe2\x80\xaf" "234\xe2\x80\xaf" "567 pas");
    /* A translation whose argument types are swapped is never given the arguments. */
    lokale_arg swapped[] = {lokale_arg_string("Ada"), lokale_arg_int(3)};
    CHECK_STR(fmt(b, "swapped", NULL, NULL, swapped, 2), "Ada has 3 files");
    lokale_message sm = lokale_message_make("swapped", NULL, NULL);
    char json[4096];
    CHECK(lokale_bundle_explain(json, sizeof json, &needed, b, &sm, swapped, 2) == LOKALE_OK);
    CHECK(strstr(json, "fr translation is not used") != NULL);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

static void test_explain(void) {
    const char *langs[] = {"it", "fr"};
    lokale_runtime *rt = runtime_with(langs, 2);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    lokale_message m = lokale_message_make("open", "Menu", "Open");
    size_t needed = 0;
    CHECK(lokale_bundle_explain(NULL, 0, &needed, b, &m, NULL, 0) == LOKALE_ETRUNCATED);
    char *json = malloc(needed + 1);
    CHECK(lokale_bundle_explain(json, needed + 1, &needed, b, &m, NULL, 0) == LOKALE_OK);
    CHECK(strstr(json, "\"step\":\"later-preference\"") != NULL);
    CHECK(strstr(json, "\"served\":\"fr\"") != NULL);
    CHECK(strstr(json, "\"table\":\"Menu\"") != NULL);
    CHECK(strstr(json, "\"result\":\"Ouvrir\"") != NULL);
    free(json);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

/* The seeds' window: an app bundle and a framework bundle that follows the app's language. */
static void test_main_and_framework(void) {
    const char *es[] = {"es"};
    lokale_runtime *rt = runtime_with(es, 1);
    lokale_bundle *app = NULL, *panel = NULL, *second = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&second, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_ESTATE);
    CHECK(lokale_bundle_open(&panel, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    /* The app has no Spanish, so the framework follows the app into English. */
    CHECK_STR(fmt(panel, "panel.ready", NULL, "Panel ready", NULL, 0), "Panel ready");
    CHECK_STR(fmt(app, "workspace.title", NULL, "Workspace", NULL, 0), "Workspace");
    const char *de[] = {"de"};
    CHECK(lokale_runtime_set_preferred_languages(rt, de, 1) == LOKALE_OK);
    CHECK_STR(fmt(panel, "panel.ready", NULL, "Panel ready", NULL, 0), "Panel bereit");
    CHECK_STR(fmt(app, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");
    lokale_bundle_free(panel);
    lokale_bundle_free(app);

    /* Freeing the main bundle frees the slot; a main bundle that allows mixed localizations lets
     * the framework pick its own Spanish. */
    CHECK(lokale_runtime_set_preferred_languages(rt, es, 1) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopAppMixed.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&panel, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    CHECK_STR(fmt(panel, "panel.ready", NULL, "Panel ready", NULL, 0), "Panel listo");
    CHECK_STR(fmt(app, "workspace.title", NULL, "Workspace", NULL, 0), "Workspace");
    /* The runtime may go first: bundles keep it alive. */
    lokale_runtime_free(rt);
    CHECK_STR(fmt(panel, "panel.ready", NULL, "Panel ready", NULL, 0), "Panel listo");
    lokale_bundle_free(panel);
    lokale_bundle_free(app);
}

static void test_corrupt_files(void) {
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, NULL) == LOKALE_OK);
    FILE *in = fopen(path(tests, "Tables.lokale"), "rb");
    CHECK(in != NULL);
    if (!in) return;
    static unsigned char data[1 << 16];
    size_t size = fread(data, 1, sizeof data, in);
    fclose(in);
    const char *copy = path(tests, "corrupt.lokale");
    int rejected = 0, tried = 0;
    /* Truncations. */
    for (size_t cut = 0; cut < size; cut += (cut < 256 ? 1 : 61)) {
        FILE *out = fopen(copy, "wb");
        fwrite(data, 1, cut, out);
        fclose(out);
        lokale_bundle *b = NULL;
        int rc = lokale_bundle_open(&b, rt, copy, 0);
        tried++;
        if (rc == LOKALE_ECORRUPT) rejected++;
        lokale_bundle_free(b);
    }
    CHECK(tried > 0 && rejected == tried);
    /* Every header byte flipped. */
    rejected = tried = 0;
    for (size_t i = 0; i < 64; i++) {
        data[i] ^= 0x5A;
        FILE *out = fopen(copy, "wb");
        fwrite(data, 1, size, out);
        fclose(out);
        data[i] ^= 0x5A;
        lokale_bundle *b = NULL;
        int rc = lokale_bundle_open(&b, rt, copy, 0);
        tried++;
        if (rc == LOKALE_ECORRUPT || rc == LOKALE_EVERSION) rejected++;
        lokale_bundle_free(b);
    }
    CHECK(rejected == tried);
    /* Random mutations of the payload: open may succeed; lookups must then answer or fail cleanly. */
    srand(12345);
    int opened = 0;
    for (int round = 0; round < 300; round++) {
        unsigned char mutated[sizeof data];
        memcpy(mutated, data, size);
        for (int k = 0; k < 4; k++) mutated[64 + (size_t)rand() % (size - 64)] = (unsigned char)rand();
        FILE *out = fopen(copy, "wb");
        fwrite(mutated, 1, size, out);
        fclose(out);
        lokale_bundle *b = NULL;
        if (lokale_bundle_open(&b, rt, copy, 0) != LOKALE_OK) continue;
        opened++;
        const char *keys[] = {"greeting", "files", "reordered", "only.en", "open", "close"};
        const char *tables[] = {NULL, NULL, NULL, NULL, "Menu", "Menu"};
        lokale_arg args[] = {lokale_arg_string("x"), lokale_arg_int(3)};
        char buf[256];
        size_t needed;
        for (int k = 0; k < 6; k++) {
            lokale_message m = lokale_message_make(keys[k], tables[k], "d");
            const char *s;
            size_t n;
            int rc = lokale_bundle_lookup(&s, &n, NULL, b, &m);
            CHECK(rc == LOKALE_OK || rc == LOKALE_ECORRUPT);
            rc = lokale_bundle_format(buf, sizeof buf, &needed, b, &m, args, 2);
            CHECK(rc == LOKALE_OK || rc == LOKALE_ECORRUPT || rc == LOKALE_ETRUNCATED);
        }
        lokale_bundle_free(b);
    }
    CHECK(opened > 0);
    /* The payload checksum catches what the header cannot. */
    data[size - 2] ^= 1;
    FILE *out = fopen(copy, "wb");
    fwrite(data, 1, size, out);
    fclose(out);
    data[size - 2] ^= 1;
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, copy, LOKALE_OPEN_VERIFY) == LOKALE_ECORRUPT);
    CHECK(strstr(lokale_last_error(), "checksum") != NULL);
    remove(copy);
    lokale_runtime_free(rt);
}

/* Lookups on many threads while another thread switches languages. */
struct worker {
    lokale_bundle *bundle;
    int bad;
};

static void *lookups(void *arg) {
    struct worker *w = arg;
    for (int i = 0; i < 20000; i++) {
        lokale_message m = lokale_message_make("open", "Menu", NULL);
        const char *s;
        size_t n;
        if (lokale_bundle_lookup(&s, &n, NULL, w->bundle, &m) != LOKALE_OK) w->bad++;
        else if (strcmp(s, "Open") != 0 && strcmp(s, "Ouvrir") != 0) w->bad++;
        /* Formats too (the C fast path between changes, Swift at each new generation). */
        lokale_message f = lokale_message_make("files", NULL, NULL);
        lokale_arg count = lokale_arg_int(i % 30);
        char out[64], prefix[16];
        size_t needed;
        snprintf(prefix, sizeof prefix, "%d fi", i % 30); /* "N file(s)" or "N fichier(s)" */
        if (lokale_bundle_format(out, sizeof out, &needed, w->bundle, &f, &count, 1) != LOKALE_OK) w->bad++;
        else if (strncmp(out, prefix, strlen(prefix)) != 0) w->bad++;
    }
    return NULL;
}

static void test_threads(void) {
    const char *fr[] = {"fr"}, *en[] = {"en"};
    lokale_runtime *rt = runtime_with(fr, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    pthread_t threads[4];
    struct worker workers[4];
    for (int i = 0; i < 4; i++) {
        workers[i] = (struct worker){b, 0};
        pthread_create(&threads[i], NULL, lookups, &workers[i]);
    }
    for (int i = 0; i < 2000; i++) {
        lokale_runtime_set_preferred_languages(rt, (i % 2) ? fr : en, 1);
        lokale_runtime_set_language(rt, (i % 3) ? "fr" : NULL);
        /* A new version of the table under the readers' feet: plans are republished. */
        int reloaded = 0;
        if (i % 250 == 0) CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_FORCE) == LOKALE_OK && reloaded == 1);
    }
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        pthread_join(threads[i], NULL);
        bad += workers[i].bad;
    }
    CHECK(bad == 0);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

/* The in-app language: switching, callbacks, persistence, restoration, bad settings files. */
struct change_log {
    int calls;
    char seen[64];
    lokale_bundle *panel;
};

static void on_change(void *payload, lokale_runtime *runtime) {
    struct change_log *log = payload;
    log->calls++;
    size_t needed;
    lokale_runtime_language(log->seen, sizeof log->seen, &needed, runtime);
    /* A callback may look messages up: the new language is already in effect. */
    if (log->panel) {
        lokale_message m = lokale_message_make("panel.ready", NULL, "Panel ready");
        const char *s;
        size_t n;
        if (lokale_bundle_lookup(&s, &n, NULL, log->panel, &m) == LOKALE_OK) snprintf(log->seen, sizeof log->seen, "%s", s);
    }
}

static int write_file(const char *file, const char *contents) {
    FILE *f = fopen(file, "wb");
    if (!f) return 0;
    fputs(contents, f);
    fclose(f);
    return 1;
}

static void read_file(const char *file, char *out, size_t cap) {
    out[0] = 0;
    FILE *f = fopen(file, "rb");
    if (!f) return;
    size_t n = fread(out, 1, cap - 1, f);
    out[n] = 0;
    fclose(f);
}

static void test_in_app_language(void) {
    char settings[2048];
    snprintf(settings, sizeof settings, "%s", path(tests, "app.language"));
    remove(settings);
    const char *en[] = {"en-US"};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = en;
    o.preferred_count = 1;
    o.settings_path = settings;
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    lokale_bundle *app = NULL, *panel = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&panel, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    char buf[2048];
    size_t needed;
    CHECK(lokale_runtime_language(buf, sizeof buf, &needed, rt) == LOKALE_OK && buf[0] == 0);

    struct change_log log = {0, "", panel};
    uint64_t id = 0;
    CHECK(lokale_runtime_add_callback(&id, rt, on_change, &log) == LOKALE_OK && id != 0);
    CHECK(lokale_runtime_add_callback(NULL, rt, NULL, NULL) == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_language(rt, "de") == LOKALE_OK);
    CHECK(log.calls == 1);
    CHECK_STR(log.seen, "Panel bereit"); /* the framework followed, before the callback ran */
    CHECK_STR(fmt(app, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");
    CHECK(lokale_runtime_language(buf, sizeof buf, &needed, rt) == LOKALE_OK);
    CHECK_STR(buf, "de");
    read_file(settings, buf, sizeof buf);
    CHECK_STR(buf, "lokale-settings 1\nlanguage=de\n");
    /* A malformed language changes nothing. */
    CHECK(lokale_runtime_set_language(rt, "en--US") == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_language(rt, "C.UTF-8@euro") == LOKALE_EINVAL);
    CHECK(log.calls == 1);
    CHECK_STR(fmt(app, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");

    /* Restored by the next runtime that opens this main bundle. */
    lokale_runtime *next = NULL;
    CHECK(lokale_runtime_new(&next, &o) == LOKALE_OK);
    lokale_bundle *app2 = NULL;
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* Reset: back to the system preferences, and the stored choice is removed. */
    CHECK(lokale_runtime_set_language(rt, NULL) == LOKALE_OK);
    CHECK(log.calls == 2);
    CHECK_STR(log.seen, "Panel ready");
    FILE *gone = fopen(settings, "rb");
    CHECK(gone == NULL);
    if (gone) fclose(gone);
    CHECK(lokale_runtime_remove_callback(rt, id) == LOKALE_OK);
    CHECK(lokale_runtime_remove_callback(rt, id) == LOKALE_ENOTFOUND);
    CHECK(lokale_runtime_set_language(rt, "fr") == LOKALE_OK);
    CHECK(log.calls == 2);

    /* A corrupt settings file: defaults are used, the problem is reported, the file is kept. */
    CHECK(write_file(settings, "garbage\n\x01\x02"));
    CHECK(lokale_runtime_new(&next, &o) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "Workspace");
    CHECK(lokale_runtime_diagnostics(buf, sizeof buf, &needed, next) == LOKALE_OK);
    CHECK(strstr(buf, "app.language") != NULL);
    read_file(settings, buf, sizeof buf);
    CHECK(strncmp(buf, "garbage", 7) == 0);
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* An unwritable location: the change applies, the error says why. */
    lokale_runtime_options bad = o;
    bad.settings_path = "/proc/lokale-cannot-write-here/app.language";
    CHECK(lokale_runtime_new(&next, &bad) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_runtime_set_language(next, "ja") == LOKALE_EIO);
    CHECK(strstr(lokale_last_error(), "/proc/lokale-cannot-write-here") != NULL);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "ワークスペース");
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* Malformed preferred languages are skipped with a diagnostic. */
    const char *odd[] = {"", "-", "en--US", "\xc3\xa9t\xc3\xa9", "C.UTF-8@euro", "de"};
    lokale_runtime_options skip;
    lokale_runtime_options_init(&skip);
    skip.preferred_languages = odd;
    skip.preferred_count = 6;
    skip.settings_path = "";
    CHECK(lokale_runtime_new(&next, &skip) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");
    CHECK(lokale_runtime_diagnostics(buf, sizeof buf, &needed, next) == LOKALE_OK);
    CHECK(strstr(buf, "en--US") != NULL);
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* Names for a language picker. */
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "de", NULL) == LOKALE_OK);
    CHECK_STR(buf, "Deutsch");
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "de", "fr") == LOKALE_OK);
    CHECK_STR(buf, "allemand");
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "ja", "en") == LOKALE_OK);
    CHECK_STR(buf, "Japanese");
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "en--x", NULL) == LOKALE_EINVAL);

    remove(settings);
    lokale_bundle_free(panel);
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
}

/* Copies src to dst through a temporary file renamed into place (as `lokale compile` writes). */
static int replace_file(const char *src, const char *dst) {
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp", dst);
    FILE *in = fopen(src, "rb"), *out = fopen(tmp, "wb");
    if (!in || !out) { if (in) fclose(in); if (out) fclose(out); return -1; }
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
    fclose(in);
    if (fclose(out) != 0) return -1;
    return rename(tmp, dst);
}

static void count_calls(void *payload, lokale_runtime *runtime) {
    (void)runtime;
    ++*(int *)payload;
}

/* Hot reload: a file replaced by rename is picked up; what was lent stays valid; errors keep the
 * version the bundle had. */
static void test_reload(void) {
    char target[1100];
    snprintf(target, sizeof target, "%s", path(tests, "reload.lokale"));
    CHECK(replace_file(path(examples, "DesktopApp.lokale"), target) == 0);
    const char *langs[] = {"de"};
    lokale_runtime *rt = runtime_with(langs, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, target, LOKALE_OPEN_COPY | LOKALE_OPEN_MAP) == LOKALE_EINVAL && b == NULL);
    CHECK(lokale_bundle_open(&b, rt, target, LOKALE_OPEN_MAP) == LOKALE_OK);
    int calls = 0, reloaded = -1;
    uint64_t id = 0;
    CHECK(lokale_runtime_add_callback(&id, rt, count_calls, &calls) == LOKALE_OK);
    const char *ident = NULL, *dev = NULL;
    CHECK(lokale_bundle_identifier(&ident, b) == LOKALE_OK);
    CHECK_STR(ident, "com.example.DesktopApp");
    const char *const *names = NULL;
    size_t count = 0;
    CHECK(lokale_bundle_localizations(&names, &count, b) == LOKALE_OK && count == 5);

    CHECK(lokale_bundle_reload(&reloaded, b, 0) == LOKALE_OK && reloaded == 0);
    CHECK(calls == 0);
    CHECK(lokale_bundle_reload(&reloaded, NULL, 0) == LOKALE_EINVAL && reloaded == 0);
    CHECK(lokale_bundle_reload(NULL, b, 0x40) == LOKALE_EINVAL);

    CHECK(replace_file(path(examples, "PanelKit.lokale"), target) == 0);
    CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_VERIFY) == LOKALE_OK && reloaded == 1);
    CHECK(calls == 1);
    const char *now = NULL;
    CHECK(lokale_bundle_identifier(&now, b) == LOKALE_OK);
    CHECK_STR(now, "com.example.PanelKit");
    /* Lent before the reload, still valid until lokale_bundle_free. */
    CHECK_STR(ident, "com.example.DesktopApp");
    CHECK(count == 5 && names[4] != NULL && strcmp(names[4], "pt-PT") == 0);
    const char *const *names2 = NULL;
    size_t count2 = 0;
    CHECK(lokale_bundle_localizations(&names2, &count2, b) == LOKALE_OK && names2 != names);
    CHECK(lokale_bundle_development_localization(&dev, b) == LOKALE_OK);
    lokale_message m = lokale_message_make("panel.ready", NULL, NULL);
    const char *text = NULL;
    size_t len = 0;
    lokale_step step = 0;
    CHECK(lokale_bundle_lookup(&text, &len, &step, b, &m) == LOKALE_OK && step != LOKALE_STEP_KEY);

    /* Garbage renamed over the file: refused, and the bundle keeps answering. */
    FILE *junk = fopen(path(tests, "junk.lokale"), "wb");
    if (junk) {
        for (int i = 0; i < 2048; i++) fputc('L', junk);
        fclose(junk);
    }
    CHECK(rename(path(tests, "junk.lokale"), target) == 0);
    CHECK(lokale_bundle_reload(&reloaded, b, 0) == LOKALE_ECORRUPT && reloaded == 0);
    CHECK(strstr(lokale_last_error(), "reload.lokale") != NULL);
    const char *again = NULL;
    CHECK(lokale_bundle_lookup(&again, &len, &step, b, &m) == LOKALE_OK && again == text);
    CHECK(remove(target) == 0);
    CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_FORCE) == LOKALE_ENOTFOUND);
    CHECK(calls == 1);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s EXAMPLES_DIR TESTS_DIR\n", argv[0]);
        return 2;
    }
    snprintf(examples, sizeof examples, "%s", argv[1]);
    snprintf(tests, sizeof tests, "%s", argv[2]);
    test_versions();
    test_null_and_bad_arguments();
    test_bundle_facts();
    test_strategies();
    test_lookup_contract();
    test_format();
    test_explain();
    test_number_locale();
    test_main_and_framework();
    test_corrupt_files();
    test_threads();
    test_in_app_language();
    test_reload();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
