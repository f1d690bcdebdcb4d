#include "lokale_icu_mf2.h"
#include "icu_functions.h"

int32_t lk_mf2_date_format(const char *locale, int32_t date_style, int32_t time_style,
                           const uint16_t *skeleton, int32_t skeleton_len, int skeleton_is_pattern,
                           const uint16_t *zone, int32_t zone_len, double millis,
                           uint16_t *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return -1;
    locale = lk_icu_safe_locale(icu, locale);
    static const UChar utc[] = {'U', 'T', 'C'};
    const UChar *z = zone_len > 0 ? (const UChar *)zone : utc;
    int32_t zlen = zone_len > 0 ? zone_len : 3;
    UErrorCode err = U_ZERO_ERROR;
    UChar pattern[128];
    const UChar *p = pattern;
    int32_t plen = -1;
    if (skeleton_len > 0 && skeleton_is_pattern) {
        p = (const UChar *)skeleton;
        plen = skeleton_len;
    } else if (skeleton_len > 0) {
        UDateTimePatternGenerator *g = icu->udatpg_open(locale, &err);
        if (U_SUCCESS(err)) plen = icu->udatpg_getBestPattern(g, (const UChar *)skeleton, skeleton_len, pattern, 128, &err);
        if (g) icu->udatpg_close(g);
        if (U_FAILURE(err) || plen < 0 || plen >= 128) return -1;
    }
    UDateFormat *d = plen >= 0
        ? icu->udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, z, zlen, p, plen, &err)
        : icu->udat_open((UDateFormatStyle)time_style, (UDateFormatStyle)date_style, locale, z, zlen, NULL, 0, &err);
    if (U_FAILURE(err)) {
        if (d) icu->udat_close(d);
        return -1;
    }
    int32_t n = lk_icu_needed(icu->udat_format(d, millis, (UChar *)out, cap, NULL, &err), err);
    icu->udat_close(d);
    return n;
}

int lk_mf2_locale_is_rtl(const char *locale) {
    const lk_icu_functions *icu = lk_icu();
    if (!icu) return 0;
    return icu->uloc_isRightToLeft(locale) ? 1 : 0;
}
