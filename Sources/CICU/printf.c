#define _GNU_SOURCE
#include "lokale_printf.h"

#include <locale.h>
#include <pthread.h>
#include <stdio.h>

static locale_t c_locale;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_c_locale(void) { c_locale = newlocale(LC_NUMERIC_MASK | LC_CTYPE_MASK, "C", (locale_t)0); }

/* The host may have called setlocale(): digits and separators must not follow it. */
static locale_t enter(void) {
    pthread_once(&once, make_c_locale);
    return c_locale ? uselocale(c_locale) : (locale_t)0;
}

static void leave(locale_t saved) {
    if (saved) uselocale(saved);
}

int lk_format_int64(char *out, size_t cap, const char *spec, long long value) {
    locale_t saved = enter();
    int n = snprintf(out, cap, spec, value);
    leave(saved);
    return n;
}

int lk_format_double(char *out, size_t cap, const char *spec, double value) {
    locale_t saved = enter();
    int n = snprintf(out, cap, spec, value);
    leave(saved);
    return n;
}
