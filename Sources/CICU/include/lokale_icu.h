/*
 * The ICU functions LokaleCore uses, behind plain C types. ICU's own headers stay inside shim.c:
 * ICU's C names are versioned macros (uloc_forLanguageTag -> uloc_forLanguageTag_72) that Swift
 * cannot import, and Foundation's private ICU copy defines the same types, which must never meet
 * the system's in one Swift module.
 *
 * Strings out: (out, cap) receives a NUL-terminated string; the return value is its length, or -1
 * when ICU fails or the result does not fit.
 */
#ifndef LOKALE_ICU_H
#define LOKALE_ICU_H

#include <stdint.h>

/* The MessageFormat 2 functions' shims. Included here, not only found in this folder: CICU's module
 * is the folder (an umbrella), and a build made before a header was added keeps its cached module
 * until one it already knew changes. */
#include "lokale_icu_mf2.h"
/* ICU4C's MessageFormat, for the ICU MessageFormat differential tests only. */
#include "lokale_icu_umsg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* BCP 47 tag -> ICU locale id; *parsed (may be NULL) receives how many bytes of tag were used. */
int32_t lk_loc_for_language_tag(const char *tag, char *out, int32_t cap, int32_t *parsed);
/* ICU locale id -> canonical BCP 47 tag (strict). */
int32_t lk_loc_to_language_tag(const char *locale, char *out, int32_t cap);
int32_t lk_loc_add_likely_subtags(const char *locale, char *out, int32_t cap);
int32_t lk_loc_language(const char *locale, char *out, int32_t cap);
int32_t lk_loc_script(const char *locale, char *out, int32_t cap);
int32_t lk_loc_region(const char *locale, char *out, int32_t cap);
/* The truncation parent (en_GB -> en). */
int32_t lk_loc_parent(const char *locale, char *out, int32_t cap);
/* The explicit CLDR parent from ICU's data ("%%Parent": en_IN -> en_001); 0 when the locale has no
 * data of its own or no explicit parent. */
int32_t lk_loc_cldr_parent(const char *locale, char *out, int32_t cap);
/* 1 when ICU has locale data for exactly this locale (zh_Hant_HK), else 0. */
int lk_loc_has_data(const char *locale);
/* The locales ICU has data for, with their legacy aliases (zh_TW, iw), each followed by a space,
 * into out when it fits (NUL-terminated); returns the length of that list, or -1. */
int32_t lk_installed_locales(char *out, int32_t cap);
/* The display name of locale in display_locale, as UTF-16. */
int32_t lk_loc_display_name(const char *locale, const char *display_locale, uint16_t *out, int32_t cap);

/* CLDR plural rules (cardinal, or ordinal when ordinal != 0); NULL on failure. */
void *lk_plural_open(const char *locale, int ordinal);
void lk_plural_close(void *rules);
/* The rules' categories, space-separated ASCII ("one few many other"). */
int32_t lk_plural_keywords(const void *rules, char *out, int32_t cap);
/* The ASCII keyword ("one") for a number. */
int32_t lk_plural_select(const void *rules, double number, char *keyword, int32_t cap);
/* A number formatter with exactly fraction_digits fraction digits (0: integers); NULL on failure. */
void *lk_number_formatter_open(const char *locale, int32_t fraction_digits);
void lk_number_formatter_close(void *formatter);
/* The keyword of a decimal given as text, formatted first so that visible fraction digits count. */
int32_t lk_plural_select_decimal(const void *rules, const void *formatter, const char *number,
                                 int32_t length, char *keyword, int32_t cap);

#define LK_SYMBOL_DECIMAL 0
#define LK_SYMBOL_GROUPING 1
#define LK_SYMBOL_ZERO_DIGIT 2
/* The number symbols of locale's default numbering system, as UTF-16: symbol LK_SYMBOL_x at
 * out + x * cap, its length in lengths[x] (-1: none, as for an algorithmic numbering system). Keeps
 * nothing in ICU's caches, whatever the locale. */
void lk_number_symbols(const char *locale, uint16_t *out, int32_t cap, int32_t lengths[3]);

/* How locale groups integer digits, as ICU's number formatter does by default: sizes[0] the
 * primary group (0: never grouped), sizes[1] the secondary (hi: 3 then 2), sizes[2] the minimum
 * grouping digits (es, pl: 2, so 1000 stays "1000"). */
void lk_number_grouping(const char *locale, int32_t sizes[3]);

/* Key order as Xcode writes String Catalogs (Foundation's sorted JSON keys): ICU root collation,
 * numeric, case-insensitive, ties broken by code points. A collator is not shared between threads:
 * open one per sort. */
void *lk_key_collator_open(void);
void lk_key_collator_close(void *collator);
/* <0, 0, >0 as a sorts before, with or after b (UTF-8). */
int lk_key_collator_compare(const void *collator, const char *a, int32_t alen, const char *b, int32_t blen);

/* src (UTF-8, n bytes) in upper case by locale's rules (full case mapping: "ß" is "SS", Turkish
 * "i" is "İ"), into dst: the length needed, or -1 on an error. */
int32_t lk_to_upper(const char *locale, const char *src, int32_t n, char *dst, int32_t cap);

/* src (UTF-8, n bytes) transliterated to ASCII by ICU's "Any-Latin; Latin-ASCII" transform
 * ("Größe" is "Grosse", "Привет" is "Privet"; what has no Latin form stays), into dst (UTF-8): the
 * length needed, or -1 on an error. For identifiers made from keys. */
int32_t lk_to_ascii(const char *src, int32_t n, char *dst, int32_t cap);

/* ICU's major version (the one compiled against, without loading it). */
int32_t lk_icu_version(void);

/* ICU is loaded on first need (icu_loader.c). NULL once ICU and the C++ shims are loaded (loading
 * them if they were not); else why not, as a sentence: what is missing and where it was looked for. */
const char *lk_icu_unavailable(void);

#ifdef __cplusplus
}
#endif

#endif
