/*
 * The self-contained liblokale.so and `lokale` front link the C++ runtime in (libstdc++.a, the
 * Makefile's STATIC_CXX). GCC 12's libstdc++.a was built against glibc 2.36 and calls arc4random
 * (std::random_device, which the Swift runtime pulls in), a glibc 2.36 function: they would then
 * refuse to load on glibc 2.35 (Ubuntu 22.04, manylinux_2_35, the wheel's baseline). This
 * definition, over getrandom(2) (glibc 2.25) as glibc's own is, satisfies that reference inside
 * them. Hidden, so that it is never exported: nothing outside them sees it (and where libstdc++.so
 * is used, as in the development build, it keeps glibc's). Only they link this target.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/random.h>
#include <unistd.h>

__attribute__((visibility("hidden"))) uint32_t arc4random(void);

uint32_t arc4random(void) {
    uint32_t value = 0;
    for (;;) {
        ssize_t n = getrandom(&value, sizeof value, 0);
        if (n == (ssize_t)sizeof value) return value;
        if (n < 0 && errno != EINTR) break; /* ENOSYS: a kernel before 3.17 */
    }
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (read(fd, &value, sizeof value) != (ssize_t)sizeof value) value ^= (uint32_t)(uintptr_t)&value;
        close(fd);
    }
    return value;
}
