// lk_xml_parse: libxml2's SAX2 push parser with a handler of our own (see lokale_xml.h).
#include "lokale_xml.h"

#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    xmlParserCtxtPtr ctxt;
    const lk_xml_handler *handler;
    lk_xml_error *error;
    int stopped; /* a callback asked to stop, or an undefined entity was met */
    int failed;  /* libxml2 reported an error (recorded in *error) */
} reader;

static int line(reader *r) { return xmlSAX2GetLineNumber(r->ctxt); }
static int column(reader *r) { return xmlSAX2GetColumnNumber(r->ctxt); }

/* Whether the parse is over for us; stops libxml2 when an error was recorded since the last event
   (an error that is not fatal lets libxml2 go on: stopping from inside the error callback is not
   safe, so it is done here, before anything more is delivered). */
static int over(reader *r) {
    if (r->failed && !r->stopped) {
        r->stopped = 1;
        xmlStopParser(r->ctxt);
    }
    return r->stopped;
}

static void stop(reader *r) {
    if (!r->stopped) {
        r->stopped = 1;
        xmlStopParser(r->ctxt);
    }
}

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                     int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                     const xmlChar **attributes) {
    (void)uri;
    (void)nb_defaulted;
    reader *r = ctx;
    if (over(r) || r->handler->start_element == NULL) return;
    /* Namespace declarations first, as the attributes xmlns and xmlns:p (as a parser that does not
       process namespaces reports them), then the attributes. */
    size_t count = (size_t)(nb_namespaces > 0 ? nb_namespaces : 0) + (size_t)(nb_attributes > 0 ? nb_attributes : 0);
    lk_xml_attribute small[16];
    lk_xml_attribute *list = count <= 16 ? small : malloc(count * sizeof *list);
    if (list == NULL) {
        stop(r);
        return;
    }
    size_t n = 0;
    for (int i = 0; i < nb_namespaces; i++) {
        const xmlChar *name = namespaces[2 * i], *value = namespaces[2 * i + 1];
        list[n].prefix = name ? "xmlns" : NULL;
        list[n].name = name ? (const char *)name : "xmlns";
        list[n].value = value ? (const char *)value : "";
        list[n].value_length = value ? strlen((const char *)value) : 0;
        n++;
    }
    for (int i = 0; i < nb_attributes; i++) {
        const xmlChar **a = attributes + 5 * i; /* localname, prefix, URI, value, end */
        if (a[0] == NULL) continue;
        list[n].prefix = a[1] && a[1][0] ? (const char *)a[1] : NULL;
        list[n].name = (const char *)a[0];
        list[n].value = a[3] ? (const char *)a[3] : "";
        list[n].value_length = a[3] && a[4] && a[4] > a[3] ? (size_t)(a[4] - a[3]) : 0;
        n++;
    }
    int result = r->handler->start_element(r->handler->context, prefix ? (const char *)prefix : NULL,
                                           (const char *)localname, list, (int)n, line(r), column(r));
    if (list != small) free(list);
    if (result) stop(r);
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)uri;
    reader *r = ctx;
    if (over(r) || r->handler->end_element == NULL) return;
    if (r->handler->end_element(r->handler->context, prefix ? (const char *)prefix : NULL,
                                (const char *)localname, line(r), column(r)))
        stop(r);
}

static void on_characters(void *ctx, const xmlChar *text, int length) {
    reader *r = ctx;
    if (over(r) || r->handler->characters == NULL || length <= 0) return;
    if (r->handler->characters(r->handler->context, (const char *)text, (size_t)length, line(r), column(r)))
        stop(r);
}

static void on_cdata(void *ctx, const xmlChar *text, int length) {
    reader *r = ctx;
    if (r->handler->cdata == NULL) {
        on_characters(ctx, text, length);
        return;
    }
    if (over(r) || length <= 0) return;
    if (r->handler->cdata(r->handler->context, (const char *)text, (size_t)length, line(r), column(r))) stop(r);
}

static void on_comment(void *ctx, const xmlChar *text) {
    reader *r = ctx;
    if (over(r) || r->handler->comment == NULL || text == NULL) return;
    if (r->handler->comment(r->handler->context, (const char *)text, strlen((const char *)text), line(r), column(r)))
        stop(r);
}

/* Only XML's five predefined entities exist: nothing declared in the document is ever expanded,
   and nothing is loaded. */
static xmlEntityPtr on_get_entity(void *ctx, const xmlChar *name) {
    reader *r = ctx;
    xmlEntityPtr predefined = xmlGetPredefinedEntity(name);
    if (predefined != NULL) return predefined;
    if (!over(r) && r->handler->undefined_entity != NULL)
        r->handler->undefined_entity(r->handler->context, (const char *)name, line(r), column(r));
    stop(r);
    return NULL;
}

static xmlEntityPtr on_get_parameter_entity(void *ctx, const xmlChar *name) {
    (void)ctx;
    (void)name;
    return NULL;
}

static xmlParserInputPtr on_resolve_entity(void *ctx, const xmlChar *public_id, const xmlChar *system_id) {
    (void)ctx;
    (void)public_id;
    (void)system_id;
    return NULL;
}

static void on_error(void *ctx, xmlErrorPtr e) {
    reader *r = ctx;
    /* The first error only, and none after the parse was stopped (libxml2 may still report the
       reference that made a callback stop it). */
    if (e == NULL || e->level < XML_ERR_ERROR || r->failed || r->stopped) return;
    /* Namespaces are not processed (names are read as written, prefix:name): an undeclared prefix
       is not an error here. */
    if (e->domain == XML_FROM_NAMESPACE) return;
    r->failed = 1;
    r->error->code = e->code;
    r->error->line = e->line;
    r->error->column = e->int2;
    xmlParserInputPtr input = r->ctxt != NULL ? r->ctxt->input : NULL;
    r->error->at_end = input != NULL && input->cur != NULL && input->end != NULL && input->cur >= input->end;
}

/* Errors raised without a parser context (encoding conversion, memory) would go to libxml2's
   generic handler, which prints to stderr: silenced during a parse. */
static void ignore_generic(void *ctx, const char *message, ...) {
    (void)ctx;
    (void)message;
}

static pthread_once_t initialized = PTHREAD_ONCE_INIT;
static void initialize(void) { xmlInitParser(); }

int lk_xml_parse(const char *bytes, size_t length, const lk_xml_handler *handler, lk_xml_error *error) {
    lk_xml_error ignored;
    if (error == NULL) error = &ignored;
    memset(error, 0, sizeof *error);
    if (handler == NULL || (bytes == NULL && length > 0)) return LK_XML_MEMORY;
    pthread_once(&initialized, initialize);

    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;
    sax.characters = on_characters;
    sax.ignorableWhitespace = on_characters;
    sax.cdataBlock = on_cdata;
    sax.comment = on_comment;
    sax.getEntity = on_get_entity;
    sax.getParameterEntity = on_get_parameter_entity;
    sax.resolveEntity = on_resolve_entity;
    sax.serror = on_error;

    reader r = {.ctxt = NULL, .handler = handler, .error = error, .stopped = 0, .failed = 0};
    /* The first four bytes at creation, for the encoding to be detected from them. */
    int first = length < 4 ? (int)length : 4;
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, &r, bytes, first, NULL);
    if (ctxt == NULL) return LK_XML_MEMORY;
    r.ctxt = ctxt;
    /* NOENT: the predefined entities are substituted in attribute values too (as text, not as the
       character reference libxml2 keeps otherwise); on_get_entity makes sure that nothing else is. */
    xmlCtxtUseOptions(ctxt, XML_PARSE_NOENT | XML_PARSE_NONET);

    xmlGenericErrorFunc saved_generic = xmlGenericError;
    void *saved_generic_context = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, ignore_generic);

    size_t offset = (size_t)first;
    do {
        size_t rest = length - offset;
        int chunk = rest > (size_t)(INT_MAX / 2) ? INT_MAX / 2 : (int)rest;
        int terminate = (size_t)chunk == rest;
        xmlParseChunk(ctxt, bytes ? bytes + offset : NULL, chunk, terminate);
        offset += (size_t)chunk;
        if (r.stopped || r.failed) break;
    } while (offset < length);

    xmlSetGenericErrorFunc(saved_generic_context, saved_generic);
    xmlFreeParserCtxt(ctxt);
    return r.failed ? LK_XML_ERROR : r.stopped ? LK_XML_STOPPED : LK_XML_OK;
}
