// The C++ shims as one table (lokale_icu_cxx.h): the one symbol liblokale-icu.so exports.
#include "lokale_icu_cxx_shims.h"

#include <unicode/uversion.h>

using namespace lokale_icu_cxx;

extern "C" __attribute__((visibility("default"))) const lk_icu_cxx_functions *lk_icu_cxx_table(void) {
    static const lk_icu_cxx_functions table = {
        LK_ICU_CXX_VERSION, U_ICU_VERSION_MAJOR_NUM,
        cxx_matcher_create, cxx_matcher_free, cxx_matcher_best, cxx_result_free,
        cxx_result_supported_index, cxx_result_desired_index, cxx_result_locale, cxx_locale_string,
        cxx_plural_rules_text,
    };
    return &table;
}
