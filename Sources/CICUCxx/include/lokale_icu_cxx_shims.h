// The C++ shims' functions, each the implementation of the C function of the same name without
// the cxx_ prefix (lokale_icu_matcher.h, lokale_icu_mf2.h); table.cpp hands them to CICU. C++ only
// (nothing here is for Swift, which reaches them through CICU).
#ifndef LOKALE_ICU_CXX_SHIMS_H
#define LOKALE_ICU_CXX_SHIMS_H

#include "lokale_icu_cxx.h"

#ifdef __cplusplus
namespace lokale_icu_cxx {

__typeof__(lk_icu_matcher_create) cxx_matcher_create;
__typeof__(lk_icu_matcher_free) cxx_matcher_free;
__typeof__(lk_icu_matcher_best) cxx_matcher_best;
__typeof__(lk_icu_result_free) cxx_result_free;
__typeof__(lk_icu_result_supported_index) cxx_result_supported_index;
__typeof__(lk_icu_result_desired_index) cxx_result_desired_index;
__typeof__(lk_icu_result_locale) cxx_result_locale;
__typeof__(lk_icu_locale_string) cxx_locale_string;
__typeof__(lk_plural_rules_text) cxx_plural_rules_text;

}  // namespace lokale_icu_cxx
#endif

#endif
