// The text of a locale's plural rules (icu::PluralRules::getRules, which the C API does not
// offer), for LokaleCore's integer evaluator. No C++ exception and no ICU failure leaves this file.
#include "lokale_icu_cxx_shims.h"

#include <unicode/locid.h>
#include <unicode/plurrule.h>

#include <memory>
#include <string>

namespace lokale_icu_cxx {

int32_t cxx_plural_rules_text(const char *locale, int ordinal, char *out, int32_t cap) {
    try {
        if (!locale) return -1;
        UErrorCode err = U_ZERO_ERROR;
        std::unique_ptr<icu::PluralRules> rules(
            icu::PluralRules::forLocale(icu::Locale(locale), ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, err));
        if (U_FAILURE(err) || !rules) return -1;
        std::string text;
        rules->getRules().toUTF8String(text);
        int32_t n = static_cast<int32_t>(text.size());
        if (out && n < cap) {
            text.copy(out, text.size());
            out[n] = 0;
        }
        return n;
    } catch (...) {
        return -1;
    }
}

}  // namespace lokale_icu_cxx
