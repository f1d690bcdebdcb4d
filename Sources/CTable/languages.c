/* Language-name rules shared by the Swift runtime and the C start (lokale_languages.h). */
#include "lokale_languages.h"

#include <string.h>

static size_t put(char *dst, size_t capacity, size_t at, const char *s, size_t n) {
    if (at + n + 1 <= capacity) {
        memcpy(dst + at, s, n);
        dst[at + n] = 0;
    }
    return at + n + 1;
}

size_t lk_stated_languages(char *dst, size_t capacity, const char *language, const char *lc_all, const char *lc_messages,
                           const char *lang) {
    size_t at = 0;
    if (language && *language) {
        for (const char *p = language; *p;) {
            const char *end = strchr(p, ':');
            size_t n = end ? (size_t)(end - p) : strlen(p);
            if (n) at = put(dst, capacity, at, p, n);
            p += n + (end ? 1 : 0);
        }
    }
    const char *locale = lc_all && *lc_all ? lc_all : lc_messages && *lc_messages ? lc_messages : lang && *lang ? lang : NULL;
    if (locale) at = put(dst, capacity, at, locale, strlen(locale));
    return at;
}

size_t lk_language_part(const char *raw, size_t length) {
    size_t n = 0;
    while (n < length && raw[n] != '.' && raw[n] != '@') n++;
    return n;
}

int lk_names_no_language(const char *part, size_t length) {
    return (length == 1 && part[0] == 'C') || (length == 5 && memcmp(part, "POSIX", 5) == 0);
}

int lk_is_pseudo(const char *tag, size_t length) {
    int first = 1;
    for (size_t start = 0; start < length;) {
        size_t end = start;
        while (end < length && tag[end] != '-' && tag[end] != '_') end++;
        if (end > start) { /* empty parts are no subtags */
            if (!first && end - start == 2) {
                char a = tag[start] & ~0x20, b = tag[start + 1] & ~0x20;
                if (a == 'X' && (b == 'A' || b == 'B' || b == 'L')) return 1;
            }
            first = 0;
        }
        start = end + 1;
    }
    return 0;
}

size_t lk_settings_path(char *dst, size_t capacity, const char *identifier, size_t identifier_length, const char *xdg_config_home,
                        const char *home) {
    if (identifier_length == 0 || identifier_length > LK_IDENTIFIER_FILE_BYTES || memchr(identifier, '/', identifier_length) ||
        (identifier_length == 1 && identifier[0] == '.') || (identifier_length == 2 && memcmp(identifier, "..", 2) == 0))
        return 0;
    const char *base, *tail;
    if (xdg_config_home && xdg_config_home[0] == '/') base = xdg_config_home, tail = "/lokale/";
    else if (home && home[0] == '/') base = home, tail = "/.config/lokale/";
    else return 0;
    size_t b = strlen(base), t = strlen(tail), s = strlen(".language");
    size_t n = b + t + identifier_length + s;
    if (n + 1 <= capacity) {
        memcpy(dst, base, b);
        memcpy(dst + b, tail, t);
        memcpy(dst + b + t, identifier, identifier_length);
        memcpy(dst + b + t + identifier_length, ".language", s + 1);
    }
    return n;
}
