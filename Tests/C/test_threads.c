/* Lookups and formats on reader threads while the languages change and the bundle reloads. */
#include "check.h"

#include <pthread.h>

/* Lookups on many threads while another thread switches languages. */
struct worker {
    lokale_bundle *bundle;
    int bad;
};

static void *lookups(void *arg) {
    struct worker *w = arg;
    for (int i = 0; i < 20000; i++) {
        lokale_message m = lokale_message_make("open", "Menu", NULL);
        const char *s;
        size_t n;
        if (lokale_bundle_lookup(&s, &n, NULL, w->bundle, &m) != LOKALE_OK) w->bad++;
        else if (strcmp(s, "Open") != 0 && strcmp(s, "Ouvrir") != 0) w->bad++;
        /* Formats too (the C fast path between changes, Swift at each new generation). */
        lokale_message f = lokale_message_make("files", NULL, NULL);
        lokale_arg count = lokale_arg_int(i % 30);
        char out[64], prefix[16];
        size_t needed;
        snprintf(prefix, sizeof prefix, "%d fi", i % 30); /* "N file(s)" or "N fichier(s)" */
        if (lokale_bundle_format(out, sizeof out, &needed, w->bundle, &f, &count, 1) != LOKALE_OK) w->bad++;
        else if (strncmp(out, prefix, strlen(prefix)) != 0) w->bad++;
    }
    return NULL;
}

void test_threads(void) {
    const char *fr[] = {"fr"}, *en[] = {"en"};
    lokale_runtime *rt = runtime_with(fr, 1);
    lokale_bundle *b = NULL;
    CHECK(lokale_bundle_open(&b, rt, path(tests, "Tables.lokale"), 0) == LOKALE_OK);
    pthread_t threads[4];
    struct worker workers[4];
    for (int i = 0; i < 4; i++) {
        workers[i] = (struct worker){b, 0};
        pthread_create(&threads[i], NULL, lookups, &workers[i]);
    }
    for (int i = 0; i < 2000; i++) {
        lokale_runtime_set_preferred_languages(rt, (i % 2) ? fr : en, 1);
        lokale_runtime_set_language(rt, (i % 3) ? "fr" : NULL);
        /* A new version of the table under the readers' feet: plans are republished. */
        int reloaded = 0;
        if (i % 250 == 0) CHECK(lokale_bundle_reload(&reloaded, b, LOKALE_RELOAD_FORCE) == LOKALE_OK && reloaded == 1);
    }
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        pthread_join(threads[i], NULL);
        bad += workers[i].bad;
    }
    CHECK(bad == 0);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
}
