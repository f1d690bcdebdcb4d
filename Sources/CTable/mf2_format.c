/* lk_plan_format_named: a MessageFormat 2 message of a compiled table formatted without
 * allocation, lock or Swift, for the subset whose text it writes byte for byte as MF2.format does
 * (MF2FastPathTests checks them against each other): `.input` declarations, `.local` ones over an
 * argument, and placeholders of :string, :integer and :number, whose options may be the ones that
 * change nothing for an integer (roundingMode, maximumFractionDigits, minimumFractionDigits=0) and
 * useGrouping=auto|always (what ICU MessageFormat's numbers lower to), selection on them (exact
 * keys, plural categories of counts below LK_SMALL_COUNTS, `*`), text, markup without options, the
 * Default Bidi Strategy (or none, for a message read from ICU MessageFormat); counts from
 * LK_SMALL_COUNTS on select through the localization's integer rules (ICU's cardinal rules compiled
 * for lk_rule_run). Everything else is declined, never approximated: other options, literals as
 * operands, doubles, negative numbers, non-ASCII names or selected strings, a localization whose
 * MF2 information is not yet published. Nodes are read through lokale_node.h. */
#include "format_out.h"
#include "lokale_find.h"

/* A resolved value: text (a string argument) or a non-negative integer, grouped always (whatever
 * the locale's minimum grouping digits) when its function says useGrouping=always. */
typedef struct value {
    int is_number;
    int grouping_always;
    const char *text;
    size_t length;
    int64_t number;
} value;

enum { FN_NONE, FN_STRING, FN_NUMBER, FN_OTHER };

static int is_ascii(const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; i++) if (b[i] >= 0x80) return 0;
    return 1;
}

static int same(const uint8_t *a, uint32_t n, const char *b) { return strlen(b) == n && memcmp(a, b, n) == 0; }

/* Which function an expression node calls, when it is one this path knows with the options it
 * has: none, or for a number the ones that leave an integer's digits as they are; *always is set
 * for useGrouping=always. */
static int function_of(const lk_tree *t, const lk_node *e, int *always) {
    *always = 0;
    if (!e->name) return FN_NONE;
    if (same(e->name, e->name_length, "string")) return e->argument == 0 ? FN_STRING : FN_OTHER;
    if (!same(e->name, e->name_length, "integer") && !same(e->name, e->name_length, "number")) return FN_OTHER;
    for (uint32_t i = 0; i < e->argument; i++) {
        lk_mf2_item o;
        if (lk_expression_option(t, e, i, &o) != LK_NODE_OK || (o.flags & LK_VALUE_KIND) != LK_VALUE_LITERAL) return FN_OTHER;
        if (same(o.name, o.name_length, "useGrouping") && same(o.value, o.value_length, "always")) *always = 1;
        else if (same(o.name, o.name_length, "useGrouping") && same(o.value, o.value_length, "auto")) continue;
        else if (same(o.name, o.name_length, "minimumFractionDigits") && same(o.value, o.value_length, "0")) continue;
        /* Any rounding of an integer, to any number of fraction digits, is the integer. */
        else if (!same(o.name, o.name_length, "roundingMode") && !same(o.name, o.name_length, "maximumFractionDigits")) return FN_OTHER;
    }
    return FN_NUMBER;
}

/* The argument named (name, length), the last given with it; NULL when none. */
static const lk_named *argument(const lk_named *args, size_t count, const uint8_t *name, uint32_t length) {
    for (size_t i = count; i-- > 0;) {
        size_t n = args[i].name_len < 0 ? strlen(args[i].name) : (size_t)args[i].name_len;
        if (n == length && memcmp(args[i].name, name, n) == 0) return &args[i];
    }
    return NULL;
}

/* An argument's value under `fn` (MF2ArgumentValue and the functions): 0 when declined. */
static int apply(const lk_named *a, int fn, value *v) {
    if (!a) return 0;
    switch (a->value.type) {
    case LK_ARG_STRING:
        if (fn != FN_NONE && fn != FN_STRING) return 0;
        v->is_number = 0;
        v->text = a->value.value.s.ptr;
        v->length = a->value.value.s.len < 0 ? strlen(v->text) : (size_t)a->value.value.s.len;
        return valid_utf8((const uint8_t *)v->text, v->length);
    case LK_ARG_INT:
    case LK_ARG_UINT:
        if (fn != FN_NONE && fn != FN_NUMBER) return 0;
        if (a->value.type == LK_ARG_INT ? a->value.value.i < 0 : a->value.value.u > INT64_MAX) return 0;
        v->is_number = 1;
        v->number = a->value.value.i;
        return 1;
    default:
        return 0;
    }
}

typedef struct message {
    const lk_tree *tree;
    lk_node node; /* the mf2 node */
    const lk_named *args;
    size_t arg_count;
} message;

/* Whether a declaration of the message names (name, length). */
static int declared(const message *m, const uint8_t *name, uint32_t length) {
    for (uint32_t i = 0; i < m->node.argument; i++) {
        lk_mf2_item d;
        if (lk_mf2_declaration(m->tree, &m->node, i, &d) != LK_NODE_OK || (d.name_length == length && memcmp(d.name, name, length) == 0)) return 1;
    }
    return 0;
}

/* $name's value, with the function its declaration gives it (`fn` the placeholder's own, FN_NONE
 * when it has none; `selector`: a declared function is required); 0 when declined. An `.input`
 * declares an argument's function; a `.local` names a function of an argument no declaration
 * names (`.local $n.1 = {$n :number …}`, as ICU MessageFormat's plurals lower). */
static int variable(const message *m, const uint8_t *name, uint32_t length, int fn, int selector, value *v) {
    for (uint32_t i = 0; i < m->node.argument; i++) {
        lk_mf2_item d;
        if (lk_mf2_declaration(m->tree, &m->node, i, &d) != LK_NODE_OK) return 0;
        if (d.name_length != length || memcmp(d.name, name, length) != 0) continue;
        lk_node e;
        if (lk_node_read(m->tree, d.node, &e) != LK_NODE_OK || e.kind != LK_NODE_EXPRESSION || e.count != 0) return 0;
        int always;
        int function = function_of(m->tree, &e, &always);
        /* A function over a declared one composes them: MF2.format's business. */
        if (function == FN_OTHER || (fn != FN_NONE && function != FN_NONE) || (selector && function == FN_NONE)) return 0;
        if (d.flags & LK_DECLARATION_LOCAL) {
            if ((e.flags & LK_VALUE_KIND) != LK_VALUE_VARIABLE || declared(m, e.text, e.length)) return 0;
            name = e.text;
            length = e.length;
        }
        if (!apply(argument(m->args, m->arg_count, name, length), function, v)) return 0;
        v->grouping_always = always;
        return 1;
    }
    if (selector) return 0;
    v->grouping_always = 0;
    return apply(argument(m->args, m->arg_count, name, length), fn, v);
}

static const char *const categories[LK_CATEGORY_COUNT] = {"zero", "one", "two", "few", "many", "other"};

/* The cardinal category of a number value (LK_CATEGORY_*): the small-count table, else the integer
 * rules; -1 when neither is published or the result is not a category. */
static int category_of(int64_t n, const uint8_t *rules, const lk_tree *integer_rules) {
    if (n < LK_SMALL_COUNTS) return rules && rules[n] <= LK_CATEGORY_OTHER ? rules[n] : -1;
    uint64_t c;
    if (!integer_rules || lk_rule_run(integer_rules, 0, (uint64_t)n, &c, NULL) != LK_NODE_OK || c > LK_CATEGORY_OTHER) return -1;
    return (int)c;
}

/* How well key k matches a selector's value (MF2's Match and BetterThan, as the functions
 * order their matches): 0 an exact key, 1 a plural category, 2 `*`, 3 no match; -1: declined. */
static int rank(const lk_mf2_item *k, const value *v, int category) {
    if (k->flags == LK_VALUE_NONE) return 2;
    if (!v->is_number) {
        if (!is_ascii((const uint8_t *)v->text, v->length)) return -1; /* keys compare in NFC */
        return k->value_length == v->length && memcmp(k->value, v->text, v->length) == 0 ? 0 : 3;
    }
    char digits[20];
    int at = decimal_digits((uint64_t)v->number, digits);
    if (k->value_length == (uint32_t)(20 - at) && memcmp(k->value, digits + at, k->value_length) == 0) return 0;
    for (int c = 0; c < (int)LK_CATEGORY_COUNT; c++)
        if (same(k->value, k->value_length, categories[c])) return category == c ? 1 : 3;
    return 3; /* another number, or a bad key (reported by the general path) */
}

/* The variant a .match chooses: the best rank for the first selector, then the next, …, the first
 * variant among equals. LK_NONE when none matches. */
static int choose(const message *m, const uint8_t *rules, const lk_tree *integer_rules, uint32_t *pattern) {
    uint32_t selectors = m->node.flags;
    value values[LK_LIMIT_MF2_SELECTORS];
    int category[LK_LIMIT_MF2_SELECTORS];
    for (uint32_t s = 0; s < selectors; s++) {
        const uint8_t *name;
        uint32_t length;
        if (lk_mf2_selector(m->tree, &m->node, s, &name, &length) != LK_NODE_OK) return 0;
        if (!variable(m, name, length, FN_NONE, 1, &values[s])) return 0;
        category[s] = values[s].is_number ? category_of(values[s].number, rules, integer_rules) : -1;
        if (values[s].is_number && category[s] < 0) return 0;
    }
    uint8_t best[LK_LIMIT_MF2_SELECTORS];
    int found = 0;
    *pattern = LK_NONE;
    for (uint32_t v = 0; v < m->node.count; v++) {
        uint8_t ranks[LK_LIMIT_MF2_SELECTORS];
        int matches = 1;
        for (uint32_t s = 0; s < selectors && matches; s++) {
            lk_mf2_item k;
            if (lk_mf2_key(m->tree, &m->node, v, s, &k) != LK_NODE_OK) return 0;
            int r = rank(&k, &values[s], category[s]);
            if (r < 0) return 0;
            ranks[s] = (uint8_t)r;
            matches = r < 3;
        }
        if (!matches || (found && memcmp(ranks, best, selectors) >= 0)) continue;
        memcpy(best, ranks, selectors);
        found = 1;
        *pattern = lk_tree_word(m->tree, lk_mf2_variant(&m->node, v) + LK_VARIANT_PATTERN);
    }
    return 1;
}

/* isolates: MF2's Default Bidi Strategy (0 for an ICU message: ICU isolates nothing); rtl: the
 * locale's direction, in which a number is written. */
static int put_pattern(const message *m, uint32_t at, uint64_t grouping, int isolates, int rtl, out *o) {
    lk_node p;
    if (at == LK_NONE) return 1;
    if (lk_node_read(m->tree, at, &p) != LK_NODE_OK || p.kind != LK_NODE_PATTERN) return 0;
    for (uint32_t i = 0; i < p.count; i++) {
        lk_mf2_item part;
        if (lk_pattern_part(m->tree, &p, i, &part) != LK_NODE_OK) return 0;
        if (part.flags == LK_PART_TEXT) {
            put(o, part.value, part.value_length);
            continue;
        }
        lk_node e;
        if (lk_node_read(m->tree, part.node, &e) != LK_NODE_OK || e.kind != LK_NODE_EXPRESSION) return 0;
        if (part.flags == LK_PART_MARKUP) {
            if (e.argument != 0) return 0; /* options may report errors */
            continue;                      /* markup writes no text */
        }
        int always;
        int fn = function_of(m->tree, &e, &always);
        value v;
        if (e.count != 0 || fn == FN_OTHER || (e.flags & LK_VALUE_KIND) != LK_VALUE_VARIABLE) return 0;
        if (!variable(m, e.text, e.length, fn, 0, &v)) return 0;
        v.grouping_always |= always;
        if (!v.is_number && !isolates) {
            put(o, v.text, v.length);
            continue;
        }
        if (!v.is_number) { /* direction unknown: first strong isolate */
            put(o, "\xE2\x81\xA8", 3);
            put(o, v.text, v.length);
            put(o, "\xE2\x81\xA9", 3);
            continue;
        }
        if (rtl) put(o, "\xE2\x81\xA7", 3); /* a number is written in the locale's direction */
        /* useGrouping=always: the locale's groups, whatever its minimum grouping digits. */
        uint64_t g = v.grouping_always ? (grouping & ~(UINT64_C(15) << 44)) | (UINT64_C(1) << 44) : grouping;
        if (!put_grouped(o, v.number, g)) return 0;
        if (rtl) put(o, "\xE2\x81\xA9", 3);
    }
    return 1;
}

int lk_plan_format_named(const lk_plan *plan, int64_t t, const void *key, size_t key_length, const lk_named *args,
                         size_t arg_count, char *dst, size_t capacity, size_t *length) {
    lk_entry e;
    const lk_plan_table *table;
    int found = plan_entry(plan, t, key, key_length, dst, capacity, &e, &table);
    if (found != LK_FOUND) return found;
    if (table->numbering) return LK_DECLINED;
    out o = {dst, capacity, 0};
    if (e.node == LK_NONE) {
        put(&o, plan->records + e.value_offset, e.value_length);
    } else {
        const lk_localization_info *info = &plan->localizations[table->localization];
        uint32_t flags = lk_info_flags(info); /* published after the rules and the grouping */
        if (!(flags & LK_INFO_MF2) || lk_info_digits(info) != LK_DIGITS_ASCII) return LK_DECLINED;
        message m = {&plan->tree, {0}, args, arg_count};
        if (lk_node_read(&plan->tree, e.node, &m.node) != LK_NODE_OK || m.node.kind != LK_NODE_MF2) return LK_DECLINED;
        uint32_t pattern = lk_tree_word(&plan->tree, lk_mf2_variant(&m.node, 0) + LK_VARIANT_PATTERN);
        if (m.node.flags > 0 && !choose(&m, lk_info_rules(info, 0), lk_info_integer_rules(info), &pattern)) return LK_DECLINED;
        int isolates = !(m.node.format & LK_MF2_FLAG_ICU);
        if (!put_pattern(&m, pattern, lk_info_grouping(info), isolates, isolates && (flags & LK_INFO_RTL) != 0, &o)) return LK_DECLINED;
    }
    return out_finish(&o, length);
}
