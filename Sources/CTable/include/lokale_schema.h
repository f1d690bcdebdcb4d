/* The compiled table's schema (docs/FORMAT.md) and the runtime's bounds (docs/LIMITS.md): the one
 * definition that the C fast paths (CTable, CLokaleABI), the Swift reader (TableLayout,
 * MessageRenderer, Limits) and the writer (LokaleCatalog) all read. Plain integer macros, so that
 * Swift imports each one as a typed constant. Internal: not part of lokale.h. */
#ifndef LOKALE_SCHEMA_H
#define LOKALE_SCHEMA_H

/* An absent node, format, string or amount. */
#define LK_NONE 0xFFFFFFFFu

/* A message record's first word: the key's length, and whether a node word follows the value's
 * length (a message shown as is has none, so that most records carry two header words). */
#define LK_RECORD_HAS_NODE 0x80000000u
#define LK_RECORD_LENGTH_MASK 0x7FFFFFFFu

/* Node kinds, the first word of a node in the NODE section. */
#define LK_NODE_TEXT 1u     /* [kind, strOff, strLen, fmtIndex] */
#define LK_NODE_PLURAL 2u   /* [kind, argNum, flags, zero, one, two, few, many, other] */
#define LK_NODE_DEVICE 3u   /* [kind, iphone, ipad, ipod, mac, applewatch, appletv, applevision, other] */
#define LK_NODE_MESSAGE 4u  /* [kind, body, count, count x [nameOff, nameLen, argNum, specOff, specLen, node]] */
#define LK_NODE_REPLACED 5u /* [kind, reasonOff, reasonLen, node]: a rejected translation; node is the development text */
#define LK_PLURAL_FLAG_ORDINAL 1u
#define LK_SUBSTITUTION_WORDS 6u

/* A plural node's children, in CLDR's order. */
#define LK_CATEGORY_ZERO 0u
#define LK_CATEGORY_ONE 1u
#define LK_CATEGORY_TWO 2u
#define LK_CATEGORY_FEW 3u
#define LK_CATEGORY_MANY 4u
#define LK_CATEGORY_OTHER 5u

/* A device node's children (the same values as lokale.h's lokale_device, checked in CLokaleABI). */
#define LK_DEVICE_IPHONE 0u
#define LK_DEVICE_IPAD 1u
#define LK_DEVICE_IPOD 2u
#define LK_DEVICE_MAC 3u
#define LK_DEVICE_APPLEWATCH 4u
#define LK_DEVICE_APPLETV 5u
#define LK_DEVICE_APPLEVISION 6u
#define LK_DEVICE_OTHER 7u

/* A precompiled format segment in the FMTS section: [kind, start, length, argument, flags, width,
 * precision, conversion | modifier << 8]; a width or precision is LK_NONE, a number, or
 * LK_AMOUNT_FROM_ARGUMENT | the argument's position. */
#define LK_SEGMENT_WORDS 8u
#define LK_SEGMENT_LITERAL 0u
#define LK_SEGMENT_SPECIFIER 1u
#define LK_SEGMENT_SUBSTITUTION 2u
#define LK_AMOUNT_FROM_ARGUMENT 0x80000000u
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
#define LK_LIMIT_LOCALIZATIONS 4096u           /* per bundle */
#define LK_LIMIT_TABLES 65536u
#define LK_LIMIT_INSTANCES 1048576u            /* (localization, table) pairs */
#define LK_LIMIT_MESSAGES 16777216u
#define LK_LIMIT_STRING_BYTES 2147483648u      /* all distinct strings of a bundle */
#define LK_LIMIT_TABLE_BYTES 4294967295u       /* a compiled table file */

/* Counts below this are served from per-localization plural tables, without ICU. */
#define LK_SMALL_COUNTS 1000u

#endif
