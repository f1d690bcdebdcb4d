/*
 * A rough figure, not the benchmark: open time and lookups per second on a compiled table, through
 * the public C ABI. usage: lookup_quick TABLE.lokale KEYS.txt LANG
 * KEYS.txt: one key per line (keys present in the table).
 */
#define _POSIX_C_SOURCE 200809L
#include <lokale.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: %s TABLE KEYS LANG\n", argv[0]); return 2; }
    FILE *f = fopen(argv[2], "r");
    if (!f) { perror(argv[2]); return 1; }
    size_t cap = 1024, n = 0;
    char **keys = malloc(cap * sizeof *keys);
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (n == cap) keys = realloc(keys, (cap *= 2) * sizeof *keys);
        keys[n++] = strdup(line);
    }
    fclose(f);
    const char *langs[] = {argv[3]};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = 1;
    lokale_runtime *rt;
    lokale_runtime_new(&rt, &o);

    enum { OPENS = 200 };
    double t0 = now();
    for (int i = 0; i < OPENS; i++) {
        lokale_bundle *b;
        if (lokale_bundle_open(&b, rt, argv[1], 0) != LOKALE_OK) { fprintf(stderr, "%s\n", lokale_last_error()); return 1; }
        lokale_bundle_free(b);
    }
    double open_us = (now() - t0) / OPENS * 1e6;

    lokale_bundle *b;
    lokale_bundle_open(&b, rt, argv[1], 0);
    size_t rounds = getenv("ROUNDS") ? (size_t)atol(getenv("ROUNDS")) : 2000000, found = 0;
    unsigned x = 12345;
    t0 = now();
    for (size_t i = 0; i < rounds; i++) {
        x = x * 1103515245u + 12345u;
        lokale_message m = lokale_message_make(keys[x % n], NULL, NULL);
        const char *s;
        size_t len;
        lokale_step step;
        lokale_bundle_lookup(&s, &len, &step, b, &m);
        found += step == LOKALE_STEP_TRANSLATION;
    }
    double hit = rounds / (now() - t0);
    t0 = now();
    for (size_t i = 0; i < rounds; i++) {
        lokale_message m = lokale_message_make("no.such.key.anywhere", NULL, "default");
        const char *s;
        size_t len;
        lokale_bundle_lookup(&s, &len, NULL, b, &m);
    }
    double miss = rounds / (now() - t0);
    char out[256];
    size_t needed;
    lokale_arg three = lokale_arg_int(3);
    t0 = now();
    size_t fmt_rounds = 200000;
    for (size_t i = 0; i < fmt_rounds; i++) {
        lokale_message m = lokale_message_make(keys[(i * 10) % n], NULL, NULL);
        lokale_bundle_format(out, sizeof out, &needed, b, &m, &three, 1);
    }
    double fmt = fmt_rounds / (now() - t0);
    /* The cost a language switch adds: the next lookup renegotiates the bundle's localizations. */
    const char *a[] = {"de"}, *c[] = {"fr-CA", "en"};
    size_t switches = getenv("SWITCHES") ? (size_t)atol(getenv("SWITCHES")) : 20000;
    t0 = now();
    for (size_t i = 0; i < switches; i++) {
        lokale_runtime_set_preferred_languages(rt, (i & 1) ? a : c, (i & 1) ? 1 : 2);
        lokale_message m = lokale_message_make(keys[i % n], NULL, NULL);
        const char *s;
        size_t len;
        lokale_bundle_lookup(&s, &len, NULL, b, &m);
    }
    double switch_us = (now() - t0) / switches * 1e6;
    printf("open: %.1f us (mean of %d)\n", open_us, OPENS);
    printf("language switch + first lookup: %.1f us\n", switch_us);
    printf("lookup (present keys, random order): %.2f M/s (%zu of %zu translated)\n", hit / 1e6, found, rounds);
    printf("lookup (missing key, default value): %.2f M/s\n", miss / 1e6);
    printf("format (plural messages, 1 argument): %.2f M/s\n", fmt / 1e6);
    lokale_bundle_free(b);
    lokale_runtime_free(rt);
    return found == rounds ? 0 : 1;
}
