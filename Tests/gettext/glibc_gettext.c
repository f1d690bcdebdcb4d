/* The reference side of Lokale's gettext differential tests: answers lookups with glibc's own
 * gettext, as a program would. Compiled by the Swift tests at test time (cc glibc_gettext.c).
 *
 *   glibc_gettext LOCALEDIR DOMAIN < queries > answers
 *
 * The catalog is LOCALEDIR/$LANGUAGE/LC_MESSAGES/DOMAIN.mo; run with LC_ALL=C.UTF-8 (glibc ignores
 * LANGUAGE in the plain "C" locale) and LANGUAGE set to the catalog's folder name.
 * One query per line, fields separated by spaces, strings hex-encoded (so any byte can pass; "="
 * is the empty string):
 *   s CONTEXT MSGID            -> dgettext, or pgettext with a context ("-" = none)
 *   p CONTEXT MSGID PLURAL N   -> dngettext / npgettext
 * One answer per line: the result, hex-encoded.
 * With "--msgid-charset CHARSET" (after DOMAIN) msgids are given to glibc in the catalog's charset,
 * as a program whose sources use that charset would: glibc compares msgids as bytes and converts
 * only translations. An untranslated answer is given back in UTF-8.
 * With "--lookup-all" instead of a query stream, it prints gettext(MSGID) for each MSGID given as
 * further arguments (the corrupt .mo comparison: a crash shows as a signal). */
#include <iconv.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *unhex(const char *s) {
    if (strcmp(s, "=") == 0) return strdup("");
    size_t n = strlen(s) / 2;
    char *out = malloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        out[i] = (char)v;
    }
    out[n] = 0;
    return out;
}

static void puthex(const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) printf("%02x", *p);
    putchar('\n');
}

static iconv_t to_catalog = (iconv_t)-1;

/* The UTF-8 string s in the catalog's charset (a copy; s itself when no charset was given). */
static char *recode(char *s) {
    if (to_catalog == (iconv_t)-1) return s;
    size_t in_left = strlen(s), out_size = 4 * in_left + 4, out_left = out_size - 1;
    char *out = calloc(out_size, 1), *in = s, *o = out;
    if (iconv(to_catalog, &in, &in_left, &o, &out_left) == (size_t)-1) { free(out); return s; }
    return out;
}

/* gettext.h's pgettext/npgettext: look up "context\004msgid"; not found gives back the msgid. */
static const char *lookup(const char *domain, const char *context, const char *msgid, const char *plural, unsigned long n) {
    if (!context) return plural ? dngettext(domain, msgid, plural, n) : dgettext(domain, msgid);
    size_t len = strlen(context) + strlen(msgid) + 2;
    char *key = malloc(len);
    snprintf(key, len, "%s\004%s", context, msgid);
    const char *t = plural ? dngettext(domain, key, plural, n) : dgettext(domain, key);
    if (t == key || (plural && t == plural)) t = plural ? (n == 1 ? msgid : plural) : msgid;
    /* key is leaked on purpose when it is the answer; the helper is short-lived. */
    return t;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s LOCALEDIR DOMAIN [--lookup-all MSGID...]\n", argv[0]); return 2; }
    if (!setlocale(LC_ALL, "")) { fprintf(stderr, "setlocale failed\n"); return 2; }
    if (argc > 4 && strcmp(argv[3], "--msgid-charset") == 0) {
        to_catalog = iconv_open(argv[4], "UTF-8");
        if (to_catalog == (iconv_t)-1) { fprintf(stderr, "iconv_open %s failed\n", argv[4]); return 2; }
    }
    bindtextdomain(argv[2], argv[1]);
    bind_textdomain_codeset(argv[2], "UTF-8");
    if (argc > 3 && strcmp(argv[3], "--lookup-all") == 0) {
        textdomain(argv[2]);
        for (int i = 4; i < argc; i++) puthex(gettext(argv[i]));
        return 0;
    }
    char line[1 << 20];
    while (fgets(line, sizeof line, stdin)) {
        char *kind = strtok(line, " \n");
        char *ctx = strtok(NULL, " \n");
        char *id = strtok(NULL, " \n");
        if (!kind || !ctx || !id) { fprintf(stderr, "bad query\n"); return 2; }
        char *context = strcmp(ctx, "-") == 0 ? NULL : unhex(ctx);
        char *msgid = unhex(id);
        if (kind[0] == 'p') {
            char *pl = strtok(NULL, " \n"), *num = strtok(NULL, " \n");
            if (!pl || !num) { fprintf(stderr, "bad query\n"); return 2; }
            char *plural = unhex(pl), *rplural = recode(plural), *rmsgid = recode(msgid);
            const char *t = lookup(argv[2], context ? recode(context) : NULL, rmsgid, rplural, strtoul(num, NULL, 10));
            puthex(t == rmsgid ? msgid : t == rplural ? plural : t);
        } else {
            char *rmsgid = recode(msgid);
            const char *t = lookup(argv[2], context ? recode(context) : NULL, rmsgid, NULL, 0);
            puthex(t == rmsgid ? msgid : t);
        }
    }
    return 0;
}
