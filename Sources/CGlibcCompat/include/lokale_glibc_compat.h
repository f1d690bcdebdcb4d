/* Nothing to call: CGlibcCompat only defines, hidden, what the programs and libraries that link the
 * C++ runtime in need from a newer glibc than theirs (see arc4random.c). */
#ifndef LOKALE_GLIBC_COMPAT_H
#define LOKALE_GLIBC_COMPAT_H
#endif
