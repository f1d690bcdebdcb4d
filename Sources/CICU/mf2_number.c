#include "lokale_icu_mf2.h"

#include <unicode/ufieldpositer.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>

/* ICU's result convention -> ours: the length needed, or -1 on a real failure. */
static int32_t needed(int32_t n, UErrorCode err) {
    if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) return n;
    return U_FAILURE(err) ? -1 : n;
}

int32_t lk_mf2_number_format(const char *locale, const uint16_t *skeleton, int32_t skeleton_len,
                             const char *number, int32_t number_len,
                             const void *rules, char *keyword, int32_t keyword_cap,
                             int32_t *fields, int32_t max_fields, int32_t *field_count,
                             uint16_t *out, int32_t cap) {
    UErrorCode err = U_ZERO_ERROR;
    if (keyword && keyword_cap > 0) keyword[0] = 0;
    if (field_count) *field_count = 0;
    UNumberFormatter *f = unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeleton_len, locale, &err);
    if (U_FAILURE(err)) {
        if (f) unumf_close(f);
        return -1;
    }
    UFormattedNumber *result = unumf_openResult(&err);
    if (U_SUCCESS(err)) unumf_formatDecimal(f, number, number_len, result, &err);
    int32_t n = -1;
    if (U_SUCCESS(err)) {
        if (rules && keyword && keyword_cap > 0) {
            UChar k[32];
            UErrorCode kerr = U_ZERO_ERROR;
            int32_t kn = uplrules_selectFormatted((const UPluralRules *)rules, result, k, 32, &kerr);
            if (U_SUCCESS(kerr) && kn > 0 && kn < keyword_cap) {
                for (int32_t i = 0; i < kn; i++) keyword[i] = (char)(k[i] < 0x80 ? k[i] : '?');
                keyword[kn] = 0;
            }
        }
        if (fields && field_count) {
            UErrorCode ferr = U_ZERO_ERROR;
            UFieldPositionIterator *it = ufieldpositer_open(&ferr);
            if (U_SUCCESS(ferr)) unumf_resultGetAllFieldPositions(result, it, &ferr);
            int32_t start = 0, limit = 0, field, count = 0;
            while (U_SUCCESS(ferr) && count < max_fields && (field = ufieldpositer_next(it, &start, &limit)) >= 0) {
                fields[3 * count] = field;
                fields[3 * count + 1] = start;
                fields[3 * count + 2] = limit;
                count++;
            }
            if (it) ufieldpositer_close(it);
            *field_count = count;
        }
        n = needed(unumf_resultToString(result, (UChar *)out, cap, &err), err);
    }
    if (result) unumf_closeResult(result);
    unumf_close(f);
    return n;
}
