#include "lokale_icu_matcher.h"
#include <unicode/uversion.h>

extern "C" int lk_matcher_icu_version(void) { return U_ICU_VERSION_MAJOR_NUM; }
