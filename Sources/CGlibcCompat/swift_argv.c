/*
 * The Swift runtime's source of `CommandLine.arguments`, defined here so that the standard
 * library's own (CommandLine.cpp) is not linked into liblokale.so and the `lokale` front. That one
 * is a constructor: in every process that loads it, before `main`, it reads /proc/self/maps line by
 * line with sscanf to find argv on the stack (some 100,000 instructions and a dozen system calls,
 * a tenth of a `lokale lookup`; benchmarks/results/coldstart.md). glibc hands every ELF
 * constructor argc and argv (of dlopen'd libraries too): this one keeps them (a C library that
 * did not would leave `CommandLine.arguments` empty; Lokale ships for glibc).
 *
 * With the static standard library (`make build-static`, what ships) the linker then leaves
 * CommandLine.cpp out; with the shared one (the development build) this definition is hidden and
 * the runtime keeps its own. The runtime calls it with the Swift calling convention, which for one
 * pointer argument and a pointer result is the C one. A toolchain that stopped calling this name
 * would link its own again (the start would be slower, not wrong).
 */
#include <stddef.h>

static int given_count = -1;
static char **given = NULL;

static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc >= 0 && argv) {
        given_count = argc;
        given = argv;
    }
}

__attribute__((section(".init_array"), used)) static void (*keep_arguments_entry)(int, char **, char **) = keep_arguments;

static char *no_arguments[1] = {NULL};

__attribute__((visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *count);

char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    if (given) {
        *count = given_count;
        return given;
    }
    *count = 0;
    return no_arguments;
}
