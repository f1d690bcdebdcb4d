/* The one reader of a message's node tree (the NODE section, docs/FORMAT.md): the C fast path of a
 * plain lookup (lk_plain_variant), the C formatter (lk_plan_format) and the Swift renderer
 * (MessageRenderer) read nodes only through it, so a new node kind is taught here once (and to
 * the writer). A node is read whole and checked: its words inside the section, its strings inside
 * the pool and NUL-terminated, its kind known; what it refers to is read after, through the same
 * functions. Never reads outside the sections it is given. Internal: not part of lokale.h. */
#ifndef LOKALE_NODE_H
#define LOKALE_NODE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lokale_schema.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The sections a tree reads: NODE (in words) and the string pool (in bytes). */
typedef struct lk_tree {
    const uint8_t *nodes;
    uint64_t node_words;
    const uint8_t *strings;
    uint64_t strings_bytes;
} lk_tree;

/* A node, decoded. Which fields a kind fills:
 *   text      text, length (the catalog's text); format (an FMTS index, or LK_NONE: shown as is)
 *   plural    argument (1-based), flags (LK_PLURAL_FLAG_*); children, count (LK_CATEGORY_COUNT)
 *   device    children, count (LK_DEVICE_COUNT)
 *   message   next (the body); count substitutions (lk_node_substitution)
 *   replaced  text, length (the reason); next (the development localization's message)
 *   forms     argument (1-based), next (the rule); children, count (nplurals; lk_node_form)
 *   rule      children, count (its instruction words; lk_rule_run); next, length (the word
 *             position and number of its precomputed results)
 *   mf2       argument, flags, count (declarations, selectors, variants); format (LK_MF2_FLAG_*);
 *             children, next (where the declarations and the variants start; lk_mf2_declaration,
 *             _selector, _variant, _key)
 *   pattern   count parts, children (lk_pattern_part)
 *   expression flags (LK_VALUE_* of the operand | LK_MARKUP_*); text, length (the operand, if
 *             any); name, name_length (the function or markup, if any: name NULL otherwise);
 *             argument options and count attributes from children (lk_expression_option) */
typedef struct lk_node {
    uint32_t kind;
    uint32_t format;
    uint32_t argument;
    uint32_t flags;
    uint32_t children; /* word position of the first child or substitution */
    uint32_t count;
    uint32_t next;
    uint32_t length;
    const uint8_t *text;
    const uint8_t *name;
    uint32_t name_length;
} lk_node;

/* One substitution of a message node. */
typedef struct lk_substitution {
    const uint8_t *name;
    uint32_t name_length;
    uint32_t argument;
    const uint8_t *specifier;
    uint32_t specifier_length;
    uint32_t node;
} lk_substitution;

/* Results of lk_node_read and lk_node_substitution: LK_NODE_OK, or why the tree is corrupt. */
enum {
    LK_NODE_OK = 1,
    LK_NODE_OUT_OF_BOUNDS = -1, /* a node or its words past the section */
    LK_NODE_BAD_STRING = -2,    /* a string outside the pool or not NUL-terminated */
    LK_NODE_BAD_KIND = -3,
    LK_NODE_TOO_MANY = -4,      /* more substitutions, forms or rule words than their limit */
    LK_NODE_BAD_RULE = -5       /* a rule's instruction, jump or stack use is malformed */
};

static inline uint32_t lk_tree_word(const lk_tree *t, uint64_t i) {
    uint32_t w;
    memcpy(&w, t->nodes + i * 4, 4); /* little-endian, as every host Lokale builds for */
    return w;
}

/* The string whose reference is at word `at` (its offset, then its length: every string field of
 * the schema is such a pair) into *text and *length, if it lies inside the pool, NUL-terminated. */
static inline int lk_tree_string(const lk_tree *t, uint64_t at, const uint8_t **text, uint32_t *length) {
    uint32_t offset = lk_tree_word(t, at), n = lk_tree_word(t, at + 1);
    if (offset >= t->strings_bytes || n >= t->strings_bytes - offset || t->strings[(uint64_t)offset + n] != 0) return 0;
    *text = t->strings + offset;
    *length = n;
    return 1;
}

/* Reads the node at word `at` into *n: LK_NODE_OK, or a negative LK_NODE_* when it is corrupt.
 * Always inlined: each caller knows which kinds it expects, and a call per node costs a lookup's
 * tenth. */
static inline __attribute__((always_inline)) int lk_node_read(const lk_tree *t, uint32_t at, lk_node *n) {
    if (at >= t->node_words) return LK_NODE_OUT_OF_BOUNDS;
    uint64_t room = t->node_words - at; /* words from `at` to the end of the section */
    n->kind = lk_tree_word(t, at);
    switch (n->kind) {
    case LK_NODE_TEXT:
        if (room < LK_TEXT_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        if (!lk_tree_string(t, at + LK_TEXT_STRING, &n->text, &n->length)) return LK_NODE_BAD_STRING;
        n->format = lk_tree_word(t, at + LK_TEXT_FORMAT);
        return LK_NODE_OK;
    case LK_NODE_PLURAL:
        if (room < LK_PLURAL_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        n->argument = lk_tree_word(t, at + LK_PLURAL_ARGUMENT);
        n->flags = lk_tree_word(t, at + LK_PLURAL_FLAGS);
        n->children = at + LK_PLURAL_CHILDREN;
        n->count = LK_CATEGORY_COUNT;
        return LK_NODE_OK;
    case LK_NODE_DEVICE:
        if (room < LK_DEVICE_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        n->children = at + LK_DEVICE_CHILDREN;
        n->count = LK_DEVICE_COUNT;
        return LK_NODE_OK;
    case LK_NODE_MESSAGE:
        if (room < LK_MESSAGE_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        n->next = lk_tree_word(t, at + LK_MESSAGE_BODY);
        n->count = lk_tree_word(t, at + LK_MESSAGE_COUNT);
        if (n->count > LK_LIMIT_SUBSTITUTIONS) return LK_NODE_TOO_MANY;
        if ((room - LK_MESSAGE_WORDS) / LK_SUBSTITUTION_WORDS < n->count) return LK_NODE_OUT_OF_BOUNDS;
        n->children = at + LK_MESSAGE_SUBSTITUTIONS;
        return LK_NODE_OK;
    case LK_NODE_REPLACED:
        if (room < LK_REPLACED_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        if (!lk_tree_string(t, at + LK_REPLACED_REASON, &n->text, &n->length)) return LK_NODE_BAD_STRING;
        n->next = lk_tree_word(t, at + LK_REPLACED_NODE);
        return LK_NODE_OK;
    case LK_NODE_FORMS:
        if (room < LK_FORMS_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        n->argument = lk_tree_word(t, at + LK_FORMS_ARGUMENT);
        n->next = lk_tree_word(t, at + LK_FORMS_RULE);
        n->count = lk_tree_word(t, at + LK_FORMS_COUNT);
        if (n->count == 0 || n->count > LK_LIMIT_FORMS) return LK_NODE_TOO_MANY;
        if (room - LK_FORMS_WORDS < n->count) return LK_NODE_OUT_OF_BOUNDS;
        n->children = at + LK_FORMS_CHILDREN;
        return LK_NODE_OK;
    case LK_NODE_RULE:
        if (room < LK_RULE_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        n->count = lk_tree_word(t, at + LK_RULE_LENGTH);
        n->length = lk_tree_word(t, at + LK_RULE_SMALL);
        if (n->count > LK_LIMIT_RULE_WORDS || n->length > LK_SMALL_COUNTS) return LK_NODE_TOO_MANY;
        if (room - LK_RULE_WORDS < (uint64_t)n->count + (n->length + 3) / 4) return LK_NODE_OUT_OF_BOUNDS;
        n->children = at + LK_RULE_CODE;
        n->next = n->children + n->count;
        return LK_NODE_OK;
    case LK_NODE_MF2: {
        if (room < LK_MF2_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        uint32_t declarations = lk_tree_word(t, at + LK_MF2_DECLARATIONS);
        n->argument = declarations & LK_MF2_COUNT_MASK;
        n->format = declarations & ~LK_MF2_COUNT_MASK;
        if (n->format & ~LK_MF2_FLAG_ICU) return LK_NODE_BAD_KIND;
        n->flags = lk_tree_word(t, at + LK_MF2_SELECTORS);
        n->count = lk_tree_word(t, at + LK_MF2_VARIANTS);
        if (n->argument > LK_LIMIT_MF2_DECLARATIONS || n->flags > LK_LIMIT_MF2_SELECTORS || n->count > LK_LIMIT_MF2_VARIANTS)
            return LK_NODE_TOO_MANY;
        if (n->count == 0) return LK_NODE_BAD_KIND;
        uint64_t variant = LK_VARIANT_WORDS + 2 * (uint64_t)n->flags;
        uint64_t words = (uint64_t)n->argument * LK_DECLARATION_WORDS + (uint64_t)n->flags * LK_SELECTOR_WORDS;
        if (room - LK_MF2_WORDS < words + n->count * variant) return LK_NODE_OUT_OF_BOUNDS;
        n->children = at + LK_MF2_WORDS;
        n->next = (uint32_t)(n->children + words);
        return LK_NODE_OK;
    }
    case LK_NODE_PATTERN:
        if (room < LK_PATTERN_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        n->count = lk_tree_word(t, at + LK_PATTERN_COUNT);
        if (n->count > LK_LIMIT_MF2_PATTERN_PARTS) return LK_NODE_TOO_MANY;
        if ((room - LK_PATTERN_WORDS) / LK_PART_WORDS < n->count) return LK_NODE_OUT_OF_BOUNDS;
        n->children = at + LK_PATTERN_PARTS;
        return LK_NODE_OK;
    case LK_NODE_EXPRESSION:
        if (room < LK_EXPRESSION_WORDS) return LK_NODE_OUT_OF_BOUNDS;
        n->flags = lk_tree_word(t, at + LK_EXPRESSION_FLAGS);
        n->argument = lk_tree_word(t, at + LK_EXPRESSION_OPTIONS);
        n->count = lk_tree_word(t, at + LK_EXPRESSION_ATTRIBUTES);
        if (n->argument > LK_LIMIT_MF2_OPTIONS || n->count > LK_LIMIT_MF2_ATTRIBUTES) return LK_NODE_TOO_MANY;
        if ((room - LK_EXPRESSION_WORDS) / LK_OPTION_WORDS < (uint64_t)n->argument + n->count) return LK_NODE_OUT_OF_BOUNDS;
        n->text = NULL;
        n->length = 0;
        if ((n->flags & LK_VALUE_KIND) != LK_VALUE_NONE && !lk_tree_string(t, at + LK_EXPRESSION_OPERAND, &n->text, &n->length))
            return LK_NODE_BAD_STRING;
        n->name = NULL;
        n->name_length = 0;
        if (lk_tree_word(t, at + LK_EXPRESSION_FUNCTION) != LK_NONE && !lk_tree_string(t, at + LK_EXPRESSION_FUNCTION, &n->name, &n->name_length))
            return LK_NODE_BAD_STRING;
        if ((n->flags & LK_MARKUP_KIND) && !n->name) return LK_NODE_BAD_KIND; /* markup has a name */
        if (!(n->flags & LK_MARKUP_KIND) && !n->name && !n->text) return LK_NODE_BAD_KIND; /* {} */
        n->children = at + LK_EXPRESSION_WORDS;
        return LK_NODE_OK;
    default:
        return LK_NODE_BAD_KIND;
    }
}

/* One item of an MF2 node: a declaration (flags, name, node: its expression), a selector (name), a
 * variant's key (value; flags LK_VALUE_LITERAL, or LK_VALUE_NONE for `*`), a pattern part (flags:
 * its LK_PART_* kind; value: a text; node: an expression or markup) or an expression's option or
 * attribute (name, flags, value). Strings are NUL-terminated in the pool; absent ones are NULL. */
typedef struct lk_mf2_item {
    uint32_t flags;
    uint32_t node;
    const uint8_t *name;
    uint32_t name_length;
    const uint8_t *value;
    uint32_t value_length;
} lk_mf2_item;

/* Declaration i (< n->argument) of an mf2 node: LK_NODE_OK or LK_NODE_BAD_STRING. The node was read
 * whole, so every item's words are inside the section. */
static inline int lk_mf2_declaration(const lk_tree *t, const lk_node *n, uint32_t i, lk_mf2_item *d) {
    uint64_t at = (uint64_t)n->children + (uint64_t)i * LK_DECLARATION_WORDS;
    d->flags = lk_tree_word(t, at + LK_DECLARATION_FLAGS);
    d->node = lk_tree_word(t, at + LK_DECLARATION_EXPRESSION);
    d->value = NULL;
    d->value_length = 0;
    return lk_tree_string(t, at + LK_DECLARATION_NAME, &d->name, &d->name_length) ? LK_NODE_OK : LK_NODE_BAD_STRING;
}

/* Selector i (< n->flags) of an mf2 node: its variable's name. */
static inline int lk_mf2_selector(const lk_tree *t, const lk_node *n, uint32_t i, const uint8_t **name, uint32_t *length) {
    uint64_t at = (uint64_t)n->children + (uint64_t)n->argument * LK_DECLARATION_WORDS + (uint64_t)i * LK_SELECTOR_WORDS;
    return lk_tree_string(t, at, name, length) ? LK_NODE_OK : LK_NODE_BAD_STRING;
}

/* The word position of variant v (< n->count) of an mf2 node; its pattern is the word there. */
static inline uint64_t lk_mf2_variant(const lk_node *n, uint32_t v) {
    return (uint64_t)n->next + (uint64_t)v * (LK_VARIANT_WORDS + 2 * (uint64_t)n->flags);
}

/* Key s (< n->flags) of variant v: LK_NODE_OK with k->flags LK_VALUE_LITERAL and k->value, or
 * LK_VALUE_NONE for `*`; LK_NODE_BAD_STRING. */
static inline int lk_mf2_key(const lk_tree *t, const lk_node *n, uint32_t v, uint32_t s, lk_mf2_item *k) {
    uint64_t at = lk_mf2_variant(n, v) + LK_VARIANT_KEYS + 2 * (uint64_t)s;
    k->name = NULL;
    k->name_length = 0;
    k->node = LK_NONE;
    k->value = NULL;
    k->value_length = 0;
    if (lk_tree_word(t, at) == LK_NONE) {
        k->flags = LK_VALUE_NONE;
        return LK_NODE_OK;
    }
    k->flags = LK_VALUE_LITERAL;
    return lk_tree_string(t, at, &k->value, &k->value_length) ? LK_NODE_OK : LK_NODE_BAD_STRING;
}

/* Part i (< n->count) of a pattern node. */
static inline int lk_pattern_part(const lk_tree *t, const lk_node *n, uint32_t i, lk_mf2_item *p) {
    uint64_t at = (uint64_t)n->children + (uint64_t)i * LK_PART_WORDS;
    p->flags = lk_tree_word(t, at + LK_PART_KIND);
    p->name = NULL;
    p->name_length = 0;
    p->value = NULL;
    p->value_length = 0;
    p->node = LK_NONE;
    switch (p->flags) {
    case LK_PART_TEXT:
        return lk_tree_string(t, at + LK_PART_TEXT_STRING, &p->value, &p->value_length) ? LK_NODE_OK : LK_NODE_BAD_STRING;
    case LK_PART_EXPRESSION:
    case LK_PART_MARKUP:
        p->node = lk_tree_word(t, at + LK_PART_NODE);
        return LK_NODE_OK;
    default:
        return LK_NODE_BAD_KIND;
    }
}

/* Option i of an expression node, or attribute i - n->argument when i >= n->argument (i <
 * n->argument + n->count). */
static inline int lk_expression_option(const lk_tree *t, const lk_node *n, uint32_t i, lk_mf2_item *o) {
    uint64_t at = (uint64_t)n->children + (uint64_t)i * LK_OPTION_WORDS;
    o->flags = lk_tree_word(t, at + LK_OPTION_FLAGS);
    o->node = LK_NONE;
    o->value = NULL;
    o->value_length = 0;
    if (!lk_tree_string(t, at + LK_OPTION_NAME, &o->name, &o->name_length)) return LK_NODE_BAD_STRING;
    if ((o->flags & LK_VALUE_KIND) == LK_VALUE_NONE) return i >= n->argument ? LK_NODE_OK : LK_NODE_BAD_KIND;
    return lk_tree_string(t, at + LK_OPTION_VALUE, &o->value, &o->value_length) ? LK_NODE_OK : LK_NODE_BAD_STRING;
}

/* Runs the rule at word `at` for the count n, as glibc evaluates a Plural-Forms expression
 * (unsigned 64-bit arithmetic that wraps, comparisons giving 0 or 1, && || ?: evaluating only what
 * they need): LK_NODE_OK with *result, or a negative LK_NODE_* when the rule is corrupt. Where glibc
 * raises SIGFPE, x / 0 and x % 0 give 0 and set *divided_by_zero (may be NULL). No recursion, no
 * allocation: jumps go forward only and the stack is LK_RULE_STACK values on the C stack. A count
 * below the rule's precomputed ones reads its result (the writer ran this code for them): a table
 * lookup where the code would take a few 64-bit divisions. */
static inline int lk_rule_run(const lk_tree *t, uint32_t at, uint64_t n, uint64_t *result, int *divided_by_zero) {
    lk_node rule;
    int read = lk_node_read(t, at, &rule);
    if (read != LK_NODE_OK) return read;
    if (rule.kind != LK_NODE_RULE) return LK_NODE_BAD_KIND;
    if (n < rule.length) {
        *result = (lk_tree_word(t, (uint64_t)rule.next + n / 4) >> (n % 4 * 8)) & 0xFFu;
        return LK_NODE_OK;
    }
    uint64_t stack[LK_RULE_STACK];
    uint32_t top = 0, pc = 0, end = rule.count;
    while (pc < end) {
        uint32_t word = lk_tree_word(t, (uint64_t)rule.children + pc++);
        uint32_t op = word & 0xFFu, operand = word >> LK_OP_OPERAND_SHIFT;
        if (op == LK_OP_N || op == LK_OP_PUSH || op == LK_OP_PUSH64) {
            if (top == LK_RULE_STACK) return LK_NODE_BAD_RULE;
            if (op == LK_OP_PUSH64) {
                if (end - pc < 2) return LK_NODE_BAD_RULE;
                uint64_t low = lk_tree_word(t, (uint64_t)rule.children + pc), high = lk_tree_word(t, (uint64_t)rule.children + pc + 1);
                stack[top++] = low | high << 32;
                pc += 2;
            } else {
                stack[top++] = op == LK_OP_N ? n : operand;
            }
            continue;
        }
        if (op == LK_OP_JUMP) {
            if (operand > end - pc) return LK_NODE_BAD_RULE;
            pc += operand;
            continue;
        }
        if (top == 0) return LK_NODE_BAD_RULE;
        if (op == LK_OP_JUMP_IF_ZERO) {
            if (operand > end - pc) return LK_NODE_BAD_RULE;
            if (stack[--top] == 0) pc += operand;
            continue;
        }
        uint64_t *a = &stack[top - 1];
        if (op == LK_OP_NOT) { *a = !*a; continue; }
        if (op == LK_OP_BOOL) { *a = *a != 0; continue; }
        if (top < 2) return LK_NODE_BAD_RULE;
        uint64_t b = stack[--top];
        a = &stack[top - 1];
        switch (op) {
        case LK_OP_MULTIPLY: *a *= b; break;
        case LK_OP_DIVIDE:
        case LK_OP_REMAINDER:
            if (b == 0) {
                *a = 0;
                if (divided_by_zero) *divided_by_zero = 1;
            } else {
                *a = op == LK_OP_DIVIDE ? *a / b : *a % b;
            }
            break;
        case LK_OP_ADD: *a += b; break;
        case LK_OP_SUBTRACT: *a -= b; break;
        case LK_OP_LESS: *a = *a < b; break;
        case LK_OP_LESS_EQUAL: *a = *a <= b; break;
        case LK_OP_GREATER: *a = *a > b; break;
        case LK_OP_GREATER_EQUAL: *a = *a >= b; break;
        case LK_OP_EQUAL: *a = *a == b; break;
        case LK_OP_NOT_EQUAL: *a = *a != b; break;
        default: return LK_NODE_BAD_RULE;
        }
    }
    if (top != 1) return LK_NODE_BAD_RULE;
    *result = stack[0];
    return LK_NODE_OK;
}

/* The child of a forms node for the count n: msgstr[i] for the i its rule gives, msgstr[0] when i
 * is past the forms (glibc's rule). LK_NODE_OK with *child (LK_NONE: no text), or why not. */
static inline int lk_node_form(const lk_tree *t, const lk_node *n, uint64_t count, uint32_t *child) {
    uint64_t index = 0;
    int run = lk_rule_run(t, n->next, count, &index, NULL);
    if (run != LK_NODE_OK) return run;
    *child = lk_tree_word(t, (uint64_t)n->children + (index < n->count ? index : 0));
    return LK_NODE_OK;
}

/* The count a forms node reads from a floating-point argument: glibc's ngettext takes an unsigned
 * long, so the number is cut toward zero and a negative one read as its two's complement, as C
 * converts a long; NaN is 0 and the ends saturate. */
static inline uint64_t lk_count_of_double(double d) {
    if (!(d == d)) return 0;
    if (d >= 18446744073709551616.0) return UINT64_MAX;
    if (d >= 0) return (uint64_t)d;
    if (d <= -9223372036854775808.0) return (uint64_t)INT64_MIN;
    return (uint64_t)(int64_t)d;
}

/* The child of a variant node (plural, device) for case `index`, else its `other` case (the last
 * child of both kinds); with `zero_first`, a `zero` child when present (Apple's rule: a `zero`
 * variant serves 0 in every language). LK_NONE when there is none. The node was read whole, so
 * its children are inside the section. */
static inline uint32_t lk_node_choose(const lk_tree *t, const lk_node *n, uint32_t index, int zero_first) {
    uint32_t child;
    if (zero_first && n->kind == LK_NODE_PLURAL && (child = lk_tree_word(t, n->children + LK_CATEGORY_ZERO)) != LK_NONE)
        return child;
    child = index < n->count ? lk_tree_word(t, n->children + index) : LK_NONE;
    return child != LK_NONE ? child : lk_tree_word(t, n->children + n->count - 1);
}

/* Substitution i (< n->count) of a message node: LK_NODE_OK, or LK_NODE_BAD_STRING. */
static inline int lk_node_substitution(const lk_tree *t, const lk_node *n, uint32_t i, lk_substitution *s) {
    uint64_t at = (uint64_t)n->children + (uint64_t)i * LK_SUBSTITUTION_WORDS;
    if (!lk_tree_string(t, at + LK_SUBSTITUTION_NAME, &s->name, &s->name_length) ||
        !lk_tree_string(t, at + LK_SUBSTITUTION_SPECIFIER, &s->specifier, &s->specifier_length))
        return LK_NODE_BAD_STRING;
    s->argument = lk_tree_word(t, at + LK_SUBSTITUTION_ARGUMENT);
    s->node = lk_tree_word(t, at + LK_SUBSTITUTION_NODE);
    return LK_NODE_OK;
}

#ifdef __cplusplus
}
#endif
#endif
