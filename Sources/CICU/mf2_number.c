#include "lokale_icu_mf2.h"
#include "icu_functions.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* --- formatters by (locale, skeleton) ---------------------------------------------------------
 * Opening a UNumberFormatter parses the skeleton and loads the locale's data: most of the cost of
 * formatting one number. So they are kept, at most LK_MF2_FORMATTERS of them, least recently used
 * out first. A formatter is const once opened (ICU formats from any thread with it, each call
 * with its own UFormattedNumber); a reference count keeps an evicted one alive until its last
 * holder releases it. The lock guards the table and the counts, never a format. */
#define LK_MF2_FORMATTERS 64

struct lk_mf2_formatter {
    UNumberFormatter *formatter;
    uint64_t hash;
    char *locale;
    UChar *skeleton;
    int32_t skeleton_len;
    int32_t refs;      /* holders, the cache included while cached */
    uint64_t last_use; /* the cache's clock at the last acquire */
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static lk_mf2_formatter *cache[LK_MF2_FORMATTERS];
static uint64_t cache_clock;

static uint64_t key_hash(const char *locale, const uint16_t *skeleton, int32_t len) {
    uint64_t h = 1469598103934665603ull;
    for (const char *p = locale; *p; p++) h = (h ^ (uint8_t)*p) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;
    for (int32_t i = 0; i < len; i++) h = (h ^ skeleton[i]) * 1099511628211ull;
    return h;
}

static int same_key(const lk_mf2_formatter *e, uint64_t h, const char *locale, const uint16_t *skeleton, int32_t len) {
    return e->hash == h && e->skeleton_len == len && strcmp(e->locale, locale) == 0 &&
           memcmp(e->skeleton, skeleton, (size_t)len * sizeof(UChar)) == 0;
}

/* An entry exists only when ICU was loaded. */
static void destroy(lk_mf2_formatter *e) {
    lk_icu()->unumf_close(e->formatter);
    free(e->locale);
    free(e->skeleton);
    free(e);
}

/* The cached entry for the key, with a reference for the caller; NULL when absent. Under the lock. */
static lk_mf2_formatter *find_locked(uint64_t h, const char *locale, const uint16_t *skeleton, int32_t len) {
    for (int i = 0; i < LK_MF2_FORMATTERS; i++) {
        lk_mf2_formatter *e = cache[i];
        if (e && same_key(e, h, locale, skeleton, len)) {
            e->refs++;
            e->last_use = ++cache_clock;
            return e;
        }
    }
    return NULL;
}

lk_mf2_formatter *lk_mf2_formatter_acquire(const char *locale, const uint16_t *skeleton, int32_t skeleton_len) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return NULL;
    if (!locale || skeleton_len < 0 || (skeleton_len > 0 && !skeleton)) return NULL;
    uint64_t h = key_hash(locale, skeleton, skeleton_len);
    pthread_mutex_lock(&cache_lock);
    lk_mf2_formatter *found = find_locked(h, locale, skeleton, skeleton_len);
    pthread_mutex_unlock(&cache_lock);
    if (found) return found;
    /* Opened outside the lock: it is the slow part, and other keys need not wait for it. */
    UErrorCode err = U_ZERO_ERROR;
    UNumberFormatter *f = icu->unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeleton_len, lk_icu_safe_locale(icu, locale), &err);
    if (U_FAILURE(err)) {
        if (f) icu->unumf_close(f);
        return NULL;
    }
    lk_mf2_formatter *e = calloc(1, sizeof *e);
    size_t locale_size = strlen(locale) + 1;
    if (e) e->locale = malloc(locale_size);
    if (e) e->skeleton = malloc((size_t)skeleton_len * sizeof(UChar) + 1);
    if (!e || !e->locale || !e->skeleton) {
        if (e) { free(e->locale); free(e->skeleton); free(e); }
        icu->unumf_close(f);
        return NULL;
    }
    memcpy(e->locale, locale, locale_size);
    if (skeleton_len > 0) memcpy(e->skeleton, skeleton, (size_t)skeleton_len * sizeof(UChar));
    e->formatter = f;
    e->hash = h;
    e->skeleton_len = skeleton_len;
    e->refs = 2; /* the caller's and the cache's */
    pthread_mutex_lock(&cache_lock);
    found = find_locked(h, locale, skeleton, skeleton_len); /* another thread opened it meanwhile */
    lk_mf2_formatter *evicted = NULL;
    if (!found) {
        int slot = 0;
        for (int i = 0; i < LK_MF2_FORMATTERS; i++) {
            if (!cache[i]) { slot = i; break; }
            if (cache[i]->last_use < cache[slot]->last_use) slot = i;
        }
        if (cache[slot] && --cache[slot]->refs == 0) evicted = cache[slot];
        e->last_use = ++cache_clock;
        cache[slot] = e;
    }
    pthread_mutex_unlock(&cache_lock);
    if (evicted) destroy(evicted);
    if (found) {
        destroy(e);
        return found;
    }
    return e;
}

void lk_mf2_formatter_release(lk_mf2_formatter *f) {
    if (!f) return;
    pthread_mutex_lock(&cache_lock);
    int last = --f->refs == 0;
    pthread_mutex_unlock(&cache_lock);
    if (last) destroy(f);
}

/* --- one UFormattedNumber per thread ------------------------------------------------------------
 * A result object is a heap allocation ICU reuses from format to format: one per thread, closed
 * when the thread ends. */
static pthread_key_t result_key;
static pthread_once_t result_once = PTHREAD_ONCE_INIT;
static int result_key_ok;

static void close_result(void *r) { lk_icu()->unumf_closeResult((UFormattedNumber *)r); }
static void make_result_key(void) { result_key_ok = pthread_key_create(&result_key, close_result) == 0; }

/* This thread's result object; *owned says the caller must close it (no thread storage). */
static UFormattedNumber *thread_result(const lk_icu_functions *icu, int *owned, UErrorCode *err) {
    pthread_once(&result_once, make_result_key);
    *owned = 0;
    if (result_key_ok) {
        UFormattedNumber *r = pthread_getspecific(result_key);
        if (r) return r;
        r = icu->unumf_openResult(err);
        if (U_FAILURE(*err)) return NULL;
        if (pthread_setspecific(result_key, r) == 0) return r;
        *owned = 1;
        return r;
    }
    *owned = 1;
    return icu->unumf_openResult(err);
}

int32_t lk_mf2_number_format_with(const lk_mf2_formatter *formatter, const char *number, int32_t number_len,
                                  const void *rules, char *keyword, int32_t keyword_cap,
                                  int32_t *fields, int32_t max_fields, int32_t *field_count,
                                  uint16_t *out, int32_t cap) {
    UErrorCode err = U_ZERO_ERROR;
    if (keyword && keyword_cap > 0) keyword[0] = 0;
    if (field_count) *field_count = 0;
    if (!formatter || !number || number_len < 0) return -1;
    const lk_icu_functions *icu = lk_icu(); /* loaded: the formatter is ICU's */
    int owned = 0;
    UFormattedNumber *result = thread_result(icu, &owned, &err);
    if (U_SUCCESS(err)) icu->unumf_formatDecimal(formatter->formatter, number, number_len, result, &err);
    int32_t n = -1;
    if (U_SUCCESS(err)) {
        if (rules && keyword && keyword_cap > 0) {
            UChar k[32];
            UErrorCode kerr = U_ZERO_ERROR;
            int32_t kn = icu->uplrules_selectFormatted((const UPluralRules *)rules, result, k, 32, &kerr);
            if (U_SUCCESS(kerr) && kn > 0 && kn < keyword_cap) {
                for (int32_t i = 0; i < kn; i++) keyword[i] = (char)(k[i] < 0x80 ? k[i] : '?');
                keyword[kn] = 0;
            }
        }
        if (fields && field_count) {
            UErrorCode ferr = U_ZERO_ERROR;
            UFieldPositionIterator *it = icu->ufieldpositer_open(&ferr);
            if (U_SUCCESS(ferr)) icu->unumf_resultGetAllFieldPositions(result, it, &ferr);
            int32_t start = 0, limit = 0, field, count = 0;
            while (U_SUCCESS(ferr) && count < max_fields && (field = icu->ufieldpositer_next(it, &start, &limit)) >= 0) {
                fields[3 * count] = field;
                fields[3 * count + 1] = start;
                fields[3 * count + 2] = limit;
                count++;
            }
            if (it) icu->ufieldpositer_close(it);
            *field_count = count;
        }
        n = lk_icu_needed(icu->unumf_resultToString(result, (UChar *)out, cap, &err), err);
    }
    if (owned && result) icu->unumf_closeResult(result);
    return n;
}

int32_t lk_mf2_number_format(const char *locale, const uint16_t *skeleton, int32_t skeleton_len,
                             const char *number, int32_t number_len,
                             const void *rules, char *keyword, int32_t keyword_cap,
                             int32_t *fields, int32_t max_fields, int32_t *field_count,
                             uint16_t *out, int32_t cap) {
    if (keyword && keyword_cap > 0) keyword[0] = 0;
    if (field_count) *field_count = 0;
    lk_mf2_formatter *f = lk_mf2_formatter_acquire(locale, skeleton, skeleton_len);
    if (!f) return -1;
    int32_t n = lk_mf2_number_format_with(f, number, number_len, rules, keyword, keyword_cap, fields, max_fields,
                                          field_count, out, cap);
    lk_mf2_formatter_release(f);
    return n;
}

int32_t lk_currency_for_locale(const char *locale, uint16_t *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    locale = lk_icu_safe_locale(icu, locale);
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = icu->ucurr_forLocale(locale, (UChar *)out, cap, &err);
    if (U_SUCCESS(err) && n == 3) return n;
    /* ICU reads the region only: a language alone takes its likely one (fr -> fr_Latn_FR). */
    char full[ULOC_FULLNAME_CAPACITY];
    err = U_ZERO_ERROR;
    icu->uloc_addLikelySubtags(locale, full, (int32_t)sizeof full, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) return -1;
    err = U_ZERO_ERROR;
    n = icu->ucurr_forLocale(full, (UChar *)out, cap, &err);
    return U_SUCCESS(err) && n == 3 ? n : -1;
}
