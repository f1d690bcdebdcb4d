/* What both C formatters (format.c: Apple's and gettext's messages; mf2_format.c: MessageFormat 2)
 * write with: a bounded output, decimal digits, grouping by the localization's published word,
 * and the UTF-8 check that tells which text Swift would keep as it is. Internal to CTable. */
#ifndef LOKALE_FORMAT_OUT_H
#define LOKALE_FORMAT_OUT_H

#include "lokale_find.h"
#include "lokale_table.h"

#include <stdint.h>
#include <string.h>

/* The output: bytes past capacity are counted, not written. */
typedef struct out {
    char *dst;
    size_t capacity;
    size_t length;
} out;

static inline void put(out *o, const void *bytes, size_t n) {
    if (o->length < o->capacity) {
        size_t room = o->capacity - o->length;
        memcpy(o->dst + o->length, bytes, n < room ? n : room);
    }
    o->length += n;
}

/* The decimal digits of m at the end of digits[20]; returns where they start. */
static inline int decimal_digits(uint64_t m, char digits[20]) {
    int i = 20;
    do {
        digits[--i] = (char)('0' + m % 10);
        m /= 10;
    } while (m > 0);
    return i;
}

static inline uint64_t magnitude(int64_t v) { return v < 0 ? 0 - (uint64_t)v : (uint64_t)v; }

/* Formatter's unsigned spelling (FormatArgument.textValue of a uint). */
static inline void put_unsigned(out *o, uint64_t m) {
    char digits[20];
    int i = decimal_digits(m, digits);
    put(o, digits + i, (size_t)(20 - i));
}

/* Formatter.appendDecimal. */
static inline void put_decimal(out *o, int64_t v) {
    if (v < 0) put(o, "-", 1);
    put_unsigned(o, magnitude(v));
}

/* Formatter.localizedNumber of a %d %i %u without flags, width or precision: the digits grouped
 * as the localization's word says (lk_localization_info.grouping); 0 when it is not published.
 * A number with fewer digits than the first group and the minimum grouping digits (every count
 * below 1000) is written as it is. */
static inline int put_grouped(out *o, int64_t v, uint64_t g) {
    char digits[20];
    int i = decimal_digits(magnitude(v), digits);
    int n = 20 - i;
    size_t sep_length = (size_t)((g >> 32) & 15);
    if (!(g & LK_GROUPING_VALID) || sep_length > 4) return 0;
    int primary = (int)((g >> 36) & 15), secondary = (int)((g >> 40) & 15), minimum = (int)((g >> 44) & 15);
    if (v < 0) put(o, "-", 1);
    if (primary == 0 || n - primary < minimum) {
        put(o, digits + i, (size_t)n);
        return 1;
    }
    if (secondary == 0) secondary = primary;
    uint32_t sep = (uint32_t)g;
    unsigned char separator[4] = {(unsigned char)sep, (unsigned char)(sep >> 8), (unsigned char)(sep >> 16), (unsigned char)(sep >> 24)};
    char grouped[20 * 5];
    size_t length = 0;
    for (int k = 0; k < n; k++) {
        grouped[length++] = digits[i + k];
        int remaining = n - k - 1;
        if (remaining >= primary && remaining > 0 && (remaining - primary) % secondary == 0) {
            memcpy(grouped + length, separator, sep_length);
            length += sep_length;
        }
    }
    put(o, grouped, length);
    return 1;
}

/* Whether b is well-formed UTF-8 (Unicode's table 3-7): Swift keeps such text as it is and
 * replaces anything else, which is then the general path's work. */
static inline int valid_utf8(const uint8_t *b, size_t n) {
    size_t i = 0;
    while (i < n) {
        uint8_t c = b[i];
        if (c < 0x80) { i++; continue; }
        size_t need;
        uint8_t lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) need = 1;
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; if (c == 0xE0) lo = 0xA0; if (c == 0xED) hi = 0x9F; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
        else return 0;
        if (n - i <= need || b[i + 1] < lo || b[i + 1] > hi) return 0;
        for (size_t k = 2; k <= need; k++) if (b[i + k] < 0x80 || b[i + k] > 0xBF) return 0;
        i += need + 1;
    }
    return 1;
}

/* The record of key in table t of plan, for a formatter that writes into dst: LK_FOUND with *e and
 * *table (whose localization is one of the plan's), LK_MISSED when the table has no such key,
 * LK_DECLINED for anything else. */
static inline __attribute__((always_inline)) int plan_entry(const lk_plan *plan, int64_t t, const void *key, size_t key_length,
                                                            const char *dst, size_t capacity, lk_entry *e, const lk_plan_table **table) {
    if (t < 0 || (uint64_t)t >= plan->table_count || dst == NULL || capacity == 0) return LK_DECLINED;
    *table = &plan->tables[t];
    if (!(*table)->slots) return LK_MISSED;
    if ((*table)->localization < 0 || (uint64_t)(*table)->localization >= plan->localization_count) return LK_DECLINED;
    int found = lk_find((*table)->slots, (*table)->slot_count, plan->records, plan->records_bytes, key, key_length, e);
    return found == LK_FOUND ? LK_FOUND : found == LK_ABSENT ? LK_MISSED : LK_DECLINED;
}

/* The output NUL-terminated into its dst: LK_ANSWERED with *length, or LK_DECLINED when it does
 * not fit (cutting, at a character boundary and with an error, is the general path's). */
static inline int out_finish(out *o, size_t *length) {
    if (o->length >= o->capacity || o->length > LK_LIMIT_OUTPUT_BYTES) return LK_DECLINED;
    o->dst[o->length] = 0;
    *length = o->length;
    return LK_ANSWERED;
}

#endif
