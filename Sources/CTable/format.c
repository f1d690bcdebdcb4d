/* lk_plan_format: a format's common case without allocation, reference counting or Swift errors.
 * It reads nodes through the same reader as MessageRenderer (lokale_node.h), and FMTS words as
 * Formatter (LokaleCore) does, for the subset whose result it can produce byte for byte:
 * everything else is declined, never approximated. FormatFastPathTests checks it against the Swift renderer. */
#include "lokale_find.h"
#include "lokale_table.h"

#include <stdlib.h>
#include <string.h>

#include "format_out.h"

/* %@ and %s without flags, width or precision: text as it is, integers in ASCII decimal (as
 * FormatArgument.textValue spells them, whatever the locale's digits). */
static inline int put_text_argument(out *o, const lk_arg *a) {
    switch (a->type) {
    case LK_ARG_INT: put_decimal(o, a->value.i); return 1;
    case LK_ARG_UINT: put_unsigned(o, a->value.u); return 1;
    case LK_ARG_STRING: {
        const char *p = a->value.s.ptr;
        size_t n = a->value.s.len == -1 ? strlen(p) : (size_t)a->value.s.len; /* checked by the caller */
        if (!valid_utf8((const uint8_t *)p, n)) return 0;
        put(o, p, n);
        return 1;
    }
    default: return 0; /* a double's spelling is Swift's */
    }
}

/* The integer a %d %i %u prints, as FormatArgument.integerValue gives it; 0 when declined. */
static inline int integer_value(const lk_arg *a, int64_t *v) {
    switch (a->type) {
    case LK_ARG_INT: *v = a->value.i; return 1;
    case LK_ARG_UINT: *v = (int64_t)a->value.u; return 1;
    default: return 0; /* doubles and text: Swift's rules */
    }
}

/* The index into a plural table of a count in [0, LK_SMALL_COUNTS), as PluralRules.category reads
 * it for an integral number; -1 otherwise (negative, large, fractional, text: ICU's business). */
static inline int small_count(const lk_arg *a) {
    switch (a->type) {
    case LK_ARG_INT: return a->value.i >= 0 && a->value.i < LK_SMALL_COUNTS ? (int)a->value.i : -1;
    case LK_ARG_UINT: return a->value.u < LK_SMALL_COUNTS ? (int)a->value.u : -1;
    case LK_ARG_DOUBLE: {
        double d = a->value.d;
        if (!(d >= 0 && d < LK_SMALL_COUNTS)) return -1; /* NaN too */
        int n = (int)d;
        return (double)n == d ? n : -1;
    }
    default: return -1;
    }
}

/* A count from LK_SMALL_COUNTS below 2^53 (where Swift's double reading of it is exact), as the
 * integer it is: selected by the localization's integer rules. 0 otherwise. */
static inline int large_count(const lk_arg *a, uint64_t *n) {
    const uint64_t exact = UINT64_C(1) << 53;
    switch (a->type) {
    case LK_ARG_INT: *n = (uint64_t)a->value.i; return a->value.i >= LK_SMALL_COUNTS && (uint64_t)a->value.i < exact;
    case LK_ARG_UINT: *n = a->value.u; return a->value.u >= LK_SMALL_COUNTS && a->value.u < exact;
    case LK_ARG_DOUBLE: {
        double d = a->value.d;
        if (!(d >= LK_SMALL_COUNTS && d < (double)exact) || d != (double)(uint64_t)d) return 0;
        *n = (uint64_t)d;
        return 1;
    }
    default: return 0;
    }
}

/* The count a forms node reads (MessageRenderer.formCount): 0 for text, the Swift path's. */
static inline int form_count(const lk_arg *a, uint64_t *count) {
    switch (a->type) {
    case LK_ARG_INT: *count = (uint64_t)a->value.i; return 1;
    case LK_ARG_UINT: *count = a->value.u; return 1;
    case LK_ARG_DOUBLE: *count = lk_count_of_double(a->value.d); return 1;
    default: return 0;
    }
}

static int render_text(const lk_plan *p, const lk_localization_info *info, const lk_node *node,
                       const lk_arg *args, size_t arg_count, out *o) {
    const uint8_t *text = node->text;
    uint32_t length = node->length, format = node->format;
    if (format == LK_NONE) {
        put(o, text, length);
        return 1;
    }
    if (format >= p->format_words) return 0;
    uint32_t count = lk_load32(p->formats + (uint64_t)format * 4);
    if (count > (p->format_words - format - 1) / LK_SEGMENT_WORDS) return 0;
    const uint8_t *words = p->formats + ((uint64_t)format + 1) * 4;
    for (uint32_t s = 0; s < count; s++) {
        const uint8_t *w = words + (uint64_t)s * LK_SEGMENT_WORDS * 4;
#define SEGMENT_WORD(field) lk_load32(w + (field) * 4)
        uint32_t kind = SEGMENT_WORD(LK_SEGMENT_KIND), start = SEGMENT_WORD(LK_SEGMENT_START), n = SEGMENT_WORD(LK_SEGMENT_LENGTH);
        if ((uint64_t)start + n > length) return 0;
        if (kind == LK_SEGMENT_LITERAL) {
            put(o, text + start, n);
            continue;
        }
        if (kind != LK_SEGMENT_SPECIFIER) return 0; /* substitutions, or corrupt */
        uint32_t argument = SEGMENT_WORD(LK_SEGMENT_ARGUMENT), flags = SEGMENT_WORD(LK_SEGMENT_FLAGS);
        uint32_t width = SEGMENT_WORD(LK_SEGMENT_WIDTH), precision = SEGMENT_WORD(LK_SEGMENT_PRECISION);
        uint32_t spec = SEGMENT_WORD(LK_SEGMENT_CONVERSION);
#undef SEGMENT_WORD
        uint8_t conversion = (uint8_t)spec, modifier = (uint8_t)(spec >> 8);
        /* Java's %n reads no argument, as Formatter.renderSpecifier: whatever else the words say. */
        if (conversion == LK_CONVERSION_LINE_SEPARATOR) {
            put(o, "\n", 1);
            continue;
        }
        /* A Java %s or %d without flags, width or precision: Java's %s of an integer or text is
         * Apple's %@ of it; its %d is never grouped. */
        int java = (flags & LK_FLAG_JAVA) != 0;
        if ((flags & ~LK_FLAG_JAVA) != 0 || width != LK_NONE || precision != LK_NONE) return 0;
        if (argument < 1 || argument > arg_count) return 0;
        if (conversion == '@' || conversion == 's') {
            if (!put_text_argument(o, &args[argument - 1])) return 0;
            continue;
        }
        if (modifier == LK_MODIFIER_H || modifier == LK_MODIFIER_HH) return 0;
        if (conversion != 'd' && conversion != 'i' && conversion != 'u') return 0;
        int64_t v;
        if (!integer_value(&args[argument - 1], &v) || (conversion == 'u' && v < 0)) return 0;
        if (lk_info_digits(info) != LK_DIGITS_ASCII) return 0;
        if (java) {
            if (conversion != 'd') return 0; /* not written by the Java parser: Swift's business */
            /* Java prints an unsigned argument beyond INT64_MAX whole, as a BigInteger. */
            if (args[argument - 1].type == LK_ARG_UINT) put_unsigned(o, args[argument - 1].value.u);
            else put_decimal(o, v);
            continue;
        }
        /* Stored before the digits: published, since the digits are. */
        if (!put_grouped(o, v, lk_info_grouping(info))) return 0;
    }
    return 1;
}

/* MessageRenderer.render for text, plural, device and forms nodes, through the same node reader;
 * `choosing`: its choosingOnly (the chosen text unformatted). */
static int render(const lk_plan *p, const lk_localization_info *info, uint32_t device, uint32_t node,
                  const lk_arg *args, size_t arg_count, int choosing, out *o) {
    for (uint32_t depth = 0; depth < LK_LIMIT_RENDER_DEPTH; depth++) {
        lk_node n;
        if (lk_node_read(&p->tree, node, &n) != LK_NODE_OK) return 0;
        switch (n.kind) {
        case LK_NODE_TEXT:
            if (choosing) { /* the variant's text as the catalog wrote it */
                put(o, n.text, n.length);
                return 1;
            }
            return render_text(p, info, &n, args, arg_count, o);
        case LK_NODE_PLURAL: {
            if (n.argument < 1 || n.argument > arg_count) return 0;
            int ordinal = (n.flags & LK_PLURAL_FLAG_ORDINAL) != 0;
            int count = small_count(&args[n.argument - 1]);
            uint64_t large, category;
            if (count >= 0) {
                const uint8_t *rules = lk_info_rules(info, ordinal);
                if (!rules || rules[count] > LK_CATEGORY_OTHER) return 0;
                node = lk_node_choose(&p->tree, &n, rules[count], count == 0);
            } else if (!ordinal && large_count(&args[n.argument - 1], &large) && lk_info_integer_rules(info) &&
                       lk_rule_run(lk_info_integer_rules(info), 0, large, &category, NULL) == LK_NODE_OK && category <= LK_CATEGORY_OTHER) {
                node = lk_node_choose(&p->tree, &n, (uint32_t)category, 0);
            } else {
                return 0;
            }
            break;
        }
        case LK_NODE_DEVICE:
            if (device > LK_DEVICE_OTHER) return 0;
            node = lk_node_choose(&p->tree, &n, device, 0);
            break;
        case LK_NODE_FORMS: {
            uint64_t count;
            if (n.argument < 1 || n.argument > arg_count || !form_count(&args[n.argument - 1], &count)) return 0;
            if (lk_node_form(&p->tree, &n, count, &node) != LK_NODE_OK) return 0;
            break;
        }
        default:
            return 0; /* substitutions, replaced translations: Swift */
        }
        if (node == LK_NONE) return 1; /* no variant for this case and no `other`: no text */
    }
    return 0;
}

/* lk_plan_format and lk_plan_variant, each with its own copy (`choosing` a constant): LK_MISSED
 * when the table has no such key. */
static inline __attribute__((always_inline)) int plan_render(const lk_plan *plan, int64_t t, uint32_t device, const void *key, size_t key_length,
                       const lk_arg *args, size_t arg_count, int choosing, char *dst, size_t capacity, size_t *length) {
    lk_entry e;
    const lk_plan_table *table;
    int found = plan_entry(plan, t, key, key_length, dst, capacity, &e, &table);
    if (found != LK_FOUND) return found;
    out o = {dst, capacity, 0};
    if (e.node == LK_NONE) {
        put(&o, plan->records + e.value_offset, e.value_length);
    } else if (table->numbering || !render(plan, &plan->localizations[table->localization], device, e.node, args, arg_count, choosing, &o)) {
        return LK_DECLINED;
    }
    return out_finish(&o, length);
}

int lk_plan_format(const lk_plan *plan, int64_t t, uint32_t device, const void *key, size_t key_length,
                   const lk_arg *args, size_t arg_count, char *dst, size_t capacity, size_t *length) {
    int r = plan_render(plan, t, device, key, key_length, args, arg_count, 0, dst, capacity, length);
    return r == LK_ANSWERED ? LK_ANSWERED : LK_DECLINED;
}

int lk_plan_variant(const lk_plan *plan, int64_t t, uint32_t device, const void *key, size_t key_length,
                    const lk_arg *args, size_t arg_count, char *dst, size_t capacity, size_t *length) {
    return plan_render(plan, t, device, key, key_length, args, arg_count, 1, dst, capacity, length);
}

lk_localization_info *lk_localization_infos_new(uint64_t n) {
    return calloc(n ? n : 1, sizeof(lk_localization_info));
}

void lk_localization_infos_free(lk_localization_info *infos) { free(infos); }

int lk_utf8_valid(const uint8_t *bytes, size_t n) { return valid_utf8(bytes, n); }
