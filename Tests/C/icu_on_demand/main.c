/*
 * ICU is loaded on first need: a process whose preferred languages and messages its table answers
 * never maps ICU, and one that needs ICU gets the same answers once it is loaded. Run by make test-c
 * as its own process (the main test program loads ICU early), with the mappings read from
 * /proc/self/maps.
 *
 * usage: icu_on_demand EXAMPLES_DIR COMPAT_TABLE [shims|alone]
 *   shims: liblokale-icu.so is beside liblokale.so; the ICU strategy works once ICU is loaded.
 *   alone: liblokale.so was copied without it; ICU's C functions still load (the system's), and
 *          a runtime with the ICU strategy, which needs the C++ shims, is refused with an error
 *          naming them.
 * Prints "icu_on_demand: N passed, M failed"; exit 1 on a failure.
 */
#define _GNU_SOURCE
#include "lokale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "icu_on_demand: CHECK failed: %s (last error: %s)\n", what, lokale_last_error());
    }
}

/* Whether a file whose name contains `needle` is mapped into this process. */
static int mapped(const char *needle) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f) return -1;
    char line[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        const char *path = strchr(line, '/');
        if (path && strstr(path, needle)) found = 1;
    }
    fclose(f);
    return found;
}

static const char *lookup(lokale_bundle *b, const char *key) {
    static char out[256];
    lokale_message m = lokale_message_make(key, NULL, NULL);
    const char *text = NULL;
    size_t len = 0;
    snprintf(out, sizeof out, "<error>");
    if (lokale_bundle_lookup(&text, &len, NULL, b, &m) == LOKALE_OK) snprintf(out, sizeof out, "%.*s", (int)len, text);
    return out;
}

static const char *count(lokale_bundle *b, const char *key, long long n) {
    static char out[256];
    lokale_message m = lokale_message_make(key, NULL, NULL);
    lokale_arg arg = lokale_arg_int(n);
    if (lokale_bundle_format(out, sizeof out, NULL, b, &m, &arg, 1) != LOKALE_OK) snprintf(out, sizeof out, "<error>");
    return out;
}

static lokale_runtime *runtime(const char *language, int strategy) {
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = language ? &language : NULL;
    o.preferred_count = language ? 1 : 0;
    o.strategy = strategy;
    o.settings_path = "";
    lokale_runtime *rt = NULL;
    return lokale_runtime_new(&rt, &o) == LOKALE_OK ? rt : NULL;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: icu_on_demand EXAMPLES_DIR COMPAT_TABLE shims|alone\n");
        return 2;
    }
    int alone = strcmp(argv[3], "alone") == 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/DesktopApp.lokale", argv[1]);
    check(mapped("liblokale") == 1 && mapped("libicu") == 0, "the process starts with liblokale.so and without ICU");

    /* The environment's languages (LANGUAGE=de, set by the caller), a table that records them. */
    lokale_runtime *rt = runtime(NULL, LOKALE_STRATEGY_APPLE);
    lokale_bundle *b = NULL;
    check(rt && lokale_bundle_open(&b, rt, path, LOKALE_OPEN_MAIN) == LOKALE_OK, "open DesktopApp.lokale");
    check(strcmp(lookup(b, "workspace.title"), "Arbeitsbereich") == 0, "de from the environment: lookup");
    check(strcmp(count(b, "summary.item-count", 1), "1 Objekt") == 0, "de: plural one");
    check(strcmp(count(b, "summary.item-count", 3), "3 Objekte") == 0, "de: plural other");
    check(strcmp(count(b, "summary.item-count", 1234567), "1.234.567 Objekte") == 0, "de: grouped count");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);

    /* Languages given by the caller, spelled as the table's localizations. */
    rt = runtime("fr", LOKALE_STRATEGY_APPLE);
    b = NULL;
    check(rt && lokale_bundle_open(&b, rt, path, 0) == LOKALE_OK, "open with fr");
    check(strcmp(count(b, "summary.item-count", 1), "1 élément") == 0, "fr: plural one");
    check(strcmp(count(b, "summary.item-count", 2), "2 éléments") == 0, "fr: plural other");
    check(mapped("libicu") == 0, "answered from the tables: ICU is not mapped");

    /* A preference the table does not spell (de-CH): ICU reads it, then answers as before. */
    const char *swiss = "de-CH";
    check(lokale_runtime_set_preferred_languages(rt, &swiss, 1) == LOKALE_OK, "set de-CH");
    check(strcmp(lookup(b, "workspace.title"), "Arbeitsbereich") == 0, "de-CH: the German localization");
    check(mapped("libicu") == 1, "a preference the table does not record loads ICU");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);

    /* A table written before it recorded locale data: ICU answers, as it always did. */
    rt = runtime("de", LOKALE_STRATEGY_APPLE);
    b = NULL;
    check(rt && lokale_bundle_open(&b, rt, argv[2], 0) == LOKALE_OK, "open a 2.2 table");
    check(strcmp(count(b, "summary.item-count", 3), "3 Objekte") == 0, "2.2 table: plural");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);

    /* CLDR's matcher (the ICU strategy) needs the C++ shims. */
    rt = runtime("de-CH", LOKALE_STRATEGY_ICU);
    if (alone) {
        check(rt == NULL, "without liblokale-icu.so a runtime with the ICU strategy is refused");
        check(strstr(lokale_last_error(), "liblokale-icu.so") != NULL, "and the error names liblokale-icu.so");
    } else {
        b = NULL;
        check(rt && lokale_bundle_open(&b, rt, path, 0) == LOKALE_OK, "open with the ICU strategy");
        check(strcmp(lookup(b, "workspace.title"), "Arbeitsbereich") == 0, "the ICU strategy: de-CH is German");
        lokale_bundle_free(b);
    }
    lokale_runtime_free(rt);
    check(mapped("liblokale-icu.so") == !alone, alone ? "no shims mapped" : "shims mapped");

    printf("icu_on_demand: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
