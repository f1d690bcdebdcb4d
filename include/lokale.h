/*
 * lokale.h — the C interface of Lokale, an embeddable localization runtime.
 *
 * Lokale brings Apple's localization contract (String Catalogs, bundles and tables, per-bundle
 * language selection, development-language fallback, explicit default values, plurals,
 * substitutions) to any language that can call C. Catalogs are compiled ahead of time
 * (`lokale compile`) into one memory-mapped `.lokale` file per bundle.
 *
 * Conventions
 *   - Every function that can fail returns an int status (a lokale_status): LOKALE_OK (0) or a
 *     negative LOKALE_E* code. Out-parameters come first. lokale_last_error() describes the last failure of the
 *     calling thread.
 *   - Strings are UTF-8. A string input comes with a length; -1 means "NUL-terminated".
 *   - Borrowed results state their lifetime next to the function. The caller never passes
 *     library memory to free().
 *   - Formatted results use (dst, capacity, needed): *needed receives the length of the whole
 *     result without its NUL; the result fits when capacity > *needed. When it does not,
 *     LOKALE_ETRUNCATED is returned and dst (if capacity > 0) holds a NUL-terminated prefix cut at
 *     a UTF-8 boundary. Call with (NULL, 0, &needed) to size a buffer.
 *   - lokale_*_free(NULL) does nothing. Options and message structs start with a version field and
 *     only ever grow at the end.
 *   - Nothing traps across this boundary: NULL pointers, bad lengths, invalid UTF-8 and corrupt
 *     files become status codes or safe fallbacks.
 *
 * Threads: a lokale_bundle may be used from any number of threads at once. Changing a runtime's
 * languages publishes a new state that lookups on other threads see atomically.
 *
 * Lifetimes: freeing a runtime or a bundle while another thread still uses it, or using it after
 * it was freed, is the caller's error, as sqlite3_close with pending statements is: the caller
 * makes sure every call with a handle has returned before it frees the handle (the Python
 * binding counts the calls in flight and frees when the last one returns). The library does not
 * make that safe — the fast paths of lookup and format take no lock and count nothing — but it
 * keeps cheap misuses from becoming memory corruption: a second lokale_*_free of a handle does
 * nothing, and a call with a recently freed handle, or with a runtime where a bundle is expected,
 * fails with LOKALE_EINVAL (lokale_last_error says which), because the memory of freed handles is
 * not reused at once. Bundles keep their runtime alive, so freeing the runtime first is fine.
 *
 * If the host is itself a Swift program, link the liblokale.so built without -static-stdlib, so
 * that only one Swift runtime is loaded into the process.
 */
#ifndef LOKALE_H
#define LOKALE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#  define LOKALE_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#  define LOKALE_API __attribute__((visibility("default")))
#else
#  define LOKALE_API
#endif

/* ---------------------------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------------------------- */

/* The one place the library's version is written; everything else derives it. */
#define LOKALE_VERSION_MAJOR 0
#define LOKALE_VERSION_MINOR 1
#define LOKALE_VERSION_PATCH 0

#define LOKALE_VERSION_NUMBER (LOKALE_VERSION_MAJOR * 10000 + LOKALE_VERSION_MINOR * 100 + LOKALE_VERSION_PATCH)
#define LOKALE_QUOTE(x) #x
#define LOKALE_EXPAND_AND_QUOTE(x) LOKALE_QUOTE(x)
/* "MAJOR.MINOR.PATCH" */
#define LOKALE_VERSION_STRING LOKALE_EXPAND_AND_QUOTE(LOKALE_VERSION_MAJOR.LOKALE_VERSION_MINOR.LOKALE_VERSION_PATCH)

/* The library's version, as at run time (compare with the macros to detect a mismatched .so).
 * Static storage. */
LOKALE_API const char *lokale_version(void);
LOKALE_API int lokale_version_number(void);

/* The major version of the compiled-table format this library reads (separate from the library
 * version). */
LOKALE_API int lokale_table_format_version(void);

/* ---------------------------------------------------------------------------------------------
 * Status codes and errors
 * ------------------------------------------------------------------------------------------- */

/* What every function that can fail returns (as an int). */
typedef enum lokale_status {
    LOKALE_OK = 0,
    LOKALE_ERROR = -1,      /* an unexpected failure */
    LOKALE_EINVAL = -2,     /* a bad argument: NULL, a bad length, a malformed value */
    LOKALE_EIO = -3,        /* a file could not be read or mapped */
    LOKALE_ECORRUPT = -4,   /* a compiled table is damaged or not a compiled table */
    LOKALE_EVERSION = -5,   /* a compiled table of an unsupported format version */
    LOKALE_ENOTFOUND = -6,  /* a file that does not exist */
    LOKALE_ETRUNCATED = -7, /* dst was too small; *needed says how large it must be */
    LOKALE_EFORMAT = -8,    /* a format string could not be used */
    LOKALE_ENOMEM = -9,     /* out of memory */
    LOKALE_ESTATE = -10,    /* not possible in the current state (e.g. a second main bundle) */
    LOKALE_ERANGE = -11     /* a number outside what its specifier prints (LOKALE_MESSAGE_STRICT_ARGUMENTS) */
} lokale_status;

/* A message for the last failure on the calling thread; "" when there was none. Never NULL.
 * Valid until the next call into Lokale on the same thread. */
LOKALE_API const char *lokale_last_error(void);

/* A short name for a status code ("LOKALE_EINVAL"). Static storage. Never NULL. */
LOKALE_API const char *lokale_status_name(int status);

/* ---------------------------------------------------------------------------------------------
 * Runtime: the user's preferred languages, the main bundle, the device class
 * ------------------------------------------------------------------------------------------- */

typedef struct lokale_runtime lokale_runtime;

/* What a lookup does when the selected table lacks the key. */
typedef enum lokale_fallback_policy {
    /* Apple's rule: the first localization that has the table answers; a missing key gives the
     * default value, else the key. */
    LOKALE_FALLBACK_APPLE = 0,
    /* Opt-in: look a missing key up through the rest of the ordered localizations first. */
    LOKALE_FALLBACK_CHAIN = 1
} lokale_fallback_policy;

/* Device classes for device-specific variants. */
typedef enum lokale_device {
    LOKALE_DEVICE_IPHONE = 0,
    LOKALE_DEVICE_IPAD = 1,
    LOKALE_DEVICE_IPOD = 2,
    LOKALE_DEVICE_MAC = 3,
    LOKALE_DEVICE_APPLEWATCH = 4,
    LOKALE_DEVICE_APPLETV = 5,
    LOKALE_DEVICE_APPLEVISION = 6,
    LOKALE_DEVICE_OTHER = 7
} lokale_device;

/* How a bundle's localizations are ordered for the preferred languages. */
typedef enum lokale_strategy {
    /* Apple's Bundle.preferredLocalizations, on ICU data (default). */
    LOKALE_STRATEGY_APPLE = 0,
    /* CLDR's LocaleMatcher (ICU's icu::LocaleMatcher). */
    LOKALE_STRATEGY_ICU = 1
} lokale_strategy;

#define LOKALE_RUNTIME_OPTIONS_VERSION 1

typedef struct lokale_runtime_options {
    uint32_t version; /* LOKALE_RUNTIME_OPTIONS_VERSION */
    /* The user's preferred languages, most preferred first (BCP 47 or POSIX spellings). NULL
     * reads them from LANGUAGE, LC_ALL, LC_MESSAGES and LANG. Copied; need not outlive the call. */
    const char *const *preferred_languages;
    size_t preferred_count;
    int fallback_policy; /* a lokale_fallback_policy */
    int device;          /* a lokale_device; LOKALE_DEVICE_MAC by default */
    int strategy;        /* a lokale_strategy; LOKALE_STRATEGY_APPLE by default */
    /* Where the in-app language (lokale_runtime_set_language) is kept. NULL:
     * $XDG_CONFIG_HOME/lokale/<main bundle identifier>.language (or ~/.config/...), read when the
     * main bundle is opened; "": not persisted; otherwise a file path. Copied. */
    const char *settings_path;
} lokale_runtime_options;

/* Fills *options with the defaults (and the current version). */
LOKALE_API int lokale_runtime_options_init(lokale_runtime_options *options);

/* Creates a runtime. options may be NULL (all defaults). Free with lokale_runtime_free. */
LOKALE_API int lokale_runtime_new(lokale_runtime **out, const lokale_runtime_options *options);

/* Releases the caller's reference. Bundles opened from the runtime keep it alive, so bundles and
 * runtime may be freed in any order: the bundles stay fully usable (lookups on other threads may
 * go on meanwhile), and their reloads still run the runtime's callbacks — but not the ones
 * registered through this handle, which are removed here (they receive the handle). NULL does
 * nothing.
 * Every call with this runtime must have returned, on every thread, before it is freed; the
 * handle is invalid afterwards (see "Lifetimes" above: a second free is ignored, with
 * lokale_last_error saying so, and a later call fails with LOKALE_EINVAL). */
LOKALE_API void lokale_runtime_free(lokale_runtime *runtime);

/* Replaces the preferred languages (count entries; languages == NULL with count == 0 rereads the
 * environment). Malformed identifiers are skipped. Every bundle of the runtime follows at once. */
LOKALE_API int lokale_runtime_set_preferred_languages(lokale_runtime *runtime,
                                                      const char *const *languages, size_t count);

/* The preferred languages, comma-separated, into dst (see "Formatted results" above). */
LOKALE_API int lokale_runtime_preferred_languages(char *dst, size_t capacity, size_t *needed,
                                                  const lokale_runtime *runtime);

LOKALE_API int lokale_runtime_set_device(lokale_runtime *runtime, int device);
LOKALE_API int lokale_runtime_set_fallback_policy(lokale_runtime *runtime, int policy);

/* The in-app language (Localize-Swift's feature): language comes before the user's preferences
 * for every bundle of the runtime, framework bundles included, from the next lookup on. NULL
 * returns to the system preferences. The choice is persisted as options.settings_path says and
 * restored at the next start. A malformed identifier gives LOKALE_EINVAL and changes nothing.
 * When the choice applies but cannot be stored, LOKALE_EIO says why (the change stays in effect).
 * The change callbacks run before this returns. */
LOKALE_API int lokale_runtime_set_language(lokale_runtime *runtime, const char *language);

/* The in-app language into dst; "" when the system preferences apply. */
LOKALE_API int lokale_runtime_language(char *dst, size_t capacity, size_t *needed,
                                       const lokale_runtime *runtime);

/* The file the in-app language is kept in, into dst: options.settings_path as given, or for the
 * default location the file it resolves to once the main bundle is open
 * ($XDG_CONFIG_HOME/lokale/<main bundle identifier>.language); "" when the choice is not kept
 * (options.settings_path ""), or not yet (no main bundle open, no home folder to keep it in). */
LOKALE_API int lokale_runtime_settings_path(char *dst, size_t capacity, size_t *needed,
                                            const lokale_runtime *runtime);

/* Called after the languages change (lokale_runtime_set_language,
 * lokale_runtime_set_preferred_languages), on the thread that changed them, with no lock held:
 * a callback may look messages up and reload its UI. */
typedef void (*lokale_change_callback)(void *payload, lokale_runtime *runtime);

/* Registers callback with payload; *out_id identifies it for removal (may be NULL). */
LOKALE_API int lokale_runtime_add_callback(uint64_t *out_id, lokale_runtime *runtime,
                                           lokale_change_callback callback, void *payload);
/* LOKALE_ENOTFOUND when no callback has that id. */
LOKALE_API int lokale_runtime_remove_callback(lokale_runtime *runtime, uint64_t id);

/* Problems the runtime noticed and worked around, one per line: malformed preferred languages
 * that were skipped, a settings file that could not be read or written. "" when none. */
LOKALE_API int lokale_runtime_diagnostics(char *dst, size_t capacity, size_t *needed,
                                          const lokale_runtime *runtime);

/* The display name of a language for a language picker, from ICU: in display_language, or in the
 * language itself when display_language is NULL ("Deutsch"). */
LOKALE_API int lokale_language_display_name(char *dst, size_t capacity, size_t *needed,
                                            const char *language, const char *display_language);

/* ---------------------------------------------------------------------------------------------
 * Languages of a request: per-call preferences (servers)
 * ------------------------------------------------------------------------------------------- */

typedef struct lokale_languages lokale_languages;

/* An ordered list of preferred languages (a request's) for the calls whose message carries it
 * (lokale_message.languages), in place of the runtime's preferred languages and in-app language,
 * which stay untouched. Such a call answers exactly what a runtime with these preferred languages
 * and no in-app language would: each bundle's ordered localizations, framework bundles following
 * the main bundle under the same list, the development localization last. Malformed identifiers
 * are skipped (a list of nothing else gives the development localization). Copied; need not
 * outlive the call.
 *
 * Each bundle computes its localizations for a list once and keeps them: equal lists share that
 * work (the runtime remembers the last LOKALE_LANGUAGES_REMEMBERED distinct lists, and each bundle
 * keeps the choices and lookup plans of about as many lists last used), so a repeated list costs
 * about a plain lookup. Memory stays bounded however many distinct lists come: a list evicted
 * from those caches is negotiated again when it returns (microseconds, once). Any number of threads may use one lokale_languages at once. Free with
 * lokale_languages_free once every call using it has returned; the runtime may be freed first. */
LOKALE_API int lokale_languages_new(lokale_languages **out, lokale_runtime *runtime,
                                    const char *const *languages, size_t count);

#define LOKALE_LANGUAGES_REMEMBERED 1024

/* lokale_languages_new with the languages of an HTTP Accept-Language header, as
 * lokale_parse_accept_language reads it (a header with none gives the development localization). */
LOKALE_API int lokale_languages_from_accept_language(lokale_languages **out, lokale_runtime *runtime,
                                                     const char *header, ptrdiff_t header_len);

/* The languages as used (malformed ones skipped), comma-separated, into dst (see "Formatted
 * results"). */
LOKALE_API int lokale_languages_list(char *dst, size_t capacity, size_t *needed,
                                     const lokale_languages *languages);

/* NULL does nothing. Every call using it must have returned (see "Lifetimes"). */
LOKALE_API void lokale_languages_free(lokale_languages *languages);

/* The language ranges of an HTTP Accept-Language header (RFC 9110, section 12.5.4), most
 * preferred first: by q-value, equal q-values in the header's order. Left out: ranges with q=0,
 * the wildcard "*" (it names no language), repeated ranges (the first counts), and malformed
 * elements (a bad range, a bad q-value, an unknown parameter), which are skipped without failing
 * the rest. Repeats are compared without case; the first occurrence's q-value and position count
 * ("en;q=0, en" gives nothing). At most the first 64 distinct ranges are read; later ones are
 * ignored. Written comma-separated into dst (see "Formatted results"; a truncated result holds
 * whole ranges only, and the result is never longer than the header, so header_len + 1 bytes
 * always suffice); *count (may be NULL) receives how many. A header of nothing usable gives "" and
 * 0. header_len: bytes, or -1 when NUL-terminated; headers longer than 64 KiB are LOKALE_EINVAL.
 * A pure function: lokale_last_error is not set. */
LOKALE_API int lokale_parse_accept_language(char *dst, size_t capacity, size_t *needed, size_t *count,
                                            const char *header, ptrdiff_t header_len);

/* ---------------------------------------------------------------------------------------------
 * Bundles
 * ------------------------------------------------------------------------------------------- */

typedef struct lokale_bundle lokale_bundle;

/* Flags for lokale_bundle_open. */
#define LOKALE_OPEN_MAIN 1u   /* the application's bundle; others follow its language */
#define LOKALE_OPEN_VERIFY 2u /* also verify the payload checksum (reads the whole file) */
#define LOKALE_OPEN_COPY 4u   /* read the whole file into memory, whatever its size */
#define LOKALE_OPEN_MAP 8u    /* map the file, whatever its size */

/* Opens the compiled bundle at path (a NUL-terminated path). The header and section bounds are
 * validated in time independent of the number of messages. At most one bundle of a runtime may be
 * opened with LOKALE_OPEN_MAIN (LOKALE_ESTATE otherwise). Free with lokale_bundle_free.
 *
 * Files up to 1 MiB are read into memory; larger ones are mapped (LOKALE_OPEN_COPY and
 * LOKALE_OPEN_MAP choose). A copy is immune to writers that modify the file in place. A mapped file
 * truncated in place by another program makes its readers fault (SIGBUS), as with any mapping;
 * replace files by renaming a new one over them, as `lokale compile` does. */
LOKALE_API int lokale_bundle_open(lokale_bundle **out, lokale_runtime *runtime, const char *path,
                                  uint32_t flags);

/* Opens a compiled bundle held in memory: size bytes at data, typically a table embedded in the
 * program by `lokale compile --emit-c-source` (docs/C.md, "Embedded tables"). It is validated
 * exactly as lokale_bundle_open validates a file (header, checksum of the header, section bounds;
 * LOKALE_OPEN_VERIFY also verifies the payload checksum, reading every byte), and every later
 * read is bounds-checked, so bytes that are not a table give LOKALE_ECORRUPT (LOKALE_EVERSION for
 * another format version) and never a crash. LOKALE_OPEN_MAIN as for lokale_bundle_open.
 *
 * data is borrowed: it must stay valid and unchanged until lokale_bundle_free (a static array
 * does; nothing is copied or allocated for the table). LOKALE_OPEN_COPY copies the bytes instead,
 * so data may be freed as soon as this returns. Bytes not aligned to 8 are copied too (the
 * format aligns its sections; a mapped file is page-aligned). LOKALE_OPEN_MAP is LOKALE_EINVAL.
 * data NULL or size larger than 4 GiB is LOKALE_EINVAL; lokale_last_error says why.
 *
 * Such a bundle has no file: lokale_bundle_reload fails with LOKALE_ESTATE, and
 * lokale_bundle_explain says that hot reload is unavailable for it. */
LOKALE_API int lokale_bundle_open_memory(lokale_bundle **out, lokale_runtime *runtime, const void *data,
                                         size_t size, uint32_t flags);

/* Flags for lokale_bundle_reload. */
#define LOKALE_RELOAD_FORCE 1u  /* reload even if the file looks unchanged */
#define LOKALE_RELOAD_VERIFY 2u /* also verify the new file's payload checksum */

/* Loads the bundle's file again if it changed since it was loaded (another file renamed over it,
 * or another size or modification time), or always with LOKALE_RELOAD_FORCE; the same loading
 * flags as at open apply. *reloaded (may be NULL) is 1 when a new version was loaded, else 0.
 *
 * Safe while other threads look messages up in the bundle: each lookup finishes on the version it
 * started with. Every pointer the bundle lent before a reload stays valid until lokale_bundle_free,
 * because earlier versions are kept until then (a reload costs the memory of one version). After
 * a reload the runtime's change callbacks run, as after a language change. On error (the file is
 * missing, corrupt, of another format version) the bundle keeps the version it had. A bundle
 * opened with lokale_bundle_open_memory has no file: LOKALE_ESTATE. */
LOKALE_API int lokale_bundle_reload(int *reloaded, lokale_bundle *bundle, uint32_t flags);

/* Closes the bundle. Every pointer it lent becomes invalid. NULL does nothing.
 * Every call with this bundle must have returned, on every thread, before it is freed: a lookup
 * or a format still running elsewhere may read freed memory (see "Lifetimes" above; a second
 * free is ignored, with lokale_last_error saying so, and a later call fails with LOKALE_EINVAL).
 * Freeing the main bundle makes the runtime's other bundles choose their languages themselves
 * again. */
LOKALE_API void lokale_bundle_free(lokale_bundle *bundle);

/* The bundle identifier (CFBundleIdentifier; "" when it has none). Borrowed, NUL-terminated,
 * valid until lokale_bundle_free. */
LOKALE_API int lokale_bundle_identifier(const char **out, const lokale_bundle *bundle);

/* The development localization (CFBundleDevelopmentRegion). Borrowed, NUL-terminated, valid until
 * lokale_bundle_free. */
LOKALE_API int lokale_bundle_development_localization(const char **out, const lokale_bundle *bundle);

/* All localizations of the bundle, as the bundle spells them ("Base" included when present).
 * *out is an array of *count NUL-terminated strings; array and strings are borrowed and valid
 * until lokale_bundle_free. */
LOKALE_API int lokale_bundle_localizations(const char *const **out, size_t *count,
                                           const lokale_bundle *bundle);

/* The bundle's ordered localizations for the runtime's current languages (Apple's
 * preferredLocalizations followed by the fallbacks, ending with the development localization),
 * comma-separated into dst. */
LOKALE_API int lokale_bundle_preferred_localizations(char *dst, size_t capacity, size_t *needed,
                                                     const lokale_bundle *bundle);

/* ---------------------------------------------------------------------------------------------
 * Messages
 * ------------------------------------------------------------------------------------------- */

/* Version 2 added `locale`, version 3 `flags`, version 4 `languages`. Structs of earlier versions
 * are still accepted (their locale and languages are NULL, their flags 0). */
#define LOKALE_MESSAGE_VERSION 4

/* Flags of a message (lokale_message.flags). */
/* lokale_bundle_format fails instead of printing an argument that does not fit its specifier:
 * LOKALE_EINVAL for text that is not a number (or NaN) given to a numeric specifier or a plural
 * (numeric text, "3" or "1.0", is a number); LOKALE_ERANGE for a number outside what the
 * specifier prints: above INT64_MAX for %d %i %lld, a negative for %u %lu %llu, an infinity or a
 * double or numeric text beyond 64-bit integers for an integer specifier (%hd %hhd truncate and
 * %x %o print the bits, as in C: not refused). lokale_last_error names the argument and the
 * specifier. Without the flag such an argument is printed as well as it can be and reported by
 * lokale_bundle_format_problems. The other functions ignore the flag. */
#define LOKALE_MESSAGE_STRICT_ARGUMENTS 1u

/* A message reference: what to look up, and what to show when the lookup fails. It can be kept
 * and resolved later (Apple's LocalizedStringResource); Lokale copies nothing out of it. */
typedef struct lokale_message {
    uint32_t version;          /* LOKALE_MESSAGE_VERSION */
    const char *key;           /* required */
    ptrdiff_t key_len;         /* bytes, or -1 when NUL-terminated */
    const char *table;         /* NULL: "Localizable" */
    ptrdiff_t table_len;
    const char *default_value; /* NULL or empty: the key is the fallback */
    ptrdiff_t default_len;
    const char *comment;       /* for translators and extraction; not used at run time */
    ptrdiff_t comment_len;
    /* How numbers are written (digits, separators), as Apple's `locale:` parameter: it never
     * changes which translation is looked up. NULL: the localization that served the message. */
    const char *locale;
    ptrdiff_t locale_len;
    uint32_t flags; /* LOKALE_MESSAGE_* flags; 0 by default */
    /* The preferred languages to answer in (a request's); NULL: the runtime's. Borrowed for the
     * call. See lokale_languages_new. */
    const lokale_languages *languages;
} lokale_message;

/* A message with NUL-terminated key, table (may be NULL) and default value (may be NULL). */
static inline lokale_message lokale_message_make(const char *key, const char *table,
                                                 const char *default_value) {
    lokale_message m;
    m.version = LOKALE_MESSAGE_VERSION;
    m.key = key;
    m.key_len = -1;
    m.table = table;
    m.table_len = -1;
    m.default_value = default_value;
    m.default_len = -1;
    m.comment = NULL;
    m.comment_len = 0;
    m.locale = NULL;
    m.locale_len = 0;
    m.flags = 0;
    m.languages = NULL;
    return m;
}

/* Which row of the fallback contract answered a lookup. */
typedef enum lokale_step {
    LOKALE_STEP_TRANSLATION = 1,      /* a preferred language has the translation */
    LOKALE_STEP_LATER_PREFERENCE = 2, /* the first preference is unavailable; a later one matched */
    LOKALE_STEP_DEVELOPMENT = 3,      /* no preference matched: the development localization */
    LOKALE_STEP_DEFAULT = 4,          /* the lookup failed: the message's default value */
    LOKALE_STEP_KEY = 5               /* the lookup failed and there is no default: the key */
} lokale_step;

/* Looks a message up without formatting it. Allocates nothing.
 *   *out, *out_len: the text. It points either into the bundle's table (NUL-terminated, valid
 *       until lokale_bundle_free, reloads included) or, for LOKALE_STEP_DEFAULT and LOKALE_STEP_KEY, to
 *       message->default_value or message->key themselves (valid as long as the caller keeps
 *       them; NUL-terminated only if the caller's string is).
 *   out_step: may be NULL.
 * A message with device variants yields the runtime's device's variant, else "other"; a plural
 * yields its "other" text unformatted; use lokale_bundle_format to choose a plural variant. */
LOKALE_API int lokale_bundle_lookup(const char **out, size_t *out_len, lokale_step *out_step,
                                    const lokale_bundle *bundle, const lokale_message *message);

/* The text of a plain message, as gettext's dgettext: `key` (NUL-terminated, in the "Localizable"
 * table, no default value) for the runtime's languages, or for `languages` when not NULL (borrowed
 * for the call). The shortest call: for bindings and `_()` macros.
 * Returns the translation (NUL-terminated, pointing into the bundle's table: valid until
 * lokale_bundle_free, reloads included) or, when no localization has the key, `key` itself
 * (LOKALE_STEP_KEY). Returns NULL when the call fails (a NULL or freed bundle, a NULL or too long
 * key, a `languages` that is not a live list, a corrupt table) and when the text
 * holds a NUL byte, which a NUL-terminated string cannot carry (lokale_bundle_lookup reads it
 * whole); lokale_last_error says which. Device variants and plurals as lokale_bundle_lookup. */
LOKALE_API const char *lokale_bundle_text(const lokale_bundle *bundle, const char *key,
                                          const lokale_languages *languages);

/* LOKALE_LOC(bundle, key, default_value, comment): the text of a message written in the code, as
 * a NUL-terminated string; `lokale extract` finds these (with string-literal arguments) and adds
 * them to a String Catalog. default_value and comment may be NULL; the comment is for translators
 * and is not used at run time. LOKALE_LOC_TABLE names a table (NULL: "Localizable").
 * The result is never NULL: on any failure (a NULL bundle, a bad argument) it is default_value,
 * or the key when there is no default. Lifetime: a translation points into the bundle's table
 * and is valid until lokale_bundle_free; otherwise it is default_value or key themselves (string
 * literals: valid for the whole program). No variant is chosen and nothing is formatted: for
 * plurals and arguments use lokale_bundle_format. */
#define LOKALE_LOC(bundle, key, default_value, comment) \
    lokale_loc((bundle), NULL, (key), (default_value), (comment))
#define LOKALE_LOC_TABLE(bundle, table, key, default_value, comment) \
    lokale_loc((bundle), (table), (key), (default_value), (comment))

static inline const char *lokale_loc(const lokale_bundle *bundle, const char *table, const char *key,
                                     const char *default_value, const char *comment) {
    lokale_message m = lokale_message_make(key, table, default_value);
    const char *out = NULL;
    size_t len = 0;
    m.comment = comment;
    m.comment_len = comment ? -1 : 0;
    if (lokale_bundle_lookup(&out, &len, NULL, bundle, &m) == LOKALE_OK && out != NULL) return out;
    return default_value != NULL && default_value[0] != 0 ? default_value : key;
}

/* Argument types for lokale_bundle_format (and, by name, lokale_message_format_format). */
typedef enum lokale_arg_type {
    LOKALE_ARG_INT = 1,    /* value.i */
    LOKALE_ARG_UINT = 2,   /* value.u */
    LOKALE_ARG_DOUBLE = 3, /* value.d */
    /* value.s: text. Given to a numeric specifier it is read as a number ("1.0", "-3"), which keeps
     * the visible fraction digits that plural rules depend on. */
    LOKALE_ARG_STRING = 4,
    /* value.d: a moment, in seconds since 1970-01-01 UTC, for MessageFormat 2's :date, :time and
     * :datetime; only in a lokale_named_arg (lokale_bundle_format refuses it). */
    LOKALE_ARG_TIMESTAMP = 5
} lokale_arg_type;

typedef struct lokale_arg {
    int type; /* a lokale_arg_type */
    union {
        int64_t i;
        uint64_t u;
        double d;
        struct {
            const char *ptr;
            ptrdiff_t len; /* bytes, or -1 when NUL-terminated */
        } s;
    } value;
} lokale_arg;

static inline lokale_arg lokale_arg_int(int64_t v) {
    lokale_arg a; a.type = LOKALE_ARG_INT; a.value.i = v; return a;
}
static inline lokale_arg lokale_arg_uint(uint64_t v) {
    lokale_arg a; a.type = LOKALE_ARG_UINT; a.value.u = v; return a;
}
static inline lokale_arg lokale_arg_double(double v) {
    lokale_arg a; a.type = LOKALE_ARG_DOUBLE; a.value.d = v; return a;
}
static inline lokale_arg lokale_arg_string(const char *s) {
    lokale_arg a; a.type = LOKALE_ARG_STRING; a.value.s.ptr = s; a.value.s.len = -1; return a;
}

/* Looks a message up, chooses its plural and device variants, and formats it with args
 * (%@ %d %i %u %x %X %o %c %s %f %e %g %a with flags, width, precision, length modifiers,
 * positional %1$@, %%, substitutions %#@name@). Formatting never reads an argument that was not
 * passed: a specifier without its argument stays visible in the text. Text always comes out;
 * problems with it (a missing argument, a translation replaced because its format did not match)
 * never fail the call: ask lokale_bundle_format_problems or lokale_bundle_explain for them —
 * except an argument that does not fit its specifier when the message has
 * LOKALE_MESSAGE_STRICT_ARGUMENTS (LOKALE_EINVAL or LOKALE_ERANGE; dst is then not written).
 * Writes into dst as described under "Formatted results". */
LOKALE_API int lokale_bundle_format(char *dst, size_t capacity, size_t *needed,
                                    const lokale_bundle *bundle, const lokale_message *message,
                                    const lokale_arg *args, size_t arg_count);

/* The problems lokale_bundle_format meets with the same message and arguments, one sentence a
 * line ("" when there are none), into dst as described under "Formatted results". Formats again:
 * meant for a caller who checks, a test or a log, not for every call. */
LOKALE_API int lokale_bundle_format_problems(char *dst, size_t capacity, size_t *needed,
                                             const lokale_bundle *bundle, const lokale_message *message,
                                             const lokale_arg *args, size_t arg_count);

/* The text of the variant lokale_bundle_format would choose for args — plural and device
 * variants, the development text for a replaced translation — without formatting it: specifiers,
 * %% and substitution references stay as the catalog wrote them (gettext's ngettext contract).
 * A failed lookup gives the default value, else the key, also unformatted. *out_step (may be
 * NULL) receives the row of the fallback contract. Writes into dst as described under "Formatted
 * results". */
LOKALE_API int lokale_bundle_lookup_variant(char *dst, size_t capacity, size_t *needed, lokale_step *out_step,
                                            const lokale_bundle *bundle, const lokale_message *message,
                                            const lokale_arg *args, size_t arg_count);

/* Explains a lookup as JSON: the bundle, the table, the languages negotiated against, the ordered
 * localizations with the reason for each, which localization's table was read, which served, the
 * step of the fallback contract, the formatted result and any problems; for a bundle opened with
 * lokale_bundle_open_memory also "embedded": true and "hotReload" (why it has none). Writes into
 * dst as described under "Formatted results". */
LOKALE_API int lokale_bundle_explain(char *dst, size_t capacity, size_t *needed,
                                     const lokale_bundle *bundle, const lokale_message *message,
                                     const lokale_arg *args, size_t arg_count);

/* ---------------------------------------------------------------------------------------------
 * Unicode MessageFormat 2 messages given as source (docs/MESSAGEFORMAT.md)
 * ------------------------------------------------------------------------------------------- */

/* An MF2 message, parsed and checked once (lokale_message_format_new), then formatted any number of
 * times, from any thread at once, with named arguments. Immutable; free with
 * lokale_message_format_free. */
typedef struct lokale_message_format lokale_message_format;

/* An argument by name. `name` (UTF-8, `name_len` bytes or -1 when NUL-terminated) and `time_zone`
 * are borrowed for the call. `time_zone`: for LOKALE_ARG_TIMESTAMP, the IANA time zone the moment is
 * shown in ("Europe/Paris"), NUL-terminated; NULL: UTC; ignored for other types. */
typedef struct lokale_named_arg {
    const char *name;
    ptrdiff_t name_len;
    lokale_arg value;
    const char *time_zone;
} lokale_named_arg;

static inline lokale_named_arg lokale_named(const char *name, lokale_arg value) {
    lokale_named_arg a; a.name = name; a.name_len = -1; a.value = value; a.time_zone = NULL; return a;
}
static inline lokale_arg lokale_arg_timestamp(double seconds) {
    lokale_arg a; a.type = LOKALE_ARG_TIMESTAMP; a.value.d = seconds; return a;
}

/* Parses `source` (source_len bytes, or -1 when NUL-terminated) as an MF2 message for `locale` (a
 * BCP 47 tag: numbers, dates and plural selection follow it). On success *out is a new message
 * format. LOKALE_EFORMAT when the message is not well-formed or not valid (a syntax error, a
 * duplicate declaration, a missing `*` variant, …): lokale_last_error says which, with its line and
 * column, and *out is NULL. LOKALE_EINVAL for a NULL or too long source or a malformed locale. */
LOKALE_API int lokale_message_format_new(lokale_message_format **out, const char *source, ptrdiff_t source_len,
                                         const char *locale);

/* Frees a message format. NULL does nothing. */
LOKALE_API void lokale_message_format_free(lokale_message_format *format);

/* Formats the message with `args` (arg_count named arguments; a name given twice: the last one) into
 * dst as described under "Formatted results". Text always comes out: a value that cannot be
 * formatted shows as its fallback ({$name}) and the call still succeeds; ask
 * lokale_message_format_problems why. LOKALE_EINVAL for a NULL format, a NULL args with a count, a
 * nameless argument or an unknown type. */
LOKALE_API int lokale_message_format_format(char *dst, size_t capacity, size_t *needed, const lokale_message_format *format,
                                            const lokale_named_arg *args, size_t arg_count);

/* The errors lokale_message_format_format meets with the same arguments, one a line as
 * "type: explanation" (the types of the MF2 specification: unresolved-variable, bad-operand,
 * bad-option, bad-selector, unknown-function, …), "" when there are none; into dst as described
 * under "Formatted results". */
LOKALE_API int lokale_message_format_problems(char *dst, size_t capacity, size_t *needed, const lokale_message_format *format,
                                              const lokale_named_arg *args, size_t arg_count);

/* ---------------------------------------------------------------------------------------------
 * Formatted parts: a MessageFormat 2 result as pieces, for a UI that renders markup ({#b}, {#link
 * href=…}) or styles values without parsing the text
 * ------------------------------------------------------------------------------------------- */

/* The parts of one format call, owned by the caller: free with lokale_formatted_parts_free. Every
 * pointer it lends (parts, their strings, options and fields) stays valid until that free, from
 * any thread; the object never changes. */
typedef struct lokale_formatted_parts lokale_formatted_parts;

typedef enum lokale_part_kind {
    LOKALE_PART_TEXT = 1,              /* literal text of the pattern: value */
    LOKALE_PART_EXPRESSION = 2,        /* a placeholder's formatted value: value, source, type, locale, dir, id, fields */
    LOKALE_PART_FALLBACK = 3,          /* a placeholder that could not be formatted: value is what the text shows
                                        * ("{$name}"), source the placeholder ("$name") */
    LOKALE_PART_MARKUP_OPEN = 4,       /* {#name …}: name, id, options; value "" */
    LOKALE_PART_MARKUP_CLOSE = 5,      /* {/name …} */
    LOKALE_PART_MARKUP_STANDALONE = 6, /* {#name … /} */
    LOKALE_PART_BIDI_ISOLATION = 7     /* U+2066, U+2067 or U+2068 before a placeholder, U+2069 after it: value */
} lokale_part_kind;

/* An expression part's direction, from its u:dir option. */
typedef enum lokale_part_dir {
    LOKALE_DIR_UNSET = 0,
    LOKALE_DIR_LTR = 1,
    LOKALE_DIR_RTL = 2,
    LOKALE_DIR_AUTO = 3
} lokale_part_dir;

/* A name and a value: a markup option (name=value, as text), or a number's field (its type:
 * "integer", "group", "decimal", "fraction", "minusSign", "currency", "percentSign", "literal", …,
 * and its text). */
typedef struct lokale_name_value {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
} lokale_name_value;

/* One part. Strings are UTF-8, NUL-terminated, with their length; "" (never NULL) where a kind has
 * none, except id. The values of all parts, in order, concatenate to the formatted text. Read it
 * through a pointer from lokale_formatted_parts_get: later versions may add fields at its end. */
typedef struct lokale_part {
    int kind;                  /* a lokale_part_kind */
    int dir;                   /* expression: a lokale_part_dir */
    const char *value;         /* what the part adds to the text ("" for markup) */
    size_t value_len;
    const char *source;        /* expression, fallback: the placeholder as the source has it ("$count", "|lit|", ":fn") */
    size_t source_len;
    const char *name;          /* markup: its name ("b", "link"); expression: the value's type ("number", "string", "datetime") */
    size_t name_len;
    const char *locale;        /* expression: the locale it was formatted in */
    size_t locale_len;
    const char *id;            /* its u:id, NULL when it has none */
    size_t id_len;
    const lokale_name_value *options; /* markup: its options but u:id, sorted by name (NULL when none) */
    size_t option_count;
    const lokale_name_value *fields;  /* expression of a number: its fields, in order (NULL when none) */
    size_t field_count;
} lokale_part;

/* Formats the message as lokale_message_format_format does, into parts: on success *out is a new
 * parts object (free with lokale_formatted_parts_free). Text always comes out, as there; the
 * problems are in lokale_formatted_parts_problems. LOKALE_EINVAL for a NULL out or format and the
 * bad arguments lokale_message_format_format refuses (*out is then NULL). */
LOKALE_API int lokale_message_format_format_to_parts(lokale_formatted_parts **out, const lokale_message_format *format,
                                                     const lokale_named_arg *args, size_t arg_count);

/* The number of parts; 0 for NULL or a freed object. */
LOKALE_API size_t lokale_formatted_parts_count(const lokale_formatted_parts *parts);

/* *out: part `index` (0 ≤ index < count), borrowed until lokale_formatted_parts_free.
 * LOKALE_EINVAL for NULL arguments or an index past the end (*out is then NULL). */
LOKALE_API int lokale_formatted_parts_get(const lokale_part **out, const lokale_formatted_parts *parts, size_t index);

/* *out, *out_len (may be NULL): the whole formatted text (NUL-terminated), borrowed until
 * lokale_formatted_parts_free. */
LOKALE_API int lokale_formatted_parts_text(const char **out, size_t *out_len, const lokale_formatted_parts *parts);

/* *out, *out_len (may be NULL): the problems met, one a line as lokale_message_format_problems
 * gives them ("" when none), borrowed until lokale_formatted_parts_free. */
LOKALE_API int lokale_formatted_parts_problems(const char **out, size_t *out_len, const lokale_formatted_parts *parts);

/* Frees a parts object and everything it lent. NULL does nothing. */
LOKALE_API void lokale_formatted_parts_free(lokale_formatted_parts *parts);

/* ---------------------------------------------------------------------------------------------
 * MessageFormat 2 messages from catalogs (.mf2.json resources, .po entries flagged mf2-format,
 * Flutter ARB files formatted as ICU formats them, Android styled strings' markup)
 * ------------------------------------------------------------------------------------------- */

/* Looks the message up under the fallback contract, exactly as lokale_bundle_format does, and
 * formats it with named arguments: a MessageFormat 2 message selects its variant and formats its
 * placeholders in the localization that served it (or message->locale); any other message is
 * written as lokale_bundle_format writes it without arguments (a plain text as it is; a format's
 * specifiers stay visible, its %% is one %). A failed lookup formats the default value, else the
 * key, as MF2 source (as gettext shows its msgid). Text always comes out: ask
 * lokale_bundle_format_named_problems what went wrong. Writes into dst as described under
 * "Formatted results". LOKALE_EINVAL for a NULL bundle or message, a NULL args with a count, a
 * nameless argument or an unknown type. The common case (a message of :string, :integer and
 * :number placeholders and selectors) allocates nothing. */
LOKALE_API int lokale_bundle_format_named(char *dst, size_t capacity, size_t *needed,
                                          const lokale_bundle *bundle, const lokale_message *message,
                                          const lokale_named_arg *args, size_t arg_count);

/* The errors lokale_bundle_format_named meets with the same message and arguments, one a line as
 * "type: explanation" (unresolved-variable, bad-operand, …), "" when there are none; into dst as
 * described under "Formatted results". */
LOKALE_API int lokale_bundle_format_named_problems(char *dst, size_t capacity, size_t *needed,
                                                   const lokale_bundle *bundle, const lokale_message *message,
                                                   const lokale_named_arg *args, size_t arg_count);

/* lokale_bundle_explain with named arguments: the JSON also has "selection" for a MessageFormat 2
 * message with .match (per selector the keys its value matched, best first; the variant chosen
 * and its keys). */
LOKALE_API int lokale_bundle_explain_named(char *dst, size_t capacity, size_t *needed,
                                           const lokale_bundle *bundle, const lokale_message *message,
                                           const lokale_named_arg *args, size_t arg_count);

/* lokale_bundle_format_named into parts (see "Formatted parts"), for a UI that renders an MF2
 * catalog message's markup or styles its values: on success *out is a new parts object (free with
 * lokale_formatted_parts_free) whose text is what lokale_bundle_format_named writes and whose
 * problems are lokale_bundle_format_named_problems'; a message that is not MF2 is one text part.
 * LOKALE_EINVAL for a NULL out and what lokale_bundle_format_named refuses (*out is then NULL). */
LOKALE_API int lokale_bundle_format_named_to_parts(lokale_formatted_parts **out, const lokale_bundle *bundle,
                                                   const lokale_message *message, const lokale_named_arg *args,
                                                   size_t arg_count);

#ifdef __cplusplus
}
#endif

#endif /* LOKALE_H */
