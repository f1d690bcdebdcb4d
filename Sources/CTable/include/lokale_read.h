/* Opening a compiled table: its header, checksum, section directory and every record open
 * validates (docs/FORMAT.md), in one place for the Swift reader (CompiledTable) and any caller that
 * serves a table without the Swift runtime; and the CRC-32 of the header and payload, for the
 * writer and the readers. Internal: not part of lokale.h. */
#ifndef LOKALE_READ_H
#define LOKALE_READ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CRC-32 (IEEE 802.3, reflected; LK_CRC32_POLYNOMIAL) of `length` bytes continuing `crc` (0 to start). */
uint32_t lk_crc32_update(uint32_t crc, const void *bytes, size_t length);
/* Below this many bytes, four bits at a time from a table the compiler computes: a table's header,
 * checksummed at every open, is done before the tables of the eight-bytes-at-a-time loop would
 * have been made. */
#define LK_CRC32_TABLELESS 512

/* The header checksum: the CRC-32 of the header and section table with the checksum field read as zero. */
uint32_t lk_header_checksum(const uint8_t *header_and_sections, size_t length);

/* A string lent by a table or a caller: bytes and length, no NUL needed. */
typedef struct lk_text {
    const char *bytes;
    uint32_t length;
} lk_text;

/* A section: its offset in the file and its number of records (bytes for STRS, words for RECS, NODE, FMTS). */
typedef struct lk_section_span {
    uint64_t offset;
    uint64_t count;
} lk_section_span;

/* What lk_table_read found, every bound checked: the sections (LOCD's count 0 and has_locale_data 0
 * when the table predates it) and the format version. */
typedef struct lk_table_view {
    uint16_t major, minor;
    int has_locale_data;
    lk_section_span strings, bundle, localizations, tables, instances, records, slots, nodes, formats, locale_data;
} lk_table_view;

/* Files up to this size are read into memory rather than mapped, unless asked otherwise: a writer
 * that rewrites the file in place then cannot touch what readers see, and reading 1 MiB costs
 * about as much as the page faults of touching it later. */
#define LK_READ_COPY_LIMIT (1u << 20)

#define LK_READ_OK 0
#define LK_READ_CORRUPT 1     /* not a table, or a damaged one */
#define LK_READ_UNSUPPORTED 2 /* a table this reader cannot read (another major version or byte order) */

/* Validates the `size` bytes at `bytes` as a compiled table (and the payload's checksum when
 * `verify_payload`): the header, its checksum, the section directory, the bundle, localization and
 * table records and their strings, the instances, and the LOCD records with their strings and rule
 * nodes. Work proportional to the localizations and tables, never to the messages: what is reached
 * later (message records, nodes) is checked where it is read. Fills *view and returns LK_READ_OK;
 * else says why in `why` (NUL-terminated, truncated to `capacity`) and returns the kind of failure.
 * Allocates nothing but a bitmap of (localization, table) pairs, freed before it returns. */
int lk_table_read(const uint8_t *bytes, uint64_t size, int verify_payload, lk_table_view *view, char *why,
                  size_t capacity);

/* The string of the pool that the (offset, length) reference at `ref` names, in the table at `base`
 * that lk_table_read accepted into *view (every reference of a record it checked is in bounds and
 * NUL-terminated). */
lk_text lk_pool_text(const uint8_t *base, const lk_table_view *view, const uint8_t *ref);

/* Localization i's name (i below view->localizations.count). */
lk_text lk_localization_name(const uint8_t *base, const lk_table_view *view, uint64_t i);

#ifdef __cplusplus
}
#endif
#endif
