/* The texts threads.c checks every answer against, computed from gen_data.py's rules (Russian)
 * and threads.sh's Ukrainian translation (between its "# >>> uk" and "# <<< uk" lines), not read
 * from the bundle: a value "w1 w2 №i" of two of 16 words and the key's index, and files.count's
 * plural sentences. Included by threads.c only. */
#ifndef LOKALE_BENCH_THREADS_EXPECT_H
#define LOKALE_BENCH_THREADS_EXPECT_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const RU_WORDS[16] = {"файл", "папка", "окно", "панель", "готово", "элемент", "сохранить", "открыть",
                                         "настройки", "удалить", "журнал", "сеть", "печать", "экран", "звук", "поиск"};
static const char *const UK_WORDS[16] = {"документ", "тека", "вікно", "вкладка", "виконано", "елемент", "зберегти", "відкрити",
                                         "налаштування", "видалити", "протокол", "мережа", "друк", "екран", "гучність", "пошук"};
/* CLDR categories one/few/many (integers: the same rules in both languages); "other" is never
 * chosen for an integer. */
static const char *const RU_PLURAL[3] = {"%ld файл в «Документах»", "%ld файла в «Документах»", "%ld файлов в «Документах»"};
static const char *const UK_PLURAL[3] = {"%ld файл у «Документах»", "%ld файли у «Документах»", "%ld файлів у «Документах»"};

static int plural_category(long n) {
    if (n % 10 == 1 && n % 100 != 11) return 0;
    if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return 1;
    return 2;
}

typedef struct text { const char *s; size_t len; } text;

static text make_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static text make_text(const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    text t = {strdup(buf), (size_t)k};
    return t;
}

static inline int same(const char *s, size_t len, text t) { return len == t.len && memcmp(s, t.s, len) == 0; }

/* Whether (s, len) is exactly "w1 w2 №i" of `words` for key index i, built piece by piece so that
 * the check reads no per-key memory (only the 16 words, hot in L1): at N = 100k a table of
 * expected strings would add its own cache misses to every lookup's cost. */
static size_t word_len[2][16];
static inline int value_is(const char *s, size_t len, const char *const *words, const size_t *wl, uint32_t i) {
    const char *w1 = words[i % 16], *w2 = words[(i / 16) % 16];
    size_t l1 = wl[i % 16], l2 = wl[(i / 16) % 16];
    char digits[12];
    int nd = 0;
    uint32_t v = i;
    do { digits[11 - nd++] = (char)('0' + v % 10); v /= 10; } while (v);
    if (len != l1 + 1 + l2 + 4 + (size_t)nd) return 0;
    return memcmp(s, w1, l1) == 0 && s[l1] == ' ' && memcmp(s + l1 + 1, w2, l2) == 0 &&
           memcmp(s + l1 + 1 + l2, " \xe2\x84\x96", 4) == 0 && memcmp(s + l1 + 1 + l2 + 4, digits + 12 - nd, (size_t)nd) == 0;
}
/* The same for language lang: 0 Russian, 1 Ukrainian. */
static inline int value_in(int lang, const char *s, size_t len, uint32_t i) {
    return value_is(s, len, lang ? UK_WORDS : RU_WORDS, word_len[lang ? 1 : 0], i);
}

/* The whole texts, for the single-threaded checks before the runs: every key's value in *ru and
 * *uk (n_messages each, freed by free_values), every n's plural sentence in *pl_ru and *pl_uk
 * (0..max_n); also fills word_len for value_is. */
static void expected_texts(long n_messages, long max_n, text **ru, text **uk, text **pl_ru, text **pl_uk) {
    for (int k = 0; k < 16; k++) {
        word_len[0][k] = strlen(RU_WORDS[k]);
        word_len[1][k] = strlen(UK_WORDS[k]);
    }
    *ru = malloc((size_t)n_messages * sizeof **ru);
    *uk = malloc((size_t)n_messages * sizeof **uk);
    for (long i = 0; i < n_messages; i++) {
        (*ru)[i] = make_text("%s %s №%ld", RU_WORDS[i % 16], RU_WORDS[(i / 16) % 16], i);
        (*uk)[i] = make_text("%s %s №%ld", UK_WORDS[i % 16], UK_WORDS[(i / 16) % 16], i);
    }
    *pl_ru = malloc((size_t)(max_n + 1) * sizeof **pl_ru);
    *pl_uk = malloc((size_t)(max_n + 1) * sizeof **pl_uk);
    for (long n = 0; n <= max_n; n++) {
        (*pl_ru)[n] = make_text(RU_PLURAL[plural_category(n)], n);
        (*pl_uk)[n] = make_text(UK_PLURAL[plural_category(n)], n);
    }
}
static void free_values(long n_messages, text *ru, text *uk) {
    for (long i = 0; i < n_messages; i++) {
        free((void *)ru[i].s);
        free((void *)uk[i].s);
    }
    free(ru);
    free(uk);
}

#endif
