/* Nothing to call: CGlibcCompat only defines, hidden, what the shipped programs and libraries
 * (liblokale.so and the front, which link the C++ runtime and the standard library in) need from a
 * newer glibc than theirs (arc4random.c), and the Swift runtime's argv, kept from glibc instead of
 * found through /proc/self/maps at every start (swift_argv.c). */
#ifndef LOKALE_GLIBC_COMPAT_H
#define LOKALE_GLIBC_COMPAT_H
#endif
