/* Rules about language names that the Swift runtime and a start without it both apply, in one
 * place: the languages a POSIX environment states, the part of a POSIX locale name that names the
 * language, pseudo-localizations, and where the in-app language is kept. Internal: not part of
 * lokale.h. */
#ifndef LOKALE_LANGUAGES_H
#define LOKALE_LANGUAGES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The languages a POSIX environment states, in order: LANGUAGE (a colon-separated list, empty
 * items skipped), then the first of LC_ALL, LC_MESSAGES, LANG that is set and not empty (each
 * argument NULL when unset). Written into dst as NUL-terminated names one after the other, as far
 * as `capacity` allows; returns the bytes all of them need. */
size_t lk_stated_languages(char *dst, size_t capacity, const char *language, const char *lc_all, const char *lc_messages,
                           const char *lang);

/* The length of the part of a POSIX locale name that names the language: before ".codeset" and
 * "@modifier". */
size_t lk_language_part(const char *raw, size_t length);

/* Whether a language part names no language (POSIX's "C" and "POSIX"). */
int lk_names_no_language(const char *part, size_t length);

/* Whether a tag names a pseudo-localization: a subtag after the first is one of the private-use
 * regions XA (accented), XB (bidi), XL (long), in any case. */
int lk_is_pseudo(const char *tag, size_t length);

/* Where the in-app language of the application `identifier` is kept: XDG_CONFIG_HOME/lokale/
 * <identifier>.language when XDG_CONFIG_HOME is absolute, else HOME/.config/lokale/...; written
 * into dst (NUL-terminated, when it fits). Returns the bytes the path needs without its NUL, or 0
 * when it is kept nowhere (no identifier, one that cannot name a file, neither variable usable). */
size_t lk_settings_path(char *dst, size_t capacity, const char *identifier, size_t identifier_length, const char *xdg_config_home,
                        const char *home);
#define LK_IDENTIFIER_FILE_BYTES 200 /* the longest identifier a settings file is named after */

#ifdef __cplusplus
}
#endif
#endif
