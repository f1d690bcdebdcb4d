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
