/* Apple's localization selection (ualoc_localizationsToUse), the one implementation: the Swift
 * runtime's AppleMatcher runs it with facts it reads from a table's LOCD records or asks ICU for,
 * and a caller without the Swift runtime can run it over the records alone. The rules are stated in
 * docs/LANGUAGE-SELECTION.md. Internal: not part of lokale.h. */
#ifndef LOKALE_SELECT_H
#define LOKALE_SELECT_H

#include <stdint.h>

#include "lokale_read.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A locale as the selection reads it: ICU's id without keywords as spelled, Apple's normal form, the
 * normal form's chain (itself first, then Apple's parents, names separated by one space) and the
 * normal form with likely subtags. `chain` and `likely` may be left empty (bytes NULL) until the
 * selection needs them: it asks the source to fill them then. `index` is the caller's: the position
 * of the name in its list. */
typedef struct lk_select_locale {
    lk_text spelled;
    lk_text normal;
    lk_text chain;
    lk_text likely;
    int32_t index;
} lk_select_locale;

/* How localization i of the table at `base` (checked by lk_table_read into *view) is seen, from its
 * LOCD record: its ICU id without keywords, normal form, chain and likely form, pointing into the
 * table; `index` i. 0 when the table records no locale data or the record names no locale. */
int lk_recorded_locale(const uint8_t *base, const lk_table_view *view, uint64_t i, lk_select_locale *locale);

#define LK_SELECT_CHAIN 1
#define LK_SELECT_LIKELY 2

/* Where facts the caller did not give come from. `fill` sets locale->chain or locale->likely (which:
 * LK_SELECT_CHAIN, LK_SELECT_LIKELY); `likely` gives the likely form of a chain step that is none
 * of the locales' normal form. Both return 0 when they cannot tell (the selection then stops with
 * LK_SELECT_UNKNOWN); what they lend must stay valid until the selection returns. */
typedef struct lk_select_source {
    void *context;
    int (*fill)(void *context, lk_select_locale *locale, int which);
    int (*likely)(void *context, lk_text step, lk_text *out);
} lk_select_source;

/* A selection in progress: the preferences are given one at a time (lk_apple_consider), in order,
 * so that a caller converts only those it reaches. Zeroed by lk_apple_begin. */
typedef struct lk_apple_selection {
    int32_t main;              /* candidate position of the match, or -1 */
    int32_t main_preference;
    int32_t backup;            /* candidate position of the backup, or -1 */
    int32_t backup_preference;
    lk_text want;              /* the backup's preference's normal form (the first step of its chain) */
} lk_apple_selection;

#define LK_SELECT_DECIDED 1  /* a match: the remaining preferences are not read */
#define LK_SELECT_GO_ON 0    /* give the next preference */
#define LK_SELECT_UNKNOWN -1 /* the source could not tell a fact the rule needs */

void lk_apple_begin(lk_apple_selection *s);

/* The preference `p` (its `index` the preference's position): whether a candidate matches it,
 * else whether it leaves a backup. Candidates may have their chain or likely form filled. */
int lk_apple_consider(lk_apple_selection *s, lk_select_locale *p, lk_select_locale *candidates, uint32_t count,
                      const lk_select_source *source);

/* The ordered list: the decided candidate, then its fallbacks, as the candidates' `index`es in
 * `order` (room for `count`), their number in *order_count, and the preference they answer for in
 * *preference. Returns LK_SELECT_DECIDED, LK_SELECT_GO_ON when nothing matched (an empty list), or
 * LK_SELECT_UNKNOWN. */
int lk_apple_finish(lk_apple_selection *s, lk_select_locale *candidates, uint32_t count, const lk_select_source *source,
                    int32_t *order, uint32_t *order_count, int32_t *preference);

/* How an ordered list ends, whichever strategy chose its start (the Swift runtime's
 * orderedLocalizations and the C start end theirs so): after the `count` localizations chosen, the
 * development localization unless it is among them, answering `answered(context)` (the first of
 * the user's languages the strategy matches to it alone, -1 for none; asked only then), then the
 * first Base localization (`base`, -1 for none). Appends to `localizations` and
 * `user_preferences` (-1: none), which have room for count + 2; returns the new count. */
uint32_t lk_order_end(int32_t *localizations, int32_t *user_preferences, uint32_t count, int32_t development,
                      int32_t (*answered)(void *context), void *context, int32_t base);

#ifdef __cplusplus
}
#endif
#endif
