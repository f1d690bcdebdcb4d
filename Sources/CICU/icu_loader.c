/* Loads ICU, and the C++ shims, on first need. See icu_functions.h. */
#define _GNU_SOURCE
#include "icu_functions.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define LK_ICU_STRING(x) #x
#define LK_ICU_SYMBOL(name) LK_ICU_STRING(name)
/* The ICU the shims were compiled with: its versioned symbols exist in that major version only. */
#define LK_ICU_I18N_SONAME "libicui18n.so." LK_ICU_SYMBOL(U_ICU_VERSION_MAJOR_NUM)
#define LK_ICU_SHIMS "liblokale-icu.so"

/* CICUCxx, when it is linked into this program (a Swift program, the tests, the CLI): then ICU is
 * among the program's own libraries. Weak, so that liblokale.so, built without it, links. */
extern const lk_icu_cxx_functions *lk_icu_cxx_table(void) __attribute__((weak));

static pthread_once_t once = PTHREAD_ONCE_INIT;
static lk_icu_functions functions;
static const lk_icu_functions *loaded;
static const lk_icu_cxx_functions *cxx_loaded;
/* Why ICU or the shims are not loaded (lk_icu_unavailable). */
static char problem[512];

/* liblokale-icu.so beside the library or program this code is in (a wheel's package folder), or in
 * its lokale/ folder (an installation's lib/lokale, with the ICU a tarball vendors); for the
 * `lokale` command, in ../lib/lokale (an installation), ../lib (a build folder) or .. (a wheel's
 * lokale/bin/lokale). It brings ICU with it, through its own DT_NEEDED and RUNPATH, so the ICU
 * found is the one it was shipped with. */
static void *open_shims(void) {
    Dl_info info;
    struct link_map *map = NULL;
    if (!dladdr1((void *)&lk_icu, &info, (void **)&map, RTLD_DL_LINKMAP) || !info.dli_fname) return NULL;
    /* In a program (the `lokale` front), the loader knows it by no name: its own file is asked. */
    char self[4096];
    const char *file = info.dli_fname;
    if (map && map->l_name && map->l_name[0] == 0) {
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) return NULL;
        self[n] = 0;
        file = self;
    }
    const char *slash = strrchr(file, '/');
    int dir = slash ? (int)(slash - file) : 1;
    const char *base = slash ? file : ".";
    static const char *const places[] = {
        "/" LK_ICU_SHIMS, "/lokale/" LK_ICU_SHIMS, "/../lib/lokale/" LK_ICU_SHIMS, "/../lib/" LK_ICU_SHIMS, "/../" LK_ICU_SHIMS,
    };
    snprintf(problem, sizeof problem,
             "the C++ shims over ICU (" LK_ICU_SHIMS ") are not in %.*s, its lokale/ folder, ../lib/lokale, ../lib nor ..",
             dir, base);
    for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
        char path[4096];
        int n = snprintf(path, sizeof path, "%.*s%s", dir, base, places[i]);
        if (n <= 0 || (size_t)n >= sizeof path) continue;
        void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (library) return library;
        /* Present but unusable (its ICU missing): say so rather than "not found". */
        const char *why = dlerror();
        if (why && !strstr(why, "No such file")) snprintf(problem, sizeof problem, "%s", why);
    }
    return NULL;
}

static int usable(const lk_icu_cxx_functions *c) {
    return c && c->version == LK_ICU_CXX_VERSION && c->icu_major == U_ICU_VERSION_MAJOR_NUM;
}

static void load(void) {
    const lk_icu_cxx_functions *cxx = NULL;
    void *library = NULL;
    if (lk_icu_cxx_table) {
        cxx = lk_icu_cxx_table();
    } else if ((library = open_shims()) != NULL) {
        const lk_icu_cxx_functions *(*table)(void);
        *(void **)&table = dlsym(library, "lk_icu_cxx_table");
        cxx = table ? table() : NULL;
        if (!usable(cxx)) {
            snprintf(problem, sizeof problem, LK_ICU_SHIMS " was built for another ICU or another liblokale");
            dlclose(library);
            library = NULL;
            cxx = NULL;
        }
    }
    /* ICU's own, by the soname of the version compiled against: the program's when it has one. */
    if (!library) library = dlopen(LK_ICU_I18N_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(problem, sizeof problem, "ICU could not be loaded (%s)", why ? why : LK_ICU_I18N_SONAME);
        return;
    }
    /* A handle's symbols include its dependencies' (libicuuc through libicui18n). */
    int complete = 1;
#define LK_ICU_LOOKUP(name)                                                                        \
    *(void **)&functions.name = dlsym(library, LK_ICU_SYMBOL(name));                              \
    complete &= functions.name != NULL;
    LK_ICU_FUNCTIONS(LK_ICU_LOOKUP)
#undef LK_ICU_LOOKUP
    if (!complete) {
        snprintf(problem, sizeof problem, "the ICU loaded lacks functions of ICU %d", U_ICU_VERSION_MAJOR_NUM);
        return;
    }
    loaded = &functions;
    cxx_loaded = usable(cxx) ? cxx : NULL;
    if (cxx_loaded) problem[0] = 0;
}

const lk_icu_functions *lk_icu(void) {
    pthread_once(&once, load);
    return loaded;
}

/* icu::Locale makes a name it cannot read "bogus": uloc_getName fails, or its first field (up to a
 * '_' before any '@', else up to '@' or '.') has 12 bytes or more. ICU 72's ordinal plural rules,
 * date formats and pattern generators then copy the bogus locale's NULL name; its plural rules
 * also copy any name into a buffer of ULOC_FULLNAME_CAPACITY bytes unchecked. Such a name is
 * given as root's, which is what ICU makes of a bogus locale where it does not crash. */
const char *lk_icu_safe_locale(const lk_icu_functions *icu, const char *locale) {
    if (!locale || !*locale) return locale;
    char name[ULOC_FULLNAME_CAPACITY];
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = icu->uloc_getName(locale, name, (int32_t)sizeof name, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING || n < 0 || n >= (int32_t)sizeof name) return "";
    size_t first = strcspn(name, "_@");
    if (name[first] != '_') first = strcspn(name, "@.");
    return first < ULOC_LANG_CAPACITY ? locale : "";
}

const lk_icu_cxx_functions *lk_icu_cxx(void) {
    pthread_once(&once, load);
    return cxx_loaded;
}

const char *lk_icu_unavailable(void) {
    pthread_once(&once, load);
    return cxx_loaded ? NULL : problem;
}
