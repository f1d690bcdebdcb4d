/* The C accessors `lokale compile --emit-c-header` writes, used as a program uses them: each typed
 * function must answer what lokale_bundle_format (or _format_named, or lookup) answers for the same
 * key, table and arguments, in every language; a few answers are also checked against the
 * fixtures' translations. Built with -Wall -Wextra -Werror -std=c99 (see run.sh). */
#include "tables_messages.h"
#include "arb_messages.h"
#include "mf2_messages.h"
#include <stdio.h>
#include <string.h>

static int failures = 0, checks = 0;

static void expect_equal(const char *what, const char *got, const char *want) {
    checks++;
    if (strcmp(got, want) != 0) {
        failures++;
        fprintf(stderr, "FAIL %s: got '%s', want '%s'\n", what, got, want);
    }
}

static void expect_ok(const char *what, int status) {
    checks++;
    if (status != LOKALE_OK) {
        failures++;
        fprintf(stderr, "FAIL %s: status %d (%s)\n", what, status, lokale_last_error());
    }
}

/* The same message through the general API: what the typed function must equal. */
static const char *direct(char *dst, size_t capacity, const lokale_bundle *b, const char *key, const char *table,
                          const char *def, const lokale_arg *args, size_t n) {
    lokale_message m = lokale_message_make(key, table, def);
    size_t needed = 0;
    expect_ok(key, lokale_bundle_format(dst, capacity, &needed, b, &m, args, n));
    return dst;
}

static const char *direct_named(char *dst, size_t capacity, const lokale_bundle *b, const char *key,
                                const lokale_named_arg *args, size_t n) {
    lokale_message m = lokale_message_make(key, NULL, NULL);
    size_t needed = 0;
    expect_ok(key, lokale_bundle_format_named(dst, capacity, &needed, b, &m, args, n));
    return dst;
}

static lokale_bundle *open_bundle(lokale_runtime *rt, const char *dir, const char *name) {
    char path[1024];
    lokale_bundle *b = NULL;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    expect_ok(path, lokale_bundle_open(&b, rt, path, 0));
    return b;
}

int main(int argc, char **argv) {
    const char *languages[][1] = {{"en"}, {"fr"}, {"ar"}, {"pl"}};
    char got[512], want[512];
    size_t needed = 0;
    size_t i;
    lokale_runtime *rt = NULL;
    lokale_bundle *tables, *arb, *mf2;
    if (argc != 2) {
        fprintf(stderr, "usage: typed_test DIR (with Tables.lokale, ARB.lokale, MF2.lokale)\n");
        return 2;
    }
    expect_ok("runtime", lokale_runtime_new(&rt, NULL));
    tables = open_bundle(rt, argv[1], "Tables.lokale");
    arb = open_bundle(rt, argv[1], "ARB.lokale");
    mf2 = open_bundle(rt, argv[1], "MF2.lokale");
    if (failures) return 1;

    for (i = 0; i < sizeof languages / sizeof languages[0]; i++) {
        const char *language = languages[i][0];
        expect_ok(language, lokale_runtime_set_preferred_languages(rt, languages[i], 1));
        {
            lokale_arg a[1];
            a[0] = lokale_arg_int(3);
            expect_ok("files", tables_localizable_files(got, sizeof got, &needed, tables, 3));
            expect_equal("files", got, direct(want, sizeof want, tables, TABLES_LOCALIZABLE_FILES, "Localizable", NULL, a, 1));
        }
        {
            lokale_arg a[2];
            a[0] = lokale_arg_double(2.5);
            a[1] = lokale_arg_int(7);
            expect_ok("distance", tables_localizable_distance(got, sizeof got, &needed, tables, 2.5, 7));
            expect_equal("distance", got, direct(want, sizeof want, tables, TABLES_LOCALIZABLE_DISTANCE, "Localizable", NULL, a, 2));
        }
        {
            lokale_arg a[1];
            a[0] = lokale_arg_string("Ana");
            expect_ok("greeting", tables_localizable_greeting(got, sizeof got, &needed, tables, "Ana"));
            expect_equal("greeting", got, direct(want, sizeof want, tables, TABLES_LOCALIZABLE_GREETING, "Localizable", NULL, a, 1));
        }
        {
            /* A plain message of another table: the text itself, never NULL. */
            lokale_message m = lokale_message_make(TABLES_MENU_OPEN, "Menu", NULL);
            const char *text = NULL;
            size_t len = 0;
            expect_ok("open", lokale_bundle_lookup(&text, &len, NULL, tables, &m));
            expect_equal("Menu open", tables_menu_open(tables), text);
        }
        {
            lokale_named_arg a[2];
            a[0] = lokale_named("count", lokale_arg_int(3));
            a[1] = lokale_named("name", lokale_arg_string("Ana"));
            expect_ok("inbox", arb_localizable_inbox(got, sizeof got, &needed, arb, 3, "Ana"));
            expect_equal("inbox", got, direct_named(want, sizeof want, arb, ARB_LOCALIZABLE_INBOX, a, 2));
        }
        {
            lokale_named_arg a[3];
            a[0] = lokale_named("count", lokale_arg_int(2));
            a[1] = lokale_named("gender", lokale_arg_string("female"));
            a[2] = lokale_named("host", lokale_arg_string("Ana"));
            expect_ok("invite", mf2_localizable_invite(got, sizeof got, &needed, mf2, 2, "female", "Ana"));
            expect_equal("invite", got, direct_named(want, sizeof want, mf2, MF2_LOCALIZABLE_INVITE, a, 3));
        }
        {
            lokale_named_arg a[1];
            a[0] = lokale_named("when", lokale_arg_timestamp(1782066600.0));
            expect_ok("due", mf2_localizable_due(got, sizeof got, &needed, mf2, 1782066600.0));
            expect_equal("due", got, direct_named(want, sizeof want, mf2, MF2_LOCALIZABLE_DUE, a, 1));
        }
        if (strcmp(language, "fr") == 0) {
            tables_localizable_files(got, sizeof got, &needed, tables, 3);
            expect_equal("files in fr", got, "3 fichiers");
            tables_localizable_distance(got, sizeof got, &needed, tables, 2.5, 7);
            expect_equal("distance in fr", got, "2,5 km, 7 pas");
            expect_equal("Menu open in fr", tables_menu_open(tables), "Ouvrir");
        }
    }
    /* A NULL bundle: the plain accessor still gives text, the development text the header carries
     * as the default value (the key is "open"). */
    expect_equal("NULL bundle", tables_menu_open(NULL), "Open");

    lokale_bundle_free(mf2);
    lokale_bundle_free(arb);
    lokale_bundle_free(tables);
    lokale_runtime_free(rt);
    printf("typed C accessors: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
