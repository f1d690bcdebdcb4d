/* One number through the C library's printf in the "C" locale, without Swift's variadic
 * machinery (which casts every argument dynamically): the formatter chooses the specifier and the
 * argument's type itself, so the call is always well-typed. */
#ifndef LOKALE_PRINTF_H
#define LOKALE_PRINTF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Like snprintf(out, cap, spec, value) in the "C" locale; spec must convert exactly one long long
 * (d i u o x X c with "ll") or one double (f F e E g G a A). Returns snprintf's result. */
int lk_format_int64(char *out, size_t cap, const char *spec, long long value);
int lk_format_double(char *out, size_t cap, const char *spec, double value);

#ifdef __cplusplus
}
#endif

#endif
