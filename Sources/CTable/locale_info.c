/* What formatting needs of a localization, read from the table's LOCD records when a table version
 * is loaded (lk_localization_infos_publish_recorded), so that a program's first plural format is
 * answered by lk_plan_format, without the Swift runtime's plural rules and number symbols being
 * made first. The Swift runtime reads the same records through the same functions
 * (lk_recorded_groups, lk_grouping_word) and publishes equal values when it first formats. */
#include "lokale_table.h"

#include "format_out.h"

static inline uint32_t at_most(uint32_t v, uint32_t limit) { return v < limit ? v : limit; }

void lk_recorded_groups(uint32_t sizes, uint32_t *primary, uint32_t *secondary, uint32_t *minimum) {
    *primary = at_most(sizes & 0xFF, 9);
    *secondary = at_most(sizes >> 8 & 0xFF, 9);
    uint32_t m = at_most(sizes >> 16 & 0xFF, 9);
    *minimum = m < 1 ? 1 : m;
}

uint64_t lk_grouping_word(int localized, const uint8_t *separator, uint64_t separator_length, uint32_t primary,
                          uint32_t secondary, uint32_t minimum) {
    if (!localized || primary == 0) return LK_GROUPING_VALID; /* never grouped */
    if (separator_length < 1 || separator_length > 4 || primary >= 16 || secondary >= 16 || minimum >= 16) return 0;
    uint64_t word = LK_GROUPING_VALID;
    for (uint64_t k = 0; k < separator_length; k++) word |= (uint64_t)separator[k] << (8 * k);
    word |= separator_length << 32;
    word |= (uint64_t)primary << 36;
    word |= (uint64_t)secondary << 40;
    word |= (uint64_t)minimum << 44;
    return word;
}

/* The small counts' categories of the rule node at `at`: its results, when it has one for every
 * small count (the fast path reads rules[count] for any count below LK_SMALL_COUNTS, and declines a
 * result past LK_CATEGORY_OTHER, which the Swift runtime reads as `other`); NULL otherwise. */
static const uint8_t *recorded_rules(const lk_tree *tree, uint32_t at) {
    lk_node n;
    if (at == LK_NONE || lk_node_read(tree, at, &n) != LK_NODE_OK || n.kind != LK_NODE_RULE || n.length != LK_SMALL_COUNTS)
        return NULL;
    return tree->nodes + (uint64_t)n.next * 4;
}

void lk_localization_infos_publish_recorded(lk_localization_info *infos, uint64_t count, const uint8_t *records,
                                            const lk_tree *tree) {
    for (uint64_t i = 0; i < count; i++) {
        const uint8_t *r = records + i * LK_LOCALE_RECORD_SIZE;
        lk_localization_info *info = infos + i;
        const uint8_t *cardinal = recorded_rules(tree, lk_load32(r + LK_LOCALE_CARDINAL));
        const uint8_t *ordinal = recorded_rules(tree, lk_load32(r + LK_LOCALE_ORDINAL));
        if (cardinal) lk_info_set_rules(info, 0, cardinal);
        if (ordinal) lk_info_set_rules(info, 1, ordinal);
        uint64_t grouping;
        if (!(lk_load32(r + LK_LOCALE_FLAGS) & LK_LOCALE_FLAG_LOCALIZED)) {
            grouping = lk_grouping_word(0, NULL, 0, 0, 0, 0); /* printf's numbers, ASCII digits */
        } else {
            /* Digits other than ASCII are the Swift runtime's to tell (a zero it does not accept
             * as a decimal digit is written as ASCII's). */
            if (lk_load32(r + LK_LOCALE_ZERO) != '0') continue;
            uint32_t offset = lk_load32(r + LK_LOCALE_GROUPING), length = lk_load32(r + LK_LOCALE_GROUPING + 4);
            /* Checked at open; a separator that is not UTF-8 the Swift runtime reads repaired. */
            if (offset >= tree->strings_bytes || length >= tree->strings_bytes - offset ||
                !valid_utf8(tree->strings + offset, length))
                continue;
            uint32_t primary, secondary, minimum;
            lk_recorded_groups(lk_load32(r + LK_LOCALE_GROUP_SIZES), &primary, &secondary, &minimum);
            grouping = lk_grouping_word(1, tree->strings + offset, length, primary, secondary, minimum);
        }
        /* The grouping first: C reads it only once it sees the digits published. */
        lk_info_set_grouping(info, grouping);
        lk_info_set_digits(info, LK_DIGITS_ASCII);
    }
}
