// ICU4C's umsg_format with a run-time list of arguments, for differential tests (lokale_icu_umsg.h).
// umsg_format is variadic and reads each argument with the C type the pattern gives it, so the call
// is built with a template that appends one typed argument per kind.
#include "lokale_icu_umsg.h"
#include "icu_functions.h"

#include <vector>

namespace {

struct Call {
    UMessageFormat *format;
    UChar *out;
    int32_t cap;
    UErrorCode *err;
    const char *kinds;
    const double *numbers;
    const UChar *const *strings;
};

template <int N, typename... A>
int32_t dispatch(const Call &c, A... args) {
    if constexpr (N < LK_UMSG_MAX_ARGS) {
        switch (c.kinds[N]) {
        case 'd':
        case 't': return dispatch<N + 1>(c, args..., c.numbers[N]);
        case 'i': return dispatch<N + 1>(c, args..., static_cast<int32_t>(c.numbers[N]));
        case 's': return dispatch<N + 1>(c, args..., c.strings[N]);
        default: break;
        }
    }
    return lk_icu()->umsg_format(c.format, c.out, c.cap, c.err, args...);
}

}  // namespace

int32_t lk_umsg_format(const char *pattern, const char *locale, const char *kinds, const double *numbers,
                       const char *const *strings, char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (icu == nullptr) return -1;
    UErrorCode err = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    icu->ucal_setDefaultTimeZone(utc, &err);
    std::vector<UChar> upattern(4096);
    int32_t n = 0;
    icu->u_strFromUTF8(upattern.data(), 4096, &n, pattern, -1, &err);
    if (U_FAILURE(err) || n >= 4096) return -1;
    UChar ustrings[LK_UMSG_MAX_ARGS][256] = {};
    const UChar *sp[LK_UMSG_MAX_ARGS] = {};
    for (int k = 0; kinds[k] && k < LK_UMSG_MAX_ARGS; k++) {
        if (kinds[k] != 's') continue;
        icu->u_strFromUTF8(ustrings[k], 255, nullptr, strings[k], -1, &err);
        sp[k] = ustrings[k];
    }
    if (U_FAILURE(err)) return -2;
    UParseError parse;
    UMessageFormat *format = icu->umsg_open(upattern.data(), n, lk_icu_safe_locale(icu, locale), &parse, &err);
    if (U_FAILURE(err)) return -1;
    std::vector<UChar> result(4096);
    Call call{format, result.data(), 4096, &err, kinds, numbers, sp};
    int32_t len = dispatch<0>(call);
    icu->umsg_close(format);
    if (U_FAILURE(err) || len >= 4096) return -2;
    int32_t written = 0;
    icu->u_strToUTF8(out, cap, &written, result.data(), len, &err);
    if (U_FAILURE(err) || written >= cap) return -3;
    return written;
}

int32_t lk_unum_format(int32_t style, const char *locale, const char *currency, int32_t decimals, double value,
                       char *out, int32_t cap) {
    const lk_icu_functions *icu = lk_icu();
    if (icu == nullptr) return -1;
    locale = lk_icu_safe_locale(icu, locale);
    UErrorCode err = U_ZERO_ERROR;
    char full[ULOC_FULLNAME_CAPACITY];
    if (currency == nullptr) {
        icu->uloc_addLikelySubtags(locale, full, (int32_t)sizeof full, &err);
        if (U_FAILURE(err)) return -1;
        locale = full;
    }
    UNumberFormat *f = icu->unum_open((UNumberFormatStyle)style, nullptr, 0, locale, nullptr, &err);
    if (U_FAILURE(err)) return -1;
    if (currency != nullptr && *currency != 0) {
        UChar code[4] = {};
        icu->u_charsToUChars(currency, code, 3);
        icu->unum_setTextAttribute(f, UNUM_CURRENCY_CODE, code, 3, &err);
    }
    if (decimals >= 0) {
        icu->unum_setAttribute(f, UNUM_MIN_FRACTION_DIGITS, decimals);
        icu->unum_setAttribute(f, UNUM_MAX_FRACTION_DIGITS, decimals);
    }
    UChar result[512];
    int32_t len = icu->unum_formatDouble(f, value, result, 512, nullptr, &err);
    icu->unum_close(f);
    if (U_FAILURE(err) || len >= 512) return -1;
    int32_t written = 0;
    icu->u_strToUTF8(out, cap, &written, result, len, &err);
    return U_FAILURE(err) || written >= cap ? -1 : written;
}
