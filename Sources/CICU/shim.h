// ICU's C names are versioned macros (uloc_forLanguageTag -> uloc_forLanguageTag_72) that Swift
// cannot import; these static inline wrappers give Swift stable, unversioned names.
#ifndef LOKALE_CICU_SHIM_H
#define LOKALE_CICU_SHIM_H

#include <unicode/utypes.h>
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/uversion.h>
#include <unicode/ures.h>

static inline int32_t lk_uloc_forLanguageTag(const char *tag, char *out, int32_t cap,
                                             int32_t *parsedLength, UErrorCode *err) {
    return uloc_forLanguageTag(tag, out, cap, parsedLength, err);
}
static inline int32_t lk_uloc_toLanguageTag(const char *locale, char *out, int32_t cap,
                                            UBool strict, UErrorCode *err) {
    return uloc_toLanguageTag(locale, out, cap, strict, err);
}
static inline int32_t lk_uloc_canonicalize(const char *locale, char *out, int32_t cap, UErrorCode *err) {
    return uloc_canonicalize(locale, out, cap, err);
}
static inline int32_t lk_uloc_addLikelySubtags(const char *locale, char *out, int32_t cap, UErrorCode *err) {
    return uloc_addLikelySubtags(locale, out, cap, err);
}
static inline int32_t lk_uloc_getLanguage(const char *locale, char *out, int32_t cap, UErrorCode *err) {
    return uloc_getLanguage(locale, out, cap, err);
}
static inline UPluralRules *lk_uplrules_open(const char *locale, UPluralType type, UErrorCode *err) {
    return uplrules_openForType(locale, type, err);
}
static inline void lk_uplrules_close(UPluralRules *rules) { uplrules_close(rules); }
static inline int32_t lk_uplrules_select(const UPluralRules *rules, double number, UChar *keyword,
                                         int32_t cap, UErrorCode *err) {
    return uplrules_select(rules, number, keyword, cap, err);
}
static inline int32_t lk_uloc_getScript(const char *locale, char *out, int32_t cap, UErrorCode *err) {
    return uloc_getScript(locale, out, cap, err);
}
static inline int32_t lk_uloc_getCountry(const char *locale, char *out, int32_t cap, UErrorCode *err) {
    return uloc_getCountry(locale, out, cap, err);
}
static inline int32_t lk_uloc_getParent(const char *locale, char *out, int32_t cap, UErrorCode *err) {
    return uloc_getParent(locale, out, cap, err);
}
/* The CLDR parent of a locale that has its own data ("%%Parent" of its resource bundle), into
 * out; 0 when the locale has no data or no explicit parent (the parent is then the truncation). */
static inline int32_t lk_cldr_parent(const char *locale, char *out, int32_t cap) {
    UErrorCode err = U_ZERO_ERROR;
    UResourceBundle *res = ures_openDirect(NULL, locale, &err);
    if (U_FAILURE(err) || res == NULL) return 0;
    int32_t len = 0;
    const UChar *parent = ures_getStringByKey(res, "%%Parent", &len, &err);
    int32_t n = 0;
    if (U_SUCCESS(err) && parent != NULL && len < cap) {
        for (; n < len; n++) {
            if (parent[n] > 0x7F) { n = 0; break; }
            out[n] = (char)parent[n];
        }
        out[n] = 0;
    }
    ures_close(res);
    return n;
}
/* Whether ICU has locale data of its own for exactly this locale. */
static inline UBool lk_has_data(const char *locale) {
    UErrorCode err = U_ZERO_ERROR;
    UResourceBundle *res = ures_openDirect(NULL, locale, &err);
    if (res != NULL) ures_close(res);
    return U_SUCCESS(err) && res != NULL;
}
static inline int32_t lk_uloc_getDisplayName(const char *locale, const char *inLocale, UChar *out,
                                             int32_t cap, UErrorCode *err) {
    return uloc_getDisplayName(locale, inLocale, out, cap, err);
}
static inline void lk_u_getVersion(UVersionInfo info) { u_getVersion(info); }
static inline UBool lk_failure(UErrorCode err) { return U_FAILURE(err); }

#endif
