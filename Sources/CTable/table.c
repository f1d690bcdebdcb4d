#include "lokale_fast.h" /* and lokale_find.h */

#include <stdlib.h>
#include <string.h>

/* lk_tree_string reads a string reference as two consecutive words: offset, then length. */
_Static_assert(LK_TEXT_LENGTH == LK_TEXT_STRING + 1 && LK_REPLACED_REASON_LENGTH == LK_REPLACED_REASON + 1 &&
               LK_SUBSTITUTION_NAME_LENGTH == LK_SUBSTITUTION_NAME + 1 &&
               LK_SUBSTITUTION_SPECIFIER_LENGTH == LK_SUBSTITUTION_SPECIFIER + 1, "string references are (offset, length) pairs");
/* A rule's operations fit the low byte of an instruction word. */
_Static_assert(LK_OP_JUMP < (1u << LK_OP_OPERAND_SHIFT), "rule operations");

uint32_t lk_key_hash(const void *key, size_t n) { return lk_key_hash_inline(key, n); }

int lk_find(const uint8_t *slots, uint32_t slot_count, const uint8_t *records, uint64_t records_bytes,
            const void *key, size_t length, lk_entry *entry) {
    return lk_find_inline(slots, slot_count, records, records_bytes, key, length, entry);
}

const lk_plan *lk_list_plan(const lk_handle *h, const lk_list_slot *lists) {
    if (lk_shared_policy(h->shared) != LK_POLICY_APPLE) return NULL;
    return lk_list_slot_plan(lists, h->serial, lk_shared_generation(h->shared));
}

lk_shared *lk_shared_new(void) {
    lk_shared *s = calloc(1, sizeof *s);
    if (s) __atomic_store_n(&s->generation, 1, __ATOMIC_RELEASE);
    return s;
}

void lk_shared_free(lk_shared *shared) { free(shared); }

lk_plan *lk_plan_new(uint64_t table_count) {
    if (table_count > LK_LIMIT_TABLES) return NULL;
    return calloc(1, sizeof(lk_plan) + table_count * sizeof(lk_plan_table));
}

void lk_plan_free(lk_plan *plan) { free(plan); }

lk_plan_table *lk_plan_tables(lk_plan *plan) { return plan->tables; }

/* A table record's name. */
static lk_text table_name(const uint8_t *base, const lk_table_view *view, uint64_t t) {
    return lk_pool_text(base, view, base + view->tables.offset + t * LK_TABLE_RECORD_SIZE + LK_TABLE_NAME);
}

int64_t lk_table_default(const uint8_t *base, const lk_table_view *view) {
    size_t n = strlen(LK_DEFAULT_TABLE);
    for (uint64_t t = 0; t < view->tables.count; t++) {
        lk_text name = table_name(base, view, t);
        if (name.length == n && memcmp(name.bytes, LK_DEFAULT_TABLE, n) == 0) return (int64_t)t;
    }
    return -1;
}

void lk_plan_fill(lk_plan *plan, const uint8_t *base, const lk_table_view *view, lk_localization_info *infos,
                  const lk_plan_choice *choices) {
    plan->records = base + view->records.offset;
    plan->records_bytes = view->records.count * 4;
    plan->tree = (lk_tree){base + view->nodes.offset, view->nodes.count, base + view->strings.offset, view->strings.count};
    plan->formats = base + view->formats.offset;
    plan->format_words = view->formats.count;
    plan->localizations = infos;
    plan->localization_count = view->localizations.count;
    plan->default_table = lk_table_default(base, view);
    plan->table_count = view->tables.count;
    for (uint64_t t = 0; t < view->tables.count; t++) {
        lk_plan_table *e = &plan->tables[t];
        lk_text name = table_name(base, view, t);
        e->name = name.bytes, e->name_length = name.length;
        e->step = choices[t].step;
        e->localization = choices[t].localization;
        e->numbering = choices[t].numbering;
        int64_t i = choices[t].instance;
        if (i < 0 || (uint64_t)i >= view->instances.count) continue;
        const uint8_t *r = base + view->instances.offset + (uint64_t)i * LK_INSTANCE_RECORD_SIZE;
        uint64_t start = lk_load32(r + LK_INSTANCE_SLOT_START), count = lk_load32(r + LK_INSTANCE_SLOT_COUNT);
        if (count == 0 || start > view->slots.count || count > view->slots.count - start) continue;
        e->slots = base + view->slots.offset + start * LK_SLOT_SIZE;
        e->slot_count = (uint32_t)count;
    }
}

int64_t lk_plan_table_index(const lk_plan *plan, const void *name, size_t length) {
    if (name == NULL) return plan->default_table;
    for (uint64_t i = 0; i < plan->table_count; i++) {
        const lk_plan_table *t = &plan->tables[i];
        if (t->name_length == length && memcmp(t->name, name, length) == 0) return (int64_t)i;
    }
    return -1;
}

int lk_plain_variant(const lk_tree *tree, uint32_t node, uint32_t device, const char **text, size_t *length) {
    /* Until a device node is met, the walk reaches the text the writer stored as the value (the
     * `other` cases, the body): answering the value is the same and costs nothing more. */
    int varies = 0;
    if (device > LK_DEVICE_OTHER) device = LK_DEVICE_OTHER;
    /* A tree deeper than the renderer walks is refused as it refuses it (a cycle ends here too). */
    for (uint32_t depth = 0; depth < LK_LIMIT_RENDER_DEPTH; depth++) {
        lk_node n;
        if (lk_node_read(tree, node, &n) != LK_NODE_OK) return -1;
        switch (n.kind) {
        case LK_NODE_TEXT:
            if (!varies) return 0;
            *text = (const char *)n.text;
            *length = n.length;
            return 1;
        case LK_NODE_DEVICE:
            /* Apple's rule, as the renderer applies it: the device's variant, then `other`. With
             * neither, the record's value (the writer's representative text) rather than nothing. */
            node = lk_node_choose(tree, &n, device, 0);
            if (node == LK_NONE) return 0;
            varies = 1;
            break;
        case LK_NODE_PLURAL:
            /* No count is known: the `other` case, as the table stores it for the value. */
            node = lk_node_choose(tree, &n, LK_CATEGORY_OTHER, 0);
            if (node == LK_NONE) return 0;
            break;
        case LK_NODE_FORMS:
            /* No count is known: msgstr[0], as glibc's gettext answers for a plural entry and as
             * the table stores it for the value. */
            node = lk_tree_word(tree, n.children);
            if (node == LK_NONE) return 0;
            break;
        case LK_NODE_MESSAGE: /* its body */
        case LK_NODE_REPLACED: /* the development localization's message */
            node = n.next;
            break;
        case LK_NODE_MF2:
            /* An MF2 message is never under a device node: its value is its source. */
            return varies ? -1 : 0;
        default: /* a rule, pattern or expression is no message */
            return -1;
        }
    }
    return -1;
}
