#include "lokale_icu.h"
#include "icu_functions.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ICU's result convention -> ours: the length when it succeeded and fits with its NUL, else -1. */
static int32_t fit(int32_t n, int32_t cap, UErrorCode err) {
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING || n < 0 || n >= cap) return -1;
    return n;
}

int32_t lk_loc_for_language_tag(const char *tag, char *out, int32_t cap, int32_t *parsed) {
    if (parsed) *parsed = 0;
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    int32_t used = 0;
    int32_t n = icu->uloc_forLanguageTag(tag, out, cap, &used, &err);
    if (parsed) *parsed = used;
    return fit(n, cap, err);
}

int32_t lk_loc_to_language_tag(const char *locale, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    return fit(icu->uloc_toLanguageTag(locale, out, cap, 1, &err), cap, err);
}

int32_t lk_loc_add_likely_subtags(const char *locale, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    return fit(icu->uloc_addLikelySubtags(locale, out, cap, &err), cap, err);
}

int32_t lk_loc_language(const char *locale, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    return fit(icu->uloc_getLanguage(locale, out, cap, &err), cap, err);
}

int32_t lk_loc_script(const char *locale, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    return fit(icu->uloc_getScript(locale, out, cap, &err), cap, err);
}

int32_t lk_loc_region(const char *locale, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    return fit(icu->uloc_getCountry(locale, out, cap, &err), cap, err);
}

int32_t lk_loc_parent(const char *locale, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    return fit(icu->uloc_getParent(locale, out, cap, &err), cap, err);
}

int32_t lk_loc_cldr_parent(const char *locale, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return 0;
    UErrorCode err = U_ZERO_ERROR;
    UResourceBundle *res = icu->ures_openDirect(NULL, locale, &err);
    if (U_FAILURE(err) || res == NULL) return 0;
    int32_t len = 0, n = 0;
    const UChar *parent = icu->ures_getStringByKey(res, "%%Parent", &len, &err);
    if (U_SUCCESS(err) && parent != NULL && len < cap) {
        for (; n < len; n++) {
            if (parent[n] > 0x7F) { n = 0; break; }
            out[n] = (char)parent[n];
        }
        out[n] = 0;
    }
    icu->ures_close(res);
    return n;
}

int32_t lk_installed_locales(char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    UEnumeration *names = icu->uloc_openAvailableByType(ULOC_AVAILABLE_WITH_LEGACY_ALIASES, &err);
    if (U_FAILURE(err)) {
        if (names) icu->uenum_close(names);
        return -1;
    }
    int32_t used = 0, n = 0;
    const char *name;
    while ((name = icu->uenum_next(names, &n, &err)) != NULL && U_SUCCESS(err)) {
        if (out && used + n + 1 < cap) {
            memcpy(out + used, name, (size_t)n);
            out[used + n] = ' ';
        }
        used += n + 1;
    }
    icu->uenum_close(names);
    if (U_FAILURE(err)) return -1;
    if (out && used < cap) out[used] = 0;
    return used;
}

int lk_loc_has_data(const char *locale) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return 0;
    UErrorCode err = U_ZERO_ERROR;
    UResourceBundle *res = icu->ures_openDirect(NULL, locale, &err);
    if (res != NULL) icu->ures_close(res);
    return U_SUCCESS(err) && res != NULL;
}

int32_t lk_loc_display_name(const char *locale, const char *display_locale, uint16_t *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    return fit(icu->uloc_getDisplayName(locale, display_locale, (UChar *)out, cap, &err), cap, err);
}

void *lk_plural_open(const char *locale, int ordinal) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return NULL;
    UErrorCode err = U_ZERO_ERROR;
    UPluralRules *rules = icu->uplrules_openForType(lk_icu_safe_locale(icu, locale), ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &err);
    if (U_FAILURE(err)) {
        if (rules) icu->uplrules_close(rules);
        return NULL;
    }
    return rules;
}

void lk_plural_close(void *rules) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return;
    if (rules) icu->uplrules_close((UPluralRules *)rules);
}

/* Keywords are ASCII: copy them out of UTF-16. */
static int32_t ascii(const UChar *keyword, int32_t n, char *out, int32_t cap) {
    if (n <= 0 || n >= cap) return -1;
    for (int32_t i = 0; i < n; i++) {
        if (keyword[i] > 0x7F) return -1;
        out[i] = (char)keyword[i];
    }
    out[n] = 0;
    return n;
}

int32_t lk_plural_keywords(const void *rules, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    UEnumeration *keywords = icu->uplrules_getKeywords((const UPluralRules *)rules, &err);
    if (U_FAILURE(err) || keywords == NULL || cap <= 0) {
        if (keywords) icu->uenum_close(keywords);
        return -1;
    }
    int32_t used = 0, n = 0;
    const char *k;
    out[0] = 0;
    while ((k = icu->uenum_next(keywords, &n, &err)) != NULL && U_SUCCESS(err)) {
        if (used + (used > 0) + n >= cap) { used = -1; break; }
        if (used > 0) out[used++] = ' ';
        for (int32_t i = 0; i < n; i++) out[used++] = k[i];
        out[used] = 0;
    }
    icu->uenum_close(keywords);
    return U_FAILURE(err) ? -1 : used;
}

int32_t lk_plural_select(const void *rules, double number, char *keyword, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UChar buffer[32];
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = icu->uplrules_select((const UPluralRules *)rules, number, buffer, 32, &err);
    return U_FAILURE(err) ? -1 : ascii(buffer, n, keyword, cap);
}

void *lk_number_formatter_open(const char *locale, int32_t fraction_digits) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return NULL;
    UChar skeleton[40];
    int32_t n = 0;
    if (fraction_digits <= 0) {
        const char *integer = "precision-integer";
        for (; integer[n]; n++) skeleton[n] = (UChar)integer[n];
    } else {
        if (fraction_digits > 30) return NULL;
        skeleton[n++] = '.';
        for (int32_t i = 0; i < fraction_digits; i++) skeleton[n++] = '0';
    }
    UErrorCode err = U_ZERO_ERROR;
    UNumberFormatter *f = icu->unumf_openForSkeletonAndLocale(skeleton, n, lk_icu_safe_locale(icu, locale), &err);
    if (U_FAILURE(err)) {
        if (f) icu->unumf_close(f);
        return NULL;
    }
    return f;
}

void lk_number_formatter_close(void *formatter) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return;
    if (formatter) icu->unumf_close((UNumberFormatter *)formatter);
}

int32_t lk_plural_select_decimal(const void *rules, const void *formatter, const char *number,
                                 int32_t length, char *keyword, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    UFormattedNumber *result = icu->unumf_openResult(&err);
    if (U_FAILURE(err)) return -1;
    icu->unumf_formatDecimal((const UNumberFormatter *)formatter, number, length, result, &err);
    UChar buffer[32];
    int32_t n = 0;
    if (U_SUCCESS(err)) n = icu->uplrules_selectFormatted((const UPluralRules *)rules, result, buffer, 32, &err);
    icu->unumf_closeResult(result);
    return U_FAILURE(err) ? -1 : ascii(buffer, n, keyword, cap);
}

void lk_number_symbols(const char *locale, uint16_t *out, int32_t cap, int32_t lengths[3]) {
    lengths[0] = lengths[1] = lengths[2] = -1;
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return;
    locale = lk_icu_safe_locale(icu, locale);
    UErrorCode err = U_ZERO_ERROR;
    UNumberingSystem *system = icu->unumsys_open(locale, &err);
    if (U_FAILURE(err)) return;
    int algorithmic = icu->unumsys_isAlgorithmic(system);
    icu->unumsys_close(system);
    if (algorithmic) return; /* a rule-based format, without these symbols */
    /* A pattern format is the locale's DecimalFormatSymbols, built without ICU's NumberFormat
     * caches: UNUM_DECIMAL goes through one (numbering systems by locale) that never evicts. */
    static const UChar pattern[] = {'#', ',', '#', '#', '0', '.', '#', '#', '#', 0};
    UNumberFormat *f = icu->unum_open(UNUM_PATTERN_DECIMAL, pattern, -1, locale, NULL, &err);
    if (U_FAILURE(err)) {
        if (f) icu->unum_close(f);
        return;
    }
    static const UNumberFormatSymbol symbols[3] = {
        UNUM_DECIMAL_SEPARATOR_SYMBOL, UNUM_GROUPING_SEPARATOR_SYMBOL, UNUM_ZERO_DIGIT_SYMBOL,
    };
    for (int i = 0; i < 3; i++) {
        err = U_ZERO_ERROR;
        int32_t n = icu->unum_getSymbol(f, symbols[i], (UChar *)out + (ptrdiff_t)i * cap, cap, &err);
        lengths[i] = fit(n, cap, err);
    }
    icu->unum_close(f);
}

/* Group lengths of a formatted number, read back from the right: how ICU's modern formatter (the
 * locale's pattern, CLDR's minimumGroupingDigits) lays out the integer digits. Reading the output
 * rather than the pattern resources keeps ICU's own fallback (numbering system, parent locales). */
static int32_t group_lengths(const lk_icu_functions *icu, const UNumberFormatter *f, int64_t value, int32_t *groups, int32_t max) {
    UErrorCode err = U_ZERO_ERROR;
    UFormattedNumber *result = icu->unumf_openResult(&err);
    UChar buffer[64];
    int32_t n = 0, count = 0;
    if (U_SUCCESS(err)) icu->unumf_formatInt(f, value, result, &err);
    if (U_SUCCESS(err)) n = icu->unumf_resultToString(result, buffer, 64, &err);
    icu->unumf_closeResult(result);
    if (U_FAILURE(err) || n <= 0 || n >= 64) return 0;
    int32_t run = 0, i = n;
    while (i > 0) {
        UChar32 c;
        U16_PREV(buffer, 0, i, c);
        if (icu->u_charDigitValue(c) >= 0) {
            run++;
        } else if (run > 0) {
            if (count < max) groups[count++] = run;
            run = 0;
        }
    }
    if (run > 0 && count < max) groups[count++] = run;
    return count;
}

void lk_number_grouping(const char *locale, int32_t sizes[3]) {
    sizes[0] = sizes[1] = 0;
    sizes[2] = 1;
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return;
    UErrorCode err = U_ZERO_ERROR;
    static const UChar none[1] = {0};
    UNumberFormatter *f = icu->unumf_openForSkeletonAndLocale(none, 0, lk_icu_safe_locale(icu, locale), &err);
    if (U_FAILURE(err)) {
        if (f) icu->unumf_close(f);
        return;
    }
    int32_t groups[8];
    if (group_lengths(icu, f, INT64_C(1234567890123), groups, 8) >= 3) {
        sizes[0] = groups[0];
        sizes[1] = groups[1];
        /* The smallest power of ten that is grouped gives the minimum grouping digits. */
        for (int32_t m = 1; m <= 4; m++) {
            int64_t v = 1;
            for (int32_t k = 0; k < sizes[0] + m - 1; k++) v *= 10;
            if (group_lengths(icu, f, v, groups, 8) > 1) {
                sizes[2] = m;
                break;
            }
        }
    }
    icu->unumf_close(f);
}

void *lk_key_collator_open(void) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return NULL;
    UErrorCode err = U_ZERO_ERROR;
    UCollator *c = icu->ucol_open("", &err);
    if (U_FAILURE(err)) {
        if (c) icu->ucol_close(c);
        return NULL;
    }
    icu->ucol_setAttribute(c, UCOL_NUMERIC_COLLATION, UCOL_ON, &err);
    icu->ucol_setAttribute(c, UCOL_STRENGTH, UCOL_SECONDARY, &err);
    if (U_FAILURE(err)) {
        icu->ucol_close(c);
        return NULL;
    }
    return c;
}

void lk_key_collator_close(void *collator) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return;
    if (collator) icu->ucol_close((UCollator *)collator);
}

int lk_key_collator_compare(const void *collator, const char *a, int32_t alen, const char *b, int32_t blen) {
    UErrorCode err = U_ZERO_ERROR;
    UCollationResult r = UCOL_EQUAL;
    /* A collator exists only when ICU was loaded. */
    if (collator) r = lk_icu()->ucol_strcollUTF8((const UCollator *)collator, a, alen, b, blen, &err);
    if (U_SUCCESS(err) && r != UCOL_EQUAL) return r == UCOL_LESS ? -1 : 1;
    /* Forced ordering: equal under the collator (or no collator) falls back to the bytes. */
    int32_t n = alen < blen ? alen : blen;
    for (int32_t i = 0; i < n; i++) {
        if (a[i] != b[i]) return (unsigned char)a[i] < (unsigned char)b[i] ? -1 : 1;
    }
    return alen < blen ? -1 : alen > blen ? 1 : 0;
}

int32_t lk_icu_version(void) { return U_ICU_VERSION_MAJOR_NUM; }

int32_t lk_to_upper(const char *locale, const char *src, int32_t n, char *dst, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    UErrorCode err = U_ZERO_ERROR;
    UCaseMap *map = icu->ucasemap_open(lk_icu_safe_locale(icu, locale), 0, &err);
    if (U_FAILURE(err)) return -1;
    int32_t needed = icu->ucasemap_utf8ToUpper(map, dst, cap, src, n, &err);
    icu->ucasemap_close(map);
    return U_FAILURE(err) && err != U_BUFFER_OVERFLOW_ERROR ? -1 : needed;
}

/* Opening the compound transform costs about a millisecond: one for the process, used under a lock
 * (a transliterator is not safe to share between threads). */
static pthread_mutex_t ascii_lock = PTHREAD_MUTEX_INITIALIZER;
static UTransliterator *ascii_transform = NULL;

int32_t lk_to_ascii(const char *src, int32_t n, char *dst, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    static const char id[] = "Any-Latin; Latin-ASCII";
    UChar uid[sizeof id];
    for (size_t i = 0; i < sizeof id; i++) uid[i] = (UChar)id[i];
    UErrorCode err = U_ZERO_ERROR;
    int32_t length = 0;
    icu->u_strFromUTF8(NULL, 0, &length, src, n, &err);
    if (err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(err)) return -1;
    err = U_ZERO_ERROR;
    /* Room for growth: a letter can become several ("ß" is "ss", "Щ" is "Shch"). */
    int32_t capacity = length * 4 + 16;
    UChar *text = (UChar *)malloc(sizeof(UChar) * (size_t)capacity);
    if (text == NULL) return -1;
    icu->u_strFromUTF8(text, capacity, &length, src, n, &err);
    int32_t limit = length, needed = -1;
    pthread_mutex_lock(&ascii_lock);
    if (ascii_transform == NULL && U_SUCCESS(err)) ascii_transform = icu->utrans_openU(uid, -1, UTRANS_FORWARD, NULL, 0, NULL, &err);
    if (U_SUCCESS(err)) icu->utrans_transUChars(ascii_transform, text, &length, capacity, 0, &limit, &err);
    pthread_mutex_unlock(&ascii_lock);
    if (U_SUCCESS(err)) {
        icu->u_strToUTF8(dst, cap, &needed, text, length, &err);
        if (U_FAILURE(err) && err != U_BUFFER_OVERFLOW_ERROR) needed = -1;
    }
    free(text);
    return needed;
}
