/* The one validation of a compiled table at open (lokale_read.h). Its messages are the ones the
 * runtime reports, prefixed with the file's path by the caller. */
#include "lokale_read.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "lokale_find.h"
#include "lokale_select.h"
#include "lokale_table.h"

/* Eight tables of 256: crc_tables[k][b] is the CRC of byte b followed by k zeros. */
static uint32_t crc_tables[8][256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static void crc_make_tables(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? (LK_CRC32_POLYNOMIAL ^ (c >> 1)) : (c >> 1);
        crc_tables[0][n] = c;
    }
    for (int k = 1; k < 8; k++)
        for (uint32_t n = 0; n < 256; n++) crc_tables[k][n] = (crc_tables[k - 1][n] >> 8) ^ crc_tables[0][crc_tables[k - 1][n] & 0xFF];
}

/* The CRC of four bits, n's: the bitwise step four times, folded by the compiler into a constant table. */
#define CRC_BIT(c) (((c) >> 1) ^ (LK_CRC32_POLYNOMIAL & (0u - ((c) & 1u))))
#define CRC_NIBBLE(n) CRC_BIT(CRC_BIT(CRC_BIT(CRC_BIT((uint32_t)(n)))))
static const uint32_t crc_nibbles[16] = {
    CRC_NIBBLE(0), CRC_NIBBLE(1), CRC_NIBBLE(2),  CRC_NIBBLE(3),  CRC_NIBBLE(4),  CRC_NIBBLE(5),  CRC_NIBBLE(6),  CRC_NIBBLE(7),
    CRC_NIBBLE(8), CRC_NIBBLE(9), CRC_NIBBLE(10), CRC_NIBBLE(11), CRC_NIBBLE(12), CRC_NIBBLE(13), CRC_NIBBLE(14), CRC_NIBBLE(15),
};

uint32_t lk_crc32_update(uint32_t crc, const void *bytes, size_t length) {
    const uint8_t *b = bytes;
    uint32_t c = ~crc;
    if (length < LK_CRC32_TABLELESS) {
        for (size_t i = 0; i < length; i++) {
            c ^= b[i];
            c = (c >> 4) ^ crc_nibbles[c & 15];
            c = (c >> 4) ^ crc_nibbles[c & 15];
        }
        return ~c;
    }
    pthread_once(&crc_once, crc_make_tables);
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint32_t one = lk_load32(b + i) ^ c, two = lk_load32(b + i + 4);
        c = crc_tables[7][one & 0xFF] ^ crc_tables[6][(one >> 8) & 0xFF] ^ crc_tables[5][(one >> 16) & 0xFF] ^
            crc_tables[4][one >> 24] ^ crc_tables[3][two & 0xFF] ^ crc_tables[2][(two >> 8) & 0xFF] ^
            crc_tables[1][(two >> 16) & 0xFF] ^ crc_tables[0][two >> 24];
    }
    for (; i < length; i++) c = crc_tables[0][(c ^ b[i]) & 0xFF] ^ (c >> 8);
    return ~c;
}

uint32_t lk_header_checksum(const uint8_t *header_and_sections, size_t length) {
    static const uint8_t zero[4] = {0, 0, 0, 0};
    uint32_t crc = lk_crc32_update(0, header_and_sections, LK_HEADER_HEADER_CRC);
    crc = lk_crc32_update(crc, zero, 4);
    return lk_crc32_update(crc, header_and_sections + LK_HEADER_HEADER_CRC + 4, length - LK_HEADER_HEADER_CRC - 4);
}

typedef struct reader {
    const uint8_t *b;
    uint64_t size;
    char *why;
    size_t capacity;
} reader;

static int fail(const reader *r, int kind, const char *format, ...) {
    if (r->why && r->capacity) {
        va_list args;
        va_start(args, format);
        vsnprintf(r->why, r->capacity, format, args);
        va_end(args);
    }
    return kind;
}

static uint32_t u32(const reader *r, uint64_t at) { return lk_load32(r->b + at); }
static uint16_t u16(const reader *r, uint64_t at) { return (uint16_t)(r->b[at] | r->b[at + 1] << 8); }

/* The sections in the order the runtime names a missing one, with their record sizes. */
static const struct {
    uint32_t tag, record_size, optional;
} sections[] = {
    {LK_SECTION_STRINGS, 1, 0},       {LK_SECTION_BUNDLE, LK_BUNDLE_RECORD_SIZE, 0},
    {LK_SECTION_LOCALIZATIONS, LK_LOCALIZATION_RECORD_SIZE, 0}, {LK_SECTION_TABLES, LK_TABLE_RECORD_SIZE, 0},
    {LK_SECTION_INSTANCES, LK_INSTANCE_RECORD_SIZE, 0}, {LK_SECTION_RECORDS, 4, 0},
    {LK_SECTION_SLOTS, LK_SLOT_SIZE, 0}, {LK_SECTION_NODES, 4, 0},
    {LK_SECTION_FORMATS, 4, 0},       {LK_SECTION_LOCALE_DATA, LK_LOCALE_RECORD_SIZE, 1},
};
#define SECTION_KINDS (sizeof sections / sizeof sections[0])

static void tag_name(uint32_t tag, char name[5]) {
    for (int k = 0; k < 4; k++) name[k] = (char)(tag >> (24 - 8 * k));
    name[4] = 0;
}

/* A string reference (offset, length) into the pool, NUL-terminated: 0 when it is not one. */
static int string_ok(const reader *r, const lk_section_span *pool, uint64_t at, int *unterminated) {
    uint64_t o = u32(r, at), l = u32(r, at + 4);
    *unterminated = 0;
    if (o >= pool->count || l >= pool->count - o) return 0;
    if (r->b[pool->offset + o + l] != 0) {
        *unterminated = 1;
        return 0;
    }
    return 1;
}

static int check_string(const reader *r, const lk_section_span *pool, uint64_t at) {
    int unterminated;
    return string_ok(r, pool, at, &unterminated) ? LK_READ_OK : fail(r, LK_READ_CORRUPT, "string reference out of bounds");
}

static int read_instances(const reader *r, const lk_table_view *v) {
    uint64_t locs = v->localizations.count, tbls = v->tables.count;
    if (v->instances.count > locs * tbls) return fail(r, LK_READ_CORRUPT, "more instances than (localization, table) pairs");
    uint8_t *seen = calloc(locs * tbls / 8 + 1, 1);
    if (!seen) return fail(r, LK_READ_CORRUPT, "no memory to check the instances");
    int result = LK_READ_OK;
    for (uint64_t i = 0; i < v->instances.count && result == LK_READ_OK; i++) {
        uint64_t at = v->instances.offset + i * LK_INSTANCE_RECORD_SIZE;
        uint64_t loc = u32(r, at + LK_INSTANCE_LOCALIZATION), table = u32(r, at + LK_INSTANCE_TABLE);
        uint64_t keys = u32(r, at + LK_INSTANCE_KEY_COUNT), record_start = u32(r, at + LK_INSTANCE_RECORD_START);
        uint64_t slot_start = u32(r, at + LK_INSTANCE_SLOT_START), slot_count = u32(r, at + LK_INSTANCE_SLOT_COUNT);
        if (loc >= locs || table >= tbls || record_start > v->records.count * 4 || slot_start > v->slots.count ||
            slot_count > v->slots.count - slot_start || slot_count == 0 || keys >= slot_count) {
            result = fail(r, LK_READ_CORRUPT, "instance %llu is out of bounds", (unsigned long long)i);
            break;
        }
        uint64_t k = loc * tbls + table;
        if (seen[k / 8] & (1u << (k % 8))) {
            result = fail(r, LK_READ_CORRUPT, "instance %llu duplicates a (localization, table) pair", (unsigned long long)i);
            break;
        }
        seen[k / 8] |= (uint8_t)(1u << (k % 8));
    }
    free(seen);
    return result;
}

/* A record per localization, every string inside the pool and NUL-terminated, every rule a rule
 * node: reading the records later cannot fail. */
static int read_locale_data(const reader *r, const lk_table_view *v) {
    if (!v->has_locale_data) return LK_READ_OK;
    if (v->locale_data.count != v->localizations.count)
        return fail(r, LK_READ_CORRUPT, "section LOCD has %llu records for %llu localizations",
                    (unsigned long long)v->locale_data.count, (unsigned long long)v->localizations.count);
    static const uint32_t strings[] = {LK_LOCALE_ICU_ID, LK_LOCALE_NORMAL, LK_LOCALE_MAXIMIZED, LK_LOCALE_CHAIN,
                                       LK_LOCALE_DECIMAL, LK_LOCALE_GROUPING, LK_LOCALE_CASE_LOCALE};
    lk_tree tree = {r->b + v->nodes.offset, v->nodes.count, r->b + v->strings.offset, v->strings.count};
    for (uint64_t i = 0; i < v->locale_data.count; i++) {
        uint64_t at = v->locale_data.offset + i * LK_LOCALE_RECORD_SIZE;
        for (size_t f = 0; f < sizeof strings / sizeof strings[0]; f++) {
            int unterminated;
            if (!string_ok(r, &v->strings, at + strings[f], &unterminated))
                return fail(r, LK_READ_CORRUPT, unterminated ? "string is not NUL-terminated" : "string reference out of bounds");
        }
        const uint32_t rules[] = {LK_LOCALE_CARDINAL, LK_LOCALE_ORDINAL};
        for (int k = 0; k < 2; k++) {
            uint32_t node = u32(r, at + rules[k]);
            lk_node n;
            if (node != LK_NONE && (lk_node_read(&tree, node, &n) != LK_NODE_OK || n.kind != LK_NODE_RULE))
                return fail(r, LK_READ_CORRUPT, "locale data of localization %llu names a bad plural rule", (unsigned long long)i);
        }
    }
    return LK_READ_OK;
}

lk_text lk_pool_text(const uint8_t *base, const lk_table_view *v, const uint8_t *ref) {
    return (lk_text){(const char *)base + v->strings.offset + lk_load32(ref), lk_load32(ref + 4)};
}

lk_text lk_localization_name(const uint8_t *base, const lk_table_view *v, uint64_t i) {
    return lk_pool_text(base, v, base + v->localizations.offset + i * LK_LOCALIZATION_RECORD_SIZE + LK_LOCALIZATION_NAME);
}

int lk_recorded_locale(const uint8_t *base, const lk_table_view *v, uint64_t i, lk_select_locale *l) {
    if (!v->has_locale_data || i >= v->locale_data.count) return 0;
    const uint8_t *r = base + v->locale_data.offset + i * LK_LOCALE_RECORD_SIZE;
    if (!(lk_load32(r + LK_LOCALE_FLAGS) & LK_LOCALE_FLAG_LOCALE)) return 0;
    l->spelled = lk_pool_text(base, v, r + LK_LOCALE_ICU_ID);
    const char *at = memchr(l->spelled.bytes, '@', l->spelled.length); /* keywords dropped */
    if (at) l->spelled.length = (uint32_t)(at - l->spelled.bytes);
    l->normal = lk_pool_text(base, v, r + LK_LOCALE_NORMAL);
    l->chain = lk_pool_text(base, v, r + LK_LOCALE_CHAIN);
    l->likely = lk_pool_text(base, v, r + LK_LOCALE_MAXIMIZED);
    l->index = (int32_t)i;
    return 1;
}

int lk_table_read(const uint8_t *bytes, uint64_t size, int verify_payload, lk_table_view *v, char *why, size_t capacity) {
    reader rd = {bytes, size, why, capacity}, *r = &rd;
    memset(v, 0, sizeof *v);
    if (size < LK_HEADER_SIZE)
        return fail(r, LK_READ_CORRUPT, "%llu bytes is too small for a compiled table", (unsigned long long)size);
    uint64_t magic = (uint64_t)u32(r, LK_HEADER_MAGIC) | (uint64_t)u32(r, LK_HEADER_MAGIC + 4) << 32;
    if (magic != LK_MAGIC) return fail(r, LK_READ_CORRUPT, "not a Lokale compiled table (bad magic)");
    uint32_t bom = u32(r, LK_HEADER_BYTE_ORDER);
    if (bom != LK_BYTE_ORDER_MARK)
        return bom == __builtin_bswap32(LK_BYTE_ORDER_MARK)
                   ? fail(r, LK_READ_UNSUPPORTED, "table was written with the other byte order")
                   : fail(r, LK_READ_CORRUPT, "bad byte-order mark");
    v->major = u16(r, LK_HEADER_MAJOR), v->minor = u16(r, LK_HEADER_MINOR);
    if (v->major != LK_FORMAT_MAJOR)
        return fail(r, LK_READ_UNSUPPORTED, "format version %u.%u is not supported (this reader: %u.x)", v->major, v->minor,
                    LK_FORMAT_MAJOR);
    if (u32(r, LK_HEADER_HEADER_SIZE) != LK_HEADER_SIZE) return fail(r, LK_READ_CORRUPT, "bad header size");
    if (u32(r, LK_HEADER_FILE_SIZE) != size)
        return fail(r, LK_READ_CORRUPT, "file is %llu bytes but its header says %u (truncated or extended)",
                    (unsigned long long)size, u32(r, LK_HEADER_FILE_SIZE));
    uint64_t section_count = u32(r, LK_HEADER_SECTION_COUNT);
    if (section_count > LK_MAX_SECTIONS) return fail(r, LK_READ_CORRUPT, "too many sections (%llu)", (unsigned long long)section_count);
    uint64_t table_end = LK_HEADER_SIZE + section_count * LK_SECTION_ENTRY_SIZE;
    if (table_end > size) return fail(r, LK_READ_CORRUPT, "section table runs past the end of the file");
    if (lk_header_checksum(bytes, table_end) != u32(r, LK_HEADER_HEADER_CRC)) return fail(r, LK_READ_CORRUPT, "header checksum mismatch");
    if (verify_payload && lk_crc32_update(0, bytes + table_end, size - table_end) != u32(r, LK_HEADER_PAYLOAD_CRC))
        return fail(r, LK_READ_CORRUPT, "payload checksum mismatch");

    lk_section_span *spans[SECTION_KINDS] = {&v->strings, &v->bundle, &v->localizations, &v->tables, &v->instances,
                                     &v->records, &v->slots, &v->nodes, &v->formats, &v->locale_data};
    int found[SECTION_KINDS] = {0};
    char name[5];
    for (uint64_t i = 0; i < section_count; i++) {
        uint64_t e = LK_HEADER_SIZE + i * LK_SECTION_ENTRY_SIZE;
        uint32_t tag = u32(r, e + LK_SECTION_ENTRY_TAG);
        uint64_t offset = u32(r, e + LK_SECTION_ENTRY_OFFSET), bytes_ = u32(r, e + LK_SECTION_ENTRY_BYTES);
        size_t s = 0;
        while (s < SECTION_KINDS && sections[s].tag != tag) s++;
        if (s == SECTION_KINDS) continue; /* unknown: a newer minor version */
        tag_name(tag, name);
        if (found[s]) return fail(r, LK_READ_CORRUPT, "section %s appears twice", name);
        if (offset < table_end || offset % 4 != 0 || offset > size || bytes_ > size - offset)
            return fail(r, LK_READ_CORRUPT, "section %s lies outside the file", name);
        if (bytes_ % sections[s].record_size != 0)
            return fail(r, LK_READ_CORRUPT, "section %s size %llu is not a multiple of %u", name, (unsigned long long)bytes_,
                        sections[s].record_size);
        found[s] = 1;
        *spans[s] = (lk_section_span){offset, bytes_ / sections[s].record_size};
    }
    for (size_t s = 0; s < SECTION_KINDS; s++) {
        if (!found[s] && !sections[s].optional) {
            tag_name(sections[s].tag, name);
            return fail(r, LK_READ_CORRUPT, "section %s is missing", name);
        }
    }
    v->has_locale_data = found[SECTION_KINDS - 1];
    if (v->bundle.count != 1) return fail(r, LK_READ_CORRUPT, "bundle section must hold one record");

    int result = check_string(r, &v->strings, v->bundle.offset + LK_BUNDLE_IDENTIFIER);
    if (result != LK_READ_OK) return result;
    /* The (localization, table) index is sized by their product: bounded, so that a small hostile
     * file cannot make open allocate gigabytes. */
    if (v->localizations.count > LK_LIMIT_LOCALIZATIONS || v->tables.count > LK_LIMIT_TABLES ||
        v->localizations.count * v->tables.count > LK_LIMIT_INSTANCES)
        return fail(r, LK_READ_CORRUPT, "too many localizations or tables");
    for (uint64_t i = 0; i < v->localizations.count; i++)
        if ((result = check_string(r, &v->strings, v->localizations.offset + i * LK_LOCALIZATION_RECORD_SIZE + LK_LOCALIZATION_NAME)))
            return result;
    if (u32(r, v->bundle.offset + LK_BUNDLE_DEVELOPMENT) >= v->localizations.count)
        return fail(r, LK_READ_CORRUPT, "development localization index out of range");
    for (uint64_t i = 0; i < v->tables.count; i++)
        if ((result = check_string(r, &v->strings, v->tables.offset + i * LK_TABLE_RECORD_SIZE + LK_TABLE_NAME))) return result;
    if ((result = read_instances(r, v))) return result;
    return read_locale_data(r, v);
}
