/*
 * The seeds' desktop window, rendered as text: the app-owned "Workspace" heading, the
 * framework-owned "Panel ready" label (PanelKit, its own bundle) and the item-count summary with
 * "Sample Set" — for several preference lists, with the row of the decision table that answered.
 *
 * usage: window DIR   (DIR holds DesktopApp.lokale, DesktopAppMixed.lokale, PanelKit.lokale)
 */
#include <lokale.h>

#include <stdio.h>
#include <string.h>

static const char *row(lokale_step step) {
    switch (step) {
    case LOKALE_STEP_TRANSLATION: return "a preferred language has the translation";
    case LOKALE_STEP_LATER_PREFERENCE: return "first preference unavailable, a later one matches";
    case LOKALE_STEP_DEVELOPMENT: return "no preference matches: development localization";
    case LOKALE_STEP_DEFAULT: return "lookup failed: explicit default value";
    case LOKALE_STEP_KEY: return "no default value: the key";
    }
    return "?";
}

static int failures;

/* Shows one label: the formatted text and the decision-table row of its lookup. */
static void label(const lokale_bundle *bundle, lokale_message m, const lokale_arg *args, size_t n) {
    char text[256];
    size_t needed;
    const char *raw;
    size_t raw_len;
    lokale_step step = 0;
    int rc = lokale_bundle_format(text, sizeof text, &needed, bundle, &m, args, n);
    if (rc == LOKALE_OK) rc = lokale_bundle_lookup(&raw, &raw_len, &step, bundle, &m);
    if (rc != LOKALE_OK) {
        printf("  | <error: %s>\n", lokale_last_error());
        failures++;
        return;
    }
    printf("  | %-28s  <- %-18s %s\n", text, m.key, row(step));
}

static void window(const char *title, const char *dir, const char *app_file, const char *const *langs, size_t n,
                   int probe) {
    char path[1024];
    lokale_runtime_options options;
    lokale_runtime_options_init(&options);
    options.preferred_languages = langs;
    options.preferred_count = n;
    lokale_runtime *rt = NULL;
    lokale_bundle *app = NULL, *panel = NULL;
    if (lokale_runtime_new(&rt, &options) != LOKALE_OK) { failures++; return; }
    snprintf(path, sizeof path, "%s/%s", dir, app_file);
    if (lokale_bundle_open(&app, rt, path, LOKALE_OPEN_MAIN) != LOKALE_OK) {
        fprintf(stderr, "window: %s\n", lokale_last_error());
        failures++;
        lokale_runtime_free(rt);
        return;
    }
    snprintf(path, sizeof path, "%s/PanelKit.lokale", dir);
    if (lokale_bundle_open(&panel, rt, path, 0) != LOKALE_OK) {
        fprintf(stderr, "window: %s\n", lokale_last_error());
        failures++;
        lokale_bundle_free(app);
        lokale_runtime_free(rt);
        return;
    }
    char prefs[128], app_list[128], panel_list[128];
    size_t needed;
    lokale_runtime_preferred_languages(prefs, sizeof prefs, &needed, rt);
    lokale_bundle_preferred_localizations(app_list, sizeof app_list, &needed, app);
    lokale_bundle_preferred_localizations(panel_list, sizeof panel_list, &needed, panel);
    printf("%s\n  preferences: %s   app: %s   PanelKit: %s\n", title, prefs[0] ? prefs : "(none)", app_list, panel_list);
    printf("  +------------------------------\n");
    label(app, lokale_message_make("workspace.title", NULL, "Workspace"), NULL, 0);
    label(panel, lokale_message_make(probe ? "panel.ready.probe" : "panel.ready", NULL, probe == 2 ? NULL : "Panel ready"), NULL, 0);
    lokale_arg count = lokale_arg_int(probe ? 0 : 2);
    label(app, lokale_message_make("summary.item-count", NULL, "%lld items"), &count, 1);
    lokale_arg set = lokale_arg_string("Sample Set");
    label(app, lokale_message_make("Collection: %@", NULL, NULL), &set, 1);
    printf("  | %-28s  <- verbatim, never looked up\n", "Sample Set");
    printf("  +------------------------------\n\n");
    lokale_bundle_free(panel);
    lokale_bundle_free(app);
    lokale_runtime_free(rt);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    const char *en[] = {"en-US"}, *de[] = {"de-DE"}, *it_fr[] = {"it", "fr-CA"}, *it[] = {"it"},
               *ja[] = {"ja-JP"}, *es[] = {"es-MX"}, *pt[] = {"pt-PT", "en"};
    printf("Lokale %s — the seeds' window in several languages\n\n", lokale_version());
    window("1. English user", dir, "DesktopApp.lokale", en, 1, 0);
    window("2. German user", dir, "DesktopApp.lokale", de, 1, 0);
    window("3. Italian, then French: Italian is unavailable, French matches", dir, "DesktopApp.lokale", it_fr, 2, 0);
    window("4. Italian only: no preference matches", dir, "DesktopApp.lokale", it, 1, 0);
    window("5. Japanese: the app has it, PanelKit does not (its development localization)", dir, "DesktopApp.lokale", ja, 1, 0);
    window("6. Portuguese: the framework follows the app's language", dir, "DesktopApp.lokale", pt, 2, 0);
    window("7. Missing message: panel.ready.probe with its default value", dir, "DesktopApp.lokale", de, 1, 1);
    window("8. Missing message without a default value: the key shows", dir, "DesktopApp.lokale", de, 1, 2);
    window("9. Spanish, mixed localizations off: PanelKit follows the app (English)", dir, "DesktopApp.lokale", es, 1, 0);
    window("10. Spanish, the app allows mixed localizations: PanelKit shows its Spanish", dir, "DesktopAppMixed.lokale", es, 1, 0);
    return failures == 0 ? 0 : 1;
}
