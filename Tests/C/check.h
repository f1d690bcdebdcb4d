/*
 * Shared by the C test program's files: the CHECK macros and their counters, the two folders
 * given on the command line, a few helpers (main.c) and every test_* function, run in order by main.
 */
#ifndef LOKALE_C_TEST_CHECK_H
#define LOKALE_C_TEST_CHECK_H

#define _POSIX_C_SOURCE 200809L
#include <lokale.h>

#include <stdio.h>
#include <string.h>

extern int passed, failed;
/* EXAMPLES_DIR and TESTS_DIR of the command line. */
extern char examples[1024], tests[1024];

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (cond) {                                                                        \
            passed++;                                                                      \
        } else {                                                                           \
            failed++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, __LINE__, \
                    #cond, lokale_last_error());                                           \
        }                                                                                  \
    } while (0)

#define CHECK_STR(actual, expected)                                                        \
    do {                                                                                   \
        const char *a_ = (actual), *e_ = (expected);                                       \
        if (a_ && strcmp(a_, e_) == 0) {                                                   \
            passed++;                                                                      \
        } else {                                                                           \
            failed++;                                                                      \
            fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\" (last error: %s)\n", __FILE__, \
                    __LINE__, e_, a_ ? a_ : "(null)", lokale_last_error());                \
        }                                                                                  \
    } while (0)

/* Under a sanitizer the allocator is the sanitizer's; otherwise test_gettext.c counts every
 * allocation of the process while `counting` is set. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define LK_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LK_TEST_SANITIZED 1
#endif
#ifndef LK_TEST_SANITIZED
extern _Atomic long allocations;
extern _Atomic int counting;
#endif

/* dir/name, in one of four rotating static buffers. */
const char *path(const char *dir, const char *name);
/* A runtime with these preferred languages (the creation is a CHECK). */
lokale_runtime *runtime_with(const char *const *langs, size_t n);
/* Formats a message into a static buffer ("<error LOKALE_...>" on failure). */
const char *fmt(const lokale_bundle *b, const char *key, const char *table, const char *def,
                const lokale_arg *args, size_t n);

/* test_runtime.c */
void test_versions(void);
void test_null_and_bad_arguments(void);
void test_bundle_facts(void);
void test_strategies(void);
/* test_lookup.c */
void test_lookup_contract(void);
void test_bundle_text(void);
void test_lookup_device_variants(void);
void test_explain(void);
void test_main_and_framework(void);
/* test_format.c */
void test_format(void);
void test_number_locale(void);
/* test_files.c */
void test_corrupt_files(void);
void test_reload(void);
/* test_threads.c */
void test_threads(void);
/* test_language.c */
void test_in_app_language(void);
/* test_lifetimes.c */
void test_lifetimes(void);
/* test_accept_language.c */
void test_accept_language(void);
/* test_requests.c */
void test_requests(void);
void test_gettext_catalog(void);
void test_message_format(void);
/* test_mf2_catalog.c */
void test_mf2_catalog(void);
/* test_sources.c */
void test_sources(void);
/* test_memory.c */
void test_open_memory(void);
/* test_start.c */
void test_start(void);

#endif
