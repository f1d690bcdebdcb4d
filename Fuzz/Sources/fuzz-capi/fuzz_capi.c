/* libFuzzer harness for the C ABI (include/lokale.h), linked against liblokale.so.
 * Input: the bytes of a compiled bundle. They are written to a file and opened with
 * lokale_bundle_open; every NUL-terminated string of the input is then looked up, formatted and
 * explained through hostile message structs: odd versions, a version-1 struct allocated at its
 * version-1 size (so reading `locale` would be an overflow), bad lengths, NULL pointers, invalid
 * argument types, short and zero output buffers; and through per-call language lists made from
 * the input's own strings (as a list and as an Accept-Language header), a runtime or a bundle
 * passed as the list, and a version-3 struct at its own size (so reading `languages` would be an
 * overflow). Every call must return a status, never crash. The bundle is also opened by a
 * runtime the C start makes (its languages two of the bundle's own localizations), whose answers
 * must be the Swift runtime's for the same languages, before and after the Swift runtime takes the
 * start over: a difference aborts. */
#define _GNU_SOURCE
#include "lokale.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[64];
static lokale_runtime *runtime;

static void setup(void) {
    snprintf(path, sizeof path, "/tmp/lokale-fuzz-capi-%d.lokale", (int)getpid());
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    static const char *const langs[] = {"de-CH", "fr", "en_US.UTF-8", "zz-Qaaa", ""};
    o.preferred_languages = langs;
    o.preferred_count = 5;
    o.settings_path = "";
    if (lokale_runtime_new(&runtime, &o) != LOKALE_OK) abort();
}

/* Calls every message function on m with a few argument lists and buffers. */
static void drive(const lokale_bundle *b, const lokale_message *m, uint8_t choice) {
    const char *out = NULL;
    size_t len = 0, needed = 0;
    lokale_step step;
    int s = lokale_bundle_lookup(&out, &len, &step, b, m);
    if (s == LOKALE_OK && out && len > 0) {
        /* The borrowed result must be readable for len bytes. */
        volatile char c = out[len - 1];
        (void)c;
    }
    lokale_bundle_lookup(&out, &len, NULL, b, m);

    lokale_arg args[6];
    /* Counts 0..999 (integers and integral doubles) reach the C fast path's plural choice. */
    args[0] = lokale_arg_int((choice & 16) ? -3 : (int64_t)(choice * 7u % 1000u));
    args[1] = lokale_arg_double((choice & 8) ? (double)(choice % 13) : 1.5);
    args[2] = lokale_arg_string("2.0");
    args[3] = lokale_arg_uint(UINT64_MAX);
    args[4].type = (choice & 1) ? 77 : LOKALE_ARG_STRING; /* an unknown type, or a bad string */
    args[4].value.s.ptr = (choice & 2) ? NULL : "x";
    args[4].value.s.len = (choice & 4) ? -7 : 1;
    args[5] = lokale_arg_string("\xff\xfe");
    size_t nargs = choice % 7;

    char small[4], buf[512];
    lokale_bundle_format(small, sizeof small, &needed, b, m, args, nargs);
    lokale_bundle_format(buf, sizeof buf, &needed, b, m, args, nargs);
    lokale_bundle_format(NULL, 0, &needed, b, m, args, nargs);
    lokale_bundle_format(NULL, 0, NULL, b, m, NULL, nargs); /* args NULL with a count */
    /* Named arguments (MessageFormat 2 messages): the seeds' names, each kind, hostile ones. */
    lokale_named_arg named[6] = {
        lokale_named("count", args[0]), lokale_named("host", lokale_arg_string("Ana")),
        lokale_named("gender", (choice & 32) ? lokale_arg_string("female") : args[5]),
        lokale_named("when", lokale_arg_timestamp((choice & 64) ? 1e300 : 1767312000.0)),
        lokale_named("n", args[4]), lokale_named((choice & 128) ? NULL : "x", args[1]),
    };
    named[3].time_zone = (choice & 2) ? "Europe/Paris" : "No/Such_Zone";
    size_t nnamed = choice % 7;
    lokale_bundle_format_named(small, sizeof small, &needed, b, m, named, nnamed);
    lokale_bundle_format_named(buf, sizeof buf, &needed, b, m, named, nnamed);
    lokale_bundle_format_named(buf, sizeof buf, &needed, b, m, named, nnamed); /* again: the C path once published */
    lokale_bundle_format_named(NULL, 0, &needed, b, m, NULL, nnamed);
    if ((choice & 7) == 0) {
        lokale_bundle_format_named_problems(buf, sizeof buf, &needed, b, m, named, nnamed);
        lokale_bundle_explain_named(buf, sizeof buf, &needed, b, m, named, nnamed);
        lokale_bundle_explain(buf, sizeof buf, &needed, b, m, args, nargs);
        lokale_bundle_explain(NULL, 0, &needed, b, m, NULL, 0);
    }
}

/* The input's keys: its non-empty NUL-terminated strings (keys[size] is NUL), the next one from
 * *at on, with its length; NULL after the last. */
static const char *next_key(const char *keys, size_t size, size_t *at, size_t *length) {
    while (*at <= size) {
        size_t start = *at, end = start + strlen(keys + start);
        *at = end + 1;
        if (end > start) {
            *length = end - start;
            return keys + start;
        }
    }
    return NULL;
}

/* The first 100 keys' lookups, text and step, through `b` and through `s`, must agree. */
static void same_lookups(const lokale_bundle *b, const lokale_bundle *s, const char *keys, size_t size) {
    const char *key;
    size_t at = 0, length;
    for (int n = 0; n < 100 && (key = next_key(keys, size, &at, &length)); n++) {
        lokale_message m = lokale_message_make(key, NULL, NULL);
        const char *a = NULL, *e = NULL;
        size_t al = 0, el = 0;
        lokale_step as = 0, es = 0;
        int ra = lokale_bundle_lookup(&a, &al, &as, b, &m), re = lokale_bundle_lookup(&e, &el, &es, s, &m);
        if (ra != re || (ra == LOKALE_OK && (al != el || as != es || memcmp(a, e, al) != 0))) abort();
    }
}

/* The C start: a runtime whose languages are two of the bundle's localizations opens the file, and
 * answers as a runtime the Swift runtime runs from the start; then (through a call only the Swift
 * runtime answers) it is taken over, and answers alike again. */
static void start_against_swift(const char *const *locs, size_t count, uint32_t flags, const char *keys, size_t size) {
    if (count == 0) return;
    const char *langs[] = {locs[size % count], locs[0]};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = 2;
    lokale_runtime *started = NULL, *swift = NULL;
    if (lokale_runtime_new(&started, &o) != LOKALE_OK) abort();
    o.settings_path = "";
    if (lokale_runtime_new(&swift, &o) != LOKALE_OK) abort();
    lokale_bundle *b = NULL, *s = NULL;
    int rb = lokale_bundle_open(&b, started, path, flags), rs = lokale_bundle_open(&s, swift, path, flags);
    if (rb != rs) abort();
    if (rb == LOKALE_OK) {
        same_lookups(b, s, keys, size);
        char list[256];
        size_t needed;
        if (size & 2) lokale_runtime_free(started), started = NULL; /* taken over through the bundle */
        lokale_bundle_preferred_localizations(list, sizeof list, &needed, b);
        same_lookups(b, s, keys, size);
        lokale_bundle_free(b);
        lokale_bundle_free(s);
    }
    lokale_runtime_free(started);
    lokale_runtime_free(swift);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!runtime) setup();
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    fclose(f);

    lokale_bundle *b = NULL;
    uint32_t flags = size % 2 ? LOKALE_OPEN_VERIFY : 0;
    if (lokale_bundle_open(&b, runtime, path, flags) != LOKALE_OK) {
        (void)lokale_last_error();
        return 0;
    }
    const char *id = NULL;
    const char *const *locs = NULL;
    size_t count = 0, needed = 0;
    char small[8];
    lokale_bundle_identifier(&id, b);
    lokale_bundle_development_localization(&id, b);
    lokale_bundle_localizations(&locs, &count, b);
    for (size_t i = 0; i < count; i++) (void)strlen(locs[i]);
    lokale_bundle_preferred_localizations(small, sizeof small, &needed, b);

    /* Keys: the NUL-terminated strings of the input (a copy, so that each one ends with NUL). */
    char *copy = malloc(size + 1);
    memcpy(copy, data, size);
    copy[size] = 0;
    start_against_swift(locs, count, flags, copy, size);
    if (count) lokale_runtime_set_language(runtime, locs[size % count]);
    const char *key;
    size_t at = 0, klen;
    for (size_t n = 0; n < 100 && (key = next_key(copy, size, &at, &klen)); n++) {
        uint8_t choice = (uint8_t)(n * 37 + size);
        lokale_message m = lokale_message_make(key, (n % 3) ? NULL : "Localizable", NULL);
        drive(b, &m, choice);
        /* Explicit lengths: the key without its NUL, a prefix of it, an empty key. */
        m.key_len = (ptrdiff_t)klen;
        m.table = key; m.table_len = (ptrdiff_t)(klen / 2);
        m.default_value = key; m.default_len = (ptrdiff_t)klen;
        m.locale = key; m.locale_len = (ptrdiff_t)(klen < 12 ? klen : 12);
        drive(b, &m, choice + 1);
        m.key_len = 0;
        drive(b, &m, choice + 2);
        /* Hostile: negative lengths other than -1, NULL pointers with lengths, odd versions. */
        m.key_len = -2;
        drive(b, &m, choice + 3);
        m.key_len = (ptrdiff_t)klen;
        m.table = NULL; m.table_len = 5;
        m.default_value = NULL; m.default_len = 9;
        m.locale = NULL; m.locale_len = 3;
        drive(b, &m, choice + 4);
        m.key = NULL; m.key_len = -1;
        drive(b, &m, choice + 5);
        m.key = key;
        m.version = (n & 1) ? 0 : 99;
        drive(b, &m, choice + 6);
        /* A request's languages: the key as one tag and as a header; other handles as lists. */
        lokale_languages *list = NULL, *header = NULL;
        const char *tags[] = {key, "fr", key + klen / 2};
        if (lokale_languages_new(&list, runtime, tags, 3) == LOKALE_OK) {
            m.version = LOKALE_MESSAGE_VERSION;
            m.languages = list;
            drive(b, &m, choice + 8);
            drive(b, &m, choice + 9); /* the second call reads the plan the first published */
            if (lokale_languages_from_accept_language(&header, runtime, key, (ptrdiff_t)klen) == LOKALE_OK) {
                m.languages = header;
                drive(b, &m, choice + 10);
                lokale_languages_free(header);
            }
            lokale_languages_free(list);
        }
        m.version = LOKALE_MESSAGE_VERSION;
        m.languages = (const lokale_languages *)(void *)((n & 1) ? (void *)runtime : (void *)b);
        drive(b, &m, choice + 11);
        char parsed[64];
        size_t parsed_count = 0;
        lokale_parse_accept_language(parsed, sizeof parsed, &needed, &parsed_count, key, (ptrdiff_t)klen);
        /* Version 3 at its own size: the library must not read `languages`. */
        lokale_message *v3 = malloc(offsetof(lokale_message, languages));
        memcpy(v3, &m, offsetof(lokale_message, languages));
        v3->version = 3;
        drive(b, v3, choice + 12);
        free(v3);
        m.languages = NULL;
        /* Version 1 at its own size: the library must not read `locale`. */
        lokale_message *v1 = malloc(offsetof(lokale_message, locale));
        memcpy(v1, &m, offsetof(lokale_message, locale));
        v1->version = 1;
        drive(b, v1, choice + 7);
        free(v1);
    }
    free(copy);
    lokale_runtime_set_language(runtime, NULL);
    lokale_bundle_free(b);
    return 0;
}
