/* Formatting: arguments, plurals (the C fast path against the Swift one), buffers, number locales. */
#include "check.h"

void test_format(void) {
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
    /* The variant format chooses, unformatted (gettext's ngettext): French 0 and 1 are "one". */
    {
        lokale_message f = lokale_message_make("files", NULL, NULL);
        char text[64];
        size_t needed = 0;
        lokale_step step = LOKALE_STEP_KEY;
        CHECK(lokale_bundle_lookup_variant(text, sizeof text, &needed, &step, b, &f, &one, 1) == LOKALE_OK);
        CHECK_STR(text, "%lld fichier");
        CHECK(step == LOKALE_STEP_TRANSLATION);
        CHECK(lokale_bundle_lookup_variant(text, sizeof text, &needed, NULL, b, &f, &zero, 1) == LOKALE_OK);
        CHECK_STR(text, "%lld fichier");
        CHECK(lokale_bundle_lookup_variant(text, sizeof text, &needed, NULL, b, &f, &two, 1) == LOKALE_OK);
        CHECK_STR(text, "%lld fichiers");
        /* The same text as the fast and general format paths give, before formatting. */
        char formatted[64];
        CHECK(lokale_bundle_format(formatted, sizeof formatted, &needed, b, &f, &two, 1) == LOKALE_OK);
        CHECK(strcmp(formatted, "2 fichiers") == 0);
        /* A failed lookup: the default value, unformatted; else the key; the step says which. */
        lokale_message missing = lokale_message_make("no.such.key", NULL, "%d thing(s)");
        CHECK(lokale_bundle_lookup_variant(text, sizeof text, &needed, &step, b, &missing, &two, 1) == LOKALE_OK);
        CHECK_STR(text, "%d thing(s)");
        CHECK(step == LOKALE_STEP_DEFAULT);
        missing.default_value = NULL;
        CHECK(lokale_bundle_lookup_variant(text, sizeof text, &needed, &step, b, &missing, &two, 1) == LOKALE_OK);
        CHECK_STR(text, "no.such.key");
        CHECK(step == LOKALE_STEP_KEY);
        /* dst too small: the length needed, as every (dst, capacity, needed) function. */
        CHECK(lokale_bundle_lookup_variant(text, 3, &needed, NULL, b, &f, &two, 1) == LOKALE_ETRUNCATED);
        CHECK(needed > 3);
        CHECK(lokale_bundle_lookup_variant(text, sizeof text, &needed, NULL, NULL, &f, &two, 1) == LOKALE_EINVAL);
    }
    /* Missing arguments are never read: the specifier stays visible, and the problem is there for
     * a caller who asks. */
    CHECK_STR(fmt(b, "greeting", NULL, NULL, NULL, 0), "Bonjour, %@ !");
    {
        lokale_message g = lokale_message_make("greeting", NULL, NULL);
        char problems[256];
        size_t needed = 0;
        CHECK(lokale_bundle_format_problems(problems, sizeof problems, &needed, b, &g, NULL, 0) == LOKALE_OK);
        CHECK(needed > 0 && strstr(problems, "argument") != NULL);
        CHECK(lokale_bundle_format_problems(problems, sizeof problems, &needed, b, &g, &who, 1) == LOKALE_OK);
        CHECK(needed == 0 && problems[0] == 0);
        CHECK(lokale_bundle_format_problems(problems, sizeof problems, &needed, NULL, &g, NULL, 0) == LOKALE_EINVAL);
    }
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

/* A variant longer than ICU's locale names (ULOC_FULLNAME_CAPACITY). */
#define LONG_VARIANT "vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv"

/* Numbers are written the way the serving localization (or the caller's locale) writes them. */
void test_number_locale(void) {
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
    /* Names on which ICU 72 crashes (an icu::Locale it makes bogus) are refused, or served as the
     * language they name when they read as an ICU locale id with a keyword ICU cannot read. */
    const char *refused[] = {"@x=", "@=", "abcdefghijkl", "en_" LONG_VARIANT};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        m.locale = refused[i];
        CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_EINVAL);
    }
    m.locale = "en@numbers=";
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
    CHECK_STR(out, "3.5 km, 1,234,567 pas");
    char tagged[128];
    m.locale = "latn-419";
    CHECK(lokale_bundle_format(tagged, sizeof tagged, &needed, b, &m, args, 2) == LOKALE_OK);
    m.locale = "latn.aaaaaaaaaaaa_419"; /* a POSIX name with a codeset: latn-419 */
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
    CHECK_STR(out, tagged);
    m.locale = "en_US_POSIX@a=b;c";
    CHECK(lokale_bundle_format(out, sizeof out, &needed, b, &m, args, 2) == LOKALE_OK);
    CHECK_STR(out, "3.5 km, 1234567 pas");
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
