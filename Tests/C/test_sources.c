/* Android string resources and Flutter ARB files compiled into bundles (Tests/C/fixtures/android,
 * Tests/C/fixtures/arb, compiled by `make test-c`) through the C ABI: Java specifiers formatted as
 * Android's String.format does with the resource's locale, Android's CLDR-only plurals,
 * formatted="false", styled strings as parts, and ARB messages formatted as ICU formats them (no
 * bidi isolation), on the first call and again (the C paths once the localization is published). */
#include "check.h"

static const char *named(const lokale_bundle *b, const char *key, const lokale_named_arg *args, size_t n) {
    static char out[512];
    size_t needed = 0;
    lokale_message m = lokale_message_make(key, NULL, NULL);
    int rc = lokale_bundle_format_named(out, sizeof out, &needed, b, &m, args, n);
    if (rc != LOKALE_OK) snprintf(out, sizeof out, "<error %s>", lokale_status_name(rc));
    return out;
}

static lokale_bundle *open_in(const char *file, const char *language, lokale_runtime **rt) {
    const char *langs[] = {language};
    *rt = runtime_with(langs, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, *rt, path(tests, file), 0) == LOKALE_OK);
    return b;
}

static void android_in(const char *language, const char *score, const char *zero, const char *three) {
    lokale_runtime *rt = NULL;
    lokale_bundle *b = open_in("Android.lokale", language, &rt);
    lokale_arg args[] = {lokale_arg_string("Ana"), lokale_arg_int(1234567), lokale_arg_double(99.5)};
    for (int pass = 0; pass < 2; pass++) {
        CHECK_STR(fmt(b, "score", NULL, NULL, args, 3), score);
        lokale_arg n = lokale_arg_int(0);
        CHECK_STR(fmt(b, "songs", NULL, NULL, &n, 1), zero);
        n = lokale_arg_int(3);
        CHECK_STR(fmt(b, "songs", NULL, NULL, &n, 1), three);
    }
    /* A plain lookup answers what getString(id) answers: the Java text, the tags removed. */
    const char *text = NULL;
    size_t len = 0;
    lokale_message score_key = lokale_message_make("score", NULL, NULL);
    CHECK(lokale_bundle_lookup(&text, &len, NULL, b, &score_key) == LOKALE_OK && strstr(text, "%2$,d") != NULL);
    lokale_message tags = lokale_message_make("tags", NULL, NULL);
    CHECK(lokale_bundle_lookup(&text, &len, NULL, b, &tags) == LOKALE_OK && strcmp(text, "Tap Save") == 0);
    /* formatted="false": the % is a percent sign, whatever is passed. */
    CHECK_STR(fmt(b, "sure", NULL, NULL, args, 1), "100% sure, %s");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}

void test_sources(void) {
    /* Java's Formatter with the resource's locale: grouping with `,`, the decimal separator, %n. */
    android_in("en", "Ana has 1,234,567 points (99.50%)\n", "0 songs", "3 songs"); /* English `zero` dropped, as Android ignores it */
    android_in("de-AT", "Ana hat 1.234.567 Punkte (99,50%)\n", "0 Lieder", "3 Lieder");
    /* Arabic digits, and its CLDR `zero` and `few`; `score` falls back to the default resource, formatted in Arabic. */
    android_in("ar", "Ana has \xD9\xA1\xD9\xAC\xD9\xA2\xD9\xA3\xD9\xA4\xD9\xAC\xD9\xA5\xD9\xA6\xD9\xA7 points (\xD9\xA9\xD9\xA9\xD9\xAB\xD9\xA5\xD9\xA0%)\n",
               "لا أغاني", "\xD9\xA3 أغانٍ");

    /* The styled string's tags, as markup parts. */
    lokale_runtime *rt = NULL;
    lokale_bundle *b = open_in("Android.lokale", "en", &rt);
    lokale_message tags = lokale_message_make("tags", NULL, NULL);
    lokale_formatted_parts *parts = NULL;
    CHECK(lokale_bundle_format_named_to_parts(&parts, b, &tags, NULL, 0) == LOKALE_OK && parts != NULL);
    const lokale_part *p = NULL;
    CHECK(lokale_formatted_parts_count(parts) == 4);
    CHECK(lokale_formatted_parts_get(&p, parts, 1) == LOKALE_OK && p->kind == LOKALE_PART_MARKUP_OPEN && strcmp(p->name, "b") == 0);
    CHECK(lokale_formatted_parts_get(&p, parts, 2) == LOKALE_OK && p->kind == LOKALE_PART_TEXT && strcmp(p->value, "Save") == 0);
    lokale_formatted_parts_free(parts);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);

    /* ARB: ICU MessageFormat with named arguments, as ICU formats it: no isolating marks around
     * the name, `=0` before categories, Arabic digits without right-to-left marks. */
    b = open_in("ARB.lokale", "en-GB", &rt);
    lokale_named_arg args[] = {lokale_named("name", lokale_arg_string("Ana")), lokale_named("count", lokale_arg_int(3))};
    for (int pass = 0; pass < 2; pass++) CHECK_STR(named(b, "inbox", args, 2), "Hello Ana, you have 3 messages.");
    args[1].value = lokale_arg_int(0);
    CHECK_STR(named(b, "inbox", args, 2), "Hello Ana, you have no messages.");
    lokale_named_arg amount = lokale_named("amount", lokale_arg_double(1234.5));
    CHECK_STR(named(b, "total", &amount, 1), "Total: 1,234.5");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    b = open_in("ARB.lokale", "ar", &rt);
    args[1].value = lokale_arg_int(11);
    for (int pass = 0; pass < 2; pass++) CHECK_STR(named(b, "inbox", args, 2), "مرحبا Ana، \xD9\xA1\xD9\xA1 رسالة.");
    /* `total` is not translated: the template's message (gen-l10n's fallback), in Arabic's numbers. */
    CHECK_STR(named(b, "total", &amount, 1), "Total: \xD9\xA1\xD9\xAC\xD9\xA2\xD9\xA3\xD9\xA4\xD9\xAB\xD9\xA5");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}
