// C interface to ICU's C++ icu::LocaleMatcher (CLDR's locale matching), for LokaleCore.
#ifndef LOKALE_ICU_MATCHER_H
#define LOKALE_ICU_MATCHER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Placeholder until the shim is written. */
int lk_matcher_icu_version(void);

#ifdef __cplusplus
}
#endif

#endif
