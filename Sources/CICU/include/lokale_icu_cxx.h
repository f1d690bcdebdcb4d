/*
 * The C++ shims (CICUCxx: icu::LocaleMatcher and icu::PluralRules::getRules, which ICU's C API does
 * not offer) as one table of functions, so that CICU reaches them the way it reaches ICU: either
 * linked into the program with the rest of Lokale, or from liblokale-icu.so, which liblokale.so
 * loads with ICU on first need. The functions behind the table are the ones declared in
 * lokale_icu_matcher.h and lokale_icu_mf2.h; CICU defines those names, and calls through here.
 */
#ifndef LOKALE_ICU_CXX_H
#define LOKALE_ICU_CXX_H

#include <stdint.h>

#include "lokale_icu_matcher.h"
#include "lokale_icu_mf2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Raised when the table's layout changes: a liblokale-icu.so of another layout is not used. */
#define LK_ICU_CXX_VERSION 1

typedef struct lk_icu_cxx_functions {
    int32_t version;   /* LK_ICU_CXX_VERSION */
    int32_t icu_major; /* the ICU the shims were built with */
    __typeof__(lk_icu_matcher_create) *matcher_create;
    __typeof__(lk_icu_matcher_free) *matcher_free;
    __typeof__(lk_icu_matcher_best) *matcher_best;
    __typeof__(lk_icu_result_free) *result_free;
    __typeof__(lk_icu_result_supported_index) *result_supported_index;
    __typeof__(lk_icu_result_desired_index) *result_desired_index;
    __typeof__(lk_icu_result_locale) *result_locale;
    __typeof__(lk_icu_locale_string) *locale_string;
    __typeof__(lk_plural_rules_text) *plural_rules_text;
} lk_icu_cxx_functions;

/* The table, defined by CICUCxx (the symbol liblokale-icu.so exports). */
const lk_icu_cxx_functions *lk_icu_cxx_table(void);

#ifdef __cplusplus
}
#endif

#endif
