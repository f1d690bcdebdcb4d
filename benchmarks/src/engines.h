/* The engines of the C benchmark drivers, one section per engine, chosen by ENGINE_LOKALE,
 * ENGINE_GETTEXT, ENGINE_ICU or ENGINE_HASH: init (once per process), open (copy < 0: the main
 * file; else open-case copy k), lookup (1 on a hit), plural (formats PLURAL_KEY with n into out;
 * returns the length it needed), sample, close, prepare_copy, version; and text (the answer
 * itself, UTF-8, or NULL; not for icu-ures, whose answers are UTF-16), which threads.c checks. Each section defines ENGINE and HAS_PLURAL and its
 * functions as ENG(name): bench.c includes one engine (ENG(x) = eng_x); side.c and threads.c
 * include the header once per engine, with its own ENG and ENGINE_ macro each time (no include guard).
 * The includer provides datadir, KW and PLURAL_KEY. */
#ifndef ENG
#define ENG(name) eng_##name
#endif

#if defined(ENGINE_LOKALE)
#include <lokale.h>
#define ENGINE "lokale"
#define HAS_PLURAL 1
static lokale_runtime *rt;
static int ENG(init)(void) {
    const char *langs[] = {"ru"};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = langs;
    o.preferred_count = 1;
    o.settings_path = "";
    return lokale_runtime_new(&rt, &o) == LOKALE_OK ? 0 : -1;
}
static void *ENG(open)(int copy) {
    char path[4096];
    if (copy < 0) snprintf(path, sizeof path, "%s/bench.lokale", datadir);
    else snprintf(path, sizeof path, "%s/open_lokale/b%d.lokale", datadir, copy);
    lokale_bundle *b = NULL;
    if (lokale_bundle_open(&b, rt, path, 0) != LOKALE_OK) {
        fprintf(stderr, "lokale_bundle_open %s: %s\n", path, lokale_last_error());
        return NULL;
    }
    return b;
}
static inline int ENG(lookup)(void *h, const char *key) {
    lokale_message m = lokale_message_make(key, NULL, NULL);
    const char *s;
    size_t len;
    lokale_step step;
    lokale_bundle_lookup(&s, &len, &step, (const lokale_bundle *)h, &m);
    return step == LOKALE_STEP_TRANSLATION;
}
static inline const char *ENG(text)(void *h, const char *key, size_t *len) {
    lokale_message m = lokale_message_make(key, NULL, NULL);
    const char *s = NULL;
    *len = 0;
    lokale_bundle_lookup(&s, len, NULL, (const lokale_bundle *)h, &m);
    return s;
}
static inline int ENG(plural)(void *h, long n, char *out, size_t cap) {
    lokale_message m = lokale_message_make(PLURAL_KEY, NULL, NULL);
    lokale_arg a = lokale_arg_int(n);
    size_t needed = 0;
    lokale_bundle_format(out, cap, &needed, (const lokale_bundle *)h, &m, &a, 1);
    return (int)needed;
}
static const char *ENG(sample)(void *h, const char *key, char *buf, size_t cap) {
    lokale_message m = lokale_message_make(key, NULL, NULL);
    const char *s;
    size_t len;
    lokale_bundle_lookup(&s, &len, NULL, (const lokale_bundle *)h, &m);
    snprintf(buf, cap, "%.*s", (int)len, s);
    return buf;
}
static void ENG(close)(void *h) { lokale_bundle_free((lokale_bundle *)h); }
static void ENG(prepare_copy)(int k, const char *dir) {
    char src[4096], dst[4096];
    snprintf(src, sizeof src, "%s/bench.lokale", datadir);
    snprintf(dst, sizeof dst, "%s/b%d.lokale", dir, k);
    if (symlink(src, dst) != 0 && errno != EEXIST) perror(dst);
}
static const char *ENG(version)(void) { return lokale_version(); }

#elif defined(ENGINE_GETTEXT)
#include <gnu/libc-version.h>
#include <libintl.h>
#define ENGINE "gettext"
#define HAS_PLURAL 1
static int ENG(init)(void) {
    setenv("LANGUAGE", "ru", 1);
    if (!setlocale(LC_ALL, "C.UTF-8")) { fprintf(stderr, "no C.UTF-8 locale\n"); return -1; }
    return 0;
}
static void *ENG(open)(int copy) {
    char dir[4096], name[64];
    if (copy < 0) {
        snprintf(dir, sizeof dir, "%s/mo", datadir);
        snprintf(name, sizeof name, "bench");
    } else {
        snprintf(dir, sizeof dir, "%s/open_gettext", datadir);
        snprintf(name, sizeof name, "b%d", copy);
    }
    bindtextdomain(name, dir);
    bind_textdomain_codeset(name, "UTF-8");
    return strdup(name); /* the domain name is the handle; loading happens at the first lookup */
}
static inline int ENG(lookup)(void *h, const char *key) { return dgettext((const char *)h, key) != key; }
static inline const char *ENG(text)(void *h, const char *key, size_t *len) {
    const char *s = dgettext((const char *)h, key);
    *len = strlen(s);
    return s;
}
static inline int ENG(plural)(void *h, long n, char *out, size_t cap) {
    const char *f = dngettext((const char *)h, PLURAL_KEY, PLURAL_KEY, (unsigned long)n);
    return snprintf(out, cap, f, (long long)n);
}
static const char *ENG(sample)(void *h, const char *key, char *buf, size_t cap) {
    snprintf(buf, cap, "%s", dgettext((const char *)h, key));
    return buf;
}
static void ENG(close)(void *h) { (void)h; /* glibc never unloads a domain */ }
static void ENG(prepare_copy)(int k, const char *dir) {
    char src[4096], dst[4096];
    snprintf(dst, sizeof dst, "%s/ru", dir);
    mkdir(dst, 0755);
    snprintf(dst, sizeof dst, "%s/ru/LC_MESSAGES", dir);
    mkdir(dst, 0755);
    snprintf(src, sizeof src, "%s/mo/ru/LC_MESSAGES/bench.mo", datadir);
    snprintf(dst, sizeof dst, "%s/ru/LC_MESSAGES/b%d.mo", dir, k);
    if (symlink(src, dst) != 0 && errno != EEXIST) perror(dst);
}
static const char *ENG(version)(void) { return gnu_get_libc_version(); }

#elif defined(ENGINE_ICU)
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
#define ENGINE "icu-ures"
#define HAS_PLURAL 1
typedef struct icu_handle {
    UResourceBundle *rb, *fill;
    UPluralRules *rules;
} icu_handle;
static int ENG(init)(void) { return 0; }
static void *ENG(open)(int copy) {
    char dir[4096], name[64];
    snprintf(dir, sizeof dir, copy < 0 ? "%s/res" : "%s/open_icu", datadir);
    snprintf(name, sizeof name, copy < 0 ? "ru" : "b%d", copy);
    UErrorCode st = U_ZERO_ERROR;
    icu_handle *h = calloc(1, sizeof *h);
    h->rb = ures_openDirect(dir, name, &st);
    if (U_FAILURE(st)) { fprintf(stderr, "ures_openDirect %s/%s: %s\n", dir, name, u_errorName(st)); return NULL; }
    if (copy < 0) {
        h->rules = uplrules_open("ru", &st);
        if (U_FAILURE(st)) { fprintf(stderr, "uplrules_open: %s\n", u_errorName(st)); return NULL; }
    }
    return h;
}
static inline int ENG(lookup)(void *h, const char *key) {
    UErrorCode st = U_ZERO_ERROR;
    int32_t len;
    const UChar *s = ures_getStringByKey(((icu_handle *)h)->rb, key, &len, &st);
    return U_SUCCESS(st) && st != U_USING_DEFAULT_WARNING && s != NULL;
}
/* The ICU way: look the plural table up, select the category, fetch its pattern, format. */
static inline int ENG(plural)(void *hv, long n, char *out, size_t cap) {
    icu_handle *h = hv;
    UErrorCode st = U_ZERO_ERROR;
    h->fill = ures_getByKey(h->rb, PLURAL_KEY, h->fill, &st);
    UChar kw[16];
    int32_t kl = uplrules_select(h->rules, (double)n, kw, 16, &st);
    char kwc[16];
    u_UCharsToChars(kw, kwc, kl);
    kwc[kl] = 0;
    int32_t plen;
    const UChar *p = ures_getStringByKey(h->fill, kwc, &plen, &st);
    char fmt[256];
    u_strToUTF8(fmt, sizeof fmt, NULL, p, plen, &st);
    if (U_FAILURE(st)) return -1;
    return snprintf(out, cap, fmt, (long long)n);
}
static const char *ENG(sample)(void *h, const char *key, char *buf, size_t cap) {
    UErrorCode st = U_ZERO_ERROR;
    int32_t len;
    const UChar *s = ures_getStringByKey(((icu_handle *)h)->rb, key, &len, &st);
    if (U_FAILURE(st)) return u_errorName(st);
    u_strToUTF8(buf, (int32_t)cap, NULL, s, len, &st);
    return buf;
}
static void ENG(close)(void *hv) {
    icu_handle *h = hv;
    ures_close(h->fill);
    ures_close(h->rb);
    if (h->rules) uplrules_close(h->rules);
    free(h);
}
static void ENG(prepare_copy)(int k, const char *dir) {
    char src[4096], dst[4096];
    snprintf(src, sizeof src, "%s/res/ru.res", datadir);
    snprintf(dst, sizeof dst, "%s/b%d.res", dir, k);
    if (symlink(src, dst) != 0 && errno != EEXIST) perror(dst);
}
static const char *ENG(version)(void) {
    static char v[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, v);
    return v;
}

#elif defined(ENGINE_HASH)
#include "hashfile.h"
#define ENGINE "hash-baseline"
#define HAS_PLURAL 0
typedef struct hash_handle {
    const unsigned char *base;
    size_t len;
} hash_handle;
static int ENG(init)(void) { return 0; }
static void *ENG(open)(int copy) {
    char path[4096];
    if (copy < 0) snprintf(path, sizeof path, "%s/bench.hash", datadir);
    else snprintf(path, sizeof path, "%s/open_hash/b%d.hash", datadir, copy);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { perror(path); return NULL; }
    struct stat st;
    fstat(fd, &st);
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED) { perror("mmap"); return NULL; }
    if (memcmp(p, HASHFILE_MAGIC, 8) != 0) { fprintf(stderr, "%s: not a hash file\n", path); return NULL; }
    hash_handle *h = malloc(sizeof *h);
    h->base = p;
    h->len = (size_t)st.st_size;
    return h;
}
static inline int ENG(lookup)(void *h, const char *key) {
    return hashfile_lookup(((hash_handle *)h)->base, key, strlen(key)) != NULL;
}
static inline const char *ENG(text)(void *h, const char *key, size_t *len) {
    const char *v = hashfile_lookup(((hash_handle *)h)->base, key, strlen(key));
    *len = v ? strlen(v) : 0;
    return v;
}
static inline int ENG(plural)(void *h, long n, char *out, size_t cap) { (void)h; (void)n; (void)out; (void)cap; return -1; }
static const char *ENG(sample)(void *h, const char *key, char *buf, size_t cap) {
    const char *v = hashfile_lookup(((hash_handle *)h)->base, key, strlen(key));
    snprintf(buf, cap, "%s", v ? v : "(null)");
    return buf;
}
static void ENG(close)(void *hv) {
    hash_handle *h = hv;
    munmap((void *)h->base, h->len);
    free(h);
}
static void ENG(prepare_copy)(int k, const char *dir) {
    char src[4096], dst[4096];
    snprintf(src, sizeof src, "%s/bench.hash", datadir);
    snprintf(dst, sizeof dst, "%s/b%d.hash", dir, k);
    if (symlink(src, dst) != 0 && errno != EEXIST) perror(dst);
}
static const char *ENG(version)(void) { return "bench"; }

#else
#error "define ENGINE_LOKALE, ENGINE_GETTEXT, ENGINE_ICU or ENGINE_HASH"
#endif
