/* Bounds on one MessageFormat 2 message (docs/LIMITS.md), beside its 1 MiB source bound. A
 * message past one is a syntax error at the offending element: the parser never builds a data
 * model, and a compiled table never stores one, that the runtime would refuse. Generous for real
 * messages (a handful of each), small enough that a count fits the table's narrow fields and a
 * hostile message cannot make selection or formatting do unbounded work per element. Plain
 * integer macros, so that Swift imports each one as a typed constant. Internal: not part of
 * lokale.h. */
#ifndef LOKALE_MF2_LIMITS_H
#define LOKALE_MF2_LIMITS_H

#define LK_LIMIT_MF2_DECLARATIONS 256u   /* .input and .local of one message */
#define LK_LIMIT_MF2_SELECTORS 16u       /* selectors of a .match (and keys of each variant) */
#define LK_LIMIT_MF2_VARIANTS 4096u      /* variants of a .match */
#define LK_LIMIT_MF2_OPTIONS 64u         /* options of one function or markup */
#define LK_LIMIT_MF2_ATTRIBUTES 64u      /* attributes of one expression or markup */
#define LK_LIMIT_MF2_PATTERN_PARTS 4096u /* text runs, expressions and markup of one pattern */

#endif
