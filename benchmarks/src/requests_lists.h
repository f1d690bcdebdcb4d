/* The language lists of requests.c: made from "fr-CA,en" lines, looked up with, checked to answer
 * in their first language (the message SENTINEL holds each localization's code), and the one-off
 * lists a server makes between its hot ones. Included by requests.c only, which provides before
 * it: datadir, n_messages, rt, bundle and SENTINEL. */
#ifndef LOKALE_BENCH_REQUESTS_LISTS_H
#define LOKALE_BENCH_REQUESTS_LISTS_H

static void die(const char *what) {
    fprintf(stderr, "requests N=%ld: %s (%s)\n", n_messages, what, lokale_last_error());
    exit(1);
}

/* The lines of a text file (the buffer is modified in place and kept). */
static char **lines(const char *name, size_t *count) {
    size_t len;
    char *text = load_file(datadir, name, &len);
    size_t cap = 16, n = 0;
    char **out = malloc(cap * sizeof *out);
    for (char *p = text; *p;) {
        char *e = strchr(p, '\n');
        if (e) *e = 0;
        if (*p) {
            if (n == cap) out = realloc(out, (cap *= 2) * sizeof *out);
            out[n++] = p;
        }
        if (!e) break;
        p = e + 1;
    }
    *count = n;
    return out;
}

/* "fr-CA,en" -> a lokale_languages (the strings are split in a copy). */
static lokale_languages *make_list(const char *csv) {
    char buf[512];
    const char *parts[16];
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", csv);
    for (char *s = strtok(buf, ","); s && n < 16; s = strtok(NULL, ",")) parts[n++] = s;
    lokale_languages *l = NULL;
    if (lokale_languages_new(&l, rt, parts, n) != LOKALE_OK) die("lokale_languages_new");
    return l;
}

/* The language a list answers in: its first entry's localization among the bundle's (pt-* reads
 * pt-BR, the only Portuguese; the others are their language code). */
static void expected_language(const char *first, char *out, size_t cap) {
    size_t n = strcspn(first, "-,;_ ");
    if (n == 2 && strncmp(first, "pt", 2) == 0) snprintf(out, cap, "pt-BR");
    else snprintf(out, cap, "%.*s", (int)n, first);
}

static const char *answer(const lokale_languages *l, const char *key, lokale_step *step) {
    lokale_message m = lokale_message_make(key, NULL, NULL);
    m.languages = l;
    const char *s = NULL;
    size_t len = 0;
    if (lokale_bundle_lookup(&s, &len, step, bundle, &m) != LOKALE_OK) die("lokale_bundle_lookup");
    return s;
}

static void check_language(const lokale_languages *l, const char *first, const char *what) {
    char want[32], got_list[256];
    expected_language(first, want, sizeof want);
    lokale_step step;
    const char *got = answer(l, SENTINEL, &step);
    if (strcmp(got, want) != 0 || step != LOKALE_STEP_TRANSLATION) {
        size_t needed;
        lokale_languages_list(got_list, sizeof got_list, &needed, l);
        fprintf(stderr, "%s [%s] answers in %s (step %d), expected %s\n", what, got_list, got, (int)step, want);
        exit(1);
    }
}

/* A new list for every one of count one-off requests, each used for one lookup and freed, from
 * lines [*at, ...) of pool (wrapping within [lo, hi)): they take list ids, as a server's one-off
 * lists do. */
static void one_off_lists(char **pool, size_t *at, size_t lo, size_t hi, size_t count) {
    for (size_t f = 0; f < count; f++) {
        lokale_step step;
        lokale_languages *l = make_list(pool[*at]);
        answer(l, "msg.000000", &step);
        lokale_languages_free(l);
        if (++*at == hi) *at = lo;
    }
}

#endif
