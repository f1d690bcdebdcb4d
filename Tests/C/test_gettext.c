/* A gettext catalog through the C ABI (Tests/C/fixtures/gettext/pl.po, compiled by `make test-c`):
 * ngettext (lokale_bundle_lookup_variant) and formats choose the form by the catalog's own
 * Plural-Forms as glibc does, a plural msgid looked up plainly answers msgstr[0], "" the header, and
 * the choice allocates nothing (counted by this program's malloc, where no sanitizer owns it). */
#define _GNU_SOURCE
#include "check.h"

#include <stdint.h>
#include <stdlib.h>

#ifndef LK_TEST_SANITIZED
/* Every malloc, calloc and realloc of the process (liblokale.so and the Swift runtime included)
 * comes here while counting is on. */
extern void *__libc_malloc(size_t), *__libc_calloc(size_t, size_t), *__libc_realloc(void *, size_t);
_Atomic long allocations;
_Atomic int counting;
void *malloc(size_t n) { if (counting) allocations++; return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { if (counting) allocations++; return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { if (counting) allocations++; return __libc_realloc(p, n); }
#endif

/* ngettext: the chosen form, unformatted, and its step. */
static const char *variant(const lokale_bundle *b, const char *key, int64_t n, lokale_step *step) {
    static char out[256];
    size_t needed = 0;
    lokale_message m = lokale_message_make(key, NULL, NULL);
    lokale_arg a = lokale_arg_int(n);
    int rc = lokale_bundle_lookup_variant(out, sizeof out, &needed, step, b, &m, &a, 1);
    if (rc != LOKALE_OK) snprintf(out, sizeof out, "<error %s>", lokale_status_name(rc));
    return out;
}

void test_gettext_catalog(void) {
    const char *langs[] = {"pl"};
    lokale_runtime *rt = runtime_with(langs, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Gettext.lokale"), 0) == LOKALE_OK);
    /* Polish: 1 plik, 2-4 pliki, 5-21 plików, 22-24 pliki, 112 plików; -1 is glibc's largest count. */
    static const struct { int64_t n; const char *form, *text; } cases[] = {
        {0, "%d plików", "0 plików"}, {1, "%d plik", "1 plik"}, {2, "%d pliki", "2 pliki"}, {4, "%d pliki", "4 pliki"},
        {5, "%d plików", "5 plików"}, {12, "%d plików", "12 plików"}, {21, "%d plików", "21 plików"},
        {22, "%d pliki", "22 pliki"}, {112, "%d plików", "112 plików"}, {-1, "%d plików", "-1 plików"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lokale_step step = 0;
        CHECK_STR(variant(b, "%d file", cases[i].n, &step), cases[i].form);
        CHECK(step == LOKALE_STEP_TRANSLATION);
        lokale_arg a = lokale_arg_int(cases[i].n);
        CHECK_STR(fmt(b, "%d file", NULL, NULL, &a, 1), cases[i].text);
    }
    /* A double counts as glibc's unsigned long would take it: cut toward zero. */
    lokale_arg half = lokale_arg_double(2.5);
    CHECK_STR(fmt(b, "%d file", NULL, NULL, &half, 1), "2 pliki");
    /* A form the entry lacks (msgstr[2] of "inbox"): msgstr[0], as glibc answers. */
    lokale_step step = 0;
    CHECK_STR(variant(b, "inbox\004%d message", 5, &step), "%d wiadomość");
    CHECK_STR(variant(b, "inbox\004%d message", 3, &step), "%d wiadomości");
    /* Untranslated: glibc's n != 1 over msgid and msgid_plural, or the key (LOKALE_STEP_KEY). */
    CHECK_STR(variant(b, "%d folder", 3, &step), "%d folder");
    CHECK(step == LOKALE_STEP_KEY);
    /* Plain lookups: a plural msgid answers msgstr[0], "" the header. */
    CHECK_STR(lokale_bundle_text(b, "%d file", NULL), "%d plik");
    CHECK_STR(lokale_bundle_text(b, "Open", NULL), "Otwórz");
    const char *header = lokale_bundle_text(b, "", NULL);
    CHECK(header && strstr(header, "Plural-Forms: nplurals=3;") != NULL);

#ifndef LK_TEST_SANITIZED
    /* The rule runs on the C stack: once warm, a thousand choices and formats allocate nothing. */
    char out[256];
    size_t needed;
    lokale_message m = lokale_message_make("%d file", NULL, NULL);
    for (int64_t n = 0; n < 1000; n++) { /* warm: the plan and the localization's data */
        lokale_arg a = lokale_arg_int(n);
        lokale_bundle_lookup_variant(out, sizeof out, &needed, NULL, b, &m, &a, 1);
        lokale_bundle_format(out, sizeof out, &needed, b, &m, &a, 1);
    }
    allocations = 0;
    counting = 1;
    long answered = 0;
    for (int64_t n = 0; n < 1000; n++) {
        lokale_arg a = lokale_arg_int(n);
        answered += lokale_bundle_lookup_variant(out, sizeof out, &needed, NULL, b, &m, &a, 1) == LOKALE_OK;
        answered += lokale_bundle_format(out, sizeof out, &needed, b, &m, &a, 1) == LOKALE_OK;
    }
    counting = 0;
    CHECK(answered == 2000);
    CHECK(allocations == 0);
    if (allocations != 0) fprintf(stderr, "gettext choices allocated %ld times\n", allocations);
    /* The count sees the library's allocations: explain (the general path, JSON) makes some. */
    allocations = 0;
    counting = 1;
    lokale_arg one = lokale_arg_int(1);
    lokale_bundle_explain(out, sizeof out, &needed, b, &m, &one, 1);
    counting = 0;
    CHECK(allocations > 0);
#endif
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}
