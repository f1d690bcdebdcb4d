/* The compiled table's schema (docs/FORMAT.md) and the runtime's bounds (docs/LIMITS.md): the one
 * definition of every magic number, version, section, record field and node word that the C fast
 * paths, the Swift reader (TableLayout, CompiledTable, the node reader lokale_node.h), the writer
 * (LokaleCatalog) and the FORMAT.md test read. Plain integer macros, so that
 * Swift imports each one as a typed constant. Internal: not part of lokale.h. */
#ifndef LOKALE_SCHEMA_H
#define LOKALE_SCHEMA_H

/* A MessageFormat 2 message's bounds, which its nodes obey too. */
#include "lokale_mf2_limits.h"

/* An absent node, format, string or amount. */
#define LK_NONE 0xFFFFFFFFu

/* The table a lookup without a table name reads. */
#define LK_DEFAULT_TABLE "Localizable"

/* The file header (64 bytes; byte offsets of its fields). */
#define LK_MAGIC 0x1A00454C414B4F4CULL /* "LOKALE\0\x1A", read as a little-endian u64 */
#define LK_FORMAT_MAJOR 2u
#define LK_FORMAT_MINOR 4u /* 1: FORMS and RULE nodes; 2: MessageFormat 2 nodes (MF2, PATTERN, EXPRESSION);
                            * 3: LK_MF2_FLAG_ICU; 4: the LOCD section */
#define LK_BYTE_ORDER_MARK 0x01020304u /* read as 0x04030201: the other byte order */
#define LK_HEADER_SIZE 64u
#define LK_HEADER_MAGIC 0u          /* u8[8] */
#define LK_HEADER_MAJOR 8u          /* u16 */
#define LK_HEADER_MINOR 10u         /* u16 */
#define LK_HEADER_BYTE_ORDER 12u
#define LK_HEADER_HEADER_SIZE 16u
#define LK_HEADER_SECTION_COUNT 20u
#define LK_HEADER_FILE_SIZE 24u
#define LK_HEADER_FLAGS 28u
#define LK_HEADER_HEADER_CRC 32u    /* of [0, header + section table), this field read as zero */
#define LK_HEADER_PAYLOAD_CRC 36u   /* of the rest of the file */

/* The checksums' CRC-32: IEEE 802.3, reflected. */
#define LK_CRC32_POLYNOMIAL 0xEDB88320u

/* The section table after the header: one entry per section. */
#define LK_SECTION_ENTRY_SIZE 16u
#define LK_SECTION_ENTRY_TAG 0u
#define LK_SECTION_ENTRY_OFFSET 8u  /* from the start of the file, 4-aligned */
#define LK_SECTION_ENTRY_BYTES 12u  /* a multiple of the section's record size */
#define LK_MAX_SECTIONS 32u

/* Section tags (four ASCII letters, the big-endian reading of the tag) and record sizes. */
#define LK_SECTION_STRINGS 0x53545253u       /* "STRS": NUL-terminated UTF-8 strings */
#define LK_SECTION_BUNDLE 0x424E444Cu        /* "BNDL": one bundle record */
#define LK_SECTION_LOCALIZATIONS 0x4C4F4353u /* "LOCS": localization records */
#define LK_SECTION_TABLES 0x54424C53u        /* "TBLS": table records */
#define LK_SECTION_INSTANCES 0x494E5354u     /* "INST": (localization, table) pairs present */
#define LK_SECTION_RECORDS 0x52454353u       /* "RECS": message records */
#define LK_SECTION_SLOTS 0x534C4F54u         /* "SLOT": open-addressing hash slots */
#define LK_SECTION_NODES 0x4E4F4445u         /* "NODE": message trees, u32 words */
#define LK_SECTION_FORMATS 0x464D5453u       /* "FMTS": precompiled format segments, u32 words */
#define LK_SECTION_LOCALE_DATA 0x4C4F4344u   /* "LOCD": per localization, its locale data (optional) */

/* The bundle record: a string ref (offset, length), the development localization's index, flags. */
#define LK_BUNDLE_RECORD_SIZE 32u
#define LK_BUNDLE_IDENTIFIER 0u
#define LK_BUNDLE_DEVELOPMENT 8u
#define LK_BUNDLE_FLAGS 12u
#define LK_BUNDLE_FLAG_MIXED_LOCALIZATIONS 1u
/* A localization record: its name (string ref) and flags. */
#define LK_LOCALIZATION_RECORD_SIZE 12u
#define LK_LOCALIZATION_NAME 0u
#define LK_LOCALIZATION_FLAGS 8u
#define LK_LOCALIZATION_FLAG_BASE 1u
/* A locale data record, one per localization in LOCS's order: what a first message in that
 * localization needs from ICU/CLDR, computed when the table was compiled, so that the runtime
 * need not ask ICU (tables without the section are answered from ICU). String refs are
 * (offset, length); a rule is an LK_NODE_RULE giving a category index (LK_CATEGORY_*): its results
 * for the small counts are ICU's, its code (possibly empty: then larger counts ask ICU) agrees with
 * ICU on every count checked. */
#define LK_LOCALE_RECORD_SIZE 80u
#define LK_LOCALE_FLAGS 0u
#define LK_LOCALE_FLAG_LOCALE 1u    /* the name is a locale: the ICU id, normal form and chain follow */
#define LK_LOCALE_FLAG_LOCALIZED 2u /* numbers are written with the symbols below (else printf's) */
#define LK_LOCALE_FLAG_CANONICAL 4u /* the name is its own canonical language tag (with FLAG_LOCALE) */
#define LK_LOCALE_CARDINAL 4u       /* rule node, LK_NONE when ICU has no rules for the name */
#define LK_LOCALE_ORDINAL 8u
#define LK_LOCALE_ICU_ID 12u        /* ICU's id of the name, keywords kept (string ref) */
#define LK_LOCALE_NORMAL 20u        /* Apple's normal form of it, keywords dropped */
#define LK_LOCALE_MAXIMIZED 28u     /* the normal form with likely subtags added */
#define LK_LOCALE_CHAIN 36u         /* the normal form's parent chain, itself first, space-separated */
#define LK_LOCALE_DECIMAL 44u       /* the decimal separator */
#define LK_LOCALE_GROUPING 52u      /* the grouping separator */
#define LK_LOCALE_ZERO 60u          /* the digit zero, a Unicode scalar */
#define LK_LOCALE_GROUP_SIZES 64u   /* first group | further groups << 8 | minimum grouping << 16 */
#define LK_LOCALE_CASE_LOCALE 68u   /* the locale whose case rules apply (string ref) */
/* A table record: its name (string ref). */
#define LK_TABLE_RECORD_SIZE 8u
#define LK_TABLE_NAME 0u
/* An instance record: a (localization, table) pair that exists, its keys, records and slots. */
#define LK_INSTANCE_RECORD_SIZE 24u
#define LK_INSTANCE_LOCALIZATION 0u
#define LK_INSTANCE_TABLE 4u
#define LK_INSTANCE_KEY_COUNT 8u
#define LK_INSTANCE_RECORD_START 12u
#define LK_INSTANCE_SLOT_START 16u
#define LK_INSTANCE_SLOT_COUNT 20u
/* A slot: the key's hash (low 32 bits), the record's offset / 4 + 1 (high 32 bits); 0 is empty. */
#define LK_SLOT_SIZE 8u

/* A message record: [key length | LK_RECORD_HAS_NODE, value length, node if the flag is set], the
 * key, NUL, the value, NUL, padding to 4 bytes. A message shown as is has no node word, so that
 * most records carry two header words. */
#define LK_RECORD_HAS_NODE 0x80000000u
#define LK_RECORD_LENGTH_MASK 0x7FFFFFFFu
#define LK_RECORD_KEY_LENGTH 0u  /* byte offsets in the record */
#define LK_RECORD_VALUE_LENGTH 4u
#define LK_RECORD_NODE 8u

/* Node kinds, the first word of a node in the NODE section, and each kind's word positions. The
 * one reader of these words is lokale_node.h. */
#define LK_NODE_KIND 0u
#define LK_NODE_TEXT 1u      /* a text, formatted or not */
#define LK_TEXT_STRING 1u    /* string offset, then length */
#define LK_TEXT_LENGTH 2u
#define LK_TEXT_FORMAT 3u    /* FMTS index, or LK_NONE: shown as is */
#define LK_TEXT_WORDS 4u
#define LK_NODE_PLURAL 2u    /* CLDR plural variants of an argument */
#define LK_PLURAL_ARGUMENT 1u /* 1-based */
#define LK_PLURAL_FLAGS 2u
#define LK_PLURAL_FLAG_ORDINAL 1u
#define LK_PLURAL_CHILDREN 3u /* one node (or LK_NONE) per LK_CATEGORY_* */
#define LK_PLURAL_WORDS 9u
#define LK_NODE_DEVICE 3u    /* device variants */
#define LK_DEVICE_CHILDREN 1u /* one node (or LK_NONE) per LK_DEVICE_* */
#define LK_DEVICE_WORDS 9u
#define LK_NODE_MESSAGE 4u   /* a body with substitutions (%#@name@) */
#define LK_MESSAGE_BODY 1u
#define LK_MESSAGE_COUNT 2u
#define LK_MESSAGE_SUBSTITUTIONS 3u /* LK_MESSAGE_COUNT substitutions of LK_SUBSTITUTION_WORDS */
#define LK_MESSAGE_WORDS 3u
#define LK_SUBSTITUTION_NAME 0u     /* string offset, then length */
#define LK_SUBSTITUTION_NAME_LENGTH 1u
#define LK_SUBSTITUTION_ARGUMENT 2u
#define LK_SUBSTITUTION_SPECIFIER 3u /* string offset, then length */
#define LK_SUBSTITUTION_SPECIFIER_LENGTH 4u
#define LK_SUBSTITUTION_NODE 5u
#define LK_SUBSTITUTION_WORDS 6u
#define LK_NODE_REPLACED 5u  /* a rejected translation: the reason, and the development text shown */
#define LK_REPLACED_REASON 1u /* string offset, then length */
#define LK_REPLACED_REASON_LENGTH 2u
#define LK_REPLACED_NODE 3u
#define LK_REPLACED_WORDS 4u
#define LK_NODE_FORMS 6u     /* gettext plural forms: msgstr[i] for the i a rule computes from a count */
#define LK_FORMS_ARGUMENT 1u /* 1-based */
#define LK_FORMS_RULE 2u     /* word position of the LK_NODE_RULE that chooses */
#define LK_FORMS_COUNT 3u    /* forms (nplurals), 1 to LK_LIMIT_FORMS */
#define LK_FORMS_CHILDREN 4u /* one node per form */
#define LK_FORMS_WORDS 4u    /* + LK_FORMS_COUNT */
#define LK_NODE_RULE 7u      /* a program computing a form index from a count (gettext's Plural-Forms) */
#define LK_RULE_LENGTH 1u    /* instruction words, up to LK_LIMIT_RULE_WORDS */
#define LK_RULE_SMALL 2u     /* counts s (up to LK_SMALL_COUNTS) whose results follow the code */
#define LK_RULE_CODE 3u      /* the instruction words, then the results of counts 0 to s-1, a byte
                              * each (255 for any result above 254), four to a word, first lowest */
#define LK_RULE_WORDS 3u     /* + LK_RULE_LENGTH + (LK_RULE_SMALL + 3) / 4 */

#define LK_NODE_MF2 8u       /* a MessageFormat 2 message: declarations, selectors, variants */
#define LK_MF2_DECLARATIONS 1u /* their counts (this word's low 16 bits; its high 16 are LK_MF2_FLAG_*) */
#define LK_MF2_SELECTORS 2u    /* 0: a pattern message, whose one variant has no keys */
#define LK_MF2_VARIANTS 3u
#define LK_MF2_WORDS 4u        /* + the declarations, the selectors, then the variants */
#define LK_MF2_COUNT_MASK 0xFFFFu
#define LK_MF2_FLAG_ICU 0x80000000u /* read from ICU MessageFormat (ARB): formatted as ICU formats,
                                     * without MF2's bidi isolation of placeholders */
#define LK_DECLARATION_FLAGS 0u      /* LK_DECLARATION_LOCAL for .local, 0 for .input */
#define LK_DECLARATION_NAME 1u       /* the variable's name: string offset, then length */
#define LK_DECLARATION_EXPRESSION 3u /* an LK_NODE_EXPRESSION */
#define LK_DECLARATION_WORDS 4u
#define LK_DECLARATION_LOCAL 1u
#define LK_SELECTOR_WORDS 2u         /* the selected variable's name: string offset, then length */
#define LK_VARIANT_PATTERN 0u        /* an LK_NODE_PATTERN */
#define LK_VARIANT_KEYS 1u           /* one key per selector: string offset (LK_NONE for `*`), length */
#define LK_VARIANT_WORDS 1u          /* + 2 a selector */
#define LK_NODE_PATTERN 9u   /* text, expressions and markup, in order */
#define LK_PATTERN_COUNT 1u
#define LK_PATTERN_PARTS 2u
#define LK_PATTERN_WORDS 2u  /* + LK_PART_WORDS a part */
#define LK_PART_KIND 0u      /* LK_PART_* */
#define LK_PART_TEXT_STRING 1u /* LK_PART_TEXT: string offset, then length */
#define LK_PART_NODE 1u        /* LK_PART_EXPRESSION, LK_PART_MARKUP: an LK_NODE_EXPRESSION */
#define LK_PART_WORDS 3u
#define LK_PART_TEXT 0u
#define LK_PART_EXPRESSION 1u
#define LK_PART_MARKUP 2u
#define LK_NODE_EXPRESSION 10u /* {operand :function options @attributes}, or markup {#name …} */
#define LK_EXPRESSION_FLAGS 1u    /* the operand's LK_VALUE_* | LK_MARKUP_* */
#define LK_EXPRESSION_OPERAND 2u  /* a literal's value or a variable's name: string offset, length */
#define LK_EXPRESSION_FUNCTION 4u /* "ns:name" of the function or markup: string offset (LK_NONE:
                                   * none), length */
#define LK_EXPRESSION_OPTIONS 6u  /* count */
#define LK_EXPRESSION_ATTRIBUTES 7u /* count */
#define LK_EXPRESSION_WORDS 8u    /* + LK_OPTION_WORDS an option, then an attribute */
#define LK_OPTION_NAME 0u         /* string offset, then length */
#define LK_OPTION_FLAGS 2u        /* LK_VALUE_*: an attribute's is LK_VALUE_NONE or a literal */
#define LK_OPTION_VALUE 3u        /* string offset, then length */
#define LK_OPTION_WORDS 5u
#define LK_VALUE_NONE 0u
#define LK_VALUE_LITERAL 1u
#define LK_VALUE_VARIABLE 2u
#define LK_VALUE_KIND 3u          /* the mask of the three above */
#define LK_VALUE_QUOTED 4u        /* a literal written |…| */
#define LK_MARKUP_KIND 0x30u      /* the mask of: */
#define LK_MARKUP_OPEN 0x10u
#define LK_MARKUP_STANDALONE 0x20u
#define LK_MARKUP_CLOSE 0x30u

/* A rule's instructions run on a stack of unsigned 64-bit values, as glibc evaluates Plural-Forms:
 * one word each, the operation in the low 8 bits and an operand in the high 24. Jumps go forward
 * only, so a program ends within its length; x / 0 and x % 0 give 0. */
#define LK_OP_N 1u           /* push the count */
#define LK_OP_PUSH 2u        /* push the operand */
#define LK_OP_PUSH64 3u      /* push the next two words (low, then high) */
#define LK_OP_NOT 4u         /* top = !top */
#define LK_OP_BOOL 5u        /* top = top != 0 */
#define LK_OP_MULTIPLY 6u    /* a b -> a * b (wrapping) */
#define LK_OP_DIVIDE 7u
#define LK_OP_REMAINDER 8u
#define LK_OP_ADD 9u
#define LK_OP_SUBTRACT 10u
#define LK_OP_LESS 11u       /* a b -> a < b ? 1 : 0 */
#define LK_OP_LESS_EQUAL 12u
#define LK_OP_GREATER 13u
#define LK_OP_GREATER_EQUAL 14u
#define LK_OP_EQUAL 15u
#define LK_OP_NOT_EQUAL 16u
#define LK_OP_JUMP_IF_ZERO 17u /* pop; when zero, skip the operand's number of words */
#define LK_OP_JUMP 18u         /* skip the operand's number of words */
#define LK_OP_OPERAND_SHIFT 8u
#define LK_RULE_STACK 32u      /* values a rule may hold at once */

/* A plural node's children, in CLDR's order. */
#define LK_CATEGORY_ZERO 0u
#define LK_CATEGORY_ONE 1u
#define LK_CATEGORY_TWO 2u
#define LK_CATEGORY_FEW 3u
#define LK_CATEGORY_MANY 4u
#define LK_CATEGORY_OTHER 5u
#define LK_CATEGORY_COUNT 6u

/* A device node's children (the same values as lokale.h's lokale_device, checked in
 * LokaleABIEntryPoints). */
#define LK_DEVICE_IPHONE 0u
#define LK_DEVICE_IPAD 1u
#define LK_DEVICE_IPOD 2u
#define LK_DEVICE_MAC 3u
#define LK_DEVICE_APPLEWATCH 4u
#define LK_DEVICE_APPLETV 5u
#define LK_DEVICE_APPLEVISION 6u
#define LK_DEVICE_OTHER 7u
#define LK_DEVICE_COUNT 8u

/* A format index in FMTS points at a segment count, then that many segments of LK_SEGMENT_WORDS
 * words; a width or precision is LK_NONE, a number, or LK_AMOUNT_FROM_ARGUMENT | the argument's
 * position. */
#define LK_SEGMENT_WORDS 8u
#define LK_SEGMENT_KIND 0u
#define LK_SEGMENT_START 1u      /* in bytes of the text */
#define LK_SEGMENT_LENGTH 2u
#define LK_SEGMENT_ARGUMENT 3u   /* 1-based */
#define LK_SEGMENT_FLAGS 4u
#define LK_SEGMENT_WIDTH 5u
#define LK_SEGMENT_PRECISION 6u
#define LK_SEGMENT_CONVERSION 7u /* the conversion character | the length modifier << 8 */
#define LK_SEGMENT_LITERAL 0u
#define LK_SEGMENT_SPECIFIER 1u
#define LK_SEGMENT_SUBSTITUTION 2u
#define LK_AMOUNT_FROM_ARGUMENT 0x80000000u
/* Segment flags: 1 '-', 2 '+', 4 ' ', 8 '#', 16 '0', 32 grouping (Apple's '\'', Java's ','), then
 * what Java's specifiers (java.util.Formatter, Android's String.format) add. A specifier with
 * LK_FLAG_JAVA is formatted by Java's rules (its number localization, rounding and spellings). */
#define LK_FLAG_JAVA 64u
#define LK_FLAG_UPPERCASE 128u   /* %S %C: upper case by the locale's rules */
#define LK_FLAG_PARENTHESES 256u /* Java's '(': a negative number in parentheses */
/* Java's %n: a specifier of argument 0 whose conversion writes a line break ("\n", Android's).
 * It reads no argument, whatever its flags, so a table carrying it elsewhere stays safe. */
#define LK_CONVERSION_LINE_SEPARATOR 0x6Eu /* 'n' */
/* Length modifiers, in the order FormatSegment.LengthModifier keeps them. */
#define LK_MODIFIER_NONE 0u
#define LK_MODIFIER_H 1u
#define LK_MODIFIER_HH 2u

/* Bounds. An input past one is refused with an error naming it (output past LK_LIMIT_OUTPUT_BYTES
 * is cut and reported): never trusted, never a crash. */
#define LK_LIMIT_KEY_BYTES 1048576u            /* a key or table name, in a catalog or a lookup */
#define LK_LIMIT_MESSAGE_TEXT_BYTES 1048576u   /* one text of a catalog */
#define LK_LIMIT_CALLER_TEXT_BYTES 67108864u   /* a caller's default value or string argument */
#define LK_LIMIT_ARGUMENTS 1000u               /* arguments of one call; highest position */
#define LK_LIMIT_WIDTH_OR_PRECISION 4096u
#define LK_LIMIT_OUTPUT_BYTES 1048576u         /* formatted output */
#define LK_LIMIT_LANGUAGES 1024u               /* preferred languages given at once */
#define LK_LIMIT_LANGUAGE_TAG_BYTES 96u
#define LK_LIMIT_VARIANT_DEPTH 8u              /* variant levels one message may compile to */
#define LK_LIMIT_RENDER_DEPTH 16u              /* nodes the renderer walks down */
#define LK_LIMIT_SUBSTITUTIONS 64u
#define LK_LIMIT_FORMS 64u                     /* gettext plural forms of a message (nplurals) */
#define LK_LIMIT_RULE_WORDS 4096u              /* instruction words of a rule */
#define LK_LIMIT_LOCALIZATIONS 4096u           /* per bundle */
#define LK_LIMIT_TABLES 65536u
#define LK_LIMIT_INSTANCES 1048576u            /* (localization, table) pairs */
#define LK_LIMIT_MESSAGES 16777216u
#define LK_LIMIT_STRING_BYTES 2147483648u      /* all distinct strings of a bundle */
#define LK_LIMIT_TABLE_BYTES 4294967295u       /* a compiled table file */

/* Counts below this are served from per-localization plural tables, without ICU. */
#define LK_SMALL_COUNTS 1000u

#endif
