/*
 * ICU number and date formatting for the MessageFormat 2 functions (LokaleCore/MessageFormat2),
 * behind plain C types like lokale_icu.h. Text out is UTF-16: (out, cap) receives it, unterminated;
 * the return value is the length it needs (retry with that capacity when it is larger than cap),
 * or -1 when ICU refuses the input (a skeleton, number, pattern or time zone it cannot read).
 */
#ifndef LOKALE_ICU_MF2_H
#define LOKALE_ICU_MF2_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The fields of a formatted number (UNumberFormatFields), as lk_mf2_number_format reports them. */
#define LK_MF2_FIELD_INTEGER 0
#define LK_MF2_FIELD_FRACTION 1
#define LK_MF2_FIELD_DECIMAL 2
#define LK_MF2_FIELD_EXPONENT_SYMBOL 3
#define LK_MF2_FIELD_EXPONENT_SIGN 4
#define LK_MF2_FIELD_EXPONENT 5
#define LK_MF2_FIELD_GROUP 6
#define LK_MF2_FIELD_CURRENCY 7
#define LK_MF2_FIELD_PERCENT 8
#define LK_MF2_FIELD_PERMILL 9
#define LK_MF2_FIELD_SIGN 10
#define LK_MF2_FIELD_UNIT 11
#define LK_MF2_FIELD_COMPACT 12

/* Formats number (decimal text: digits, '.', exponent) with an ICU number skeleton in locale (an
 * ICU locale id). When rules (from lk_plural_open) is not NULL, keyword receives the plural
 * category of the number as formatted (ASCII, NUL-terminated; empty when ICU cannot say). When
 * fields is not NULL, it receives up to max_fields triples (field, start, limit) in UTF-16 units,
 * and *field_count how many there were. */
int32_t lk_mf2_number_format(const char *locale, const uint16_t *skeleton, int32_t skeleton_len,
                             const char *number, int32_t number_len,
                             const void *rules, char *keyword, int32_t keyword_cap,
                             int32_t *fields, int32_t max_fields, int32_t *field_count,
                             uint16_t *out, int32_t cap);

/* The ISO 4217 code of the currency of locale (an ICU locale id; its likely region when it names
 * none, as uloc_addLikelySubtags gives it) into (out, cap): its length (3), or -1 when ICU knows none. */
int32_t lk_currency_for_locale(const char *locale, uint16_t *out, int32_t cap);

/* A number formatter for (locale, skeleton), shared: kept in a bounded cache (least recently used
 * out) and counted, so that a holder may keep it as long as it likes, from any thread. NULL when
 * ICU refuses the skeleton or the locale. Release each acquired formatter once. */
typedef struct lk_mf2_formatter lk_mf2_formatter;
lk_mf2_formatter *lk_mf2_formatter_acquire(const char *locale, const uint16_t *skeleton, int32_t skeleton_len);
void lk_mf2_formatter_release(lk_mf2_formatter *formatter);

/* lk_mf2_number_format with a formatter already acquired. */
int32_t lk_mf2_number_format_with(const lk_mf2_formatter *formatter, const char *number, int32_t number_len,
                                  const void *rules, char *keyword, int32_t keyword_cap,
                                  int32_t *fields, int32_t max_fields, int32_t *field_count,
                                  uint16_t *out, int32_t cap);

/* Formats millis (since 1970 UTC) in locale, in time zone zone (an Olson id or "GMT+01:00";
 * zone_len 0: UTC): with the locale's own formats for date_style and time_style (LK_MF2_STYLE_x;
 * LK_MF2_STYLE_NONE leaves that half out) when skeleton_len is 0, else with the best pattern for
 * a date-time skeleton ("yMMMd", "j"), or with skeleton itself as a pattern ("yyyy-MM-dd") when
 * skeleton_is_pattern is not 0. */
#define LK_MF2_STYLE_NONE (-1)
#define LK_MF2_STYLE_FULL 0
#define LK_MF2_STYLE_LONG 1
#define LK_MF2_STYLE_MEDIUM 2
#define LK_MF2_STYLE_SHORT 3
int32_t lk_mf2_date_format(const char *locale, int32_t date_style, int32_t time_style,
                           const uint16_t *skeleton, int32_t skeleton_len, int skeleton_is_pattern,
                           const uint16_t *zone, int32_t zone_len, double millis,
                           uint16_t *out, int32_t cap);

/* The text of locale's plural rules as ICU writes them ("one: i  in 1..1 and v  in 0..0; other: "),
 * UTF-8 and NUL-terminated into out when it fits (cap > the length); the length, or -1 when ICU
 * has no rules for the locale. */
int32_t lk_plural_rules_text(const char *locale, int ordinal, char *out, int32_t cap);

/* 1 when locale's script is written right to left (ar, he), else 0. */
int lk_mf2_locale_is_rtl(const char *locale);

#ifdef __cplusplus
}
#endif

#endif
