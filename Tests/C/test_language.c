/* The in-app language, settings files, preferred-language diagnostics, display names. */
#include "check.h"

/* The in-app language: switching, callbacks, persistence, restoration, bad settings files. */
struct change_log {
    int calls;
    char seen[64];
    lokale_bundle *panel;
};

static void on_change(void *payload, lokale_runtime *runtime) {
    struct change_log *log = payload;
    log->calls++;
    size_t needed;
    lokale_runtime_language(log->seen, sizeof log->seen, &needed, runtime);
    /* A callback may look messages up: the new language is already in effect. */
    if (log->panel) {
        lokale_message m = lokale_message_make("panel.ready", NULL, "Panel ready");
        const char *s;
        size_t n;
        if (lokale_bundle_lookup(&s, &n, NULL, log->panel, &m) == LOKALE_OK) snprintf(log->seen, sizeof log->seen, "%s", s);
    }
}

static int write_file(const char *file, const char *contents) {
    FILE *f = fopen(file, "wb");
    if (!f) return 0;
    fputs(contents, f);
    fclose(f);
    return 1;
}

static void read_file(const char *file, char *out, size_t cap) {
    out[0] = 0;
    FILE *f = fopen(file, "rb");
    if (!f) return;
    size_t n = fread(out, 1, cap - 1, f);
    out[n] = 0;
    fclose(f);
}

void test_in_app_language(void) {
    char settings[2048];
    snprintf(settings, sizeof settings, "%s", path(tests, "app.language"));
    remove(settings);
    const char *en[] = {"en-US"};
    lokale_runtime_options o;
    lokale_runtime_options_init(&o);
    o.preferred_languages = en;
    o.preferred_count = 1;
    o.settings_path = settings;
    lokale_runtime *rt = NULL;
    CHECK(lokale_runtime_new(&rt, &o) == LOKALE_OK);
    lokale_bundle *app = NULL, *panel = NULL;
    CHECK(lokale_bundle_open(&app, rt, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_bundle_open(&panel, rt, path(examples, "PanelKit.lokale"), 0) == LOKALE_OK);
    char buf[2048];
    size_t needed;
    CHECK(lokale_runtime_language(buf, sizeof buf, &needed, rt) == LOKALE_OK && buf[0] == 0);

    struct change_log log = {0, "", panel};
    uint64_t id = 0;
    CHECK(lokale_runtime_add_callback(&id, rt, on_change, &log) == LOKALE_OK && id != 0);
    CHECK(lokale_runtime_add_callback(NULL, rt, NULL, NULL) == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_language(rt, "de") == LOKALE_OK);
    CHECK(log.calls == 1);
    CHECK_STR(log.seen, "Panel bereit"); /* the framework followed, before the callback ran */
    CHECK_STR(fmt(app, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");
    CHECK(lokale_runtime_language(buf, sizeof buf, &needed, rt) == LOKALE_OK);
    CHECK_STR(buf, "de");
    read_file(settings, buf, sizeof buf);
    CHECK_STR(buf, "lokale-settings 1\nlanguage=de\n");
    /* A malformed language changes nothing. */
    CHECK(lokale_runtime_set_language(rt, "en--US") == LOKALE_EINVAL);
    CHECK(lokale_runtime_set_language(rt, "C.UTF-8@euro") == LOKALE_EINVAL);
    CHECK(log.calls == 1);
    CHECK_STR(fmt(app, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");

    /* Restored by the next runtime that opens this main bundle. */
    lokale_runtime *next = NULL;
    CHECK(lokale_runtime_new(&next, &o) == LOKALE_OK);
    lokale_bundle *app2 = NULL;
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* Reset: back to the system preferences, and the stored choice is removed. */
    CHECK(lokale_runtime_set_language(rt, NULL) == LOKALE_OK);
    CHECK(log.calls == 2);
    CHECK_STR(log.seen, "Panel ready");
    FILE *gone = fopen(settings, "rb");
    CHECK(gone == NULL);
    if (gone) fclose(gone);
    CHECK(lokale_runtime_remove_callback(rt, id) == LOKALE_OK);
    CHECK(lokale_runtime_remove_callback(rt, id) == LOKALE_ENOTFOUND);
    CHECK(lokale_runtime_set_language(rt, "fr") == LOKALE_OK);
    CHECK(log.calls == 2);

    /* A corrupt settings file: defaults are used, the problem is reported, the file is kept. */
    CHECK(write_file(settings, "garbage\n\x01\x02"));
    CHECK(lokale_runtime_new(&next, &o) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "Workspace");
    CHECK(lokale_runtime_diagnostics(buf, sizeof buf, &needed, next) == LOKALE_OK);
    CHECK(strstr(buf, "app.language") != NULL);
    read_file(settings, buf, sizeof buf);
    CHECK(strncmp(buf, "garbage", 7) == 0);
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* An unwritable location: the change applies, the error says why. */
    lokale_runtime_options bad = o;
    bad.settings_path = "/proc/lokale-cannot-write-here/app.language";
    CHECK(lokale_runtime_new(&next, &bad) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK(lokale_runtime_set_language(next, "ja") == LOKALE_EIO);
    CHECK(strstr(lokale_last_error(), "/proc/lokale-cannot-write-here") != NULL);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "ワークスペース");
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* Malformed preferred languages are skipped with a diagnostic. */
    const char *odd[] = {"", "-", "en--US", "\xc3\xa9t\xc3\xa9", "C.UTF-8@euro", "de"};
    lokale_runtime_options skip;
    lokale_runtime_options_init(&skip);
    skip.preferred_languages = odd;
    skip.preferred_count = 6;
    skip.settings_path = "";
    CHECK(lokale_runtime_new(&next, &skip) == LOKALE_OK);
    CHECK(lokale_bundle_open(&app2, next, path(examples, "DesktopApp.lokale"), LOKALE_OPEN_MAIN) == LOKALE_OK);
    CHECK_STR(fmt(app2, "workspace.title", NULL, "Workspace", NULL, 0), "Arbeitsbereich");
    CHECK(lokale_runtime_diagnostics(buf, sizeof buf, &needed, next) == LOKALE_OK);
    CHECK(strstr(buf, "en--US") != NULL);
    lokale_bundle_free(app2);
    lokale_runtime_free(next);

    /* Names for a language picker. */
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "de", NULL) == LOKALE_OK);
    CHECK_STR(buf, "Deutsch");
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "de", "fr") == LOKALE_OK);
    CHECK_STR(buf, "allemand");
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "ja", "en") == LOKALE_OK);
    CHECK_STR(buf, "Japanese");
    CHECK(lokale_language_display_name(buf, sizeof buf, &needed, "en--x", NULL) == LOKALE_EINVAL);

    remove(settings);
    lokale_bundle_free(panel);
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
}
