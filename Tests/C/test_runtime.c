/* Versions, status names, argument validation, bundle facts and matching strategies. */
#include "check.h"

void test_versions(void) {
    CHECK_STR(lokale_version(), LOKALE_VERSION_STRING);
    CHECK(lokale_version_number() == LOKALE_VERSION_NUMBER);
    CHECK(lokale_table_format_version() == 2);
    CHECK_STR(lokale_status_name(LOKALE_EINVAL), "LOKALE_EINVAL");
    CHECK_STR(lokale_status_name(12345), "LOKALE_UNKNOWN");
    CHECK(lokale_last_error() != NULL);
}

void test_null_and_bad_arguments(void) {
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

void test_bundle_facts(void) {
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

void test_strategies(void) {
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
