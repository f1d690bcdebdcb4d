/* The lookup contract (steps, fallback policies, LOKALE_LOC), explain, main and framework bundles. */
#include "check.h"

#include <stdlib.h>

void test_lookup_contract(void) {
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

/* A plain lookup of a message that varies by device answers the runtime's
 * device's variant, then `other`, exactly as lokale_bundle_format does (both the C fast path and,
 * under the chain policy, the general path). */
void test_lookup_device_variants(void) {
    const char *en[] = {"en"};
    lokale_runtime *rt = runtime_with(en, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    const char *s = NULL;
    size_t n = 0;
    const char *keys[] = {"tap", "tap.other", "greeting"};
    const int devices[] = {LOKALE_DEVICE_IPHONE, LOKALE_DEVICE_IPAD, LOKALE_DEVICE_MAC, LOKALE_DEVICE_APPLEWATCH};
    for (int policy = 0; policy < 2; policy++) {
        CHECK(lokale_runtime_set_fallback_policy(rt, policy ? LOKALE_FALLBACK_CHAIN : LOKALE_FALLBACK_APPLE) == LOKALE_OK);
        for (size_t d = 0; d < sizeof devices / sizeof *devices; d++) {
            CHECK(lokale_runtime_set_device(rt, devices[d]) == LOKALE_OK);
            for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
                lokale_message m = lokale_message_make(keys[k], NULL, NULL);
                CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_OK);
                CHECK(s[n] == '\0');
                /* "tap" has only iphone and mac variants, no `other`: on another device format shows
                 * nothing (and reports it); a plain lookup keeps the stored value, the mac text. */
                if (k == 0 && devices[d] != LOKALE_DEVICE_IPHONE && devices[d] != LOKALE_DEVICE_MAC) { CHECK_STR(s, "Click"); continue; }
                if (k == 2) { CHECK_STR(s, "Hello, %@!"); continue; } /* no variants: the value as is */
                CHECK_STR(s, fmt(b, keys[k], NULL, NULL, NULL, 0));
            }
        }
    }
    CHECK(lokale_runtime_set_fallback_policy(rt, LOKALE_FALLBACK_APPLE) == LOKALE_OK);
    CHECK(lokale_runtime_set_device(rt, LOKALE_DEVICE_IPHONE) == LOKALE_OK);
    CHECK_STR(LOKALE_LOC(b, "tap", NULL, NULL), "Tap");
    /* A plural variant of the device: its `other` text, unformatted. */
    lokale_message m = lokale_message_make("tap.items", NULL, NULL);
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_OK);
    CHECK_STR(s, "Tap %lld items");
    CHECK(lokale_runtime_set_device(rt, LOKALE_DEVICE_MAC) == LOKALE_OK);
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_OK);
    CHECK_STR(s, "Click %lld items");
    CHECK_STR(LOKALE_LOC(b, "tap", NULL, NULL), "Click");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

void test_explain(void) {
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
void test_main_and_framework(void) {
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

/* lokale_bundle_text: lokale_bundle_lookup's plain answer as a NUL-terminated string, or NULL. */
void test_bundle_text(void) {
    const char *fr[] = {"fr"};
    lokale_runtime *rt = runtime_with(fr, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    CHECK_STR(lokale_bundle_text(b, "greeting", NULL), "Bonjour, %@ !");
    const char *missing = "no.such.key";
    CHECK(lokale_bundle_text(b, missing, NULL) == missing); /* the key itself, as dgettext */
    /* Every answer is lokale_bundle_lookup's, pointer for pointer. */
    const char *keys[] = {"greeting", "only.en", "files", "distance", "tap", "swapped", "\xff\xfe"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        lokale_message m = lokale_message_make(keys[i], NULL, NULL);
        const char *s = NULL;
        size_t n = 0;
        CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_OK);
        const char *t = lokale_bundle_text(b, keys[i], NULL);
        CHECK(t != NULL && strlen(t) == n && memcmp(t, s, n) == 0);
    }
    /* A request's languages. */
    const char *ja[] = {"ja"};
    lokale_languages *l = NULL;
    CHECK(lokale_languages_new(&l, rt, ja, 1) == LOKALE_OK);
    CHECK_STR(lokale_bundle_text(b, "greeting", l), "こんにちは、%@！");
    CHECK_STR(lokale_bundle_text(b, "greeting", NULL), "Bonjour, %@ !");
    /* A text holding a NUL: NULL and a last error; lokale_bundle_lookup reads it whole. */
    CHECK(lokale_bundle_text(b, "with.nul", NULL) == NULL);
    CHECK(strstr(lokale_last_error(), "NUL") != NULL);
    lokale_message m = lokale_message_make("with.nul", NULL, NULL);
    const char *s = NULL;
    size_t n = 0;
    CHECK(lokale_bundle_lookup(&s, &n, NULL, b, &m) == LOKALE_OK && n == 12 && memcmp(s, "avant\0apr\xc3\xa8s", 12) == 0);
    /* Failures: NULL, with a last error naming what. */
    CHECK(lokale_bundle_text(NULL, "greeting", NULL) == NULL);
    CHECK(lokale_bundle_text(b, NULL, NULL) == NULL);
    CHECK(lokale_bundle_text(b, "greeting", (const lokale_languages *)b) == NULL);
    CHECK(strstr(lokale_last_error(), "languages") != NULL);
    lokale_languages_free(l);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}
