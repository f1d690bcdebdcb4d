/* HTTP Accept-Language parsing (RFC 9110 §12.5.4, weights §12.4.2, language ranges RFC 4647 §2.1):
 * the one implementation behind lokale_parse_accept_language (LokaleABIEntryPoints), AcceptLanguage.parse
 * (LokaleCore) and what builds on them. Pure: no allocation, no global state, bounded stack.
 * Internal: not part of lokale.h. */
#ifndef LOKALE_ACCEPT_H
#define LOKALE_ACCEPT_H

#include <stddef.h>

/* The longest header read; longer ones are refused (LK_ACCEPT_INVALID). */
#define LK_ACCEPT_MAX_BYTES 65536
/* How many distinct language ranges (q=0 ones included, "*" not) are read, in header order; the
 * elements after the 64th distinct range are ignored. Browsers send about ten. */
#define LK_ACCEPT_MAX_RANGES 64

/* Results of lk_parse_accept_language. */
#define LK_ACCEPT_OK 0
#define LK_ACCEPT_TRUNCATED 1 /* dst was too small: it holds the ranges that fit */
#define LK_ACCEPT_INVALID -1  /* header NULL with a length, length > LK_ACCEPT_MAX_BYTES, dst NULL with a capacity */

/* The language ranges of header[0..<length] (any bytes: NUL, non-ASCII and garbage are malformed
 * elements, never read past length), most preferred first: by q-value, equal q-values in header
 * order. Left out: q=0, "*", repeats of a range (compared without case; the first occurrence's q
 * and position count, so "en;q=0, en" leaves en out), malformed elements (bad range, bad or
 * repeated q, any other parameter), empty elements. OWS (spaces, tabs) is allowed around commas and
 * semicolons, not around "="; "q" and "Q" both name the weight; a quoted string does not end an
 * element at its commas (RFC 9110 §5.6.1).
 *
 * The ranges are written as spelled in the header, joined by ",", into dst: *needed (may be NULL)
 * receives the whole result's length without its NUL, *count (may be NULL) how many ranges it
 * holds. When capacity <= *needed, dst (if capacity > 0) holds the ranges that fit whole, NUL-
 * terminated, and LK_ACCEPT_TRUNCATED is returned — but for (NULL, 0) and an empty result, which is
 * LK_ACCEPT_OK (as LokaleABIExports' emit answers). header may be NULL when length is 0. The result is
 * never longer than the header, so capacity length + 1 always suffices. On LK_ACCEPT_INVALID,
 * *needed and *count are 0 and dst, if writable, "". */
int lk_parse_accept_language(const char *header, size_t length, char *dst, size_t capacity, size_t *needed,
                             size_t *count);

#endif
