/*
 * The C ABI, exercised from C against the real liblokale.so and real compiled bundles.
 * usage: test_lokale EXAMPLES_DIR TESTS_DIR
 *   EXAMPLES_DIR holds DesktopApp.lokale, DesktopAppMixed.lokale, PanelKit.lokale
 *   TESTS_DIR holds Tables.lokale and is writable (corrupt copies are made there)
 *
 * One program built from every .c file of Tests/C, split by concern (check.h lists the tests:
 * test_runtime.c, test_lookup.c, test_format.c, test_files.c, test_threads.c, test_language.c,
 * test_lifetimes.c, test_accept_language.c, test_gettext.c, test_message_format.c, test_mf2_catalog.c, test_sources.c, test_memory.c, test_start.c).
 * This file holds the counters, the shared helpers and main, which runs every test in order and
 * prints "N passed, M failed".
 */
#include "check.h"

int passed, failed;
char examples[1024], tests[1024];

const char *path(const char *dir, const char *name) {
    static char buf[4][2048];
    static int i;
    i = (i + 1) % 4;
    snprintf(buf[i], sizeof buf[i], "%s/%s", dir, name);
    return buf[i];
}

lokale_runtime *runtime_with(const char *const *langs, size_t n) {
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = n;
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    return rt;
}

/* Formats a message into a static buffer. */
const char *fmt(const lokale_bundle *b, const char *key, const char *table, const char *def,
                const lokale_arg *args, size_t n) {
    static char out[1024];
    size_t needed = 0;
    lokale_message m = lokale_message_make(key, table, def);
    int rc = lokale_bundle_format(out, sizeof out, &needed, b, &m, args, n);
    if (rc != LOKALE_OK) snprintf(out, sizeof out, "<error %s>", lokale_status_name(rc));
    return out;
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
    test_bundle_text();
    test_lookup_device_variants();
    test_format();
    test_explain();
    test_number_locale();
    test_main_and_framework();
    test_corrupt_files();
    test_threads();
    test_in_app_language();
    test_reload();
    test_lifetimes();
    test_accept_language();
    test_requests();
    test_gettext_catalog();
    test_message_format();
    test_mf2_catalog();
    test_sources();
    test_open_memory();
    test_start();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
