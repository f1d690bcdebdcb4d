// The C shim over ICU's C++ icu::LocaleMatcher. See include/lokale_icu_matcher.h for the contract.
// No C++ exception and no ICU failure leaves this file: every entry point catches and returns a
// status code.
#include "lokale_icu_cxx_shims.h"

#include <unicode/localematcher.h>
#include <unicode/locid.h>
#include <unicode/uversion.h>

#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace {

// --- The numeric threshold -------------------------------------------------------------------
// ICU4C keeps the threshold distance in the private LocaleMatcher::Builder::thresholdDistance_
// (ICU4J has internalSetThresholdDistance; ICU4C's own data-driven test skips the @threshold
// cases because it has no setter). The public setMaxDistance(desired, supported) can only express
// thresholds that some locale pair happens to produce. To honour an exact threshold we name the
// private member through an explicit template instantiation, where C++ does not check access
// ([temp.explicit]/12 in C++17): a well-defined way to reach it, tied to the ICU 72 header this is
// compiled against (the same one the library was built from). LocaleMatcher's constructor uses a
// non-negative thresholdDistance_ as is (an exclusive limit on the 0..100 distance scale).
struct ThresholdTag {
    using type = int32_t icu::LocaleMatcher::Builder::*;
    friend type builderThresholdMember(ThresholdTag);
};
template <typename Tag, typename Tag::type Member>
struct MemberAccess {
    friend typename Tag::type builderThresholdMember(Tag) { return Member; }
};
template struct MemberAccess<ThresholdTag, &icu::LocaleMatcher::Builder::thresholdDistance_>;

void setThreshold(icu::LocaleMatcher::Builder &builder, int32_t threshold) {
    builder.*builderThresholdMember(ThresholdTag{}) = threshold > 100 ? 100 : threshold;
}

// --- Helpers -------------------------------------------------------------------------------------

// icu::Locale as ICU's LocaleMatcher test reads list entries (Locale(tag)); false when bogus.
bool parseLocale(const char *s, icu::Locale &out) {
    if (s == nullptr) { return false; }
    out = icu::Locale(s);
    return !out.isBogus();
}

int32_t fromICU(UErrorCode status) {
    if (U_SUCCESS(status)) { return LK_ICU_OK; }
    if (status == U_MEMORY_ALLOCATION_ERROR) { return LK_ICU_ERR_MEMORY; }
    return static_cast<int32_t>(status);
}

// Writes `s` NUL-terminated into out/cap, reporting its length.
int32_t writeString(const std::string &s, char *out, int32_t cap, int32_t *length) {
    int32_t n = static_cast<int32_t>(s.size());
    if (length != nullptr) { *length = n; }
    if (out == nullptr || cap <= n) {
        if (out != nullptr && cap > 0) { out[0] = '\0'; }
        return LK_ICU_ERR_BUFFER;
    }
    std::memcpy(out, s.data(), s.size());
    out[n] = '\0';
    return LK_ICU_OK;
}

int32_t localeString(const icu::Locale &locale, int32_t form, std::string &out) {
    if (form == LK_ICU_FORM_ICU_NAME) {
        out = locale.getName();
        return LK_ICU_OK;
    }
    if (form == LK_ICU_FORM_BCP47) {
        UErrorCode status = U_ZERO_ERROR;
        out = locale.toLanguageTag<std::string>(status);
        return fromICU(status);
    }
    return LK_ICU_ERR_ARGUMENT;
}

}  // namespace

struct lk_icu_matcher {
    icu::LocaleMatcher matcher;
    std::vector<int32_t> supportedIndex;  // the matcher's supported index -> the caller's index

    lk_icu_matcher(icu::LocaleMatcher &&m, std::vector<int32_t> &&indices)
        : matcher(std::move(m)), supportedIndex(std::move(indices)) {}
};

struct lk_icu_result {
    bool hasSupported = false;
    bool hasDesired = false;
    icu::Locale supported;
    icu::Locale desired;
    icu::Locale resolved;
    int32_t supportedIndex = -1;
    int32_t desiredIndex = -1;
    int32_t resolvedStatus = LK_ICU_OK;  // the failure of makeResolvedLocale(), if any
};

namespace lokale_icu_cxx {

int32_t cxx_matcher_create(const char *const *supported, int32_t count,
                           const lk_icu_matcher_options *options, lk_icu_matcher **out) {
    if (out == nullptr) { return LK_ICU_ERR_ARGUMENT; }
    *out = nullptr;
    if (count < 0 || (count > 0 && supported == nullptr) || options == nullptr) { return LK_ICU_ERR_ARGUMENT; }
    try {
        const lk_icu_matcher_options &opts = *options;

        icu::LocaleMatcher::Builder builder;
        std::vector<int32_t> indices;
        for (int32_t i = 0; i < count; ++i) {
            icu::Locale locale;
            if (!parseLocale(supported[i], locale)) { continue; }
            builder.addSupportedLocale(locale);
            indices.push_back(i);
        }

        switch (opts.favor_subtag) {
        case LK_ICU_FAVOR_LANGUAGE: builder.setFavorSubtag(ULOCMATCH_FAVOR_LANGUAGE); break;
        case LK_ICU_FAVOR_SCRIPT: builder.setFavorSubtag(ULOCMATCH_FAVOR_SCRIPT); break;
        default: return LK_ICU_ERR_ARGUMENT;
        }
        switch (opts.demotion) {
        case LK_ICU_DEMOTION_REGION: builder.setDemotionPerDesiredLocale(ULOCMATCH_DEMOTION_REGION); break;
        case LK_ICU_DEMOTION_NONE: builder.setDemotionPerDesiredLocale(ULOCMATCH_DEMOTION_NONE); break;
        default: return LK_ICU_ERR_ARGUMENT;
        }
        switch (opts.direction) {
        case LK_ICU_DIRECTION_WITH_ONE_WAY: builder.setDirection(ULOCMATCH_DIRECTION_WITH_ONE_WAY); break;
        case LK_ICU_DIRECTION_ONLY_TWO_WAY: builder.setDirection(ULOCMATCH_DIRECTION_ONLY_TWO_WAY); break;
        default: return LK_ICU_ERR_ARGUMENT;
        }
        switch (opts.default_mode) {
        case LK_ICU_DEFAULT_FIRST_SUPPORTED: break;
        case LK_ICU_DEFAULT_LOCALE: {
            icu::Locale def;
            if (!parseLocale(opts.default_locale, def)) { return LK_ICU_ERR_LOCALE; }
            builder.setDefaultLocale(&def);  // copied
            break;
        }
        case LK_ICU_DEFAULT_NONE: builder.setNoDefaultLocale(); break;
        default: return LK_ICU_ERR_ARGUMENT;
        }
        if (opts.threshold >= 0) {
            setThreshold(builder, opts.threshold);
        } else if (opts.max_distance_desired != nullptr || opts.max_distance_supported != nullptr) {
            icu::Locale desired, supp;
            if (!parseLocale(opts.max_distance_desired, desired) ||
                    !parseLocale(opts.max_distance_supported, supp)) {
                return LK_ICU_ERR_LOCALE;
            }
            builder.setMaxDistance(desired, supp);
        }

        UErrorCode status = U_ZERO_ERROR;
        icu::LocaleMatcher matcher = builder.build(status);
        if (U_FAILURE(status)) { return fromICU(status); }
        lk_icu_matcher *handle = new (std::nothrow) lk_icu_matcher(std::move(matcher), std::move(indices));
        if (handle == nullptr) { return LK_ICU_ERR_MEMORY; }
        *out = handle;
        return LK_ICU_OK;
    } catch (const std::bad_alloc &) {
        return LK_ICU_ERR_MEMORY;
    } catch (...) {
        return LK_ICU_ERR_EXCEPTION;
    }
}

void cxx_matcher_free(lk_icu_matcher *matcher) {
    try {
        delete matcher;
    } catch (...) {
    }
}

int32_t cxx_matcher_best(const lk_icu_matcher *matcher, const char *const *desired, int32_t count,
                         lk_icu_result **out) {
    if (out == nullptr) { return LK_ICU_ERR_ARGUMENT; }
    *out = nullptr;
    if (matcher == nullptr || count < 0 || (count > 0 && desired == nullptr)) { return LK_ICU_ERR_ARGUMENT; }
    try {
        std::vector<icu::Locale> locales;
        std::vector<int32_t> indices;
        locales.reserve(static_cast<size_t>(count));
        for (int32_t i = 0; i < count; ++i) {
            icu::Locale locale;
            if (!parseLocale(desired[i], locale)) { continue; }
            locales.push_back(locale);
            indices.push_back(i);
        }
        UErrorCode status = U_ZERO_ERROR;
        icu::Locale::RangeIterator<std::vector<icu::Locale>::const_iterator> iter(locales.cbegin(), locales.cend());
        icu::LocaleMatcher::Result result = matcher->matcher.getBestMatchResult(iter, status);
        if (U_FAILURE(status)) { return fromICU(status); }

        lk_icu_result *r = new (std::nothrow) lk_icu_result();
        if (r == nullptr) { return LK_ICU_ERR_MEMORY; }
        if (const icu::Locale *s = result.getSupportedLocale()) {
            r->hasSupported = true;
            r->supported = *s;
        }
        if (const icu::Locale *d = result.getDesiredLocale()) {
            r->hasDesired = true;
            r->desired = *d;
        }
        int32_t si = result.getSupportedIndex();
        r->supportedIndex = si >= 0 && si < static_cast<int32_t>(matcher->supportedIndex.size())
            ? matcher->supportedIndex[static_cast<size_t>(si)] : -1;
        int32_t di = result.getDesiredIndex();
        r->desiredIndex = di >= 0 && di < static_cast<int32_t>(indices.size())
            ? indices[static_cast<size_t>(di)] : -1;
        // makeResolvedLocale() can fail where the query did not (en-Latn-US + en-GB-oed: a 3-letter
        // variant that its LocaleBuilder rejects); only that locale of the result is then missing.
        UErrorCode resolvedStatus = U_ZERO_ERROR;
        r->resolved = result.makeResolvedLocale(resolvedStatus);
        r->resolvedStatus = fromICU(resolvedStatus);
        *out = r;
        return LK_ICU_OK;
    } catch (const std::bad_alloc &) {
        return LK_ICU_ERR_MEMORY;
    } catch (...) {
        return LK_ICU_ERR_EXCEPTION;
    }
}

void cxx_result_free(lk_icu_result *result) {
    try {
        delete result;
    } catch (...) {
    }
}

int32_t cxx_result_supported_index(const lk_icu_result *result) {
    return result != nullptr ? result->supportedIndex : -1;
}

int32_t cxx_result_desired_index(const lk_icu_result *result) {
    return result != nullptr ? result->desiredIndex : -1;
}

int32_t cxx_result_locale(const lk_icu_result *result, int32_t which, int32_t form,
                          char *out, int32_t cap, int32_t *length) {
    if (result == nullptr) { return LK_ICU_ERR_ARGUMENT; }
    try {
        const icu::Locale *locale = nullptr;
        switch (which) {
        case LK_ICU_RESULT_SUPPORTED: locale = result->hasSupported ? &result->supported : nullptr; break;
        case LK_ICU_RESULT_DESIRED: locale = result->hasDesired ? &result->desired : nullptr; break;
        // makeResolvedLocale() of a result without a supported locale is the root locale; report
        // it as absent like the supported locale.
        case LK_ICU_RESULT_RESOLVED:
            if (result->hasSupported && result->resolvedStatus != LK_ICU_OK) { return result->resolvedStatus; }
            locale = result->hasSupported ? &result->resolved : nullptr;
            break;
        default: return LK_ICU_ERR_ARGUMENT;
        }
        if (locale == nullptr) {
            if (length != nullptr) { *length = -1; }
            if (out != nullptr && cap > 0) { out[0] = '\0'; }
            return LK_ICU_OK;
        }
        std::string s;
        int32_t status = localeString(*locale, form, s);
        if (status != LK_ICU_OK) { return status; }
        return writeString(s, out, cap, length);
    } catch (const std::bad_alloc &) {
        return LK_ICU_ERR_MEMORY;
    } catch (...) {
        return LK_ICU_ERR_EXCEPTION;
    }
}

int32_t cxx_locale_string(const char *locale, int32_t form, char *out, int32_t cap, int32_t *length) {
    try {
        icu::Locale l;
        if (!parseLocale(locale, l)) { return LK_ICU_ERR_LOCALE; }
        std::string s;
        int32_t status = localeString(l, form, s);
        if (status != LK_ICU_OK) { return status; }
        return writeString(s, out, cap, length);
    } catch (const std::bad_alloc &) {
        return LK_ICU_ERR_MEMORY;
    } catch (...) {
        return LK_ICU_ERR_EXCEPTION;
    }
}

}  // namespace lokale_icu_cxx
