/* Apple's localization selection over locale facts (lokale_select.h): for each preferred language
 * in order, the localization spelled the same, else the first step of its chain that a localization
 * matches; a preference without a match may leave a backup (a localization one of whose ancestors
 * is on the preference's chain); the first match decides unless an earlier backup is of another
 * language or script; the result is the match followed by the localizations on its own chain.
 * docs/LANGUAGE-SELECTION.md states the rules and why. */
#include "lokale_select.h"

#include <string.h>

static int same(lk_text a, lk_text b) { return a.length == b.length && (a.length == 0 || memcmp(a.bytes, b.bytes, a.length) == 0); }

static int equals(lk_text a, const char *literal) {
    size_t n = strlen(literal);
    return a.length == n && memcmp(a.bytes, literal, n) == 0;
}

/* The step after *pos of a space-separated chain; 0 past the last. */
static int next_step(lk_text chain, uint32_t *pos, lk_text *step) {
    if (*pos >= chain.length) return 0;
    uint32_t start = *pos, end = start;
    while (end < chain.length && chain.bytes[end] != ' ') end++;
    *step = (lk_text){chain.bytes + start, end - start};
    *pos = end + 1;
    return 1;
}

static int need(lk_select_locale *l, int which, const lk_select_source *source) {
    lk_text *field = which == LK_SELECT_CHAIN ? &l->chain : &l->likely;
    if (field->bytes) return 1;
    return source->fill && source->fill(source->context, l, which) && field->bytes;
}

/* The first candidate spelled `step`, else the first whose normal form is `step`, skipping the
 * positions in `taken` (n of them); -1 when none. */
static int32_t find(lk_text step, const lk_select_locale *candidates, uint32_t count, const int32_t *taken, uint32_t n) {
    for (int normal = 0; normal < 2; normal++) {
        for (uint32_t i = 0; i < count; i++) {
            int used = 0;
            for (uint32_t k = 0; k < n && !used; k++) used = taken[k] == (int32_t)i;
            if (!used && same(normal ? candidates[i].normal : candidates[i].spelled, step)) return (int32_t)i;
        }
    }
    return -1;
}

/* The position of `step` on a chain; -1 when it is not on it. */
static int32_t position(lk_text chain, lk_text step) {
    uint32_t pos = 0;
    lk_text s;
    for (int32_t i = 0; next_step(chain, &pos, &s); i++)
        if (same(s, step)) return i;
    return -1;
}

/* The likely form of a chain step: a candidate's, when the step is its normal form (the same
 * answer ICU gives for the same name), else the source's. */
static int step_likely(lk_text step, lk_select_locale *candidates, uint32_t count, const lk_select_source *source,
                       lk_text *out) {
    for (uint32_t i = 0; i < count; i++) {
        if (candidates[i].likely.bytes && same(candidates[i].normal, step)) {
            *out = candidates[i].likely;
            return 1;
        }
    }
    return source->likely && source->likely(source->context, step, out) && out->bytes;
}

/* The localization whose own chain reaches the preference's chain soonest: at the earliest step
 * of the preference's chain, the candidate with that step nearest up its chain; on a tie the one
 * whose likely form is the step's (zh_TW for zh_Hant), then the bundle's order. Steps at position
 * 0 do not count: a localization of another script (zh_Hant, sr_Latn) ends its chain at the root,
 * never at zh or sr. */
static int backup(lk_text chain, lk_select_locale *candidates, uint32_t count, const lk_select_source *source,
                  int32_t *found) {
    *found = -1;
    uint32_t pos = 0;
    lk_text step;
    while (next_step(chain, &pos, &step)) {
        int32_t first = -1, reaching = 0;
        for (uint32_t i = 0; i < count; i++) {
            if (!need(&candidates[i], LK_SELECT_CHAIN, source)) return LK_SELECT_UNKNOWN;
            if (position(candidates[i].chain, step) > 0 && reaching++ == 0) first = (int32_t)i;
        }
        if (reaching == 0) continue;
        *found = first;
        if (reaching == 1) return LK_SELECT_DECIDED; /* no tie to break: the likely forms are not needed */
        /* The step's likely form only once candidates compete for it: most steps reach none. */
        lk_text step_max;
        if (!step_likely(step, candidates, count, source, &step_max)) return LK_SELECT_UNKNOWN;
        int32_t best_score = 0;
        *found = -1;
        for (uint32_t i = 0; i < count; i++) {
            int32_t up = position(candidates[i].chain, step);
            if (up <= 0) continue;
            if (!need(&candidates[i], LK_SELECT_LIKELY, source)) return LK_SELECT_UNKNOWN;
            int32_t score = 2 * up + (same(candidates[i].likely, step_max) ? 0 : 1);
            if (*found < 0 || score < best_score) *found = (int32_t)i, best_score = score;
        }
        return LK_SELECT_DECIDED;
    }
    return LK_SELECT_GO_ON;
}

void lk_apple_begin(lk_apple_selection *s) {
    memset(s, 0, sizeof *s);
    s->main = s->backup = -1;
}

int lk_apple_consider(lk_apple_selection *s, lk_select_locale *p, lk_select_locale *candidates, uint32_t count,
                      const lk_select_source *source) {
    if (s->main >= 0) return LK_SELECT_DECIDED;
    int32_t c = find(p->spelled, candidates, count, NULL, 0);
    if (c >= 0 && !same(candidates[c].spelled, p->spelled)) c = -1; /* spelled only, here */
    if (c < 0) {
        if (!need(p, LK_SELECT_CHAIN, source)) return LK_SELECT_UNKNOWN;
        uint32_t pos = 0;
        lk_text step;
        while (c < 0 && next_step(p->chain, &pos, &step)) c = find(step, candidates, count, NULL, 0);
    }
    if (c >= 0) {
        s->main = c;
        s->main_preference = p->index;
        return LK_SELECT_DECIDED;
    }
    if (s->backup < 0) {
        int32_t b;
        int r = backup(p->chain, candidates, count, source, &b);
        if (r == LK_SELECT_UNKNOWN) return r;
        if (b >= 0) {
            uint32_t pos = 0;
            next_step(p->chain, &pos, &s->want);
            s->backup = b;
            s->backup_preference = p->index;
        }
    }
    return LK_SELECT_GO_ON;
}

/* ICU's language and script of an id (`pt_Latn_BR`): the first field (`und` is none), and the
 * second when it has four letters. */
static void language_script(lk_text id, lk_text *language, lk_text *script) {
    uint32_t i = 0;
    while (i < id.length && id.bytes[i] != '_' && id.bytes[i] != '-' && id.bytes[i] != '@' && id.bytes[i] != '.') i++;
    *language = (lk_text){id.bytes, i};
    if (i == 3 && (id.bytes[0] | 0x20) == 'u' && (id.bytes[1] | 0x20) == 'n' && (id.bytes[2] | 0x20) == 'd') language->length = 0;
    *script = (lk_text){id.bytes, 0};
    if (i >= id.length || (id.bytes[i] != '_' && id.bytes[i] != '-')) return;
    uint32_t start = i + 1, end = start;
    while (end < id.length && ((id.bytes[end] | 0x20) >= 'a' && (id.bytes[end] | 0x20) <= 'z')) end++;
    int ends = end == id.length || id.bytes[end] == '_' || id.bytes[end] == '-' || id.bytes[end] == '@' || id.bytes[end] == '.';
    if (end - start == 4 && ends) *script = (lk_text){id.bytes + start, 4};
}

/* Apple keeps a backup from an earlier preference over a later preference's match when the two
 * differ in language or script (pt-BR, fr with pt_PT, fr gives pt_PT), except that a pt-PT user is
 * not given pt_BR when a later preference matched. */
static int decide(lk_apple_selection *s, lk_select_locale *candidates, const lk_select_source *source, int32_t *chosen,
                  int32_t *preference) {
    *chosen = -1;
    if (s->backup < 0 || s->main < 0) {
        *chosen = s->backup >= 0 ? s->backup : s->main;
        *preference = s->backup >= 0 ? s->backup_preference : s->main_preference;
        return LK_SELECT_DECIDED;
    }
    *chosen = s->main, *preference = s->main_preference;
    if (equals(s->want, "pt_PT") && equals(candidates[s->backup].normal, "pt_BR")) return LK_SELECT_DECIDED;
    lk_select_locale *m = &candidates[s->main], *b = &candidates[s->backup];
    if (!need(m, LK_SELECT_LIKELY, source) || !need(b, LK_SELECT_LIKELY, source)) return LK_SELECT_UNKNOWN;
    lk_text ml, ms, bl, bs;
    language_script(m->likely, &ml, &ms);
    language_script(b->likely, &bl, &bs);
    if (!same(ml, bl) || !same(ms, bs)) *chosen = s->backup, *preference = s->backup_preference;
    return LK_SELECT_DECIDED;
}

int lk_apple_finish(lk_apple_selection *s, lk_select_locale *candidates, uint32_t count, const lk_select_source *source,
                    int32_t *order, uint32_t *order_count, int32_t *preference) {
    *order_count = 0;
    *preference = -1;
    int32_t m;
    if (decide(s, candidates, source, &m, preference) == LK_SELECT_UNKNOWN) return LK_SELECT_UNKNOWN;
    if (m < 0) return LK_SELECT_GO_ON;
    /* What follows the match: a localization spelling its normal form (zh_Hant_HK after zh_HK),
     * then those on its chain (en_AU, en_GB, en_001, en). */
    uint32_t n = 0;
    order[n++] = m;
    if (!need(&candidates[m], LK_SELECT_CHAIN, source)) return LK_SELECT_UNKNOWN;
    uint32_t pos = 0;
    lk_text step;
    if (same(candidates[m].normal, candidates[m].spelled)) next_step(candidates[m].chain, &pos, &step);
    while (n < count && next_step(candidates[m].chain, &pos, &step)) {
        int32_t c = find(step, candidates, count, order, n);
        if (c >= 0) order[n++] = c;
    }
    /* Apple's one addition: after zh_HK or zh_MO, zh_TW stands for Traditional Chinese when the
     * bundle has no zh_Hant. */
    if (equals(candidates[m].spelled, "zh_HK") || equals(candidates[m].spelled, "zh_MO")) {
        int hant = 0;
        for (uint32_t i = 0; i < count && !hant; i++) hant = equals(candidates[i].spelled, "zh_Hant");
        lk_text tw = {"zh_TW", 5};
        int32_t c = hant ? -1 : find(tw, candidates, count, order, n);
        if (c >= 0 && same(candidates[c].spelled, tw) && n < count) order[n++] = c;
    }
    for (uint32_t i = 0; i < n; i++) order[i] = candidates[order[i]].index;
    *order_count = n;
    return LK_SELECT_DECIDED;
}

uint32_t lk_order_end(int32_t *localizations, int32_t *user_preferences, uint32_t count, int32_t development,
                      int32_t (*answered)(void *context), void *context, int32_t base) {
    int listed = 0;
    for (uint32_t i = 0; i < count && !listed; i++) listed = localizations[i] == development;
    if (!listed) {
        localizations[count] = development;
        user_preferences[count++] = answered(context);
    }
    if (base >= 0) {
        localizations[count] = base;
        user_preferences[count++] = -1;
    }
    return count;
}
