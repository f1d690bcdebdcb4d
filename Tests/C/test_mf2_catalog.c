/* MessageFormat 2 messages of a compiled bundle (Tests/C/fixtures/mf2: .mf2.json resources,
 * compiled by `make test-c`) through the C ABI: named arguments under the fallback contract,
 * problems, explain's selection, hostile arguments, and a lookup + format without dates that
 * allocates nothing (counted by test_gettext.c's malloc, where no sanitizer owns it). */
#include "check.h"

#include <stdint.h>

static const char *named(const lokale_bundle *b, const char *key, const char *def, const lokale_named_arg *args, size_t n) {
    static char out[512];
    size_t needed = 0;
    lokale_message m = lokale_message_make(key, NULL, def);
    int rc = lokale_bundle_format_named(out, sizeof out, &needed, b, &m, args, n);
    if (rc != LOKALE_OK) snprintf(out, sizeof out, "<error %s>", lokale_status_name(rc));
    return out;
}

void test_mf2_catalog(void) {
    const char *langs[] = {"fr-CA", "en"};
    lokale_runtime *rt = runtime_with(langs, 2);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "MF2.lokale"), 0) == LOKALE_OK);
    lokale_named_arg args[] = {
        lokale_named("host", lokale_arg_string("Ana")),
        lokale_named("gender", lokale_arg_string("female")),
        lokale_named("count", lokale_arg_int(1)),
    };
    CHECK_STR(named(b, "invite", NULL, args, 3), "\xE2\x81\xA8" "Ana" "\xE2\x81\xA9 a invité une personne à sa fête.");
    args[2].value = lokale_arg_int(12345); /* a second call is the C path's */
    CHECK_STR(named(b, "invite", NULL, args, 3), "\xE2\x81\xA8" "Ana" "\xE2\x81\xA9 a invité 12\xE2\x80\xAF" "345 personnes à sa fête.");
    args[2].value = lokale_arg_int(2);
    CHECK_STR(named(b, "invite", NULL, args, 3), "\xE2\x81\xA8" "Ana" "\xE2\x81\xA9 a invité 2 personnes à sa fête.");
    /* A date, with its time zone. */
    lokale_named_arg when = lokale_named("when", lokale_arg_timestamp(1767312000.0)); /* 2026-01-02T00:00:00Z */
    when.time_zone = "America/Los_Angeles";
    CHECK_STR(named(b, "due", NULL, &when, 1), "À rendre le 1 janvier 2026.");
    /* Markup writes no text. */
    CHECK_STR(named(b, "manual", NULL, NULL, 0), "Lisez le manuel.");
    /* A key the table lacks: the default value, formatted as MF2 with the same arguments. */
    CHECK_STR(named(b, "nope", "{$count :integer} de plus", &args[2], 1), "2 de plus");
    CHECK_STR(named(b, "nope", NULL, &args[2], 1), "nope");
    /* Problems: a missing argument shows as its fallback, and is reported. */
    char out[2048];
    size_t needed = 0;
    lokale_message m = lokale_message_make("invite", NULL, NULL);
    CHECK_STR(named(b, "invite", NULL, &args[2], 1), "\xE2\x81\xA8{$host}\xE2\x81\xA9 a invité 2 personnes à leur fête.");
    CHECK(lokale_bundle_format_named_problems(out, sizeof out, &needed, b, &m, &args[2], 1) == LOKALE_OK);
    CHECK(strstr(out, "unresolved-variable") != NULL);
    if (!strstr(out, "unresolved-variable")) fprintf(stderr, "problems: %s\n", out);
    CHECK(lokale_bundle_format_named_problems(out, sizeof out, &needed, b, &m, args, 3) == LOKALE_OK && out[0] == 0);
    /* explain says which variant and why. */
    CHECK(lokale_bundle_explain_named(out, sizeof out, &needed, b, &m, args, 3) == LOKALE_OK);
    CHECK(strstr(out, "\"selection\"") != NULL && strstr(out, "\"variant\":1") != NULL);
    CHECK(strstr(out, "\"served\":\"fr\"") != NULL);
    /* Parts, for rich text: markup and values with their source; a plain text is one part. */
    lokale_message manual = lokale_message_make("manual", NULL, NULL);
    lokale_formatted_parts *parts = NULL;
    CHECK(lokale_bundle_format_named_to_parts(&parts, b, &manual, NULL, 0) == LOKALE_OK && parts != NULL);
    CHECK(lokale_formatted_parts_count(parts) == 5);
    const lokale_part *p = NULL;
    CHECK(lokale_formatted_parts_get(&p, parts, 1) == LOKALE_OK && p->kind == LOKALE_PART_MARKUP_OPEN && strcmp(p->name, "b") == 0);
    CHECK(lokale_formatted_parts_get(&p, parts, 2) == LOKALE_OK && p->kind == LOKALE_PART_TEXT && strcmp(p->value, "le manuel") == 0);
    const char *whole = NULL;
    size_t whole_len = 0;
    CHECK(lokale_formatted_parts_text(&whole, &whole_len, parts) == LOKALE_OK && strcmp(whole, "Lisez le manuel.") == 0);
    lokale_formatted_parts_free(parts);
    CHECK(lokale_bundle_format_named_to_parts(&parts, b, &m, args, 3) == LOKALE_OK);
    int found = 0;
    for (size_t i = 0; i < lokale_formatted_parts_count(parts); i++) {
        CHECK(lokale_formatted_parts_get(&p, parts, i) == LOKALE_OK);
        if (p->kind == LOKALE_PART_EXPRESSION && strcmp(p->source, "$count") == 0) found = strcmp(p->value, "2") == 0 && strcmp(p->name, "number") == 0;
    }
    CHECK(found);
    lokale_formatted_parts_free(parts);
    lokale_message missing = lokale_message_make("nope", NULL, "plain");
    CHECK(lokale_bundle_format_named_to_parts(&parts, b, &missing, NULL, 0) == LOKALE_OK && lokale_formatted_parts_count(parts) == 1);
    lokale_formatted_parts_free(parts);
    CHECK(lokale_bundle_format_named_to_parts(NULL, b, &m, args, 3) == LOKALE_EINVAL);
    CHECK(lokale_bundle_format_named_to_parts(&parts, b, &m, NULL, 3) == LOKALE_EINVAL && parts == NULL);
    /* Hostile calls are errors, never a crash. */
    lokale_named_arg nameless = {NULL, -1, lokale_arg_int(1), NULL};
    CHECK(lokale_bundle_format_named(out, sizeof out, &needed, b, &m, &nameless, 1) == LOKALE_EINVAL);
    CHECK(lokale_bundle_format_named(out, sizeof out, &needed, b, &m, NULL, 2) == LOKALE_EINVAL);
    CHECK(lokale_bundle_format_named(out, sizeof out, &needed, NULL, &m, args, 3) == LOKALE_EINVAL);
    CHECK(lokale_bundle_format_named(out, sizeof out, &needed, b, NULL, args, 3) == LOKALE_EINVAL);
    lokale_named_arg unknown = lokale_named("count", lokale_arg_int(1));
    unknown.value.type = 99;
    CHECK(lokale_bundle_format_named(out, sizeof out, &needed, b, &m, &unknown, 1) == LOKALE_EINVAL);
    /* Too small a buffer: the needed size, the text cut. */
    char small[8];
    CHECK(lokale_bundle_format_named(small, sizeof small, &needed, b, &m, args, 3) == LOKALE_ETRUNCATED);
    CHECK(needed > sizeof small);
#ifndef LK_TEST_SANITIZED
    /* The common case allocates nothing, once the localization has been formatted with. */
    lokale_message files = lokale_message_make("files", NULL, NULL);
    allocations = 0;
    counting = 1;
    long answered = 0;
    for (int64_t n = 0; n < 1000; n++) {
        lokale_named_arg count = lokale_named("count", lokale_arg_int(n));
        answered += lokale_bundle_format_named(out, sizeof out, &needed, b, &files, &count, 1) == LOKALE_OK;
        answered += lokale_bundle_format_named(out, sizeof out, &needed, b, &m, args, 3) == LOKALE_OK;
    }
    counting = 0;
    CHECK(answered == 2000);
    CHECK(allocations == 0);
    if (allocations != 0) fprintf(stderr, "MF2 catalog formats allocated %ld times\n", allocations);
#endif
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}
