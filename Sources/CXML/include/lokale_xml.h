// A SAX reader over libxml2 for LokaleCatalog's XLIFF reader, behind plain C types (no libxml2
// type crosses this interface, so Swift never imports libxml2's headers).
//
// The document is read from memory as libxml2's push parser reads it, with XML's five predefined
// entities substituted (in text and in attribute values) and nothing else: no DTD is loaded, no
// external entity is resolved, an entity declared in an internal subset is never expanded (a
// reference to any entity beyond the five is reported to undefined_entity and stops the parse),
// and nothing touches the network. Text is delivered as UTF-8; CDATA sections as text, unless the
// handler has a `cdata` callback.
#ifndef LOKALE_XML_H
#define LOKALE_XML_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One attribute of a start tag: its prefix (NULL when none), local name, and value (UTF-8, not
   NUL-terminated, entities substituted). Valid during the callback only. */
typedef struct lk_xml_attribute {
    const char *prefix;
    const char *name;
    const char *value;
    size_t value_length;
} lk_xml_attribute;

/* The reader's callbacks. Each gets `context`, and the parser's line and column (1-based) at the
   moment it is called: at the `>` of a start or end tag, after a run of text or a reference that
   caused it (a reference to one of the five entities is a call of its own); each returns 0 to
   go on, nonzero to stop the parse (lk_xml_parse then returns LK_XML_STOPPED). Strings are UTF-8,
   valid during the callback only. Any callback may be NULL. */
typedef struct lk_xml_handler {
    void *context;
    int (*start_element)(void *context, const char *prefix, const char *name,
                         const lk_xml_attribute *attributes, int attribute_count, int line, int column);
    int (*end_element)(void *context, const char *prefix, const char *name, int line, int column);
    int (*characters)(void *context, const char *text, size_t length, int line, int column);
    /* A reference to an entity other than amp, lt, gt, quot and apos; the parse stops after it. */
    int (*undefined_entity)(void *context, const char *name, int line, int column);
    /* A CDATA section's content. When NULL, it goes to `characters`. Unlike the other callbacks, line
       and column are where the content begins (after `<![CDATA[`), as libxml2 reports them. */
    int (*cdata)(void *context, const char *text, size_t length, int line, int column);
    /* A comment's text (between `<!--` and `-->`), with the position after it. */
    int (*comment)(void *context, const char *text, size_t length, int line, int column);
} lk_xml_handler;

/* lk_xml_parse's outcome. */
#define LK_XML_OK 0          /* the document was read to its end, well-formed */
#define LK_XML_STOPPED (-1)  /* a callback returned nonzero (or undefined_entity was called) */
#define LK_XML_ERROR (-2)    /* libxml2 reported an error: see lk_xml_error */
#define LK_XML_MEMORY (-3)   /* the parser could not be created */

/* libxml2's first error (of level error or fatal; warnings are not errors here). */
typedef struct lk_xml_error {
    int code;     /* libxml2's xmlParserErrors value (xmlerror.h), e.g. 76: tag name mismatch */
    int line;     /* where libxml2 reported it, 1-based; 0 when unknown */
    int column;
    int at_end;   /* nonzero when the whole input had been read: the document ends too early */
} lk_xml_error;

/* Reads `length` bytes at `bytes` (an XML document), calling `handler`'s callbacks in document
   order. Returns LK_XML_OK, LK_XML_STOPPED, LK_XML_ERROR (with `*error` filled; it is zeroed
   otherwise) or LK_XML_MEMORY. Thread-safe: each call has its own parser. */
int lk_xml_parse(const char *bytes, size_t length, const lk_xml_handler *handler, lk_xml_error *error);

#ifdef __cplusplus
}
#endif

#endif
