/*
 * ICU's C functions as CICU reaches them: through a table filled on first need (dlopen, dlsym), so
 * that liblokale.so has no DT_NEEDED on ICU and a process whose messages its tables answer never
 * maps ICU (nor the C++ runtime ICU brings). Each entry is typed with __typeof__ of ICU's own
 * declaration, so no prototype is written twice. ICU's names are versioned macros
 * (uloc_forLanguageTag -> uloc_forLanguageTag_72): the members, and the symbols looked up, are the
 * versioned names, and a call reads icu->uloc_forLanguageTag(...) as it would without the table.
 */
#ifndef LOKALE_ICU_FUNCTIONS_H
#define LOKALE_ICU_FUNCTIONS_H

#include <unicode/ucal.h>
#include <unicode/ucasemap.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/ufieldpositer.h>
#include <unicode/uloc.h>
#include <unicode/umsg.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utrans.h>
#include <unicode/uversion.h>

#include "lokale_icu_cxx.h"

#define LK_ICU_FUNCTIONS(X)                                                                        \
    X(u_charDigitValue) X(u_charsToUChars) X(u_strFromUTF8) X(u_strToUTF8)                         \
    X(ucal_setDefaultTimeZone)                                                                     \
    X(ucasemap_open) X(ucasemap_close) X(ucasemap_utf8ToUpper)                                     \
    X(ucol_open) X(ucol_close) X(ucol_setAttribute) X(ucol_strcollUTF8)                            \
    X(ucurr_forLocale)                                                                             \
    X(udat_open) X(udat_close) X(udat_format)                                                      \
    X(udatpg_open) X(udatpg_close) X(udatpg_getBestPattern)                                        \
    X(uenum_close) X(uenum_next)                                                                   \
    X(ufieldpositer_open) X(ufieldpositer_close) X(ufieldpositer_next)                             \
    X(uloc_addLikelySubtags) X(uloc_forLanguageTag) X(uloc_getCountry) X(uloc_getDisplayName)      \
    X(uloc_getLanguage) X(uloc_getParent) X(uloc_getScript) X(uloc_isRightToLeft)                  \
    X(uloc_getName) X(uloc_openAvailableByType) X(uloc_toLanguageTag)                              \
    X(umsg_open) X(umsg_close) X(umsg_format)                                                      \
    X(unum_open) X(unum_close) X(unum_formatDouble) X(unum_getSymbol) X(unum_setAttribute)         \
    X(unum_setTextAttribute)                                                                       \
    X(unumf_openForSkeletonAndLocale) X(unumf_close) X(unumf_openResult) X(unumf_closeResult)      \
    X(unumf_formatDecimal) X(unumf_formatInt) X(unumf_resultToString)                              \
    X(unumf_resultGetAllFieldPositions)                                                            \
    X(unumsys_open) X(unumsys_close) X(unumsys_isAlgorithmic)                                      \
    X(uplrules_openForType) X(uplrules_close) X(uplrules_getKeywords) X(uplrules_select)           \
    X(uplrules_selectFormatted)                                                                    \
    X(ures_openDirect) X(ures_close) X(ures_getStringByKey)                                        \
    X(utrans_openU) X(utrans_transUChars)

#define LK_ICU_MEMBER(name) __typeof__(name) *name;
typedef struct lk_icu_functions {
    LK_ICU_FUNCTIONS(LK_ICU_MEMBER)
} lk_icu_functions;
#undef LK_ICU_MEMBER

/* ICU's result convention -> ours: the length needed (also when it did not fit), or -1 on a real
 * failure. */
static inline int32_t lk_icu_needed(int32_t n, UErrorCode err) {
    if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) return n;
    return U_FAILURE(err) ? -1 : n;
}

#ifdef __cplusplus
extern "C" {
#endif

/* ICU's functions, loaded by the first call (once per process, thread-safe); NULL when ICU cannot
 * be loaded, which every caller turns into its own failure result. */
const lk_icu_functions *lk_icu(void);

/* `locale` as an ICU constructor may be given it: ICU 72 crashes on some names instead of failing
 * (icu_loader.c), and those are given as root's (""). Every locale a caller passes goes through it. */
const char *lk_icu_safe_locale(const lk_icu_functions *icu, const char *locale);

/* The C++ shims' functions (lokale_icu_cxx.h), loaded with ICU; NULL when they cannot be. */
const lk_icu_cxx_functions *lk_icu_cxx(void);

#ifdef __cplusplus
}
#endif

#endif
