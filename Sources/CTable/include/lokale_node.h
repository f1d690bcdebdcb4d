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
 *   replaced  text, length (the reason); next (the development localization's message) */
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
    LK_NODE_TOO_MANY = -4       /* more substitutions than LK_LIMIT_SUBSTITUTIONS */
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

/* Reads the node at word `at` into *n: LK_NODE_OK, or a negative LK_NODE_* when it is corrupt. */
static inline int lk_node_read(const lk_tree *t, uint32_t at, lk_node *n) {
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
    default:
        return LK_NODE_BAD_KIND;
    }
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
