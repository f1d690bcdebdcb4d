/*
 * ICU4C's own MessageFormat (umsg_open, umsg_format), for the tests that compare Lokale's reading
 * of ICU MessageFormat with ICU itself (Tests/LokaleCatalogTests/ICUMessageFormatTests.swift). The
 * runtime never calls it: formatting goes through MF2.
 */
#ifndef LOKALE_ICU_UMSG_H
#define LOKALE_ICU_UMSG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LK_UMSG_MAX_ARGS 4

/* pattern (UTF-8) opened by umsg_open in locale, then umsg_format with the arguments {0}, {1}, …
 * passed as ICU's varargs read them: kinds[k] is 'd' (a double: number, plural, selectordinal),
 * 'i' (an int32_t, numbers[k] truncated: `number, integer`), 't' (a UDate, milliseconds in
 * numbers[k]: date and time) or 's' (strings[k], UTF-8: select and plain `{k}`); at most
 * LK_UMSG_MAX_ARGS. ICU's default time zone is set to UTC first. Returns the UTF-8 length written
 * into (out, cap) NUL-terminated, -1 when umsg_open refuses the pattern, -2 when umsg_format fails,
 * -3 when the output does not fit. */
int32_t lk_umsg_format(const char *pattern, const char *locale, const char *kinds, const double *numbers,
                       const char *const *strings, char *out, int32_t cap);

/* ICU's own NumberFormat (unum_open) of style (a UNumberFormatStyle: 1 decimal, 3 percent,
 * 4 scientific, 10 currency with the ISO code, 14 and 15 compact short and long) in locale, for the
 * tests that compare Flutter's number formats as Lokale lowers them with ICU. currency: an ISO code,
 * "" for none (styles without a currency), or NULL for the one ICU gives the locale with its likely
 * region (the locale is then maximized, fr -> fr_Latn_FR, as a language alone has no currency in ICU). decimals >= 0 sets the minimum and
 * maximum fraction digits. The UTF-8 length written into (out, cap) NUL-terminated, or -1. */
int32_t lk_unum_format(int32_t style, const char *locale, const char *currency, int32_t decimals, double value,
                       char *out, int32_t cap);

#ifdef __cplusplus
}
#endif

#endif
