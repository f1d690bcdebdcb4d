/* lokale_parse_accept_language: the RFC's examples, ordering, what is left out, truncation, bad
 * arguments, and pseudo-random bytes read from the end of a page followed by an unmapped one (a
 * read past header_len faults). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "check.h"

#include <stdint.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

/* The parse of a NUL-terminated header into a static buffer; *n receives the count. */
static const char *parse(const char *header, size_t *n) {
    static char out[4096];
    size_t needed = 0, count = 99;
    int rc = lokale_parse_accept_language(out, sizeof out, &needed, &count, header, -1);
    if (rc != LOKALE_OK) snprintf(out, sizeof out, "<error %s>", lokale_status_name(rc));
    else if (needed != strlen(out)) snprintf(out, sizeof out, "<needed %zu for %zu bytes>", needed, strlen(out));
    if (n) *n = count;
    return out;
}

static void expect(const char *header, const char *expected, size_t expected_count) {
    size_t n = 0;
    const char *got = parse(header, &n);
    if (strcmp(got, expected) == 0 && n == expected_count) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "accept-language \"%s\": expected \"%s\" (%zu), got \"%s\" (%zu)\n", header, expected,
                expected_count, got, n);
    }
}

static int is_alnum(unsigned char c) { return (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'); }

/* Whether out is a well-formed result for header: ranges of RFC 4647's grammar (no "*"), joined by
 * ",", none repeated (without case), each found in the header, count of them. */
static int well_formed(const char *out, size_t count, const char *header, size_t header_len) {
    const char *ranges[64];
    size_t lengths[64], n = 0;
    for (const char *p = out; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (n == 64 || len == 0) return 0;
        /* Subtags of 1 to 8 letters (the first) or letters and digits. */
        size_t sub = 0, index = 0;
        for (size_t i = 0; i <= len; i++) {
            if (i == len || p[i] == '-') {
                if (sub == 0 || sub > 8) return 0;
                sub = 0;
                index++;
            } else if (!is_alnum((unsigned char)p[i]) || (index == 0 && p[i] >= '0' && p[i] <= '9')) {
                return 0;
            } else {
                sub++;
            }
        }
        for (size_t k = 0; k < n; k++)
            if (lengths[k] == len && strncasecmp(ranges[k], p, len) == 0) return 0;
        int found = 0;
        for (size_t i = 0; i + len <= header_len && !found; i++) found = memcmp(header + i, p, len) == 0;
        if (!found) return 0;
        ranges[n] = p;
        lengths[n++] = len;
        p += len + (e != NULL);
        if (e && !*p) return 0; /* a trailing comma */
    }
    return n == count && strlen(out) <= header_len;
}

static uint32_t rng = 2463534242u;
static uint32_t next_random(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* A random header of n bytes at most into h: elements near the grammar (ranges of random
 * subtags, weights of random digits, OWS, empty elements), then a few bytes replaced by any byte. */
static size_t random_header(char *h, size_t n) {
    static const char soup[] = "enfrdeUSCHxyz0189-,;=qQ.* \t\"\\";
    size_t len = 0;
    for (uint32_t elements = next_random() % 12; elements > 0 && len + 40 < n; elements--) {
        uint32_t r = next_random();
        if (len) h[len++] = ',';
        if (r & 1) h[len++] = (r & 2) ? ' ' : '\t';
        if (r % 13 == 0) {
            h[len++] = '*';
        } else {
            for (uint32_t sub = 0, subs = 1 + r % 3; sub < subs; sub++) {
                if (sub) h[len++] = '-';
                for (uint32_t i = 0, k = 1 + next_random() % 9; i < k; i++)
                    h[len++] = (sub && next_random() % 4 == 0) ? (char)('0' + next_random() % 10) : (char)("enfrDEus"[next_random() % 8]);
            }
        }
        if (r & 4) {
            memcpy(h + len, (r & 8) ? " ;q=" : ";Q=", (r & 8) ? 4 : 3);
            len += (r & 8) ? 4 : 3;
            h[len++] = (r & 16) ? '1' : '0';
            if (r & 32) h[len++] = '.';
            for (uint32_t i = 0, k = next_random() % 5; i < k; i++) h[len++] = (char)('0' + next_random() % ((r & 64) ? 2 : 10));
        }
        if (r & 128) h[len++] = ' ';
    }
    for (uint32_t flips = next_random() % 4; flips > 0 && len > 0; flips--) {
        uint32_t r = next_random();
        h[r % len] = (r >> 24) % 4 ? soup[(r >> 8) % (sizeof soup - 1)] : (char)(r >> 16);
    }
    return len;
}

/* Random headers (and pure byte soup), copied to the end of a page followed by a PROT_NONE page,
 * parsed whole and into small buffers. */
static void random_headers(void) {
    long page = sysconf(_SC_PAGESIZE);
    char *map = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(map != MAP_FAILED);
    if (map == MAP_FAILED) return;
    CHECK(mprotect(map + page, (size_t)page, PROT_NONE) == 0);
    int bad = 0;
    size_t ranges = 0;
    for (int iteration = 0; iteration < 5000; iteration++) {
        char source[512];
        size_t len = random_header(source, sizeof source);
        if (iteration % 4 == 0) {
            len = next_random() % 200;
            for (size_t i = 0; i < len; i++) source[i] = (char)next_random();
        }
        char *header = map + page - len;
        memcpy(header, source, len);
        char out[512], small[24];
        size_t needed = 0, count = 0, small_needed = 0, small_count = 0;
        int rc = lokale_parse_accept_language(out, sizeof out, &needed, &count, header, (ptrdiff_t)len);
        if (rc != LOKALE_OK || needed != strlen(out) || !well_formed(out, count, header, len)) bad++;
        ranges += count;
        /* A truncated result is the longest prefix of the full one that ends at a range. */
        size_t cap = next_random() % sizeof small;
        rc = lokale_parse_accept_language(cap ? small : NULL, cap, &small_needed, &small_count, header, (ptrdiff_t)len);
        if (small_needed != needed || small_count != count) bad++;
        if (cap > needed ? rc != LOKALE_OK || strcmp(small, out) != 0
                         : rc != LOKALE_ETRUNCATED && !(cap == 0 && needed == 0 && rc == LOKALE_OK))
            bad++;
        if (cap && cap <= needed) {
            size_t got = strlen(small);
            const char *next = strchr(out + got + (got > 0), ',');
            size_t next_end = next ? (size_t)(next - out) : needed;
            if (memcmp(small, out, got) != 0 || (got && out[got] != ',') || next_end <= cap - 1) bad++;
        }
        if (bad) {
            fprintf(stderr, "accept-language: random header %d (%zu bytes) misparsed: \"%s\"\n", iteration, len, out);
            break;
        }
    }
    CHECK(bad == 0);
    CHECK(ranges > 5000); /* the headers are near enough the grammar to test something */
    munmap(map, (size_t)page * 2);
}

void test_accept_language(void) {
    /* RFC 9110's example, and RFC 4647's ranges. */
    expect("da, en-gb;q=0.8, en;q=0.7", "da,en-gb,en", 3);
    expect("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr-CH,fr,en,de", 4);
    expect("de-CH-1996, zh-Hant-TW, x-private, en-a-bbb", "de-CH-1996,zh-Hant-TW,x-private,en-a-bbb", 4);
    /* By q-value, ties in header order; q=0 and "*" left out. */
    expect("en;q=0.5, fr;q=0.8, de;q=0.5, it", "it,fr,en,de", 4);
    expect("a;q=0.3, b;q=0.3, c;q=0.3, d;q=0.9, e;q=0.3", "d,a,b,c,e", 5);
    expect("en;q=0.001, fr;q=0.01, de;q=0.1, it;q=1.000", "it,de,fr,en", 4);
    expect("en;q=0, fr", "fr", 1);
    expect("en;q=0.000, fr;q=0., *", "", 0);
    expect("*", "", 0);
    expect("*;q=0.9, en;q=0.1", "en", 1);
    expect("en;q=1., fr;q=0.", "en", 1);
    /* Repeats, without case: the first occurrence's q and position count. */
    expect("en, EN;q=0.9, en-US, en-us;q=1", "en,en-US", 2);
    expect("en;q=0.2, de, en;q=0.9", "de,en", 2);
    expect("en;q=0, en", "", 0);
    expect("en;q=abc, en;q=0.4, fr", "fr,en", 2); /* a malformed element is no first occurrence */
    /* The header's spelling is kept. */
    expect("EN-gb, Fr", "EN-gb,Fr", 2);
    /* Malformed elements are skipped, the others kept. */
    expect("en;q=abc, fr", "fr", 1);
    expect("toolongsubtag-x, de", "de", 1);
    expect("en-abcdefghi, en-abcdefgh", "en-abcdefgh", 1);
    expect("q=1.0001", "", 0);
    expect("en;q=1.0001, fr", "fr", 1);
    expect("en;q=1.5, fr;q=0.1234, it;q=, es;q, pt;Q=0.3, nl;q=.5, sv;q=-0.5", "pt", 1);
    expect(";q=0.5", "", 0);
    expect(";q=0.5, de", "de", 1);
    expect("en;level=1, fr", "fr", 1);
    expect("en;q=0.5;q=0.6, fr;, it;q=0.5 x", "", 0);
    expect("en ; q = 0.5, fr ;q=0.5", "fr", 1); /* no whitespace around "=" */
    expect("1en, en_US, en-, -en, en--us, e\xc3\xa9, en-*, *-US, zh-Hant-TW", "zh-Hant-TW", 1);
    expect("en;x=\"a,de,b\", fr", "fr", 1); /* a quoted string's commas are its own */
    expect("de;x=\"a\\\",it\", es", "es", 1);
    expect("en, fr;x=\"unterminated, de", "en", 1);
    /* Whitespace, empty elements, nothing. */
    expect("\ten\t;\tq=0.5\t,\tfr\t", "fr,en", 2);
    expect("en,,, ,fr,,", "en,fr", 2);
    expect(",", "", 0);
    expect("", "", 0);
    expect("   \t ", "", 0);
    expect("garbage!!, \x01\x7f, ;;, ===", "", 0);

    /* At most 64 distinct ranges are read; the elements after them are ignored. */
    char many[1024] = "";
    for (int i = 0; i < 70; i++) snprintf(many + strlen(many), sizeof many - strlen(many), "%sl%c%c", i ? "," : "", 'a' + i / 26, 'a' + i % 26);
    size_t n = 0;
    const char *got = parse(many, &n);
    CHECK(n == 64 && strlen(got) == 64 * 3 + 63 && strncmp(got, many, strlen(got)) == 0);

    /* Truncation: whole ranges that fit, NUL-terminated; needed and count of the whole result. */
    const char *rfc = "da, en-gb;q=0.8, en;q=0.7"; /* -> "da,en-gb,en", 11 bytes */
    char buf[32];
    size_t needed = 0, count = 0;
    CHECK(lokale_parse_accept_language(NULL, 0, &needed, &count, rfc, -1) == LOKALE_ETRUNCATED && needed == 11 && count == 3);
    CHECK(lokale_parse_accept_language(NULL, 0, &needed, NULL, "*", -1) == LOKALE_OK && needed == 0);
    CHECK(lokale_parse_accept_language(buf, 1, &needed, &count, rfc, -1) == LOKALE_ETRUNCATED && buf[0] == 0 && needed == 11);
    CHECK(lokale_parse_accept_language(buf, 6, &needed, NULL, rfc, -1) == LOKALE_ETRUNCATED);
    CHECK_STR(buf, "da");
    CHECK(lokale_parse_accept_language(buf, 9, &needed, NULL, rfc, -1) == LOKALE_ETRUNCATED);
    CHECK_STR(buf, "da,en-gb");
    CHECK(lokale_parse_accept_language(buf, 11, &needed, NULL, rfc, -1) == LOKALE_ETRUNCATED);
    CHECK_STR(buf, "da,en-gb");
    CHECK(lokale_parse_accept_language(buf, 12, &needed, NULL, rfc, -1) == LOKALE_OK);
    CHECK_STR(buf, "da,en-gb,en");
    CHECK(lokale_parse_accept_language(buf, sizeof buf, NULL, NULL, rfc, -1) == LOKALE_OK); /* needed may be NULL */
    CHECK_STR(buf, "da,en-gb,en");

    /* Bad arguments. */
    strcpy(buf, "x");
    CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, NULL, -1) == LOKALE_EINVAL && buf[0] == 0 &&
          needed == 0 && count == 0);
    CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, NULL, 0) == LOKALE_EINVAL);
    CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, "en", -2) == LOKALE_EINVAL);
    CHECK(lokale_parse_accept_language(NULL, 5, &needed, &count, "en", -1) == LOKALE_EINVAL);

    /* header_len: bytes, NUL included; never read past it. */
    CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, "en\0, fr", 7) == LOKALE_OK && count == 1);
    CHECK_STR(buf, "fr");
    CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, "en, fr\0, de", -1) == LOKALE_OK);
    CHECK_STR(buf, "en,fr");
    CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, "en, de", 2) == LOKALE_OK);
    CHECK_STR(buf, "en");
    CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, "en-US", 3) == LOKALE_OK && count == 0);

    /* 64 KiB is read; one byte more, or 1 MiB, is refused, with or without a length. */
    size_t big = (size_t)1 << 20;
    char *huge = malloc(big + 1);
    CHECK(huge != NULL);
    if (huge) {
        memset(huge, ' ', big);
        memcpy(huge, "en;q=0.5,", 9);
        memcpy(huge + 65536 - 2, "fr", 2);
        huge[65536] = 0;
        CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, huge, 65536) == LOKALE_OK);
        CHECK_STR(buf, "fr,en");
        CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, huge, -1) == LOKALE_OK && count == 2);
        huge[65536] = ' ';
        CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, huge, 65537) == LOKALE_EINVAL);
        huge[big] = 0;
        CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, huge, -1) == LOKALE_EINVAL && count == 0);
        CHECK(lokale_parse_accept_language(buf, sizeof buf, &needed, &count, huge, (ptrdiff_t)big) == LOKALE_EINVAL);
        free(huge);
    }

    random_headers();
}
