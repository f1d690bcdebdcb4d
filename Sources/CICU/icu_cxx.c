/* lokale_icu_matcher.h's and lk_plural_rules_text's functions, through the C++ shims' table (see
 * lokale_icu_cxx.h): loaded with ICU on first need. */
#include "icu_functions.h"

#include <string.h>

void lk_icu_matcher_options_init(lk_icu_matcher_options *options) {
    if (options == NULL) return;
    options->favor_subtag = LK_ICU_FAVOR_LANGUAGE;
    options->threshold = -1;
    options->max_distance_desired = NULL;
    options->max_distance_supported = NULL;
    options->default_mode = LK_ICU_DEFAULT_FIRST_SUPPORTED;
    options->default_locale = NULL;
    options->demotion = LK_ICU_DEMOTION_REGION;
    options->direction = LK_ICU_DIRECTION_WITH_ONE_WAY;
}

int32_t lk_icu_matcher_create(const char *const *supported, int32_t count,
                              const lk_icu_matcher_options *options, lk_icu_matcher **out) {
    const lk_icu_cxx_functions *c = lk_icu_cxx();
    if (!c) {
        if (out) *out = NULL;
        return LK_ICU_ERR_UNAVAILABLE;
    }
    lk_icu_matcher_options defaults;
    if (options == NULL) {
        lk_icu_matcher_options_init(&defaults);
        options = &defaults;
    }
    return c->matcher_create(supported, count, options, out);
}

/* A matcher or a result exists only when the shims were loaded. */
void lk_icu_matcher_free(lk_icu_matcher *matcher) {
    if (matcher) lk_icu_cxx()->matcher_free(matcher);
}

int32_t lk_icu_matcher_best(const lk_icu_matcher *matcher, const char *const *desired, int32_t count,
                            lk_icu_result **out) {
    if (!matcher) {
        if (out) *out = NULL;
        return LK_ICU_ERR_ARGUMENT;
    }
    return lk_icu_cxx()->matcher_best(matcher, desired, count, out);
}

void lk_icu_result_free(lk_icu_result *result) {
    if (result) lk_icu_cxx()->result_free(result);
}

int32_t lk_icu_result_supported_index(const lk_icu_result *result) {
    return result ? lk_icu_cxx()->result_supported_index(result) : -1;
}

int32_t lk_icu_result_desired_index(const lk_icu_result *result) {
    return result ? lk_icu_cxx()->result_desired_index(result) : -1;
}

int32_t lk_icu_result_locale(const lk_icu_result *result, int32_t which, int32_t form, char *out, int32_t cap,
                             int32_t *length) {
    if (!result) return LK_ICU_ERR_ARGUMENT;
    return lk_icu_cxx()->result_locale(result, which, form, out, cap, length);
}

int32_t lk_icu_locale_string(const char *locale, int32_t form, char *out, int32_t cap, int32_t *length) {
    const lk_icu_cxx_functions *c = lk_icu_cxx();
    return c ? c->locale_string(locale, form, out, cap, length) : LK_ICU_ERR_UNAVAILABLE;
}

int32_t lk_plural_rules_text(const char *locale, int ordinal, char *out, int32_t cap) {
    const lk_icu_cxx_functions *c = lk_icu_cxx();
    return c ? c->plural_rules_text(lk_icu_safe_locale(lk_icu(), locale), ordinal, out, cap) : -1;
}
