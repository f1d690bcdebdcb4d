/* HTTP Accept-Language parsing (lokale_accept.h). The header comes from the network, so every
 * byte is checked against the grammar and nothing past `length` is read; what does not match is
 * one skipped element, never a failure of the whole header:
 *
 *   Accept-Language = #( language-range [ weight ] )                  RFC 9110 §12.5.4
 *   language-range  = (1*8ALPHA *("-" 1*8alphanum)) / "*"              RFC 4647 §2.1
 *   weight          = OWS ";" OWS "q=" qvalue                          RFC 9110 §12.4.2
 *   qvalue          = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
 *
 * The ranges read are kept in a fixed table (LK_ACCEPT_MAX_RANGES), so the stack is about 1 KiB and
 * the work at most the header's length times that bound (about linear: repeats are found by a hash
 * of each range; a 64 KiB header of repeats takes under a millisecond). */
#include "lokale_accept.h"

#include <stdint.h>
#include <string.h>

typedef struct {
    uint32_t start;  /* offset of the range in the header */
    uint32_t length; /* bytes of the range */
    uint32_t hash;   /* of the range without case: repeats are found without comparing bytes */
    uint16_t q;      /* weight in thousandths, 0...1000 */
} lk_accept_range;

static int is_ows(unsigned char c) { return c == ' ' || c == '\t'; }
static int is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c; }

/* The end of the list element starting at i: the next comma outside a quoted string (a quoted
 * string's commas belong to it, RFC 9110 §5.6.1; an unterminated one runs to the end). */
static size_t element_end(const unsigned char *s, size_t i, size_t n) {
    while (i < n && s[i] != ',') {
        if (s[i++] != '"') continue;
        while (i < n && s[i] != '"') i += (s[i] == '\\' && i + 1 < n) ? 2 : 1;
        if (i < n) i++; /* the closing quote */
    }
    return i;
}

/* The end of a language range starting at i (before n), or i when there is none: "*", or subtags of
 * 1 to 8 letters (the first) or letters and digits (the others) joined by "-". */
static size_t range_end(const unsigned char *s, size_t i, size_t n) {
    if (i < n && s[i] == '*') return i + 1;
    size_t start = i, k = 0;
    while (i < n && is_alpha(s[i]) && k < 9) i++, k++;
    if (k == 0 || k > 8) return start;
    while (i < n && s[i] == '-') {
        size_t j = i + 1;
        k = 0;
        while (j < n && (is_alpha(s[j]) || is_digit(s[j])) && k < 9) j++, k++;
        if (k == 0 || k > 8) return start;
        i = j;
    }
    return i;
}

/* The qvalue filling s[i..<n] in thousandths, or -1 when it is not one (q=1.5, q=abc, q=0.1234). */
static int qvalue(const unsigned char *s, size_t i, size_t n) {
    if (i >= n || (s[i] != '0' && s[i] != '1')) return -1;
    int one = s[i++] == '1', q = one ? 1000 : 0, scale = 100;
    if (i == n) return q;
    if (s[i++] != '.') return -1;
    for (int digits = 0; i < n; digits++, i++) {
        if (digits == 3 || !is_digit(s[i]) || (one && s[i] != '0')) return -1;
        q += (s[i] - '0') * scale;
        scale /= 10;
    }
    return q;
}

/* Reads the element s[b..<e] into *r (its range and weight). 1: a range; 0: an empty element;
 * -1: malformed. */
static int read_element(const unsigned char *s, size_t b, size_t e, lk_accept_range *r) {
    while (b < e && is_ows(s[b])) b++;
    while (e > b && is_ows(s[e - 1])) e--;
    if (b == e) return 0;
    size_t i = range_end(s, b, e);
    if (i == b) return -1;
    r->start = (uint32_t)b;
    r->length = (uint32_t)(i - b);
    r->q = 1000;
    while (i < e && is_ows(s[i])) i++;
    if (i == e) return 1;
    /* The one parameter allowed is the weight, once, and "=" takes no whitespace around it. */
    if (s[i++] != ';') return -1;
    while (i < e && is_ows(s[i])) i++;
    if (e - i < 2 || lower(s[i]) != 'q' || s[i + 1] != '=') return -1;
    int q = qvalue(s, i + 2, e);
    if (q < 0) return -1;
    r->q = (uint16_t)q;
    return 1;
}

/* FNV-1a of the range's bytes without case. */
static uint32_t range_hash(const unsigned char *s, const lk_accept_range *r) {
    uint32_t h = 2166136261u;
    for (uint32_t k = 0; k < r->length; k++) h = (h ^ lower(s[r->start + k])) * 16777619u;
    return h;
}

static int same_range(const unsigned char *s, const lk_accept_range *a, const lk_accept_range *b) {
    if (a->hash != b->hash || a->length != b->length) return 0;
    for (uint32_t k = 0; k < a->length; k++)
        if (lower(s[a->start + k]) != lower(s[b->start + k])) return 0;
    return 1;
}

/* Reads the header's distinct ranges in header order into table (at most LK_ACCEPT_MAX_RANGES);
 * returns how many. */
static size_t read_ranges(const unsigned char *s, size_t n, lk_accept_range *table) {
    size_t kept = 0;
    for (size_t i = 0; i <= n && kept < LK_ACCEPT_MAX_RANGES; i++) {
        size_t e = element_end(s, i, n);
        lk_accept_range r;
        if (read_element(s, i, e, &r) == 1 && !(r.length == 1 && s[r.start] == '*')) {
            r.hash = range_hash(s, &r);
            size_t k = 0;
            while (k < kept && !same_range(s, &table[k], &r)) k++;
            /* A repeat: the first occurrence (kept, even with q=0) counts. */
            if (k == kept) table[kept++] = r;
        }
        i = e; /* the comma, or n: the loop's i++ steps past it */
    }
    return kept;
}

int lk_parse_accept_language(const char *header, size_t length, char *dst, size_t capacity, size_t *needed,
                             size_t *count) {
    if (needed) *needed = 0;
    if (count) *count = 0;
    if ((!header && length > 0) || length > LK_ACCEPT_MAX_BYTES || (!dst && capacity > 0)) {
        if (dst && capacity > 0) dst[0] = 0;
        return LK_ACCEPT_INVALID;
    }
    const unsigned char *s = (const unsigned char *)header;
    lk_accept_range table[LK_ACCEPT_MAX_RANGES];
    size_t kept = header ? read_ranges(s, length, table) : 0;

    /* Drop q=0, then a stable insertion sort by weight, descending (equal weights keep header
     * order). At most 64 entries. */
    size_t n = 0;
    for (size_t k = 0; k < kept; k++)
        if (table[k].q > 0) table[n++] = table[k];
    for (size_t k = 1; k < n; k++) {
        lk_accept_range r = table[k];
        size_t j = k;
        while (j > 0 && table[j - 1].q < r.q) {
            table[j] = table[j - 1];
            j--;
        }
        table[j] = r;
    }

    size_t total = 0;
    for (size_t k = 0; k < n; k++) total += table[k].length + (k > 0);
    if (needed) *needed = total;
    if (count) *count = n;
    if (capacity == 0) return (total == 0 && !dst) ? LK_ACCEPT_OK : LK_ACCEPT_TRUNCATED;

    /* Whole ranges only: a truncated result is a shorter list, never a cut range. */
    size_t w = 0;
    for (size_t k = 0; k < n; k++) {
        size_t sep = k > 0, len = table[k].length;
        if (w + sep + len > capacity - 1) break;
        if (sep) dst[w++] = ',';
        memcpy(dst + w, s + table[k].start, len);
        w += len;
    }
    dst[w] = 0;
    return total < capacity ? LK_ACCEPT_OK : LK_ACCEPT_TRUNCATED;
}
