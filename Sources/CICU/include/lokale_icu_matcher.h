// C interface to ICU's C++ icu::LocaleMatcher (CLDR's locale matching), for LokaleCore.
//
// Everything here is plain C: opaque handles, C strings, int32_t status codes. No C++ exception or
// ICU error crosses this interface; every function that can fail returns a status (LK_ICU_OK = 0,
// a negative LK_ICU_* code, or a positive ICU UErrorCode value).
//
// Locale strings are read the way ICU's own LocaleMatcher tests read them, with icu::Locale's
// constructor: BCP 47 tags (`fr-BE-fonipa`, `en-GB-u-sd-gbsct`) and ICU ids (`zh_Hant_TW`) both work.
#ifndef LOKALE_ICU_MATCHER_H
#define LOKALE_ICU_MATCHER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. Positive values are ICU UErrorCode failures passed through. */
#define LK_ICU_OK 0
#define LK_ICU_ERR_ARGUMENT (-1)   /* NULL where a value is required, count < 0, bad option value */
#define LK_ICU_ERR_LOCALE (-2)     /* a locale string ICU cannot parse (bogus) where one is required */
#define LK_ICU_ERR_BUFFER (-3)     /* the output buffer is too small; *length holds the size needed */
#define LK_ICU_ERR_MEMORY (-4)     /* allocation failed */
#define LK_ICU_ERR_EXCEPTION (-5)  /* a C++ exception was caught */
#define LK_ICU_ERR_UNAVAILABLE (-6) /* ICU, or the C++ shims (liblokale-icu.so), could not be loaded */

/* favor_subtag */
#define LK_ICU_FAVOR_LANGUAGE 0    /* "normal": ULOCMATCH_FAVOR_LANGUAGE */
#define LK_ICU_FAVOR_SCRIPT 1      /* ULOCMATCH_FAVOR_SCRIPT */
/* default_mode */
#define LK_ICU_DEFAULT_FIRST_SUPPORTED 0 /* ICU's default: the first supported locale */
#define LK_ICU_DEFAULT_LOCALE 1          /* default_locale (Builder::setDefaultLocale) */
#define LK_ICU_DEFAULT_NONE 2            /* no default: no match is reported as none */
/* demotion */
#define LK_ICU_DEMOTION_REGION 0   /* ULOCMATCH_DEMOTION_REGION (ICU's default) */
#define LK_ICU_DEMOTION_NONE 1     /* ULOCMATCH_DEMOTION_NONE */
/* direction */
#define LK_ICU_DIRECTION_WITH_ONE_WAY 0 /* ULOCMATCH_DIRECTION_WITH_ONE_WAY (ICU's default) */
#define LK_ICU_DIRECTION_ONLY_TWO_WAY 1 /* ULOCMATCH_DIRECTION_ONLY_TWO_WAY */
/* lk_icu_locale_string forms */
#define LK_ICU_FORM_ICU_NAME 0     /* icu::Locale::getName(): `fr_BE_FONIPA`, `en_GB@sd=gbsct` */
#define LK_ICU_FORM_BCP47 1        /* icu::Locale::toLanguageTag(): `fr-BE-fonipa` */

typedef struct lk_icu_matcher_options {
    int32_t favor_subtag;      /* LK_ICU_FAVOR_* */
    /* The match threshold on CLDR's 0..100 distance scale: a supported locale matches only when
     * its distance is below it (ICU4J's internal threshold, localeMatcherTest.txt's @threshold).
     * -1 = CLDR's default (the default script distance, 50). Values above 100 count as 100. */
    int32_t threshold;
    /* Builder::setMaxDistance(desired, supported): matches must be at least as good as this pair.
     * Both NULL = unused. Ignored when threshold >= 0. */
    const char *max_distance_desired;
    const char *max_distance_supported;
    int32_t default_mode;      /* LK_ICU_DEFAULT_* */
    const char *default_locale;/* with LK_ICU_DEFAULT_LOCALE */
    int32_t demotion;          /* LK_ICU_DEMOTION_* */
    int32_t direction;         /* LK_ICU_DIRECTION_* */
} lk_icu_matcher_options;

/* A built icu::LocaleMatcher with its own copy of the supported locales. Immutable once built;
 * safe to query from several threads at once. */
typedef struct lk_icu_matcher lk_icu_matcher;

/* The outcome of one query: owns copies of the locales, independent of the matcher's lifetime. */
typedef struct lk_icu_result lk_icu_result;

/* Fills ICU's defaults: favor language, threshold -1, no max distance, first supported as the
 * default, region demotion, with one-way matches. */
void lk_icu_matcher_options_init(lk_icu_matcher_options *options);

/* Builds a matcher over `supported` (count entries, priority order). Entries that ICU cannot parse
 * (bogus) or that are NULL are left out; the indices reported later are still indices into this
 * array. `options` may be NULL for the defaults. On success *out is a new handle. */
int32_t lk_icu_matcher_create(const char *const *supported, int32_t count,
                              const lk_icu_matcher_options *options, lk_icu_matcher **out);

void lk_icu_matcher_free(lk_icu_matcher *matcher);

/* LocaleMatcher::getBestMatchResult over `desired` (count entries, most preferred first). Entries
 * that ICU cannot parse (or NULL) are skipped; indices still refer to this array. On success
 * *out is a new result (free it with lk_icu_result_free), also when nothing matched. */
int32_t lk_icu_matcher_best(const lk_icu_matcher *matcher, const char *const *desired, int32_t count,
                            lk_icu_result **out);

void lk_icu_result_free(lk_icu_result *result);

/* The index into the `supported` array of the best match; -1 when there was no match and the
 * result is the default locale (which may or may not be one of the supported) or none. */
int32_t lk_icu_result_supported_index(const lk_icu_result *result);

/* The index into the `desired` array of the desired locale that matched; -1 when none. */
int32_t lk_icu_result_desired_index(const lk_icu_result *result);

/* Which locale of the result to write: */
#define LK_ICU_RESULT_SUPPORTED 0 /* the best supported locale (or the default); absent = none */
#define LK_ICU_RESULT_DESIRED 1   /* the desired locale that matched */
#define LK_ICU_RESULT_RESOLVED 2  /* Result::makeResolvedLocale(): combine(match, desired);
                                     its ICU failure is returned when ICU cannot build it */

/* Writes one locale of the result into out (NUL-terminated) in the given LK_ICU_FORM_*.
 * *length receives the string's length, or -1 when that locale is absent (then out is ""), and
 * LK_ICU_OK is returned. LK_ICU_ERR_BUFFER when cap is too small (*length = the length needed). */
int32_t lk_icu_result_locale(const lk_icu_result *result, int32_t which, int32_t form,
                             char *out, int32_t cap, int32_t *length);

/* The locale as icu::Locale reads `locale`, written in the given form (a canonical spelling to
 * compare locales with). LK_ICU_ERR_LOCALE when ICU cannot parse it. */
int32_t lk_icu_locale_string(const char *locale, int32_t form, char *out, int32_t cap, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif
