/*
 * A program that carries its table: desktop_app.c and desktop_app.h are written by
 * `lokale compile examples/DesktopApp -o DesktopApp.lokale --emit-c-source desktop_app.c`
 * (make test-c), compiled with -std=c99 -pedantic -Wall -Wextra -Werror, and run after
 * DesktopApp.lokale is deleted: every answer comes from the array in the executable.
 * usage: embedded  (prints nothing but "embedded: N passed, M failed"; exit 1 on a failure)
 */
#include "desktop_app.h"

#include <stdio.h>
#include <string.h>

static int passed, failed;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "embedded: CHECK failed: %s (last error: %s)\n", what, lokale_last_error());
    }
}

static const char *lookup(const char *language, const char *key) {
    static char out[256];
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = &language;
    o.preferred_count = 1;
    o.settings_path = "";
    lokale_runtime *rt = NULL;
    lokale_bundle *b = NULL;
    snprintf(out, sizeof out, "<error>");
    if (lokale_runtime_new(&rt, &o) == LOKALE_OK && DesktopApp_open(&b, rt, LOKALE_OPEN_MAIN) == LOKALE_OK) {
        lokale_message m = lokale_message_make(key, NULL, NULL);
        const char *text = NULL;
        size_t len = 0;
        if (lokale_bundle_lookup(&text, &len, NULL, b, &m) == LOKALE_OK) snprintf(out, sizeof out, "%.*s", (int)len, text);
    }
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    return out;
}

int main(void) {
    check(strcmp(lookup("de", "workspace.title"), "Arbeitsbereich") == 0, "de workspace.title");
    check(strcmp(lookup("fr-CA", "workspace.title"), "Espace de travail") == 0, "fr-CA workspace.title");
    check(strcmp(lookup("ja", "workspace.title"), "ワークスペース") == 0, "ja workspace.title");
    check(strcmp(lookup("it", "workspace.title"), "Workspace") == 0, "it workspace.title (development)");

    lokale_runtime *rt = NULL;
    lokale_bundle *b = NULL;
    check(lokale_runtime_new(&rt, NULL) == LOKALE_OK, "runtime");
    check(DesktopApp_open(&b, rt, LOKALE_OPEN_VERIFY) == LOKALE_OK, "open with LOKALE_OPEN_VERIFY");
    int reloaded = -1;
    check(lokale_bundle_reload(&reloaded, b, 0) == LOKALE_ESTATE && reloaded == 0, "reload refused");
    check(strstr(lokale_last_error(), "embedded in the program") != NULL, "reload error names the embedding");
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    printf("embedded: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
